"""A judge whose context window is smaller than a prompt (issue 45.1), at the wire: a server that cuts the prompt
and answers 200 as Ollama's OpenAI-compatible endpoint does, and one that refuses it as llama.cpp's server does
(``support.fakes.selfhosted``), with a judge model that scores what it saw."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.support.cli import groundgate
from tests.support.fakes.azure_openai import Prompt, Reply
from tests.support.fakes.openai import FakeOpenAI
from tests.support.fakes.quota import prompt_tokens
from tests.support.fakes.selfhosted import kept_of

StartOpenAI = Callable[..., FakeOpenAI]
KEY = "sk-local-0123456789abcdef"
WINDOW = 4096  # the model's context window, in the server's tokens
FILLER = "Store hours are nine to five on weekdays and ten to four on weekends, holidays excepted. " * 110
MORE = " To put it another way, and to be as clear and helpful as possible for you, that is what the policy says." * 30


def sees_the_fact(prompt: Prompt) -> Reply:
    """A judge model that scores what it saw: the answer's figure in the context it was shown is grounded, else the
    answer adds what the context does not hold (2: the hallucination signal)."""
    if prompt.kind != "groundedness":
        return Reply(score=5)
    figure = next(word for word in prompt.response.split() if word.isdigit())
    grounded = f"within {figure} days" in (prompt.context or "")
    return Reply(score=5 if grounded else 2, reason="Let's think step by step: " + ("supported" if grounded else "the "
                 "window the response states is not in the context"))  # fmt: skip


def write_suite(where: Path) -> None:
    """The issue's 12 policy cases: each candidate answer says what the baseline's says, in more words. The
    context states the return window at its start in eight cases and at its end in four."""
    cases, baseline, candidate = [], [], []
    for n in range(12):
        fact = f"Returns are accepted within {n + 20} days of delivery."
        context = f"{fact} {FILLER}" if n < 8 else f"{FILLER} {fact}"
        cases.append({"id": f"policy-{n}", "category": "policy", "query": "How long do I have?", "context": context})
        baseline.append({"id": f"policy-{n}", "response": f"You have {n + 20} days."})
        candidate.append({"id": f"policy-{n}", "response": f"You have {n + 20} days.{MORE}"})
    for name, rows in (("cases", cases), ("baseline", baseline), ("candidate", candidate)):
        (where / f"{name}.jsonl").write_text("".join(json.dumps(row) + "\n" for row in rows))


def compare(where: Path, fake: FakeOpenAI) -> tuple[int, dict[str, Any], str]:
    proc = groundgate(
        "compare", "--cases", str(where / "cases.jsonl"), "--baseline", str(where / "baseline.jsonl"),
        "--candidate", str(where / "candidate.jsonl"), "--judge", "openai", "--openai-base-url", fake.url,
        "--judge-model", "llama3.1:8b", "--results", str(where / "r.json"), "--report", str(where / "r.md"),
        env={"OPENAI_API_KEY": KEY},
    )  # fmt: skip
    return proc.returncode, json.loads((where / "r.json").read_text()), proc.stderr


def test_a_server_that_cuts_the_prompt_confirms_no_regression_and_the_run_ends_without_a_verdict(
    fake_openai: StartOpenAI, tmp_path: Path
) -> None:
    """The issue's run: the baseline's prompts fit the window, the candidate's longer answers push theirs over it;
    the server kept the rubric's first tokens and the prompt's end, the judge model never saw the figure at the
    context's start, and the re-score on the same server was cut alike: exit 1 with 8 "confirmed" regressions,
    nothing said of the cut. Now every cut judgement is void, said per row, and the run has no verdict (exit 3)."""
    write_suite(tmp_path)
    fake = fake_openai(sees_the_fact, api_key=KEY, context=WINDOW)
    code, data, stderr = compare(tmp_path, fake)
    assert fake.cut >= 12  # every candidate's groundedness prompt was cut, and none of the baseline's
    assert all(prompt_tokens(p.body) < WINDOW for p in fake.prompts if MORE not in p.response)
    assert code == 3, stderr
    assert data["counts"]["regression"] == 0
    errors = [row for row in data["rows"] if row["outcome"] == "error"]
    assert len(errors) == 12
    kept = kept_of(WINDOW)
    for row in errors:
        assert row["error"].startswith(f"candidate: the judge kept {kept:,} of ")
        assert "prompt tokens: its context window is smaller than this prompt" in row["error"]
    assert "the judge kept" in (tmp_path / "r.md").read_text()


def test_a_server_that_refuses_the_prompt_gets_the_same_one_line_reading(
    fake_openai: StartOpenAI, tmp_path: Path
) -> None:
    """llama.cpp refuses a prompt over its window (HTTP 400, exceed_context_size_error with n_prompt_tokens and
    n_ctx): the row says the window is smaller than the prompt, with both counts, and the run has no verdict."""
    write_suite(tmp_path)
    fake = fake_openai(sees_the_fact, api_key=KEY, context=WINDOW, overflow="refuse")
    code, data, stderr = compare(tmp_path, fake)
    assert code == 3, stderr
    errors = [row for row in data["rows"] if row["outcome"] == "error"]
    assert len(errors) == 12
    for row in errors:
        assert row["error"].startswith("candidate: the judge refused a prompt of ")
        assert f"tokens: its context window ({WINDOW:,} tokens) is smaller than this prompt" in row["error"]


def test_doctor_measures_the_window_once_and_says_the_suites_largest_prompt(
    fake_openai: StartOpenAI, tmp_path: Path
) -> None:
    """Probes of growing length find where the server starts cutting, and the suite's candidate answers make
    prompts past it: doctor says so before a run spends the suite on them."""
    write_suite(tmp_path)
    fake = fake_openai(sees_the_fact, api_key=KEY, context=WINDOW)
    proc = groundgate(
        "doctor", "--judge", "openai", "--openai-base-url", fake.url, "--judge-model", "llama3.1:8b",
        "--cases", str(tmp_path / "cases.jsonl"), "--candidate", str(tmp_path / "candidate.jsonl"),
        env={"OPENAI_API_KEY": KEY},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    lines = {line.split(":", 1)[0]: line for line in proc.stdout.splitlines() if ":" in line}
    window = re.fullmatch(r"window: the judge took a prompt of about ([\d,]+) tokens whole and cut or refused one of "
                          r"about ([\d,]+): its context window is smaller than that", lines["window"])  # fmt: skip
    assert window is not None, lines["window"]
    whole, cut = (int(n.replace(",", "")) for n in window.groups())
    biggest = re.fullmatch(r"largest prompt: about ([\d,]+) tokens \(case policy-\d+, candidate\), the largest the "
                           r"suite sends", lines["largest prompt"])  # fmt: skip
    assert biggest is not None, lines["largest prompt"]
    assert whole < int(biggest.group(1).replace(",", "")) <= cut + 100  # the last probe: the size of the largest
    assert lines["note"].startswith("note: the suite's largest prompts do not fit the judge's context window")
    assert fake.cut == 1  # the sample, then probes until the first the server cut
    assert len(fake.prompts) <= 6
