"""Portuguese word tables (European and Brazilian): months, days, units, currencies, scales,
abbreviations, signs. `words(brazilian)` gives the variant's tables."""

from __future__ import annotations

from narrate.text.readings.shared.language import Currency, Noun, Words

MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
          "novembro", "dezembro")
_MONTH_FORMS = {name: index + 1 for index, name in enumerate(MONTHS)}
_MONTH_FORMS.update({"marco": 3, "jan": 1, "fev": 2, "mar": 3, "abr": 4, "mai": 5, "jun": 6, "jul": 7,
                     "ago": 8, "set": 9, "out": 10, "nov": 11, "dez": 12})
_DAYS = ("segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo")
_WEEKDAYS = {day: day for day in _DAYS} | {"seg": "segunda-feira", "ter": "terça-feira", "qua": "quarta-feira",
                                           "qui": "quinta-feira", "sex": "sexta-feira", "sáb": "sábado",
                                           "dom": "domingo", "segunda": "segunda-feira", "terça": "terça-feira",
                                           "quarta": "quarta-feira", "quinta": "quinta-feira", "sexta": "sexta-feira"}


def _s(one: str, feminine: bool = False) -> Noun:
    return Noun(one, one + "s", feminine)


def _same(word: str, feminine: bool = False) -> Noun:
    return Noun(word, word, feminine)


def _units(brazilian: bool) -> dict[str, Noun]:
    metro = "metro"
    km = "quilômetro" if brazilian else "quilómetro"
    cm = "centímetro"
    mm = "milímetro"
    return {
        "m": _s(metro), "km": _s(km), "cm": _s(cm), "mm": _s(mm), "µm": _s("micrômetro" if brazilian else "micrómetro"),
        "nm": _s("nanômetro" if brazilian else "nanómetro"),
        "m²": Noun("metro quadrado", "metros quadrados"), "km²": Noun(f"{km} quadrado", f"{km}s quadrados"),
        "cm²": Noun("centímetro quadrado", "centímetros quadrados"), "m³": Noun("metro cúbico", "metros cúbicos"),
        "cm³": Noun("centímetro cúbico", "centímetros cúbicos"), "ha": _s("hectare"),
        "kg": _s("quilo"), "g": _s("grama"), "mg": _s("miligrama"), "µg": _s("micrograma"),
        "t": _s("tonelada", True), "l": _s("litro"), "L": _s("litro"), "ml": _s("mililitro"), "cl": _s("centilitro"),
        "h": _s("hora", True), "min": _s("minuto"), "s": _s("segundo"), "ms": _s("milissegundo"),
        "°C": Noun("grau Celsius", "graus Celsius"), "° C": Noun("grau Celsius", "graus Celsius"),
        "°F": Noun("grau Fahrenheit", "graus Fahrenheit"), "°": Noun("grau", "graus"), "K": _same("kelvin"),
        "W": _s("watt"), "kW": _s("quilowatt"), "MW": _s("megawatt"), "GW": _s("gigawatt"),
        "kWh": Noun("quilowatt-hora", "quilowatts-hora"), "MWh": Noun("megawatt-hora", "megawatts-hora"),
        "V": _s("volt"), "kV": _s("quilovolt"), "mV": _s("milivolt"), "A": _s("ampère"), "mA": _s("miliampère"),
        "Hz": _same("hertz"), "kHz": _same("quilohertz"), "MHz": _same("megahertz"), "GHz": _same("gigahertz"),
        "KiB": _s("kibibyte"), "MiB": _s("mebibyte"), "GiB": _s("gibibyte"), "TiB": _s("tebibyte"),
        "kB": _s("kilobyte"), "KB": _s("kilobyte"), "MB": _s("megabyte"), "GB": _s("gigabyte"), "TB": _s("terabyte"),
        "mph": Noun("milha por hora", "milhas por hora", True), "ft": _s("pé"), "mi": _s("milha", True),
        "dB": _s("decibel"), "‰": _same("por mil"), "kcal": _s("quilocaloria", True), "cv": _same("cavalos"),
    }


def _currencies(brazilian: bool) -> dict[str, Currency]:
    cent = _s("centavo") if brazilian else _s("cêntimo")
    euro = Currency(_s("euro"), cent)
    real = Currency(Noun("real", "reais"), _s("centavo"))
    dollar = Currency(Noun("dólar", "dólares"), _s("centavo") if brazilian else _s("cêntimo"))
    return {
        "€": euro, "EUR": euro, "euros": euro, "R$": real, "BRL": real, "reais": real,
        "$": dollar, "US$": Currency(Noun("dólar americano", "dólares americanos"), _s("centavo")),
        "USD": Currency(Noun("dólar americano", "dólares americanos"), _s("centavo")), "dólares": dollar,
        "£": Currency(_s("libra", True), Noun("pêni", "pence")), "GBP": Currency(Noun("libra esterlina", "libras esterlinas", True)),
        "¥": Currency(Noun("iene", "ienes")), "CHF": Currency(Noun("franco suíço", "francos suíços"), cent),
        "Kz": Currency(_s("kwanza")), "AOA": Currency(_s("kwanza")), "MZN": Currency(Noun("metical", "meticais")),
    }


def _scales(brazilian: bool) -> dict[str, Noun]:
    million = Noun("milhão", "milhões")
    scales = {"milhão": million, "milhões": million, "mi": million, "mi.": million, "mil milhões": _same("mil milhões"),
              "mil": Noun("mil", "mil")}  # "R$ 50 mil": thousands of reais
    if brazilian:
        billion = Noun("bilhão", "bilhões")
        scales |= {"bilhão": billion, "bilhões": billion, "bi": billion, "bi.": billion,
                   "trilhão": Noun("trilhão", "trilhões"), "trilhões": Noun("trilhão", "trilhões")}
    else:
        scales |= {"bilião": Noun("bilião", "biliões"), "biliões": Noun("bilião", "biliões"),
                   "mM": _same("mil milhões")}
    return scales


ABBREVIATIONS = {
    "e/ou": "e ou", "Sr.": "senhor", "Sra.": "senhora", "Srta.": "senhorita", "Srs.": "senhores",
    "Dr.": "doutor", "Dra.": "doutora", "Drs.": "doutores", "Prof.": "professor", "Profa.": "professora",
    "Prof.ª": "professora", "V. Exa.": "Vossa Excelência", "V. Ex.ª": "Vossa Excelência", "p. ex.": "por exemplo",
    "etc.": "etcétera", "a.C.": "antes de Cristo", "d.C.": "depois de Cristo", "aprox.": "aproximadamente",
    "tel.": "telefone", "Tel.": "telefone", "Ltda.": "limitada", "séc.": "século", "Eng.": "engenheiro",
    "Eng.ª": "engenheira", "Sto.": "santo", "Sta.": "santa", "Exmo.": "excelentíssimo", "Exma.": "excelentíssima",
    "obs.": "observação", "Obs.": "observação", "máx.": "máximo", "mín.": "mínimo", "dept.": "departamento",
}
TITLES = {"D.": "dom", "S.": "São", "Av.": "avenida", "av.": "avenida", "R.": "rua", "Pça.": "praça"}
BEFORE_NUMBER = {"N°": "número", "n°": "número", "n.º": "número", "nº": "número", "Nº": "número", "N.º": "número", "pág.": "página",
                 "págs.": "páginas", "p.": "página", "pp.": "páginas", "cap.": "capítulo", "vol.": "volume",
                 "art.": "artigo", "Art.": "artigo", "ex.": "exemplo"}


def _symbols(brazilian: bool) -> dict[str, str]:
    return {"/": "barra", "@": "arroba", "\\": "barra invertida", "^": "elevado a", "''": "cadeia vazia", "&": "e",
            ".": "ponto", "-": "hífen", "_": "sublinhado", ":": "dois pontos", "#": "cerquilha" if brazilian else "cardinal",
            "~": "til", "+": "mais", "=": "igual", "?": "ponto de interrogação", "!": "ponto de exclamação",
            "%": "por cento", "*": "asterisco", ",": "vírgula", "|": "barra vertical",
            "§": "parágrafo", "→": "para", "←": "de", "≈": "aproximadamente", "≤": "no máximo", "≥": "no mínimo",
            "≠": "diferente de", "÷": "dividido por", "∞": "infinito", "‰": "por mil", "№": "número"}


def _say(brazilian: bool) -> dict[str, str]:
    return {"minus": "menos", "plus": "mais", "plus_minus": "mais ou menos", "comma": "vírgula", "point": "ponto",
            "per": "por", "to": "a", "score": "a", "and": "e", "over": "sobre", "percent": "por cento",
            "times": "vezes", "version": "versão", "link": "um link para", "extension": "ramal" if brazilian else "extensão",
            "sections": "parágrafos", "of": "de", "and_word": "e", "#": "número", "~": "cerca de", "=": "igual a", "+": "mais"}


COUNTING_WORDS = frozenset({"capítulo", "volume", "parte", "ato", "acto", "livro", "tomo", "título", "artigo",
                            "temporada", "canto", "cena", "tipo", "fase"})
CENTURY_WORDS = frozenset({"século", "séculos", "milénio", "milênio"})
FEMININE_NAMES = frozenset({"Isabel", "Maria", "Catarina", "Leonor", "Beatriz", "Teresa", "Ana", "Vitória",
                            "Amélia", "Elizabeth", "Elisabete"})


def words(brazilian: bool) -> Words:
    return Words(months=MONTHS, month_forms=_MONTH_FORMS, weekdays=_WEEKDAYS, units=_units(brazilian),
                 currencies=_currencies(brazilian), scales=_scales(brazilian), abbreviations=ABBREVIATIONS,
                 titles=TITLES, before_number=BEFORE_NUMBER, counting_words=COUNTING_WORDS,
                 ordinal_roman_words=CENTURY_WORDS, feminine_names=FEMININE_NAMES, symbols=_symbols(brazilian),
                 say=_say(brazilian),
                 units_after_slash={"h": Noun("hora", "horas", True), "s": Noun("segundo", "segundos")},
                 section_words=frozenset({"seção", "secção", "capítulo", "tabela", "exemplo", "figura", "versão", "apêndice", "parágrafo", "passo", "parte"}))
