"""German word tables: months, days, units, currencies, scales, abbreviations, signs."""

from __future__ import annotations

from narrate.text.readings.shared.language import Currency, Noun, Words

MONTHS = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
          "November", "Dezember")
_MONTH_FORMS = {name.lower(): index + 1 for index, name in enumerate(MONTHS)}
_MONTH_FORMS.update({"jan": 1, "jän": 1, "jänner": 1, "feb": 2, "febr": 2, "mär": 3, "mrz": 3, "apr": 4,
                     "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "okt": 10, "nov": 11, "dez": 12})
_WEEKDAYS = {"montag": "Montag", "dienstag": "Dienstag", "mittwoch": "Mittwoch", "donnerstag": "Donnerstag",
             "freitag": "Freitag", "samstag": "Samstag", "sonnabend": "Sonnabend", "sonntag": "Sonntag",
             "mo": "Montag", "di": "Dienstag", "mi": "Mittwoch", "do": "Donnerstag", "fr": "Freitag",
             "sa": "Samstag", "so": "Sonntag"}


def _same(word: str, feminine: bool = False) -> Noun:
    return Noun(word, word, feminine)


_HOUR = Noun("Stunde", "Stunden", True)
_MINUTE = Noun("Minute", "Minuten", True)
_SECOND = Noun("Sekunde", "Sekunden", True)
UNITS = {
    "KiB": _same("Kibibyte"), "MiB": _same("Mebibyte"), "GiB": _same("Gibibyte"), "TiB": _same("Tebibyte"),
    "m": _same("Meter"), "km": _same("Kilometer"), "cm": _same("Zentimeter"), "mm": _same("Millimeter"),
    "µm": _same("Mikrometer"), "μm": _same("Mikrometer"), "nm": _same("Nanometer"),
    "m²": _same("Quadratmeter"), "km²": _same("Quadratkilometer"), "cm²": _same("Quadratzentimeter"),
    "mm²": _same("Quadratmillimeter"), "m³": _same("Kubikmeter"), "cm³": _same("Kubikzentimeter"),
    "qm": _same("Quadratmeter"), "ha": _same("Hektar"),
    "kg": _same("Kilogramm"), "g": _same("Gramm"), "mg": _same("Milligramm"), "µg": _same("Mikrogramm"),
    "t": Noun("Tonne", "Tonnen", True),
    "l": _same("Liter"), "ml": _same("Milliliter"), "cl": _same("Zentiliter"), "dl": _same("Deziliter"),
    "hl": _same("Hektoliter"),
    "h": _HOUR, "Std.": _HOUR, "min": _MINUTE, "Min.": _MINUTE, "s": _SECOND, "Sek.": _SECOND,
    "ms": Noun("Millisekunde", "Millisekunden", True),
    "°C": _same("Grad Celsius"), "° C": _same("Grad Celsius"), "°F": _same("Grad Fahrenheit"),
    "°": _same("Grad"), "K": _same("Kelvin"),
    "W": _same("Watt"), "kW": _same("Kilowatt"), "MW": _same("Megawatt"), "GW": _same("Gigawatt"),
    "kWh": Noun("Kilowattstunde", "Kilowattstunden", True), "kwh": Noun("Kilowattstunde", "Kilowattstunden", True),
    "MWh": Noun("Megawattstunde", "Megawattstunden", True), "GWh": Noun("Gigawattstunde", "Gigawattstunden", True),
    "V": _same("Volt"), "mV": _same("Millivolt"), "mv": _same("Millivolt"), "kV": _same("Kilovolt"),
    "A": _same("Ampere"), "mA": _same("Milliampere"),
    "Hz": _same("Hertz"), "kHz": _same("Kilohertz"), "MHz": _same("Megahertz"), "GHz": _same("Gigahertz"),
    "kB": _same("Kilobyte"), "KB": _same("Kilobyte"), "MB": _same("Megabyte"), "GB": _same("Gigabyte"),
    "TB": _same("Terabyte"), "Mbit/s": _same("Megabit pro Sekunde"), "GBit/s": _same("Gigabit pro Sekunde"),
    "ft": _same("Fuß"), "mi": Noun("Meile", "Meilen", True), "mph": _same("Meilen pro Stunde"),
    "dB": _same("Dezibel"), "bar": _same("Bar"), "‰": _same("Promille"),
    "kcal": Noun("Kilokalorie", "Kilokalorien", True), "PS": _same("PS"),
}
UNITS_AFTER_SLASH = {"h": Noun("Stunde", "Stunden", True), "s": Noun("Sekunde", "Sekunden", True)}
_EURO = Currency(_same("Euro"), _same("Cent"))
_DOLLAR = Currency(_same("Dollar"), _same("Cent"))
CURRENCIES = {
    "€": _EURO, "EUR": _EURO, "Euro": _EURO, "euro": _EURO,
    "$": _DOLLAR, "US$": Currency(_same("US-Dollar"), _same("Cent")), "USD": Currency(_same("US-Dollar"), _same("Cent")),
    "Dollar": _DOLLAR, "dollar": _DOLLAR,
    "£": Currency(_same("Pfund"), Noun("Penny", "Pence")), "GBP": Currency(_same("britische Pfund"), Noun("Penny", "Pence")),
    "CHF": Currency(_same("Franken"), _same("Rappen")), "Franken": Currency(_same("Franken"), _same("Rappen")),
    "¥": Currency(_same("Yen")), "JPY": Currency(_same("Yen")), "₽": Currency(_same("Rubel"), Noun("Kopeke", "Kopeken", True)),
}
SCALES = {
    "Mio.": Noun("Million", "Millionen", True), "Mio": Noun("Million", "Millionen", True),
    "Million": Noun("Million", "Millionen", True), "Millionen": Noun("Million", "Millionen", True),
    "million": Noun("Million", "Millionen", True), "millionen": Noun("Million", "Millionen", True),
    "Mrd.": Noun("Milliarde", "Milliarden", True), "Mrd": Noun("Milliarde", "Milliarden", True),
    "Milliarde": Noun("Milliarde", "Milliarden", True), "Milliarden": Noun("Milliarde", "Milliarden", True),
    "milliarden": Noun("Milliarde", "Milliarden", True),
    "Bio.": Noun("Billion", "Billionen", True), "Billion": Noun("Billion", "Billionen", True),
    "Billionen": Noun("Billion", "Billionen", True),
    "Tsd.": _same("tausend"),
}
ABBREVIATIONS = {
    "und/oder": "und oder",
    "z. B.": "zum Beispiel", "d. h.": "das heißt", "u. a.": "unter anderem", "usw.": "und so weiter",
    "bzw.": "beziehungsweise", "ca.": "circa", "vgl.": "vergleiche", "ggf.": "gegebenenfalls",
    "evtl.": "eventuell", "inkl.": "inklusive", "zzgl.": "zuzüglich", "u. U.": "unter Umständen",
    "z. T.": "zum Teil", "o. Ä.": "oder Ähnliches", "o. ä.": "oder ähnliches", "u. Ä.": "und Ähnliches",
    "etc.": "et cetera", "bspw.": "beispielsweise", "sog.": "sogenannte", "u. v. m.": "und vieles mehr",
    "v. a.": "vor allem", "i. d. R.": "in der Regel", "m. E.": "meines Erachtens", "s. o.": "siehe oben",
    "s. u.": "siehe unten", "v. Chr.": "vor Christus", "n. Chr.": "nach Christus", "max.": "maximal",
    "mind.": "mindestens", "gem.": "gemäß", "lt.": "laut", "bzgl.": "bezüglich", "ehem.": "ehemalige",
    "geb.": "geboren", "gest.": "gestorben", "Dr.": "Doktor", "Prof.": "Professor", "Str.": "Straße",
    "Jh.": "Jahrhundert", "Jhd.": "Jahrhundert", "Jhs.": "Jahrhunderts", "Hrsg.": "Herausgeber",
    "Aufl.": "Auflage", "insb.": "insbesondere", "allg.": "allgemein", "zz.": "zurzeit", "z. Zt.": "zurzeit",
    "Mr.": "Mister", "Mrs.": "Misses", "Ms.": "Miss", "St.": "Sankt", "Tel.": "Telefon", "Nr.": "Nummer",
    "u. ä.": "und ähnliches", "d. J.": "dieses Jahres", "a. D.": "außer Dienst", "i. A.": "im Auftrag",
}
TITLES = {"Hr.": "Herr", "Fr.": "Frau", "Hrn.": "Herrn"}
BEFORE_NUMBER = {"N°": "Nummer", "Nº": "Nummer", "S.": "Seite", "Abs.": "Absatz", "Art.": "Artikel", "Bd.": "Band", "Kap.": "Kapitel",
                 "Abb.": "Abbildung", "Tab.": "Tabelle", "Ziff.": "Ziffer", "Nrn.": "Nummern",
                 "Zi.": "Zimmer", "Bsp.": "Beispiel", "Anm.": "Anmerkung"}
SYMBOLS = {"/": "Schrägstrich", "@": "at", "\\": "Backslash", "^": "hoch", "''": "leere Zeichenkette",
           "&": "und", ".": "Punkt", "-": "Bindestrich", "_": "Unterstrich", ":": "Doppelpunkt", "#": "Raute",
           "~": "Tilde", "+": "plus", "=": "gleich", "?": "Fragezeichen", "!": "Ausrufezeichen", "%": "Prozent",
           "*": "Stern", ",": "Komma", "|": "senkrechter Strich",
           "§": "Paragraf", "→": "nach", "←": "von", "≈": "etwa", "≤": "höchstens", "≥": "mindestens",
           "≠": "ungleich", "÷": "geteilt durch", "∞": "unendlich", "‰": "Promille", "№": "Nummer"}
SAY = {"minus": "minus", "plus": "plus", "plus_minus": "plus minus", "comma": "Komma", "point": "Punkt",
       "per": "pro", "to": "bis", "score": "zu", "and": "", "over": "durch", "percent": "Prozent",
       "times": "mal", "version": "Version", "link": "ein Link zu", "extension": "Durchwahl",
       "sections": "Paragrafen", "of": "", "and_word": "und", "#": "Nummer", "~": "etwa", "=": "gleich", "+": "plus"}
COUNTING_WORDS = frozenset({"kapitel", "teil", "band", "akt", "buch", "abschnitt", "anhang", "artikel",
                            "psalm", "szene", "folge", "staffel", "weltkrieg", "klasse", "stufe", "typ"})
FEMININE_NAMES = frozenset({"Elisabeth", "Elizabeth", "Katharina", "Maria", "Isabella", "Victoria", "Viktoria",
                            "Christina", "Margarete", "Johanna", "Anna", "Beatrix", "Wilhelmina", "Juliana"})

WORDS = Words(months=MONTHS, month_forms=_MONTH_FORMS, weekdays=_WEEKDAYS, units=UNITS, currencies=CURRENCIES,
              scales=SCALES, abbreviations=ABBREVIATIONS, titles=TITLES, before_number=BEFORE_NUMBER,
              counting_words=COUNTING_WORDS, feminine_names=FEMININE_NAMES, symbols=SYMBOLS, say=SAY,
              units_after_slash=UNITS_AFTER_SLASH, address_words={"gmail": "g mail"},
              section_words=frozenset({"abschnitt", "kapitel", "tabelle", "beispiel", "abbildung", "version", "anhang", "absatz", "schritt", "seite", "punkt", "ziffer", "teil"}))

# Words after an ordinal number ('3. Klasse') with their gender, for the ending when no article
# says it: masculine 'dritter Platz', feminine 'dritte Klasse', neuter 'drittes Kapitel'.
ORDINAL_NOUNS = {
    "Jahrhundert": "n", "Jahrtausend": "n", "Kapitel": "n", "Mal": "n", "Buch": "n", "Semester": "n",
    "Quartal": "n", "Jahr": "n", "Lebensjahr": "n", "Konzert": "n", "Album": "n", "Spiel": "n", "Treffen": "n",
    "Geburtstag": "m", "Jahrestag": "m", "Todestag": "m", "Platz": "m", "Stock": "m", "Rang": "m", "Spieltag": "m",
    "Weltkrieg": "m", "Teil": "m", "Band": "m", "Akt": "m", "Satz": "m", "Versuch": "m", "Tag": "m", "Monat": "m",
    "Sieg": "m", "Titel": "m", "Absatz": "m", "Artikel": "m", "Abschnitt": "m", "Schritt": "m", "Durchgang": "m",
    "Klasse": "f", "Liga": "f", "Bundesliga": "f", "Auflage": "f", "Runde": "f", "Etage": "f", "Sinfonie": "f",
    "Symphonie": "f", "Stelle": "f", "Folge": "f", "Staffel": "f", "Woche": "f", "Ausgabe": "f", "Etappe": "f",
    "Sitzung": "f", "Stufe": "f", "Generation": "f", "Amtszeit": "f", "Halbzeit": "f", "Minute": "f",
}
# Words before an ordinal that say its ending: dative and genitive '-en', the definite '-e'.
ENDING_N = frozenset({"am", "im", "vom", "zum", "beim", "dem", "den", "des", "einem", "einen", "eines",
                      "seinem", "seinen", "seines", "ihrem", "ihren", "ihres", "unserem", "unseren", "diesem",
                      "diesen", "dieses", "jedem", "jeden", "jedes", "zur", "bis zum", "ins", "ans", "aufs",
                      "keinem", "keinen", "meinem", "meinen", "deren", "dessen"})
ENDING_E = frozenset({"der", "die", "das", "diese", "jede", "eine", "keine", "seine", "ihre", "meine",
                      "unsere", "welche"})
ENDING_R = frozenset({"ein", "kein", "sein", "mein", "unser", "ihr", "dein"})
PREPOSITIONS = frozenset({"in", "an", "auf", "aus", "bei", "mit", "nach", "seit", "von", "zu", "vor", "hinter",
                          "über", "unter", "neben", "zwischen", "während", "wegen", "trotz", "gegenüber", "ab", "bis"})
# Words before a four-digit number that make it a year, whatever follows ('im Jahr 1500').
YEAR_LEADS = frozenset({"jahr", "jahre", "jahres", "jahrs", "anno", "jahrgang", "sommer", "winter", "herbst",
                        "frühjahr", "frühling", "anfang", "ende", "mitte", "seit", "ab", "bis", "um", "vor",
                        "nach", "von", "im", "zwischen", "und", "oder", "saison", "baujahr", "modelljahr"})
# Words before a four-digit number that make it a quantity ('rund 1500').
QUANTITY_LEADS = frozenset({"rund", "etwa", "circa", "ca.", "über", "unter", "knapp", "fast", "fast", "mehr",
                            "weniger", "insgesamt", "nur", "bis zu", "genau", "exakt", "mindestens", "höchstens",
                            "maximal", "zirka", "gut", "je", "pro"})
