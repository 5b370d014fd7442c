"""The verdict's memory as data (``groundgate.memory``): an answer blocked on is known as a reader reads it, with the
baseline answer its flip was against."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate import lookalike
from groundgate.memory import Blocked, BlockedAs, reading_key

QUERY = "How long do I have to return an item?"
CONTEXT = "returns_policy.md: Items can be returned within 30 days of purchase."
ANSWER = "You can return items within 45 days."
BASELINE = "Within 30 days."


@pytest.mark.parametrize(
    "edited",
    [
        ANSWER + " ",  # a trailing space
        ANSWER.replace(" ", "\u00a0", 1),  # a no-break space
        ANSWER.replace("You", "Y\u043eu"),  # a Cyrillic о in a word
        ANSWER.replace("items", "ite\u200bms"),  # a zero-width space
        ANSWER.replace("45", "４５"),  # fullwidth digits
        ANSWER.replace(" ", "  ").replace(".", ".\n"),  # white space a reader does not see
        "\ufeff" + ANSWER + "\u2060",  # format characters
    ],
)
def test_an_edit_nobody_can_see_is_the_same_answer(edited: str) -> None:
    assert reading_key(QUERY, CONTEXT, edited, BASELINE) == reading_key(QUERY, CONTEXT, ANSWER, BASELINE)


@pytest.mark.parametrize(
    ("query", "context", "answer", "baseline"),
    [
        (QUERY, CONTEXT, "You can return items within 60 days.", BASELINE),  # another answer
        (QUERY, CONTEXT, ANSWER, ANSWER),  # the base branch's baseline answer changed: another flip
        ("Can I return it?", CONTEXT, ANSWER, BASELINE),  # another question
        (QUERY, CONTEXT.replace("30", "45"), ANSWER, BASELINE),  # another context
        (None, CONTEXT, ANSWER, BASELINE),
    ],
)
def test_another_answer_question_context_or_baseline_is_another_key(
    query: str | None, context: str, answer: str, baseline: str
) -> None:
    assert reading_key(query, context, answer, baseline) != reading_key(QUERY, CONTEXT, ANSWER, BASELINE)


def test_parts_do_not_run_into_each_other() -> None:
    assert reading_key("ab", "c", ANSWER, BASELINE) != reading_key("a", "bc", ANSWER, BASELINE)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=60))
def test_an_ascii_text_is_drawn_as_the_long_way_draws_it(text: str) -> None:
    """``skeleton`` draws an all-ASCII text in one translation: it must be what the character-by-character way
    draws (which a non-ASCII character in the text takes)."""
    assert lookalike.skeleton(text) == lookalike.skeleton(text + "\u00e9")[:-1]  # é: the long way, drawn 'e'


def test_every_ascii_character_is_drawn_as_the_long_way_draws_it() -> None:
    for code in range(128):
        char = chr(code)
        assert lookalike.skeleton(char) == lookalike.skeleton(char + "\u00e9")[:-1], ascii(char)


def test_an_entry_leaves_out_what_it_does_not_hold() -> None:
    entry = Blocked(id="refund", head="f00d" * 10, key="0123456789abcdef")
    assert entry.model_dump_json() == '{"id":"refund","head":"' + "f00d" * 10 + '","key":"0123456789abcdef"}'
    said = Blocked(id="r", head="c", key="k", said=BlockedAs(after_score=2.0, reason="invented"))
    assert Blocked.model_validate_json(said.model_dump_json()) == said
    legacy = Blocked.model_validate_json('{"id":"r","digest":"d","head":"c"}')  # a record from before reading keys
    assert (legacy.key, legacy.digest) == (None, "d")


# Every character that draws nothing as lookalike reads it: Unicode's default-ignorable code points, format
# characters, controls other than white space, and those the published lists of invisible characters name (U+2800,
# U+1D159, the Hangul fillers...); but the direction controls, which draw nothing themselves yet reorder what follows.
UNSEEN = sorted(
    char
    for char in map(chr, range(0x110000))
    if not 0xD800 <= ord(char) <= 0xDFFF and lookalike._UNSEEN.fullmatch(char)
    and not ("\u202a" <= char <= "\u202e" or "\u2066" <= char <= "\u2069")
)  # fmt: skip


# The blank-drawing characters the published lists name (invisible-characters.com) beyond the white space.
PUBLISHED = "\u115f\u1160\u3164\uffa0\u2800\U0001d159" + "".join(map(chr, range(0x1D173, 0x1D17B)))


def test_the_characters_published_as_invisible_are_unseen() -> None:
    """A hostile review of issue 43: U+1D159 MUSICAL SYMBOL NULL NOTEHEAD (not default-ignorable, not Cf) was kept."""
    assert [c for c in PUBLISHED if c not in UNSEEN] == []


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(sorted({*UNSEEN, *PUBLISHED})),
    st.integers(min_value=0),
    st.sampled_from(range(4)),
    st.text(max_size=40),
    st.booleans(),
)
def test_a_character_that_draws_nothing_anywhere_leaves_the_reading_key_as_it_is(
    char: str, at: int, part: int, extra: str, plain: bool
) -> None:
    parts = [QUERY, CONTEXT, ANSWER + ("" if plain else extra), BASELINE]
    where = at % (len(parts[part]) + 1)
    edited = list(parts)
    edited[part] = parts[part][:where] + char + parts[part][where:]
    assert reading_key(*edited) == reading_key(*parts), (hex(ord(char)), where, part)
