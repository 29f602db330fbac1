"""Data only: the English word tables the classifiers consult. Logic lives elsewhere.

Spellings are American; `british_spelling` gives the British ones ("kilometre", "litre").
"""

from __future__ import annotations

DIGIT_NAMES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December",
)
# Every written form of a month (compared lower-case, without a final dot) -> its number.
MONTH_FORMS: dict[str, int] = {
    **{name.lower(): number for number, name in enumerate(MONTHS, 1)},
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
    "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}
# Month words that are also ordinary words ("I may go", "the march"): a date only with a
# capital and a day or year beside them.
AMBIGUOUS_MONTHS = frozenset({"may", "march", "mar"})

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

# Words after which a four-digit number is a year ("in 1950", "since 1905").
YEAR_LEADS = frozenset(
    """
    in since until till by from during before after around circa c ca early late mid
    year years summer winter spring autumn fall born died b d founded established est
    built opened closed published released dated through thru between into fiscal fy season
    vintage
    """.split()
)
# Words before a number that make it a quantity, not a year ("about 1500", "over 2000").
QUANTITY_LEADS = frozenset(
    """
    about over under nearly almost some than only just approximately roughly total
    more less fewer least most another extra additional all of per number no
    """.split()
)
# Nouns a four-digit quantity counts ("1950 people"): after them a number is not a year.
COUNTED_NOUNS = frozenset(
    """
    people persons men women children kids students workers employees soldiers troops
    residents voters members jobs cases deaths homes houses cars votes copies units items
    times words pages lines miles kilometres kilometers metres meters feet yards inches
    pounds dollars euros tons tonnes acres hectares barrels shares points calories hours
    minutes seconds days weeks months years bytes pixels rows entries files users visitors
    patients beds seats species sites plants trees animals birds fish
    """.split()
)

# Words after a number that show it does not describe a noun ("$5 each", "1990 for the"):
# function words, adverbs of time and amount.
NOT_NOUNS = frozenset(
    """
    a an the this that these those each apiece per in on at for to of from with by and or but nor
    than as is was are were be been being will would could should can may might must has have had
    do does did not no so if then when while until over under about around up down off out back
    into onto upon after before since during between among against through across toward towards
    pretax annually total net gross cash overall worth more less extra
    plus minus later earlier ago last next which who whom whose what where why how it its they
    them he she we you i his her their our my your there here every all some any each
    now today tomorrow yesterday tonight again instead already still just too also even apiece each
    """.split()
)

# Currencies written before an amount: symbol -> (singular, plural, minor singular, minor plural).
CURRENCIES = {
    "US$": ("US dollar", "US dollars", "cent", "cents"),
    "C$": ("Canadian dollar", "Canadian dollars", "cent", "cents"),
    "CA$": ("Canadian dollar", "Canadian dollars", "cent", "cents"),
    "A$": ("Australian dollar", "Australian dollars", "cent", "cents"),
    "AU$": ("Australian dollar", "Australian dollars", "cent", "cents"),
    "NZ$": ("New Zealand dollar", "New Zealand dollars", "cent", "cents"),
    "HK$": ("Hong Kong dollar", "Hong Kong dollars", "cent", "cents"),
    "S$": ("Singapore dollar", "Singapore dollars", "cent", "cents"),
    "R$": ("real", "reais", "centavo", "centavos"),
    "$": ("dollar", "dollars", "cent", "cents"),
    "\u20ac": ("euro", "euros", "cent", "cents"),
    "\u00a3": ("pound", "pounds", "penny", "pence"),
    "\u00a5": ("yen", "yen", "", ""),
    "\u20b9": ("rupee", "rupees", "paisa", "paise"),
    "\u20a9": ("won", "won", "", ""),
    "\u20bd": ("ruble", "rubles", "kopek", "kopeks"),
    "\u20ba": ("lira", "lira", "kurus", "kurus"),
    "\u20aa": ("shekel", "shekels", "agora", "agorot"),
    "\u20b1": ("peso", "pesos", "centavo", "centavos"),
    "\u20ab": ("dong", "dong", "", ""),
    "\u20a6": ("naira", "naira", "kobo", "kobo"),
    "\u0e3f": ("baht", "baht", "satang", "satang"),
    "USD": ("US dollar", "US dollars", "cent", "cents"),
    "EUR": ("euro", "euros", "cent", "cents"),
    "GBP": ("pound", "pounds", "penny", "pence"),
    "JPY": ("yen", "yen", "", ""),
    "CNY": ("yuan", "yuan", "", ""),
    "RMB": ("yuan", "yuan", "", ""),
    "INR": ("rupee", "rupees", "paisa", "paise"),
    "CAD": ("Canadian dollar", "Canadian dollars", "cent", "cents"),
    "AUD": ("Australian dollar", "Australian dollars", "cent", "cents"),
    "CHF": ("Swiss franc", "Swiss francs", "centime", "centimes"),
    "SEK": ("Swedish krona", "Swedish kronor", "", ""),
    "NOK": ("Norwegian krone", "Norwegian kroner", "", ""),
    "DKK": ("Danish krone", "Danish kroner", "", ""),
    "Rs.": ("rupee", "rupees", "paisa", "paise"),
    "Rs": ("rupee", "rupees", "paisa", "paise"),
}
# Symbols that may also follow the amount ("5\u20ac", "20 \u00a3" in European typing).
TRAILING_CURRENCIES = ("\u20ac", "\u00a3", "$", "\u00a5", "USD", "EUR", "GBP", "CHF", "JPY", "CNY")

# Scale words and suffixes after a number: "$5.2bn", "\u20ac300m", "2tn", "$5k", "100K".
SCALES = {
    "k": "thousand", "K": "thousand", "thousand": "thousand", "m": "million", "M": "million",
    "mn": "million", "mln": "million", "million": "million", "b": "billion", "B": "billion",
    "bn": "billion", "bln": "billion", "billion": "billion", "t": "trillion", "T": "trillion",
    "tn": "trillion", "trillion": "trillion", "quadrillion": "quadrillion",
}

# Units after a number: abbreviation -> (singular, plural). Case matters ("mm", "Mm").
UNITS = {
    # length
    "mm": ("millimeter", "millimeters"), "cm": ("centimeter", "centimeters"),
    "dm": ("decimeter", "decimeters"), "m": ("meter", "meters"), "km": ("kilometer", "kilometers"),
    "\u00b5m": ("micrometer", "micrometers"), "\u03bcm": ("micrometer", "micrometers"),
    "um": ("micrometer", "micrometers"), "nm": ("nanometer", "nanometers"),
    "in": ("inch", "inches"), "ft": ("foot", "feet"), "yd": ("yard", "yards"), "mi": ("mile", "miles"),
    "nmi": ("nautical mile", "nautical miles"),
    # area and volume
    "km2": ("square kilometer", "square kilometers"), "km\u00b2": ("square kilometer", "square kilometers"),
    "m2": ("square meter", "square meters"), "m\u00b2": ("square meter", "square meters"),
    "cm2": ("square centimeter", "square centimeters"), "cm\u00b2": ("square centimeter", "square centimeters"),
    "mm2": ("square millimeter", "square millimeters"), "mm\u00b2": ("square millimeter", "square millimeters"),
    "ft2": ("square foot", "square feet"), "ft\u00b2": ("square foot", "square feet"),
    "sq ft": ("square foot", "square feet"), "sq mi": ("square mile", "square miles"),
    "sq km": ("square kilometer", "square kilometers"), "sq m": ("square meter", "square meters"),
    "ha": ("hectare", "hectares"),
    "km3": ("cubic kilometer", "cubic kilometers"), "km\u00b3": ("cubic kilometer", "cubic kilometers"),
    "m3": ("cubic meter", "cubic meters"), "m\u00b3": ("cubic meter", "cubic meters"),
    "cm3": ("cubic centimeter", "cubic centimeters"), "cm\u00b3": ("cubic centimeter", "cubic centimeters"),
    "cc": ("cc", "cc"), "l": ("liter", "liters"), "L": ("liter", "liters"),
    "ml": ("milliliter", "milliliters"), "mL": ("milliliter", "milliliters"),
    "cl": ("centiliter", "centiliters"), "dl": ("deciliter", "deciliters"),
    "gal": ("gallon", "gallons"), "fl oz": ("fluid ounce", "fluid ounces"),
    "tsp": ("teaspoon", "teaspoons"), "tbsp": ("tablespoon", "tablespoons"),
    # mass
    "mg": ("milligram", "milligrams"), "\u00b5g": ("microgram", "micrograms"),
    "mcg": ("microgram", "micrograms"), "g": ("gram", "grams"), "kg": ("kilogram", "kilograms"),
    "KG": ("kilogram", "kilograms"), "Kg": ("kilogram", "kilograms"),
    "lb": ("pound", "pounds"), "lbs": ("pounds", "pounds"), "oz": ("ounce", "ounces"),
    "lb-ft": ("pound-foot", "pound-feet"), "lb ft": ("pound-foot", "pound-feet"), "Nm": ("newton meter", "newton meters"),
    # time
    "ms": ("millisecond", "milliseconds"), "\u00b5s": ("microsecond", "microseconds"),
    "ns": ("nanosecond", "nanoseconds"), "s": ("second", "seconds"), "sec": ("second", "seconds"),
    "secs": ("seconds", "seconds"), "min": ("minute", "minutes"), "mins": ("minutes", "minutes"),
    "h": ("hour", "hours"), "hr": ("hour", "hours"), "hrs": ("hours", "hours"),
    # speed
    "mph": ("mile per hour", "miles per hour"), "km/h": ("kilometer per hour", "kilometers per hour"),
    "kph": ("kilometer per hour", "kilometers per hour"), "kmh": ("kilometer per hour", "kilometers per hour"),
    "m/s": ("meter per second", "meters per second"), "knots": ("knot", "knots"),
    # energy, power, electricity
    "W": ("watt", "watts"), "kW": ("kilowatt", "kilowatts"), "MW": ("megawatt", "megawatts"),
    "GW": ("gigawatt", "gigawatts"), "TW": ("terawatt", "terawatts"),
    "Wh": ("watt hour", "watt hours"), "kWh": ("kilowatt hour", "kilowatt hours"),
    "MWh": ("megawatt hour", "megawatt hours"), "GWh": ("gigawatt hour", "gigawatt hours"),
    "TWh": ("terawatt hour", "terawatt hours"),
    "V": ("volt", "volts"), "kV": ("kilovolt", "kilovolts"), "mV": ("millivolt", "millivolts"),
    "mA": ("milliamp", "milliamps"), "mAh": ("milliamp hour", "milliamp hours"),
    "Hz": ("hertz", "hertz"), "kHz": ("kilohertz", "kilohertz"), "MHz": ("megahertz", "megahertz"),
    "GHz": ("gigahertz", "gigahertz"), "dB": ("decibel", "decibels"),
    "J": ("joule", "joules"), "kJ": ("kilojoule", "kilojoules"), "cal": ("calorie", "calories"),
    "kcal": ("kilocalorie", "kilocalories"), "N": ("newton", "newtons"),
    "Pa": ("pascal", "pascals"), "kPa": ("kilopascal", "kilopascals"), "hPa": ("hectopascal", "hectopascals"),
    "psi": ("psi", "psi"), "rpm": ("r p m", "r p m"), "mol": ("mole", "moles"),
    "mmol": ("millimole", "millimoles"), "ppm": ("part per million", "parts per million"),
    "ppb": ("part per billion", "parts per billion"),
    # data
    "KB": ("kilobyte", "kilobytes"), "kB": ("kilobyte", "kilobytes"), "MB": ("megabyte", "megabytes"),
    "GB": ("gigabyte", "gigabytes"), "TB": ("terabyte", "terabytes"), "PB": ("petabyte", "petabytes"),
    "KiB": ("kibibyte", "kibibytes"), "MiB": ("mebibyte", "mebibytes"), "GiB": ("gibibyte", "gibibytes"),
    "TiB": ("tebibyte", "tebibytes"),
    "Kb": ("kilobit", "kilobits"), "Mb": ("megabit", "megabits"), "Gb": ("gigabit", "gigabits"),
    "kbps": ("kilobit per second", "kilobits per second"), "Kbps": ("kilobit per second", "kilobits per second"),
    "mbps": ("megabit per second", "megabits per second"), "Mbps": ("megabit per second", "megabits per second"),
    "Mbit/s": ("megabit per second", "megabits per second"), "Gbps": ("gigabit per second", "gigabits per second"),
    "Gbit/s": ("gigabit per second", "gigabits per second"), "kb/s": ("kilobit per second", "kilobits per second"),
    "px": ("pixel", "pixels"), "dpi": ("d p i", "d p i"), "fps": ("frame per second", "frames per second"),
    # temperature and angle (after a degree sign)
    "\u00b0C": ("degree Celsius", "degrees Celsius"), "\u00b0F": ("degree Fahrenheit", "degrees Fahrenheit"),
    "\u00b0K": ("kelvin", "kelvins"), "\u00b0": ("degree", "degrees"), "\u00ba": ("degree", "degrees"),
    "\u00baC": ("degree Celsius", "degrees Celsius"), "\u00baF": ("degree Fahrenheit", "degrees Fahrenheit"),
    "\u2103": ("degree Celsius", "degrees Celsius"), "\u2109": ("degree Fahrenheit", "degrees Fahrenheit"),
}
# Units read only when written against the number ("5in", not "5 in the box"; "5A").
TIGHT_UNITS = frozenset({"in", "s", "h", "l", "t", "N", "J", "W", "V", "cal", "mi", "Pa"})
# Units that may follow "per" or "/" after a quantity ("$20/mo", "100K hits/day", "12/kg").
PER_UNITS = {
    "s": "second", "sec": "second", "second": "second", "min": "minute", "minute": "minute",
    "h": "hour", "hr": "hour", "hour": "hour", "d": "day", "day": "day", "wk": "week",
    "week": "week", "mo": "month", "mon": "month", "month": "month", "yr": "year", "y": "year",
    "year": "year", "annum": "annum", "km": "kilometer", "m": "meter", "mi": "mile",
    "kg": "kilogram", "g": "gram", "lb": "pound", "l": "liter", "L": "liter", "ml": "milliliter",
    "kWh": "kilowatt hour", "MWh": "megawatt hour", "W": "watt", "Wp": "watt peak", "kW": "kilowatt",
    "kWp": "kilowatt peak", "MW": "megawatt", "GW": "gigawatt", "person": "person", "head": "head",
    "capita": "capita", "unit": "unit", "share": "share", "gallon": "gallon", "gal": "gallon",
    "barrel": "barrel", "bbl": "barrel", "tonne": "tonne", "ton": "ton", "t": "tonne",
    "oz": "ounce", "sq ft": "square foot", "ft": "foot", "m2": "square meter",
    "m\u00b2": "square meter", "night": "night", "user": "user", "seat": "seat",
}


def british_spelling(words: str) -> str:
    """'kilometers' -> 'kilometres', 'liter' -> 'litre' (the sound is the same)."""
    return words.replace("meter", "metre").replace("liter", "litre")


# Denominators said with their own word ("a half", "three quarters").
FRACTION_WORDS = {2: ("half", "halves"), 4: ("quarter", "quarters")}
# Unicode vulgar fractions (NFKC turns most into "1\u20442"; these are the ones it leaves).
VULGAR_FRACTIONS = {"\u00bd": (1, 2), "\u00bc": (1, 4), "\u00be": (3, 4), "\u2153": (1, 3),
                    "\u2154": (2, 3), "\u215b": (1, 8), "\u215c": (3, 8), "\u215d": (5, 8),
                    "\u215e": (7, 8), "\u2155": (1, 5), "\u2159": (1, 6)}

# Abbreviations read the same wherever they stand (case matters: "Gen." not "gen.").
ABBREVIATIONS = {
    "Mr.": "Mister", "Ms.": "Miz", "Messrs.": "Messieurs", "Mx.": "Mix",
    "Jr.": "Junior", "Sr.": "Senior", "Gov.": "Governor", "Sen.": "Senator",
    "Rep.": "Representative", "Lt.": "Lieutenant", "Gen.": "General", "Col.": "Colonel",
    "Sgt.": "Sergeant", "Capt.": "Captain", "Cmdr.": "Commander", "Adm.": "Admiral",
    "Maj.": "Major", "Prof.": "Professor", "Rev.": "Reverend", "Supt.": "Superintendent",
    "Insp.": "Inspector", "Det.": "Detective", "Hon.": "Honorable", "Pres.": "President",
    "Mt.": "Mount", "Ft.": "Fort", "Pt.": "Point", "Ave.": "Avenue", "Blvd.": "Boulevard",
    "Rd.": "Road", "Ln.": "Lane", "Hwy.": "Highway", "Pkwy.": "Parkway", "Sq.": "Square",
    "Inc.": "Incorporated", "Ltd.": "Limited", "Corp.": "Corporation", "Bros.": "Brothers",
    "Dept.": "Department", "Univ.": "University", "Assn.": "Association",
    "approx.": "approximately", "Approx.": "Approximately", "vs.": "versus", "vs": "versus",
    "v.": "versus", "e.g.": "for example", "E.g.": "For example", "i.e.": "that is",
    "I.e.": "That is", "etc.": "et cetera", "et al.": "et al", "cf.": "compare",
    "Ph.D.": "PhD", "n/a": "not applicable", "N/A": "not applicable", "a.k.a.": "also known as",
    "aka": "also known as", "AKA": "also known as", "w/o": "without", "c/o": "care of", "A/C": "A C",
    "Fig.": "Figure", "fig.": "figure", "Figs.": "Figures", "Eq.": "Equation", "eq.": "equation",
    "Vol.": "Volume", "vol.": "volume", "Vols.": "Volumes", "Ch.": "Chapter", "ch.": "chapter",
    "Chap.": "Chapter", "Sec.": "Section", "sec.": "section", "Art.": "Article", "para.": "paragraph",
    "pp.": "pages", "p.": "page", "No.": "Number",
    "no.": "number", "Nos.": "Numbers", "nos.": "numbers", "Tel.": "Telephone", "tel.": "telephone",
    "Tues.": "Tuesday", "Wed.": "Wednesday", "Thurs.": "Thursday", "Thur.": "Thursday",
    "Ext.": "extension", "ext.": "extension", "est.": "established", "Est.": "Established",
    # Wire-service shorthand (Reuters and others), which eSpeak spells letter by letter.
    "mln": "million", "bln": "billion", "pct": "percent", "dlrs": "dollars", "dlr": "dollar",
    "bpd": "barrels per day", "cts": "cents", "bbl": "barrel", "bbls": "barrels",
    "stg": "sterling", "shrs": "shares", "qtr": "quarter", "yrs": "years",
}
# Abbreviations that are read only before a number ("p. 5", "No. 10", "Fig. 3", "Ch. 2").
BEFORE_NUMBER = frozenset({"p.", "pp.", "No.", "no.", "Nos.", "nos.", "Fig.", "fig.", "Figs.", "Eq.",
                           "eq.", "Vol.", "vol.", "Vols.", "Ch.", "ch.", "Chap.", "Sec.", "sec.",
                           "Art.", "para.", "Tel.", "tel.", "Ext.", "ext."})

# Street types after a name ("Baker St.", "Elm St", "Mulholland Dr.").
STREET_TYPES = {
    "St": "Street", "Ave": "Avenue", "Av": "Avenue", "Rd": "Road", "Blvd": "Boulevard", "Dr": "Drive",
    "Ln": "Lane", "Ct": "Court", "Hwy": "Highway", "Expy": "Expressway", "Pkwy": "Parkway",
    "Pl": "Place", "Sq": "Square", "Ter": "Terrace", "Cres": "Crescent", "Fwy": "Freeway",
    "Cir": "Circle", "Trl": "Trail", "Tpke": "Turnpike",
}
# State abbreviations in news style after a place ("Dekalb, Ill.", "Hayward, Calif.").
STATE_ABBREVIATIONS = {
    "Ala.": "Alabama", "Ariz.": "Arizona", "Ark.": "Arkansas", "Calif.": "California", "Colo.": "Colorado",
    "Conn.": "Connecticut", "Del.": "Delaware", "Fla.": "Florida", "Ga.": "Georgia", "Ill.": "Illinois",
    "Ind.": "Indiana", "Kan.": "Kansas", "Kans.": "Kansas", "Ky.": "Kentucky", "La.": "Louisiana",
    "Md.": "Maryland", "Mass.": "Massachusetts", "Mich.": "Michigan", "Minn.": "Minnesota",
    "Miss.": "Mississippi", "Mo.": "Missouri", "Mont.": "Montana", "Neb.": "Nebraska", "Nebr.": "Nebraska",
    "Nev.": "Nevada", "N.H.": "New Hampshire", "N.J.": "New Jersey", "N.M.": "New Mexico",
    "N.Y.": "New York", "N.C.": "North Carolina", "N.D.": "North Dakota", "Okla.": "Oklahoma",
    "Ore.": "Oregon", "Pa.": "Pennsylvania", "R.I.": "Rhode Island", "S.C.": "South Carolina",
    "S.D.": "South Dakota", "Tenn.": "Tennessee", "Tex.": "Texas", "Vt.": "Vermont", "Va.": "Virginia",
    "Wash.": "Washington", "W.Va.": "West Virginia", "Wis.": "Wisconsin", "Wyo.": "Wyoming",
}
COMPASS = {"N": "North", "S": "South", "E": "East", "W": "West", "NE": "Northeast",
           "NW": "Northwest", "SE": "Southeast", "SW": "Southwest"}
US_STATES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas",
    "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts",
    "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri", "MT": "Montana",
    "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey",
    "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota",
    "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island",
    "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah",
    "VT": "Vermont", "VA": "Virginia", "WA": "Washington", "WV": "West Virginia",
    "WI": "Wisconsin", "WY": "Wyoming", "DC": "D C",
}

# Names a roman numeral after which is a regnal number ("Henry VIII" -> "Henry the Eighth").
REGNAL_NAMES = frozenset(
    """
    Henry Edward Richard William George Charles James John Elizabeth Mary Anne Victoria
    Louis Philip Philippe Francis Frederick Ferdinand Charles Carlos Juan Alfonso Pedro
    Peter Paul Pius Benedict Gregory Leo Innocent Clement Boniface Urban Alexander Sixtus
    Adrian Nicholas Ivan Catherine Constantine Justinian Ramesses Ramses Rameses Ptolemy
    Thutmose Amenhotep Darius Xerxes Cyrus Antiochus Seleucus Otto Conrad Rudolf Wilhelm
    Albert Leopold Umberto Victor Emmanuel Gustav Gustavus Christian Haakon Olav Harald Magnus
    Eric Erik Carl Oscar Frederik Margrethe Stephen David Malcolm Robert Alexander Kenneth
    Duncan Donald Constantine Michael Basil Manuel Andronikos Andronicus Sigismund Casimir
    Sancho Alfonso Fernando Isabella Isabel Joanna Juana Manuel Afonso Sebastian Selim
    Mehmed Murad Suleiman Mahmud Abdul Mustafa Ahmed Osman Bayezid Rama Naruhito Akihito
    Hirohito Farouk Fuad Faisal Hussein Abdullah Hassan Mohammed Juliana Beatrix
    Willem Baudouin Philippe Harald Tutankhamun Sobekhotep Mentuhotep Senusret Amenemhat
    Nebuchadnezzar Tiglath Shalmaneser Sargon Ashurnasirpal Esarhaddon Antigonus Demetrius
    Cleopatra Arsinoe Berenice Herod Agrippa Tigranes Mithridates Artaxerxes Shapur Khosrow
    Valentinian Theodosius Leo Justin Heraclius Romanos Isaac Alexios Lothair Pepin Carloman
    Hugh Raymond Baldwin Amalric Guy Bohemond Tancred Roger Tancred Ladislaus Bela Andrew
    Vladislav Boleslaw Mieszko Wenceslaus Ottokar Premysl Maximilian Matthias Joseph
    Leopold Francis Ferdinand Ludwig Maximilian Rupert Frederick Augustus Anna Pope
    """.split()
)
# Titles before a regnal name ("King James I", "Pope John Paul II").
REGNAL_TITLES = frozenset({"King", "Queen", "Pope", "Emperor", "Empress", "Tsar", "Czar", "Tsarina",
                           "Pharaoh", "Sultan", "Shah", "Kaiser", "Prince", "Princess", "Duke",
                           "Duchess", "Earl", "Count", "Countess", "Lord", "Saint", "St."})
# Words after which a roman numeral is a plain number ("World War II" -> "World War Two").
ROMAN_NUMBER_LEADS = frozenset(
    """
    chapter chapters part parts book books volume volumes vol act acts scene scenes episode
    episodes phase phases war bowl apollo vatican article articles title titles schedule
    appendix section sections class type stage level grade mark mk series season psalm psalms
    canto movement tier division league round gen generation annex figure table
    plate council year olympiad symphony concerto sonata op opus canon book
    """.split()
)

# Initialisms eSpeak NG reads as a word ("AP" as "ap"): said letter by letter.
# Checked in context ("the EPA said"); "IS", "OR", "IN" are left alone, as words in capitals.
MISREAD_INITIALISMS = frozenset({"AP", "IRA", "EPA", "TSA", "UAE", "UAW", "ICU", "ANC", "AMA", "ABA", "BA",
                                 "MA", "PhD", "WHO", "NIH", "NGO", "DOD", "GOP", "SEC", "MEP", "OBE", "IPO",
                                 "BOE", "ROK", "RAF", "PLO", "ESA", "ISS", "EEG", "IDE", "IMU", "ICI", "ACLU"})
# Capitals said as a word though their letters do not look like one (see capitals.word_like).
SAID_AS_WORDS = frozenset({"JPEG", "ASCII", "NASDAQ", "FAQ", "SCSI", "YAML", "TOML", "TOEFL", "IELTS", "NOAA",
                           "FATAH", "GMAT", "LSAT", "BIOS", "IKEA", "ICANN", "UNIX", "LINUX", "AWOL", "OPSEC",
                           # SQL's keywords, written in capitals in every database manual
                           "EXISTS", "UNION", "DISTINCT", "VACUUM", "VIEW", "OFFSET", "TEXT"})

# The chemical elements, for formulas ("H2SO4", "CO2", "C6H12O6").
ELEMENTS = frozenset(
    """
    H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As
    Se Br Kr Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu
    Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np
    Pu Am Cm Bk Cf Es Fm Md No Lr Rf Db Sg Bh Hs Mt Ds Rg Cn Nh Fl Mc Lv Ts Og
    """.split()
)

# Top-level domains read as a word; the others (country codes) are spelled ("dot D E").
WORD_DOMAINS = frozenset({"com", "org", "net", "edu", "gov", "info", "biz", "mil", "int", "museum",
                          "aero", "coop", "name", "pro", "xyz", "online", "site", "app", "dev",
                          "blog", "news", "shop", "store", "tech", "cloud", "page", "art", "web"})
# Common file extensions said as a word, not spelled ("intro dot html" is spelled by eSpeak).
FILE_EXTENSIONS = frozenset(
    """
    html htm xhtml css js ts json xml yaml yml toml ini cfg conf txt md rst tex pdf doc docx
    odt xls xlsx csv tsv ppt pptx py pyc c h cc cpp hpp java kt go rs rb pl php sh bash zsh
    lua sql db sqlite log png jpg jpeg gif svg webp bmp ico tif tiff mp3 mp4 m4a m4b ogg opus
    flac wav webm mkv avi mov zip tar gz tgz bz2 xz zst rar deb rpm exe dll so iso img epub
    mobi srt vtt lock diff patch bak tmp out whl egg jar war am ac m4 7z
    """.split()
)
# How to say extensions that are neither a word nor letters ("jpg" as "jpeg").
SAID_EXTENSIONS = {"jpg": "jpeg", "jpeg": "jpeg", "gz": "G Z", "tgz": "T G Z", "bz2": "B Z two",
                   "xz": "X Z", "zst": "Z S T", "py": "pie", "md": "M D", "js": "J S",
                   "ts": "T S", "rs": "R S", "sh": "S H", "h": "H", "c": "C", "cc": "C C",
                   "cpp": "C P P", "rb": "R B", "pl": "P L", "so": "S O", "db": "D B",
                   "cfg": "C F G", "am": "A M", "ac": "A C", "m4": "M four", "7z": "seven Z"}

# Word pairs a slash joins that are said with "or" ("his/her", "and/or").
SLASH_OR = frozenset(
    """
    he/she she/he his/her her/his him/her her/him s/he and/or either/or
    yes/no true/false on/off in/out up/down male/female men/women boys/girls his/hers
    him/herself himself/herself mr/mrs mr/ms
    """.split()
)
# A person's pronouns ("Rich Trott (he/him)"), said as the two words, not as a choice.
PRONOUN_SETS = frozenset(
    """
    he/him he/his she/her she/hers they/them they/their he/they she/they they/he they/she
    ze/zir ze/hir xe/xem it/its
    """.split()
)
# Symbols said as words where no other class took them.
SYMBOL_WORDS = {
    "\u2192": " to ", "\u2190": " from ", "\u2194": " to and from ", "\u21d2": " implies ",
    "\u2248": " about ", "\u2264": " at most ", "\u2265": " at least ", "\u2260": " is not equal to ",
    "\u00d7": " times ", "\u00f7": " divided by ", "\u221a": " the square root of ",
    "\u221e": " infinity ", "\u03c0": " pi ", "\u00b1": " plus or minus ", "\u2030": " per mille ",
    "\u2116": " number ",
}
# Time zones said after a time ("1:59 p.m. EST").
TIME_ZONES = frozenset({"EST", "EDT", "CST", "CDT", "MST", "MDT", "PST", "PDT", "GMT", "UTC", "BST",
                        "CET", "CEST", "EET", "IST", "JST", "AEST", "AEDT", "ET", "PT", "CT", "MT", "Z"})
