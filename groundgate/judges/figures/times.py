"""Dates, times of day and weekdays, in the languages the tripwire reads, and spans of them ('9am-5pm',
'Monday to Friday', '月〜金'): a span states both of its ends (and, for weekdays, the days between). Month
and weekday names come from CLDR (babel); times are read in 12- and 24-hour forms ('6pm', '18:00', '18h',
'18 Uhr', '午後6時', '오후 6시', '下午6点'); a time written without a half of the day ('6 o'clock', '6時')
is read both ways."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from groundgate.judges.figures import lexicon
from groundgate.judges.figures.figure import Day, Kind

_ORD = r"(?:st|nd|rd|th|er|re|e|ème|eme|º|ª|\.)?"


def anchored(pattern: re.Pattern[str], text: str, starts: Iterable[int] | None) -> Iterator[re.Match[str]]:
    """``pattern``'s matches that start at one of ``starts`` (where digits start), in order, none overlapping:
    a long text is not scanned character by character once per pattern. None: scan the whole text."""
    if starts is None:
        yield from pattern.finditer(text)
        return
    last = 0
    for start in starts:
        if start < last:
            continue
        match = pattern.match(text, start)
        if match is not None and match.end() > match.start():
            last = match.end()
            yield match


@dataclass(frozen=True, slots=True)
class Found:
    """A figure found in the rewritten text, before it is quoted from the original."""

    start: int
    end: int
    kind: Kind
    value: Decimal
    unit: str = ""
    days: frozenset[Day] = frozenset()
    readings: frozenset[int] = frozenset()
    name: str = ""
    quote: tuple[int, int] | None = None  # the span to quote, when wider than the figure's own (a range)
    other: Decimal | None = None  # the value's other reading, when its separator may be either ('1,000')
    written: Decimal | None = None  # the number as written, when the value is not it ('99 cents' is 0.99)


# --- dates ------------------------------------------------------------------------------------------


_WORD = re.compile(r"[^\W\d_]+")


@cache
def _month_words(lang: str) -> frozenset[str]:
    return frozenset(lexicon.month_names(lang) or lexicon.month_names("en"))


@cache
def _dates(lang: str, named: bool = True) -> re.Pattern[str]:
    """Dates in this language; ``named``: with month names (else only dates in digits, a faster scan)."""
    names = (lexicon.month_names(lang) or lexicon.month_names("en")) if named else {"\x00": 0}
    first = "" if named else r"(?=\d)"
    if lang == "en" or lang not in lexicon.LATIN:  # 'you may return' is not a date: English months capitalised
        month = "|".join(sorted({f for n in names for f in (n.capitalize(), n.upper())}, key=len, reverse=True))
        flags = 0
    else:
        month = "|".join(sorted(names, key=len, reverse=True))
        flags = re.IGNORECASE
    month = month if named else "(?!)"  # no month names: a text's own NUL is no month ('0 \x00')
    # '03.07.' and '14/07' without a year: the day first, in the languages that write it so
    short = (
        r"| (?P<sd_d>\d{1,2})(?:\.(?P<sd_m>\d{1,2})\.|/(?P<ss_m>\d{1,2}))(?![\d/])"
        if lang in ("fr", "de", "es", "pt", "it", "nl")
        else ""
    )
    return re.compile(
        rf"""{first}(?<![0-9A-Za-zÀ-ÿ_./-])(?<!\d,)(?:
            (?P<iso_y>\d{{4}})(?P<iso_sep>[-/.])\s?(?P<iso_m>\d{{1,2}})(?P=iso_sep)\s?(?P<iso_d>\d{{1,2}})\.?(?!\d)
          | (?P<num_a>\d{{1,2}})(?P<num_sep>[/.-])(?P<num_b>\d{{1,2}})(?P=num_sep)(?P<num_y>\d{{4}})(?!\d)
          | (?=\d)(?P<dm_d>\d{{1,2}}){_ORD}(?:\s+(?:of|de))?\s+(?P<dm_m>{month})(?![^\W\d_])\.?(?:,?\s+(?:de\s+|del\s+)?(?P<dm_y>\d{{4}}))?
          | (?P<md_m>{month})\.?\s+(?:the\s+)?(?P<md_d>\d{{1,2}})(?:st|nd|rd|th)?(?![\d:])(?:,?\s+(?P<md_y>\d{{4}}))?
          | (?P<my_m>{month})\.?,?\s+(?:de\s+)?(?P<my_y>\d{{4}})
          | (?:(?P<cjk_y>\d{{4}})\s?[年년]\s?)?(?P<cjk_m>\d{{1,2}})\s?[月월]\s?(?P<cjk_d>\d{{1,2}})\s?[日号號일]
          | (?P<cym_y>\d{{4}})\s?[年년]\s?(?P<cym_m>\d{{1,2}})\s?[月월](?!\s?\d)
          | (?P<cm_m>\d{{1,2}})\s?[月월](?=分|份|의|の|末|初|中|上旬|中旬|下旬|부터|까지|から|まで)
          {short}
        )(?![A-Za-zÀ-ÿ]|/\d|[.,]\d)""",
        re.VERBOSE | flags,
    )


_PRICED = re.compile(r"[$€£¥₩] ?\Z")


def dates(text: str, lang: str, words: set[str] | None = None, starts: list[int] | None = None) -> Iterator[Found]:
    """``words``: the text's words, lowercased, when the caller has them; ``starts``: where its digits start."""
    months = lexicon.month_names(lang) or lexicon.month_names("en")
    if lang == "en" or lang not in lexicon.LATIN:  # English month names are capitalised: 'you may' is no date
        candidates = _month_words("en").intersection(words if words is not None else _WORD.findall(text.lower()))
        named = any(name.capitalize() in text or name.upper() in text for name in candidates)
    else:
        named = not _month_words(lang).isdisjoint(words if words is not None else _WORD.findall(text.lower()))
    taken: list[tuple[int, int]] = []
    months_said: list[tuple[int, Day]] = []  # where each date is said, and its first reading
    for match in anchored(_dates(lang, named), text, None if named else starts):
        g = match.groupdict()
        readings: set[Day] = set()
        if g["iso_y"]:
            readings.add((int(g["iso_y"]), int(g["iso_m"]), int(g["iso_d"])))
        elif g["num_y"]:  # 03/04/2024: 3 April or March 4; 03.04.2024 is 3 April
            a, b, year = int(g["num_a"]), int(g["num_b"]), int(g["num_y"])
            readings.add((year, b, a))
            if g["num_sep"] != ".":
                readings.add((year, a, b))
        elif g["dm_m"]:
            readings.add((_year(g["dm_y"]), months[g["dm_m"].lower().rstrip(".")], int(g["dm_d"])))
        elif g["md_m"]:
            readings.add((_year(g["md_y"]), months[g["md_m"].lower().rstrip(".")], int(g["md_d"])))
        elif g["my_m"]:
            readings.add((int(g["my_y"]), months[g["my_m"].lower().rstrip(".")], None))
        elif g["cjk_m"]:
            readings.add((_year(g["cjk_y"]), int(g["cjk_m"]), int(g["cjk_d"])))
        elif g["cm_m"]:  # '12月分', '3月から', '12월부터': a month, said of no year
            readings.add((None, int(g["cm_m"]), None))
        elif g.get("sd_d"):
            readings.add((None, int(g["sd_m"] or g["ss_m"]), int(g["sd_d"])))
        else:
            readings.add((int(g["cym_y"]), int(g["cym_m"]), None))
        valid = frozenset(r for r in readings if 1 <= r[1] <= 12 and (r[2] is None or 1 <= r[2] <= 31))
        if g.get("sd_d") and _PRICED.search(text, max(0, match.start() - 2), match.start()):
            valid = frozenset()  # 'Model 10 is €20.10.': a price at a sentence's end, no day and month
        if valid:
            day = next(iter(valid))[2]
            yield Found(match.start(), match.end(), "date", Decimal(day or 0), days=valid)
            other = _CJK_DAY_AFTER.match(text, match.end()) if g["cjk_m"] else None
            if other is not None and 1 <= int(other.group("d")) <= 31:  # '6月1日到18日': the 18th of June
                first = next(iter(valid))
                second: Day = (first[0], first[1], int(other.group("d")))
                yield Found(other.start("d"), other.end(), "date", Decimal(second[2] or 0), days=frozenset({second}))
                taken.append((other.start("d"), other.end()))
            taken.append((match.start(), match.end()))
            months_said.append((match.start(), next(iter(valid))))
    if lang in ("zh", "ja") and months_said:
        for lone in _LONE_DAY.finditer(text):
            earlier = [day for at, day in months_said if at < lone.start()]
            day = int(
                lone.group("d")
            )  # '1日6時間', '1日9時から': one day, said per day, unless a weekday makes it a date
            if earlier and 1 <= day <= 31 and (day > 1 or lone.group("weekday")) and not any(a <= lone.start() < b for a, b in taken):  # fmt: skip
                said: Day = (earlier[-1][0], earlier[-1][1], day)
                yield Found(lone.start(), lone.end(), "date", Decimal(said[2] or 0), days=frozenset({said}))


_MINUTES_AFTER = re.compile(r"\s?(?:에서|부터|~|〜|～|-|–|到|至|から)\s?(?P<m>\d{1,2})\s?[分분](?![钟間间])")
_CJK_DAY_AFTER = re.compile(
    r"(?:\s?[(（][^)）\d]{1,3}[)）])?\s?(?:到|至|~|〜|～|-|–|から|부터|에서)\s?(?P<d>\d{1,2})\s?[日号號일](?![間间])"
)
# A day of the month said alone, its month the last date's: before its weekday or its hour ('27日の23時59分',
# '17日（金）'); a number of days is said so too ('3日間', '27日以内'), never before those.
_LONE_DAY = re.compile(
    r"(?<![\d月월年년])(?P<d>\d{1,2})\s?[日号](?=\s?(?P<weekday>[(（][月火水木金土日一二三四五六][)）])|の?\s?(?:\d{1,2}\s?(?:[:：]\d{2}|[時时](?![間间])|点(?!\s?\d))|午前|午後|朝|夜|上午|下午|晚上))"
)


def _year(text: str | None) -> int | None:
    return int(text) if text else None


# --- weekdays ---------------------------------------------------------------------------------------

# What joins a span's two days in each language, with the article some fuse with it ('dal martedì alla
# domenica', 'de segunda até sábado', 'van maandag tot en met vrijdag', 'du lundi jusqu'au samedi').
_SPAN = r"\s*(?:-|–|—|~|〜|～|/|·|・|to|through|thru|till|until|à|au|jusqu'au|jusqu’au|bis(?: zum)?|a|al|alla|fino al|fino alla|fino a|hasta(?: el)?|até(?: ao| à| a)?|ao|tot en met|t/m|tot|至|到|から|부터)\s*"


@cache
def _weekdays(lang: str) -> tuple[re.Pattern[str], re.Pattern[str], dict[str, int], dict[str, int]]:
    """(spans, single days, every name to its index, full names to their index)."""
    full = lexicon.weekday_names(lang)
    every = dict(full)
    if lang in lexicon.LATIN:
        from babel import Locale

        locale = Locale(lang)
        for context in ("format", "stand-alone"):
            for width in ("abbreviated", "short"):
                for index, name in locale.days[context][width].items():
                    every.setdefault(name.lower().rstrip("."), index)
    elif lang in ("ja", "ko"):  # '月〜金', '월~금': single letters, in spans only
        every |= {letter: index for index, letter in enumerate(lexicon.CJK_WEEKDAY_LETTERS[lang])}
    any_name = "|".join(sorted((re.escape(n) for n in every), key=len, reverse=True))
    one_name = "|".join(sorted((re.escape(n) for n in full), key=len, reverse=True))
    edge = r"(?![^\W\d_])" if lang in lexicon.LATIN else ""
    before = r"(?<![^\W\d_])" if lang in lexicon.LATIN else r"(?<!\d)"
    span = re.compile(rf"{before}(?P<a>{any_name})\.?{edge}{_SPAN}(?P<b>{any_name})\.?{edge}", re.IGNORECASE)
    words = "|".join(sorted((re.escape(w) for w in lexicon.WEEKDAY_WORDS), key=len, reverse=True))
    extra = ""
    if lang in ("de", "nl"):  # a compound's first part: 'Zaterdagbezorging', 'Sonntagsöffnung'
        extra = rf"|{before}(?P<compound>{one_name})s?(?=[^\W\d_]{{3}})"
    elif lang in ("ja", "ko"):  # a date's weekday in brackets: '6月10日(火)', '6월 10일(화)'
        extra = rf"|(?<=[日일\s])\s?[(（](?P<letter>[{lexicon.CJK_WEEKDAY_LETTERS[lang]}])[)）]"
    short = "|".join(sorted((re.escape(n) for n in every if n not in full and len(n) >= 2), key=len, reverse=True))
    if (
        lang in ("de", "nl") and short
    ):  # an abbreviation before the hours it is open ('za 09.00–17.30 uur', 'Sa 9–13 Uhr')
        # German writes them capitalised ('Mi 12 Uhr'; 'so 8 bis 10' is 'about'); a time read before (now blank) follows
        short = "|".join(name.capitalize() for name in short.split("|")) if lang == "de" else short
        extra += rf"|{before}(?P<abbr>(?-i:{short}))\.?\s(?=\s{{3,}}|\s*[-–]\s*\S|\d{{1,2}}(?:[.:]\d{{2}})?\s?[-–])"
    one = re.compile(rf"{before}(?P<day>{one_name}){edge}|(?<![\d个個])(?P<words>{words}){edge}{extra}", re.IGNORECASE)
    return span, one, every, full


_WORDS = frozenset(word for words in lexicon.WEEKDAY_WORDS for word in words.split() if len(word) > 3)


def _tokens(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


@cache
def _named(lang: str) -> frozenset[str]:
    return frozenset(_weekdays(lang)[3])


@cache
def _wide(lang: str) -> frozenset[str]:
    """A Latin-script language's weekday names written in full (and their plurals): CLDR's wide forms."""
    if lang not in lexicon.LATIN:
        return frozenset(_named(lang))
    from babel import Locale

    locale = Locale(lang)
    names = {n.lower() for c in ("format", "stand-alone") for n in locale.days[c]["wide"].values()}
    return frozenset(names | {n + "s" for n in names} | {"tues", "weds", "thur", "thurs"})


@cache
def _prefixes(lang: str) -> tuple[str, ...]:
    return tuple(_weekdays(lang)[3])


@cache
def _abbreviated(lang: str) -> frozenset[str]:
    """The abbreviations that only a span of two reads ('Mo–Fr', 'Sa/So'), so a text holding one is read."""
    return frozenset(name for name in _weekdays(lang)[2] if name not in _named(lang) and len(name) >= 2)


def weekdays(text: str, lang: str, words: set[str] | None = None) -> Iterator[Found]:
    """Weekdays named, one figure each; a span ('Monday to Friday') names every day from one end to the other.
    ``words``: the text's words, lowercased, when the caller has them."""
    span, one, every, full = _weekdays(lang)
    if lang in lexicon.LATIN:
        words = words if words is not None else _tokens(text)
        named = not (_WORDS.isdisjoint(words) and _named(lang).isdisjoint(words) and _abbreviated(lang).isdisjoint(words))  # fmt: skip
        if not named and (lang not in ("de", "nl") or not any(word.startswith(_prefixes(lang)) for word in words)):
            return
    taken: list[tuple[int, int]] = []
    for match in span.finditer(text):
        a, b = every.get(match.group("a").lower()), every.get(match.group("b").lower())
        if a is None or b is None or a == b:
            continue
        taken.append(match.span())
        joint = text[match.end("a") : match.start("b")].strip().lower()
        listed = joint in (
            "/",
            "·",
            "・",
        )  # 'Sa/So', '토·일': the two days, not those between ('t/m' is 'up to and including')
        for index in (a, b) if listed else [(a + step) % 7 for step in range((b - a) % 7 + 1)]:
            yield Found(match.start(), match.end(), "weekday", Decimal(index))
    every = _weekdays(lang)[2]
    for match in one.finditer(text):
        if any(s <= match.start() < e for s, e in taken):
            continue
        if match.group("day"):
            day = match.group("day")
            if day.lower() not in _wide(lang) and not day[0].isupper() and text[match.end() : match.end() + 1] != ".":
                continue  # 'para ter 5%', 'mar' in Italian: an abbreviation alone is one when it looks like one
            yield Found(match.start(), match.end(), "weekday", Decimal(full[day.lower()]))
        elif match.groupdict().get("abbr"):
            yield Found(match.start(), match.end("abbr"), "weekday", Decimal(every[match.group("abbr").lower()]))
        elif match.groupdict().get("compound"):
            yield Found(match.start(), match.end("compound"), "weekday", Decimal(full[match.group("compound").lower()]))
        elif match.groupdict().get("letter"):
            index = lexicon.CJK_WEEKDAY_LETTERS[lang].index(match.group("letter"))
            yield Found(match.start("letter"), match.end("letter"), "weekday", Decimal(index))
        else:
            for index in lexicon.WEEKDAY_WORDS[match.group("words").lower()]:
                yield Found(match.start(), match.end(), "weekday", Decimal(index))


# --- times of day -----------------------------------------------------------------------------------

_TIMES = re.compile(
    r"""(?=[\dhHqQkKvV上早中下晚傍凌午오저아])(?<![0-9A-Za-zÀ-ÿ_.:/])(?:
        (?P<h12>\d{1,2})(?:[:.](?P<m12>\d{2}))?\s?(?P<half>[ap])(?:\.\s?m\.?|m)(?![a-z])
      | (?P<h24>\d{1,2}):(?P<m24>\d{2})(?![\d:]|[,.]\d{3}(?!\d)(?!\s?(?:days?|jours?|tage|días|dias|giorni|dagen|天|日|일))|(?<=(?<!\d)1:\d\d)[\s\u202f\u00a0]\d{3}(?!\d))(?:\s?(?:Uhr|uur|h)\b)?
      | (?P<hde>\d{1,2})(?:[.:](?P<mde>\d{2}))?\s?(?P<uhr>Uhr|uur)(?:\s(?P<de_half>morgens|früh|vormittags|nachmittags|abends|nachts|[’']s\s(?:ochtends|morgens|middags|avonds|nachts)))?\b
      | (?P<hfr>\d{1,2})\s?h(?:\s(?P<frq>et\squart|et\sdemie|moins\sle\squart|moins\squart)(?![\w])|\s?(?P<mfr>\d{2})?(?![\w/]))
      | (?P<hdot>\d{1,2})\.(?P<mdot>[0-5]\d)(?![\d]|[.,]\d)
      | (?P<hw>\d{1,2})\s(?:o'clock\s)?in\sthe\s(?P<w_half>morning|afternoon|evening)
      | (?P<hfw>\d{1,2})\s(?:heures?\s)?(?P<fq>et\squart\s|et\sdemie?\s|moins\sle\squart\s|y\scuarto\s|y\smedia\s|menos\scuarto\s|e\smeia\s|e\sum\squarto\s|e\smezza\s|e\sun\squarto\s)?(?:du|de\sl'|de\sla|da|della|di)\s?(?P<fw_half>matin|soir|après-midi|mañana|tarde|noche|madrugada|manhã|noite|mattina|sera|pomeriggio|notte)
      | (?P<hoc>\d{1,2})\so'clock
      | (?:(?<=alle\s)|(?<=dalle\s))(?P<hit>\d{1,2})(?![\d,:]|\.\d)(?!\s*alle\s+\d{1,2}\s+(?:settiman|giorn|giornat|or[ae]\b|mes|ann|minut|volt|person|euro|€|%))(?=\s*(?:$|[.;:)]|,\s|e\s|ed\s|fino\b|ora\s(?:italiana|locale|di)|alle\s|dalle\s|di\s(?:sera|mattina|notte|pomeriggio)|del\s|in\s|con\s|per\s))(?:\se\s(?P<hit_m>mezza|mezzo|un\squarto|1\squarto|tre\squarti|3\squarti|\d{2})(?![\w]))?
      | (?:(?<=alle\s)|(?<=dalle\s)|(?<=ore\s)|(?<=las\s)|(?<=às\s)|(?<=as\s))(?P<hzone>\d{1,2})(?=\s(?:ora|hora|horário)\s(?:italiana|locale|local|peninsular|de\s|di\s|do\s|da\s))
      | (?:(?<=à\s)|(?<=vers\s)|(?<=dès\s)|(?<=avant\s)|(?<=après\s))(?P<hfa>\d{1,2})\sheures?(?:\s(?P<fq2>et\squart|et\sdemie|moins\sle\squart))?(?![\w])
      | half\spast\s(?P<hp>\d{1,2})
      | quarter\spast\s(?P<hq>\d{1,2})
      | (?:halb|(?<=om\s)half|(?<=tot\s)half|(?<=vanaf\s)half|(?<=rond\s)half)\s(?P<hhalb>\d{1,2})(?!\d)(?:\s(?P<halb_half>[’']s\s(?:ochtends|morgens|middags|avonds|nachts)|morgens|abends|nachmittags|vormittags))?
      | (?:kwart|[Vv]iertel)\s(?P<qdir>over|voor|nach|vor)\s(?P<hq2>\d{1,2})(?!\d)(?:\s(?P<q2_half>[’']s\s(?:ochtends|morgens|middags|avonds|nachts)|morgens|abends|nachmittags|vormittags))?
      | (?P<cjk_half>上午|早上|早晨|中午|下午|晚上|傍晚|凌晨|午前|午後|오전|오후|저녁|아침)?\s?(?P<hcjk>\d{1,2})\s?(?:[点點]|[時时](?![間间])|시(?![간작]))(?:\s?(?P<mcjk>\d{1,2})\s?[分분]|\s?(?P<half_hour>半|반)(?!품|값|액|년|기))?
    )""",
    re.VERBOSE | re.IGNORECASE,
)
_UNIT_AFTER = r"\s?(?:€|\$|£|%|eur|euro|kg|km|mg|ml|g|l|m|cm|mm|gb|mb|mmol|µmol|μmol|umol|iu|miu|mui|punti|points|punten|punkte)(?![^\W\d_])|\s?(?:mmol|µmol|μmol|umol|mg|µg|ng|g|ml|dl|l|iu|miu|ui|mui|meq|kg|km|m)/"
_NOT_AMOUNT = rf"(?!{_UNIT_AFTER})"
_AMOUNT_AFTER = re.compile(_UNIT_AFTER, re.IGNORECASE)
_DOT_PAIR_AFTER = re.compile(rf"\s?[-–]\s?(?:[01]?\d|2[0-4])\.[0-5]\d(?![\d.,]){_NOT_AMOUNT}", re.IGNORECASE)
_SPAN_AFTER_NL = re.compile(r"\s+(?:(?:voor|vóór)\s+(?:het|de|uw|je|jouw)\s+(?:\w+\s+)?(?:tijdstip|aanvang|vertrek|vertrektijd|aankomst|afspraak|start|begin|onderzoek|reservering|vlucht|behandeling|ingreep|operatie)|van\s+tevoren|tevoren|ervoor|erna|na\s+(?:aankomst|vertrek|ontvangst|afloop)|geleden|lang|ertussen)(?![^\W\d_])", re.IGNORECASE)  # fmt: skip
_SPAN_BEFORE_NL = re.compile(r"(?:tussenpozen|intervallen|pauzes|periodes)\s+van\s+$", re.IGNORECASE)
_DOT_LIST_AFTER = re.compile(r"(?:\s?,\s?(?:[01]?\d|2[0-4])[.:][0-5]\d)*\s?(?:,|\s(?:en|and|et|und|y|e|of|or|ou|oder|o))\s(?:[01]?\d|2[0-4])[.:][0-5]\d\s?(?:uur|Uhr|h|heures|horas|ore)(?![^\W\d_])", re.IGNORECASE)  # fmt: skip
_DOT_PAIR_BEFORE = re.compile(r"(?<![\d.,])(?:[01]?\d|2[0-4])\.[0-5]\d\s?[-–]\s?$")
_NIGHT = frozenset({"nachts", "notte", "noche", "noite", "'s nachts", "’s nachts", "nuit", "night", "晚上", "밤"})
_PM = frozenset({"afternoon", "evening", "soir", "après-midi", "tarde", "noche", "noite", "sera", "pomeriggio", "notte", "nachmittags", "abends", "nachts", "'s middags", "'s avonds", "'s nachts", "’s middags", "’s avonds", "’s nachts", "下午", "晚上", "傍晚", "午後", "오후", "저녁"})  # fmt: skip
_AM = frozenset({"morning", "matin", "mañana", "madrugada", "manhã", "mattina", "morgens", "früh", "vormittags", "'s ochtends", "'s morgens", "’s ochtends", "’s morgens", "上午", "早上", "早晨", "凌晨", "午前", "오전", "아침"})  # fmt: skip
# Words before 'N h' that make it a time of day (à 18h, de 9h, jusqu'à 18h), not a duration (dure 2 h).
_AT = re.compile(r"(?:\b(?:à|a|de|dès|jusqu'à|jusqu’à|avant|après|entre|vers|et|las|les|from|at|until|ab|bis|um|gegen|às|as|das|da|até|após|dalle|alle|le|fino alle|dopo le|entro le|om|tot|vanaf|van|na|voor|vóór)|-|–)\s*$", re.IGNORECASE)  # fmt: skip


# ... but a comparison's 'de' says how long ('más de 6 h', 'plus de 3 h', 'mais de 4 h', 'meno di 2 h').
_MORE_THAN = re.compile(r"(?<![^\W\d_])(?:más|menos|plus|moins|mais|mehr als|weniger als|più|meno|meer dan|minder dan)\s+(?:de|di|d'|als|dan)?\s*$", re.IGNORECASE)  # fmt: skip
# The second end of a span of times ('entre 4h e 8h', 'de 9h à 17h'): a time, like the first.
_SPAN_END = re.compile(r"(?<!\d)\d{1,2}\s?h(?:\d{2})?\s*(?:-|–|à|às|a|to|bis|e|et|y|al)\s*$", re.IGNORECASE)
# A dotted time's span ('alle 16.30–18.30'): the first end is a time after a word that says so.
_DOT_SPAN = re.compile(
    r"(?:\b(?:dalle|alle|le|om|van|vanaf|tot|from|at|entro le|dopo le)\s*)\d{1,2}[.:][0-5]\d\s*[-–]\s*$", re.IGNORECASE
)
_ZONED = re.compile(
    r"\s*[,(]?\s*(?:heure|hora|horário|ora|time|zeit|tijd|UTC|GMT|CES?T|MES?Z|[A-Z]{1,3}[SD]?T)(?![^\W\d_])"
)
# Words that make 'N h MM' a length of time ('Durée estimée : 4 h 35', 'Temps limite : 6 h 00', '4 h 30 de route')
_LASTS = re.compile(r"(?<![^\W\d_])(?:durée|dure|durent|durera|temps limite|temps de trajet|temps de parcours|temps de vol|cadence|durata|dura|duración|duração|dauer|dauert|duur|duurt|reistijd|rijtijd|takes?|lasts?)(?![^\W\d_])(?:\s+[^\W\d_'’]+){0,3}\s*:?\s*(?:de\s|d['’]|of\s|von\s|van\s|di\s)?$", re.IGNORECASE)  # fmt: skip
# Words before 'N h MM' that make it a clock time whatever else the sentence says ('dure jusqu'à 22 h 45')
_CLOCK_AT = re.compile(r"(?<![^\W\d_])(?:à|avant|après|jusqu'à|jusqu’à|vers|dès|entre|at|before|after|until|um|bis|gegen|vor|nach|ab|om|tot|voor|na|vanaf|alle|dalle|entro le|às|a las|hasta las|desde las|départ|arrivée)\s*$", re.IGNORECASE)  # fmt: skip
# A short span said of a thing that lasts, right before it ('4 séances de 1 h 30', 'aulas de 1h30', 'têm 1h30'):
# hours and minutes of an hour to three, not at a clock's word and not a span's end, are a length of time. Only
# things that last are read: 'le premier train de 5 h 42', 'Tours de 5 h 30', 'à partir de 1 h 30', 'sessão da
# 1h30' are times ('séance de 1 h 15, dernière projection de la nuit' is read as a length, wrongly).
_OF_THING = re.compile(
    r"(?:(?<![^\W\d_])(?:séances?|cours|leçons?|ateliers?|visites?|balades?|randonnées?|excursions?|massages?|"
    r"soins?|spectacles?|aulas?|sessão|sessões|passeios?|sesión|sesiones|clases?|lezion[ei]|corsi|corso|sessions?|"
    r"classes?|lessons?|workshops?|tours?)(?:\s+[^\W\d_'’]+){0,3}\s+(?:de|d['’]une?|of|di)"
    r"|(?<![^\W\d_])(?:têm|tem|tiene|tienen|hanno))\s*$",
    re.IGNORECASE,
)
_OF_ROAD = re.compile(
    r"\s*(?:de route|de trajet|de vol|de marche|de voyage|de conduite|di viaggio|de viaje|de viagem)\b", re.IGNORECASE
)
_EVERY_NL = re.compile(r"\bom\s+de\s+$", re.IGNORECASE)
_MINUTES_UNIT = re.compile(r"\s?(?:min|mins|minutes?|minutos?|minuti|minuten|minuut)(?![^\W\d_])", re.IGNORECASE)
_SPANNED = re.compile(r"\s*(?:-|–|à|às|a|to|bis|e|et|y|al)\s*\d{1,2}\s?h(?![a-z])", re.IGNORECASE)
_LEADS = ("half past", "quarter past", "halb ", "half ", "kwart ", "Viertel ", "viertel ", "上午", "早上", "早晨", "中午", "下午", "晚上", "傍晚", "凌晨", "午前", "午後", "오전", "오후", "저녁", "아침")  # fmt: skip


def times(text: str, starts: list[int] | None = None) -> Iterator[Found]:
    """Times of day; ``starts``: where the text's digits start (a time written with a word first is looked
    for everywhere, when the text holds such a word)."""
    if starts is not None and any(lead in text for lead in _LEADS):
        starts = None
    taken: list[tuple[int, int]] = []
    for match in anchored(_TIMES, text, starts):
        found = _time(match, text)
        if found is not None:
            taken.append((match.start(), match.end()))
            yield found
            other = _MINUTES_AFTER.match(text, match.end()) if match.group("mcjk") else None
            if other is not None and int(other.group("m")) < 60:  # '7시 10분에서 25분': 7:25, the same hour's
                readings = frozenset(r - r % 60 + int(other.group("m")) for r in found.readings)
                taken.append((other.start("m"), other.end()))
                yield Found(other.start("m"), other.end(), "time", Decimal(min(readings)), readings=readings)
    lowered = text.lower()
    if not any(word in lowered for word in lexicon.NOON):
        return
    for match in _NOON.finditer(text):
        if any(start <= match.start() < end for start, end in taken):
            continue  # '中午12点': read with its hour
        minutes = lexicon.NOON[match.group().lower()]
        yield Found(match.start(), match.end(), "time", Decimal(minutes), readings=frozenset({minutes}))


_NOON = re.compile(
    "|".join(
        rf"(?<![^\W\d_]){re.escape(w)}(?![^\W\d_])" if w.isascii() or w[0] in "mM" else re.escape(w)
        for w in sorted(lexicon.NOON, key=len, reverse=True)
    ),
    re.IGNORECASE,
)


def _time(match: re.Match[str], text: str) -> Found | None:
    g = match.groupdict()
    if g["h12"]:
        hour, minute = int(g["h12"]), int(g["m12"] or 0)
        if not 1 <= hour <= 12:
            return None
        readings = {(hour % 12 + (12 if g["half"].lower() == "p" else 0)) * 60 + minute}
    elif g["h24"]:
        hour, minute = int(g["h24"]), int(g["m24"])
        if hour > 24:
            return None
        readings = {hour * 60 + minute}
    elif g["hde"]:
        hour, minute = int(g["hde"]), int(g["mde"] or 0)
        if (
            g["uhr"].lower() == "uur"
            and not g["mde"]
            and not _AT.search(text[max(0, match.start() - 12) : match.start()])
            and not g["de_half"]
        ):
            return None  # '24 uur': a duration in Dutch, unless a word before makes it a time ('om 18 uur')
        if (
            g["uhr"].lower() == "uur"
            and not g["mde"]
            and _EVERY_NL.search(text, max(0, match.start() - 12), match.start())
        ):
            return None  # 'om de twee uur': every two hours, a duration
        if g["uhr"].lower() == "uur" and not g["mde"] and (_SPAN_AFTER_NL.match(text, match.end()) or _SPAN_BEFORE_NL.search(text, max(0, match.start() - 24), match.start())):  # fmt: skip
            return None  # 'tot 24 uur voor het tijdstip', 'tussenpozen van 8 uur': hours before or between, a duration
        readings = _halved(hour, minute, g["de_half"])
    elif g["hfr"]:
        hour, minute = int(g["hfr"]), int(g["mfr"] or 0)
        if g["frq"]:  # '19 h moins le quart' is 18:45, '8 h et demie' 8:30: a time, never a duration
            hour, minute = (
                (hour - 1, 45) if g["frq"].startswith("moins") else (hour, 15 if g["frq"].endswith("quart") else 30)
            )
            return Found(match.start(), match.end(), "time", Decimal(hour * 60 + minute), readings=frozenset({hour * 60 + minute})) if 0 <= hour <= 24 else None  # fmt: skip
        spanned = _SPANNED.match(text, match.end())  # '04h às 08h': both ends are times
        before = text[max(0, match.start() - 16) : match.start()]
        zoned = _ZONED.match(text, match.end())  # '22 h heure de Paris', '16 h, heure française': a time
        if not g["mfr"] and not g["hfr"].startswith("0") and not spanned and not zoned and (not _AT.search(before) or _MORE_THAN.search(before)) and not _SPAN_END.search(before):  # fmt: skip
            return None  # 'dure 2 h', 'más de 6 h': a duration
        if g["mfr"] and _MINUTES_UNIT.match(text, match.end()):
            return None  # '2 h 32 min': hours and minutes of a duration, not a clock time
        if (
            g["mfr"]
            and not _CLOCK_AT.search(before)
            and (
                _LASTS.search(text, max(0, match.start() - 40), match.start())
                or _OF_ROAD.match(text, match.end())
                or (
                    1 <= hour <= 3 and not spanned and _OF_THING.search(text, max(0, match.start() - 40), match.start())
                )
            )
        ):
            return Found(
                match.start(), match.end(), "duration", Decimal(hour * 60 + minute), "minute"
            )  # 'durée : 4 h 35'

        readings = {hour * 60 + minute}
    elif g["hdot"]:  # 'entro le 16.30': a time after a word that says so, else a number
        at = _AT.search(text[max(0, match.start() - 12) : match.start()])
        if at is not None and at.group().strip() in ("-", "–"):  # '16.30–18.30' is two times; '0.70–1.48' no time
            at = _DOT_SPAN.search(text[max(0, match.start() - 28) : match.start()])
        paired = _DOT_PAIR_AFTER.match(text, match.end()) or _DOT_PAIR_BEFORE.search(text, max(0, match.start() - 9), match.start())  # fmt: skip
        two = paired is not None and not _AMOUNT_AFTER.match(text, match.end())  # '(8.30–17.30 con …)': two times
        two = two or _DOT_LIST_AFTER.match(text, match.end()) is not None  # '8.15, 11.45 en 17.30 uur': a list of times
        if not (at or two) or int(g["hdot"]) > 24:
            return None
        readings = {int(g["hdot"]) * 60 + int(g["mdot"])}
    elif g["hw"] or g["hfw"]:
        hour = int(g["hw"] or g["hfw"])
        quarter = (g["fq"] or "").split()
        minute = {"quart": 15, "cuarto": 15, "quarto": 15, "demi": 30, "demie": 30, "media": 30, "meia": 30, "mezza": 30}.get(quarter[-1], 0) if quarter else 0  # fmt: skip
        if quarter and quarter[0] in ("moins", "menos", "meno"):
            hour, minute = hour - 1, 60 - minute
        readings = _halved(hour, minute, g["w_half"] or g["fw_half"])
    elif g["hoc"]:
        readings = _halved(int(g["hoc"]), 0, None)
    elif g["hit"]:  # 'dalle 8 alle 20', 'alle 8 e mezza': clock hours in Italian
        said = g["hit_m"] or ""
        minute = {"mezza": 30, "mezzo": 30, "un quarto": 15, "1 quarto": 15, "tre quarti": 45, "3 quarti": 45}.get(said.replace("\xa0", " "), int(said) if said.isdigit() else 0)  # fmt: skip
        readings = _halved(int(g["hit"]), minute, None) if minute < 60 else set()
    elif g["hzone"]:  # 'alle 19 ora italiana', 'às 13 horário de Brasília': a clock time in a zone, not hours
        readings = _halved(int(g["hzone"]), 0, None)
    elif g["hfa"]:  # 'à une heure et demie': 1:30 or 13:30, a clock time after 'à'
        said = g["fq2"] or ""
        minute = 30 if said.endswith("demie") else 15 if said == "et quart" else 45 if said else 0
        readings = _halved(int(g["hfa"]) - (1 if minute == 45 else 0), minute, None)
    elif g["hp"] or g["hq"]:
        readings = _halved(int(g["hp"] or g["hq"]), 30 if g["hp"] else 15, None)
    elif g["hq2"]:  # 'kwart over zeven 's avonds' is 19:15, 'Viertel vor acht' 7:45
        hour, after = int(g["hq2"]), g["qdir"] in ("over", "nach")
        readings = _halved(hour if after else hour - 1, 15 if after else 45, g["q2_half"])
    elif g["hhalb"]:
        readings = _halved(int(g["hhalb"]) - 1, 30, g["halb_half"])  # 'half acht 's avonds': 19:30
    else:
        hour, minute = int(g["hcjk"]), int(g["mcjk"] or (30 if g["half_hour"] else 0))
        readings = _halved(hour, minute, g["cjk_half"])
    readings = {r for r in readings if 0 <= r <= 24 * 60}
    if not readings:
        return None
    start = match.start() + (len(match.group()) - len(match.group().lstrip()))
    return Found(start, match.end(), "time", Decimal(min(readings)), readings=frozenset(readings))


def _halved(hour: int, minute: int, half: str | None) -> set[int]:
    """The readings of a time whose half of the day is a word, or not written (both halves, under 13)."""
    if hour > 24 or minute > 59:
        return set()
    word = (half or "").lower()
    if (word in _NIGHT or half in _NIGHT) and hour <= 5:
        return {hour * 60 + minute}  # '4 Uhr nachts', 'le 2 di notte': the night's small hours
    if word in _PM or half in _PM:
        return {((hour % 12) + 12) * 60 + minute} if hour <= 12 else {hour * 60 + minute}
    if half == "中午":  # midday: 12点 is noon, 1点 one in the afternoon
        return {(hour if hour >= 11 else hour + 12) * 60 + minute}
    if word in _AM or half in _AM:
        return {(hour % 12) * 60 + minute}
    if hour <= 12:
        return {(hour % 12) * 60 + minute, (hour % 12 + 12) * 60 + minute} if hour else {minute}
    return {hour * 60 + minute}
