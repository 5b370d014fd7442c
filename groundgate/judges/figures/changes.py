"""A change said by its two ends alone ('12,000円から13,200円に改定', 'passe de 30 € à 35 €', 'von 4,85 % auf
4,60 %'): the new level rose or fell by the order of its values, though no word says which way. A range
('from 10 to 20 guests', 'de 10 à 20 €', '10時から20時まで') is no change: only the ways of writing that name a
new level ('auf', 'naar', 'para', 'に', '로', '调整为', or a verb of passing: 'passe de … à') are read."""

from __future__ import annotations

import re
from decimal import Decimal

_FROM = re.compile(r"(?:(?<![^\W\d_])(?:von|van|de|from|da|dal|dallo|dalla|desde|del)|从|由)\s*$", re.IGNORECASE)
_TO = {
    "de": re.compile(r"\s*auf\s+$", re.IGNORECASE),
    "nl": re.compile(r"\s*naar\s+$", re.IGNORECASE),
    "pt": re.compile(r"\s*para\s+(?:os?\s+|as?\s+)?$", re.IGNORECASE),
    "zh": re.compile(
        r"\s*(?:调整为|调整至|调整到|调为|调至|改为|变为|变成|增至|降至|涨至|升至|增加到|降低到|减少到)\s*$"
    ),
    "ja": re.compile(r"\s*から\s*$"),
    "ko": re.compile(r"\s*에서\s*$"),
}
# Where a language's 'from … to' is also a range's, a verb of passing before 'from' makes it a change.
_PASSING = re.compile(
    r"(?<![^\W\d_])(?:goes|went|gone|go|moves|moved|move|changes|changed|change|revised|pass[eé]|passera|passent|"
    r"passeront|pasa|pasará|pasó|pasan|pasarán|passa|passerà|passano|passeranno|passato|passata|"
    # a verb of rising or falling says a change too ('scende da 40 € a 30 €'); its ends say which way
    r"rises|rose|risen|rising|increases|increased|falls|fell|fallen|drops|dropped|decreases|decreased|climbs|"
    r"climbed|jumps|jumped|raised|lowered|reduced|monte|monté|augmente|augmenté|baisse|baissé|diminue|diminué|"
    r"descend|grimpe|chute|recule|sube|subió|subirá|baja|bajó|bajará|aumenta|aumentó|aumentará|disminuye|"
    r"disminuyó|desciende|descendió|cae|cayó|salito|salita|salirà|scende|sceso|scesa|scenderà|aumentato|"
    r"aumentata|aumenterà|cala|calato|calata|diminuisce|diminuito|diminuita|cresce|cresciuto|sobe|subiu|desce|"
    r"desceu|aumentou|diminui|diminuiu|cai|caiu)"
    r"(?:\s+[^\s\d]+){0,3}\s+(?:from|de|da|dal|dalla|del)\s*$",
    re.IGNORECASE,
)
_PASSING_TO = re.compile(r"\s*(?:to|à|a|al|alla|ai)\s+$", re.IGNORECASE)
_INNER = re.compile(r"(?<=\S)\s*(?:から|에서|à|a|al|to)\s+(?=\D*\d)|(?<=[^\d\s])(?:から|에서)(?=\D*\d)")
_AFTER = {"ja": re.compile(r"\s*に(?!つき|対し)"), "ko": re.compile(r"\s*(?:으로|로)")}


def implied(
    text: str, first: tuple[int, int], second: tuple[int, int], values: tuple[Decimal, Decimal], lang: str
) -> int:
    """+1 or -1 when the figure at ``second`` is the new level of a change from the one at ``first`` (of the
    same kind and unit, ``values`` theirs), said by its ends alone; 0 otherwise."""
    old, new = values
    if old == new:
        return 0
    lead = text[max(0, first[0] - 60) : first[0]]
    if first == second:  # read as one range ('12,000円から13,200円に'): the words between its numbers
        inner = _INNER.search(text, first[0], first[1])
        between = inner.group(0) if inner is not None else ""
    else:
        between = text[first[1] : second[0]]
    if len(between) > 14:
        return 0
    to = _TO.get(lang)
    said = False
    if lang in _AFTER and to is not None:
        said = to.fullmatch(between) is not None and _AFTER[lang].match(text, second[1]) is not None
    elif to is not None and to.fullmatch(between) is not None:
        said = _FROM.search(lead) is not None or lang == "zh"
    if not said and _PASSING_TO.fullmatch(between) is not None:
        said = _PASSING.search(lead) is not None
    if not said:
        return 0
    return 1 if new > old else -1
