"""The quota's pace: requests and tokens per minute, charged as the service charges them. Pure: a clock is
handed in, and the deployment that judges the pace is the fake's model of Azure's own rules
(``support.fakes.quota.AzureQuota``), written from Azure's documentation, not from this code."""

from __future__ import annotations

import asyncio
import random
import time
from email.utils import formatdate

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.judges.quota import Pace, bound, rate_text, said
from groundgate.judges.retry import retry_after
from groundgate.wording import duration
from tests.support.fakes.quota import AzureQuota
from tests.support.paces import body, charge, deployment_prompt, estimate


def learn(pace: Pace, sent: dict[str, object]) -> None:
    """An answer to ``sent``: the service's count of its prompt, which later charges follow."""
    pace.answered({}, charge=charge(pace, sent), estimate=estimate(sent), counted=deployment_prompt(sent))


def wait(pace: Pace, now: list[float], tokens: int) -> None:
    now[0] += pace.reserve(tokens)


@settings(max_examples=40, deadline=None)
@given(
    tpm=st.integers(20_000, 600_000),
    sizes=st.lists(st.integers(100, 1500), min_size=60, max_size=300),
    allowance=st.sampled_from([300, 800]),
)
def test_paced_requests_are_never_refused_by_a_deployment_that_enforces_azures_rules(
    tpm: int, sizes: list[int], allowance: int
) -> None:
    """However the prompts vary, requests started at the pace's times fit every period Azure checks (1-second
    periods for requests, 10-second ones for tokens): not one is refused."""
    now = [0.0]
    deployment = AzureQuota(tpm, clock=lambda: now[0])
    pace = Pace(tpm=tpm, rpm=deployment.rpm, clock=lambda: now[0])
    for words in sizes:
        sent = body(words, allowance)
        learn(pace, sent)  # the service's count, learned
        wait(pace, now, charge(pace, sent))
        assert deployment.admit(sent).__class__.__name__ == "Admitted", (now[0], deployment.tally)
    assert deployment.tally.refused == 0


def test_the_pace_uses_most_of_the_quota() -> None:
    """Paced requests take at most a fifth longer than the quota's own bound (the margin for its periods)."""
    now = [0.0]
    tpm = 150_000
    deployment = AzureQuota(tpm, clock=lambda: now[0])
    pace = Pace(tpm=tpm, clock=lambda: now[0])
    charged = 0
    for _ in range(300):
        sent = body(1200, 800)
        learn(pace, sent)
        wait(pace, now, charge(pace, sent))
        admitted = deployment.admit(sent)
        charged += getattr(admitted, "charge", 0)
    assert deployment.tally.refused == 0
    assert now[0] <= 1.2 * deployment.bound(300, charged)


def test_each_request_is_charged_its_prompt_and_max_tokens_as_the_service_counts_them() -> None:
    pace = Pace(tpm=100_000)
    sent = body(400, 800)
    first = charge(pace, sent)
    assert first == estimate(sent) + 800
    pace.answered({}, charge=first, estimate=estimate(sent), counted=2 * estimate(sent))  # the service counts more
    assert charge(pace, sent) > first


def test_the_limits_are_learned_from_the_deployments_headers_and_the_smaller_one_holds() -> None:
    pace = Pace()
    assert not pace.paced
    # Azure's two scales: the tokens left in the minute, the requests left in the current 10 seconds (RPM / 6)
    pace.answered({"x-ratelimit-remaining-tokens": "147700", "x-ratelimit-remaining-requests": "149"}, charge=2300)
    assert pace.limits().tpm == 150_000
    assert pace.limits().rpm == 900
    assert pace.limits().source == "the deployment"
    pace.answered({"x-ratelimit-remaining-tokens": "100000"}, charge=2300)  # later in the minute: never lowers it
    assert pace.limits().tpm == 150_000
    shared = Pace(tpm=50_000)  # max-tpm: a share of a quota other jobs use too
    shared.answered({"x-ratelimit-remaining-tokens": "147700"}, charge=2300)
    assert shared.limits().tpm == 50_000
    assert shared.limits().source == "settings"
    openai = Pace()
    openai.answered({"x-ratelimit-limit-tokens": "30000", "x-ratelimit-limit-requests": "500"}, charge=0)
    assert (openai.limits().tpm, openai.limits().rpm) == (30_000, 500)


def test_a_refusal_pauses_every_start_until_retry_after_and_slows_the_pace() -> None:
    now = [0.0]
    pace = Pace(tpm=60_000, clock=lambda: now[0])
    assert pace.reserve(1000) == 0.0
    first = pace.reserve(1000)  # a second's worth of the quota, at 97% and the period's margin
    pace.refused({"retry-after-ms": "4500", "retry-after": "5"})
    paused = pace.reserve(1000)
    assert paused >= 4.5
    now[0] = 100.0  # long after: the pace is back to what it was, but not faster
    assert pace.reserve(1000) == 0.0
    assert pace.reserve(1000) == pytest.approx(first, rel=0.01)


def test_without_any_known_limit_nothing_is_paced_until_a_refusal_sets_a_pace() -> None:
    now = [0.0]
    pace = Pace(clock=lambda: now[0])
    assert pace.reserve(2000) == 0.0
    pace.refused({})  # one request says nothing of a rate: a pause, no pace
    assert not pace.paced
    for _ in range(50):
        now[0] += 0.2
        pace.reserve(2000)
        pace.answered({}, charge=2000)
    pace.refused({}, charge=2000)  # the refused request's charge is not what the deployment took
    assert pace.limits().source == "refusals"
    # what it took over the last 10 s, but the one second the first refusal held every start back
    assert pace.limits().tpm == pytest.approx(50 * 2000 / 9 * 60, rel=0.05)
    now[0] += 5
    assert pace.reserve(2000) == 0.0
    assert pace.reserve(2000) > 0


def test_one_request_refused_again_and_again_while_the_others_are_answered_sets_no_pace() -> None:
    """One prompt the server keeps refusing (a fault of that request) said nothing of a rate, yet paced the whole
    run to what the first second had taken, over ten: a 12-row run took 34 s instead of 4."""
    now = [0.0]
    pace = Pace(clock=lambda: now[0])
    for _ in range(4):
        pace.reserve(2000)
        pace.answered({}, charge=2000)
    stuck = object()
    for _ in range(3):
        pace.reserve(2000)
        pace.refused({}, charge=2000, request=stuck)
        now[0] += 1.0
    assert not pace.paced
    assert pace.reserve(2000) == 0.0  # no pause pending, no pace: the next start is now


def answered_then_refused(now: list[float], pace: Pace, answered: int = 50) -> None:
    """Requests answered five a second, then two refused: a rate to infer."""
    for _ in range(answered):
        now[0] += 0.2
        pace.reserve(2000)
        pace.answered({}, charge=2000)
    pace.refused({}, charge=2000)
    pace.refused({}, charge=2000)  # two requests refused: a rate


def test_refusals_in_a_row_cannot_talk_an_inferred_pace_down_at_once() -> None:
    now = [0.0]
    pace = Pace(clock=lambda: now[0])
    answered_then_refused(now, pace)
    first = pace.limits().tpm
    assert first is not None
    for _ in range(40):  # a burst of refusals: the requests of one moment, refused together
        now[0] += 0.01
        pace.refused({}, charge=2000)
    assert pace.limits().tpm == first  # one burst slows the pace once (``refused``), it does not relearn the rate


def test_a_rate_refusals_set_is_won_back_while_none_comes_and_set_again_by_the_next() -> None:
    """A deployment shared with a job that has since finished gives its room back: the inferred rate grows one
    step (what one refusal took) after a minute without a refusal, no further (a hostile review: growing on while
    the run sent below it reached 15x the limit in an hour), and the next refusals set it again, never below the
    slower step of the rate they set before."""
    now = [0.0]
    pace = Pace(clock=lambda: now[0])
    answered_then_refused(now, pace)
    first = pace.limits().tpm
    assert first is not None
    now[0] += 59
    assert pace.limits().tpm == first  # a quiet minute is not yet evidence of more room
    now[0] += 61
    assert pace.limits().tpm == pytest.approx(first * 1.25, rel=0.02)  # a minute past it: one step back
    now[0] += 3600
    grown = pace.limits().tpm
    assert grown is not None
    assert grown == pytest.approx(first * 1.25, rel=0.02)  # an hour later: still one step
    answered_then_refused(now, pace, answered=8)  # refusals again: inferred afresh
    assert pace.limits().tpm == pytest.approx(first * 0.8, rel=0.02)  # little taken lately: the slower step holds
    now[0] += 30
    assert pace.limits().tpm == pytest.approx(first * 0.8, rel=0.02)  # within a minute of a refusal: no growth


def test_a_refused_request_goes_before_the_new_ones_waiting() -> None:
    order: list[str] = []

    async def scenario() -> None:
        pace = Pace(rpm=600)  # a start every 0.1 s at most

        async def call(name: str, retry: bool = False, after: float = 0.0) -> None:
            await asyncio.sleep(after)
            await pace.acquire(1, retry=retry)
            order.append(name)

        await asyncio.wait_for(
            asyncio.gather(
                call("a"), call("b", after=0.001), call("c", after=0.002), call("retry", retry=True, after=0.003)
            ),
            timeout=30,
        )

    asyncio.run(scenario())
    assert order[0] == "a"
    assert order[1] == "retry"
    assert order[2:] == ["b", "c"]


def test_the_time_held_back_counts_once_however_many_calls_wait() -> None:
    """Five calls wait together on a pace of ten starts a second: the time held back is the time any waited,
    never more than the time that passed (counted per waiting call it would be about twice as much)."""
    pace = Pace(rpm=600)

    async def scenario() -> float:
        began = time.monotonic()
        await asyncio.gather(*(pace.acquire(1) for _ in range(5)))
        return time.monotonic() - began

    elapsed = asyncio.run(scenario())
    assert 0 < pace.held_now() <= elapsed


def test_the_quota_bound_of_a_run_in_words() -> None:
    assert bound(600, 1_500_000, None, 150_000) == pytest.approx(600.0)
    assert bound(600, 1_500_000, 60, 150_000) == pytest.approx(600.0)  # 600 requests at 60 a minute: also 10 min
    assert bound(10, 100, None, None) is None
    assert said(1250, 1_800_000 * 1000 // 1000, 900, 150_000) == "about 12 min 00 s at 150k TPM"
    assert said(100, 1000, 10, 150_000) == "about 10 min 00 s at 10 RPM"
    assert duration(42) == "42 s"
    assert duration(3 * 3600 + 300) == "3 h 05 min"
    assert rate_text(900, 150_000) == "150k TPM and 900 RPM"


def test_retry_after_prefers_milliseconds_and_ignores_nonsense() -> None:
    assert retry_after({"Retry-After-Ms": "1500", "Retry-After": "2"}) == 1.5
    assert retry_after({"retry-after": "3"}) == 3.0
    assert retry_after({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}) == 0.0  # a date past: no wait
    assert retry_after({"retry-after": "soon"}) is None
    assert retry_after({"retry-after": "-1"}) is None
    assert retry_after({}) is None


def test_refusals_with_no_start_left_in_the_last_minute_do_not_break_the_pace() -> None:
    """A hostile review: answers to requests started over a minute ago, then the only two recent requests
    refused: the inference read the first of no starts (IndexError), and the row ended not judged."""
    now = [0.0]
    pace = Pace(clock=lambda: now[0])
    for _ in range(4):
        pace.reserve(2000)
    now[0] = 65.0
    for _ in range(4):
        pace.answered({}, charge=2000)
    for _ in range(2):
        pace.reserve(2000)
    pace.refused({"retry-after": "1"}, charge=2000)
    pace.refused({"retry-after": "1"}, charge=2000)  # both recent starts refused: none left to measure a rate by
    assert pace.limits().source == ""


def test_a_deployment_other_callers_use_too_leaves_this_run_what_they_left() -> None:
    """The tokens left, which count every caller, fall between two answers by far more than this run's own charges:
    another job takes most of the minute, and the pace keeps to what it left (never below a tenth); a run alone on
    its deployment keeps to the whole."""
    now = [0.0]
    shared, alone = Pace(clock=lambda: now[0]), Pace(clock=lambda: now[0])
    left_shared = left_alone = 600_000
    for _ in range(30):  # 30 s of answers, 2,000 tokens of this run's each; the other job takes 8,000 between them
        now[0] += 1.0  # (10,000 a second together: the deployment's whole 600k a minute)
        left_shared -= 10_000
        left_alone -= 2_000
        shared.answered({"x-ratelimit-remaining-tokens": str(left_shared)}, charge=2_000)
        alone.answered({"x-ratelimit-remaining-tokens": str(left_alone)}, charge=2_000)
    assert alone.limits().tpm == 600_000
    tpm = shared.limits().tpm
    assert tpm is not None
    assert 60_000 <= tpm < 300_000
    assert shared.limits().source == "the deployment"
    one_of_four = Pace(share=0.25)
    one_of_four.answered({"x-ratelimit-remaining-tokens": "598000"}, charge=2_000)
    assert one_of_four.limits().tpm == 150_000  # one of four shards: its part until the headers say otherwise


def test_retry_after_as_an_http_date_is_the_wait_until_then() -> None:
    """RFC 9110 lets Retry-After be an HTTP-date: two hours ahead is a wait of two hours, not none (it was read as
    no wait: a 1 s pause and the refused call sent again and again)."""
    now = 1_790_000_000.0
    two_hours = formatdate(now + 7_200, usegmt=True)
    assert retry_after({"Retry-After": two_hours}, now=lambda: now) == 7_200.0
    assert retry_after({"retry-after": formatdate(now + 30, usegmt=True)}, now=lambda: now) == 30.0
    assert retry_after({"retry-after-ms": "nonsense", "retry-after": two_hours}, now=lambda: now) == 7_200.0


def test_a_retry_after_date_past_what_a_date_holds_is_no_wait_not_a_crash() -> None:
    """A year or a zone offset past C's int made parsedate_to_datetime raise OverflowError: one such 429 ended the
    run as an internal error (exit 4) with no results file."""
    for asked in ("Mon, 01 Jan 99999999999 00:00:00 GMT", "Mon, 01 Jan 2027 00:00:00 +99999999999999"):
        assert retry_after({"retry-after": asked}) is None


CHARGE = 2_300  # a rubric call: ~1,900 prompt tokens and 400 reserved


def test_answers_that_arrive_out_of_order_are_not_other_callers() -> None:
    """One run alone on a 600k TPM deployment, 16 calls in flight: each answer says what was left once its request
    was charged, and they come back in the order their latencies decide. A later-admitted answer arriving first
    made the next one a 'fall' that other callers took: the run's part fell to 10% with nobody else there."""
    rng = random.Random(7)
    now = [0.0]
    pace = Pace(clock=lambda: now[0])
    left, counting = 600_000, 0
    flights: list[tuple[float, float, dict[str, str]]] = []
    lowest = float("inf")
    for n in range(16 * 12):
        if n % 16 == 0 and flights:
            for at, started, headers in sorted(flights):
                now[0] = at
                pace.answered(headers, charge=CHARGE, started=started)  # when it started, as the judge's client says
                lowest = min(lowest, pace.limits().tpm or lowest)
            flights.clear()
        started = now[0] + pace.reserve(CHARGE)  # the pace books each start, as acquire does for the client
        minute = int(started // 60)
        if minute != counting:  # Azure's counter fills again each minute
            counting, left = minute, 600_000
        left -= CHARGE
        flights.append((started + rng.uniform(1, 6), started, {"x-ratelimit-remaining-tokens": str(left),
                                                              "x-ratelimit-remaining-requests": "590"}))  # fmt: skip
    tpm = pace.limits().tpm
    assert tpm is not None
    assert tpm >= 0.9 * 600_000, tpm
    assert lowest >= 0.9 * 600_000, lowest


def test_a_gateway_over_two_deployments_is_not_other_callers() -> None:
    """A gateway in front of two deployments (100k and 30k TPM, in turn): each answer's headers are those of the
    deployment that answered. Each step from the large one to the small one read as 70,000 tokens other callers
    took, and the pace fell to a tenth. A counter cannot fall that far that fast: it is another counter."""
    now = [0.0]
    pace = Pace(clock=lambda: now[0])
    used = [0, 0]
    for n in range(40):
        now[0] += 0.75
        backend = n % 2
        used[backend] += CHARGE
        size = (100_000, 30_000)[backend]
        pace.answered({"x-ratelimit-remaining-tokens": str(size - used[backend]),
                       "x-ratelimit-remaining-requests": str(size * 6 // 1000 // 6 - 1)}, charge=CHARGE)  # fmt: skip
    tpm = pace.limits().tpm
    assert tpm is not None
    assert tpm >= 90_000, tpm


def test_other_callers_are_seen_in_every_minute_not_only_the_first() -> None:
    """The counter fills again each minute: a rise far above the least it said (more than a late answer's request,
    admitted between, could explain) is a new stretch, not a late answer of the old one, so the other job's
    takings in the second minute still count."""
    now = [0.0]
    pace = Pace(clock=lambda: now[0])
    for k in range(120):  # one answer a second, 2,000 tokens of this run's; another job takes 8,000 a second
        now[0] = k + 0.5
        used = 10_000 * (k % 60 + 1)
        pace.answered({"x-ratelimit-remaining-tokens": str(600_000 - used)}, charge=2_000)
    tpm = pace.limits().tpm
    assert tpm is not None
    assert tpm < 0.5 * 600_000, tpm


def test_a_busy_deployments_true_headers_are_not_disbelieved() -> None:
    """A 50k TPM / 300 RPM deployment another job keeps busy: every answer truly says about 3,000 tokens are left
    of the minute and 40 requests of the 10 seconds. What is left plus the answer's charge is a lower bound, not a
    claimed limit: the run's own first answers (more than twice that bound within a minute) read as 'headers
    claiming 5,300 tokens a minute' shown wrong, and both limits were dropped for the run, the true requests limit
    with them."""
    now = [0.0]
    pace = Pace(clock=lambda: now[0])
    for i in range(8):
        now[0] = 1.0 + i * 0.1
        pace.answered({"x-ratelimit-remaining-tokens": str(3000 - 100 * i), "x-ratelimit-remaining-requests": "40"},
                      charge=CHARGE)  # fmt: skip
    assert not pace.doubts(), pace.doubts()
    limits = pace.limits()
    assert limits.rpm == 41 * 6  # (40 left + this one) per 10 seconds
    assert limits.tpm is not None
    assert limits.tpm >= 8 * CHARGE  # at least what the deployment answered within the minute


def test_a_claimed_limit_the_answers_contradict_never_drops_what_is_left() -> None:
    """A header claiming one token a minute (x-ratelimit-limit-tokens: 1) beside a true x-ratelimit-remaining-
    requests (99 of the 10 seconds): the answers contradict the tokens' claim, which is no longer believed; the
    requests' bound, which what is left gives whatever a header claims, still holds."""
    now = [0.0]
    pace = Pace(clock=lambda: now[0])
    for i in range(10):
        now[0] = 1.0 + i
        pace.answered({"x-ratelimit-limit-tokens": "1", "x-ratelimit-remaining-requests": "99"}, charge=CHARGE)
    [doubt] = pace.doubts()
    assert doubt.startswith("the deployment's headers claimed 1 tokens a minute"), doubt
    limits = pace.limits()
    assert limits.tpm is None
    assert limits.rpm == 600


def test_a_shard_alone_on_an_idle_deployment_rises_toward_the_whole() -> None:
    """One of four shards re-run alone ('Re-run failed jobs'): nobody else takes the deployment's 80k TPM, as its
    headers show (what is left falls by this run's charges only). Its part only ever fell below 1/4: held to 20k
    TPM, its forecast stopped a run the deployment's real rate finishes in time. Four shards side by side still
    keep to a quarter each."""
    now = [0.0]
    alone = Pace(clock=lambda: now[0], share=0.25)
    left = 80_000
    for _ in range(30):
        now[0] += 1.0
        left -= 500
        alone.answered({"x-ratelimit-remaining-tokens": str(left)}, charge=500)
        if now[0] == 1.0:
            assert alone.limits().tpm == 20_000  # its share, until the headers have shown who else takes the quota
    limits = alone.limits()
    assert limits.tpm is not None
    assert limits.tpm >= 0.8 * 80_000, limits
    together = Pace(clock=lambda: now[0], share=0.25)
    left = 80_000
    for _ in range(30):  # the other three shards take three times what this one does
        now[0] += 1.0
        left -= 4 * 500
        together.answered({"x-ratelimit-remaining-tokens": str(left)}, charge=500)
    tpm = together.limits().tpm
    assert tpm is not None
    assert tpm <= 20_000, tpm
