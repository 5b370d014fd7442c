"""The runner around any provider: what it asks the provider for, and how often."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from groundgate.cases import Case
from groundgate.errors import JudgeUnusable
from groundgate.judges import Failure, JudgeError, Judgement, JudgeRequest, Purpose, Score
from groundgate.judges.runner import Runner
from tests.support.scripted import ScriptedProvider


class CountingIdentity(ScriptedProvider):
    def __init__(self) -> None:
        super().__init__(lambda request: 5.0)
        self.identities = 0

    def identity(self) -> dict[str, object]:
        self.identities += 1
        return {"kind": "counting", "rubric": "query"}


def requests(n: int) -> list[JudgeRequest]:
    return [JudgeRequest(Case(f"c{i}", "x", "q?", "ctx", i), f"answer {i}", Purpose.GROUNDEDNESS) for i in range(n)]


def test_the_judges_identity_is_computed_once_per_run_not_per_key() -> None:
    provider = CountingIdentity()
    runner = Runner(provider)
    keys = {runner.key(r) for r in requests(500)}
    runner.score_all(requests(50))
    assert len(keys) == 500
    assert provider.identities == 1


def test_cache_keys_depend_on_the_identity_and_the_inputs() -> None:
    a, b = Runner(CountingIdentity()), Runner(ScriptedProvider(lambda request: 5.0))
    first, second = requests(2)
    assert a.key(first) == a.key(first)
    assert a.key(first) != a.key(second)
    assert a.key(first) != b.key(first)  # another judge: another key


def test_the_same_answer_is_judged_once_and_re_scores_always_fresh() -> None:
    provider = ScriptedProvider(lambda request: 2.0)
    runner = Runner(provider)
    same = requests(1) * 3
    runner.score_all(same)
    rescore = JudgeRequest(same[0].case, same[0].response, Purpose.RESCORE)
    runner.score_all([rescore, rescore])
    assert [r.purpose for r in provider.log] == [Purpose.GROUNDEDNESS, Purpose.RESCORE, Purpose.RESCORE]
    assert (runner.calls.groundedness, runner.calls.deduplicated, runner.calls.rescore) == (1, 2, 2)


class Refusing(ScriptedProvider):
    """Refuses its configuration (a wrong key) from call number ``after`` + 1 on."""

    def __init__(self, after: int) -> None:
        super().__init__(lambda request: 5.0)
        self.after = after

    def score(self, request: JudgeRequest) -> Judgement:
        with self._lock:
            self.log.append(request)
            number = len(self.log)
        if number > self.after:
            return JudgeError("the judge refused the API key: set THE_KEY", kind=Failure.CONFIGURATION)
        return Score(5.0, "fine", "scripted-model", 10)


@pytest.mark.parametrize("concurrency", [1, 8])
def test_a_configuration_refused_on_the_first_call_stops_the_run_after_that_one_call(concurrency: int) -> None:
    provider = Refusing(after=0)
    with pytest.raises(JudgeUnusable, match="set THE_KEY"):
        Runner(provider, max_concurrency=concurrency, call_timeout=60).score_all(requests(40))
    assert len(provider.log) == 1


def test_a_configuration_refused_mid_run_fails_only_the_rows_it_reached() -> None:
    provider = Refusing(after=3)
    runner = Runner(provider, max_concurrency=4, call_timeout=60)
    results = runner.score_all(requests(10))
    assert sum(isinstance(r, Score) for r in results) == 3
    assert all(r.kind is Failure.CONFIGURATION for r in results if isinstance(r, JudgeError))
    assert len(provider.log) == 10
    assert runner.calls.failed == 7


class Outage(ScriptedProvider):
    """Answers from a script: 'down' is the service failing, 'odd' a reachable judge's bad answer."""

    def __init__(self, script: Callable[[JudgeRequest], str]) -> None:
        super().__init__(lambda request: 5.0)
        self.plan = script

    def score(self, request: JudgeRequest) -> Judgement:
        self.log.append(request)
        what = self.plan(request)
        if what == "down":
            return JudgeError("HTTP 503", kind=Failure.UNAVAILABLE)
        if what == "odd":
            return JudgeError("judge gave no score (True)")
        if what == "off":  # not in the rubric's format
            return JudgeError("judge gave no score: it answered '{}'", kind=Failure.MALFORMED)
        return Score(5.0, "fine", "scripted-model")


def test_odd_answers_and_interrupted_runs_of_failures_never_open_the_breaker() -> None:
    pattern = ["down", "down", "odd", "down", "down", "ok"] * 20  # never three outages in a row
    provider = Outage(lambda request: pattern[int(request.case.id[1:])])
    runner = Runner(provider, max_consecutive_failures=3)
    results = runner.score_all(requests(120))
    assert len(provider.log) == 120
    assert runner.calls.unsent == 0
    assert not any("circuit breaker" in r.message for r in results if isinstance(r, JudgeError))


def test_the_breaker_opens_after_n_failures_in_a_row_and_names_the_cause() -> None:
    provider = Outage(lambda request: "ok" if request.case.id == "c0" else "down")
    runner = Runner(provider, max_consecutive_failures=4)
    results = runner.score_all(requests(50))
    assert len(provider.log) == 1 + 4
    assert runner.calls.unsent == 45
    assert runner.calls.groundedness == 5
    last = results[-1]
    assert isinstance(last, JudgeError)
    assert "failed 4 calls in a row" in last.message
    assert last.message.endswith("the last failure: HTTP 503")
    off = Outage(lambda request: "down")
    never = Runner(off, max_consecutive_failures=0)
    never.score_all(requests(50))
    assert len(off.log) == 50


@pytest.mark.parametrize("concurrency", [1, 8])
def test_the_probe_stops_a_judge_whose_first_answers_are_not_in_the_rubrics_format(concurrency: int) -> None:
    pattern = ["off", "ok", "off", "off", "ok"] + ["ok"] * 35
    provider = Outage(lambda request: pattern[int(request.case.id[1:])])
    with pytest.raises(JudgeUnusable) as caught:
        Runner(provider, max_concurrency=concurrency, call_timeout=60).score_all(requests(40))
    assert len(provider.log) == 5  # the probe, and nothing after it
    assert str(caught.value) == (
        "the scripted judge does not answer in the rubric's format (3 of its first 5 answers unusable): judge gave "
        "no score: it answered '{}'. A judge must answer in the rubric's JSON format (reason, score 1-5, status "
        "'completed'): use a larger or instruction-tuned model, served with JSON mode (response_format json_object)"
    )


@pytest.mark.parametrize(
    "pattern",
    [
        ["off", "ok", "off", "ok", "ok"] + ["ok"] * 35,  # two of five: the rows are errors, the run goes on
        ["off", "off"],  # too few answers to judge the judge: the rows are errors
        ["down", "down", "off", "down", "ok"] + ["ok"] * 35,  # an outage is the breaker's to judge
    ],
)
def test_the_probe_lets_a_judge_through_unless_most_of_enough_answers_are_unusable(pattern: list[str]) -> None:
    provider = Outage(lambda request: pattern[int(request.case.id[1:])])
    results = Runner(provider, max_concurrency=4, call_timeout=60).score_all(requests(len(pattern)))
    assert len(provider.log) == len(pattern)
    assert sum(isinstance(r, JudgeError) and r.kind is Failure.MALFORMED for r in results) == pattern.count("off")


@pytest.mark.parametrize("limit", [0, 10])
def test_mostly_unusable_answers_open_the_breaker_mid_run_whatever_max_consecutive_failures(limit: int) -> None:
    provider = Outage(lambda request: "ok" if int(request.case.id[1:]) < 5 else "off")
    runner = Runner(provider, max_consecutive_failures=limit)
    results = runner.score_all(requests(50))
    assert len(provider.log) == 11  # 5 usable, then 6 unusable: more than half of 11
    assert runner.calls.unsent == 39
    last = results[-1]
    assert isinstance(last, JudgeError)
    assert not last.kind.sent
    assert last.message == (
        "not sent: 6 of the judge's 11 answers were not in the rubric's format, so groundgate stopped calling it "
        "(the judge model cannot do this job); the last: judge gave no score: it answered '{}'"
    )


class Unpaired(ScriptedProvider):
    """A judge whose reasons and model name carry an unpaired surrogate, as a JSON escape like \\ud800 gives."""

    def score(self, request: JudgeRequest) -> Judgement:
        if request.response == "fails":
            return JudgeError("bad \ud800 answer", "model-\udfff")
        return Score(4.0, "fine \ud83d\ude00 but \ud800 odd", "model-\udfff", 3)


def test_a_judge_answer_that_is_not_valid_unicode_is_mended_not_a_crash() -> None:
    """The answer is kept, written and posted: an unpaired surrogate becomes U+FFFD, a real pair stays."""
    runner = Runner(Unpaired(lambda request: 4.0))
    one, two = (JudgeRequest(Case("c", "x", "q?", "ctx", 1), text, Purpose.GROUNDEDNESS) for text in ("ok", "fails"))
    first = runner.score_all([one, two])
    again = runner.score_all([one, two])  # from the run's memo, as stored
    for answers in (first, again):
        verdict, error = answers
        assert isinstance(verdict, Score)
        assert isinstance(error, JudgeError)
        assert (verdict.reason, verdict.model, error.message) == (
            "fine 😀 but \ufffd odd",
            "model-\ufffd",
            "bad \ufffd answer",
        )
    assert runner.calls.deduplicated == 2


def test_a_duplicate_in_a_later_batch_shares_the_first_answer_even_a_failure() -> None:
    """A run judges in batches; one batch shares an answer among identical requests, failure or not, so
    a later batch must too, or where the batches break would decide a row."""
    seen: set[str] = set()

    def once_failing(request: JudgeRequest) -> float | None:
        if request.response in seen:
            return 5.0
        seen.add(request.response)
        return None  # the first call for an answer fails

    runner = Runner(ScriptedProvider(once_failing))
    (first,) = runner.score_all(requests(1), more=1)
    (later,) = runner.score_all(requests(1))
    assert isinstance(first, JudgeError)
    assert later == first
    assert (runner.calls.groundedness, runner.calls.deduplicated) == (1, 1)
