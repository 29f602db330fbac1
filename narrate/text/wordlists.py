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
    v abs bzw evtl ggf inkl nr str usw vgl z.b u.a geb gest jh mio mrd zzgl hrsg
    env sra dra dott ecc pag
    """.split()
)

# Month names after which 'am 1. Juli' keeps its sentence: the number is an ordinal day.
ORDINAL_MONTHS = frozenset(
    """
    januar jänner februar feber märz april mai juni juli august september oktober november dezember
    """.split()
)

# German words that start a sentence after a number ('Er ist 25. Dann ging er.'); after any
# other capitalised word the number is an ordinal ('in der 52. Minute', 'wurde 3. Sieger').
GERMAN_SENTENCE_STARTERS = frozenset(
    """
    der die das den dem des ein eine einer eines einem einen er sie es wir ich ihr man
    aber und oder doch denn dann danach damit dabei dafür dagegen daher darum deshalb so auch
    nun jetzt heute gestern morgen hier dort da im in am an auf aus bei mit nach vor für von zu
    zum zur über unter seit bis als wenn wie was wer wo warum weil dass dies diese dieser dieses
    mein meine sein seine ihre unser unsere kein keine nicht noch schon nur alle viele einige
    insgesamt zudem außerdem trotzdem allerdings jedoch immerhin bereits
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

# The word tables of the semiotic-class stage (numbers, currencies, units, abbreviations) are
# per language: narrate/text/readings/<language>/words.py.

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
    ok tv pc dvd cd ps
    """.split()
)
