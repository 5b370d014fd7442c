"""A text's language, told as the tripwire reads it: Korean, Japanese and Chinese by their script, a script it
does not read by the languages written in it, Latin-script text among the seven it reads (plain English without
lingua, whose models cost 1.4 s and 200 MB to load)."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

from groundgate.judges.figures import lexicon

_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_WORD = re.compile(r"[^\W\d_]+")
# Scripts the tripwire does not read, and the languages written in each (lingua tells them apart).
_UNREAD_SCRIPTS = (
    (re.compile(r"[\u0400-\u04ff]"), ("RUSSIAN", "UKRAINIAN", "BULGARIAN", "SERBIAN", "MACEDONIAN", "BELARUSIAN", "KAZAKH", "MONGOLIAN")),
    (re.compile(r"[\u0600-\u06ff]"), ("ARABIC", "PERSIAN", "URDU")),
    (re.compile(r"[\u0370-\u03ff]"), ("GREEK",)),
    (re.compile(r"[\u0590-\u05ff]"), ("HEBREW",)),
    (re.compile(r"[\u0900-\u097f]"), ("HINDI", "MARATHI")),
    (re.compile(r"[\u0e00-\u0e7f]"), ("THAI",)),
    (re.compile(r"[\u0980-\u09ff]"), ("BENGALI",)),
    (re.compile(r"[\u0b80-\u0bff]"), ("TAMIL",)),
    (re.compile(r"[\u0530-\u058f]"), ("ARMENIAN",)),
    (re.compile(r"[\u10a0-\u10ff]"), ("GEORGIAN",)),
)  # fmt: skip
SAMPLE = 240  # characters of a text lingua reads to tell its language: enough for a sentence, and fast


@cache
def _detector(names: tuple[str, ...]) -> Any:
    """A lingua detector for these languages only (fast: it weighs only them); built once, on first use."""
    from lingua import Language, LanguageDetectorBuilder

    return LanguageDetectorBuilder.from_languages(*(getattr(Language, name) for name in names)).build()


_READ = ("ENGLISH", "FRENCH", "GERMAN", "SPANISH", "PORTUGUESE", "ITALIAN", "DUTCH")


def language(text: str) -> str:
    """The text's language: its ISO 639-1 code. Korean, Japanese and Chinese by their script (Hangul; kana;
    Han characters alone); a script the tripwire does not read (Cyrillic, Arabic, Greek, …) names its
    language among those written in it; Latin-script text is told among the seven the tripwire reads
    (English, French, German, Spanish, Portuguese, Italian, Dutch) by lingua, English when it cannot say."""
    sample = text[:600]
    if not sample.isascii():
        if _HANGUL.search(sample):
            return "ko"
        if _KANA.search(sample):
            return "ja"
        if _HAN.search(sample):
            return "zh"
        letters = "".join(_WORD.findall(sample))
        for script, names in _UNREAD_SCRIPTS:
            found = script.findall(letters)
            if found and len(found) * 2 >= len(letters):
                return _lingua(" ".join(_WORD.findall(sample))[:SAMPLE], names)
    return _latin(
        " ".join(sample.translate(_NOT_LETTERS).split() if sample.isascii() else _WORD.findall(sample))[:SAMPLE]
    )


_NOT_LETTERS = str.maketrans({c: " " for c in map(chr, range(128)) if not c.isalpha()})


def word_set(lowered: str) -> set[str]:
    """The words of a lowercased text (runs of letters): an ASCII text split at once, faster than a pattern."""
    if lowered.isascii():
        return set(lowered.translate(_NOT_LETTERS).split())
    return set(_WORD.findall(lowered))


def cjk_script(text: str) -> bool:
    """Whether the text is written in Hangul, kana or Han characters (as ``language`` tells them, without lingua)."""
    sample = text[:600]
    return not sample.isascii() and bool(_HANGUL.search(sample) or _KANA.search(sample) or _HAN.search(sample))


@cache
def _english() -> frozenset[str]:
    """Words only English writes, of the seven: its function words, and the commonest words of policies."""
    others = {word for lang, words in lexicon.STOPWORDS.items() if lang != "en" for word in words}
    common = [
        "or",
        "when",
        "an",
        "than",
        "more",
        "less",
        "each",
        "every",
        "after",
        "before",
        "until",
        "days",
        "day",
        "hours",
        "hour",
        "month",
        "months",
        "year",
        "years",
        "week",
        "weeks",
        "costs",
        "cost",
        "takes",
        "take",
        "free",
        "price",
        "plan",
        "plans",
        "items",
        "item",
        "orders",
        "order",
        "shipping",
        "billed",
        "annually",
        "monthly",
        "business",
        "working",
        "refund",
        "refunds",
        "return",
        "returns",
    ]
    return frozenset((set(lexicon.STOPWORDS["en"]) | set(common)) - others)


@cache
def _others() -> frozenset[str]:
    """The function words of the six other Latin-script languages that English does not write."""
    english = set(lexicon.STOPWORDS["en"]) | {"no", "a", "o", "e", "is", "per", "as", "i", "van", "die"}  # English too
    return frozenset(w for lang, words in lexicon.STOPWORDS.items() if lang != "en" for w in words if w not in english)


@lru_cache(maxsize=4096)
def _latin(sample: str) -> str:
    """A Latin-script sample's language: plain English (its own function words, and none only another
    language writes) without asking lingua, whose models cost 1.4 s and 200 MB to load and a tenth of a
    millisecond a text."""
    if sample.isascii():
        words = sample.lower().split()[:60]
        if len(words) < 3:  # too few words for a detector: a function word tells, else English
            votes = [lang for word in words for lang, listed in lexicon.STOPWORDS.items() if word in listed]
            if not votes or "en" in votes:
                return "en"
            return max(set(votes), key=lambda lang: (votes.count(lang), -lexicon.LATIN.index(lang)))
        english = sum(word in _english() for word in words)
        others = sum(word in _others() for word in words)
        if (english >= 2 and not others) or (english >= 5 and english >= 3 * others):
            return "en"
    return _lingua(sample, _READ) if sample else "en"


@lru_cache(maxsize=1024)
def _lingua(sample: str, names: tuple[str, ...]) -> str:
    found = _detector(names).detect_language_of(sample) if sample else None
    if found is None:
        return "en" if names == _READ else names[0][:2].lower()
    return str(found.iso_code_639_1.name).lower()


def language_name(code: str) -> str:
    """A language's English name ('Portuguese' for 'pt'), as the report says it."""
    from lingua import IsoCode639_1, Language

    try:
        return str(Language.from_iso_code_639_1(getattr(IsoCode639_1, code.upper())).name).title()
    except (AttributeError, ValueError):
        return code
