"""What a figure is said with, read from the words beside it in its clause: its bound or hedge ('at least',
'about', 'over'), its direction ('a 1.8% fall', 'a devolver'), its period and what it is per ('£9 per seat
per month'), its time zone ('9:00 CET'), whether its days are calendar days, and the clause it stands in
(what it is said of). A qualifier belongs to the nearest figure of its clause: the words between two figures
are read for each up to the other."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from functools import cache, lru_cache

from groundgate.judges.figures import cldr, lexicon, phrases, reach, zones
from groundgate.judges.figures import qualifier_words as words
from groundgate.judges.figures.directions import direction, directions
from groundgate.judges.figures.figure import Qualifiers
from groundgate.judges.figures.rates import (
    CJK_THINGS,
    ONE_SPAN_AFTER,
    one_span,
    per_count,
    per_people,
    per_people_before,
    per_whole,
    rate,
    things,
)

_CLAUSE_END = re.compile(r"[.!?;](?=\s|$)|[。！？；\n]")
_WINDOW = 48  # characters read on either side of a figure, at most
_PLACE_WINDOW = 120  # ... and before a local time, for the place it is local to
CLAUSE = 400  # characters a clause runs on either side of its figure, at most
_ENDS = (". ", "! ", "? ", "; ", ".\n", "\n", "。", "！", "？", "；")  # what ends a clause


# A comparative denied: 'niet dikker dan', 'nicht länger als', 'not older than' (at most), 'not less than' (at least).
_NOT_PAST = re.compile(r"(?<![^\W\d_])(?:not|niet|nicht|no|non|pas|não|never)\s+(?:(?:puede|pode|può|peut|kann|kan|can|may|mag|deve|debe|doit|muss|moet|must|ser|être|essere|sein|zijn|be|pas)\s+){0,3}(?:(?P<less>less|fewer|lower|younger|shorter|smaller|sooner|earlier|minder|weniger|jünger|kürzer|niedriger|kleiner|früher|eher|moins|menos|meno|jonger|korter|lager|eerder|menor|inferior|inferiore|minore|inférieur|inférieure)|more|plus|più|más|mais|meer|mehr|mayor|maior|superior|superiore|maggiore|supérieur|supérieure|longer|larger|bigger|higher|older|later|heavier|thicker|wider|taller|länger|größer|grösser|höher|älter|später|schwerer|dicker|breiter|langer|groter|hoger|ouder|later|zwaarder|dikker|breder)(?:\s+[^\W\d_]+)?\s+(?:than|dan|als|que|di|de|do|da|a|à|al|ao|del)\s*$", re.IGNORECASE)  # fmt: skip
_DENIED_AFTER = re.compile(r"^[^\s,.;。，、]{0,6}\s?(?:수\s?)?(?:없|않|못|안\s?(?:됩|돼|되)|ない|ません|不)")


_SPAN_JOIN = re.compile(
    r"\s*(?:-|–|—|~|〜|～|to|until|till|à|a|al|alle|bis|hasta|até|tot|から|至|到|부터)\s*", re.IGNORECASE
)


# 'A minimum stay of 3 nights', 'Mindestalter: 18': a limit a few words before its figure.
_LOOSE = re.compile(
    r"(?:(?<![^\W\d_])(?:(?P<min>minimum|min\.|mínimo|mínima|minimo|minima|minimi|minime|minimaal|minimale|mindest\w*|minimal\w*)|(?P<max>maximum|max\.|máximo|máxima|massimo|massima|massimi|massime|maximaal|maximale|höchst\w*|maximal\w*|up to|bis zu|jusqu'à|hasta|até|fino a))"
    r"|(?P<min_cjk>最低|最小|最少|最短|至少|최소|최저)|(?P<max_cjk>最大|最高|最多|最长|最長|至多|최대|최고|최장))"
    r"(?:(?:\s*[^\W\d_]+){0,3}\s*(?:of|de|di|van|von|d'|du|:)?|(?:\s+[^\W\d_]+){0,6}\s+(?:is|es de|son de|est de|beträgt|betragen|é de|são de|è di|sono di|bedraagt|zijn))\s*$",
    re.IGNORECASE,
)  # 'la estancia mínima en julio y agosto es de 5 noches': the label's bound, past what it is of, to its verb
# A deadline before an event: 'no later than', 'up to', 'until' a duration 'before' it is at least that long before
# ('within 24 hours before departure' stays within: the last 24 hours).
_DEADLINE = re.compile(r"^\s*(?:no later than|not later than|up to|until|jusqu'à|jusqu’à|au plus tard|bis zu|bis|spätestens|hasta|a más tardar|até|no máximo até|fino a|entro|tot|uiterlijk)\b", re.IGNORECASE)  # fmt: skip
_WHOLE_WORDS = re.compile(rf"(?<![^\W\d_])(?:{words.WHOLE})(?![^\W\d_])", re.IGNORECASE)
# A pass for a number of days, named before its price ('6-Tages-Karte Erwachsene 312 €', '7日間パックは3,480円').
_SPAN_LABEL = re.compile(r"(?<!\d)(\d{1,2})\s?-?\s?(?:Tages|Tage|days?|jours?|días?|dias?|giorni|dagen|daagse|日間|日|일)[-\s]?(?:karte|pass|ticket|package|pack|forfait|bono|abono|abbonamento|skipass|kaart|passe|パス|券|パック|권|패스|이용권)", re.IGNORECASE)  # fmt: skip
_OPENS_NEXT = re.compile(r"\s*[(（][^)）\d]{1,24}")
_CALENDAR_SAID = re.compile(r"^\s*(?:calendaires|calendrier|de calendario|naturales|corridos|de calendário|di calendario|solari|kalenderdagen|kalendertage|calendar)(?![^\W\d_])", re.IGNORECASE)  # fmt: skip
_EVENT = re.compile(r"^\s*(?:before|prior to|in advance|ahead of|beforehand|avant|à l'avance|vor|im voraus|vorher|antes|de antelación|de antecedência|prima|in anticipo|voor|van tevoren|前|전)", re.IGNORECASE)  # fmt: skip
_EVENT_BY = re.compile(r"^\s*(?:前まで|前までに|전까지|前为止)")
_GO_UP = re.compile(r"(?<![^\W\d_])(?:go|goes|going|went|gone|move|moves|moving|moved|rise|rises|rising|rose|climb|climbs|climbed|jump|jumps|jumped|step|steps|bump|bumps|upgrade)\s*$", re.IGNORECASE)  # fmt: skip
# What joins the two ends of a change ('von 4,85 % auf 4,60 %', 'del 15 % al 12 %', 'from £9 to £12')
_FROM_TO = re.compile(
    r"(?:\s?/\s?[^\W\d_]{1,4}(?:/[^\W\d_]{1,3})?)?\s*(?:to|auf|al|a|à|au|naar|tot|para|até|ao|alla|allo)\s+",
    re.IGNORECASE,
)  # past a unit it is per ('da 0,142 €/kWh a 0,128 €/kWh')
# ('mais' parts a clause in French, never right after an amount or 'a': '5 € a mais', '5 € mais do que' are more)
_PART = re.compile(r",|;|\(|\)|\s(?:and|but|so|while|whereas|then|et|donc|und|aber|also|y|pero|así que|e|mas|então|ma|quindi|en|maar|dus|dan|并且|但|所以)\s|(?<=\S)(?<!\sa)\smais\s|\s[–—]\s(?:or|ou|oder|o|of)\s", re.IGNORECASE)  # fmt: skip
_DUTCH_NOT = r"(?:niet|nooit|geen)(?![^\W\d_])(?:\s+(?!(?:en|maar)\s)[^\s,;:]+){0,6}"  # a Dutch negation and up to six words after it
_NEGATION = re.compile(r"(?<![^\W\d_])(?:(?:not|never|no|don't|do not|cannot|can't|mustn't|must not|ne|n'|pas|nicht|nie|kein|keine|nunca|não|non)(?![^\W\d_])(?:\s+(?!(?:and|und|et|y|but|aber|mais|pero|ma)\s)[^\s,;:]+){0,6}|" + _DUTCH_NOT + r")\s*$|(?:不能|不可|不得|不要|勿|禁止|없|않|ない)$", re.IGNORECASE)  # fmt: skip
# (a denial ends at its clause's conjunction: 'no booking fee and the deposit is just over 20%'; Dutch 'en' only)
_NEGATION_NL = re.compile(r"(?<![^\W\d_])" + _DUTCH_NOT + r"\s*$", re.IGNORECASE)  # Dutch's own: 'pas' is no 'pas'
_COUNTER = re.compile(r"[가-힣\u4e00-\u9fff]\s?")  # one syllable or character a number counts, unread
_LOOSE_WORDS = re.compile(
    r"min|max|mín|máx|mass|höchst|mindest|up to|bis zu|jusqu|hasta|até|fino a|最|至少|최", re.IGNORECASE
)
_CALENDAR = re.compile(rf"(?<![^\W\d_])(?:{words.CALENDAR})(?![^\W\d_])", re.IGNORECASE)


_CALENDAR_STEMS = ("calend", "corrid", "natural", "solari", "kalender", "自然日", "暦日", "역일", "civil")


@cache
def _calendar_words() -> frozenset[str]:
    return frozenset(phrases.PHRASE_WORD.findall(words.CALENDAR.lower()))


def _calendar(text: str) -> bool:
    """Whether the words say calendar days ('30 calendar days', '30 jours calendaires', '30 dias corridos')."""
    lowered = text.lower()
    if not any(stem in lowered for stem in _CALENDAR_STEMS):
        return False
    return not _calendar_words().isdisjoint(t for t, _, _ in phrases.tokens_of(text)) or bool(_CALENDAR.search(text))


def clauses(text: str) -> list[tuple[int, int]]:
    """The text's clauses (sentences, and the parts a semicolon or a line break makes), in order."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _CLAUSE_END.finditer(text):
        if match.start() > start:
            spans.append((start, match.end()))
        start = match.end()
    if start < len(text):
        spans.append((start, len(text)))
    return spans or [(0, len(text))]


def qualify(text: str, lang: str, spans: Sequence[tuple[int, int, str]]) -> list[Qualifiers]:
    """Each figure's qualifiers: ``spans`` are the figures' (start, end, kind) in ``text``, in order (a range's
    ends share the range's words: its (start, end) is the whole range for both)."""
    reader = Reader(text, lang, spans)
    return [reader.at(index) for index in range(len(spans))]


class Reader:
    """The qualifiers of a text's figures, read one at a time when asked (a context's figures are read only
    where an answer's figure needs them: most never are)."""

    def __init__(
        self,
        text: str,
        lang: str,
        spans: Sequence[tuple[int, int, str]],
        old: Callable[[int, int], tuple[int, int]] = lambda start, end: (start, end),
    ) -> None:
        """``old``: where a span of ``text`` stands in the text as written (a clause is given there)."""
        self.text, self.lang, self.spans, self.old = text, lang, spans, old
        self._parts: list[tuple[int, int]] | None = None
        self._zone: str | None = None
        self._starts: list[int] = []

    def clause(self, index: int) -> tuple[int, int]:
        """The clause the figure stands in: read around it (a context's other clauses are never split)."""
        text = self.text
        start, end, _ = self.spans[index]
        low, high = max(0, start - CLAUSE), min(len(text), end + CLAUSE)
        begin = max([low] + [at + len(mark) for mark in _ENDS if (at := text.rfind(mark, low, start)) >= 0])
        ends = [at for mark in _ENDS if (at := text.find(mark, end, high)) >= 0]
        finish = min(ends) + 1 if ends else high
        while begin < start and text[begin].isspace():
            begin += 1
        return begin, finish

    def at(self, index: int) -> Qualifiers:
        """The figure's qualifiers, read between the figures beside it, within its clause (whose span is left
        unread here: ``clause`` gives it to the few that need it)."""
        text, spans = self.text, self.spans
        start, end, kind = spans[index]
        low, high = max(0, start - _WINDOW), min(len(text), end + _WINDOW)
        clause_start = _clause_start(text, start, low)
        ends = [at for mark in _ENDS if (at := text.find(mark, end, high)) >= 0]
        clause_end = min(ends) + 1 if ends else high
        previous, back = clause_start, index - 1
        while back >= 0 and index - back <= 4:  # a range's ends share their span: the figure before them
            if spans[back][1] <= start and spans[back][2] != "bare":  # 'una riduzione del 6%': words, no figure
                previous = max(previous, spans[back][1])
                break
            back -= 1
        following, ahead = clause_end, index + 1
        while ahead < len(spans) and ahead - index <= 4:
            if spans[ahead][0] >= end and spans[ahead][2] != "bare":
                following = spans[ahead][0]
                break
            ahead += 1
        before = text[max(previous, clause_start, start - _WINDOW) : start]
        after = text[end : max(end, min(following, clause_end, end + _WINDOW))]
        if self.lang in lexicon.CJK and end + len(after) == following < clause_end:
            after += text[following : following + 1]  # '1,000円/子ども500円': what follows is the next item's figure
        shared = kind in ("money", "percent") and self.lang not in lexicon.CJK and end + len(after) == following < clause_end and ahead < len(spans) and spans[ahead][2] == kind  # fmt: skip
        said = _read(
            before, after, text[start:end], kind, self.lang, (0, 0), _governed(after, self.lang) if shared else 0
        )
        if kind == "time" and said.zone_name and ahead < len(spans) and spans[ahead][2] == "time" and _OPENS_NEXT.fullmatch(text, end, spans[ahead][0]):  # fmt: skip
            named = zones.patterns()[1].search(
                before[-16:]
            )  # '英国時間15:00（日本時間23:00）': the bracket's zone is its own time's
            name = zones.placed(named.group("zone").lower(), "", before, self.lang) if named is not None else ""
            said = replace(said, zone=cldr.zones().get(name), zone_name=name)
        if said.period and kind == "money" and following < clause_end and ahead < len(spans) and spans[ahead][2] == "money" and reach.LABEL_GAP.fullmatch(text, end, following):  # fmt: skip
            said = replace(said, period=rate(before, "", kind, self.lang)[0])  # the next's: 'mensile 55 €, trimestrale 150 €', '€ 2.601 elke maand € 260,10'  # fmt: skip
        if kind == "time" and said.zone_name in words.LOCAL_WORDS and (placed := zones.placed(said.zone_name, "", text[_clause_start(text, start, max(0, start - _PLACE_WINDOW)) : start], self.lang)) != said.zone_name:  # fmt: skip
            said = replace(
                said, zone=cldr.zones().get(placed), zone_name=placed
            )  # 'in Lissabon … dus om 11.30 uur lokale tijd'
        if kind == "time" and not said.zone_name and (zone := self._zone_later(index, end) or self._zone_before_date(index) or self._text_zone()):  # fmt: skip
            said = replace(said, zone=cldr.zones().get(zone), zone_name=zone)
        if kind in ("money", "percent") and not (said.change or said.balance):
            said = self._direction(said, index, start, end, previous, following, clause_end, ahead)
        if kind in ("money", "percent") and not said.change and index and spans[index - 1][2] == kind and _FROM_TO.fullmatch(text, spans[index - 1][1], start):  # fmt: skip
            said = replace(said, change=self.at(index - 1).change)  # 'sinkt von 4,85 % auf 4,60 %': 4,60 % fell too
        if kind == "money" and self.lang in lexicon.CJK and index and spans[index - 1][1] >= start - 1 and (one := reach.ONE_BEFORE.fullmatch(text, spans[index - 1][0], spans[index - 1][1])):  # fmt: skip
            noun = one.group(1)  # '1室12,400円', '1人12,400円': a count of one right before a price is what it is per
            thing = CJK_THINGS.get(noun) or things()[0].get(noun.lower())
            said = replace(said, per=said.per | {thing}) if thing else said
            if not thing and not said.period and (period := one_span(noun)):
                said = replace(said, period=period)  # '1日3,480円', '1か月935円': a price per one day, per one month
        if kind == "money" and self.lang == "zh" and not said.period and (span := ONE_SPAN_AFTER.match(text, end)):
            said = replace(said, period=one_span(span.group(1)))  # '1288元一个月'
        if kind == "money" and not said.per & words.JOURNEY_SENSES and (way := self._journey(start, end, previous, following, clause_start, clause_end)):  # fmt: skip
            said = replace(said, per=said.per | {way})
        if kind == "money" and not said.period and (period := self._period_further(index, start, end, clause_start)):
            said = replace(said, period=period)
        if kind == "money" and (counted := per_count(text, end, self.lang)):
            said = replace(said, per=said.per | {counted})  # '42 €/100 kg'
        elif (
            kind == "money"
            and "person" not in said.per
            and (people := per_people(text, end) or per_people_before(text, start) or per_whole(text, end))
        ):
            said = replace(said, per=said.per | {people, *(("whole",) if people in ("group", "room") else ())})  # '160 € für zwei Personen', 'for the room'  # fmt: skip
        if kind == "money" and not said.period and (named := _last(_SPAN_LABEL.finditer(text, max(clause_start, start - 40), start))) and not any(s[2] == "money" and named.end() <= s[0] < start for s in spans[max(0, index - 3) : index]):  # fmt: skip
            said = replace(said, period=reach.span_period(f"{named.group(1)} day", "en"))  # '6-Tages-Karte … 312 €'
        if kind == "money" and not said.period and ahead < len(spans) and spans[ahead][2] == "duration" and reach.FOR_SPAN.fullmatch(text, end, spans[ahead][0]):  # fmt: skip
            said = replace(
                said, period=reach.span_period(text[spans[ahead][0] : spans[ahead][1]], self.lang)
            )  # 'für 7 Tage'

        return said

    def _period_further(self, index: int, start: int, end: int, clause_start: int) -> str:
        """A price's period said further off than its own words: the span of months right before it in CJK
        ('3か月 51,730円', '3か月で18,150円': 3 months), or a payment noun that holds it in German or Dutch, in the
        price's own words or right after it ('Semesterbeitrag', '312,45 € Semesterbeitrag'); '' if none."""
        text, spans = self.text, self.spans
        if self.lang in lexicon.CJK:
            if index and spans[index - 1][2] in ("duration", "bare") and start - spans[index - 1][1] <= 3 and not reach.FIRST_SPAN.search(text, max(0, spans[index - 1][0] - 4), spans[index - 1][0]):  # fmt: skip
                span = reach.SPAN_BEFORE.fullmatch(text, spans[index - 1][0], spans[index - 1][1])
                if span is not None and text[spans[index - 1][1] : start].strip(" ,、，") in reach.SPAN_JOINS:
                    count, unit = int(span.group(1)), reach.CJK_SPANS[span.group(2)]
                    return unit if count == 1 else reach.NAMED_SPANS.get((count, unit), f"{count} {unit}")
            return ""
        if self.lang not in ("de", "nl"):
            return ""
        back = index - 1
        while back >= 0 and spans[back][2] in ("name", "date", "weekday") and index - back <= 3:
            back -= 1  # 'Der Semesterbeitrag für das Wintersemester 2025/26 beträgt 312,45 €': past a year
        low = spans[back][1] if back >= 0 and index - back <= 3 else clause_start
        own = reach.LIST_SEP.split(text[max(low, clause_start, start - 80) : start])[-1]  # its own words
        gap = len(text[end : end + 3]) - len(text[end : end + 3].lstrip())
        if reach.NOUN_AFTER.match(text, end + gap):  # '25 € Aufnahmegebühr': the price's own noun says it, alone
            compound = reach.COMPOUND_PERIOD.match(text, end + gap)
        else:
            compound = reach.COMPOUND_PERIOD.search(own)
        return reach.COMPOUND_PERIODS[compound.group(1).lower()] if compound is not None else ""

    def _journey(self, start: int, end: int, previous: int, following: int, clause_start: int, clause_end: int) -> str:
        """A fare's journey ('way' or 'return') said beside it: the nearest such word between it and the figures
        either side (its label in a list: 'Single £12, Return £20'), else its list's heading before a colon
        ('单程票价：二等座553元，一等座933元'); '' if none."""
        text = self.text
        before = text[max(previous, clause_start, start - 48) : start]
        after = text[end : max(end, min(following, clause_end, end + 24))]
        label = reach.item(before, last=True)  # its own item's label first: 'Return £20', 'ida y vuelta 20 €'
        said = label or reach.item(after, last=False)[:1]
        if said:
            return str(said[-1])
        low = max(0, start - _HEADING)  # a heading stands near its list: never the whole text read again
        sentence = text[max([low] + [at + len(mark) for mark in _ENDS if (at := text.rfind(mark, low, start)) >= 0]) : start]  # fmt: skip
        colon = max(sentence.find(":"), sentence.find("："))
        if colon < 0:
            return ""
        heading = [m.lastgroup for m in reach.journeys().finditer(sentence[:colon])]
        return str(heading[-1]) if len(set(heading)) == 1 else ""

    def _text_zone(self) -> str:
        """The one zone the whole text names ('모든 일정은 한국 시간(KST) 기준입니다'): its times without a zone of
        their own are in it; '' when it names none, or zones of two offsets, or a local time."""
        if self._zone is None:
            offsets, text = cldr.zones(), self.text
            times = [start for start, _, kind in self.spans if kind == "time"]
            found = []
            for match in zones.anywhere().finditer(text):
                begin = max([0] + [at + len(mark) for mark in _ENDS if (at := text.rfind(mark, max(0, match.start() - CLAUSE), match.start())) >= 0])  # fmt: skip
                finish = _clause_end(text, match.end(), match.end() + CLAUSE)
                at = bisect_left(times, begin)
                if at < len(times) and times[at] < finish:
                    self._zone = ""  # a zone said of a time ('3 pm CET (9 am EST)') is that time's, not the text's
                    return self._zone
                found.append(match.group("zone").lower())
            known = {offsets.get(name) for name in found}
            self._zone = found[0] if found and len(known) == 1 and None not in known else ""
        return self._zone

    def _zone_before_date(self, index: int) -> str:
        """A time's zone said before the date it follows ('北京时间2月20日17:00', 'ロンドン現地時間の6月16日午前4時')."""
        text, spans = self.text, self.spans
        at, back = spans[index][0], index - 1
        while back >= 0 and index - back <= 2 and spans[back][2] in ("date", "weekday"):
            if len(text[spans[back][1] : at].strip(" ,()（）の")) > 1:
                return ""
            at, back = spans[back][0], back - 1
        if at == spans[index][0]:
            return ""
        _, before_zone = zones.patterns()
        zone = before_zone.search(text[max(0, at - 16) : at])
        return (
            zones.placed(zone.group("zone").lower(), "", text[max(0, at - 96) : at], self.lang)
            if zone is not None
            else ""
        )

    def _zone_later(self, index: int, end: int) -> str:
        """A time's zone said further on in its sentence: after the span it ends ('07:00~22:00 (KST)',
        '2時から6時まで(UTC)'), or in brackets at the end ('at 10am until 10pm on Wednesday (UK time)'); '' if none."""
        text, spans = self.text, self.spans
        stop = _clause_end(text, end, end + CLAUSE)
        if "(" not in text[end:stop] and "（" not in text[end:stop] and not (index + 1 < len(spans) and spans[index + 1][2] == "time"):  # fmt: skip
            return ""
        after_zone, _ = zones.patterns()
        later = next((s for s in _ahead(spans, index) if s[2] == "time" and s[0] >= end), None)
        if later is not None and later is spans[index + 1] and _SPAN_JOIN.fullmatch(text, end, later[0]):
            zone = after_zone.match(text[later[1] : stop])
            if zone is None:
                return self._zone_later(index + 1, later[1])
            return zones.placed(zone.group("zone").lower(), text[later[1] + zone.end() : stop], text[max(0, later[0] - 96) : later[0]], self.lang)  # fmt: skip
        if later is not None:  # a time between says its own zone: a bracket after it is its
            stop = min(stop, later[0])
        bracket = zones.bracketed().search(text, end, stop)
        return bracket.group("zone").lower() if bracket is not None else ""

    def _direction(
        self,
        said: Qualifiers,
        index: int,
        start: int,
        end: int,
        previous: int,
        following: int,
        clause_end: int,
        ahead: int,
    ) -> Qualifiers:
        """A direction said further off: past a date ('€ 132,35 wordt op 28 februari … afgeschreven'), in a label
        ('Rückforderung zu viel gezahlter Fahrtkostenzuschuss Januar: −48,00 €'), or by a listing's sign."""
        text, spans = self.text, self.spans
        change = balance = 0
        nxt = spans[ahead][2] if ahead < len(spans) else ""
        if following < clause_end and nxt in ("date", "time", "weekday"):
            stop = _clause_end(text, end, end + 80)
            change, balance = direction("", _own(text[end:stop]), self.lang)
        lead = text[max(previous, start - 160) : start]
        colon = max(lead.rfind(": "), lead.rfind("："))
        if not (change or balance) and colon >= 0 and not lead[colon + 1 :].strip(" +-−–€$£¥₩"):
            label = lead[:colon]
            begin = max(label.rfind(mark) for mark in ("; ", ". ", "\n", "；", "。", ": "))
            change, balance = direction(_own_last(label[begin + 1 :]), "", self.lang)
        if not (change or balance) and (said_after := reach.BRACKET_AFTER.match(text, end)) is not None and not reach.AFTER_WORD.search(said_after.group(1)):  # fmt: skip
            change, balance = direction(
                "", said_after.group(1), self.lang
            )  # '-335,000원(환급)': the word, not the sign
        if not (change or balance) and spans[index][2] == "money":
            sign = text[max(0, start - 2) : start].strip()
            sign = (
                text[start - 1]
                if start and text[start - 1] in "+−-" and not text[start - 2 : start - 1].isascii()
                else sign
            )  # '收益-356.27元'
            if sign in ("+", "−", "-") and (
                start < 3
                or not text[start - 3].isalnum()
                or text[start - 2 : start - 1].isspace()
                or not text[start - 3].isascii()
            ):
                balance = 1 if sign == "+" else -1  # a listing's '+212,40 €', '−48,00 €': in, out
                item = text[
                    max(0, start - 160) : start
                ]  # its line's words say which, past a date ('Gutschrift … vom 4.–6. März −8,50 €')
                item = item[max(item.rfind(mark) for mark in (", ", "; ", "\n", "；", "，")) + 1 :]
                balance = direction(item, "", self.lang)[1] or balance
        if not (change or balance) and spans[index][2] == "money":
            later = next((s for s in _ahead(spans, index) if s[0] >= end and s[2] in ("money", "percent")), None)
            going = reach.going_on(text[end : later[0] if later is not None else len(text)], self.lang)
            balance = direction("", going, self.lang)[1]
        return replace(said, change=change, balance=balance) if change or balance else said


def _ahead(spans: Sequence[tuple[int, int, str]], index: int) -> Iterator[tuple[int, int, str]]:
    """The spans after one, a few at most: what is said further on is said before many more figures."""
    for at in range(index + 1, min(len(spans), index + _AHEAD)):
        yield spans[at]


_AHEAD = 9
_HEADING = 200  # characters a list's heading stands before its figure, at most


def _clause_end(text: str, end: int, high: int) -> int:
    ends = [at for mark in _ENDS if (at := text.find(mark, end, high)) >= 0]
    return min(ends) + 1 if ends else min(len(text), high)


def _own_last(text: str) -> str:
    """The words of a label after its last comma or semicolon."""
    parts = list(_PART.finditer(text))
    return text[parts[-1].end() :] if parts else text


_QUANTITIES = frozenset({"money", "percent", "measure", "count", "number", "duration", "times"})


_TOKEN = re.compile(r"[^\W\d_]+")
_PAST_TIME = re.compile(words.PAST_TIME, re.IGNORECASE)
_NOT_ALLOWED = re.compile(words.NOT_ALLOWED, re.IGNORECASE)
_POSSIBLE = re.compile(words.POSSIBLE, re.IGNORECASE)
_FLIPS = frozenset(
    {"before", "after", "avant", "après", "vor", "nach", "antes", "después", "dopo", "prima", "voor", "na"}
)
_AT_TIME = re.compile(words.AT_TIME, re.IGNORECASE)
_SIGNS = "/~+-−"


def _silent(before: str, after: str, lang: str) -> bool:
    """Whether neither window holds a word or sign a qualifier is written with (most figures: read no further)."""
    vocabulary, cjk = phrases.triggers(lang)
    if any(c in _SIGNS for c in before[-2:]) or any(c in _SIGNS for c in after[:3]):
        return False
    if lang in lexicon.CJK:
        return not any(c in cjk for c in before[-12:]) and not any(c in cjk for c in after[:16])
    return (
        vocabulary.isdisjoint(_TOKEN.findall(before.lower()))
        and vocabulary.isdisjoint(_TOKEN.findall(after.lower()))
        and _stems().search(before) is None
        and _stems().search(after) is None
        and _endings().search(before) is None  # 'Die Betriebskostennachzahlung beträgt 318,40 €'
        and _LOOSE_WORDS.search(before[-40:]) is None  # 'Die Mindestabhebung beträgt 20 €'
        and _WHOLE_WORDS.search(after[:40]) is None  # '290 € pauschal', '€ 90 voor het hele examen'
        and _WHOLE_WORDS.search(before[-24:]) is None  # 'kostet insgesamt 210 €'
        and _NOT_PAST.search(before[-40:]) is None  # 'no menor a cuatro meses'
    )


@cache
def _endings() -> re.Pattern[str]:
    """A compound that ends in a direction's word ('Stromguthaben'): a window holding one is read."""
    every = sorted({end for ends in words.ENDINGS.values() for end in ends}, key=len, reverse=True)
    return re.compile(rf"[^\W\d_]{{3}}(?:{'|'.join(every)})(?![^\W\d_])", re.IGNORECASE)


@cache
def _stems() -> re.Pattern[str]:
    """A word that starts with a balance word's stem ('cargarán'): a window holding one is read."""
    every = sorted({stem for stems in words.STEMS.values() for stem in stems}, key=len, reverse=True)
    return re.compile(rf"(?<![^\W\d_])(?:{'|'.join(re.escape(stem) for stem in every)})", re.IGNORECASE)


def _read(
    before: str, after: str, own: str, kind: str, lang: str, clause: tuple[int, int], nearer: int = 0
) -> Qualifiers:
    """What a figure of ``kind`` written ``own`` is said with, between the words ``before`` and ``after`` it.
    ``nearer``: where ``after`` ends at the next amount, how much of it is this one's; the verb past that governs
    the next amount ('con spese di 2.180 € lei dovrebbe versare altri 320 €': the 320 € is paid)."""
    q = _said(before, after, own, kind, lang, nearer)
    return Qualifiers(
        q.bound, q.change, q.balance, q.period, q.per, q.zone, q.zone_name, q.calendar, clause, q.added, q.result
    )


@lru_cache(maxsize=8192)
def _said(before: str, after: str, own: str, kind: str, lang: str, nearer: int = 0) -> Qualifiers:
    """``_read`` without the clause: the same words say the same (a suite's contexts share their sentences)."""
    if kind not in _QUANTITIES and kind != "time":
        return Qualifiers()
    if _silent(before, after, lang) and not (kind == "duration" and _calendar(own)) and not (kind == "time" and _PAST_TIME.search(before[-60:])):  # fmt: skip
        return Qualifiers()
    bound = ""
    stripped_before, stripped_after = before, after
    ended = phrases.ending(before, "before") if lang not in lexicon.CJK else None
    if ended is None:
        tail = len(before) - 30 if len(before) > 30 else 0  # the longest phrase, and the words after it
        # Korean and Japanese say a bound after the number: one there is this figure's ('4시간 초과 12시간 이내'), one before the last's
        own_after = lang in ("ko", "ja") and phrases.pattern("after", lang).match(after) is not None and not before.rstrip().endswith(("：", ":"))  # fmt: skip
        match = (phrases.pattern("before", lang).search(before, tail) if lang in lexicon.CJK and not own_after else None) or (_LOOSE.search(before, max(0, len(before) - 56)) if _LOOSE_WORDS.search(before) else None)  # fmt: skip
        ended = (str(match.lastgroup).removesuffix("_cjk"), match.start()) if match is not None else None
        if ended is None and lang not in lexicon.CJK and (denied := _NOT_PAST.search(before, max(0, len(before) - 40))):
            ended = ("min" if denied.group("less") else "max", denied.start())  # 'niet dikker dan 3,2 cm': at most
    if ended is not None and lang not in lexicon.CJK and "," in before[ended[1] :] and phrases.starting(after, "after"):
        ended = None  # '8 participants minimum, 15 au plus': a bound past a comma is the last's, when this says its own
    if ended is not None and ended[0] == "about" and kind != "time" and _AT_TIME.fullmatch(before[ended[1] :].strip()):
        ended = None  # 'gegen 18 € Aufpreis', 'vers 15 pays': 'about' only of a clock time
    if ended is None and kind == "time" and (past := _PAST_TIME.search(before[-60:])) is not None:
        flips = bool(past.group("not")) and (past.group("after") or past.group("before")).split()[0].lower() in _FLIPS
        flips = flips and bool(_POSSIBLE.search(before[-60:]) or _POSSIBLE.search(after[:24]))
        side = "min" if bool(past.group("after")) != flips else "max"  # 'not possible before 3 pm': from it
        ended = (side, len(before) - 60 + past.start() if len(before) > 60 else past.start())
    if ended is not None:
        bound, at = ended
        stripped_before = before[:at]
        if bound in ("over", "just_over", "under") and (_NEGATION_NL if lang == "nl" else _NEGATION).search(stripped_before):  # fmt: skip
            bound = "min" if bound == "under" else "max"  # 'not above 40 °C', '不能超过158厘米': a limit
        elif bound in ("over", "just_over") and _NOT_ALLOWED.match(after):
            bound = ""  # 'hoger dan 2,10 m kunnen niet in': the group left out, or the limit: either, so neither
        if (
            bound == "max"
            and kind == "duration"
            and _DEADLINE.search(before[at:])
            and _EVENT.match(_CALENDAR_SAID.sub("", after, count=1))
        ):
            bound = "min"  # 'no later than 2 hours before arrival' is at least 2 hours before it
        if bound == "max" and lang == "en" and _GO_UP.search(before[:at]):
            bound, stripped_before = "", before  # 'go up to 1,500 litres': a verb and where it goes, no bound
            if (later := phrases.starting(after, "after")) is not None:
                bound, stripped_after = later[0], after[later[1] :]  # '… or more'
    else:
        if lang in lexicon.CJK:
            match = phrases.pattern("after", lang).match(after)
            started = (str(match.lastgroup), match.end()) if match is not None else None
            if match is None and kind == "number" and (counter := _COUNTER.match(after)) is not None:
                match = phrases.pattern("after", lang).match(after[counter.end() :])  # '500면 가까이': past its counter
                started = (str(match.lastgroup), counter.end() + match.end()) if match is not None else None
        else:
            started = phrases.starting(after, "after")
        if started is not None:
            bound = started[0]
            stripped_after = after[started[1] :]
            if bound in ("over", "just_over", "under") and _DENIED_AFTER.match(stripped_after):
                bound = "min" if bound == "under" else "max"  # '20kg을 넘을 수 없습니다': cannot exceed, at most
        elif kind == "duration" and _EVENT_BY.match(after):
            bound = "min"  # '2時間前まで', '24시간 전까지': until that long before, so at least that long before
    if kind == "time":
        after_zone, before_zone = zones.patterns()
        zoned_after = after_zone.match(after)
        zone = zoned_after or before_zone.search(before[-16:])
        if zone is None:
            if (name := zones.place_after(after)) is not None:  # 'às 15h00 em Brasília', '16.01 uur in Londen'
                return Qualifiers(zone=cldr.zones().get(name), zone_name=name)
            return Qualifiers(bound=bound if bound in ("min", "max", "about") else "")
        name = zones.placed(zone.group("zone").lower(), after[zone.end() :] if zoned_after else "", before, lang)
        return Qualifiers(zone=cldr.zones().get(name), zone_name=name)
    change = balance = added = result = 0
    parts = list(_PART.finditer(stripped_before))  # a word past a comma or a conjunction is another figure's
    own_before = stripped_before[parts[-1].end() :] if parts else stripped_before
    if kind in ("money", "percent", "measure", "number", "count"):
        bracketed = before.endswith("(") and stripped_after.startswith(")")  # 'Les frais (90 €) sont déduits'
        said_after = _own(stripped_after[1:] if bracketed else stripped_after)
        if nearer:  # the words nearer the next amount are its own
            said_after = said_after[: max(0, nearer - (len(after) - len(stripped_after)) - bracketed)]
        ways = directions(own_before, said_after, lang)
        change, balance = ways.get("change", 0), ways.get("balance", 0)
        added, result = ways.get("added", 0), ways.get("result", 0)
        balance = (
            balance if kind in ("money", "percent") else 0
        )  # a credit or a debit is of an amount ('El día 15 se le cargarán 30 €')
        sign = before[-1:]
        glued = before[-2:-1]  # what the sign follows: a digit or a Latin letter makes it a dash ('5-10%', 'COVID-19')
        if kind == "percent" and sign in ("-", "−") and not (glued.isdigit() or (glued.isascii() and glued.isalpha())) and change >= 0:  # fmt: skip
            change = -1  # '−8,3 %', a growth of '-3.17%' (a fall); a negative amount of money is not read
            result = result or -1  # a return of '-1,4 %' is a loss, not a gain
    period, per, rest = rate(own_before, stripped_after, kind, lang)
    if not bound and lang not in lexicon.CJK and len(rest) < len(stripped_after):  # '2 jours par semaine au maximum'
        ended = phrases.starting(rest.lstrip(" ,"), "after")
        bound = ended[0] if ended is not None and ended[0] in ("min", "max") else ""
    calendar = kind == "duration" and _calendar(own + after[:24])
    return Qualifiers(bound, change, balance, period, per, calendar=calendar, added=added, result=result)


# The last word before an amount, with at most a word of 'more' between ('versare altri 320 €', 'refund another
# €20'), after at least one word of the figure before ('2.180 € lei dovrebbe versare altri 320 €').
_GOVERNING = re.compile(
    r"(?<=\S)\s+(?P<word>[^\W\d_][\w'’-]*)\s+(?:(?:altri|altre|altro|ancora|another|a further|further|an additional|"
    r"additional|encore|weitere|weiteren|noch|otros|otras|outros|outras|nog|extra)\s+)?$",
    re.IGNORECASE,
)


def _governed(after: str, lang: str) -> int:
    """How much of the words between two amounts is the first's: all of them, unless they end in a word of
    direction that governs the second ('… dovrebbe versare altri 320 €'); then up to that word."""
    match = _GOVERNING.search(after)
    if match is None or not after[: match.start()].strip():
        return 0
    return match.start("word") if directions("", match.group("word"), lang) else 0


def _last(found: Iterator[re.Match[str]]) -> re.Match[str] | None:
    """The last of the matches, or None."""
    every = list(found)
    return every[-1] if every else None


def _clause_start(text: str, start: int, low: int) -> int:
    """Where the clause holding ``start`` starts, looked for back to ``low`` at most."""
    return max([low] + [at + len(mark) for mark in _ENDS if (at := text.rfind(mark, low, start)) >= 0])


def _own(after: str) -> str:
    """The words after a figure up to a comma or a conjunction: past it, they are the next clause's."""
    part = _PART.search(after)
    return after[: part.start()] if part is not None else after
