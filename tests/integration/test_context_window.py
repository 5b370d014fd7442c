"""A judge whose context window is smaller than a prompt (issue 45.1), at the wire: a server that cuts the prompt
and answers 200 as Ollama's OpenAI-compatible endpoint does, and one that refuses it as llama.cpp's server does
(``support.fakes.selfhosted``: Ollama's two ways of cutting), with a judge model that scores what it saw; servers
and services whose counts are short for other reasons (a tokenizer's scripts, a prompt cache), which void nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.support.cli import groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
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


def figure_seen(prompt: Prompt) -> Reply:
    """As ``sees_the_fact``, for answers in any language: the answer's first number in the context it was shown."""
    if prompt.kind != "groundedness":
        return Reply(score=5)
    figure = re.findall(r"\d+", prompt.response)[0]
    return Reply(score=5 if figure in (prompt.context or "") else 2, reason="Let's think step by step: read it")


def write(
    where: Path, cases: list[dict[str, Any]], baseline: list[dict[str, Any]], candidate: list[dict[str, Any]]
) -> None:
    for name, rows in (("cases", cases), ("baseline", baseline), ("candidate", candidate)):
        (where / f"{name}.jsonl").write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))


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


def doctor(where: Path, fake: FakeOpenAI) -> dict[str, str]:
    proc = groundgate(
        "doctor", "--judge", "openai", "--openai-base-url", fake.url, "--judge-model", "llama3.1:8b",
        "--cases", str(where / "cases.jsonl"), "--candidate", str(where / "candidate.jsonl"),
        env={"OPENAI_API_KEY": KEY},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return {line.split(":", 1)[0]: line for line in proc.stdout.splitlines() if ":" in line}


def test_doctor_measures_the_window_once_and_says_the_suites_largest_prompt(
    fake_openai: StartOpenAI, tmp_path: Path
) -> None:
    """Probes of growing length find where the server starts cutting, and the suite's candidate answers make
    prompts past it: doctor says the window (Ollama 0.33 and later keep about half of it of a longer prompt) before
    a run spends the suite on them."""
    write_suite(tmp_path)
    fake = fake_openai(sees_the_fact, api_key=KEY, context=WINDOW)
    lines = doctor(tmp_path, fake)
    window = re.fullmatch(r"window: about ([\d,]+) tokens: the judge's server cut a prompt of about ([\d,]+) tokens to "
                          r"([\d,]+) and answered as if whole; it took ([\d,]+) tokens of a prompt whole, so it keeps "
                          r"about half its window of a longer prompt \(as Ollama 0.33 and later do\)", lines["window"])  # fmt: skip
    assert window is not None, lines["window"]
    said, cut, kept, whole = (int(n.replace(",", "")) for n in window.groups())
    assert abs(said - WINDOW) <= 10
    assert kept == kept_of(WINDOW)
    assert kept < whole < WINDOW
    biggest = re.fullmatch(r"largest prompt: about ([\d,]+) tokens \(case policy-\d+, candidate\), the largest the "
                           r"suite sends", lines["largest prompt"])  # fmt: skip
    assert biggest is not None, lines["largest prompt"]
    assert int(biggest.group(1).replace(",", "")) <= cut + 100  # the last probe: the size of the largest
    assert lines["note"].startswith("note: the suite's largest prompts do not fit the judge's context window")
    assert len(fake.prompts) <= 8


def test_doctor_says_the_window_of_a_server_that_keeps_its_whole_window(
    fake_openai: StartOpenAI, tmp_path: Path
) -> None:
    """Ollama before 0.33 counts the whole window of a longer prompt: a probe just past the window was only 'cut'
    at a ratio of 0.69. The count is fixed, and doctor says the window as the server counts it."""
    write_suite(tmp_path)
    fake = fake_openai(sees_the_fact, api_key=KEY, context=3_600, overflow="whole")
    lines = doctor(tmp_path, fake)
    assert re.fullmatch(r"window: 3,600 tokens: the judge's server cut a prompt of about [\d,]+ tokens to 3,600 and "
                        r"answered as if whole; it cut one of about 1.5 times that too, so it keeps its whole window of "
                        r"a longer prompt \(as Ollama before 0.33 does\)", lines["window"]), lines["window"]  # fmt: skip
    assert lines["note"].startswith("note: the suite's largest prompts do not fit the judge's context window")


def test_a_server_that_cuts_to_its_whole_window_confirms_no_regression(
    fake_openai: StartOpenAI, tmp_path: Path
) -> None:
    """Ollama before 0.33 keeps the prompt's end up to the WHOLE window and counts it: a candidate in more words
    grows its prompt from about 3,000 tokens to about 5,000 in a 3,600 window, the count falls only to 0.72 of
    what the run expects, and the re-score is cut alike: three "confirmed" regressions with nothing said. The count
    is fixed (3,600 for every longer prompt): every cut judgement is void and the run has no verdict."""
    window, filler = 3_600, "Store hours are nine to five on weekdays and ten to four on weekends, holidays excepted. "
    more = " To put it another way, and to be as clear and helpful as possible for you, that is what the policy says."
    cases, baseline, candidate = [], [], []
    for n in range(3):
        context = f"Returns are accepted within {n + 20} days of delivery. " + filler * 80
        cases.append({"id": f"policy-{n}", "category": "policy", "query": "How long do I have?", "context": context})
        baseline.append({"id": f"policy-{n}", "response": f"You have {n + 20} days."})
        candidate.append({"id": f"policy-{n}", "response": f"You have {n + 20} days.{more * 80}"})
    write(tmp_path, cases, baseline, candidate)
    fake = fake_openai(sees_the_fact, api_key=KEY, context=window, overflow="whole")
    code, data, stderr = compare(tmp_path, fake)
    assert fake.cut >= 3
    assert code == 3, stderr
    assert data["counts"]["regression"] == 0
    errors = [row for row in data["rows"] if row["outcome"] == "error"]
    assert len(errors) == 3
    for row in errors:
        assert row["error"].startswith(f"candidate: the judge kept {window:,} of about ")
        assert f"it counts {window:,} of every longer prompt" in row["error"]


JA = (
    "返品は配送から{d}日以内に受け付けます。店舗の営業時間は平日9時から17時、週末は10時から16時です。祝日は休業します。"
)
EN = "Returns are accepted within {d} days of delivery. Store hours are nine to five on weekdays and ten to four on weekends. "


def two_languages(where: Path) -> None:
    """Twelve policy cases, a third of them Japanese, each candidate the baseline's answer and a courtesy."""
    cases, baseline, candidate = [], [], []
    for n in range(12):
        japanese = n % 3 == 0
        context = (JA if japanese else EN).format(d=n + 20) * (50 if japanese else 20)  # ~3 KB and ~2.5 KB
        cases.append({"id": f"policy-{n}", "category": "policy", "query": "How long do I have?", "context": context})
        said = f"配送から{n + 20}日以内です。" if japanese else f"You have {n + 20} days."
        baseline.append({"id": f"policy-{n}", "response": said})
        candidate.append({"id": f"policy-{n}", "response": said + (" ご確認ください。" if japanese else " Thanks!")})
    write(where, cases, baseline, candidate)


def test_a_suite_in_two_languages_on_an_honest_server_is_judged(fake_openai: StartOpenAI, tmp_path: Path) -> None:
    """A server that takes every prompt whole and counts Japanese a token a character, as tokenizers do: the
    estimate counted it as English, Japanese prompts set the run's ratio and every English one read as cut (exit
    3 on a harmless change). Each script is estimated at its own rate: nothing is void."""
    two_languages(tmp_path)
    fake = fake_openai(figure_seen, api_key=KEY, context=10**9)
    code, data, stderr = compare(tmp_path, fake)
    errors = {row["id"]: row["error"] for row in data["rows"] if row["outcome"] == "error"}
    assert code == 0, (stderr, errors)
    assert not errors, errors


def test_azure_openai_is_never_voided_on_its_counts(tmp_path: Path) -> None:
    """A hosted service refuses a prompt over its window (HTTP 400) and never cuts one: its English rows of a
    suite in two languages were voided as cut, with advice for Ollama. Its counts are not read as cuts."""
    two_languages(tmp_path)
    with FakeAzureOpenAI(figure_seen) as fake:
        proc = groundgate(
            "compare", "--cases", str(tmp_path / "cases.jsonl"), "--baseline", str(tmp_path / "baseline.jsonl"),
            "--candidate", str(tmp_path / "candidate.jsonl"), "--azure-endpoint", fake.endpoint,
            "--judge-deployment", "judge-4o", "--results", str(tmp_path / "r.json"),
            env={"AZURE_OPENAI_API_KEY": "k" * 32},
        )  # fmt: skip
    data = json.loads((tmp_path / "r.json").read_text())
    errors = {row["id"]: row["error"] for row in data["rows"] if row["outcome"] == "error"}
    assert proc.returncode == 0, (proc.stderr, errors)
    assert not errors, errors


def test_a_server_that_counts_only_uncached_prompt_tokens_is_judged(fake_openai: StartOpenAI, tmp_path: Path) -> None:
    """Ollama 0.30 counted only the prompt tokens it did not have cached: every rubric prompt starts with the same
    ~1,300 tokens, so every call after the first 'kept 208 of 2,064' and a harmless change had no verdict. Its
    counts move with the prompt, as a cut's never do: nothing is void."""
    cases, baseline, candidate = [], [], []
    for n in range(8):
        cases.append({"id": f"policy-{n}", "category": "policy", "query": "How long do I have?",
                      "context": EN.format(d=n + 20) * 20})  # fmt: skip
        baseline.append({"id": f"policy-{n}", "response": f"You have {n + 20} days."})
        candidate.append({"id": f"policy-{n}", "response": f"You have {n + 20} days. Thanks!"})
    write(tmp_path, cases, baseline, candidate)
    fake = fake_openai(figure_seen, api_key=KEY, context=10**9, slots=1, uncached=True)
    code, data, stderr = compare(tmp_path, fake)
    errors = {row["id"]: row["error"] for row in data["rows"] if row["outcome"] == "error"}
    assert code == 0, (stderr, errors)
    assert not errors, errors


def test_a_server_that_says_what_it_had_cached_is_read_whole_at_once(fake_openai: StartOpenAI, tmp_path: Path) -> None:
    """A server that counts the uncached tokens in prompt_tokens and the rest in prompt_tokens_details.cached_tokens:
    the two added are the prompt, taken whole, with no longer prompt sent to check it."""
    cases, baseline, candidate = [], [], []
    for n in range(6):
        cases.append({"id": f"policy-{n}", "category": "policy", "query": "How long do I have?",
                      "context": EN.format(d=n + 20) * 20})  # fmt: skip
        baseline.append({"id": f"policy-{n}", "response": f"You have {n + 20} days."})
        candidate.append({"id": f"policy-{n}", "response": f"You have {n + 20} days. Thanks!"})
    write(tmp_path, cases, baseline, candidate)
    fake = fake_openai(figure_seen, api_key=KEY, context=10**9, slots=1, uncached="details")
    code, data, stderr = compare(tmp_path, fake)
    errors = {row["id"]: row["error"] for row in data["rows"] if row["outcome"] == "error"}
    assert code == 0, (stderr, errors)
    assert not errors, errors
    systems = [str(p.body["messages"][0]["content"]) for p in fake.prompts]
    assert not any(text.count(text[:200]) > 1 for text in systems)  # no system message sent twice: nothing to check
