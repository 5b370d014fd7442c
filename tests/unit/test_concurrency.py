"""Adaptive concurrency: how many judge calls are kept in flight, from the latencies and timeouts the calls
report. Pure: latencies are handed in by a model of the server on a simulated clock (``support.queueing``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.judges.concurrency import Concurrency
from groundgate.stats import rank_tail
from tests.support.queueing import hosted, run, slots, slowed


@settings(derandomize=True, max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), p99=st.sampled_from([4.0, 8.0, 15.0]))
def test_a_hosted_service_whose_latency_does_not_depend_on_load_never_lowers_the_window(seed: int, p99: float) -> None:
    """Log-normal latencies, median 1.2 s, independent of the calls in flight: slow start grows to the cap
    and stays there, however the draws fall (the issue's controller lowered it in about half the runs)."""
    gate = run(hosted(1.2, p99), seed=seed)
    assert gate.window == 8
    assert gate.why is None
    assert gate.settled


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_a_server_with_a_few_slots_is_given_as_many_calls_as_it_has_slots(count: int) -> None:
    for seed in range(5):
        gate = run(slots(count), seed=seed)
        assert gate.window == count, seed
        assert gate.why is not None
        assert f"answers about {count} at a time" in gate.why


def test_a_slow_spell_of_the_runner_during_slow_start_does_not_lower_the_window() -> None:
    """Every call three times as slow for ten seconds, as on a loaded runner: it looks like a queue once, but
    fresh calls at the window before and again at the slower one do not repeat it."""
    for seed in range(20):
        gate = run(slowed(hosted(0.5, 1.0), 3.0, 5.0, 15.0), seed=seed)
        assert gate.window == 8, seed


def test_without_slow_start_the_window_starts_at_the_cap_and_latency_never_lowers_it() -> None:
    gate = run(slots(1), slow_start=False)
    assert gate.window == 8
    assert gate.why is None


def test_calls_that_report_no_latency_never_change_the_window() -> None:
    """The figures judge has no server: its calls report no latency."""
    gate = Concurrency(8, slow_start=True)
    for _ in range(100):
        token = gate.begin()
        assert gate.finished(token, None) is None
    assert gate.window == 1  # it cannot grow on evidence it does not have either
    assert gate.why is None


def test_a_timeout_behind_a_queue_halves_the_window_once_per_window_of_calls() -> None:
    gate = Concurrency(8)
    assert gate.timed_out(overtaken=False) is None  # no answer yet: the judge may be down
    assert gate.window == 8
    gate.finished(gate.begin(), 5.0, 1)
    assert gate.timed_out(overtaken=False) == (
        "a call reached the call timeout while the calls before it were answered and none sent after it"
    )
    assert gate.window == 4
    for _ in range(3):  # the other calls sent under the old window time out too: one decrease for them all
        gate.timed_out(overtaken=False)
    assert gate.window == 4
    gate.timed_out(overtaken=False)
    assert gate.window == 2


def test_a_timeout_that_later_calls_overtook_is_a_slow_answer_not_a_queue() -> None:
    gate = Concurrency(8)
    gate.finished(gate.begin(), 1.0, 1)
    for _ in range(20):
        assert gate.timed_out(overtaken=True) is None
    assert gate.window == 8
    assert gate.why is None


def test_failures_that_say_nothing_of_a_queue_change_nothing() -> None:
    gate = Concurrency(8, slow_start=True)
    for _ in range(50):
        gate.finished(gate.begin(), 0.01, 1, outcome="failed")
    assert gate.window == 1
    assert gate.why is None


def test_the_rank_test_is_exact() -> None:
    assert rank_tail([1, 2, 3, 4], [5, 6, 7, 8]) == pytest.approx(1 / 70)  # one ordering of 70
    assert rank_tail([1, 2, 3], [1.5, 2.5, 3.5]) == pytest.approx(7 / 20)
    assert rank_tail([5, 6], [1, 2]) == 1.0
    assert rank_tail([], [1.0]) == 1.0
