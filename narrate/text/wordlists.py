"""Data only: word lists the text functions consult. Logic lives elsewhere."""

from __future__ import annotations

# Abbreviations whose final period never ends a sentence (compared lower-case, without the dot).
TITLES_AND_ABBREVIATIONS = frozenset(
    """
    mr mrs ms mx dr prof rev fr sr jr st mt ft gen col lt sgt capt cmdr adm maj brig
    sen rep gov pres supt insp det hon messrs mme mlle
    jan feb mar apr jun jul aug sep sept oct nov dec
    mon tue tues wed thu thur thurs fri sat sun
    no nos vol vols fig figs ch chap sec pp ed eds est approx dept univ assn bros
    inc ltd co corp plc llc
    vs etc al cf ca
    e.g i.e a.m p.m
    """.split()
)

# Words that, after an initialism such as "U.S.", show that a new sentence has begun.
SENTENCE_STARTERS = frozenset(
    """
    the a an he she it they we i you his her its their our this that these those
    but and so yet or however meanwhile still then there here in on at after before
    when while if as for with by from officials some many most one two
    """.split()
)

# Abbreviations eSpeak NG reads badly, spelled out (checked with its phoneme output:
# "Gov." is read "gov", "Jr." as "J R", "i.e." as "I E"). Case matters: "Gen." not "gen.".
# Those it reads well ("Mr.", "Dr.", "St.", "e.g.", "etc.", "No.", "U.S.") are left alone.
ABBREVIATIONS = {
    "Jr.": "Junior", "Sr.": "Senior", "Gov.": "Governor", "Sen.": "Senator",
    "Rep.": "Representative", "Lt.": "Lieutenant", "Gen.": "General", "Col.": "Colonel",
    "Sgt.": "Sergeant", "Capt.": "Captain", "Cmdr.": "Commander", "Adm.": "Admiral",
    "Maj.": "Major", "Prof.": "Professor", "Rev.": "Reverend", "Supt.": "Superintendent",
    "Mt.": "Mount", "Ft.": "Fort", "Ave.": "Avenue", "Blvd.": "Boulevard", "Rd.": "Road",
    "Inc.": "Incorporated", "Ltd.": "Limited", "Corp.": "Corporation", "Bros.": "Brothers",
    "Dept.": "Department", "Univ.": "University", "Fig.": "Figure", "fig.": "figure",
    "approx.": "approximately", "Approx.": "Approximately", "vs.": "versus", "vs": "versus",
    "i.e.": "that is", "I.e.": "That is", "Ph.D.": "PhD", "n/a": "not applicable",
    "N/A": "not applicable",
    # Wire-service shorthand (Reuters and others), which eSpeak spells letter by letter.
    "mln": "million", "bln": "billion", "pct": "percent", "dlrs": "dollars", "dlr": "dollar",
    "bpd": "barrels per day", "cts": "cents", "bbl": "barrel", "bbls": "barrels",
    "stg": "sterling", "shrs": "shares", "qtr": "quarter", "yrs": "years",
}

# Month abbreviations, expanded only before a day number ("Jan. 5" -> "January 5").
MONTH_ABBREVIATIONS = {
    "Jan": "January", "Feb": "February", "Mar": "March", "Apr": "April", "Jun": "June",
    "Jul": "July", "Aug": "August", "Sep": "September", "Sept": "September",
    "Oct": "October", "Nov": "November", "Dec": "December",
}

MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December",
)

# Currency symbols: (singular, plural, minor unit singular, minor plural). Longest first.
CURRENCIES = {
    "US$": ("US dollar", "US dollars", "cent", "cents"),
    "C$": ("Canadian dollar", "Canadian dollars", "cent", "cents"),
    "A$": ("Australian dollar", "Australian dollars", "cent", "cents"),
    "NZ$": ("New Zealand dollar", "New Zealand dollars", "cent", "cents"),
    "HK$": ("Hong Kong dollar", "Hong Kong dollars", "cent", "cents"),
    "$": ("dollar", "dollars", "cent", "cents"),
    "€": ("euro", "euros", "cent", "cents"),
    "£": ("pound", "pounds", "penny", "pence"),
    "¥": ("yen", "yen", "", ""),
    "₹": ("rupee", "rupees", "paisa", "paise"),
}

# Scale suffixes after a number: "$5.2bn", "€300m", "2tn", "$5k".
SCALES = {
    "k": "thousand", "thousand": "thousand", "m": "million", "mn": "million",
    "million": "million", "b": "billion", "bn": "billion", "billion": "billion",
    "t": "trillion", "tn": "trillion", "trillion": "trillion",
}

# Decades: "1950s" -> "19 fifties" (eSpeak reads "1950s" as "nineteen hundred fifty z").
DECADES = ("hundreds", "tens", "twenties", "thirties", "forties", "fifties", "sixties",
           "seventies", "eighties", "nineties")

# Simple fractions: denominator -> (singular, plural).
FRACTIONS = {
    2: ("half", "halves"), 3: ("third", "thirds"), 4: ("quarter", "quarters"),
    5: ("fifth", "fifths"), 6: ("sixth", "sixths"), 8: ("eighth", "eighths"),
    10: ("tenth", "tenths"),
}

# Units after a number that eSpeak spells letter by letter ("5km" -> "five K M").
UNITS = {
    "km/h": "kilometres per hour", "kph": "kilometres per hour", "mph": "miles per hour",
    "km": "kilometres", "cm": "centimetres", "mm": "millimetres", "kg": "kilograms",
    "mg": "milligrams", "lb": "pounds", "lbs": "pounds", "kWh": "kilowatt hours",
    "kW": "kilowatts", "MW": "megawatts", "GW": "gigawatts", "GB": "gigabytes",
    "MB": "megabytes", "TB": "terabytes",
}

# Symbols eSpeak reads badly or not at all; "&", "%", "+", "±", "×", "§" it reads well.
SYMBOLS = {"→": " to ", "←": " from ", "≈": " about ", "≤": " at most ", "≥": " at least "}

# News agencies in datelines and how to say them ("AP" alone is read as the word "ap").
AGENCIES = {"AP": "A P", "AFP": "A F P", "UPI": "U P I", "dpa": "D P A", "DPA": "D P A",
            "PA": "P A", "CNN": "CNN", "Reuters": "Reuters", "Bloomberg": "Bloomberg",
            "ANSA": "Ansa", "EFE": "E F E", "Kyodo": "Kyodo", "Xinhua": "Xinhua", "TASS": "Tass",
            "Yonhap": "Yonhap", "PTI": "P T I", "IANS": "I A N S", "AAP": "A A P",
            "CP": "C P", "KNA": "K N A", "epd": "E P D", "SDA": "S D A", "APA": "A P A",
            "Associated Press": "Associated Press", "Agence France-Presse": "Agence France Presse",
            "AP Photo": "A P"}

# The closing credit of a wire story: "(Reporting by ...; Editing by ...)" and its kin.
CREDIT_OPENINGS = (
    "reporting by", "additional reporting by", "writing by", "editing by", "compiled by",
    "reporting and writing by", "research by", "graphics by", "produced by", "written by",
    "text by", "edited by", "photos by", "with reporting by",
)

# Bracketed editorial notes that are not part of the text (matched case-insensitively).
EDITORIAL_NOTES = (
    "sic", "citation needed", "clarification needed", "according to whom", "who",
    "when", "edit", "update", "updated", "editor's note", "editors' note", "ed. note",
    "photo", "image", "video", "graphic", "advertisement", "ad", "read more", "related",
    "more", "audio", "listen", "watch", "\u2026", "...", "laughter", "applause", "inaudible",
)

# Initialisms written in lower or mixed case that are meant to be said letter by letter
# ("the os module", "/etc/fstab on an efi system"): the listening check does not report them.
SPELLED_INITIALISMS = frozenset(
    """
    iOS iPadOS tvOS pH mRNA os fs rc efi uefi uuid ssh sshd pdf html url uri id io ip tcp udp
    dns cpu gpu usb api cli gui sql xml csv tty pty pid uid gid lvm ntp ftp http https nfs dhcp
    acpi bios gpt mbr smtp imap lan vpn svg png gif tls ssl gpg pgp vm kvm lt gt le ge eq ne
    ok tv pc dvd cd
    """.split()
)
