"""The tripwire: the figures a candidate newly states that its context never backs (nor the user's query, nor
the baseline, whose own unsupported figures are backlog), each with the context's nearest figures and the
sentence that holds the nearest, so a reader sees what it was compared with. A figure the context states only
of something else is listed too (``elsewhere``: stated in the context of …), and one that follows from the
context's figures by one simple step is listed apart (``derived``: not an invention). A row whose language
the tripwire does not read lists nothing, and says so (``unread``)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Literal

from groundgate.judges.figures import changes, lexicon, zones
from groundgate.judges.figures.closure import Row, reasoned
from groundgate.judges.figures.compare import HEDGES, comparable, opposed, read_thing
from groundgate.judges.figures.derive import STEPS, aged, derived
from groundgate.judges.figures.ends import range_end, with_ends
from groundgate.judges.figures.extract import figures, read, whole
from groundgate.judges.figures.figure import Figure
from groundgate.judges.figures.items import said_of_another
from groundgate.judges.figures.languages import language, language_name
from groundgate.judges.figures.layout import flattened
from groundgate.judges.figures.per_nouns import same_noun, told_apart, unknown_per
from groundgate.judges.figures.rates import count_key
from groundgate.judges.figures.stated import Stated, claimed, counted
from groundgate.judges.figures.subject import Clauses, Subjects, claim_words, kind_of, near, quoted
from groundgate.judges.figures.worked import Derivation, Working, worked
from groundgate.lookalike import visible

READ = (*lexicon.LATIN, *lexicon.CJK)  # the languages whose figures the tripwire reads
Status = Literal["unsupported", "elsewhere", "derived", "unread"]

NEAREST = 3  # the context's figures shown beside one the candidate newly states
LISTED = 20  # figures a row lists of those its candidate newly states (one is enough to make it a row to read)
SENTENCE = 300  # characters of the context's sentence quoted at most
_BOUNDARY = re.compile(r"[.!?;](?=\s)|[。！？；\n]")


@dataclass(frozen=True)
class NewFigure:
    """A figure the candidate newly states that its context never states, with the context's nearest figures
    (as the context writes them) and the sentence holding the nearest ('' when the context states none)."""

    figure: Figure
    nearest: list[str]
    sentence: str = ""
    # elsewhere: stated only of something else; derived: follows by one step; unread: not read in full, so not
    # checked (neither backed nor an invention: listed so a reader sees it, never a row to read on its own)
    status: Status = "unsupported"
    basis: str = ""  # elsewhere: what the context states it of; derived: how it follows ('£9 a month × 12'); unread: what was not read

    @property
    def flagged(self) -> bool:
        """Whether a person should read it (an unsupported figure, or one said of something else)."""
        return self.status not in ("derived", "unread")


@dataclass(frozen=True)
class Finding:
    """What the tripwire sees on one row: figures the candidate newly states unsupported (or derived), and
    those it repeats from a baseline that already stated them unsupported (backlog, not new); ``unread``: the
    language of a row whose figures it did not read ('Russian'), '' when it read them."""

    new: list[NewFigure]
    backlog: list[Figure]
    unread: str = ""

    @property
    def flagged(self) -> list[NewFigure]:
        return [new for new in self.new if new.flagged]


def claims(text: str, lang: str | None = None) -> list[Figure]:
    """The figures a text claims, each once; written-out words without a unit ('one of our stores') are not."""
    return claimed(figures(text, lang))


def row_language(*texts: str | None) -> str:
    """One language for a row's texts: the one its context and answers are written in together."""
    return language(" ".join(text[:2000] for text in texts if text))


def tripwire(context: str, query: str | None, baseline: str, candidate: str) -> Finding:
    """The candidate's figures against the context (and the query: a figure the user stated is theirs),
    then against the baseline: only what neither states is new."""
    context = flattened(context)  # a table's cell said with its header, a bullet with its heading
    lang = row_language(context, candidate)
    if lang not in READ:
        return Finding([], [], unread=language_name(lang))
    everything = whole(figures(candidate, lang))
    again: dict[int, list[Figure]] = {}
    said = claimed(everything, again)
    if not said:
        return Finding([], [])
    reading = read(context, lang, source=True)
    stated = reading.figures
    placed = zones.local_as_context(
        everything, context, lang, lambda: [reading.qualified(f) for f in stated if f.kind == "time"]
    )
    if placed is not everything:  # an answer's local time read in the context's one foreign zone
        everything, again = placed, {}
        said = claimed(everything, again)
    asking = read(query, lang) if query else None  # the user's figures, their qualifiers read only when asked
    asked = asking.figures if asking is not None else []
    read_one = reading.qualified if asking is None or not asked else (lambda f: asking.qualified(reading.qualified(f)))
    shown = visible(context) if not context.isascii() else context
    qualify = with_ends(stated, read_one, shown)
    sources = Stated(stated + _parts(stated, everything, qualify) + asked, qualify)
    kept = {(f.start, f.end) for f in whole(stated)}
    inside = {(f.start, f.end) for f in stated} - kept  # a compound duration's parts ('2 hours 50 minutes')
    shown_candidate = visible(candidate) if not candidate.isascii() else candidate
    verdicts: list[tuple[Figure, Status, str]] = []
    query_ids = {id(figure) for figure in asked}
    asked_at = {(f.start, f.end, f.text) for f in asked} - {
        (f.start, f.end, f.text) for f in stated
    }  # a backer read anew
    subjects = Subjects(shown, stated, lang)
    place = {id(figure): index for index, figure in enumerate(everything)}
    parts = Clauses(shown_candidate)  # split once: an answer of many figures is not split once a figure
    work: Working | None = None  # the answer's own arithmetic, read once a figure the context does not back asks
    implied: set[int] = set()  # the counts it computes with that the context or the answer states
    for claim in said:
        if claim.bound in ("min", "max") and range_end(everything, place[id(claim)]):
            plain = claim.with_qualifiers(replace(claim.said_with, bound=""))  # 'within 3–5 business days'
            place[id(plain)], again[id(plain)] = place[id(claim)], again.get(id(claim), [])
            claim = plain
        if _kind_of_thing(claim, shown_candidate, shown):
            continue  # 'a day pass' of 'Day pass: €15': a kind of pass the context names, no span of one day
        if _denominator(claim, everything, place):
            continue  # '42 € por cada 100 kilos': what the price is per, said with it
        backers = sources.backing(claim) if claim.bound in HEDGES else None
        if backers and inside:  # a hedge is weighed against the whole, never a part: 'just over 2 hours' of 2 h 50
            backers = [b for b in backers if (b.start, b.end) not in inside]
        backer = backers[0] if backers else sources.backer(claim) if backers is None else None
        if backer is None and claim.kind == "time" and claim.zone_name:
            backer = _converted(claim, sources, everything, place)
        if backer is None and (limit := _whole_limit(claim, shown_candidate[max(0, claim.start - 60) : claim.end + 24])) is not None:  # fmt: skip
            backer, backers = sources.backer(limit), None  # 'sotto i 6 anni' of 'da 0 a 5 anni': the same ages
        if backer is not None:
            if id(backer) in query_ids or (backer.start, backer.end, backer.text) in asked_at:
                continue  # the user's own figure
            verdict = _said_of(claim, backer, backers, again.get(id(claim), []), everything, place, shown_candidate, subjects, sources, query_ids)  # fmt: skip
            if verdict is None and (unknown := unknown_per(claim, backer)):
                if basis := told_apart(unknown, backer, stated, reading.qualified):  # 'por rueda' of 'por vehículo'
                    verdict = (claim, "unsupported", f"the context says it per “{basis}”, and says other figures per “{unknown}”")  # fmt: skip
                else:
                    verdict = (claim, "unread", f"what it is per: “{unknown}”, a noun its tables do not know")
            if verdict is not None:
                verdicts.append(verdict)
            continue
        clause = parts.of(claim)
        at = place[id(claim)]  # the answer's figures beside the claim in its clause (a few: linear in the answer)
        given = [f for f in everything[max(0, at - 4) : at + 5] if f is not claim and clause[0] <= f.start < clause[1]]
        if _period_word(claim, stated, reading.qualified, shown_candidate[max(0, claim.start - 20) : claim.start], shown_candidate[claim.end : claim.end + 4], given):  # fmt: skip
            continue  # '算一天' against '25元/天': the context's period, named
        text_around = (
            shown_candidate[max(0, claim.start - 40) : claim.start],
            shown_candidate[claim.end : claim.end + 20],
        )
        if how := aged(claim, stated, text_around, reading.qualified, shown):
            verdicts.append((claim, "derived", how))
            continue  # 'para tu hijo de 9 años' of 'pack júnior (hasta 12 años)': the reader's own age, in the band
        if _turned(claim, sources):
            verdicts.append((claim, "unsupported", ""))
            continue  # '补税720元' of '应退税额720元': said the other way, whatever it may be computed from
        if work is None:
            work = worked(shown_candidate, everything)
            implied = _implied(work, everything, stated, reading.qualified) if work.operands else set()
        if id(claim) in implied:
            continue  # '12 ×' in '12 × £265 = £3,180' of a 12-week course: a count the answer computes with
        if (derivation := work.results.get(id(claim))) is not None and not _per_each(
            claim, derivation, stated, reading.qualified
        ):
            verdicts.append((claim, "derived", derivation.basis))
            continue
        near_words = near(shown_candidate, everything, place[id(claim)], clause)
        around = shown_candidate[max(clause[0], claim.start - 80) : min(clause[1], claim.end + 80)]  # bounded
        how = derived(claim, stated, near_words, reading.qualified, given, around)
        if how:
            verdicts.append((claim, "derived", how))
            continue
        unread = _unread(claim, sources)
        verdicts.append((claim, "unread", unread) if unread else (claim, "unsupported", ""))
    if not verdicts:
        return Finding([], [])
    verdicts = _once_a_figure(verdicts)
    verdicts = reasoned(verdicts, said, lambda f: _clause_of(shown_candidate, f.start), shown_candidate, Row(stated, reading.qualified, shown, query or ""), asked)  # fmt: skip
    flagged = any(status not in ("derived", "unread") for _, status, _ in verdicts)
    old = Stated(b for b in claims(baseline, lang) if not sources.states(b)) if flagged else Stated()
    backlog: list[Figure] = []
    new: list[NewFigure] = []
    for claim, status, basis in verdicts:
        if status not in ("derived", "unread") and old.states(claim):
            backlog.append(claim)
        elif len(new) < LISTED:
            ranked = nearest(claim, stated)
            sentence_of = sentence(shown, ranked[0]) if ranked else ""
            if status == "elsewhere":
                source = _source(basis, sources)
                basis = quoted(shown, source, reading.clause) if source is not None else ""
            if status == "unsupported" and not basis:
                basis = _said_otherwise(claim, sources)
            new.append(NewFigure(claim, [f.text for f in ranked], sentence_of, status, basis))
    return Finding(new, backlog)


_SEVERITY = {"unsupported": 0, "elsewhere": 1, "unread": 2, "derived": 3}


def _once_a_figure(verdicts: list[tuple[Figure, Status, str]]) -> list[tuple[Figure, Status, str]]:
    """One verdict for each figure the answer writes: a range's two ends ('2-4 business days') are one figure to
    read, listed by the worse of their verdicts (the 4 unsupported, though the 2 is another item's)."""
    worst: dict[str, int] = {}
    for at, (claim, status, _) in enumerate(verdicts):
        key = claim.text
        if key not in worst or _SEVERITY[status] < _SEVERITY[verdicts[worst[key]][1]]:
            worst[key] = at
    kept = set(worst.values())
    return [verdict for at, verdict in enumerate(verdicts) if at in kept]


_THING = re.compile(r"[ -](pass|ticket|card|trip|return)(?:es|s)?(?![^\W\d_])", re.IGNORECASE)


def _kind_of_thing(claim: Figure, answer: str, context: str) -> bool:
    """Whether a one-unit span said in words names a kind of thing the context names the same way, with no number:
    'a day pass' of 'Day pass: €15' (not of '3-day pass: €40', where 'a day pass' is a changed term)."""
    if claim.kind != "duration" or claim.value != 1 or any(c.isdigit() for c in claim.text):
        return False
    thing = _THING.match(answer, claim.end)
    if thing is None or not claim.text.split():
        return False
    unit = re.escape(claim.text.split()[-1])
    named = re.compile(rf"(?<![\w-])(?<!\d )(?<!\d-){unit}[ -]{thing.group(1)}", re.IGNORECASE)
    return named.search(context) is not None


def _whole_limit(claim: Figure, around: str) -> Figure | None:
    """A strict limit of an age in whole years as the inclusive one it is ('sotto i 6 anni' is 'da 0 a 5 anni',
    'over 17 years of age' 'at least 18'), or None: a term of years is no whole count ('more than 2 years')."""
    if claim.bound not in ("under", "over") or claim.value != int(claim.value) or claim.kind != "duration" or claim.unit != "year" or not _AGE.search(around):  # fmt: skip
        return None
    step = -1 if claim.bound == "under" else 1
    said = replace(claim.said_with, bound="max" if claim.bound == "under" else "min")
    return replace(claim, value=claim.value + step, other=None).with_qualifiers(said)


_AGE = re.compile(
    r"(?i:\bage[sd]?\b|years? old|\balt\b|âgé|âge|edad|idade|età|leeftijd|bambin|child|\bkids?\b|kinder|enfant|niñ|crianç|ragazz|jongeren|menor|minderj|junior|senior|anzian|rentner|retrait|jubilad|aposentad)"
)


def _parts(stated: Sequence[Figure], said: Sequence[Figure], qualify: Callable[[Figure], Figure]) -> list[Figure]:
    """A concentration's two measures, with what it is said with, when the answer states both ('each 5 mL
    contains 250 mg' of '250 mg/5 mL'); never one alone ('the dose is 120 mg' of '120 mg/5 ml … 10 ml')."""
    claimed_sizes = {(figure.value, figure.unit) for figure in said if figure.kind == "measure"}
    found: list[Figure] = []
    for figure in stated:
        parts = figure.parts()
        if parts and all((part.value, part.unit) in claimed_sizes for part in parts):
            found += [part.with_qualifiers(qualify(figure).said_with) for part in parts]
    return found


def _said_of(
    claim: Figure,
    backer: Figure,
    backers: list[Figure] | None,
    repeats: list[Figure],
    everything: list[Figure],
    place: dict[int, int],
    answer: str,
    subjects: Subjects,
    sources: Stated,
    query_ids: set[int],
) -> tuple[Figure, Status, str] | None:
    """Whether a claim the context backs is said (here, or where the answer repeats it) of what the context states
    it of: None when it is; else 'elsewhere' with the backer's place, or for a hedge true only of figures said of
    other things, 'unsupported'."""
    if backers is not None:  # a hedge: the figures it is true of, and those of its kind it is false of
        mine = {id(b) for b in backers}
        others = [s for s in sources.quantities if id(s) not in mine and id(s) not in query_ids and comparable(claim, s, loose=True)]  # fmt: skip
        words = claim_words(answer, everything, place[id(claim)], subjects.lang) if others else set()
        if others and subjects.elsewhere(words, None, backers, others):
            return claim, "unsupported", ""
        exact = {(s.start, s.end) for s in sources.matching(claim, read=False)}
        loose = claim.bound in ("over", "under")  # one-sided: true of a far figure too ('about' is near its own)
        if loose and others and not any((b.start, b.end) in exact for b in backers) and subjects.nearer(words, backers, others):  # fmt: skip
            return claim, "unsupported", ""  # true only by chance of a figure of something else
        return None
    if claim.kind not in SAID_OF:
        return None  # a name, an ordinal, a weekday names a thing: it is not said of one
    same = [b for b in sources.matching(claim, read=False) if id(b) not in query_ids] or [backer]
    if not subjects.rivals(kind_of(claim), same):
        return None  # nothing else of its kind in the context: nothing else it could be said of
    at = place[id(claim)]
    following = everything[at + 1] if at + 1 < len(everything) else None
    if following is not None and following.kind == claim.kind and following.unit == claim.unit and changes.implied(answer, (claim.start, claim.end), (following.start, following.end), (claim.value, following.value), subjects.lang) and sources.backer(following) is not None:  # fmt: skip
        return None  # 'caiu de 6,8% para 6,1%': the level a backed change started from, said of what it is
    for occurrence in (claim, *repeats):
        at = place[id(occurrence)]
        lead = answer[max(everything[at - 1].end if at else 0, occurrence.start - _LEAD) : occurrence.start]
        if subjects.elsewhere(
            claim_words(answer, everything, at, subjects.lang), kind_of(claim), same, lead=lead
        ) and not _costated(occurrence, same, everything, answer, subjects, sources):
            return occurrence, "elsewhere", f"{same[0].start}:{same[0].end}"
    if said_of_another(answer, place[id(claim)], everything, subjects, same):
        return claim, "elsewhere", f"{same[0].start}:{same[0].end}"  # an item of a list named for another's value
    return None


_CLAUSE_END = re.compile(r"[.!?](?:\s|$)|[;。！？；\n]|(?<=[\u3000-\u9fff\uac00-\ud7a3])[.!?]")


def _clause_of(text: str, at: int) -> tuple[int, int]:
    """The clause of ``text`` that position ``at`` stands in, between the marks that end one ('.', ';', '。')."""
    start = max((m.end() for m in _CLAUSE_END.finditer(text, max(0, at - 300), at)), default=max(0, at - 300))
    found = _CLAUSE_END.search(text, at, at + 300)
    return start, found.start() if found is not None else min(len(text), at + 300)


def _costated(claim: Figure, same: list[Figure], everything: list[Figure], answer: str, subjects: Subjects, sources: Stated) -> bool:  # fmt: skip
    """Whether another figure of the claim's clause, of another kind and stated once in the context, is stated
    there of the figure that backs the claim: the figure of the claim's kind its clause states next after it, or
    last before it ('The 25 cm round cake feeds 18 to 20 people and costs $72' of '…; the 25 cm round serves
    18–20 and costs $72'). What else the answer says with it places it where the context does, whatever its words."""
    mine = _clause_of(answer, claim.start)
    kind = kind_of(claim)
    backing = {(b.start, b.end) for b in same}
    for other in everything:
        if other is claim or not mine[0] <= other.start < mine[1] or other.kind not in _PLACING or other.bare:
            continue  # a date, a weekday, a bare number ('一节课') is said of many things
        if kind_of(other) == kind:
            continue  # another price of a price list places nothing: each item has one
        found = sources.matching(other, read=False)
        if len(found) != 1:
            continue  # a value the context states more than once ('6场' of every ticket) places nothing
        owner = _owner(found[0], kind, subjects)
        if owner is not None and (owner.start, owner.end) in backing:
            return True
    return False


def _owner(figure: Figure, kind: object, subjects: Subjects) -> Figure | None:
    """The context's figure of ``kind`` that ``figure`` is stated with: the next in its clause, else the last."""
    start, end = _clause_of(subjects.context, figure.start)
    stated = subjects.stated
    at = bisect_right(subjects.starts, figure.start)
    kind = _COUNTED.get(kind, kind)
    after = next((f for f in stated[at : at + _OWNERS] if f.start < end and _counted_kind(f) == kind), None)
    if after is not None:
        return after
    return next((f for f in reversed(stated[max(0, at - _OWNERS) : at]) if f.start >= start and _counted_kind(f) == kind and f is not figure), None)  # fmt: skip


_COUNTED: dict[object, object] = {"number": "count"}  # 'serves 18–20' counts what 'feeds 18 to 20 people' does


def _counted_kind(figure: Figure) -> object:
    kind = kind_of(figure)
    return _COUNTED.get(kind, kind)


_OWNERS = 8  # the context's figures looked at either side, at most
_LEAD = 24  # characters before a claim, back to the figure before it, that may name what it is of
_PLACING = frozenset({"count", "duration", "measure", "percent", "money", "time", "times"})


def _denominator(claim: Figure, everything: list[Figure], place: dict[int, int]) -> bool:
    """Whether the claim is the count of a unit the price before it is per ('42 € por cada 100 kilos')."""
    at = place[id(claim)]
    if claim.kind != "measure" or not at:
        return False
    price = everything[at - 1]
    return (
        price.kind == "money"
        and count_key(claim.value, claim.unit) in price.per
        and claim.start - price.end <= _PER_GAP
    )


_PER_GAP = 12  # characters between a price and the count of a unit it is per, at most


def _turned(claim: Figure, sources: Stated) -> bool:
    """Whether the context states the claim's value and unit only the other way (a credit for a debit, a fall
    for a rise, at least for at most): no derivation makes the answer's side true, so it is no derived figure
    ('补税720元' of '应退税额720元', 'almeno 3.000 €' of 'fino a 3.000 €'). A period is not weighed so: a yearly
    total and a one-time fee may share a value."""
    if not (claim.change or claim.balance or claim.bound in ("min", "max")):
        return False
    found = [s for s in sources.matching(claim) if s.kind == claim.kind]
    for axis in ("change", "balance"):
        mine = getattr(claim, axis)
        theirs = [getattr(s, axis) for s in found]
        if mine and theirs and all(their == -mine for their in theirs):
            return True
    return bool(found) and claim.bound in ("min", "max") and all(opposed(claim.bound, s.bound) for s in found)


def _implied(
    work: Working,
    everything: Sequence[Figure],
    stated: Sequence[Figure],
    qualified: Callable[[Figure], Figure],
) -> set[int]:
    """The counts an answer computes with that are no claims of their own: a number the context states ('12 ×'
    of a 12-week course), one the answer states as a figure of its own ('for 5 days: 5 × €9.90'), or the step
    between the periods of a result and its amount ('€ 822 per jaar (12 × € 68,50)' of '€ 68,50 per maand')."""
    values = {s.value for s in stated if s.kind in _NUMBERED} | {f.value for f in everything if f.kind in _NUMBERED and id(f) not in work.operands}  # fmt: skip
    found = {id(f) for f in everything if id(f) in work.operands and f.value in values}
    results = {id(f): f for f in everything if id(f) in work.results}
    for key, derivation in work.results.items():
        period = results[key].period if key in results else ""
        steps = {
            STEPS[(qualified(s).period, period)]
            for amount in derivation.amounts
            for s in stated
            if s.kind == amount.kind and s.unit == amount.unit and s.value == amount.value and (qualified(s).period, period) in STEPS
        }  # fmt: skip
        found |= {id(n) for n in derivation.numbers if n.value in steps}
    return found


def _per_each(
    claim: Figure, derivation: Derivation, stated: Sequence[Figure], qualified: Callable[[Figure], Figure]
) -> bool:
    """Whether a total the answer computes over a count is said per the period its amount is per ('£3,180 per
    week (12 × £265)' of '£265 per week'): then it is no total, and not derived."""
    if not (derivation.counted and claim.period):
        return False
    return any(
        qualified(source).period == claim.period
        for amount in derivation.amounts
        for source in stated
        if source.kind == amount.kind and source.unit == amount.unit and source.value == amount.value
    )


def _said_otherwise(claim: Figure, sources: Stated) -> str:
    """What the context says with the claim's own value, when it states it with something else ('£20 per
    return' for '£20 per way', '100 € per tavolo' for '100 € per person'): the qualifier that disagrees, for a
    reader to see at once ('' when the context does not state the value, or states it as the claim does)."""
    said = sorted({s.said for s in (sources.qualify(source) for source in sources.matching(claim, read=False))} - {claim.said})  # fmt: skip
    return "said there as " + ", ".join(said[:2]) if said else ""


def _converted(claim: Figure, sources: Stated, everything: Sequence[Figure], place: dict[int, int]) -> Figure | None:
    """The context's time a zoned time converts, when the answer states that time right beside it ('Tuesday at
    10:00 (09:00 GMT)', '3 pm, which is 9 am EST'); None otherwise: a clock time the context states in another
    zone is not converted by a coincidence ('9am GMT' for '09:00 BST' is not '10:00 BST')."""
    backer = sources.backer(claim, paired=True)
    if backer is None:
        return None
    at = place[id(claim)]
    beside = (
        other
        for other in everything[max(0, at - 2) : at + 3]
        if other is not claim and other.kind == "time"
        and min(abs(other.end - claim.start), abs(claim.end - other.start)) <= _PAIRED
    )  # fmt: skip
    return backer if any(other.readings & backer.readings for other in beside) else None


_PAIRED = 30  # characters between a time and its conversion, at most


def _unread(claim: Figure, sources: Stated) -> str:
    """Why an answer's figure that no context figure backs was not read in full ('' when it was): only a figure
    read in full, whose value, unit and qualifiers disagree with every context figure of its kind, is an
    invention. A count of a noun the tables do not know ('9 German hardness degrees' against '9 °dH'), or a
    number without a unit, whose value the context states in another unit may be that figure named otherwise;
    a count of a noun the context counts too ('12 módulos' of '10 módulos … 12x') is read in full."""
    if claim.kind == "count" and counted(claim.unit):
        return ""  # a CJK counter says what it counts: '3곳' is read in full, and no '3명' is it
    if claim.kind in ("count", "number") and not (claim.kind == "count" and read_thing(claim.unit)):
        values = {claim.value} | ({claim.written} if claim.written is not None else set())
        own_word = any(same_noun(s.unit, claim.unit) and s.value in values for s, _ in sources.offered)  # its own word
        counts_it = claim.kind == "count" and any(s.kind == "count" and same_noun(s.unit, claim.unit) for s, _ in sources.offered)  # fmt: skip
        if not own_word and not counts_it and any(("n", value) in sources.keys for value in values):
            what = f"“{claim.unit}”, a noun its tables do not know" if claim.unit else "a number without a unit"
            return f"what it counts: {what}, of a value the context states in another unit"
    return ""


def _period_word(
    claim: Figure,
    stated: Sequence[Figure],
    qualified: Callable[[Figure], Figure],
    before: str,
    after: str,
    given: Sequence[Figure] = (),
) -> bool:
    """Whether a claim is one of a period written in words ('一天', 'a month', 'un an') that the context states
    as a rate's period ('25元/天', '€9 a month'): the name of the period, not a duration of its own; or the
    period of a rate the answer states beside it ('年間パス… 1年を通してなら24,000円', '170 € e copre tre
    mesi', '一度だけ、事務手数料3,850円')."""
    if claim.bound:
        return False  # 'über eine Woche', '至少一年', '至少12个月': a span bounded is a figure, no period's name
    if claim.kind == "duration" and any(s.kind == "duration" and s.unit == claim.unit and s.value != claim.value for s in stated):  # fmt: skip
        return False  # '缴费期一年' of '年缴保费3600元，缴费期20年': a term of years the context states, changed
    if claim.kind == "times" and claim.value == 1:
        period = "once"
    elif claim.kind != "duration":
        return False
    elif claim.value == 1 and (not any(c.isdigit() for c in claim.text) or _PRICE_AFTER.match(after)):
        period = claim.unit  # 'a month', '一天', and '1年で14,800円': the period a price is said for
    elif _EVERY.search(before[-16:]) or _EVERY_AFTER.match(after):  # 'alle sechs Monate', '6개월마다'
        period = _SPANS.get((claim.value, claim.unit), "")
    else:
        period = ""
    if period and any(source.kind in _RATED and qualified(source).period == period for source in stated):
        return True
    named = "once" if claim.kind == "times" else _SPANS.get((claim.value, claim.unit), "")
    beside = {(f.kind, f.value) for f in given if f.kind in _RATED}
    if not named or not beside:
        return False
    return any((source.kind, source.value) in beside and qualified(source).period == named for source in stated)  # fmt: skip


_PRICE_AFTER = re.compile(r"\s*(?:で|に|あたり|当たり|당|에|につき)?\s*[\d¥￥₩$€£]")
# A duration said as how often ('alle sechs Monate', 'every 3 months', '6개월마다'): the period it names.
_EVERY = re.compile(r"(?:every|each|per|pro|je|alle|jede[nrs]?|tous les|toutes les|cada|a cada|ogni|elke|om de|每)\s*$", re.IGNORECASE)  # fmt: skip
_EVERY_AFTER = re.compile(r"\s*(?:마다|ごと|毎|おき)")
_SPANS = {
    (Decimal(6), "month"): "half_year", (Decimal(3), "month"): "quarter", (Decimal(12), "month"): "year",
    (Decimal(1), "year"): "year", (Decimal(1), "month"): "month", (Decimal(1), "week"): "week",
    (Decimal(7), "day"): "week", (Decimal(1), "day"): "day", (Decimal(24), "hour"): "day",
}  # fmt: skip


_RATED = frozenset({"money", "percent", "measure", "count", "times"})
_NUMBERED = frozenset({"number", "count", "duration", "times", "measure", "ordinal"})  # what a count operand may be
SAID_OF = frozenset({"duration", "measure", "percent", "times", "money", "count", "time", "date"})


def _source(basis: str, sources: Stated) -> Figure | None:
    """The context's figure at the place ``basis`` names: a figure it states, or a part of one ('19 h 30' of
    'entre 15 h et 19 h 30')."""
    start, end = (int(n) for n in basis.split(":"))
    return next((f for f, _ in sources.offered if (f.start, f.end) == (start, end)), None)


def nearest(claim: Figure, sources: Sequence[Figure], count: int = NEAREST) -> list[Figure]:
    """The sources' figures closest to ``claim``, each as written once: of its kind first, then by distance
    (bare written-out words are not figures to show)."""

    def distance(source: Figure) -> tuple[int, float]:
        kind = 0 if source.kind == claim.kind else 1
        if source.kind in ("date", "weekday", "name") or claim.kind in ("date", "weekday", "name"):
            return (kind, 0.0)
        a, b = float(claim.magnitude()), float(source.magnitude())
        return (kind, abs(a - b) / max(abs(a), abs(b), 1.0))

    ranked = sorted((source for source in sources if not source.bare), key=distance)
    return list({source.text: source for source in reversed(ranked)}.values())[::-1][:count]


def sentence(text: str, figure: Figure) -> str:
    """The sentence of ``text`` that holds ``figure``, trimmed to a quotable length."""
    start = end = None
    for boundary in _BOUNDARY.finditer(text):
        if boundary.end() <= figure.start:
            start = boundary.end()
        elif boundary.start() >= figure.end:
            end = boundary.end()
            break
    quoted = " ".join(text[start or 0 : end or len(text)].split())
    if len(quoted) <= SENTENCE:
        return quoted
    middle = quoted.find(figure.text)
    left = max(0, min(middle - SENTENCE // 2, len(quoted) - SENTENCE)) if middle >= 0 else 0
    return (
        ("…" if left else "") + quoted[left : left + SENTENCE].strip() + ("…" if left + SENTENCE < len(quoted) else "")
    )
