"""Shares said in words: 'a third of', 'drei Viertel des', 'dois terços dos', '三分之一', and '九成' (nine tenths):
each is the percent it is (about it, for thirds), read before the number words in it become numbers."""

from __future__ import annotations

import re
from functools import cache

from groundgate.judges.figures import lexicon, phrases, qualifier_words

Edit = tuple[int, int, str]
_WORD = re.compile(r"[^\W\d_]+")


# 'tres cuartos de hora', 'trois quarts d'heure': a length of time, not a share
_OF_HOUR = r"\s+(?:of an hour|de hora|d'heure|d’heure|d'ora|d’ora|de uma hora|der stunde|van een uur)(?![^\W\d_])"


@cache
def _fractions(lang: str) -> re.Pattern[str] | None:
    """A fraction said in words as a share ('a third of', 'drei Viertel des', '三分之一'), for its percent."""
    table = qualifier_words.FRACTIONS.get(lang)
    if not table:
        return None
    words = "|".join(re.escape(w) for w in sorted(table, key=len, reverse=True))
    if lang in lexicon.CJK:
        return re.compile(rf"(?<![\d.周期])(?<!\d,)(?P<f>{words})")  # '12분의 1' is no '2분의 1'; '周一半天' no '一半'
    share = r"\s+(?:of|de|des|du|d'|der|die|das|dem|del|della|dei|degli|delle|dos|das|do|da|van|het)(?![^\W\d_])"
    by = r"(?<![^\W\d_])(?:by|de|d'|um|di|met|par|con|por|en)\s?"
    ends = r"(?=\s*(?:[.,;:!?)]|$))"  # 'weniger als ein Viertel.': a share at a clause's end, after a hedge only
    return re.compile(
        rf"(?<![^\W\d_])(?<!and a )(?<!and an )(?P<f>{words})(?={share})(?!{_OF_HOUR})|{by}(?P<g>{words})(?![^\W\d_])(?!{_OF_HOUR})|(?<![^\W\d_])(?P<h>{words}){ends}",
        re.IGNORECASE,
    )


def shares(text: str, lang: str, words: set[str] | None = None) -> list[Edit]:
    """'almost a third of', 'réduite d'un tiers', '三分之一': the share as a percent ('33.33%')."""
    edits: list[Edit] = []
    pattern = _fractions(lang)
    if pattern is None:
        return edits
    if lang in lexicon.CJK:
        found = "分" in text or "분의" in text or "절반" in text or "半" in text
    else:
        tokens = words if words is not None else set(_WORD.findall(text.lower()))
        found = not _fraction_words(lang).isdisjoint(tokens)
    if found:
        table = qualifier_words.FRACTIONS[lang]
        for match in pattern.finditer(text):
            group = "f" if match.group("f") else "g" if match.group("g") else "h"
            room = match.group(group).lower() in _ROOMS and (group == "h" or match.group().lower().startswith("de"))
            if room or (group == "h" and phrases.ending(text[max(0, match.start() - 40) : match.start()], "before") is None):  # fmt: skip
                continue  # 'once a quarter.', 'más de un cuarto' (a room) are no share
            edits.append((match.start(group), match.end(group), table[match.group(group).lower()] + "%"))
    return edits


@cache
def _fraction_words(lang: str) -> frozenset[str]:
    """The last word of each of a language's fractions ('third', 'Viertel', '分之一'): a text holding none is not read."""
    return frozenset(
        w for phrase in qualifier_words.FRACTIONS.get(lang, {}) for w in _WORD.findall(phrase.lower())[-1:]
    )


_ROOMS = frozenset({"un cuarto", "um quarto"})  # a room, as often as a quarter
TENTHS = re.compile(r"(?<![\d.])(\d)成")

# A share said as a ratio, once its number words are digits: 'one in five', '1 sur 5', 'uno de cada cinco',
# 'um em cada cinco', 'uno su cinque', 'één op de vijf', 'einer von fünf'; '5人に1人', '5명 중 1명'; one of a
# noun ('un étudiant sur quatre', 'one customer in five').
_TIME_WORDS = r"(?:days?|jours?|días?|dias?|giorni|dagen|tage|tagen|hours?|heures?|horas?|ore|uur|stunden|weeks?|semaines?|semanas?|settimane|weken|wochen|months?|mois|meses|mesi|maanden|monate|years?|ans|años|anos|anni|jaar|jahre)\b"
_RATIO = re.compile(
    rf"(?P<n>\d{{1,2}}|einer|eine|eins)\s+(?:in|in every|of every|out of every|sur|de cada|em cada|en cada|su|op de|von|aus|(?!{_TIME_WORDS})[^\W\d_]{{3,}}\s+(?:in|out of|sur|de cada|em cada|en cada|su|op de)|{_TIME_WORDS}\s+(?:in|out of|sur|de cada|em cada|en cada|su|op de)(?=\s+10(?![\d.,])))\s+(?P<m>\d{{1,3}})(?![\d.,%:])(?!\s*(?:%|percent|pour|por|per|\w*(?:days?|jours?|días?|dias?|giorni|dagen|tagen?|hours?|heures?|horas?|ore|uur|stunden|weeks?|months?|years?|ans?|años?|anni|jaar|jahren?)\b|(?:semaines?|semanas?|settiman[ae]|weken|wochen?|mois|mes|meses|mesi|maanden|monaten?|minutes?|minutos?|minuti|minuten|anos|jaren|jahre)\b))",
    re.IGNORECASE,
)
_CONNECTORS = ("in ", "sur ", "cada ", "su ", "op de ", "von ", "aus ")
_RATIO_CJK = re.compile(r"(?P<m>\d{1,3})\s?(?P<c>人|名|명)\s?(?:に|中|중)\s?(?:に)?\s?(?P<n>\d{1,2})\s?(?P=c)")
_ONE = {"einer": 1, "eine": 1, "eins": 1}
# A fraction in digits, the whole first: '4분의 3', '5分の2', '5分之2' (the common ones are FRACTIONS' words).
_FRACTION_CJK = re.compile(r"(?<![\d.])(?<!\d,)(?P<m>\d{1,2})\s?(?:分之\s?(?P<zn>\d{1,2})(?![\d.,])|分の\s?(?P<jn>\d{1,2})(?=\s?(?:[がはをもにで]|の(?!\d)|程度|ほど|くらい|ぐらい|強|弱|近く|[、。,.)）]|$))|분의\s?(?P<kn>\d{1,2})(?=\s?(?:[이가은는을를의도만에]|가량|정도|쯤|가까이|남짓|이상|이하|[,.)]|$)))")  # fmt: skip
# ... ('徒歩5分の2LDK', '10분의 2층' are a walk's minutes, then a flat or a floor)
_DIGIT_RUNS = re.compile(r"\d+")
_DIGITS = "0123456789"


def digit_runs(text: str) -> list[int]:
    """Where the text's runs of digits start, in order: an ASCII text's found by looking for each digit (five
    times faster than a pattern, which tries every position)."""
    if not text.isascii():
        return [match.start() for match in _DIGIT_RUNS.finditer(text)]
    found: list[int] = []
    for digit in _DIGITS:
        at = text.find(digit)
        while at >= 0:
            if not at or text[at - 1] not in _DIGITS:
                found.append(at)
            at = text.find(digit, at + 1)
    found.sort()
    return found


_GERMAN_ONE = re.compile(r"(?<![^\W\d_])(?:einer|eine|eins)(?![^\W\d_])", re.IGNORECASE)


def ratios(text: str, lang: str) -> list[Edit]:
    """'1 in 5', '5人に1人': the share as a percent ('20%'), about it (a ratio is how people round)."""
    edits: list[Edit] = []
    if _DIGIT_RUNS.search(text) is None:
        return edits
    if lang in lexicon.CJK:
        if not any(c in text for c in "人名명分분"):
            return edits
        matches = [*_RATIO_CJK.finditer(text), *_FRACTION_CJK.finditer(text)]
    else:
        lowered = text.lower()
        if not any(connector in lowered for connector in _CONNECTORS):
            return edits
        starts = [at for at in digit_runs(text) if not text[at + 1 : at + 3].isdigit()]
        if lang == "de":
            starts = sorted({*starts, *(m.start() for m in _GERMAN_ONE.finditer(text))})
        matches = [found for at in starts if (not at or text[at - 1] not in ".,") and (found := _RATIO.match(text, at))]
    for match in matches:
        named = match.groupdict()
        said = named.get("n") or named.get("zn") or named.get("jn") or named.get("kn") or "0"
        part = _ONE.get(said.lower()) or int(said)
        whole = int(match.group("m"))
        if 0 < part < whole:
            share = round(100 * part / whole, 2)
            edits.append((match.start(), match.end(), f"{share:g}%"))
    return edits
