"""Numbers with their unit and role: '30 days', '1.200,90 EUR', '4,5 %', '20 lb', '40 °F', '3 items', '45日';
and numbers that name rather than count ('45 Main Street', 'section 60', 'room 12', 'version 2.5', a phone
number, a year), which back no figure of another unit. Separators are read as the text's language writes
them (CLDR, via babel): '1.200' is twelve hundred in German and one point two in English."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from functools import cache

from groundgate.judges.figures import cldr, lexicon, qualifier_words
from groundgate.judges.figures.denominators import COMPOUND, denominator
from groundgate.judges.figures.function_words import FUNCTION_WORDS
from groundgate.judges.figures.times import Found, anchored

_LATIN_LETTER = "A-Za-zÀ-ÖØ-öø-ÿ"
THOUSANDS = "\ue000"  # a no-break or thin space between digit groups, marked before the text is folded
_DIGITS = r"\d{1,3}(?:(?P<sep>[,.\ue000])\d{3})(?:(?P=sep)\d{3})*(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)?"
# French groups thousands with a plain space too ('1 200 €'): read so when a unit or currency follows
_DIGITS_SPACED = r"\d{1,3}(?:(?P<sep>[,. \ue000])\d{3})(?:(?P=sep)\d{3})*(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)?"
_SIGNS = r"US\$|CA\$|A\$|R\$|HK\$|S\$|\$|€|£|¥|₩|₹|(?<![A-Za-z])(?:USD|EUR|GBP|JPY|CNY|RMB|KRW|CHF|CAD|AUD|BRL|SEK|NOK|DKK|PLN|INR|MXN|HKD|SGD)\s?"
_ORDINAL = r"(?P<ord>st|nd|rd|th|er|re|ère|ème|eme|e|º|ª|\.º|\.ª|\.er|\.ᵉʳ|\.?[oa](?=\s[^\W\d_]))(?![A-Za-zÀ-ÿ])"  # 'º' folds to 'o'  # fmt: skip
_CLDR_SCALES = sorted(
    (w for w in cldr.all_scale_words(lexicon.LATIN) if len(w) > 1 and not w[:1].isdigit()), key=len, reverse=True
)  # CLDR's compact forms ('Md', 'Mln', 'mln.', 'Bio.', 'mil millones'), longest first, before the hand list
_SCALE = r"(?:\s?(?P<scale>" + "|".join(re.escape(w) for w in _CLDR_SCALES) + r"|thousand|duizend|tausend|mila|miljoen|million|billion|mil milhões|milhões|milhão|milioni|milione|miliardi|miljoen|miljard|mln|mld|mil|millones|millions|million|milliards?|mille|Millionen|Milliarden|Mio\.?|Mrd\.?|mi(?=\s|$))(?![A-Za-z])|(?P<short>k|bn|mn|m|M|B)(?![A-Za-z])|\s(?P<spaced>k|K|M|B|bn|Md|Mln|Mld)(?=\s?(?:€|\$|£|CHF|EUR|USD|GBP|R\$|(?:dollars?|euros?|pounds?)(?![A-Za-z]))|\s(?:de\s|d'|of\s|di\s)?(?!haut|long|larg|profond|altura|alto|ancho|largo|lungh|altezz|high|tall|wide|deep|hoch|breit|tief)[a-zà-ÿA-ZÀ-Ý][a-zà-ÿ]{2,}))?"  # fmt: skip


@cache
def _numbers(spaced: bool) -> re.Pattern[str]:
    digits = _DIGITS_SPACED if spaced else _DIGITS
    return re.compile(
        rf"(?=[\d$€£¥₩₹UCAEGJRKBSNDPIMH])(?<![0-9{_LATIN_LETTER}_#/])(?<!\d[.,])(?<![{_LATIN_LETTER}]-)(?:(?P<sign>{_SIGNS})\s?)?(?P<num>{digits})(?:{_ORDINAL})?{_SCALE}(?(sign)(?(scale)|(?(short)|(?(spaced)|(?:\s(?P<signed>M|B|bn|Md|Mrd|Mld)(?![^\W\d_])(?!\s?(?:[-–/]|to\s)\s?[A-Za-z]))?))))"
    )


# A range's second end grouped as the first is ('1 450 et 3 230 m', '1 200 – 1 500 €'): both are one number each.
_GROUPED_NEXT = re.compile(r"\s?(?:-|–|à|a|au|et|to|and|bis|und|y|e|en|tot|al|até)\s?\d{1,3}(?: \d{3})+(?!\d)")
_NOT_PENCE = re.compile(r"[.-][^\W\d_]")  # 'p.p.', '5p-coin': no pence
_FRENCH_GROUPED = re.compile(r"\s*(?:[.;:!?)]|$)|\s+[a-zà-ÿ]")  # a clause's end or a word: '1 200 couvertes'
_SQUARED = frozenset({"m2", "m3", "cm2", "cm3", "km2"})


class _UnitMatch:
    """What follows a number, read as a unit: the groups ``_Units.match`` found, as a pattern's match gives them."""

    __slots__ = ("_end", "_groups")

    def __init__(self, groups: dict[str, str | None], end: int) -> None:
        self._groups, self._end = groups, end

    def group(self, name: str) -> str | None:
        return self._groups.get(name)

    def written(self) -> str:
        """The unit as written, lowercased."""
        return (self._groups.get("latin") or self._groups.get("other") or "").lower()

    def end(self) -> int:
        return self._end


class _Units:
    """What may follow a number (a unit, a currency, a percent), in the seven Latin-script languages at once
    (a short text's language is not always told right: '12 meses' is twelve months in any) and in the text's
    own script. A word is read, then looked up: a pattern of every unit word would cost each number as much
    as the words it lists."""

    def __init__(self, lang: str) -> None:
        words: dict[str, str] = {}
        languages = (lang, *lexicon.LATIN) if lang in lexicon.LATIN else (lang, "en")
        for table in (lexicon.UNIT_WORDS["*"], *(lexicon.UNIT_WORDS.get(name, {}) for name in languages)):
            for written, unit in table.items():
                words.setdefault(written.lower(), unit)
        for written, unit in cldr.unit_words(lang).items():  # the row's own language's CLDR names, after the lists
            words.setdefault(written, unit)
        if lang == "fr":  # French bytes ('1 Go', '500 Mo'): in French alone ('one go' is English)
            words.update({"go": "GB", "mo": "MB"})
        for written, currencies in {**lexicon.CURRENCY_SIGNS, **lexicon.CURRENCY_WORDS}.items():
            words[written.lower()] = "money:" + "/".join(currencies)
        for counter in lexicon.COUNTERS:
            words.setdefault(counter, "count")
        for written in ("折", "割"):
            words[written] = "fold:" + written
        self.words = words
        other = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True) if not _latin(w))
        dollars = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True) if _latin(w) and "$" in w)
        self.dollars = re.compile(rf"(?P<gap>\s*)(?P<other>{dollars})", re.IGNORECASE)  # '1,50 US$': letters, a sign
        business = "|".join(lexicon.BUSINESS_BEFORE)
        self.head = re.compile(
            rf"(?P<gap>\s*-?\s*)(?:(?P<qual>{business}|calendar)\s*-?\s*)?(?:(?P<w1>[{_LATIN_LETTER}][{_LATIN_LETTER}'’]*\.?)(?:\s(?P<w2>[{_LATIN_LETTER}]+))?|(?P<other>{other}))",
            re.IGNORECASE,
        )
        self.tail = re.compile(
            rf"(?P<scale>\s*(?:Celsius|centigrade|centígrados|Fahrenheit|C|F)(?![^\W\d_]))?(?P<post>\s+(?:{'|'.join(lexicon.BUSINESS_AFTER)})(?![{_LATIN_LETTER}]))?",
            re.IGNORECASE,
        )

    def match(self, text: str, pos: int) -> _UnitMatch | None:
        head = self.head.match(text, pos)
        if head is None:
            return None
        latin = other = None
        first = head.group("w1")
        if first and first.lower() + text[head.end("w1") : head.end("w1") + 1] in _SQUARED and not text[head.end("w1") + 1 : head.end("w1") + 2].isdigit():  # fmt: skip
            squared = first.lower() + text[head.end("w1")]  # 'm²' as folding writes it: 'm2', 'm3'
            return _UnitMatch(
                {"gap": head.group("gap"), "qual": None, "latin": None, "other": squared}, head.end("w1") + 1
            )
        if head.group("other"):
            other, end = head.group("other"), head.end("other")
        else:
            first, second = head.group("w1"), head.group("w2")
            words = self.words
            if second and f"{first} {second}".lower() in words:
                latin, end = f"{first} {second}", head.end("w2")
            elif first.lower() in words:
                latin, end = first, head.end("w1")
            elif first.endswith(".") and first[:-1].lower() in words:
                latin, end = first[:-1], head.end("w1") - 1
            elif second and words.get(second.lower()) in _SPANS and first.isalpha() and first.lower() not in _STOP:
                latin, end = second, head.end("w2")  # '5 extra days', '5 aaneengesloten werkdagen': a word between
            elif (signed := self.dollars.match(text, pos)) is not None and not _NEXT_AMOUNT.match(text, signed.end()):
                groups = {"gap": signed.group("gap"), "qual": None, "latin": None, "other": signed.group("other")}
                return _UnitMatch(groups, signed.end())
            else:
                return None
        tail = self.tail.match(text, end)
        groups = {"gap": head.group("gap"), "qual": head.group("qual"), "latin": latin, "other": other}
        groups |= {"scale": tail.group("scale"), "post": tail.group("post")} if tail is not None else {}
        return _UnitMatch(groups, tail.end() if tail is not None else end)


# Units of time: a word between the number and one of them says which ('2 full years'), it is not what is counted.
_SPANS = lexicon.DURATIONS


@cache
def _qualifier_words() -> frozenset[str]:
    """The words of bounds, hedges and directions ('ruim', 'about', 'mindestens', 'aumenta'): no noun a number
    counts ('2023 ruim 1,3', 'la TARI 2025 aumenta del 3,5%')."""
    found: set[str] = set()
    for table in (qualifier_words.BEFORE, qualifier_words.AFTER, qualifier_words.DIRECTION):
        for by_language in table.values():
            for code in lexicon.LATIN:
                found |= set(re.findall(r"[^\W\d_]+", by_language.get(code, "").lower()))
    return frozenset(found)


def _latin(word: str) -> bool:
    return (word[0].isascii() and word[0].isalpha()) or word[0] in "àéèçáíóúäöüß"


@cache
def _units(lang: str) -> tuple[_Units, dict[str, str]]:
    """What may follow a number in this language, and what each written form means ('kg', 'money:EUR')."""
    units = _Units(lang)
    return units, units.words


_STOP = frozenset(w for words in lexicon.STOPWORDS.values() for w in words) | {
    "to", "or", "and", "a", "an", "à", "bis", "y", "o", "ou", "oder", "und", "et", "per", "pro", "por", "par",
    "than", "more", "less", "plus", "up", "out", "off", "at", "am", "pm", "h", "is", "was", "de", "del", "en",
    "times", "this", "that", "these", "those", "all", "each", "every", "new", "old", "other", "only", "free",
} | {w for words in FUNCTION_WORDS.values() for w in words.split() if w not in ("fois", "way")}  # fmt: skip
_GLUED = re.compile(rf"[{_LATIN_LETTER}]")
_NOUN = re.compile(rf"\s+([{_LATIN_LETTER}][{_LATIN_LETTER}'’-]{{2,}})")
# The word before a number (a search that ends at $ tries every start: one after a letter never starts the
# leftmost match, and is skipped at once)
_ROLE = re.compile(r"(§§?|(?<![^\W\d_])[^\W\d_][\w.’'-]*)\s*(?:n[°º]\.?\s*)?:?\s*$")
_ROLE_BEFORE_CJK = re.compile("(?:" + "|".join(lexicon.ROLE_BEFORE_CJK) + r")\s?$", re.IGNORECASE)
_HIDDEN_ROLES = frozenset({"step", "page", "number", "model", "line"})
_STREET_DE = re.compile(
    r"[A-ZÄÖÜ][\wäöüß-]*(?:" + "|".join(re.escape(s) for s in lexicon.STREET_SUFFIXES_DE) + r")\s*$"
)
_STREET_ES = re.compile(r"\b(?:" + "|".join(re.escape(s) for s in lexicon.STREET_BEFORE) + r")\s+(?:(?:de|del|la|las|los)\s+)?(?:[A-ZÁÉÍÓÚÑ][\wáéíóúñ-]*\s+){1,3},?\s*$", re.IGNORECASE)  # fmt: skip
_STREET_AFTER = re.compile(r"\s+(?:[A-Z][\w'’-]*\s+){0,3}?(?:" + "|".join(re.escape(s) for s in lexicon.STREET_AFTER) + r")(?![\w])", re.IGNORECASE)  # fmt: skip
_STREET_CJK = re.compile("(?<!일)(?:" + "|".join(lexicon.STREET_CJK_BEFORE) + r")\s?$")  # '영업일로 3일' is no road
_ROLE_CJK = re.compile("|".join(sorted(lexicon.ROLE_AFTER_CJK, key=len, reverse=True)))
_WEIGHT = re.compile(r"weigh|weight|heavy|\bkg\b|\blbs?\b|parcel|package|bag|luggage|baggage|load", re.IGNORECASE)
_DE_ARTICLE = re.compile(r"\b(?:der|die|das|dem|den|des|am|zum|vom|im|ab|bis|jeden|jedes)\s*$", re.IGNORECASE)


def other_reading(written: str, sep: str | None, lang: str) -> Decimal | None:
    """The other reading of a number whose one separator may group thousands or mark decimals ('1,000' is
    one in German), or None: it is read as the language reads it, and either reading may restate it."""
    if sep not in (",", ".") or written.count(sep) != 1 or ("," in written and "." in written):
        return None
    head, _, tail = written.partition(sep)
    if len(tail) != 3 or not 1 <= len(head) <= 3:
        return None
    grouped = Decimal(head + tail)
    value = value_of(written, sep, lang)
    return Decimal(f"{head}.{tail}") if value == grouped else grouped


def value_of(written: str, sep: str | None, lang: str) -> Decimal | None:
    """The number a run of digits means in the text's language: '1.200' is 1200 where a comma marks decimals
    (and '1,200' is 1.2 there), '1.200,90' is 1200.9 anywhere, a thin or plain space groups thousands."""
    if written.isascii() and written.isdigit():  # most numbers: digits alone
        return Decimal(written)
    text = written.replace(THOUSANDS, "").replace(" ", "")
    if sep in (" ", THOUSANDS):
        sep = None
    if "," in text and "." in text:
        decimal = "," if text.rfind(",") > text.rfind(".") else "."
    elif sep is not None:  # one kind of separator before groups of three: thousands, or decimals in this language
        decimal = "" if text.count(sep) > 1 or (sep == ",") != lexicon.decimal_comma(lang) else sep
    else:
        decimal = "," if "," in text else "."
    for mark in ",.":
        if mark != decimal:
            text = text.replace(mark, "")
    try:
        return Decimal(text.replace(",", ".")) if decimal else Decimal(text)
    except InvalidOperation:
        return None


def numbers(text: str, lang: str, starts: list[int] | None = None) -> Iterator[Found]:
    """Every number in the (masked, rewritten) text with its unit, currency or role; ``starts``: where its
    digits start (a currency sign or code before them is looked for there)."""
    units, meanings = _units(lang)
    pattern = _numbers(lang in lexicon.LATIN)  # a plain space groups thousands in SI style, in any of them
    if starts is not None:
        starts = [_signed(text, start) for start in starts]
    covered = 0  # where the last figure ends: digits inside its unit ('ml/min/1.73 m²') are no figure of their own
    for grouped in anchored(pattern, text, starts):
        if grouped.start() < covered:
            continue
        matches = [grouped]
        if (
            grouped.group("sep") == " "
            and grouped.group("num").count(" ") < 2  # '2 400 000 de fichiers': three groups are one number
            and not grouped.group("sign")
            and units.match(text, grouped.end()) is None
            and _counted(text, grouped.end(), lang) is None
            and not (
                lang == "fr" and _FRENCH_GROUPED.match(text, grouped.end())
            )  # 'limité à 3 500.', 'dont 1 200 couvertes' (a table's '1 120' no)
            and not _GROUPED_NEXT.match(text, grouped.end())  # 'entre 1 450 et 3 230 m': a range of grouped numbers
            and not text.endswith("1:", 0, grouped.start())  # a scale's grouped number: 'Maßstab 1:25 000'
        ):
            short = _numbers(False).match(text, grouped.start())  # '1 100' alone: one and a hundred, both read
            rest = _numbers(False).match(text, grouped.end("num") - 3) if short is not None else None
            matches = [short, rest] if short is not None and rest is not None and rest.start() >= short.end() else [grouped]  # fmt: skip
        for found in _read_all(text, matches, lang, units, meanings):
            covered = max(covered, found.end)
            yield found


def _read_all(
    text: str, matches: list[re.Match[str]], lang: str, units: _Units, meanings: dict[str, str]
) -> Iterator[Found]:
    """Each match read as a figure, in order (a grouped number read as two is both of them)."""
    for match in matches:
        value = value_of(match.group("num"), match.group("sep"), lang)
        if value is None:
            continue
        found = _reading(text, match, value, lang, units, meanings)
        if found is not None:
            other = other_reading(match.group("num"), match.group("sep"), lang)
            if match.group("sep") == " ":  # '1 100 L': eleven hundred litres, or 1 and a hundred litres
                other = value_of(match.group("num").rsplit(" ", 1)[1], None, lang)
            if other is not None and found.kind not in ("name", "time", "date"):
                scale = found.value / value if value else Decimal(1)  # a scale word ('1.2 million') applies to both
                yield replace(found, other=other * scale)
            else:
                yield found


_SIGN_BEFORE = re.compile(
    r"(?:US\$|CA\$|A\$|R\$|HK\$|S\$|[$€£¥₩₹]|(?<![A-Za-z])(?:USD|EUR|GBP|JPY|CNY|RMB|KRW|CHF|CAD|AUD|BRL|SEK|NOK|DKK|PLN|INR|MXN|HKD|SGD)\s?)\s?$"
)


def _signed(text: str, start: int) -> int:
    """Where a number that starts at ``start`` starts with its currency sign or code ('$5', 'EUR 5')."""
    if (start and not text[start - 1].isalnum()) or text[max(0, start - 4) : start].strip().isupper():
        sign = _SIGN_BEFORE.search(text, max(0, start - 5), start)
        if sign is not None:
            return sign.start()
    return start


def _reading(
    text: str, match: re.Match[str], value: Decimal, lang: str, units: _Units, meanings: dict[str, str]
) -> Found | None:
    start, end = match.start(), match.end()
    sign = (match.group("sign") or "").strip().lower()
    scale = match.group("scale") or match.group("short") or match.group("spaced") or match.group("signed")
    if scale:
        short = match.group("short")
        if not sign and short == "m" and not _MONEY_AFTER.match(text, match.end()):
            end = match.start("short")  # '5m' is five metres: a scale only after a currency, or before one
            scale = None
        else:
            value *= _scale(scale, lang)
    before = text[max(0, start - 40) : start]
    if match.group("ord") and match.group("ord").lstrip(".") in ("o", "a") and lang not in ("pt", "es", "it", "gl"):
        return None  # '5a' in another language is a code, not '5ª'
    if match.group("ord"):
        return _ordinal(text, start, end, value, units, meanings)
    if sign:
        return Found(start, end, "money", value, "/".join(lexicon.CURRENCY_SIGNS[sign]))
    unit = units.match(text, end)
    if unit is not None and not unit.group("gap") and unit.group("latin") == "G":
        return None  # '4G', '5G': a network's generation, glued and capitalised, not grams
    if unit is not None and not ((unit.group("gap") or "").strip() and unit.written() == "x"):
        found = _with_unit(text, start, unit, value, meanings, lang)
        if found is not None:
            return found
    if _GLUED.match(text, end):
        return None  # glued to letters that are no unit: a code ('4K'), not a figure
    role = _role(before, text, start, end, value, match.group("num"), lang)
    if role is not None and (
        role.unit != "year" or not _counted(text, end, lang) or (lang != "de" and _IN_YEAR.search(before))
    ):
        return role  # 'in 2023 zonnepanelen op 1.870 daken': the year, then what was done in it
    if lang == "de" and text[end : end + 2].startswith(". ") and _german_ordinal(text, end, before):
        return _ordinal(text, start, end + 1, value, units, meanings)
    if before.endswith("第"):
        return Found(start - 1, end, "ordinal", value)
    if noun := _counted(text, end, lang):
        counted = noun.group(1).lower()
        if lang in ("de", "nl") and (span := _COMPOUND_SPAN.search(counted)) is not None and span.start() >= 3:
            said = (
                "minute" if span.group().startswith("minut") else "hour"
            )  # 'rijminuten', 'Freiminuten', 'Arbeitsstunden'
            return Found(start, end, "duration", value, said, quote=(start, noun.end()))
        return Found(start, end, "count", value, counted, quote=(start, noun.end()))
    return Found(start, end, "number", value, _named_by(before))


# A German or Dutch compound whose last part is minutes or hours counts them ('120 rijminuten', '60 Freiminuten').
_COMPOUND_SPAN = re.compile(r"(?:minuten|stunden)$")


# Words before a plain number that introduce a quantity ('costs 25', 'für 12'), not name what it counts.
_INTRODUCERS = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "costs",
        "cost",
        "takes",
        "take",
        "lasts",
        "last",
        "pay",
        "paid",
        "charge",
        "charged",
        "get",
        "gets",
        "has",
        "have",
        "had",
        "of",
        "to",
        "from",
        "for",
        "in",
        "within",
        "about",
        "around",
        "approximately",
        "at",
        "under",
        "over",
        "up",
        "ist",
        "sind",
        "war",
        "kostet",
        "kosten",
        "beträgt",
        "dauert",
        "zahlen",
        "für",
        "von",
        "bis",
        "est",
        "sont",
        "coûte",
        "coûtent",
        "dure",
        "payer",
        "pour",
        "en",
        "es",
        "son",
        "cuesta",
        "cuestan",
        "dura",
        "pagar",
        "é",
        "são",
        "custa",
        "custam",
        "paga",
        "è",
        "sono",
        "costa",
        "costano",
        "pagare",
        "zijn",
        "kost",
        "duurt",
        "betalen",
        "total",
        "totaal",
        "gesamt",
    ]
)
_NAMED_BY = re.compile(rf"([{_LATIN_LETTER}]{{3,}})\s+(?:of\s+|de\s+|di\s+|van\s+)?$")


def _named_by(before: str) -> str:
    """The noun a plain number stands after ('Terminal 9', 'ages 4', 'packs of 6'): it is said of that, and
    backs no figure of a unit; '' when a word that introduces a quantity comes before it, or none."""
    match = _NAMED_BY.search(before[-24:])
    if match is None or match.group(1).lower() in _INTRODUCERS or match.group(1).lower() in _STOP:
        return ""
    return match.group(1).lower()


_MONEY_AFTER = re.compile(
    r"\s?(?:€|\$|£|euros?|dollars?|EUR|USD|GBP|CHF|d'euros|de euros|de dólares|di euro)", re.IGNORECASE
)


def _scale(word: str, lang: str) -> int:
    """What a scale word multiplies by: '3.5M' and '1.2bn' as written, '10k' a thousand, 'milliards' a billion."""
    lowered = word.lower().rstrip(".")
    cldr_scales = cldr.scale_words(lang)
    if lowered in cldr_scales and lowered not in ("mil", "mille"):  # a long form in the row's language
        return cldr_scales[lowered]  # ('billion' is a thousand millions in English, a million millions in French)
    if word == "M":
        return 1_000_000
    if lowered in ("b", "bi", "milliard", "milliards", "miliardi", "milliarden"):
        return 1_000_000_000
    if lowered == "mn":
        return 1_000_000
    if lowered in lexicon.SCALE_WORDS:
        return lexicon.SCALE_WORDS[lowered]
    every = {name.lower().rstrip("."): scale for other in (lang, *lexicon.LATIN) for name, scale in cldr.scale_words(other).items()}  # fmt: skip
    return every[lowered]


def _counted(text: str, end: int, lang: str) -> re.Match[str] | None:
    """The noun a number counts ('3 items', '2000 products'), if a word that is not a function word follows."""
    noun = _NOUN.match(text, end)
    if noun is None or lang not in lexicon.LATIN or noun.group(1).lower() in _STOP:
        return None
    if noun.group(1).lower() in _qualifier_words() or _ELIDED.match(noun.group(1)):
        return None  # "under 30 l'abbonamento": an elided article starts the next phrase, not what is counted
    if lang == "de" and not noun.group(1)[0].isupper():
        return None  # German writes its nouns capitalised: 'ab 21 mieten' counts nothing
    return noun


_YEAR = re.compile(r"(?:19|20)\d\d(?![\d.,])")
_ELIDED = re.compile(r"(?i:l|d|dell|all|nell|sull|dall|un|qu|j|n|s|c)['’]")
_IN_YEAR = re.compile(r"(?<![^\W\d_])(?i:in|im|en|em|nel|dal|since|sinds|seit|depuis|desde)\s+$")
_WARMTH = re.compile(r"温|℃|摄氏|冷|热|暖")  # '水温28度', '空调26度制冷': a temperature
_POWER = re.compile(
    r"用电|电费|电价|电量|度电|每度|千瓦时|kWh", re.IGNORECASE
)  # a power bill's words: '度' there is kWh
_NEXT_AMOUNT = re.compile(r"\s?\d[\d.,]*\d")  # two digits at least: a number word made one ('10 € une fois') is not


def _with_unit(
    text: str, start: int, unit: _UnitMatch, value: Decimal, meanings: dict[str, str], lang: str
) -> Found | None:
    written = unit.written()
    meaning = meanings[written]
    end = unit.end()
    if meaning.startswith("money:"):
        if written == "p" and (unit.group("gap") or _NOT_PENCE.match(text, end) or lang != "en"):
            return None  # pence are glued to their number ('31.4p', '45p'); 'p.p.', '5 p' are no pence
        if not written[:1].isalnum() and _YEAR.match(text, start) and _NEXT_AMOUNT.match(text, end):
            return None  # 'in 2024 € 385': a year's sign is the next number's ('29,99 € 12 mois' keeps its own)
        if written in lexicon.CENTS:
            return Found(start, end, "money", value / 100, meaning[6:], written=value)
        return Found(start, end, "money", value, meaning[6:])
    if meaning.startswith("fold:"):  # 九折: pay 90%, ten off; 2割: twenty per cent
        percent = value * 10 if written == "割" else 100 - value * 10
        return Found(start, end, "percent", percent, "%")
    if meaning == "count":
        return Found(start, end, "count", value, written)
    if meaning == "lb?":  # pounds: sterling, unless the sentence is about weight
        window = text[max(0, start - 80) : end + 40]
        if not _WEIGHT.search(window):
            return Found(start, end, "money", value, "GBP")
        meaning = "lb"
    if meaning == "fortnight":
        return Found(start, end, "duration", value * 14, "day")
    if meaning == "°" and written == "度" and lang == "zh" and _POWER.search(text, max(0, start - 60), end + 30) and not _WARMTH.search(text, max(0, start - 12), end + 4):  # fmt: skip
        return Found(start, end, "measure", value, "kwh")  # '2760 度' of a power bill: 度 is the kWh it is billed in
    if meaning == "°":
        scale = (unit.group("scale") or "").strip().lower()
        meaning = {"celsius": "°C", "centigrade": "°C", "centígrados": "°C", "c": "°C", "fahrenheit": "°F", "f": "°F"}.get(scale, "°")  # fmt: skip
        if meaning == "°" and lang in ("fr", "de", "es", "zh", "ja", "ko"):
            meaning = "°"  # degrees of no scale: either scale's, where Celsius goes without saying
    if year := _cjk_year(value, written):
        return Found(start, end, "name", value, "year", name=str(year))
    if meaning == "day":
        qualifier = (unit.group("qual") or "").lower()
        if qualifier in lexicon.BUSINESS_BEFORE or unit.group("post") or _BUSINESS_BASIS.search(text, max(0, start - 24), start):  # fmt: skip
            meaning = "business day"
    if meaning in lexicon.DURATIONS:
        return Found(start, end, "duration", value, meaning)
    if meaning == "%":
        return Found(start, end, "percent", value, "%")
    if meaning == "times":
        return Found(start, end, "times", value, "times")
    if meaning in lexicon.UNITS or meaning in lexicon.PINT_UNITS:
        compound = COMPOUND.match(text, end)
        if compound is not None and meaning not in ("%", "times", "°", "°C", "°F"):
            return Found(start, compound.end(), "measure", value, f"{meaning.lower()}/{denominator(compound)}")
        return Found(start, end, "measure", value, meaning)
    return None


# Days counted as business days by a phrase before the number ('영업일 기준 3일', '営業日ベースで3日', '按工作日计算3天')
# or before the span the number ends ('영업일 기준 3~5일')
_BUSINESS_BASIS = re.compile(
    r"(?:(?:영업일|営業日|工作日)\s*(?:기준(?:으로)?|으로|로|ベースで|で|计算|计)?|土日祝(?:日)?を除(?:いて|き|く)|(?:不含|除)(?:周末|双休日)(?:和|及|与)?(?:法定)?节假日(?:外)?|주말(?:과|및)?\s*공휴일\s*(?:을|를)?\s*제외(?:하고|한)?)\s*(?:\d+(?:[.,]\d+)?\s*(?:~|-|–|〜|～|至|到|から)\s*)?$"
)


def _cjk_year(value: Decimal, written: str) -> int | None:
    """'2025年' is the year 2025, not two thousand years."""
    if written in ("年", "년") and value == value.to_integral_value() and 1900 <= value <= 2099:
        return int(value)
    return None


def _ordinal(text: str, start: int, end: int, value: Decimal, units: _Units, meanings: dict[str, str]) -> Found:
    """'the 15th', '1er', '1.º', 'am 1.': an ordinal, with the unit it counts when one follows ('5th business day')."""
    unit = units.match(text, end)
    if unit is not None:
        written = unit.written()
        meaning = meanings.get(written, "")
        if meaning == "day" and ((unit.group("qual") or "").lower() in lexicon.BUSINESS_BEFORE or unit.group("post")):
            meaning = "business day"
        if meaning in lexicon.DURATIONS:
            return Found(start, unit.end(), "ordinal", value, meaning)
    return Found(start, end, "ordinal", value)


def _german_ordinal(text: str, end: int, before: str) -> bool:
    """'am 1. jedes Monats', 'der 1. Monat': a number, a full stop and a lowercase word, or an article before."""
    following = text[end + 2 : end + 3]
    return bool(following) and (following.islower() or bool(_DE_ARTICLE.search(before)))


def _role(before: str, text: str, start: int, end: int, value: Decimal, written: str, lang: str) -> Found | None:
    """A number that names: its role, or None. Steps, pages and model numbers are not figures at all."""
    after = text[end : end + 8]
    if cjk := _ROLE_CJK.match(after):
        return Found(start, end + cjk.end(), "name", value, lexicon.ROLE_AFTER_CJK[cjk.group()], name=written)
    if lang not in lexicon.LATIN and _STREET_CJK.search(before[-4:]) and not before.rstrip().endswith("으로"):
        stop = end + (1 if text[end : end + 1] in "号號" else 0)
        return Found(start, stop, "name", value, "street", name=written)
    if lang not in lexicon.LATIN and (cjk := _ROLE_BEFORE_CJK.search(before[-8:])):
        return Found(start, end, "name", value, lexicon.ROLE_BEFORE_CJK[cjk.group().strip().lower()], name=written)
    if role := _ROLE.search(before[-24:]):
        word = re.sub(r"^[ldjs][’']", "", role.group(1).lower())  # "l'article 14"
        named = lexicon.ROLE_BEFORE.get(word) or lexicon.ROLE_BEFORE.get(word.rstrip("."))
        if named in _HIDDEN_ROLES:
            return Found(start, end, "name", Decimal(-1), "hidden")
        if named is not None:
            return Found(start, end, "name", value, named, name=written)
    tail = before[-40:].lower()
    if (
        (lang == "de" and any(suffix in tail for suffix in lexicon.STREET_SUFFIXES_DE) and _STREET_DE.search(before))
        or (any(word in tail for word in lexicon.STREET_BEFORE) and _STREET_ES.search(before))
        or _STREET_AFTER.match(text, end)
    ):
        return Found(start, end, "name", value, "street", name=written)
    if re.fullmatch(r"(?:19|20)\d\d", written):  # a year: 'made in 2021', not two thousand and twenty-one of something
        return Found(start, end, "name", value, "year", name=written)
    return None
