"""Time zones as a text names them: by name or abbreviation ('9:00 CET', '한국 시간 오후 4시', '(UK time)'), or as
local time, which is a place's when the place is named beside it ('hora local de Canarias', 'Ortszeit (EDT)',
'in New York … 15 Uhr Ortszeit', 'ハワイ・ツアーの集合は現地時間の'), and otherwise no zone one can know."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache

from groundgate.judges.figures import cldr
from groundgate.judges.figures import qualifier_words as words
from groundgate.judges.figures.figure import Figure


@cache
def _names() -> str:
    """Every zone name read (the hand table's, CLDR's in the ten languages, the words of local time), as a pattern."""
    every = sorted([*cldr.zones(), *words.LOCAL.split("|")], key=len, reverse=True)
    short = [n for n in every if n.isascii() and n.isalpha() and len(n) <= 4]  # 'ET', 'CET', 'IST': written so
    return "|".join([*(re.escape(n) for n in every if n not in short), f"(?-i:{'|'.join(n.upper() for n in short)})"])  # fmt: skip


@cache
def patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a zone after a time: '9:00 CET', '23h50, horário de Brasília'; one before it: '한국 시간 오후 4시')."""
    names = _names()
    after = re.compile(rf"^\s*[,(]?\s*(?:in\s+|heure\s+|hora\s+|ora\s+|no\s+|também\s+no\s+|pelo\s+|pela\s+|en\s+|na\s+)?(?P<zone>{names})(?![^\W\d_])", re.IGNORECASE)  # fmt: skip
    # a CJK name may follow a place written before it ('英国当地时间', 'ロンドン現地時間の'): no word edge there
    before = re.compile(rf"(?:(?<![^\W\d_])|(?=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]))(?P<zone>{names})\s*(?:기준\s*|では|で|の|的|으로는|로는)?\s*(?:同日|当日|当天|同じ日の?|당일|翌日の?|前日の?|다음\s*날|전날|次日|前一天)?\s*(?:朝|夜|夕方|昼|深夜|早朝|午前|午後|아침|저녁|밤|새벽|오전|오후|早上|晚上|凌晨|中午|上午|下午|傍晚)?\s*$", re.IGNORECASE)  # fmt: skip
    return after, before


@cache
def anywhere() -> re.Pattern[str]:
    """A zone named anywhere in a text (a CJK name may follow a place: '英国当地时间')."""
    return re.compile(rf"(?:(?<![^\W\d_])|(?=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]))(?P<zone>{_names()})(?![a-zA-Z])", re.IGNORECASE)  # fmt: skip


@cache
def bracketed() -> re.Pattern[str]:
    """A zone in brackets ('(UK time)', '(ora locale)', '（北京时间）'): said of the times of its sentence before it."""
    return re.compile(rf"[(（]\s*(?:in\s+|all\s+)?(?P<zone>{_names()})\s*[)）]", re.IGNORECASE)


_PLACE_AFTER = re.compile(r"\s*(?:,\s*)?(de|dos|das|da|do|di|del|della|in|en|à|of|van|von|op|at|auf|a)\s+(?:la\s+|las\s+|los\s+|le\s+|les\s+|the\s+)?(\w[\w'-]*(?:\s+[A-Z]\w+)?)", re.IGNORECASE)  # fmt: skip
_PLACE_BEFORE = re.compile(
    r"(?<![^\W\d_])(?i:in|en|à|a|em|na|no|nas|nos|op|auf)\s+([A-ZÀ-Ý][\w'-]+(?:\s+[A-ZÀ-Ý][\w'-]+)?)"
)


_PLACE_RIGHT_AFTER = re.compile(r"\s+(?i:in|em|en|à|a|op|at)\s+([A-ZÀ-Ý][\w'-]+(?:\s+[A-ZÀ-Ý][\w'-]+)?)")


def place_after(after: str) -> str | None:
    """The zone of a place named right after a time ('às 15h00 em Brasília', '10.30 uur in Londen'), or None."""
    place = _PLACE_RIGHT_AFTER.match(after)
    if place is None:
        return None
    return cldr.place_zone(place.group(1)) or None


_STOPOVER = re.compile(
    r"(?i:stopover|layover|change|connection|via|overstap|tussenstop|tussenlanding|scalo|escale|correspondance|zwischenstopp|zwischenlandung|umstieg|escala|conexión|conexão|transbordo)\w*\s*$"
)
_CJK_PLACE = re.compile(r"[\u30a1-\u30fa\u30fc]{2,}|[\uac00-\ud7a3]{2,}|[\u4e00-\u9fff]{2,}")


# The zones a language's readers live in (a summer offset too): a local time is never theirs ('現地時間' is not
# Japan time to a Japanese writer). English is read the world over: no zone is its home.
_HOME = {"ja": {540}, "ko": {540}, "zh": {480}, "de": {60, 120}, "fr": {60, 120}, "it": {60, 120}, "nl": {60, 120}, "es": {60, 120}, "pt": {0, 60, -180}}  # fmt: skip


def placed(name: str, after: str, before: str, lang: str = "") -> str:
    """A local time's zone, when its place is named beside it ('hora local de Canarias', 'Ortszeit (EDT)', 'in
    New York … 15 Uhr Ortszeit'): the place's zone; a local time of no place named stays one ('local'), and so
    does one whose place named before it in Chinese, Japanese or Korean is the readers' own, where they come from
    ('日本からのツアー参加者は、現地時間の午前9時'); a place after 'in', 'à', 'a', 'en' is where the time is local."""
    if name not in words.LOCAL_WORDS:
        return name
    if (bracket := bracketed().match(after.lstrip())) is not None and bracket.group(
        "zone"
    ).lower() not in words.LOCAL_WORDS:
        return bracket.group("zone").lower()
    if (place := _PLACE_AFTER.match(after)) is not None:
        said = (place.group(2), *(f"{word} {place.group(1)} {place.group(2)}" for word in ("hora", "horário", "heure", "ora")))  # fmt: skip
        if zone := next((zone for name in said if (zone := cldr.place_zone(name))), ""):
            return zone
    if (said_at := before.lower().rfind(name)) >= 0:
        before = before[:said_at]  # the place is named before the local time's own words ('英国当地时间')
    home = _HOME.get(lang, set())
    window = before[-80:]
    for place in reversed(list(_PLACE_BEFORE.finditer(window))):  # 'À Paris, … heure locale': where it is
        if _STOPOVER.search(window, max(0, place.start() - 24), place.start()):
            continue  # 'with a stopover in Dubai, arrives at 06:40 local time': not where it arrives
        if zone := cldr.place_zone(place.group(1)):
            return zone
        break  # 'chega a Paris-Orly às 10h35 (hora local)': the nearest place, unknown, is no earlier one's
    for run in reversed(
        _CJK_PLACE.findall(before[-80:])
    ):  # 'ハワイ・フォトツアーの集合は現地時間の午前6時', '英国当地时间'
        for place in (run[-size:] for size in range(min(len(run), 6), 1, -1)):
            zone = next((zone for form in ("{}時間", "{}时间", "{} 시간") if (zone := cldr.place_zone(form.format(place)))), "")  # fmt: skip
            if zone and cldr.zones()[zone] not in home:
                return zone
    return name


def local_as_context(said: list[Figure], context: str, lang: str, times: Callable[[], list[Figure]]) -> list[Figure]:
    """An answer's figures, a time it says in local time of no place named read in the one foreign zone the
    context's times are said in, when the context never speaks of local time itself: the answer's word for that
    place's zone ('ラウンジは現地時間の朝6時から' of '6:00〜22:00（ハワイ時間）'). Where the context speaks of local
    time, the answer's is that one; where its times are in its readers' own zone only, or in several, or one is
    said in none, the local time stays unknown. ``times``: the context's times, with what they are said with (read only when asked)."""
    if not any(f.kind == "time" and f.said_with.zone_name in words.LOCAL_WORDS for f in said):
        return said
    lowered = context.lower()
    if any(word in lowered for word in words.LOCAL_WORDS):
        return said
    offsets = cldr.zones()
    said_in = [f.said_with.zone_name.lower() for f in times()]
    if "" in said_in:
        return said  # a time of no zone said ('20:00 CET (14:00 in New York)'): the place is not known
    named = set(said_in)
    foreign = {name for name in named if offsets.get(name) is not None and offsets[name] not in _HOME.get(lang, set())}
    if len({offsets[name] for name in foreign}) != 1:
        return said
    zone = min(foreign)
    return [
        f.with_qualifiers(replace(f.said_with, zone=offsets[zone], zone_name=zone))
        if f.kind == "time" and f.said_with.zone_name in words.LOCAL_WORDS
        else f
        for f in said
    ]
