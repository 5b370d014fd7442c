"""The judge's noise floor: which rows are sampled, that their calls are fresh and counted, the
figures on a table with a known number of changed re-scores, shards merging their samples, the
exact interval, and the words a reviewer reads."""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate import compare
from groundgate.cache import ScoreCache, derive_secret
from groundgate.cases import load_inputs
from groundgate.cli import main
from groundgate.errors import InputError, UsageError
from groundgate.evidence import Options, Rescorer
from groundgate.judges import JudgeRequest, Purpose
from groundgate.judges.runner import Runner
from groundgate.merge import merge
from groundgate.noise import choose, false_flip_chance
from groundgate.noise import figures as noise_figures
from groundgate.readback import read_results
from groundgate.report import render
from groundgate.report.console import render_console
from groundgate.report.noise import footer, sentence, warning
from groundgate.results import Noise, NoiseSample, Results
from groundgate.rules import Bucket, Outcome
from groundgate.stats import clopper_pearson
from tests.support.inputs import make_inputs
from tests.support.scripted import Given, ScriptedJudge, ScriptedProvider

POLICY = frozenset({"policy"})


def script(first: Mapping[str, float], noise: Mapping[str, Given] | None = None) -> ScriptedJudge:
    """Scores by response text; ``noise`` overrides what the noise sample's re-score says."""

    def score(request: JudgeRequest) -> Given:
        if request.purpose is Purpose.NOISE and noise is not None and request.response in noise:
            return noise[request.response]
        return first[request.response]

    return ScriptedJudge(score, fluency=False)


def ties(n: int, prefix: str = "t") -> list[tuple[str, str, str, str]]:
    return [(f"{prefix}{i:03}", "faq", f"same {prefix}{i}", f"same {prefix}{i}") for i in range(n)]


def table() -> tuple[list[tuple[str, str, str, str]], dict[str, float]]:
    """30 ties, 1 row unchanged as a non-answer, 2 flips (one blocking, confirmed), 1 move."""
    rows = [*ties(30), ("u1", "faq", "clarify?", "clarify?"), ("f1", "policy", "good", "bad"),
            ("f2", "faq", "good two", "bad two"), ("m1", "policy", "partial", "good three")]  # fmt: skip
    scores = {f"same t{i}": 5.0 for i in range(30)}
    scores.update({"clarify?": 3.0, "good": 5.0, "bad": 2.0, "good two": 5.0, "bad two": 2.0})
    scores.update({"partial": 4.0, "good three": 5.0})
    return rows, scores


def test_noise_figures_on_a_table_with_four_changed_rescores() -> None:
    rows, scores = table()
    changed = {"same t3": 4.0, "same t17": 3.0, "same t21": 2.0, "clarify?": 4.0}  # other buckets
    judge = script(scores, noise={**changed, "same t5": 5.4})  # 5.4 rounds to 5: the same bucket
    results = compare.run(make_inputs(rows), judge, Options(POLICY, noise_sample=100))
    noise = results.noise
    assert noise is not None
    assert (noise.sampled, noise.flipped, noise.failed) == (31, 4, 0)  # every tie and the unchanged row
    assert noise.rate == pytest.approx(4 / 31)
    assert noise.interval == pytest.approx(clopper_pearson(4, 31))
    assert noise.flips == 2  # f1 and f2 fell to ungrounded on their first verdicts
    assert noise.expected_false_flips == pytest.approx(4 / 31 * 2)
    assert noise.exposed == 2  # f1 and m1: blocking, not ungrounded on the baseline side
    assert noise.false_blocking_flip == pytest.approx(1 - (1 - (4 / 31) ** 2) ** 2)
    flipped = {s.id for s in noise.samples if s.rescore is not s.bucket}
    assert flipped == {"t003", "t017", "t021", "u1"}
    assert sorted(cid for cid, _ in judge.asked(Purpose.NOISE)) == sorted([f"t{i:03}" for i in range(30)] + ["u1"])
    assert results.calls.noise == 31
    assert results.calls.total == results.calls.groundedness + results.calls.rescore + 31
    # The noise never touches a verdict: the same rows, the same outcomes as without it.
    plain = compare.run(make_inputs(rows), script(scores), Options(POLICY))
    assert [(r.id, r.outcome) for r in results.rows] == [(r.id, r.outcome) for r in plain.rows]
    assert results.verdict == plain.verdict == "fail"


def test_the_sample_repeats_on_a_rerun_whatever_the_order_of_the_cases() -> None:
    rows = ties(200)
    scores = {b: 5.0 for _, _, b, _ in rows}

    def sampled(rows: list[tuple[str, str, str, str]], size: int) -> set[str]:
        judge = script(scores)
        compare.run(make_inputs(rows), judge, Options(POLICY, noise_sample=size))
        return {cid for cid, _ in judge.asked(Purpose.NOISE)}

    first = sampled(rows, 20)
    assert len(first) == 20
    assert sampled(rows, 20) == first
    shuffled = rows[:]
    random.Random(7).shuffle(shuffled)
    assert sampled(shuffled, 20) == first
    assert sampled(rows, 5) < first  # a smaller sample is the start of the same draw
    assert first != {f"t{i:03}" for i in range(20)}  # not simply the first rows of the file


def test_respacing_or_reordering_the_files_does_not_draw_another_sample(tmp_path: Path) -> None:
    """The seed is what is judged, not the files' bytes: an author cannot re-draw the sample offline
    by adding spaces, blank lines or moving records, only by changing what the judge reads."""
    cases = [{"id": f"t{i:03}", "category": "faq", "query": "q?", "context": f"ctx {i}"} for i in range(120)]
    answers = [{"id": c["id"], "response": f"same t{i}"} for i, c in enumerate(cases)]
    scores = {a["response"]: 5.0 for a in answers}

    def sampled(name: str, layout: Callable[[list[dict[str, Any]]], str], answer: str = "same t7") -> set[str]:
        folder = tmp_path / name
        folder.mkdir()
        changed = [a if a["id"] != "t007" else {**a, "response": answer} for a in answers]
        for file, records in (("cases", cases), ("b", answers), ("c", changed)):
            (folder / f"{file}.jsonl").write_text(layout(records))
        inputs = load_inputs(folder / "cases.jsonl", folder / "b.jsonl", folder / "c.jsonl", "query")
        judge = script(scores | {answer: 5.0})
        compare.run(inputs, judge, Options(POLICY, noise_sample=10))
        return {cid for cid, _ in judge.asked(Purpose.NOISE)}

    plain = sampled("plain", lambda rs: "".join(json.dumps(r) + "\n" for r in rs))
    assert len(plain) == 10
    assert (
        sampled(
            "spaced",
            lambda rs: "".join(json.dumps(r, indent=None, separators=(" ,  ", " :  ")) + "\r\n" for r in rs) + "\n\n\n",
        )
        == plain
    )
    assert sampled("reordered", lambda rs: "".join(json.dumps(r) + "\n" for r in reversed(rs))) == plain
    redrawn = [
        sampled(f"edit{n}", lambda rs: "".join(json.dumps(r) + "\n" for r in rs), f"same t7 {n}") for n in range(3)
    ]
    assert any(draw != plain for draw in redrawn)  # what the judge reads changed: a new draw is allowed


def test_only_rows_whose_bucket_did_not_change_are_sampled_all_when_fewer() -> None:
    rows, scores = table()
    rows += [("e1", "faq", "empty both", "  ")]  # a new non-answer by an empty answer: never sampled
    scores["empty both"] = 5.0
    judge = script(scores)
    results = compare.run(make_inputs(rows[30:]), judge, Options(POLICY, noise_sample=20))
    assert [cid for cid, _ in judge.asked(Purpose.NOISE)] == ["u1"]  # the only unchanged row
    assert results.noise is not None
    assert results.noise.sampled == 1


def test_noise_calls_are_fresh_never_cached_nor_deduplicated(tmp_path: Path) -> None:
    rows = [(f"d{i}", "faq", "one answer", "one answer") for i in range(6)]  # identical: judged once
    store = ScoreCache(tmp_path / "scores.json", derive_secret("k", "entries"))

    def run() -> tuple[Results, ScriptedProvider]:
        provider = ScriptedProvider(lambda request: 5.0, fluency=False)
        return compare.run(make_inputs(rows), Runner(provider, cache=store), Options(POLICY, noise_sample=4)), provider

    first, _ = run()
    store.save()
    again, provider = run()
    assert first.calls.groundedness == 1  # one call served all twelve sides
    assert again.calls.cached == 0  # the first call of a run is the model probe; the rest would be cached
    assert again.calls.groundedness == 1
    assert [r.purpose for r in provider.log].count(Purpose.NOISE) == 4  # four calls for one identical answer
    assert again.calls.noise == 4
    assert again.calls.total == 5


def test_no_noise_sample_makes_no_extra_call() -> None:
    rows, scores = table()
    judge = script(scores)
    results = compare.run(make_inputs(rows), judge, Options(POLICY))
    assert results.noise is None
    assert judge.asked(Purpose.NOISE) == []
    assert results.calls.noise == 0
    assert "Judge noise: not measured" in render(results)


def test_failed_noise_rescores_are_counted_apart_and_change_no_verdict() -> None:
    rows = ties(10)
    scores = {b: 5.0 for _, _, b, _ in rows}
    results = compare.run(
        make_inputs(rows), script(scores, noise=dict.fromkeys(scores)), Options(POLICY, noise_sample=10)
    )
    assert results.noise is not None
    assert (results.noise.sampled, results.noise.failed, results.noise.rate) == (0, 10, None)
    assert results.verdict == "pass"
    assert results.exit_code == 0
    assert "noise was not measured: no re-score came back with a score (10 failed re-scores not counted)." in render(
        results
    )


def test_shards_merge_their_samples() -> None:
    rows, scores = table()
    rows += ties(40, prefix="x")
    scores.update({f"same x{i}": 5.0 for i in range(40)})
    noisy = {f"same x{i}": 4.0 for i in range(0, 40, 3)}
    inputs = make_inputs(rows)
    parts = [compare.run(inputs, script(scores, noisy), Options(POLICY, noise_sample=20, shard=(k, 2))) for k in (1, 2)]
    for part in parts:
        assert part.noise is not None
        assert part.noise.sampled == 10  # each of two shards samples half of the 20
    merged = merge(parts)
    assert merged.noise is not None
    samples = [s for part in parts for s in part.noise.samples]  # type: ignore[union-attr]
    assert sorted(s.id for s in merged.noise.samples) == sorted(s.id for s in samples)
    flipped = sum(1 for s in samples if s.rescore is not s.bucket)
    assert (merged.noise.sampled, merged.noise.flipped) == (20, flipped)
    assert merged.noise.interval == pytest.approx(clopper_pearson(flipped, 20))
    assert merged.noise.flips == 2
    assert merged.noise.exposed == 2
    assert merged.calls.noise == 20


def test_shards_that_sampled_differently_do_not_merge() -> None:
    """Half the suite sampled and half not is not a sample of the suite: merge refuses it."""
    rows, scores = table()
    inputs = make_inputs(rows)
    parts = [
        compare.run(inputs, script(scores), Options(POLICY, noise_sample=n, shard=(k, 2))) for k, n in ((1, 20), (2, 0))
    ]
    with pytest.raises(UsageError, match="noise sample size differ"):
        merge(parts)
    parts[1] = compare.run(inputs, script(scores), Options(POLICY, noise_sample=20, shard=(2, 2)))
    assert merge(parts).noise is not None


def test_a_noisy_judge_warns_that_one_blocking_flip_is_likely_noise() -> None:
    rows = [(f"p{i:02}", "policy", f"p answer {i}", f"p answer {i}") for i in range(40)]
    scores = {b: 5.0 for _, _, b, _ in rows}
    noisy = {f"p answer {i}": 4.0 for i in range(0, 40, 4)}  # a quarter of the answers change bucket
    results = compare.run(make_inputs(rows), script(scores, noisy), Options(POLICY, noise_sample=40))
    assert results.noise is not None
    assert results.noise.rate == pytest.approx(0.25)
    assert results.noise.high  # 1 - (1 - 0.25**2)**40 = 0.92
    markdown = render(results)
    assert (
        "> [!WARNING]\n> The judge is noisy for a gate: at the rate measured in this run (below), noise alone"
        in markdown
    )
    assert markdown.count("10 of 40") == 1  # the figures once, in the footer
    assert "WARNING: The judge is noisy for a gate" in render_console(results)
    quiet = compare.run(make_inputs(rows), script(scores), Options(POLICY, noise_sample=40))
    assert quiet.noise is not None
    assert not quiet.noise.high
    assert "noisy" not in render(quiet)


def test_the_sentence_does_not_understate_what_the_warning_says() -> None:
    """rate x flips reads small (0.1 of 1 flip) where 200 exposed rows make a noise flip near certain:
    the sentence must point at the warning, not contradict it."""
    rows = [(f"p{i:03}", "policy", f"p answer {i}", f"p answer {i}") for i in range(200)] + [
        ("f1", "policy", "good", "bad")
    ]
    scores = {b: 5.0 for _, _, b, _ in rows} | {"bad": 2.0}
    noisy = {f"p answer {i}": 4.0 for i in range(0, 200, 10)}
    options = Options(POLICY, rescorer=Rescorer("none"), noise_sample=200)
    results = compare.run(make_inputs(rows), script(scores, noisy), options)
    assert results.noise is not None
    assert results.noise.high
    assert results.noise.expected_false_flips == pytest.approx(0.1)  # as the issue defines it: rate x flips
    said = sentence(results.noise)
    assert (
        "about 0.1 of this run's 1 flip may be judge noise, each taken alone; but across 201 blocking answers" in said
    )
    assert "more likely than not to make one such flip (see the warning)" in said


def test_without_a_rescore_one_noisy_verdict_is_enough_for_a_false_flip() -> None:
    assert false_flip_chance(0.1, 10, confirmed=False) == pytest.approx(1 - 0.9**10)
    assert false_flip_chance(0.1, 10, confirmed=True) == pytest.approx(1 - 0.99**10)
    rows = [(f"p{i:02}", "policy", f"p answer {i}", f"p answer {i}") for i in range(20)]
    scores = {b: 5.0 for _, _, b, _ in rows}
    noisy = {"p answer 0": 4.0, "p answer 1": 4.0}
    options = Options(POLICY, rescorer=Rescorer("none"), noise_sample=20)
    results = compare.run(make_inputs(rows), script(scores, noisy), options)
    assert results.noise is not None
    assert results.noise.false_blocking_flip == pytest.approx(1 - 0.9**20)


@given(st.floats(0, 1), st.floats(0, 1), st.integers(0, 500), st.booleans())
def test_false_flip_chance_is_a_probability_that_grows_with_noise(
    a: float, b: float, exposed: int, confirmed: bool
) -> None:
    low, high = sorted((a, b))
    p_low, p_high = false_flip_chance(low, exposed, confirmed), false_flip_chance(high, exposed, confirmed)
    assert 0 <= p_low <= p_high <= 1
    assert false_flip_chance(high, exposed, True) <= false_flip_chance(high, exposed, False) + 1e-12
    assert false_flip_chance(high, exposed + 1, confirmed) >= p_high
    assert false_flip_chance(0.0, exposed, confirmed) == 0


@given(st.sets(st.text(min_size=1, max_size=8), max_size=40), st.integers(0, 50), st.text(max_size=10))
def test_choose_takes_the_size_asked_or_all_and_is_order_free(ids: set[str], size: int, seed: str) -> None:
    picked = choose(list(ids), size, seed)
    assert len(picked) == min(size, len(ids))
    assert set(picked) <= ids
    assert choose(sorted(ids, reverse=True), size, seed) == picked


# --- the exact interval ------------------------------------------------------------------------


def test_clopper_pearson_against_closed_forms_and_published_values() -> None:
    assert clopper_pearson(0, 20) == pytest.approx((0.0, 1 - 0.025 ** (1 / 20)), abs=1e-9)  # 0 to 16.8%
    assert clopper_pearson(20, 20) == pytest.approx((0.025 ** (1 / 20), 1.0), abs=1e-9)
    assert clopper_pearson(1, 20) == pytest.approx((0.001265, 0.248733), abs=1e-6)  # R: binom.test(1, 20)
    assert clopper_pearson(5, 10) == pytest.approx((0.187086, 0.812914), abs=1e-6)  # R: binom.test(5, 10)
    with pytest.raises(ValueError, match="0 <= k <= n"):
        clopper_pearson(3, 2)


def tail(n: int, p: float, ks: range) -> float:
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in ks)


@given(st.integers(1, 80).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
def test_clopper_pearson_bounds_leave_two_and_a_half_percent_in_each_tail(nk: tuple[int, int]) -> None:
    n, k = nk
    low, high = clopper_pearson(k, n)
    assert 0 <= low <= k / n <= high <= 1
    if k > 0:
        assert tail(n, low, range(k, n + 1)) == pytest.approx(0.025, abs=1e-6)
    if k < n:
        assert tail(n, high, range(k + 1)) == pytest.approx(0.025, abs=1e-6)


# --- the words ---------------------------------------------------------------------------------


def noise(sampled: int, flipped: int, flips: int, failed: int = 0) -> Noise:
    def sample(n: int) -> NoiseSample:
        again = None if n >= sampled else Bucket.PARTIAL if n < flipped else Bucket.GROUNDED
        return NoiseSample(id=f"r{n}", bucket=Bucket.GROUNDED, score=5.0, rescore=again, rescore_score=None)

    rate = flipped / sampled if sampled else None
    return Noise(
        sampled=sampled,
        flipped=flipped,
        failed=failed,
        rate=rate,
        interval=clopper_pearson(flipped, sampled) if sampled else None,
        flips=flips,
        expected_false_flips=rate * flips if rate is not None else None,
        exposed=0,
        false_blocking_flip=0.0 if sampled else None,
        samples=[sample(n) for n in range(sampled + failed)],
    )


def _drop_sample_of(data: dict[str, Any], cid: str) -> None:
    data["noise"]["samples"] = [x for x in data["noise"]["samples"] if x["id"] != cid]


CRAFTS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("a quieter judge than it measured", lambda d: d["noise"].update(flipped=0, rate=0.0), "the noise figures do not match its samples"),
    ("a narrow interval", lambda d: d["noise"].update(interval=[0.0, 0.001]), "interval"),
    ("no blocking risk", lambda d: d["noise"].update(false_blocking_flip=0.0), "'false_blocking_flip'"),
    ("no flips to explain", lambda d: d["noise"].update(flips=0, expected_false_flips=0.0), "'flips'"),
    ("nothing exposed", lambda d: d["noise"].update(exposed=0), "'exposed'"),
    ("a sample that is not a row", lambda d: d["noise"]["samples"].append({**d["noise"]["samples"][0], "id": "ghost"}), "'ghost', which is not a row"),
    ("a row sampled twice", lambda d: d["noise"]["samples"].append(d["noise"]["samples"][0]), "twice"),
    ("a flipped row sampled", lambda d: d["noise"]["samples"].append({"id": "f1", "bucket": "ungrounded", "score": 2.0, "rescore": "ungrounded", "rescore_score": 2.0}), "'f1', a regression row"),
    ("a first verdict not the row's", lambda d: d["noise"]["samples"][0].update(bucket="partial", rescore="partial"), "is not the row's"),
    ("more re-scores than calls", lambda d: d["calls"].update(noise=1, total=d["calls"]["total"] - 29), "counted 1 noise calls"),
]  # fmt: skip


@pytest.mark.parametrize(("what", "craft", "message"), CRAFTS, ids=[c[0] for c in CRAFTS])
def test_a_crafted_noise_sample_or_figure_is_not_read_back(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    what: str,
    craft: Callable[[dict[str, Any]], None],
    message: str,
) -> None:
    """Every noise figure a report or merge prints is re-derived from samples that must be the run's own
    unchanged rows: a results file cannot claim a quieter judge, or hide the warning."""
    rows, scores = table()
    results = compare.run(make_inputs(rows), script(scores, {"same t1": 4.0}), Options(POLICY, noise_sample=30))
    path = tmp_path / "results.json"
    results.write(path)
    assert read_results(path).noise == results.noise
    data = json.loads(path.read_text())
    craft(data)
    if "sample" in what or "verdict" in what:
        again = noise_figures([NoiseSample.model_validate(x) for x in data["noise"]["samples"]], results.rows, True)
        data["noise"].update(again.model_dump(mode="json", exclude={"samples"}))  # counts kept consistent
    path.write_text(json.dumps(data))
    with pytest.raises(InputError, match=re.escape(message)):
        read_results(path)
    assert main(["report", "--results", str(path)], environ={}) == 2
    assert message in capsys.readouterr().err


def test_the_sentence_a_reviewer_reads() -> None:
    assert sentence(noise(20, 1, 8)) == (
        "The judge changed its mind on 1 of 20 unchanged answers it scored again (5%, 95% CI 0.1%–25%): "
        "about 0.4 of this run's 8 flips may be judge noise."
    )
    assert sentence(noise(20, 0, 3)) == (
        "The judge gave the same bucket again to all 20 unchanged answers it scored again (0%, 95% CI 0%–17%): "
        "no measured noise explains this run's 3 flips, though 20 re-scores only show the rate is below 17%."
    )
    assert sentence(noise(19, 2, 0, failed=1)) == (
        "The judge changed its mind on 2 of 19 unchanged answers it scored again (11%, 95% CI 1%–33%) "
        "(1 failed re-score not counted): this run has no flips for it to explain."
    )
    assert footer(noise(20, 1, 8)) == sentence(noise(20, 1, 8))  # the figures once: the footer is the sentence
    assert footer(None) == "Judge noise: not measured (noise-sample 0)."
    assert warning(noise(20, 1, 8)) is None


def test_the_footer_names_the_model_under_test_escaped() -> None:
    rows, scores = table()
    results = compare.run(
        make_inputs(rows), script(scores), Options(POLICY, noise_sample=5, model_under_test="gpt-4o*mini <b>")
    )
    markdown = render(results)
    assert (
        "(0%, 95% CI 0%–52%): no measured noise explains this run's 2 flips, though 5 re-scores only show the rate is below 52%. Model under test: gpt\\-4o\\*mini"
        in markdown
    )
    assert markdown.count("95% CI") == 1
    assert "<b>" not in markdown
    assert "model under test gpt-4o*mini <b>" in render_console(results)
    assert all(row.outcome is not Outcome.ERROR for row in results.rows)
