"""Every figure a text states, read the way its reader reads it: characters that draw nothing dropped and
compatibility forms folded (full-width '４５日' is 45日), number words in digits, then dates, phone numbers,
times, weekdays and numbers with their units and roles, in that order, none read twice. A span's unit
belongs to both of its ends ('3-5 business days', 'entre 2 et 8 °C')."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from decimal import Decimal

from groundgate.judges.figures import changes, lexicon, phrases, times, units
from groundgate.judges.figures.figure import NOTHING, Figure, Qualifiers
from groundgate.judges.figures.languages import cjk_script, language, word_set
from groundgate.judges.figures.qualifiers import Reader
from groundgate.judges.figures.rewrite import Rewritten, rewritten
from groundgate.judges.figures.shares import digit_runs
from groundgate.judges.figures.times import Found
from groundgate.lookalike import visible

# Links and addresses name things, they do not count them; nor do list markers at a line's start.
_HIDDEN = (  # (a mark the text must hold, the pattern, from the start of the word that holds the mark)
    ("://", re.compile(r"(?:https?|ftp)://\S+")),
    ("www.", re.compile(r"www\.\S+")),
    ("@", re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")),
    ("#", re.compile(r"#\d[\w-]*")),
)


def _marked(text: str, mark: str) -> list[int]:
    """Where the words holding ``mark`` start (a link, an address): found by substring, not by a scan."""
    found: list[int] = []
    at = text.find(mark)
    while at >= 0:
        start = at
        while start > 0 and not text[start - 1].isspace() and text[start - 1] not in "([<\"'":
            start -= 1
        found.append(start if mark != "#" else at)
        at = text.find(mark, at + len(mark))
    return found


def _line_starts(text: str) -> list[int]:
    found = [0]
    at = text.find("\n")
    while at >= 0:
        found.append(at + 1)
        at = text.find("\n", at + 1)
    return found


# A no-break or thin space between digit groups groups thousands in any language ('1 200 €'); it is kept
# as a mark of its own before the text is folded, which makes every space a plain one.
_THOUSANDS = re.compile(r"(?<=\d)[\u00a0\u202f\u2009](?=\d{3}(?!\d))")
_TIMES_AFTER_UNIT = re.compile(r"(?<=[^\W\d_])×")  # '0.25g×24粒': a unit, then how many (dimensions keep theirs)
_LIST_MARK = re.compile(r"[ \t]*\d+[.)](?=\s)")
_VERSION = re.compile(r"(?<![A-Za-z])[vV](\d+(?:\.\d+)*)(?![\w.])")
_PHONE = re.compile(
    r"(?=[\d+(])(?<![\w+])(?<!\d[.,])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]\d{2,4}){1,4}(?![\w])"
)
_HOURS_SPAN = re.compile(r"(?:[01]?\d|2[0-4])[.:][0-5]\d\s?-\s?(?:[01]?\d|2[0-4])[.:][0-5]\d")
_PHONE_WORDS = re.compile(
    r"(?:\b(?:" + "|".join(re.escape(w) for w in lexicon.PHONE_WORDS) + r")\b|" + "|".join(lexicon.PHONE_CJK) + r")",
    re.IGNORECASE,
)
_CONNECTOR = re.compile(
    r"\s*(?:-|–|—|~|〜|～|to|through|à|a|au|bis|hasta|至|到|から|부터|or|ou|o|oder)\s*", re.IGNORECASE
)
_AND = re.compile(r"\s*(?:and|et|und|y|e)\s*", re.IGNORECASE)
_BETWEEN = re.compile(r"\b(?:between|entre|zwischen)\s*$", re.IGNORECASE)
_QUANTITIES = frozenset({"duration", "measure", "percent", "times", "money"})


def figures(text: str, lang: str | None = None) -> list[Figure]:
    """Every figure in the text, in order, each quoted as the text writes it, with what it is said with.
    ``lang``: the text's language when the caller knows it (a row's texts share one), else the text's own."""
    reading = read(text, lang)
    return [reading.qualified(figure) for figure in reading.figures]


class Reading:
    """A text's figures, read without their qualifiers (``figures``), and each with them when asked
    (``qualified``): a context's are read only where an answer's figure needs them."""

    def __init__(
        self, figures: list[Figure], reader: Reader | None, written: Rewritten | None, source: bool = False
    ) -> None:
        self.figures = figures
        self._reader, self._written = reader, written
        self._source = source  # a context's: the end a change left is of its way too
        self._index = {id(figure): index for index, figure in enumerate(figures)}
        self._at = {(figure.start, figure.end): index for index, figure in enumerate(figures)}
        self._done: dict[int, Figure] = {}

    def clause(self, figure: Figure) -> tuple[int, int]:
        """The clause a figure stands in, in the text (without reading its qualifiers)."""
        index = self._at.get((figure.start, figure.end))
        if index is None or self._reader is None or self._written is None:
            return figure.clause
        return self._reader.old(*self._reader.clause(index))

    def qualified(self, figure: Figure) -> Figure:
        index = self._index.get(id(figure))
        if index is None or self._reader is None or self._written is None:
            return figure
        if index not in self._done:
            said = self._reader.at(index)
            if figure.bound and not said.bound:  # 'a third': about 33.33%
                said = replace(said, bound=figure.bound)
            if not said.change and figure.kind in ("money", "percent"):
                # a change said by its ends: the level reached is of its rise or fall, and in a context so is the
                # level left ('scende da 40 € a 30 €': an answer's 'sale da 30 € a 40 €' reaches a level that fell
                # away); an answer's end left is no claim of a way (a chain: 'went up to 800 €, then from 800 €…')
                implied = self._implied(index) if index else 0
                if not implied and self._source and index + 1 < len(self.figures):
                    implied = self._implied(index + 1)
                said = replace(said, change=implied)
            self._done[index] = figure.with_qualifiers(said)
        return self._done[index]

    def _implied(self, index: int) -> int:
        """The direction of a change said by its ends alone ('12,000円から13,200円に'), or 0."""
        reader, first, figure = self._reader, self.figures[index - 1], self.figures[index]
        if reader is None or first.kind != figure.kind or first.unit != figure.unit:
            return 0
        spans = reader.spans
        ends = ((spans[index - 1][0], spans[index - 1][1]), (spans[index][0], spans[index][1]))
        return changes.implied(reader.text, *ends, (first.value, figure.value), reader.lang)


def read(text: str, lang: str | None = None, source: bool = False) -> Reading:
    """Every figure in the text, in order, each quoted as the text writes it; their qualifiers when asked."""
    if not text.isascii():
        text = _TIMES_AFTER_UNIT.sub(" ", visible(_THOUSANDS.sub(units.THOUSANDS, text))).replace("×", "x")
    if not text or not any(c.isdigit() or c.isalpha() for c in text):
        return Reading([], None, None)
    lang = _script(text, lang) if lang else language(text)
    masked = text
    for mark, pattern in _HIDDEN:
        if mark in masked:
            masked = _mask(masked, times.anchored(pattern, masked, _marked(masked, mark)))
    masked = _mask(masked, times.anchored(_LIST_MARK, masked, _line_starts(masked)))
    # the text's words, to tell which vocabularies it may hold (number, month, weekday words): read once, before
    # its number words become digits (what that adds is none of theirs)
    words = word_set(masked.lower()) if lang in lexicon.LATIN else None
    written = rewritten(masked, lang, words)
    found = _read(written.text, lang, words, written.worded)
    quoted = [_quoted(item, text, written, lang) for item in found]
    # a figure written in words without a unit ('una riduzione del 6%') parts no figure from its words
    spans = [(*(item.quote or (item.start, item.end)), "bare" if f.bare else item.kind) for item, f in zip(found, quoted, strict=True)]  # fmt: skip
    reader = Reader(written.text, lang, spans, written.old)
    return Reading(quoted, reader, written, source)


_WORDS = re.compile(r"[^\W\d_]+")


def _starts(text: str) -> list[int]:
    return digit_runs(text)


def _script(text: str, lang: str) -> str:
    """The row's language, unless this text's script says otherwise (a Japanese answer to an English context):
    the script alone tells (lingua is asked only when it does say otherwise)."""
    cjk = not text.isascii() and cjk_script(text)
    if cjk == (lang in lexicon.LATIN):
        return language(text)
    return lang


def _read(
    text: str, lang: str, words: set[str] | None, worded: Callable[[int, int], bool] = lambda start, end: False
) -> list[Found]:
    found: list[Found] = []
    starts = _starts(text)
    if starts:
        dated = list(times.dates(text, lang, words, starts))
        found += dated
        text = _cover(text, dated)
        starts = [s for s in starts if text[s].isdigit()] if dated else starts
        phoned = list(_phones(text, lang, starts))
        found += phoned
        versions = [
            Found(m.start(), m.end(), "name", Decimal(-1), "version", name=m.group(1))
            for m in times.anchored(_VERSION, text, [s - 1 for s in starts if s and text[s - 1] in "vV"])
        ]
        found += versions
        text = _cover(text, [*phoned, *versions])
        starts = [s for s in starts if text[s].isdigit()] if phoned or versions else starts
    timed = list(times.times(text, starts))
    found += timed
    text = _cover(text, timed)
    starts = [s for s in starts if text[s].isdigit()] if timed else starts
    named = list(times.weekdays(text, lang, words))
    found += named
    text = _cover(text, named)
    if starts:
        found += (f for f in units.numbers(text, lang, starts) if f.unit != "hidden")
    found.sort(key=lambda f: (f.start, f.end))
    return _compounds(_spans(found, text, worded), text)


def _cover(text: str, found: Iterable[Found]) -> str:
    spans = [(f.start, f.end) for f in found]
    if not spans:
        return text
    parts: list[str] = []
    last = 0
    for start, end in sorted(set(spans)):
        if start < last:
            start = last
        parts += (text[last:start], " " * max(0, end - start))
        last = max(last, end)
    return "".join((*parts, text[last:]))


def _mask(text: str, matches: Iterable[re.Match[str]]) -> str:
    """The text with the matched spans blanked, offsets kept."""
    parts: list[str] = []
    last = 0
    for match in matches:
        parts += (text[last : match.start()], " " * (match.end() - match.start()))
        last = match.end()
    return "".join((*parts, text[last:])) if parts else text


def _phones(text: str, lang: str, starts: list[int] | None = None) -> Iterable[Found]:
    """Phone numbers: digits in groups, with a leading 0 or +, three or more groups joined by hyphens, or a
    word that says it is one ('call', 'Tel.', '전화') before; not thousands grouped ('1 200 000')."""
    if starts is not None:
        starts = [start - 1 if start and text[start - 1] in "+(" else start for start in starts]
    for match in times.anchored(_PHONE, text, starts):
        written = match.group()
        digits = re.sub(r"\D", "", written)
        if not 7 <= len(digits) <= 15:
            continue
        groups = re.split(r"[\s.()-]+", written.strip("()+ "))
        thousands = len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:]) and len(set(re.findall(r"[\s.-]", written))) == 1  # fmt: skip
        said = bool(_PHONE_WORDS.search(text[max(0, match.start() - 40) : match.start()]))
        dashed = written.count("-") >= 2 and not thousands
        if _HOURS_SPAN.fullmatch(written.strip()):
            continue  # '09.00-17.30': opening hours, not a phone number
        if said or written[0] in "+(0" or dashed:
            yield Found(match.start(), match.end(), "name", Decimal(-1), "phone", name=digits)


def _spans(found: list[Found], text: str, worded: Callable[[int, int], bool] = lambda start, end: False) -> list[Found]:
    """A range's unit given to the end written without it: '3-5 business days', '€10-20', 'de 9 a 17 h'."""
    result = list(found)
    for index in range(len(result) - 1):
        a, b = result[index], result[index + 1]
        gap = text[a.end : b.start]
        if len(gap) > 12:
            continue
        joined = _CONNECTOR.fullmatch(gap) or (_AND.fullmatch(gap) and _BETWEEN.search(text[max(0, a.start - 12) : a.start]))  # fmt: skip
        if not joined:
            continue
        whole = (a.start, b.end)
        if a.kind == "number" and b.kind in _QUANTITIES | {"count"}:
            result[index] = replace(a, kind=b.kind, unit=b.unit, quote=whole)
            result[index + 1] = replace(b, quote=whole)
        elif a.kind == "money" and b.kind == "number" and not worded(b.start, b.end):  # not 'hasta un máximo'
            result[index] = replace(a, quote=whole)
            result[index + 1] = replace(b, kind="money", unit=a.unit, quote=whole)
        elif a.kind == "number" and b.kind == "time" and 0 <= a.value <= 24 and a.value == int(a.value):
            hour = int(a.value)  # 'von 8 bis 18 Uhr': 8:00, the reading before the span's end
            readings = frozenset(h * 60 for h in {hour, hour + 12} if h < 24 and h * 60 < max(b.readings)) or frozenset({hour * 60})  # fmt: skip
            result[index] = replace(a, kind="time", value=Decimal(min(readings)), readings=readings)
        elif a.kind == b.kind and a.kind in _QUANTITIES and a.unit == b.unit:
            result[index] = replace(a, quote=whole)
            result[index + 1] = replace(b, quote=whole)
    return result


# A duration said in two units ('2 h 32 min', '3 years and 4 months', '4 uur en 40 minuten', '1년 6개월'):
# one figure in the smaller unit, as the bigger unit converts exactly into it
_SMALLER = {"year": ("month", 12), "week": ("day", 7), "day": ("hour", 24), "hour": ("minute", 60), "minute": ("second", 60)}  # fmt: skip
_COMPOUND_GAP = re.compile(
    r"[ \t\u00a0]*(?:(?:and|et|und|en|y|e|i)[ \t\u00a0]+)?|[ \t\u00a0]*(?:和|又|零|と)[ \t\u00a0]*", re.IGNORECASE
)


def _compounds(found: list[Found], text: str) -> list[Found]:
    """Two durations side by side, the second in the unit the first converts into and less than one of the
    first's units, are also one duration: '2 h 32 min' is 152 minutes, whichever way the other text writes it.
    Both parts stay (a context's 'terms of 2 years and 6 months' may be two options); an answer claims the
    whole (``whole``)."""
    result: list[Found] = []
    last: Found | None = None
    for item in found:
        if (
            last is not None
            and last.kind == item.kind == "duration"
            and (last.quote is None or last.quote[1] == last.end)  # a range's last end too ('1時間〜1時間30分')
            and item.quote is None
            and _SMALLER.get(last.unit, ("", 0))[0] == item.unit
            and item.value < _SMALLER[last.unit][1]
            and last.value == int(last.value)
            and _COMPOUND_GAP.fullmatch(text, last.end, item.start)
        ):
            total = last.value * _SMALLER[last.unit][1] + item.value
            result.append(Found(last.start, item.end, "duration", total, item.unit))
        result.append(item)
        last = item
    return result


def whole(figures: list[Figure]) -> list[Figure]:
    """The figures an answer claims: a duration in two units as one ('2 h 32 min'), not its parts as well."""
    durations = [f for f in figures if f.kind == "duration"]
    if len(durations) < 3:
        return figures
    inside: set[int] = set()  # a whole stands beside its parts (sorted by start): neighbours only, so linear
    for at, whole_ in enumerate(durations):
        for part in durations[max(0, at - 2) : at + 3]:
            if part is not whole_ and whole_.start <= part.start and part.end <= whole_.end and whole_.end - whole_.start > part.end - part.start:  # fmt: skip
                inside.add(id(part))
    return [f for f in figures if id(f) not in inside] if inside else figures


def _quoted(item: Found, text: str, written: Rewritten, lang: str) -> Figure:
    """The figure quoted from the original text; written in words without a unit, a source's words only."""
    kind, value = item.kind, item.value
    start, end = item.quote or (item.start, item.end)
    old_start, old_end = written.old(start, end)
    own_start, own_end = (old_start, old_end) if item.quote is None else written.old(item.start, item.end)
    worded = written.worded(item.start, item.end)
    bare = (
        (
            worded
            and (
                (kind == "number" and value < 1000)  # 'one of our stores'; 'fifty thousand', '三十五万' are figures
                or (kind == "ordinal" and (not item.unit or value == 1))  # 'the first', 'as duas primeiras horas'
                or (kind == "count" and value <= 3 and (value < 2 or not _bounded(written.text, item.start, lang)))
                or (
                    kind == "duration" and value == 1 and _rated(written.text, item.end)
                )  # 'a year earlier', '一年198元'
                or (kind == "duration" and value == 1 and item.unit == "second")  # 'un segundo conductor'
            )
        )
        or (kind == "times" and value == 1)  # 'once', 'une fois', and in digits '1回', '1次', '1번'
        or (
            kind in ("count", "measure") and value == 1 and bool(_PER_ONE.match(written.text, item.end))
        )  # '1人あたり', '1kWh에'
        or (kind == "duration" and value == 1 and bool(_AGO.match(written.text, item.end)))  # 'um ano antes'
        or (
            kind == "duration"
            and value == 1
            and bool(_OVER.search(written.text, max(0, item.start - 6), item.start))
            and any(c.isdigit() for c in written.text[max(0, item.start - 40) : item.start])
        )  # 'en hausse de 3 % sur un an' ('lasts just over an hour' is a length of time)
        or (kind == "duration" and value == 1 and bool(_PER_ONE.match(written.text, item.end)))  # '1日平均'
    )

    if (
        kind in ("duration", "count", "times")
        and lang in lexicon.CJK
        and text[max(0, old_start - 1) : old_start] in ("第", "제")
    ):
        kind = "ordinal"  # '从第二个月开始', '제3회': the second month, the third time, not two months
        bare = bare or bool(worded)  # in words, as 'the second' is: a source's words, no claim
    approximate = kind == "percent" and ((worded and value in _THIRDS) or written.approximate(item.start, item.end))
    said = _ABOUT if approximate else NOTHING
    return Figure(
        text[old_start:old_end].strip(), kind, value, item.unit, item.days, item.readings, item.name, bare,
        own_start, own_end, item.other, item.written, worded and kind == "count" and lang != "en", said,
    )  # fmt: skip


def _bounded(text: str, start: int, lang: str) -> bool:
    """Whether a small count in words is said with a bound ('au moins deux véhicules', 'up to three bags'): a
    claim then, not a source's words ('two of our stores')."""
    if lang not in lexicon.LATIN:
        return False
    before = text[max(0, start - 30) : start]
    found = phrases.ending(before, "before")
    # 'from', 'ab', 'da' start a source as often as a bound ('from one charge'): not read as one here
    return found is not None and found[0] in ("min", "max") and before[found[1] :].strip().lower() not in _FROM


_FROM = frozenset({"from", "de", "dès", "ab", "desde", "da", "vanaf", "van", "a partir de", "à partir de"})


def _rated(text: str, end: int) -> bool:
    """Whether a duration of one written in words is no claim: 'a year earlier', '一年198元' (a rate's period)."""
    return bool(_AGO.match(text, end)) or text[end : end + 2].strip()[:1].isdigit()


_ABOUT = Qualifiers(bound="about")
_AGO = re.compile(
    r"\s*(?:earlier|ago|previously|plus tôt|auparavant|früher|zuvor|atrás|fa|eerder|geleden|daarvoor|(?:before|avant|vorher|antes|prima)(?=\s*(?:[,.;:)]|$)))(?![^\W\d_])"
    r"|\s*(?:전보다|전 대비|전에 비해|전과 비교|前比|前より|前と比べ)",  # '1년 전보다': a year ago, a comparison's date
    re.IGNORECASE,
)
_OVER = re.compile(r"(?<![^\W\d_])(?:sur|over|su|sobre)\s+$", re.IGNORECASE)  # 'en hausse de 3 % sur un an'
_PER_ONE = re.compile(
    r"\s*(?:あたり|当たり|につき|당|每|에(?=\s*\d)|平均|(?=[\d¥￥₩]))"
)  # '1人あたり', '1인당', '1室12,400円': what a figure is per, not a count
_THIRDS = frozenset({Decimal("33.33"), Decimal("66.67")})  # 'a third' is 33.33%: about, not exactly
