"""Self-hosted judges as they really behave (a third hostile review of issue 45): a cut baseline read as a score, a
prompt shifted at the window's edge, a balancer over servers of different windows, a server that does not count, vLLM
refusing in OpenAI's words, a busy server failing a check once. No judgement that decides an ungrounded bucket is
taken on a count the run cannot vouch for, and a server's refusal is a refusal, not a cut."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import groundgate
from tests.support.fakes.azure_openai import Prompt, Reply
from tests.support.fakes.gateway import RoundRobin
from tests.support.fakes.openai import FakeOpenAI
from tests.support.fakes.quota import prompt_tokens
from tests.support.fakes.selfhosted import ANSWER

StartOpenAI = Callable[..., FakeOpenAI]
KEY = "sk-local-0123456789abcdef"
PROSE = "Store hours are nine to five on weekdays and ten to four on weekends, holidays excepted. "
ROW = "| SKU-{n:04d} | 12.99 | 3,450 | 2024-01-15 | 0.75 |\n"  # a price list of SKUs
CSV = "{n},12.5,3,0.75,9,1.2,40,7\n"  # a price export: short figures and commas, the densest text a tokenizer meets
SAYS_MORE = " To put it another way, and to be as clear and helpful as possible for you, that is what the policy says."
WINDOW = 3_600
HI = "डिलीवरी के {d} दिनों के भीतर वापसी स्वीकार की जाती है। "
HI_PROSE = "स्टोर सप्ताह के दिनों में सुबह नौ बजे से शाम पाँच बजे तक खुला रहता है। "


def sees_the_figure(prompt: Prompt) -> Reply:
    """A judge model that scores what it saw, in any language: the answer's first figure among the context's."""
    if prompt.kind != "groundedness":
        return Reply(score=5)
    figures = re.findall(r"\d+", prompt.response)
    if not figures:  # a prompt whose rubric the server cut away reads as one without a response
        return Reply(score=5)
    grounded = figures[0] in re.findall(r"\d+", prompt.context or "")
    return Reply(score=5 if grounded else 2, reason="Let's think step by step: " + ("supported" if grounded else "not"))


def sees_the_fact(prompt: Prompt) -> Reply:
    """A judge model that scores what it saw: the answer's first figure stated as a price or a term in the context."""
    if prompt.kind != "groundedness":
        return Reply(score=5)
    figures = re.findall(r"\d+", prompt.response)
    if not figures:
        return Reply(score=5)
    context = prompt.context or ""
    grounded = f"costs {figures[0]} dollars" in context or f"within {figures[0]} days" in context
    return Reply(score=5 if grounded else 2, reason="Let's think step by step: " + ("supported" if grounded else "not"))


def write(where: Path, rows: list[tuple[dict[str, Any], str, str]]) -> None:
    """Cases, each with its baseline's and its candidate's answer."""
    files = {
        "cases": [case for case, _, _ in rows],
        "baseline": [{"id": case["id"], "response": said} for case, said, _ in rows],
        "candidate": [{"id": case["id"], "response": said} for case, _, said in rows],
    }
    for name, lines in files.items():
        (where / f"{name}.jsonl").write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines))


def policy(n: int, prose: int, baseline: str, candidate: str) -> tuple[dict[str, Any], str, str]:
    context = f"Returns are accepted within {n + 20} days of delivery. " + PROSE * prose
    case = {"id": f"policy-{n}", "category": "policy", "query": "How long do I have?", "context": context}
    return case, baseline, candidate


def compare(where: Path, url: str, *extra: str) -> tuple[int, dict[str, Any], str]:
    proc = groundgate(
        "compare", "--cases", str(where / "cases.jsonl"), "--baseline", str(where / "baseline.jsonl"),
        "--candidate", str(where / "candidate.jsonl"), "--judge", "openai", "--openai-base-url", url,
        "--judge-model", "llama3.1:8b", "--results", str(where / "r.json"), "--report", str(where / "r.md"), *extra,
        env={"OPENAI_API_KEY": KEY},
    )  # fmt: skip
    return proc.returncode, json.loads((where / "r.json").read_text()), proc.stderr


def judged(fake: FakeOpenAI) -> list[int]:
    """The sizes of the judging prompts sent (a check of a count asks one answer token), as the server counts them."""
    bodies = [body for path, _, body in fake.raw if path.endswith("/chat/completions") and body.get("max_tokens") != 1]
    return sorted({prompt_tokens(body) for body in bodies})


def outcomes(data: dict[str, Any]) -> dict[str, str]:
    return {row["id"]: row["outcome"] for row in data["rows"]}


def errors(data: dict[str, Any]) -> list[str]:
    return [row["error"] for row in data["rows"] if row["outcome"] == "error"]


@pytest.mark.parametrize(
    ("window", "overflow", "row"),
    [(10**9, "whole", ROW), (8192, "whole", ROW), (10**9, "half", CSV), (8192, "half", CSV)],
)
def test_a_cut_baseline_is_no_score_so_a_real_regression_is_not_backlog(
    fake_openai: StartOpenAI, tmp_path: Path, window: int, overflow: str, row: str
) -> None:
    """Ollama, cutting either way. Two pricing cases whose context is a price list (SKU rows, or a CSV export: a
    tokenizer counts two to three times the estimate's rate) pass the 8,192 window on both sides; the baseline states
    the price, the candidate invents one. Cut, each side scores 2; the baseline's cut count looked whole to the run's
    ratio, so it read 'ungrounded' and the invented price 'ungrounded in both: backlog', exit 0. Every ungrounded
    judgement is now checked as a re-score is: no verdict on those rows (exit 3). The control (no cut) blocks."""
    rows = [policy(n, 20, f"You have {n + 20} days.", f"You have {n + 20} days. Thanks!") for n in range(8)]
    for n in range(2):
        table = "".join(row.format(n=i) for i in range(440 if row == CSV else 400))
        case = {"id": f"pricing-{n}", "category": "pricing", "query": "What does Pro cost?",
                "context": f"The Pro plan costs {n + 40} dollars a month.\n{table}"}  # fmt: skip
        rows.append((case, f"Pro costs {n + 40} dollars a month.", "Pro costs 99 dollars a month."))
    write(tmp_path, rows)
    fake = fake_openai(sees_the_fact, api_key=KEY, context=window, overflow=overflow)
    code, data, _ = compare(tmp_path, fake.url)
    pricing = {k: v for k, v in outcomes(data).items() if k.startswith("pricing")}
    if window > 10**6:
        assert code == 1, (code, pricing, errors(data))
        assert set(pricing.values()) == {"regression"}, (code, pricing, errors(data))
        return
    assert fake.cut > 0
    assert code == 3, (code, pricing, data["counts"])
    assert set(pricing.values()) == {"error"}, (code, pricing, data["counts"])
    assert all(re.search(r"the judge (kept|counted) [\d,]+ ", error) for error in errors(data)), errors(data)


@pytest.mark.parametrize("window", [10**9, 4096])  # 10**9: the control
def test_a_hindi_suite_cut_on_both_sides_is_no_score(fake_openai: StartOpenAI, tmp_path: Path, window: int) -> None:
    """A Hindi support suite on Ollama before 0.33 with a 4,096 window, beside English cases that set the run's ratio.
    A tokenizer of cl100k_base's kind counts Devanagari about a token a character (the fake too), far above the
    estimate: every Hindi prompt passes the window and is cut to the whole window, a count that looked whole, so the
    baseline's cut 'ungrounded' was a score and the candidate's invented figure backlog, exit 0."""
    rows = [policy(n, 20, f"You have {n + 20} days.", f"You have {n + 20} days. Thanks!") for n in range(6)]
    for n in range(2):
        case = {"id": f"hi-{n}", "category": "policy", "query": "मेरे पास कितना समय है?",
                "context": HI.format(d=n + 20) + HI_PROSE * 70}  # fmt: skip
        rows.append((case, f"आपके पास {n + 20} दिन हैं।", "आपके पास 90 दिन हैं।"))  # invented: a real regression
    write(tmp_path, rows)
    fake = fake_openai(sees_the_figure, api_key=KEY, context=window, overflow="whole")
    code, data, _ = compare(tmp_path, fake.url)
    hindi = {k: v for k, v in outcomes(data).items() if k.startswith("hi")}
    if window > 10**6:
        assert code == 1, (code, hindi, errors(data))
        assert set(hindi.values()) == {"regression"}, (code, hindi, errors(data))
        return
    assert fake.cut > 0
    assert code == 3, (code, hindi, data["counts"])
    assert set(hindi.values()) == {"error"}, (code, hindi, data["counts"])


@pytest.mark.parametrize("server", ["llama.cpp", "ollama"])
@pytest.mark.parametrize("window", [10**9, WINDOW])  # 10**9: the control
def test_a_prompt_at_the_windows_edge_is_void_where_the_server_says_its_window(
    fake_openai: StartOpenAI, tmp_path: Path, window: int, server: str
) -> None:
    """Three policy cases whose prompts fit the 3,600 window but not with an answer beside them: the server shifts
    its context while answering (Ollama before 0.33, llama.cpp with --context-shift) and the judge scores both sides
    2 without the context's start, usage.prompt_tokens honest: backlog, exit 0. The server says its window
    (llama.cpp's /props, Ollama's /api/ps), so a prompt whose count and max_tokens pass it is void, named per row."""
    rows = [policy(n, 106, f"You have {n + 20} days.", f"You have {n + 70} days.") for n in range(3)]  # invented
    write(tmp_path, rows)
    fake = fake_openai(sees_the_figure, api_key=KEY, context=window, shift=True, says_window=server)
    code, data, _ = compare(tmp_path, fake.url)
    sent = judged(fake)
    assert all(s < WINDOW for s in sent), sent  # every prompt fits the window
    assert max(sent) + ANSWER >= WINDOW, sent  # but not with its answer
    if window > 10**6:
        assert code == 1, (code, outcomes(data), errors(data))
        assert data["counts"]["regression"] == 3, (code, outcomes(data), errors(data))
        return
    assert fake.shifted > 0
    assert fake.looked
    assert code == 3, (code, outcomes(data))
    assert data["counts"]["regression"] == 0, (code, outcomes(data))
    assert all("the judge's context window is 3,600 tokens" in error for error in errors(data)), errors(data)


@pytest.mark.parametrize("small", [10**9, WINDOW])  # 10**9: the control, both backends take every prompt whole
def test_a_balancer_over_servers_of_different_windows_confirms_no_regression(
    fake_openai: StartOpenAI, tmp_path: Path, small: int
) -> None:
    """Two Ollama boxes behind a gateway that takes them in turn: one with a 32k window, one with a small one. The
    candidate is the same answer in more words (~5,000 tokens). A call the small box cut was checked on the other
    box, which took the longer prompt whole: 'whole', and the re-score 'confirmed' what the cut made, exit 1. A check
    counting more than twice the first is no one server's count: void, and said once. (Ollama before 0.33, cutting
    to the whole window: in this order of calls each candidate's judging call lands on the small box.)"""
    rows = [policy(n, 80, f"You have {n + 20} days.", f"You have {n + 20} days.{SAYS_MORE * 80}") for n in range(7)]
    write(tmp_path, rows)
    large = fake_openai(sees_the_figure, api_key=KEY, context=32_768, overflow="whole")
    little = fake_openai(sees_the_figure, api_key=KEY, context=small, overflow="whole")
    with RoundRobin(large.base_url, little.base_url) as gateway:
        code, data, _ = compare(tmp_path, gateway.url, "--max-concurrency", "1")
    regressions = [row["id"] for row in data["rows"] if row["outcome"] == "regression"]
    assert not regressions, (code, outcomes(data), little.cut, errors(data)[:1])
    assert code != 1
    if small > 10**6:
        assert code == 0, (code, outcomes(data))
        return
    assert little.cut > 0
    assert "servers of different context windows" in json.dumps(data), (code, errors(data)[:2])


def test_a_cutting_server_that_reports_no_prompt_tokens_confirms_no_regression(
    fake_openai: StartOpenAI, tmp_path: Path
) -> None:
    """A server that cuts as Ollama before 0.33 does but whose answers say usage.prompt_tokens 0 (a proxy that
    rewrites usage): a count of 0 said nothing, re-scores were taken whole, three 'confirmed' regressions, exit 1.
    A re-score on a count the run cannot read confirms nothing (exit 3), and the run says why once."""
    rows = [policy(n, 80, f"You have {n + 20} days.", f"You have {n + 20} days.{SAYS_MORE * 80}") for n in range(3)]
    write(tmp_path, rows)
    fake = fake_openai(sees_the_figure, api_key=KEY, context=WINDOW, overflow="whole", usage=False)
    code, data, _ = compare(tmp_path, fake.url)
    assert fake.cut >= 3
    assert code == 3, (code, outcomes(data), fake.cut)
    assert data["counts"]["regression"] == 0, (code, outcomes(data), fake.cut)
    assert all("the judge reports no prompt tokens" in error for error in errors(data)), errors(data)
    said = "groundgate cannot tell a cut prompt from a whole one"
    assert said in json.dumps(data)
    assert (tmp_path / "r.md").read_text().count(said) == 1


@pytest.mark.parametrize("window", [10**9, 4096])  # 10**9: the control
def test_vllm_refusing_the_check_prompt_is_a_refusal_and_the_regression_stands(
    fake_openai: StartOpenAI, tmp_path: Path, window: int
) -> None:
    """vLLM with --max-model-len 4096; every prompt fits, and three policy answers invent a figure. Each re-score's
    check (each message twice, ~4,600 tokens) is refused in vLLM's words ('maximum context length is 4096 tokens.
    However, your request has N input tokens'), which were read as a failure: every re-score void ('kept 2,311 of
    about 2,311'), exit 3 hiding a regression. A server that refuses does not cut: the re-scores stand, exit 1."""
    rows = [policy(n, 40, f"You have {n + 20} days.", f"You have {n + 20 + (50 if n < 3 else 0)} days.") for n in range(6)]  # fmt: skip
    write(tmp_path, rows)
    fake = fake_openai(sees_the_figure, api_key=KEY, context=window, overflow="vllm")
    code, data, _ = compare(tmp_path, fake.url)
    assert max(judged(fake)) + 400 < 4096
    assert code == 1, (code, outcomes(data), errors(data)[:1])
    assert data["counts"]["regression"] == 3, (code, outcomes(data), errors(data)[:1])


def test_a_prompt_vllm_refuses_with_its_answer_is_said_so(fake_openai: StartOpenAI, tmp_path: Path) -> None:
    """vLLM refuses a prompt that fits its window when max_tokens does not fit beside it: the row's line says both,
    never 'kept N of about N' nor that the prompt alone is larger than the window."""
    rows = [policy(n, 125, f"You have {n + 20} days.", f"You have {n + 20} days.") for n in range(2)]
    write(tmp_path, rows)
    fake = fake_openai(sees_the_figure, api_key=KEY, context=4096, overflow="vllm")
    code, data, _ = compare(tmp_path, fake.url)
    sizes = judged(fake)
    assert code == 3, (code, outcomes(data), sizes)
    assert errors(data), (code, outcomes(data), sizes)
    assert all("with the answer tokens asked beside it" in error for error in errors(data)), errors(data)


@pytest.mark.parametrize("status", [None, 502, 503])  # None: the control
def test_one_server_error_on_a_check_call_is_sent_again(
    fake_openai: StartOpenAI, tmp_path: Path, status: int | None
) -> None:
    """A real regression (one policy answer invents a figure) on a server that takes every prompt whole and answers
    one check call 502 (or Ollama's 503 'server busy'): the judging call sends a 5xx again by the SDK's rule, the
    check call did not, so the re-score was void and the regression had no verdict, exit 3. It is sent again."""
    failed: list[int] = []

    def once(body: dict[str, Any]) -> int | None:
        if status is not None and body.get("max_tokens") == 1 and not failed:
            failed.append(status)
            return status
        return None

    rows = [policy(n, 20, f"You have {n + 20} days.", f"You have {n + 20 + (50 if n < 1 else 0)} days.") for n in range(6)]  # fmt: skip
    write(tmp_path, rows)
    fake = fake_openai(sees_the_figure, api_key=KEY, context=10**9, busy=once)
    code, data, _ = compare(tmp_path, fake.url)
    assert len(failed) == (0 if status is None else 1)
    assert code == 1, (code, outcomes(data), errors(data)[:1])
    assert data["counts"]["regression"] == 1, (code, outcomes(data), errors(data)[:1])


def test_doctor_on_vllm_says_its_refusals_are_refusals(fake_openai: StartOpenAI, tmp_path: Path) -> None:
    """vLLM with --max-model-len 4096 and a suite whose largest prompt is about 8,000 tokens: doctor's probes grow
    1,000, 2,000, 4,000, 8,000 and vLLM refuses the last two in its own words, which doctor counted as 'taken whole'.
    It says the window is under that size, with the server's words."""
    rows = [policy(n, 350 if n == 0 else 40, f"You have {n + 20} days.", f"You have {n + 20} days.") for n in range(3)]
    write(tmp_path, rows)
    fake = fake_openai(sees_the_figure, api_key=KEY, context=4096, overflow="vllm")
    proc = groundgate(
        "doctor", "--judge", "openai", "--openai-base-url", fake.url, "--judge-model", "llama3.1:8b",
        "--cases", str(tmp_path / "cases.jsonl"), "--candidate", str(tmp_path / "candidate.jsonl"),
        env={"OPENAI_API_KEY": KEY},
    )  # fmt: skip
    window = next((line for line in proc.stdout.splitlines() if line.startswith("window:")), proc.stdout + proc.stderr)
    assert "whole, up to about" not in window, (proc.returncode, proc.stdout)
    assert "refused" in window, proc.stdout
    assert "maximum context length is 4096 tokens" in window, proc.stdout


@pytest.mark.parametrize("server", ["llama.cpp", "ollama", None])  # None: a server that states nothing
def test_doctor_says_the_window_the_server_states(fake_openai: StartOpenAI, tmp_path: Path, server: str | None) -> None:
    """llama.cpp states its window at /props, Ollama at /api/ps, and a run voids a prompt that passes it with its
    answer tokens; doctor probed and said what it measured, never what the server states. It says both."""
    write(tmp_path, [policy(n, 40, f"You have {n + 20} days.", f"You have {n + 20} days.") for n in range(3)])
    fake = fake_openai(sees_the_figure, api_key=KEY, context=WINDOW, says_window=server)
    proc = groundgate(
        "doctor", "--judge", "openai", "--openai-base-url", fake.url, "--judge-model", "llama3.1:8b",
        "--cases", str(tmp_path / "cases.jsonl"), "--candidate", str(tmp_path / "candidate.jsonl"),
        env={"OPENAI_API_KEY": KEY},
    )  # fmt: skip
    stated = [line for line in proc.stdout.splitlines() if line.startswith("stated window:")]
    if server is None:
        assert not stated, proc.stdout
        return
    assert stated == [
        f"stated window: {WINDOW:,} tokens, as the judge's server says it (llama.cpp's /props, Ollama's /api/ps): a "
        "row whose prompt and answer tokens pass it is not judged"
    ], proc.stdout + proc.stderr
