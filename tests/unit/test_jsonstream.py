"""A results file is read a value at a time: what it says must be exactly what ``json.loads`` says."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate import jsonstream

SCALARS = st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=False) | st.text(max_size=30)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def streamed(text: str, chunk: int) -> tuple[Any, list[Any]]:
    got: list[Any] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jsonstream, "CHUNK", chunk)
        document = jsonstream.load(io.StringIO(text), "rows", got.append)
    return document, got


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.text(max_size=8).filter(lambda k: k != "rows"), VALUES, max_size=5),
    st.lists(VALUES, max_size=8),
    st.integers(min_value=0, max_value=6),
    st.sampled_from([None, 0, 2]),
    st.integers(min_value=1, max_value=9),
)
def test_a_document_reads_as_json_loads_reads_it(
    head: dict[str, Any], rows: list[Any], where: int, indent: int | None, chunk: int
) -> None:
    items = list(head.items())
    items.insert(min(where, len(items)), ("rows", rows))  # the array anywhere among the keys
    text = json.dumps(dict(items), indent=indent)
    document, got = streamed(text, chunk)
    assert got == rows
    assert document == {**dict(items), "rows": jsonstream.Streamed(len(rows))}


@pytest.mark.parametrize("chunk", [1, 3, 1 << 20])
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"a": 1, "a": 2}', "the key 'a' appears twice"),
        ('{"rows": [], "rows": [{"id": "x"}]}', "the key 'rows' appears twice"),
        ('{"a": 1} {"b": 2}', "extra data"),
        ('{"rows": [1, 2', "at the end"),
        ('{"rows": [1 2]}', "expected ','"),
        ('{"a": 1,}', "expecting value"),
        ("{1: 2}", "expected a key"),
        ("", "expecting value"),
    ],
)
def test_a_file_json_loads_would_refuse_or_that_says_two_things_is_refused(text: str, message: str, chunk: int) -> None:
    with pytest.raises(ValueError, match="(?i)" + message.replace("[", r"\[").replace("]", r"\]")):
        streamed(text, chunk)


def test_what_is_not_an_object_reads_whole() -> None:
    assert streamed("[1, 2]", 2) == ([1, 2], [])
    assert streamed(' "rows" ', 2) == ("rows", [])


@pytest.mark.parametrize("chunk", [1, 7, 64, 1 << 20])
@pytest.mark.parametrize(
    ("good", "bad"),
    [
        ('"r25",\n   "score": 4.0', '"r25",\n   "score": 4.0.1'),  # inside a row, where the standard decoder stops
        ('"id": "r17"', '"id": "r17" "x"'),  # inside a row object
        ('},\n  {\n   "id": "r30"', '}\n  {\n   "id": "r30"'),  # between rows, where this reader expects a comma
    ],
)
def test_a_syntax_error_is_placed_where_json_loads_places_it(chunk: int, good: str, bad: str) -> None:
    """Deep in a large file, past many reads: line, column and character count from the file's start."""
    rows = [{"id": f"r{n}", "score": 4.0, "reason": "fine\nreally"} for n in range(40)]
    text = json.dumps({"schema_version": 2, "rows": rows}, indent=1)
    assert good in text
    broken = text.replace(good, bad, 1)
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(broken)
    place = f"line {expected.value.lineno} column {expected.value.colno} (char {expected.value.pos})"
    with pytest.raises(ValueError, match=re.escape(place)):
        streamed(broken, chunk)
