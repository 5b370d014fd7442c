"""Self-hosted judges as they are: the real SDK against an OpenAI-compatible server that answers like
a small local model (a path for a model id, prose instead of JSON, a status of 'skipped', JSON cut at
the token limit, one slot that queues the calls). The gate must say plainly when the judge cannot do
the job, and what it said."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from groundgate import compare
from groundgate.cases import Case
from groundgate.evidence import Options
from groundgate.judges import Failure, JudgeError, JudgeRequest, Purpose, Score
from groundgate.report import render
from groundgate.rules import Outcome
from tests.support.azure import judge_for
from tests.support.cli import error_line, groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.openai import GEMMA, PROSE, RAMBLE, FakeOpenAI, small_model
from tests.support.inputs import make_inputs
from tests.support.openai import openai_judge_for
from tests.support.paths import EXAMPLES

StartOpenAI = Callable[..., FakeOpenAI]
KEY = "sk-local-0123456789abcdef"
CASE = Case("r1", "policy", "How long do I have?", "Returns within 30 days.", 1)


def good(prompt: Prompt) -> Reply:
    return Reply(score=2 if "45" in prompt.response else 5, reason="Let's think step by step: fine", model=GEMMA)


def example(fake: FakeOpenAI, tmp_path: Path, *flags: str, model: str = GEMMA) -> Any:
    return groundgate(
        "compare", "--cases", str(EXAMPLES / "cases.jsonl"), "--baseline", str(EXAMPLES / "baseline.jsonl"),
        "--candidate", str(EXAMPLES / "candidate.jsonl"), "--judge", "openai", "--judge-model", model,
        "--openai-base-url", fake.url, "--results", str(tmp_path / "r.json"), "--report", str(tmp_path / "r.md"),
        *flags, env={"OPENAI_API_KEY": KEY},
    )  # fmt: skip


def test_the_model_id_llama_cpp_names_is_accepted(fake_openai: StartOpenAI, tmp_path: Path) -> None:
    fake = fake_openai(good, api_key=KEY, models=frozenset({GEMMA}))
    proc = example(fake, tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["judge"]["deployment"] == GEMMA
    assert {body["model"] for path, _, body in fake.raw if path.endswith("/chat/completions")} == {GEMMA}


def test_a_judge_that_does_not_answer_in_the_rubrics_format_stops_the_run_at_the_probe(
    fake_openai: StartOpenAI, tmp_path: Path
) -> None:
    """Prose, 'skipped' and cut JSON in turn, the way Gemma 3 270M answered: no verdict, exit 2, one
    line that names the model, shows what it answered (the key it echoed taken out) and the fix."""
    leaky = small_model()

    def echoes_the_key(prompt: Prompt) -> Reply:
        reply = leaky(prompt)
        return reply if reply.content is None else Reply(**{**reply.__dict__, "content": f"{KEY} {reply.content}"})

    fake = fake_openai(echoes_the_key, api_key=KEY)
    proc = example(fake, tmp_path)
    assert proc.returncode == 2, proc.stderr
    line = error_line(proc.stderr)
    assert line.startswith(f"groundgate: error: the judge model {GEMMA!r} does not answer in the rubric's format")
    assert "it answered '*** Let's think step by step." in line
    assert "use a larger or instruction-tuned model, served with JSON mode" in line
    assert KEY not in proc.stdout + proc.stderr
    assert len(fake.prompts) <= 12
    assert not (tmp_path / "r.json").exists()


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        (
            Reply(content=RAMBLE, finish_reason="length"),
            [
                "the judge's answer was cut off at its token limit (finish_reason: length)",
                "the judge's answer is not the rubric's JSON (JSONDecodeError: Unterminated string",
                """it answered '{"reason": "Let's think step by step: the response is about the return window""",
                "is about the return window and'",  # where it was cut
            ],
        ),
        (
            Reply(content=PROSE),
            ["the judge's answer is not the rubric's JSON (JSONDecodeError: ", "it answered 'Let's think step by"],
        ),
        (
            Reply(score=None, status="skipped", reason="Let's think step by step"),
            ["judge status 'skipped': Not applicable: Let's think step by step: it answered '{", '"status": "skipped"'],
        ),
        (Reply(content="{}"), ["judge gave no score: it answered '{}'"]),
    ],
)
def test_an_answer_outside_the_format_keeps_what_the_judge_said(
    fake_openai: StartOpenAI, reply: Reply, said: list[str]
) -> None:
    fake = fake_openai(lambda prompt: reply)
    [result] = openai_judge_for(fake, model=GEMMA).score_all([JudgeRequest(CASE, "Within 30 days.", Purpose.FLUENCY)])
    assert isinstance(result, JudgeError)
    assert result.kind is Failure.MALFORMED
    for text in said:
        assert text in result.message


def test_a_cut_answer_reaches_the_rows_error_the_results_and_the_report(fake_openai: StartOpenAI) -> None:
    def cut_on_one(prompt: Prompt) -> Reply:
        if prompt.response == "cand 3":
            return Reply(content=RAMBLE, finish_reason="length", model=GEMMA)
        return Reply(score=5, model=GEMMA)

    fake = fake_openai(cut_on_one)
    rows = [(f"r{n}", "policy", f"base {n}", f"cand {n}") for n in range(6)]
    results = compare.run(make_inputs(rows), openai_judge_for(fake, model=GEMMA), Options(frozenset({"policy"})))
    [row] = [r for r in results.rows if r.outcome is Outcome.ERROR]
    assert row.error is not None
    assert "cut off at its token limit (finish_reason: length)" in row.error
    assert """it answered '{"reason": "Let's think step by step""" in row.error
    stored = json.loads(results.model_dump_json())
    assert "finish_reason: length" in json.dumps(stored["rows"])
    report = render(results)
    assert "cut off at its token limit \\(finish\\_reason\\: length\\)" in report  # escaped for markdown
    assert "it answered &#x27;\\{&quot;reason&quot;\\: &quot;Let&#x27;s think step by step" in report


def test_mostly_unusable_answers_mid_run_stop_the_calls_like_the_breaker(fake_openai: StartOpenAI) -> None:
    """The probe passed (its first answers were fine); then the judge goes off the rails: once more than
    half its answers are unusable, groundgate stops calling, as the circuit breaker does for an outage."""
    answered: list[int] = []

    def degrades(prompt: Prompt) -> Reply:
        answered.append(1)
        return Reply(score=5, model=GEMMA) if len(answered) <= 5 else Reply(content=PROSE, model=GEMMA)

    fake = fake_openai(degrades)
    rows = [(f"r{n}", "policy", f"base {n}", f"cand {n}") for n in range(20)]
    judge = openai_judge_for(fake, model=GEMMA, max_concurrency=1)
    results = compare.run(make_inputs(rows), judge, Options(frozenset({"policy"})))
    assert results.verdict == "error"
    assert 11 <= len(fake.prompts) < 20  # 5 usable, then 6 unusable: more than half of 11
    assert results.calls.unsent > 0
    unsent = [r.error for r in results.rows if r.error and "not sent:" in r.error]
    assert unsent
    assert "answers were not in the rubric's format, so groundgate stopped calling it" in unsent[0]
    assert "it answered 'Let's think step by step" in unsent[0]


def test_a_judge_that_mostly_answers_well_is_not_stopped(fake_openai: StartOpenAI) -> None:
    fake = fake_openai(small_model(("good", "good", "prose")))
    rows = [(f"r{n}", "policy", f"base {n}", f"cand {n}") for n in range(10)]
    results = compare.run(make_inputs(rows), openai_judge_for(fake, model=GEMMA), Options(frozenset({"policy"})))
    assert results.calls.unsent == 0
    assert len([p for p in fake.prompts if p.kind == "groundedness"]) == 20  # every answer judged
    errors = [r for r in results.rows if r.outcome is Outcome.ERROR]
    assert errors  # its unusable answers are still error rows: exit 3, never a pass
    assert results.verdict == "error"


def test_judges_lists_the_models_the_server_offers_as_judge_model_takes_them(fake_openai: StartOpenAI) -> None:
    offered = (GEMMA, "meta-llama/Llama-3.1-8B-Instruct", "llama3.1:8b")
    fake = fake_openai(good, api_key=KEY, listed=offered)
    proc = groundgate("judges", "--openai-base-url", fake.url, env={"OPENAI_API_KEY": KEY})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == list(offered)
    [(path, headers, _)] = fake.raw
    assert (path, headers["authorization"]) == ("/v1/models", f"Bearer {KEY}")
    refused = groundgate("judges", env={"OPENAI_API_KEY": "sk-wrong-key-123", "OPENAI_BASE_URL": fake.url})
    assert refused.returncode == 2
    assert refused.stderr == (
        f"groundgate: error: the judge server {fake.url} refused the API key (HTTP 401): set OPENAI_API_KEY to a "
        "key it accepts\n"
    )
    no_v1 = groundgate("judges", "--openai-base-url", fake.base_url, env={"OPENAI_API_KEY": KEY})
    assert no_v1.returncode == 2
    assert "check --openai-base-url (OpenAI-compatible servers usually end in /v1)" in no_v1.stderr


def test_judges_prints_no_secret_a_server_puts_in_its_model_ids(fake_openai: StartOpenAI) -> None:
    """The list is the server's text: a key (or a sign-in secret in the environment) it echoes is not printed."""
    identity = "client-secret-for-the-sp-7Qx"
    fake = fake_openai(good, api_key=KEY, listed=(GEMMA, f"echo-{KEY}", f"sp-{identity}"))
    proc = groundgate(
        "judges", "--openai-base-url", fake.url, env={"OPENAI_API_KEY": KEY, "AZURE_CLIENT_SECRET": identity}
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [GEMMA, "echo-***", "sp-***"]


def test_judges_shows_escape_sequences_in_model_ids_escaped_never_to_the_terminal(fake_openai: StartOpenAI) -> None:
    """A server's model ids are its text: ANSI colours, an OSC title (ESC ] ... BEL), a C1 CSI, a line break and a
    right-to-left override are shown as their escapes, one id a line; plain ids are printed as they are."""
    odd = ("\x1b[31mred\x1b[0m", "\x1b]0;owned\x07title", "c1\x9b2J", "two\nlines", "\u202eevil")
    fake = fake_openai(good, api_key=KEY, listed=(GEMMA, *odd))
    proc = groundgate("judges", "--openai-base-url", fake.url, env={"OPENAI_API_KEY": KEY})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        GEMMA, "\\x1b[31mred\\x1b[0m", "\\x1b]0;owned\\x07title", "c1\\x9b2J", "two\\nlines", "\\u202eevil",
    ]  # fmt: skip
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e]", proc.stdout + proc.stderr)
    assert "lists 5 model ids holding control characters" in proc.stderr


def test_an_unknown_model_is_refused_on_the_first_call_naming_the_ones_offered(
    fake_openai: StartOpenAI, tmp_path: Path
) -> None:
    fake = fake_openai(good, api_key=KEY, models=frozenset({GEMMA}))
    proc = example(fake, tmp_path, model="gemma-3-270m")
    assert proc.returncode == 2, proc.stderr
    line = error_line(proc.stderr)
    assert line == (
        f"groundgate: error: the judge server {fake.url} does not serve the model 'gemma-3-270m' (HTTP 404): set "
        f"--judge-model to a model it serves (it offers {GEMMA!r}), or check --openai-base-url or OPENAI_BASE_URL "
        "(OpenAI-compatible servers usually end in /v1)"
    )
    assert len([path for path, _, _ in fake.raw if path.endswith("/chat/completions")]) == 1


def test_a_self_hosted_server_gets_one_call_at_a_time_unless_max_concurrency_says_more(
    fake_openai: StartOpenAI, tmp_path: Path
) -> None:
    """llama.cpp's and Ollama's servers answer one call at a time by default: the calls sent beside it wait in
    its queue. Its parallel slots are the owner's to say, not groundgate's to guess: without --max-concurrency a
    self-hosted server gets one call at a time, and with it as many as it says."""
    fake = fake_openai(good, api_key=KEY, slots=1, service=0.05)
    proc = example(fake, tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    assert set(fake.arrivals) == {1}  # never a call waiting in its queue
    fake.arrivals.clear()
    fake.prompts.clear()
    proc = example(fake, tmp_path, "--max-concurrency", "4")
    assert proc.returncode in (0, 1), proc.stderr
    assert max(fake.arrivals) > 1


def test_a_single_slot_server_with_a_short_call_timeout_judges_every_row(fake_openai: StartOpenAI) -> None:
    """The issue's case: one slot, 0.4 s a call, --call-timeout 3; the first burst of eight queued past the
    timeout and three rows ended not judged. One call at a time never queues."""
    fake = fake_openai(good, slots=1, service=0.4)
    judge = openai_judge_for(fake, model=GEMMA, max_concurrency=1, call_timeout=3)
    results = judge.score_all([JudgeRequest(CASE, f"answer {n}", Purpose.GROUNDEDNESS) for n in range(12)])
    assert [type(r).__name__ for r in results] == ["Score"] * 12


def test_calls_queued_past_the_timeout_by_a_window_wider_than_the_servers_slots_say_so(
    fake_openai: StartOpenAI,
) -> None:
    """Twelve calls at once behind one slot and a 1.5 s timeout: the first are answered, the last wait in the
    server's queue until their timeout. Their rows say what to set, and the judge is not called unreachable
    for the ones it answered."""
    fake = fake_openai(good, slots=1, service=0.3)
    judge = openai_judge_for(fake, model=GEMMA, max_concurrency=12, call_timeout=1.5)
    results = judge.score_all([JudgeRequest(CASE, f"answer {n}", Purpose.GROUNDEDNESS) for n in range(12)])
    assert isinstance(results[0], Score)
    late = [r for r in results if isinstance(r, JudgeError)]
    assert late
    assert all(
        "a server with fewer parallel slots than max-concurrency (12) queues the rest" in r.message for r in late
    )
    assert all("set max-concurrency to its slots" in r.message for r in late)


def test_a_hosted_judges_one_hung_call_among_calls_sent_together_is_slow_not_an_outage(
    fake_azure: Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI],
) -> None:
    """A hostile review: calls sent within 0.1 s of each other overtake nobody (a one-slot server takes them in
    any order), so a hosted judge's one hung call, in a batch no larger than the window, read as an outage.
    Calls sent after it were answered: it is named slow, and not sent again."""

    def decide(prompt: Prompt) -> Reply:
        if "answer 3" in prompt.response:
            return Reply(score=5, fault="stall", delay=6.0)
        return Reply(score=5)

    fake = fake_azure(decide)
    judge = judge_for(fake, max_concurrency=16, call_timeout=1.5)
    try:
        results = judge.score_all([JudgeRequest(CASE, f"answer {n}", Purpose.GROUNDEDNESS) for n in range(6)])
    finally:
        judge.close()
    hung = results[3]
    assert isinstance(hung, JudgeError)
    assert hung.kind is Failure.SLOW
    assert [type(r).__name__ for n, r in enumerate(results) if n != 3] == ["Score"] * 5
    assert sum("answer 3" in p.response for p in fake.prompts) == 1
