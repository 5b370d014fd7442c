"""The qualifier tables' phrases, found in a window of text: one pattern per table and language (for CJK),
and for the Latin-script languages a lookup word by word (a few dictionary probes, where a pattern of every
phrase would try each of them at each character)."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from groundgate.judges.figures import cldr, lexicon
from groundgate.judges.figures import qualifier_words as words


def _alternatives(phrases: str) -> str:
    return "|".join(re.escape(p) for p in sorted(set(phrases.split("|")), key=len, reverse=True) if p)


def _edge(lang: str) -> tuple[str, str]:
    return ("", "") if lang in lexicon.CJK else (r"(?<![^\W\d_])", r"(?![^\W\d_])")


@cache
def pattern(table: str, lang: str) -> re.Pattern[str]:
    """One pattern for one of the tables in one language, each name a group (English's phrases too, in every
    Latin-script language: 'per', 'max.' and '/month' are written everywhere)."""
    source = {"before": words.BEFORE, "after": words.AFTER, "direction": words.DIRECTION, "period": words.PERIODS}[
        table
    ]
    start, end = _edge(lang)
    groups = []
    for name, by_language in source.items():
        # a Latin-script text reads the phrases of all seven: a short answer's language is not always told right
        phrases = "|".join(
            p for code, p in by_language.items() if code == lang or (lang not in lexicon.CJK and code in lexicon.LATIN)
        )
        if phrases:
            groups.append(f"(?P<{name}>{_alternatives(phrases)})")
    alternatives = "|".join(groups) or "(?!)"
    if table == "before":
        pattern = rf"{start}(?:{alternatives})\s*(?:(?:a|an|the|of|de|du|des|d'|le|la|les|el|los|o|os|il|lo|het|een|die|der|den|von|al|ao|aos|à|au|aux|del|dei|delle|do|da|dos|das|zum|zur|i|gli):?\s*)?$"
    elif table == "after":
        pattern = rf"^\s*(?:\(\s*)?(?:{alternatives}){end}"
    else:
        pattern = rf"{start}(?:{alternatives}){end}"
    return re.compile(pattern, re.IGNORECASE)


PHRASE_WORD = re.compile(r"[^\W\d_]+(?:['’.-][^\W\d_]+)*\.?|[~+/]")
_ARTICLES = frozenset(["a", "an", "the", "of", "de", "du", "des", "d'", "le", "la", "les", "el", "los", "o", "os", "il", "lo", "het", "een", "die", "der", "den", "von", "al", "ao", "aos", "à", "au", "aux", "del", "dei", "delle", "do", "da", "dos", "das", "zum", "zur", "i", "gli", ":", "l", "d", "dell", "dall", "nell", "sull", "all", "di"])  # fmt: skip


@cache
def _index(table: str) -> tuple[dict[tuple[str, ...], str], int]:
    """A table's phrases in the seven Latin-script languages, as tuples of words, to their names; and the most
    words a phrase has. Looking a window's last (or first) words up costs a few dictionary probes, where a
    pattern of every phrase would try each of them at each character."""
    source = {"before": words.BEFORE, "after": words.AFTER, "direction": words.DIRECTION, "period": words.PERIODS}[
        table
    ]
    found: dict[tuple[str, ...], str] = {}
    for name, by_language in source.items():
        for code in lexicon.LATIN:
            for phrase in by_language.get(code, "").split("|"):
                key = tuple(PHRASE_WORD.findall(phrase.lower()))
                if key:
                    found.setdefault(key, name)
                    if key[-1].endswith(".") and len(key[-1]) > 1:
                        found.setdefault((*key[:-1], key[-1][:-1]), name)
    return found, max((len(k) for k in found), default=1)


@cache
def _firsts(table: str) -> frozenset[str]:
    """The words a table's phrases start with (a position whose word is none of them starts no phrase)."""
    return frozenset(word for key in _index(table)[0] for word in (key[0], key[0].rstrip(".")))


@lru_cache(maxsize=16384)
def tokens_of(text: str) -> tuple[tuple[str, int, int], ...]:
    """The words of a window, lowercased, with where each stands (a window is read for several tables)."""
    return tuple((m.group().lower(), m.start(), m.end()) for m in PHRASE_WORD.finditer(text))


_ELIDED = re.compile(r"(?:d|l|qu|dell|dall|nell|sull|all)['’](?=[^\W\d_])")


def _get(index: dict[tuple[str, ...], str], key: tuple[str, ...]) -> str | None:
    """A phrase's name, its last word read with or without a full stop ('max.', 'im Jahr.'), its first with or
    without an elided article ('d'environ', 'dell'ordine di')."""
    found = index.get(key) or (index.get((*key[:-1], key[-1].rstrip("."))) if key[-1].endswith(".") else None)
    if found is None and (elided := _ELIDED.match(key[0])) is not None:
        return _get(index, (key[0][elided.end() :], *key[1:]))
    return found


def ending(text: str, table: str) -> tuple[str, int] | None:
    """The phrase of ``table`` that ends the text (articles after it allowed): (its name, where it starts)."""
    index, longest = _index(table)
    tokens = tokens_of(text[-40:])
    offset = max(0, len(text) - 40)
    trailing = 0  # articles at the end: part of a phrase ('plus de', 'en torno al', 'más de la'), or after one
    while trailing < len(tokens) and tokens[len(tokens) - 1 - trailing][0] in _ARTICLES:
        trailing += 1
    for skipped in range(trailing + 1):
        end = len(tokens) - skipped
        for size in range(min(longest, end), 0, -1):
            key = tuple(t for t, _, _ in tokens[end - size : end])
            if size <= trailing - skipped and all(t in _ARTICLES for t in key):
                break  # articles alone are no phrase ('da', 'de')
            name = _get(index, key)
            for whole in _CONTRACTED.get(key[-1], ()) if name is None and size > 1 else ():
                name = name or _get(index, (*key[:-1], whole))  # 'près des trois quarts': 'près de' + 'les'
            if name is not None:
                return name, offset + tokens[end - size][1]
    return None


# A preposition and an article written as one word: a phrase that ends with the preposition ends with it too.
_CONTRACTED = {
    "des": ("de",), "du": ("de",), "aux": ("à",), "au": ("à",), "del": ("de", "di"), "al": ("a",),
    "do": ("de",), "da": ("de",), "dos": ("de",), "das": ("de",), "ao": ("a",), "aos": ("a",), "à": ("a",),
    "della": ("di",), "dei": ("di",), "delle": ("di",), "degli": ("di",), "dello": ("di",),
    "alla": ("a",), "ai": ("a",), "alle": ("a",), "agli": ("a",), "zum": ("zu",), "zur": ("zu",),
    "sul": ("su",), "sui": ("su",), "sulla": ("su",), "sulle": ("su",), "nel": ("in",), "nei": ("in",),
    "nella": ("in",), "nelle": ("in",), "dal": ("da",), "dai": ("da",), "dalla": ("da",),
}  # fmt: skip


def starting(text: str, table: str) -> tuple[str, int] | None:
    """The phrase of ``table`` that starts the text (after a bracket): (its name, where it ends)."""
    index, longest = _index(table)
    head = text.lstrip(" (")
    skipped = len(text) - len(head)
    tokens = tokens_of(head[:48])
    for size in range(min(longest, len(tokens)), 0, -1):
        if tokens[size - 1][2] > 0 and head[: tokens[0][1]].strip():
            break  # something other than words before the first one
        name = _get(index, tuple(t for t, _, _ in tokens[:size]))
        if name is not None:
            return name, skipped + tokens[size - 1][2]
    return None


def anywhere(text: str, table: str) -> list[tuple[str, int, int]]:
    """Every phrase of ``table`` in the text: (name, start, end), longest first where two start together."""
    index, longest = _index(table)
    firsts = _firsts(table)
    tokens = tokens_of(text)
    found: list[tuple[str, int, int]] = []
    at = 0
    stems = _stems() if table == "direction" else None
    while at < len(tokens):
        if tokens[at][0] not in firsts and tokens[at][0].rstrip(".") not in firsts:  # 'afgeschreven.' ends its sentence
            if stems is not None and (name := _stemmed(tokens[at][0], stems)) is not None:
                found.append((name, tokens[at][1], tokens[at][2]))
            at += 1
            continue
        for size in range(min(longest, len(tokens) - at), 0, -1):
            name = _get(index, tuple(t for t, _, _ in tokens[at : at + size]))
            if name is not None:
                found.append((name, tokens[at][1], tokens[at + size - 1][2]))
                at += size - 1
                break
        at += 1
    return found


_ABLE = ("able", "ible", "abile", "ável", "abel", "bar", "baar")


@cache
def _stems() -> tuple[tuple[str, str], ...]:
    """(stem, side) of the balance words' stems, the longest first."""
    return tuple(
        sorted(((stem, side) for side, stems in words.STEMS.items() for stem in stems), key=lambda p: -len(p[0]))
    )


def _stemmed(token: str, stems: tuple[tuple[str, str], ...]) -> str | None:
    """The side of a word that starts with one of the stems ('cargarán', 'addebitati'), or None."""
    if len(token) < 5 or token.endswith(_ABLE):  # 'remboursable', 'rimborsabile': what may be, not what is
        return None
    side = next((side for stem, side in stems if token.startswith(stem)), None)
    if side is None and len(token) > 8:
        side = next((side for side, ends in words.ENDINGS.items() for end in ends if token.endswith(end)), None)
    return side


# Function words that are a qualifier's telling word all the same ('mais', 'bis', 'within', 'ab').
_TELLING = frozenset(["mais", "más", "più", "meer", "mehr", "plus", "moins", "menos", "meno", "minder", "weniger", "até", "hasta", "bis", "tot", "entro", "binnen", "desde", "ab", "dès", "from", "within", "over", "under"])  # fmt: skip
_PER_WORDS = frozenset(
    ["per", "pro", "par", "por", "je", "each", "cada", "elke", "ogni", "chaque", "every", "p", "pp", "pppn"]
)
_JOURNEY_WORDS = frozenset(
    ["way", "trip", "retour", "vuelta", "volta", "ritorno", "terug", "rückfahrt", "andata", "ida", "sens"]
)


@cache
def triggers(lang: str) -> tuple[frozenset[str], str]:
    """(the telling words of any qualifier phrase, lowercased: its last word, its first and its longer middle
    words when they are no function words; the characters of CJK phrases): a window holding none of them has no
    qualifier to read."""

    function = {w for ws in lexicon.STOPWORDS.values() for w in ws} - _TELLING
    found: set[str] = set(_PER_WORDS)
    tables = (words.BEFORE, words.AFTER, words.DIRECTION, words.PERIODS)
    for table in tables:
        for by_language in table.values():
            codes = (lang,) if lang in lexicon.CJK else lexicon.LATIN
            for phrase in "|".join(by_language.get(code, "") for code in codes).split("|"):
                parts = re.findall(r"[^\W\d_]+", phrase.lower())
                if parts:
                    found |= {p for p in (parts[0], parts[-1]) if len(p) > 1 and p not in function}
                    found |= {p for p in parts[1:-1] if len(p) > 3 and p not in function}  # 'à partir de'
    found |= {
        w.lower() for w in re.findall(r"[^\W\d_]+", words.CALENDAR + "|" + "|".join(cldr.zones()) + "|" + words.LOCAL)
    }
    found |= _JOURNEY_WORDS
    found |= {w for p in words.PER_THINGS.values() for w in re.findall(r"[^\W\d_]+", p.lower()) if len(w) > 2}
    found |= {"than", "dan", "als", "que"}  # a comparative denied: 'niet dikker zijn dan'
    found |= {"kw", "kwh", "kg", "km", "gb", "mb", "m2", "m3", "m²", "m³"}  # what a price is per: "0,45 € al kW"
    found |= {w for ws in words.JOURNEYS.values() for p in ws.split("|") for w in re.findall(r"[^\W\d_]+", p) if len(w) > 2}  # fmt: skip
    cjk = (
        "".join({c for table in tables for by in table.values() for c in by.get(lang, "")})
        if lang in lexicon.CJK
        else ""
    )
    cjk += "".join({c for name in cldr.zones() for c in name if not c.isascii()}) if lang in lexicon.CJK else ""
    return frozenset(found - {"a", "an", "the", "de", "la", "le", "el", "o", "il", "lo", "l"}), cjk
