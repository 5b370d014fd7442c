"""Adaptive concurrency (AIMD): how many judge calls are kept in flight, from the latencies and
timeouts the calls report. Pure: latencies are handed in, no clock, no server."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from groundgate.judges.limits import Concurrency


def one_slot(gate: Concurrency, service: float, calls: int) -> list[int]:
    """A server that answers one call at a time: a call waits for those in flight before it."""
    windows = []
    gate.finished(service, alone=True, outcome="answered")  # the run's first call goes alone
    for n in range(calls):
        position = n % gate.window + 1
        gate.finished(service * position, alone=False, outcome="answered")
        windows.append(gate.window)
    return windows


def test_a_single_slot_server_halves_the_window_until_calls_stop_queueing() -> None:
    gate = Concurrency(16)
    windows = one_slot(gate, 6.0, 200)
    assert windows[0] == 16
    assert gate.lowest < 16
    assert max(windows[-50:]) <= 6  # a queue of at most a few calls: none near a timeout
    assert gate.why is not None
    assert "times as long with 16 calls in flight as alone" in gate.why


def test_the_reason_is_given_once() -> None:
    gate = Concurrency(16)
    reasons = []
    gate.finished(1.0, alone=True, outcome="answered")
    for n in range(200):
        why = gate.finished(1.0 * (n % gate.window + 1), alone=False, outcome="answered")
        reasons += [why] if why else []
    assert len(reasons) == 1
    assert gate.window < 16


@given(st.lists(st.floats(min_value=1.0, max_value=1.9), min_size=50, max_size=200))
def test_a_server_that_answers_calls_side_by_side_keeps_the_cap(latencies: list[float]) -> None:
    gate = Concurrency(8)
    gate.finished(1.0, alone=True, outcome="answered")
    for seconds in latencies:
        assert gate.finished(seconds, alone=False, outcome="answered") is None
    assert gate.window == 8
    assert gate.why is None


def test_a_timeout_after_answers_halves_the_window_once_per_window_of_calls() -> None:
    gate = Concurrency(8)
    assert gate.finished(300, alone=False, outcome="timeout") is None  # no answer yet: the judge may be down
    assert gate.window == 8
    gate.finished(5.0, alone=True, outcome="answered")
    assert gate.finished(300, alone=False, outcome="timeout") == (
        "a call reached the call timeout after earlier calls were answered"
    )
    assert gate.window == 4
    for _ in range(7):  # the other calls sent under the old window time out too: one decrease for them all
        gate.finished(300, alone=False, outcome="timeout")
    assert gate.window == 4
    gate.finished(300, alone=False, outcome="timeout")
    assert gate.window == 2


def test_failures_that_say_nothing_of_a_queue_change_nothing() -> None:
    gate = Concurrency(8)
    gate.finished(1.0, alone=True, outcome="answered")
    for _ in range(50):
        gate.finished(0.01, alone=False, outcome="failed")
    assert gate.window == 8


def test_the_window_grows_back_by_one_per_window_of_quick_answers_up_to_the_cap() -> None:
    gate = Concurrency(8)
    gate.finished(1.0, alone=True, outcome="answered")
    gate.finished(300, alone=False, outcome="timeout")
    gate.finished(300, alone=False, outcome="timeout")
    assert gate.window == 4
    windows = []
    for _ in range(200):
        gate.finished(1.2, alone=False, outcome="answered")
        windows.append(gate.window)
    assert windows == sorted(windows)
    assert windows[-1] == 8
    assert gate.lowest == 4
