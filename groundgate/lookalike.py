"""Text as a reader sees it: what decides that two categories, or two ids, are the same.

A category that reads as a blocking one must block or be refused, and two ids that read the same must
not be two cases: a reviewer tells them apart by eye, not by code point. Two levels:

- ``visible``: what a text *is* once the code points that draw nothing are gone (zero-width spaces,
  joiners, soft hyphens, variation selectors, the combining grapheme joiner, Hangul fillers, Khmer and
  Mongolian format marks, tags: Unicode's default-ignorable code points, other format characters, control
  characters other than white space (a raw DEL or C1 byte), and the characters drawn blank that are none of those:
  the blank Braille pattern U+2800 and the musical null notehead U+1D159, ``BLANK``) and
  compatibility forms are folded (NFKC: fullwidth 'ｐ' is 'p').
  'policy' followed by U+FE0F *is* 'policy'.
- ``skeleton``: what a text *looks like*, Unicode TR39's skeleton widened: a right-to-left override's
  run taken in the order it is drawn ('\u202eycilop' is drawn 'policy'), combining marks dropped
  (NFD, then no marks: 'poli\u0301cy'), every character replaced by the prototype of its class of
  confusables (TR39's confusables.txt, as the pinned ``confusable-homoglyphs`` ships it: Cyrillic 'р' is
  'p', dotless 'ı' and Latin iota 'ɩ' are 'i', '1' and 'I' are 'l'), Latin letters drawn another way taken
  as the letter (small capitals 'ᴘᴏʟɪᴄʏ', 'ł'), white space dropped; for categories also case folded and
  'i'/'l' and 'o'/'0' taken as one shape. Equal skeletons read the same.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import cache
from importlib import resources

import regex

# Code points that draw nothing (see the module's docstring). \p{Cf} adds format characters that are not
# default-ignorable (U+0600 and the like), which a reader does not see as a letter either; so are control
# characters (C0, DEL, C1) other than white space (tab, line breaks, NEL). BLANK: the characters the published
# lists of invisible characters name that are none of those, yet are drawn blank (checked against Unicode's data:
# invisible-characters.com's list, beside the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, which are
# default-ignorable, and the musical beams, ties, slurs and phrases U+1D173..U+1D17A, which are Cf).
BLANK = (
    "\u2800"  # BRAILLE PATTERN BLANK (So)
    "\U0001d159"  # MUSICAL SYMBOL NULL NOTEHEAD (So)
)
_UNSEEN = regex.compile(rf"[\p{{Default_Ignorable_Code_Point}}\p{{Cf}}{BLANK}\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f]+")
_MARKS = regex.compile(r"\p{M}+")  # combining marks: accents, enclosing circles, vowel signs
_SPACE = regex.compile(r"\s+")
# A Latin letter in another shape: a small capital, a dotless i, a letter with a stroke, bar or hook that
# NFD does not take apart ('ł', 'ƚ', 'ɫ'). Turned and reversed letters are other shapes and are left alone.
_LATIN = re.compile(r"LATIN (SMALL |CAPITAL )?LETTER (?:SMALL CAPITAL |DOTLESS )?([A-Z])(?: WITH .+)?")
# The TR39 prototypes of ASCII characters (a test keeps this equal to the data), so that an all-ASCII id
# never loads the data: 'I', 'l' and '|' draw like '1', 'O' like '0', 'm' like 'rn', '"' like "''".
_ASCII = str.maketrans({"I": "1", "l": "1", "|": "1", "O": "0", "m": "rn", '"': "''", "`": "'", "%": "º/₀"})
# The same, as a whole skeleton draws them: 'º/₀' is folded to 'o/0' (NFKC). An all-ASCII text is drawn in one
# translation (a test keeps it equal to the long way): a million answers are not walked a character at a time.
_ASCII_DRAWN = str.maketrans({"I": "1", "l": "1", "|": "1", "O": "0", "m": "rn", '"': "''", "`": "'", "%": "o/0"})
# A right-to-left override (U+202E) draws the letters after it in reverse, up to a pop (U+202C), the end of
# an isolate (U+2069), another explicit direction or the end of the text. Runs never overlap: linear.
_OVERRIDE = regex.compile(r"\u202e([^\u202a-\u202e\u2066-\u2069]*+)[\u202c\u2069]?")
# Categories only: shapes many fonts draw alike after case folding (prototypes '1' and '0' stand for
# 'l' and 'O').
_DRAWN_ALIKE = str.maketrans({"1": "i", "0": "o"})


def visible(text: str) -> str:
    """The text without what draws nothing, compatibility forms folded, outer spaces trimmed."""
    folded = unicodedata.normalize("NFKC", _UNSEEN.sub("", text))
    return str(_UNSEEN.sub("", folded)).strip()


@cache
def _confusables() -> tuple[dict[str, str], dict[str, str]]:
    """TR39's classes of confusable characters: each character's class prototype (the class's lowest
    code point: ASCII where the class has one), and the classes whose prototype is a sequence ('m' draws
    like 'rn'). Read from the data ``confusable-homoglyphs`` ships (its confusables.json lists each
    character with the characters TR39 confuses with it): ~1 MB, parsed only for non-ASCII text."""
    data = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8"))
    parent: dict[str, str] = {}

    def find(char: str) -> str:
        while (up := parent.get(char, char)) != char:
            parent[char] = parent.get(up, up)
            char = up
        return char

    sequences: dict[str, str] = {}
    for key, glyphs in data.items():
        key = key.replace("\u200e", "")  # the data wraps right-to-left characters in marks, for display
        for glyph in glyphs:
            other = glyph["c"].replace("\u200e", "")
            if len(key) != 1 or not other:
                continue
            if len(other) == 1:
                low, high = sorted((find(key), find(other)))
                if low != high:
                    parent[high] = low
            else:
                sequences[key] = other
    prototypes = {char: find(char) for char in parent}
    return prototypes, {find(char): seq for char, seq in sequences.items()}


@cache
def _prototype(char: str, depth: int = 0) -> str:
    """What one character (of a text in NFD) is drawn as: its TR39 class's prototype;
    a Latin letter in another shape that TR39 leaves in a class of its own (small capitals), the letter."""
    if not char.isascii():
        prototypes, sequences = _confusables()
        char = prototypes.get(char, char)
        if char in sequences and depth < 3:
            return "".join(_prototype(c, depth + 1) for c in unicodedata.normalize("NFD", sequences[char]))
        if (latin := _LATIN.fullmatch(unicodedata.name(char, ""))) is not None:
            char = latin.group(2) if latin.group(1) == "CAPITAL " else latin.group(2).lower()
    return char.translate(_ASCII)


def _drawn(text: str) -> str:
    """Each character (NFD) as its prototype, then the combining marks left dropped: marks are mapped first,
    since TR39 lists some as drawn like letters (the Telugu anusvara 'ం' like 'o')."""
    mapped = "".join(_prototype(c) for c in unicodedata.normalize("NFD", text))
    return str(_MARKS.sub("", unicodedata.normalize("NFD", mapped)))


def skeleton(text: str, *, fold_case: bool = False) -> str:
    """What a text looks like on screen (see the module's docstring): equal skeletons read the same.

    ``fold_case`` for categories, which compare case-insensitively; ids that differ in case read
    differently. Prototypes are taken before compatibility folding (TR39 works on NFD: the long 's' 'ſ'
    draws like 'f', though NFKC makes it an 's'), and again after it and after case folding (the
    ligature 'ﬁ' is 'fi'; a capital Cyrillic 'Т' in a word reads as 'T', so as 't' once case is folded)."""
    if not fold_case and text.isascii():
        return str(_SPACE.sub("", _UNSEEN.sub("", text).translate(_ASCII_DRAWN)))
    drawn = _drawn(_UNSEEN.sub("", _in_drawn_order(text)))
    drawn = _UNSEEN.sub("", unicodedata.normalize("NFKC", drawn))
    drawn = _drawn(drawn.casefold() if fold_case else drawn)
    if fold_case:
        drawn = _drawn(drawn.casefold()).translate(_DRAWN_ALIKE)
    return str(_SPACE.sub("", drawn))


def _in_drawn_order(text: str) -> str:
    """The text with each right-to-left override's run reversed, as a reader sees it drawn."""
    return str(_OVERRIDE.sub(lambda m: m.group(1)[::-1], text)) if "\u202e" in text else text


def reads_as(text: str, names: frozenset[str]) -> str | None:
    """The name of ``names`` this text reads as (``skeleton``, case folded) without being it, if any."""
    drawn = skeleton(text, fold_case=True)
    return next((name for name in sorted(names) if skeleton(name, fold_case=True) == drawn), None)
