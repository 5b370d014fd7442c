"""Cuts the count alone does not show (a second hostile review of issue 45): a prompt denser than the run's usual text,
llama.cpp truncating with context shift, and a 429 on the check call. A re-score, which confirms a regression, is always
checked with a longer prompt, and a whole count grows by about what the check added."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import groundgate
from tests.support.fakes.azure_openai import Prompt, Reply
from tests.support.fakes.openai import FakeOpenAI
from tests.support.fakes.quota import prompt_tokens

StartOpenAI = Callable[..., FakeOpenAI]
KEY = "sk-local-0123456789abcdef"
PROSE = "Store hours are nine to five on weekdays and ten to four on weekends, holidays excepted. "
ROW = "| SKU-{n:04d} | 12.99 | 3,450 | 2024-01-15 | 0.75 |\n"  # a price list: figures, as a pricing context holds
MORE = " To put it another way, and to be as clear and helpful as possible for you, that is what the price list says."


def sees_the_fact(prompt: Prompt) -> Reply:
    """A judge model that scores what it saw: the answer's first figure stated in the context it was shown."""
    if prompt.kind != "groundedness":
        return Reply(score=5)
    figures = re.findall(r"\d+", prompt.response)
    if not figures:  # a fluency prompt whose rubric the server cut away reads as one without a response
        return Reply(score=5)
    figure = figures[0]
    grounded = f"costs {figure} dollars" in (prompt.context or "") or f"within {figure} days" in (prompt.context or "")
    return Reply(score=5 if grounded else 2, reason="Let's think step by step: " + ("supported" if grounded else "not"))


def write(
    where: Path, cases: list[dict[str, Any]], baseline: list[dict[str, Any]], candidate: list[dict[str, Any]]
) -> None:
    for name, rows in (("cases", cases), ("baseline", baseline), ("candidate", candidate)):
        (where / f"{name}.jsonl").write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))


def compare(where: Path, fake: FakeOpenAI, *extra: str) -> tuple[int, dict[str, Any], str]:
    proc = groundgate(
        "compare", "--cases", str(where / "cases.jsonl"), "--baseline", str(where / "baseline.jsonl"),
        "--candidate", str(where / "candidate.jsonl"), "--judge", "openai", "--openai-base-url", fake.url,
        "--judge-model", "llama3.1:8b", "--results", str(where / "r.json"), "--report", str(where / "r.md"), *extra,
        env={"OPENAI_API_KEY": KEY},
    )  # fmt: skip
    return proc.returncode, json.loads((where / "r.json").read_text()), proc.stderr


def price_lists(where: Path, *, more: int) -> None:
    """Eight prose policy cases (they set the run's ratio, about 1.0 of the estimate) and two pricing cases whose
    context is a price list, which every tokenizer counts at about twice the estimate; the candidate says each
    price again with ``more`` sentences of padding."""
    cases, baseline, candidate = [], [], []
    for n in range(8):
        cases.append({"id": f"policy-{n}", "category": "policy", "query": "How long do I have?",
                      "context": f"Returns are accepted within {n + 20} days of delivery. " + PROSE * 20})  # fmt: skip
        baseline.append({"id": f"policy-{n}", "response": f"You have {n + 20} days."})
        candidate.append({"id": f"policy-{n}", "response": f"You have {n + 20} days. Thanks!"})
    for n in range(2):
        table = "".join(ROW.format(n=i) for i in range(280))
        cases.append({"id": f"pricing-{n}", "category": "pricing", "query": "What does Pro cost?",
                      "context": f"The Pro plan costs {n + 40} dollars a month.\n{table}"})  # fmt: skip
        baseline.append({"id": f"pricing-{n}", "response": f"Pro costs {n + 40} dollars a month."})
        candidate.append({"id": f"pricing-{n}", "response": f"Pro costs {n + 40} dollars a month.{MORE * more}"})
    write(where, cases, baseline, candidate)


@pytest.mark.parametrize("window", [8192, 10**9])  # 10**9: the control, every prompt whole
def test_a_price_list_cut_to_the_whole_window_confirms_no_regression(
    fake_openai: StartOpenAI, tmp_path: Path, window: int
) -> None:
    """Ollama before 0.33 (overflow="whole", as the fake models it). Eight prose policy cases set the run's ratio
    (about 1.0 of the estimate); two pricing cases hold a price list, which every tokenizer counts at about twice
    the estimate's 4.6 characters a token (digits and marks). The candidate says the same price in more words: its
    prompt grows past the 8,192 window; the server keeps the end and counts 8,192, which is more than 0.9 of what
    the run expects of its estimate, so the count is never checked."""
    price_lists(tmp_path, more=70)
    fake = fake_openai(sees_the_fact, api_key=KEY, context=window, overflow="whole")
    code, data, stderr = compare(tmp_path, fake)
    sent = sorted({prompt_tokens(p.body) for p in fake.prompts})
    assert fake.cut > 0 or window > 10**6, sent
    regressions = [row["id"] for row in data["rows"] if row["outcome"] == "regression"]
    assert not regressions, (code, regressions, data["counts"], fake.cut, sent[-4:], stderr[-1500:])
    assert code != 1


def test_a_price_list_cut_to_half_the_window_confirms_no_regression(fake_openai: StartOpenAI, tmp_path: Path) -> None:
    """Ollama 0.33 and later (overflow="half"): a prompt one token over the window keeps about half of it (4,099 of
    8,192). The same suite as above; the candidate adds a sentence, so its prompt passes the window by a little.
    4,099 is under 0.9 of what the run expects, but above 0.7 of it and below the baseline's whole count of 8,032:
    `Window.look` takes it whole without asking (``CUT * expected <= counted < self.whole``)."""
    window = 8192
    price_lists(tmp_path, more=8)
    fake = fake_openai(sees_the_fact, api_key=KEY, context=window, overflow="half")
    code, data, stderr = compare(tmp_path, fake)
    sent = sorted({prompt_tokens(p.body) for p in fake.prompts})
    assert fake.cut > 0, sent
    regressions = [row["id"] for row in data["rows"] if row["outcome"] == "regression"]
    assert not regressions, (code, regressions, data["counts"], fake.cut, sent[-4:], stderr[-1500:])
    assert code != 1


def llama_cpp_truncate(body: dict[str, Any], window: int) -> tuple[dict[str, Any], int] | None:
    """llama.cpp's server with context shift on (``bool ctx_shift = true`` in common.h where that was the default;
    ``--context-shift`` where it is not): a prompt of
    ``window`` tokens or more is truncated, not refused (tools/server/server.cpp: ``n_left = n_ctx - n_keep;
    n_block_size = n_left / 2; erased_blocks = (n_prompt_tokens - n_keep - n_block_size) / n_block_size``; the
    first n_keep tokens (0 by default) and the prompt's end after ``erased_blocks * n_block_size`` tokens are
    kept, and ``slot.n_prompt_tokens`` -- usage.prompt_tokens -- is what was kept). The count MOVES with the
    prompt, token for token within a block."""
    import copy

    from tests.support.fakes.quota import PIECES

    total = prompt_tokens(body)
    if total < window:
        return None
    block = window // 2
    drop = (total - block) // block * block
    kept = total - drop
    cut = copy.deepcopy(body)
    for message in cut.get("messages", []):
        content = message.get("content")
        if not isinstance(content, str) or drop <= 0:
            continue
        pieces = list(PIECES.finditer(content))
        gone = min(len(pieces), drop)
        drop -= gone
        message["content"] = content[pieces[gone].start() :] if gone < len(pieces) else ""
    return cut, kept


def test_llama_cpp_truncating_with_context_shift_confirms_no_regression(
    fake_openai: StartOpenAI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The repository's own whole-window suite (3 policy cases, a 3,600 window, the candidate the same answer in
    more words), on llama.cpp's server with context shift on. The candidate's prompt (~5,000) is cut to ~3,200
    (rubric and the context's first sentence, the fact, gone); the count is short, so the judge sends the system
    message twice; llama.cpp cuts that too and counts ~110 more: 'a count that moves is whole'."""
    import tests.support.fakes.openai as fake_openai_module

    monkeypatch.setattr(
        fake_openai_module, "truncate", lambda body, window, overflow="half": llama_cpp_truncate(body, window)
    )
    window = 3_600
    cases, baseline, candidate = [], [], []
    for n in range(3):
        context = f"Returns are accepted within {n + 20} days of delivery. " + PROSE * 80
        cases.append({"id": f"policy-{n}", "category": "policy", "query": "How long do I have?", "context": context})
        baseline.append({"id": f"policy-{n}", "response": f"You have {n + 20} days."})
        candidate.append({"id": f"policy-{n}", "response": f"You have {n + 20} days.{MORE * 80}"})
    write(tmp_path, cases, baseline, candidate)
    fake = fake_openai(sees_the_fact, api_key=KEY, context=window)
    code, data, stderr = compare(tmp_path, fake)
    assert fake.cut > 0
    regressions = [row["id"] for row in data["rows"] if row["outcome"] == "regression"]
    assert not regressions, (code, regressions, data["counts"], fake.cut, stderr[-1500:])
    assert code != 1


@pytest.mark.parametrize("refused_call", ["check", "judging"])  # "judging": the control
def test_a_429_on_the_check_call_is_waited_out_as_on_the_judging_call(
    fake_openai: StartOpenAI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refused_call: str
) -> None:
    """A server whose counts are short but whole (Ollama 0.30, counting only what it had not cached: the repo's
    own test_a_server_that_counts_only_uncached_prompt_tokens_is_judged), behind something that answers one 429
    with retry-after: 1 (a gateway's or a proxy's rate limit). The judging call retries a 429; the check call
    (the system message twice, max_tokens 1) does not: its 429 is 'a longer prompt ... failed', the row void."""
    import tests.support.fakes.openai as fake_openai_module
    from tests.support.fakes.quota import Admitted

    refused = {"n": 0}

    def once(handler: Any, quota: Any, body: dict[str, Any]) -> Admitted | None:
        check = body.get("max_tokens") == 1
        if check == (refused_call == "check") and refused["n"] == 0:
            refused["n"] += 1
            handler.reply(429, {"error": {"message": "Rate limit reached. Please retry after 1 second.",
                                          "type": "rate_limit_error", "param": None, "code": "rate_limit_exceeded"}},
                          {"retry-after": "1"})  # fmt: skip
            return None
        return Admitted(0, {})

    monkeypatch.setattr(fake_openai_module, "charge", once)
    en = "Returns are accepted within {d} days of delivery. Store hours are nine to five on weekdays and ten to four on weekends. "
    cases, baseline, candidate = [], [], []
    for n in range(8):
        cases.append({"id": f"policy-{n}", "category": "policy", "query": "How long do I have?",
                      "context": en.format(d=n + 20) * 20})  # fmt: skip
        baseline.append({"id": f"policy-{n}", "response": f"You have {n + 20} days."})
        candidate.append({"id": f"policy-{n}", "response": f"You have {n + 20} days. Thanks!"})
    write(tmp_path, cases, baseline, candidate)
    fake = fake_openai(sees_the_fact, api_key=KEY, context=10**9, slots=1, uncached=True)
    code, data, stderr = compare(tmp_path, fake)
    assert refused["n"] == 1
    errors = {row["id"]: row["error"] for row in data["rows"] if row["outcome"] == "error"}
    assert not errors, (code, errors, stderr[-800:])
    assert code == 0
