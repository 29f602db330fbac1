"""French word tables: months, days, units, currencies, scales, abbreviations, signs."""

from __future__ import annotations

from narrate.text.readings.shared.language import Currency, Noun, Words

MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
          "novembre", "décembre")
_MONTH_FORMS = {name: index + 1 for index, name in enumerate(MONTHS)}
_MONTH_FORMS.update({"fevrier": 2, "aout": 8, "janv": 1, "févr": 2, "fevr": 2, "avr": 4, "juil": 7, "sept": 9,
                     "oct": 10, "nov": 11, "déc": 12, "dec": 12})
_DAYS = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
_WEEKDAYS = {day: day for day in _DAYS} | {"lun": "lundi", "mar": "mardi", "mer": "mercredi", "jeu": "jeudi",
                                           "ven": "vendredi", "sam": "samedi", "dim": "dimanche"}


def _s(one: str, feminine: bool = False) -> Noun:
    return Noun(one, one + "s", feminine)


def _same(word: str, feminine: bool = False) -> Noun:
    return Noun(word, word, feminine)


UNITS = {
    "Kio": _s("kibioctet"), "Mio": _s("mébioctet"), "Gio": _s("gibioctet"), "Tio": _s("tébioctet"),
    "KiB": _s("kibioctet"), "MiB": _s("mébioctet"), "GiB": _s("gibioctet"), "GB": _s("gigaoctet"), "MB": _s("mégaoctet"),
    "m": _s("mètre"), "km": _s("kilomètre"), "cm": _s("centimètre"), "mm": _s("millimètre"),
    "µm": _s("micromètre"), "μm": _s("micromètre"), "nm": _s("nanomètre"),
    "m²": Noun("mètre carré", "mètres carrés"), "km²": Noun("kilomètre carré", "kilomètres carrés"),
    "cm²": Noun("centimètre carré", "centimètres carrés"), "m³": Noun("mètre cube", "mètres cubes"),
    "cm³": Noun("centimètre cube", "centimètres cubes"), "ha": _s("hectare"),
    "kg": _s("kilogramme"), "g": _s("gramme"), "mg": _s("milligramme"), "µg": _s("microgramme"),
    "t": _s("tonne", True), "l": _s("litre"), "L": _s("litre"), "ml": _s("millilitre"), "cl": _s("centilitre"),
    "dl": _s("décilitre"), "hl": _s("hectolitre"),
    "h": _s("heure", True), "min": _s("minute", True), "s": _s("seconde", True), "ms": _s("milliseconde", True),
    "°C": Noun("degré Celsius", "degrés Celsius"), "° C": Noun("degré Celsius", "degrés Celsius"),
    "°F": Noun("degré Fahrenheit", "degrés Fahrenheit"), "°": _s("degré"), "K": _s("kelvin"),
    "W": _s("watt"), "kW": _s("kilowatt"), "MW": _s("mégawatt"), "GW": _s("gigawatt"),
    "kWh": _s("kilowattheure", True), "MWh": _s("mégawattheure", True), "GWh": _s("gigawattheure", True),
    "V": _s("volt"), "kV": _s("kilovolt"), "mV": _s("millivolt"), "A": _s("ampère"), "mA": _s("milliampère"),
    "Hz": _same("hertz"), "kHz": _same("kilohertz"), "MHz": _same("mégahertz"), "GHz": _same("gigahertz"),
    "Ko": _s("kilooctet"), "Mo": _s("mégaoctet"), "Go": _s("gigaoctet"), "To": _s("téraoctet"),
    "ko": _s("kilooctet"), "Mbit/s": Noun("mégabit par seconde", "mégabits par seconde"),
    "mph": Noun("mile par heure", "miles par heure"), "ft": _s("pied"), "dB": _s("décibel"),
    "bar": _s("bar"), "‰": _same("pour mille"), "kcal": _s("kilocalorie", True), "ch": _same("chevaux"),
}
UNITS_AFTER_SLASH = {"h": Noun("heure", "heures", True), "s": Noun("seconde", "secondes", True)}
_EURO = Currency(_s("euro"), _s("centime"))
_DOLLAR = Currency(_s("dollar"), _s("cent"))
CURRENCIES = {
    "€": _EURO, "EUR": _EURO, "euros": _EURO, "euro": _EURO,
    "$": _DOLLAR, "US$": Currency(Noun("dollar américain", "dollars américains"), _s("cent")),
    "USD": Currency(Noun("dollar américain", "dollars américains"), _s("cent")), "dollars": _DOLLAR,
    "£": Currency(_s("livre", True), Noun("penny", "pence")), "GBP": Currency(Noun("livre sterling", "livres sterling", True)),
    "CHF": Currency(Noun("franc suisse", "francs suisses"), _s("centime")), "¥": Currency(_s("yen")),
    "JPY": Currency(_s("yen")), "FCFA": Currency(Noun("franc CFA", "francs CFA")),
}
SCALES = {
    "million": _s("million"), "millions": _s("million"), "milliard": _s("milliard"), "milliards": _s("milliard"),
    "Md": _s("milliard"), "Mds": _s("milliard"), "Mrd": _s("milliard"), "billion": _s("billion"),
    "billions": _s("billion"),
}
ABBREVIATIONS = {
    "et/ou": "et ou",
    "p. ex.": "par exemple", "c.-à-d.": "c'est-à-dire", "c-à-d": "c'est-à-dire", "c.à.d.": "c'est-à-dire",
    "etc.": "et cetera", "cf.": "confer", "env.": "environ", "av. J.-C.": "avant Jésus-Christ",
    "apr. J.-C.": "après Jésus-Christ", "J.-C.": "Jésus-Christ", "Mme": "madame", "Mmes": "mesdames",
    "Mlle": "mademoiselle", "Mlles": "mesdemoiselles", "Dr": "docteur", "Dr.": "docteur", "Dre": "docteure",
    "Drs": "docteurs", "Dres": "docteures", "Pr": "professeur", "Pr.": "professeur", "Mgr": "monseigneur",
    "vol.": "volume", "chap.": "chapitre", "éd.": "édition", "fig.": "figure", "tél.": "téléphone",
    "Tél.": "téléphone", "bd": "boulevard", "Bd": "boulevard", "svp": "s'il vous plaît", "Cie": "compagnie",
    "ex.": "exemple", "qqch.": "quelque chose", "qqn": "quelqu'un", "min.": "minimum", "max.": "maximum",
    "hab.": "habitants", "resp.": "respectivement", "N.B.": "nota bene", "vs": "contre", "vs.": "contre",
}
TITLES = {"M.": "monsieur", "MM.": "messieurs", "St": "saint", "Ste": "sainte", "av.": "avenue", "Av.": "avenue"}
BEFORE_NUMBER = {"n°": "numéro", "N°": "numéro", "no": "numéro", "nº": "numéro", "p.": "page", "pp.": "pages",
                 "art.": "article", "Art.": "article", "t.": "tome", "ch.": "chapitre", "chap.": "chapitre"}
SYMBOLS = {"/": "slash", "@": "arobase", "\\": "antislash", "^": "puissance", "''": "chaîne vide", "&": "et",
           ".": "point", "-": "tiret", "_": "tiret bas", ":": "deux-points", "#": "dièse", "~": "tilde",
           "+": "plus", "=": "égale", "?": "point d'interrogation", "!": "point d'exclamation", "%": "pour cent",
           "*": "étoile", ",": "virgule", "|": "barre verticale",
           "§": "paragraphe", "→": "vers", "←": "depuis", "≈": "environ", "≤": "au plus", "≥": "au moins",
           "≠": "différent de", "÷": "divisé par", "∞": "l'infini", "‰": "pour mille", "№": "numéro"}
SAY = {"minus": "moins", "plus": "plus", "plus_minus": "plus ou moins", "comma": "virgule", "point": "point",
       "per": "par", "to": "à", "score": "à", "and": "et", "over": "sur", "percent": "pour cent",
       "times": "fois", "version": "version", "link": "un lien vers", "extension": "poste",
       "sections": "paragraphes", "of": "d'", "and_word": "et", "#": "numéro", "~": "environ", "=": "égale", "+": "plus"}
COUNTING_WORDS = frozenset({"chapitre", "tome", "livre", "acte", "scène", "partie", "volume", "titre",
                            "article", "annexe", "saison", "épisode", "psaume", "classe", "type"})
ORDINAL_ROMAN_WORDS = frozenset({"siècle", "siècles", "millénaire", "arrondissement", "république", "empire",
                                 "législature", "dynastie", "congrès", "concile"})
FEMININE_NAMES = frozenset({"Élisabeth", "Elisabeth", "Catherine", "Marie", "Isabelle", "Victoria", "Anne",
                            "Jeanne", "Marguerite", "Christine", "Béatrix"})

WORDS = Words(months=MONTHS, month_forms=_MONTH_FORMS, weekdays=_WEEKDAYS, units=UNITS, currencies=CURRENCIES,
              scales=SCALES, abbreviations=ABBREVIATIONS, titles=TITLES, before_number=BEFORE_NUMBER,
              counting_words=COUNTING_WORDS, ordinal_roman_words=ORDINAL_ROMAN_WORDS,
              feminine_names=FEMININE_NAMES, symbols=SYMBOLS, say=SAY, units_after_slash=UNITS_AFTER_SLASH,
              section_words=frozenset({"section", "chapitre", "tableau", "exemple", "figure", "version", "annexe", "paragraphe", "étape", "partie"}))
