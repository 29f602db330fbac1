"""Italian word tables: months, days, units, currencies, scales, abbreviations, signs."""

from __future__ import annotations

from narrate.text.readings.shared.language import Currency, Noun, Words

MONTHS = ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
          "ottobre", "novembre", "dicembre")
_MONTH_FORMS = {name: index + 1 for index, name in enumerate(MONTHS)}
_MONTH_FORMS.update({"gen": 1, "feb": 2, "mar": 3, "apr": 4, "mag": 5, "giu": 6, "lug": 7, "ago": 8, "set": 9,
                     "sett": 9, "ott": 10, "nov": 11, "dic": 12})
_DAYS = ("lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica")
_WEEKDAYS = {day: day for day in _DAYS} | {"lun": "lunedì", "mer": "mercoledì", "gio": "giovedì",
                                           "ven": "venerdì", "sab": "sabato", "dom": "domenica"}


def _n(one: str, many: str, feminine: bool = False) -> Noun:
    return Noun(one, many, feminine)


def _same(word: str, feminine: bool = False) -> Noun:
    return Noun(word, word, feminine)


def _o(stem: str) -> Noun:
    """'metr' -> metro, metri."""
    return Noun(stem + "o", stem + "i")


UNITS = {
    "KiB": _same("kibibyte"), "MiB": _same("mebibyte"), "GiB": _same("gibibyte"), "TiB": _same("tebibyte"),
    "m": _o("metr"), "km": _o("chilometr"), "cm": _o("centimetr"), "mm": _o("millimetr"),
    "µm": _o("micrometr"), "μm": _o("micrometr"), "nm": _o("nanometr"),
    "m²": _n("metro quadrato", "metri quadrati"), "km²": _n("chilometro quadrato", "chilometri quadrati"),
    "cm²": _n("centimetro quadrato", "centimetri quadrati"), "m³": _n("metro cubo", "metri cubi"),
    "cm³": _n("centimetro cubo", "centimetri cubi"), "ha": _o("ettar"),
    "kg": _o("chilogramm"), "g": _o("gramm"), "mg": _o("milligramm"), "µg": _o("microgramm"),
    "t": _n("tonnellata", "tonnellate", True), "l": _o("litr"), "L": _o("litr"), "ml": _o("millilitr"),
    "cl": _o("centilitr"), "h": _n("ora", "ore", True), "min": _o("minut"), "s": _o("second"),
    "ms": _o("millisecond"), "d": _n("giorno", "giorni"), "gg": _n("giorno", "giorni"),
    "°C": _n("grado Celsius", "gradi Celsius"), "° C": _n("grado Celsius", "gradi Celsius"),
    "°F": _n("grado Fahrenheit", "gradi Fahrenheit"), "°": _n("grado", "gradi"), "K": _same("kelvin"),
    "W": _same("watt"), "kW": _same("kilowatt"), "MW": _same("megawatt"), "GW": _same("gigawatt"),
    "kWh": _same("kilowattora"), "MWh": _same("megawattora"), "V": _same("volt"), "kV": _same("kilovolt"),
    "mV": _same("millivolt"), "A": _same("ampere"), "mA": _same("milliampere"), "Hz": _same("hertz"),
    "kHz": _same("kilohertz"), "MHz": _same("megahertz"), "GHz": _same("gigahertz"),
    "kB": _same("kilobyte"), "KB": _same("kilobyte"), "MB": _same("megabyte"), "GB": _same("gigabyte"),
    "TB": _same("terabyte"), "km/h": _n("chilometro orario", "chilometri orari"),
    "mph": _n("miglio orario", "miglia orarie"), "ft": _same("piedi"), "dB": _same("decibel"),
    "‰": _same("per mille"), "kcal": _n("chilocaloria", "chilocalorie", True), "CV": _same("cavalli"),
}
UNITS_AFTER_SLASH = {"h": _n("ora", "ore", True), "s": _o("second")}
_EURO = Currency(_same("euro"), _n("centesimo", "centesimi"))
CURRENCIES = {
    "€": _EURO, "EUR": _EURO, "eur": _EURO, "euro": _EURO,
    "$": Currency(_n("dollaro", "dollari"), _n("centesimo", "centesimi")),
    "USD": Currency(_n("dollaro statunitense", "dollari statunitensi"), _n("centesimo", "centesimi")),
    "£": Currency(_n("sterlina", "sterline", True), _same("penny")),
    "GBP": Currency(_n("sterlina", "sterline", True), _same("penny")),
    "CHF": Currency(_n("franco svizzero", "franchi svizzeri"), _n("centesimo", "centesimi")),
    "¥": Currency(_same("yen")), "₽": Currency(_n("rublo", "rubli"), _n("copeca", "copeche", True)),
}
SCALES = {
    "milione": _n("milione", "milioni"), "milioni": _n("milione", "milioni"), "mln": _n("milione", "milioni"),
    "miliardo": _n("miliardo", "miliardi"), "miliardi": _n("miliardo", "miliardi"),
    "mld": _n("miliardo", "miliardi"), "mrd": _n("miliardo", "miliardi"),
}
ABBREVIATIONS = {
    "e/o": "e o", "ecc.": "eccetera", "etc.": "eccetera", "p. es.": "per esempio", "ad es.": "ad esempio",
    "per es.": "per esempio", "Dott.ssa": "dottoressa", "Prof.ssa": "professoressa", "Sig.ra": "signora",
    "Sig.na": "signorina", "sig.ra": "signora", "sig.na": "signorina", "Sigg.": "signori", "Avv.": "avvocato",
    "avv.": "avvocato", "Arch.": "architetto", "Geom.": "geometra", "Rag.": "ragioniere", "Mons.": "monsignor",
    "S.p.A.": "società per azioni", "dip.": "dipartimento", "tel.": "telefono", "Tel.": "telefono",
    "a.C.": "avanti Cristo", "d.C.": "dopo Cristo", "sec.": "secolo", "cfr.": "confronta", "tab.": "tabella",
    "fig.": "figura", "ca.": "circa",
}
TITLES = {"Sig.": "signor", "sig.": "signor", "Dott.": "dottor", "dott.": "dottor", "Dr.": "dottor",
          "Prof.": "professor", "prof.": "professor", "Ing.": "ingegner", "On.": "onorevole", "S.": "san",
          "p.za": "piazza", "P.za": "piazza", "c.so": "corso", "C.so": "corso", "v.le": "viale", "V.le": "viale",
          "Mons.": "monsignor"}
BEFORE_NUMBER = {"N°": "numero", "n°": "numero", "Nº": "numero", "nº": "numero", "pag.": "pagina", "pagg.": "pagine", "p.": "pagina", "pp.": "pagine", "n.": "numero",
                 "nr.": "numero", "N.": "numero", "cap.": "capitolo", "vol.": "volume", "art.": "articolo",
                 "Art.": "articolo", "es.": "esempio"}
SYMBOLS = {"/": "slash", "@": "chiocciola", "\\": "backslash", "^": "elevato a", "''": "stringa vuota", "&": "e",
           ".": "punto", "-": "trattino", "_": "trattino basso", ":": "due punti", "#": "cancelletto",
           "~": "tilde", "+": "più", "=": "uguale", "?": "punto interrogativo", "!": "punto esclamativo",
           "%": "per cento", "*": "asterisco", ",": "virgola", "|": "barra verticale",
           "§": "paragrafo", "→": "verso", "←": "da", "≈": "circa", "≤": "al massimo", "≥": "almeno",
           "≠": "diverso da", "÷": "diviso", "∞": "infinito", "‰": "per mille", "№": "numero"}
SAY = {"minus": "meno", "plus": "più", "plus_minus": "più o meno", "comma": "virgola", "point": "punto",
       "per": "per", "to": "a", "score": "a", "and": "e", "over": "su", "percent": "per cento",
       "times": "per", "version": "versione", "link": "un link a", "extension": "interno",
       "sections": "paragrafi", "of": "di", "and_word": "e", "#": "numero", "~": "circa", "=": "uguale a", "+": "più"}
COUNTING_WORDS = frozenset({"capitolo", "volume", "parte", "atto", "libro", "tomo", "titolo", "articolo",
                            "canto", "stagione", "scena", "tipo", "fase"})
ORDINAL_ROMAN_WORDS = frozenset({"secolo", "secoli", "millennio", "legislatura", "repubblica", "municipio",
                                 "congresso", "concilio", "dinastia"})
FEMININE_NAMES = frozenset({"Elisabetta", "Maria", "Caterina", "Vittoria", "Anna", "Isabella", "Giovanna",
                            "Cristina", "Margherita"})

WORDS = Words(months=MONTHS, month_forms=_MONTH_FORMS, weekdays=_WEEKDAYS, units=UNITS, currencies=CURRENCIES,
              scales=SCALES, abbreviations=ABBREVIATIONS, titles=TITLES, before_number=BEFORE_NUMBER,
              counting_words=COUNTING_WORDS, ordinal_roman_words=ORDINAL_ROMAN_WORDS,
              feminine_names=FEMININE_NAMES, symbols=SYMBOLS, say=SAY, units_after_slash=UNITS_AFTER_SLASH,
              section_words=frozenset({"sezione", "capitolo", "tabella", "esempio", "figura", "versione", "appendice", "paragrafo", "passo", "parte"}))
