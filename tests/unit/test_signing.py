"""A signed record: any change to its bytes leaves it unsigned (``signing``, ``record.opened``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.adjudication import Judged
from groundgate.record import Record, RecordError, opened, text
from groundgate.rules import Bucket, Outcome
from groundgate.signing import RecordKey

KEY = RecordKey("0123456789abcdef" * 4)
OTHER = RecordKey("fedcba9876543210" * 4)
HEAD = "f00dfacef00dfacef00dfacef00dfacef00dface"
CHECK = "groundgate / verdict"


def record(n: int = 2) -> Record:
    rows = [
        Judged(
            id=f"row-{i}",
            category="policy",
            outcome=Outcome.REGRESSION,
            before=Bucket.GROUNDED,
            after=Bucket.UNGROUNDED,
            line=i + 1,
            digest=f"{i:032x}",
        )
        for i in range(n)
    ]
    return Record(
        check=CHECK, head=HEAD, pr=7, cases_path="evals/cases.jsonl", fail_on="blocking", cases=10,
        counts={Outcome.REGRESSION: n}, rows=rows, blocking=n, published=datetime(2026, 12, 6, tzinfo=UTC),
    )  # fmt: skip


SIGNED = text(record(), KEY)
DATA = opened(SIGNED, check=CHECK, head=HEAD)[1]


def test_a_record_signed_with_the_key_verifies_and_names_its_key() -> None:
    got, data, seal = opened(SIGNED, check=CHECK, head=HEAD)
    assert got == record()
    assert seal is not None
    assert seal.key_id == KEY.id
    assert KEY.verifies(data, seal)
    assert not OTHER.verifies(data, seal)  # another key: unsigned
    assert not KEY.verifies(data, None)


def test_an_unsigned_record_reads_as_before_and_does_not_verify() -> None:
    got, data, seal = opened(text(record()), check=CHECK, head=HEAD)
    assert got == record()
    assert seal is None
    assert not KEY.verifies(data, seal)


def test_the_key_is_never_in_its_repr_and_a_short_key_is_refused() -> None:
    assert "0123456789abcdef" not in repr(KEY)
    assert KEY.id in repr(KEY)
    for weak in ("short", "k" * 64):
        with pytest.raises(ValueError, match="openssl rand -hex 32"):
            RecordKey(weak)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_change_to_a_signed_records_canonical_bytes_leaves_it_unsigned(data: st.DataObject) -> None:
    """The seal covers the record's JSON bytes exactly: flip, insert or delete any byte and it no longer verifies."""
    _, _, seal = opened(SIGNED, check=CHECK, head=HEAD)
    at = data.draw(st.integers(0, len(DATA) - 1))
    kind = data.draw(st.sampled_from(["flip", "insert", "delete"]))
    byte = data.draw(st.integers(0, 255))
    if kind == "flip":
        changed = DATA[:at] + bytes([DATA[at] ^ (byte or 1)]) + DATA[at + 1 :]
    elif kind == "insert":
        changed = DATA[:at] + bytes([byte]) + DATA[at:]
    else:
        changed = DATA[:at] + DATA[at + 1 :]
    assert changed != DATA
    assert not KEY.verifies(changed, seal)


@settings(max_examples=300, deadline=None)
@given(at=st.integers(0, len(SIGNED) - 1), char=st.characters(codec="ascii"))
def test_any_change_to_a_signed_check_run_text_is_refused_or_unsigned_unless_the_record_reads_the_same(
    at: int, char: str
) -> None:
    """At the wire, a check run's text changed anywhere: the record is refused (damaged), or it is unsigned, or it is
    still the same record byte for byte (a change outside it, or a line break the base64 ignores)."""
    changed = SIGNED[:at] + char + SIGNED[at + 1 :]
    try:
        _, data, seal = opened(changed, check=CHECK, head=HEAD)
    except RecordError:
        return
    assert not KEY.verifies(data, seal) or data == DATA
