"""Spanish word tables: months, days, units, currencies, scales, abbreviations, signs."""

from __future__ import annotations

from narrate.text.readings.shared.language import Currency, Noun, Words

MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
          "noviembre", "diciembre")
_MONTH_FORMS = {name: index + 1 for index, name in enumerate(MONTHS)}
_MONTH_FORMS.update({"setiembre": 9, "ene": 1, "feb": 2, "mar": 3, "abr": 4, "may": 5, "jun": 6, "jul": 7,
                     "ago": 8, "sep": 9, "sept": 9, "set": 9, "oct": 10, "nov": 11, "dic": 12})
_DAYS = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
_WEEKDAYS = {day: day for day in _DAYS} | {"miercoles": "miércoles", "sabado": "sábado", "lun": "lunes",
                                           "mié": "miércoles", "mier": "miércoles", "jue": "jueves",
                                           "vie": "viernes", "vier": "viernes", "sáb": "sábado", "dom": "domingo"}


def _s(one: str, feminine: bool = False) -> Noun:
    return Noun(one, one + "s", feminine)


def _same(word: str, feminine: bool = False) -> Noun:
    return Noun(word, word, feminine)


UNITS = {
    "KiB": _s("kibibyte"), "MiB": _s("mebibyte"), "GiB": _s("gibibyte"), "TiB": _s("tebibyte"),
    "m": _s("metro"), "km": _s("kilómetro"), "cm": _s("centímetro"), "mm": _s("milímetro"),
    "µm": _s("micrómetro"), "μm": _s("micrómetro"), "nm": _s("nanómetro"),
    "m²": Noun("metro cuadrado", "metros cuadrados"), "km²": Noun("kilómetro cuadrado", "kilómetros cuadrados"),
    "cm²": Noun("centímetro cuadrado", "centímetros cuadrados"), "m³": Noun("metro cúbico", "metros cúbicos"),
    "cm³": Noun("centímetro cúbico", "centímetros cúbicos"), "ha": _s("hectárea", True),
    "kg": _s("kilogramo"), "g": _s("gramo"), "mg": _s("miligramo"), "µg": _s("microgramo"),
    "t": _s("tonelada", True), "l": _s("litro"), "L": _s("litro"), "ml": _s("mililitro"), "cl": _s("centilitro"),
    "h": _s("hora", True), "min": _s("minuto"), "s": _s("segundo"), "seg": _s("segundo"), "ms": _s("milisegundo"),
    "°C": Noun("grado centígrado", "grados centígrados"), "° C": Noun("grado centígrado", "grados centígrados"),
    "°c": Noun("grado centígrado", "grados centígrados"), "° c": Noun("grado centígrado", "grados centígrados"),
    "°F": Noun("grado Fahrenheit", "grados Fahrenheit"), "° K": Noun("grado kelvin", "grados kelvin"),
    "° k": Noun("grado kelvin", "grados kelvin"), "°K": Noun("grado kelvin", "grados kelvin"), "°": _s("grado"),
    "K": _same("kelvin"),
    "W": _s("vatio"), "kW": _s("kilovatio"), "MW": _s("megavatio"), "GW": _s("gigavatio"),
    "kWh": Noun("kilovatio hora", "kilovatios hora"), "MWh": Noun("megavatio hora", "megavatios hora"),
    "V": _s("voltio"), "kV": _s("kilovoltio"), "mV": _s("milivoltio"), "A": _s("amperio"), "mA": _s("miliamperio"),
    "Hz": _s("hercio"), "kHz": _s("kilohercio"), "MHz": _s("megahercio"), "GHz": _s("gigahercio"),
    "kB": _s("kilobyte"), "KB": _s("kilobyte"), "MB": _s("megabyte"), "GB": _s("gigabyte"), "TB": _s("terabyte"),
    "mph": Noun("milla por hora", "millas por hora", True), "kph": Noun("kilómetro por hora", "kilómetros por hora"),
    "ft": _s("pie"), "mi": _s("milla", True), "psi": _same("p s i"), "dB": _s("decibelio"), "‰": _same("por mil"),
    "kcal": _s("kilocaloría", True), "CV": _same("caballos"),
}
UNITS_AFTER_SLASH = {"h": Noun("hora", "horas", True), "s": Noun("segundo", "segundos")}
_EURO = Currency(_s("euro"), _s("céntimo"))
_DOLLAR = Currency(Noun("dólar", "dólares"), _s("centavo"))
_US_DOLLAR = Currency(Noun("dólar estadounidense", "dólares estadounidenses"), _s("centavo"))
CURRENCIES = {
    "€": _EURO, "EUR": _EURO, "eur": _EURO, "euros": _EURO,
    "$": _DOLLAR, "US$": _US_DOLLAR, "us$": _US_DOLLAR, "USD": _US_DOLLAR, "usd": _US_DOLLAR, "dólares": _DOLLAR,
    "£": Currency(_s("libra", True), Noun("penique", "peniques")), "GBP": Currency(Noun("libra esterlina", "libras esterlinas", True)),
    "¥": Currency(Noun("yen", "yenes"), _s("centavo")), "JPY": Currency(Noun("yen", "yenes")),
    "jpy": Currency(Noun("yen", "yenes")), "₩": Currency(Noun("won", "wones")),
    "CHF": Currency(Noun("franco suizo", "francos suizos"), _s("céntimo")),
    "chf": Currency(Noun("franco suizo", "francos suizos"), _s("céntimo")),
    "MXN": Currency(Noun("peso mexicano", "pesos mexicanos"), _s("centavo")),
    "mex$": Currency(Noun("peso mexicano", "pesos mexicanos"), _s("centavo")),
    "R$": Currency(Noun("real", "reales"), _s("centavo")), "r$": Currency(Noun("real", "reales"), _s("centavo")),
    "BRL": Currency(Noun("real brasileño", "reales brasileños"), _s("centavo")),
    "brl": Currency(Noun("real brasileño", "reales brasileños"), _s("centavo")),
    "ARS": Currency(Noun("peso argentino", "pesos argentinos"), _s("centavo")),
    "COP": Currency(Noun("peso colombiano", "pesos colombianos"), _s("centavo")),
    "CLP": Currency(Noun("peso chileno", "pesos chilenos")),
    "₧": Currency(_s("peseta", True)), "ptas": Currency(_s("peseta", True)), "pts": Currency(_s("peseta", True)),
    "₡": Currency(Noun("colón", "colones"), _s("céntimo")), "₽": Currency(_s("rublo")),
}
# ISO codes, as news and price lists write them (upper case, and lower case as typed)
_CODES = {
    "NIO": Currency(_s("córdoba", True), _s("centavo")), "PAB": Currency(_s("balboa"), _s("centésimo")),
    "CRC": Currency(Noun("colón costarricense", "colones costarricenses"), _s("céntimo")),
    "TTD": Currency(Noun("dólar de trinidad y tobago", "dólares de trinidad y tobago"), _s("centavo")),
    "BOB": Currency(Noun("boliviano", "bolivianos"), _s("centavo")),
    "BOP": Currency(Noun("peso boliviano", "pesos bolivianos"), _s("centavo")),
    "HNL": Currency(_s("lempira"), _s("centavo")), "GTQ": Currency(Noun("quetzal", "quetzales"), _s("centavo")),
    "HKD": Currency(Noun("dólar de hong kong", "dólares de hong kong"), _s("centavo")),
    "AWG": Currency(Noun("florín arubeño", "florines arubeños"), _s("centavo")),
    "PEN": Currency(Noun("sol", "soles"), _s("céntimo")), "UYU": Currency(Noun("peso uruguayo", "pesos uruguayos")),
    "VES": Currency(Noun("bolívar", "bolívares"), _s("céntimo")), "DOP": Currency(Noun("peso dominicano", "pesos dominicanos")),
    "CUP": Currency(Noun("peso cubano", "pesos cubanos")), "PYG": Currency(Noun("guaraní", "guaraníes")),
}
CURRENCIES |= _CODES | {code.lower(): currency for code, currency in _CODES.items()}
CURRENCIES |= {
    "rs": Currency(_s("rupia", True)), "Rs": Currency(_s("rupia", True)), "kr": Currency(_s("corona", True)),
    "fr": Currency(_s("franco")), "Fr.": Currency(_s("franco")), "mk": Currency(_s("marco")),
    "q": Currency(Noun("quetzal", "quetzales"), _s("centavo")), "Q": Currency(Noun("quetzal", "quetzales"), _s("centavo")),
}
SCALES = {
    "millón": Noun("millón", "millones"), "millones": Noun("millón", "millones"),
    "mil millones": Noun("mil millones", "mil millones"), "millardo": _s("millardo"), "millardos": _s("millardo"),
    "mil": Noun("mil", "mil"),  # "$ 50 mil": thousands of pesos
    "billón": Noun("billón", "billones"), "billones": Noun("billón", "billones"),
    "trillón": Noun("trillón", "trillones"), "trillones": Noun("trillón", "trillones"),
    "M": Noun("millón", "millones"), "MM": Noun("millón", "millones"), "mill.": Noun("millón", "millones"),
}
ABBREVIATIONS = {
    "y/o": "y o", "etc.": "etcétera", "p. ej.": "por ejemplo", "EE. UU.": "Estados Unidos",
    "a. C.": "antes de Cristo", "d. C.": "después de Cristo", "a. de C.": "antes de Cristo",
    "aprox.": "aproximadamente", "Sr.": "señor", "Sra.": "señora", "Srta.": "señorita", "Sres.": "señores",
    "Sras.": "señoras", "Dr.": "doctor", "Dra.": "doctora", "Dres.": "doctores", "Lic.": "licenciado",
    "Lcdo.": "licenciado", "Lcda.": "licenciada", "Ing.": "ingeniero", "Prof.": "profesor", "Profa.": "profesora",
    "Ud.": "usted", "Uds.": "ustedes", "Vd.": "usted", "Vds.": "ustedes", "Da.": "doña", "Dña.": "doña",
    "Sto.": "santo", "Sta.": "santa", "pza.": "plaza", "Pza.": "plaza", "esq.": "esquina", "avda.": "avenida",
    "Avda.": "avenida", "tel.": "teléfono", "Tel.": "teléfono", "tlf.": "teléfono", "ej.": "ejemplo",
    "admón.": "administración", "dcha.": "derecha", "izq.": "izquierda", "izqda.": "izquierda",
    "máx.": "máximo", "mín.": "mínimo", "Excmo.": "excelentísimo", "Excma.": "excelentísima",
    "Gral.": "general", "Cía.": "compañía", "dr.": "doctor", "sr.": "señor", "sra.": "señora",
    "da.": "doña", "ee. uu.": "estados unidos", "a. c.": "antes de cristo", "d. c.": "después de cristo",
    "vs.": "contra", "núm.": "número", "Núm.": "número",
}
TITLES = {"D.": "don", "c/": "calle", "C/": "calle", "av.": "avenida", "Av.": "avenida", "S.": "san"}
BEFORE_NUMBER = {"N°": "número", "n°": "número", "Nº": "número", "nº": "número", "pág.": "página", "págs.": "páginas", "p.": "página", "pp.": "páginas", "n.º": "número",
                 "nº": "número", "Nº": "número", "N.º": "número", "no.": "número", "vol.": "volumen",
                 "cap.": "capítulo", "art.": "artículo", "Art.": "artículo"}
SYMBOLS = {"/": "barra", "@": "arroba", "\\": "barra invertida", "^": "elevado a", "''": "cadena vacía", "&": "y",
           ".": "punto", "-": "guion", "_": "guion bajo", ":": "dos puntos", "#": "almohadilla", "~": "virgulilla",
           "+": "más", "=": "igual", "?": "signo de interrogación", "!": "signo de exclamación", "%": "por ciento",
           "*": "asterisco", ",": "coma", "|": "barra vertical",
           "§": "párrafo", "→": "hacia", "←": "desde", "≈": "aproximadamente", "≤": "como máximo",
           "≥": "como mínimo", "≠": "distinto de", "÷": "dividido por", "∞": "infinito", "‰": "por mil",
           "№": "número"}
SAY = {"minus": "menos", "plus": "más", "plus_minus": "más o menos", "comma": "coma", "point": "punto",
       "per": "por", "to": "a", "score": "a", "and": "y", "over": "sobre", "percent": "por ciento",
       "times": "por", "version": "versión", "link": "un enlace a", "extension": "extensión",
       "sections": "párrafos", "of": "de", "and_word": "y", "#": "número", "~": "aproximadamente", "=": "es igual a", "+": "más"}
COUNTING_WORDS = frozenset({"capítulo", "tomo", "parte", "acto", "libro", "volumen", "título", "artículo",
                            "anexo", "temporada", "salmo", "canto", "escena", "tipo", "fase"})
CENTURY_WORDS = frozenset({"siglo", "siglos", "milenio"})
FEMININE_NAMES = frozenset({"Isabel", "Juana", "María", "Cristina", "Catalina", "Victoria", "Ana", "Leonor",
                            "Urraca", "Berenguela", "Sofía"})

WORDS = Words(months=MONTHS, month_forms=_MONTH_FORMS, weekdays=_WEEKDAYS, units=UNITS, currencies=CURRENCIES,
              scales=SCALES, abbreviations=ABBREVIATIONS, titles=TITLES, before_number=BEFORE_NUMBER,
              counting_words=COUNTING_WORDS, ordinal_roman_words=CENTURY_WORDS, feminine_names=FEMININE_NAMES,
              symbols=SYMBOLS, say=SAY, units_after_slash=UNITS_AFTER_SLASH,
              section_words=frozenset({"sección", "capítulo", "tabla", "ejemplo", "figura", "versión", "apéndice", "apartado", "paso", "parte"}))
