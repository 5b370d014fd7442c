"""The score cache as a hostile pull request sees it: a committed or edited cache file must never
change a verdict, and a mistyped cache path must never overwrite a file or lose a run's scores."""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.action import PATHS, event, run_action
from tests.support.azure import decide_by_text
from tests.support.cli import groundgate
from tests.support.fakes.azure_openai import FakeAzureOpenAI, Prompt, Reply
from tests.support.fakes.github import FakeGitHub
from tests.support.fakes.openai import FakeOpenAI
from tests.support.paths import EXAMPLES

Start = Callable[[Callable[[Prompt], Reply]], FakeAzureOpenAI]
ROWS = [
    ("refund", "policy", "Returns within 30 days.", "Returns within 45 days. HALLUCINATE"),
    ("ship", "shipping", "Ships in 2 days.", "Ships in 2 days."),
]


def write_inputs(folder: Path) -> dict[str, Path]:
    paths = {name: folder / f"{name}.jsonl" for name in ("cases", "baseline", "candidate")}
    paths["cases"].write_text(
        "".join(json.dumps({"id": i, "category": c, "query": "q?", "context": "ctx"}) + "\n" for i, c, _, _ in ROWS)
    )
    paths["baseline"].write_text("".join(json.dumps({"id": i, "response": b}) + "\n" for i, _, b, _ in ROWS))
    paths["candidate"].write_text("".join(json.dumps({"id": i, "response": k}) + "\n" for i, _, _, k in ROWS))
    return paths


def compare(paths: dict[str, Path], fake: FakeAzureOpenAI, *extra: str, env: dict[str, str] | None = None) -> Any:
    return groundgate(
        "compare", "--cases", str(paths["cases"]), "--baseline", str(paths["baseline"]),
        "--candidate", str(paths["candidate"]), "--azure-endpoint", fake.endpoint, "--judge-deployment", "judge-4o",
        *extra,
        env={"AZURE_OPENAI_API_KEY": "sk-judge-key", **(env or {})},
    )  # fmt: skip


def forge(entry: dict[str, Any], how: str) -> dict[str, Any]:
    """What a pull request's author can do without the secret: edit a genuine entry, or write one."""
    claim = {"score": 5.0, "reason": "fully grounded", "model": entry.get("model"), "tokens": 0}
    if how == "edited":
        return {**entry, "score": 5.0, "reason": "fully grounded"}
    if how == "unsigned":
        return claim
    # signed with a secret the author made up, in the exact format groundgate uses
    message = json.dumps(["groundgate-score-cache", 2, "KEY", 5.0, "fully grounded", entry.get("model"), 0])
    return {**claim, "mac": hmac.new(b"attacker", message.encode(), hashlib.sha256).hexdigest()}


def tamper(cache: Path, how: str) -> int:
    """Make every ungrounded verdict in the cache claim 'grounded'; returns how many were changed."""
    data = json.loads(cache.read_text())
    targets = [key for key, entry in data["entries"].items() if entry["score"] <= 2]
    for key in targets:
        data["entries"][key] = forge(data["entries"][key], how)
    cache.write_text(json.dumps(data))
    return len(targets)


@pytest.mark.parametrize("how", ["edited", "unsigned", "signed-with-a-guessed-secret"])
def test_a_forged_cache_entry_cannot_turn_a_blocking_regression_into_a_pass(
    fake_azure: Start, tmp_path: Path, how: str
) -> None:
    fake = fake_azure(decide_by_text)
    paths = write_inputs(tmp_path)
    cache, results, report = tmp_path / "scores.json", tmp_path / "r.json", tmp_path / "report.md"
    first = compare(paths, fake, "--cache", str(cache))
    assert first.returncode == 1, first.stderr
    assert tamper(cache, how) == 1  # the candidate's regressed answer now "scores 5"
    fake.prompts.clear()

    second = compare(paths, fake, "--cache", str(cache), "--results", str(results), "--report", str(report))
    assert second.returncode == 1, second.stdout + second.stderr
    assert "REGRESSION [policy] refund" in second.stdout
    assert "HALLUCINATE" in " ".join(p.response for p in fake.prompts)  # judged afresh, not taken from the file
    data = json.loads(results.read_text())
    assert data["verdict"] == "fail"
    assert data["calls"]["cache_rejected"] == 1
    assert "1 entries failed authentication" in second.stderr
    assert "1 cache entries rejected (failed authentication)" in report.read_text()
    assert "1 cache entries rejected" in second.stdout


def git(folder: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=pr", "-c", "user.email=pr@example.com", "-c", "init.defaultBranch=main", *args],
        cwd=folder, check=True, capture_output=True, env={"PATH": os.environ.get("PATH", ""), "HOME": str(folder)},
    )  # fmt: skip


def openai_compare(
    paths: dict[str, Path], fake: FakeOpenAI, key: str, *extra: str, env: dict[str, str] | None = None
) -> Any:
    return groundgate(
        "compare", "--cases", str(paths["cases"]), "--baseline", str(paths["baseline"]),
        "--candidate", str(paths["candidate"]), "--judge", "openai", "--openai-base-url", fake.url,
        "--judge-model", "llama3.1:70b", *extra,
        env={"OPENAI_API_KEY": key, **(env or {})},
    )  # fmt: skip


@pytest.mark.parametrize("key", ["unused", "EMPTY", "sk-no-key-required", "ollama", "1234567"])
def test_a_cache_signed_with_a_placeholder_key_and_committed_cannot_pass_a_regression(
    fake_openai: Callable[..., FakeOpenAI], tmp_path: Path, key: str
) -> None:
    """The README's self-hosted recipe used OPENAI_API_KEY=unused: a PR author ran groundgate on a laptop
    against an all-5 server at the same base URL, with the same model and key, and committed the cache."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    paths = write_inputs(repo)
    fake = fake_openai(lambda p: Reply(score=5, model="llama3.1:70b"), api_key=key)
    cache = repo / ".groundgate-cache" / "scores.json"
    forged = openai_compare(paths, fake, key, "--cache", str(cache))  # the attacker's run: every answer "scores 5"
    assert forged.returncode == 0, forged.stderr
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "warm the cache")
    fake.decide = lambda p: dataclasses.replace(decide_by_text(p), model="llama3.1:70b")  # the real judge
    fake.prompts.clear()
    results = tmp_path / "r.json"
    proc = openai_compare(paths, fake, key, "--cache", str(cache), "--results", str(results))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "REGRESSION [policy] refund" in proc.stdout
    [note] = [line for line in proc.stderr.splitlines() if "score cache" in line]
    assert "is tracked in git and no secret authenticates its entries" in note
    assert f"({len(json.loads(cache.read_text())['entries'])} entries not used)" in note
    assert json.loads(results.read_text())["calls"]["cached"] == 0
    assert "HALLUCINATE" in " ".join(p.response for p in fake.prompts)  # judged afresh
    assert key not in note


def test_without_a_secret_an_untracked_cache_is_used(fake_openai: Callable[..., FakeOpenAI], tmp_path: Path) -> None:
    """A cache the workflow restored (actions/cache), in no commit: a server that checks no key keeps its cache."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    paths = write_inputs(repo)
    fake = fake_openai(lambda p: dataclasses.replace(decide_by_text(p), model="m"), api_key="unused")
    cache, results = repo / ".groundgate-cache" / "scores.json", tmp_path / "r.json"
    assert openai_compare(paths, fake, "unused", "--cache", str(cache)).returncode == 1
    again = openai_compare(paths, fake, "unused", "--cache", str(cache), "--results", str(results))
    assert again.returncode == 1
    assert json.loads(results.read_text())["calls"]["cached"] > 0
    assert "score cache" not in again.stderr


def test_with_a_cache_secret_a_committed_cache_of_genuine_entries_is_used(
    fake_openai: Callable[..., FakeOpenAI], tmp_path: Path
) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    paths = write_inputs(repo)
    fake = fake_openai(lambda p: dataclasses.replace(decide_by_text(p), model="m"), api_key="unused")
    cache, results = repo / "scores.json", tmp_path / "r.json"
    env = {"GROUNDGATE_CACHE_SECRET": "a-repository-secret-31"}
    assert openai_compare(paths, fake, "unused", "--cache", str(cache), env=env).returncode == 1
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "cache")
    again = openai_compare(paths, fake, "unused", "--cache", str(cache), "--results", str(results), env=env)
    assert again.returncode == 1
    assert json.loads(results.read_text())["calls"]["cached"] > 0
    assert "score cache" not in again.stderr


def test_the_figures_judge_never_uses_a_cache_it_did_not_write_in_this_run(tmp_path: Path) -> None:
    cache, results = tmp_path / "scores.json", tmp_path / "r.json"
    args = (
        "compare", "--judge", "figures", "--cases", str(EXAMPLES / "cases.jsonl"), "--baseline", str(EXAMPLES / "baseline.jsonl"),
        "--candidate", str(EXAMPLES / "candidate-regression.jsonl"), "--cache", str(cache), "--results", str(results),
    )  # fmt: skip
    env = {"GROUNDGATE_CACHE_SECRET": "cache-secret-value-9"}
    first = groundgate(*args, env=env)
    assert first.returncode == 1, first.stderr
    written = len(json.loads(cache.read_text())["entries"])
    assert written > 0
    again = groundgate(*args, env=env)
    assert again.returncode == 1
    assert json.loads(results.read_text())["calls"]["cached"] == 0
    [note] = [line for line in again.stderr.splitlines() if "score cache" in line]
    assert (
        f"the figures judge scores here at no cost and never trusts a cache it did not write in this run ({written} entries not used)"
        in note
    )


def test_the_cache_secret_comes_from_the_environment_and_is_never_printed(fake_azure: Start, tmp_path: Path) -> None:
    fake = fake_azure(decide_by_text)
    paths = write_inputs(tmp_path)
    cache, results = tmp_path / "scores.json", tmp_path / "r.json"
    env = {"GROUNDGATE_CACHE_SECRET": "cache-secret-value-9", "AZURE_OPENAI_API_KEY": "k"}  # a key too short to sign
    assert compare(paths, fake, "--cache", str(cache), env=env).returncode == 1
    again = compare(paths, fake, "--cache", str(cache), "--results", str(results), env=env)
    assert again.returncode == 1
    assert json.loads(results.read_text())["calls"]["cached"] > 0
    assert "cache-secret-value-9" not in again.stdout + again.stderr + cache.read_text()
    other = compare(
        paths,
        fake,
        "--cache",
        str(cache),
        "--results",
        str(results),
        env={**env, "GROUNDGATE_CACHE_SECRET": "another-secret"},
    )
    assert json.loads(results.read_text())["calls"]["cached"] == 0  # another secret: nothing verifies
    assert "entries failed authentication" in other.stderr


@pytest.mark.parametrize("which", ["cases", "baseline", "candidate"])
def test_a_cache_path_that_is_an_input_is_refused_before_judging(fake_azure: Start, tmp_path: Path, which: str) -> None:
    fake = fake_azure(decide_by_text)
    paths = write_inputs(tmp_path)
    before = paths[which].read_bytes()
    proc = compare(paths, fake, "--cache", str(paths[which]))
    assert proc.returncode == 2
    assert proc.stderr == (
        f"groundgate: error: --cache: is the {which} file; the score cache needs a file of its own "
        f"(got '{paths[which]}')\n"
    )
    assert paths[which].read_bytes() == before
    assert fake.prompts == []


def test_a_cache_path_that_cannot_be_written_is_refused_before_judging(fake_azure: Start, tmp_path: Path) -> None:
    fake = fake_azure(decide_by_text)
    paths = write_inputs(tmp_path)
    (tmp_path / "dir").mkdir()
    (tmp_path / "plain").write_text("a file, not a directory")
    for cache, message in [
        (tmp_path / "dir", "--cache: is a directory"),
        (tmp_path / "plain" / "scores.json", "--cache: cannot create its directory"),
    ]:
        proc = compare(paths, fake, "--cache", str(cache))
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr.startswith(f"groundgate: error: {message}")
        assert len(proc.stderr.splitlines()) == 1
    assert fake.prompts == []  # refused before any judging: no score was paid for and lost
    proc = compare(paths, fake, "--cache", str(tmp_path / "new" / "deeper" / "scores.json"))
    assert proc.returncode == 1  # a directory that can be made is made
    assert (tmp_path / "new" / "deeper" / "scores.json").is_file()


@pytest.mark.parametrize(
    "content",
    [
        '{"hello": "world"}\n',
        "not json at all\n",
        '{"format": "groundgate-score-cache", "version": 3, "entries": {}}',
    ],
)
def test_a_file_that_is_not_a_cache_of_this_version_is_kept_and_the_run_goes_on(
    fake_azure: Start, tmp_path: Path, content: str
) -> None:
    fake = fake_azure(decide_by_text)
    paths = write_inputs(tmp_path)
    other = tmp_path / "notes.json"
    other.write_text(content)
    proc = compare(paths, fake, "--cache", str(other))
    assert proc.returncode == 1
    assert "left untouched, no cache this run" in proc.stderr
    assert other.read_text() == content


def test_an_older_cache_is_replaced_and_none_of_its_entries_used(fake_azure: Start, tmp_path: Path) -> None:
    fake = fake_azure(decide_by_text)
    paths = write_inputs(tmp_path)
    first = tmp_path / "first.json"
    assert compare(paths, fake, "--cache", str(first)).returncode == 1
    entries = {
        k: {n: v for n, v in e.items() if n != "mac"} for k, e in json.loads(first.read_text())["entries"].items()
    }
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"format": "groundgate-score-cache", "version": 1, "entries": entries}))
    fake.prompts.clear()
    proc = compare(paths, fake, "--cache", str(old), "--results", str(tmp_path / "r.json"))
    assert proc.returncode == 1
    assert "written by an older groundgate (version 1)" in proc.stderr
    assert json.loads((tmp_path / "r.json").read_text())["calls"]["cached"] == 0
    assert json.loads(old.read_text())["version"] == 2


def test_the_action_rejects_a_committed_cache_entry(tmp_path: Path, fake_azure: Start) -> None:
    workspace = tmp_path / "workspace"
    (workspace / "evals").mkdir(parents=True)
    for name in ("cases.jsonl", "baseline.jsonl", "candidate-regression.jsonl"):
        shutil.copy(EXAMPLES / name, workspace / "evals" / name)
    fake = fake_azure(
        lambda p: decide_by_text(p) if "45 days" not in p.response else Reply(score=2, reason="invents 45 days")
    )
    inputs = {
        **PATHS, "candidate": "evals/candidate-regression.jsonl", "judge": "azure", "azure-endpoint": fake.endpoint,
        "judge-deployment": "judge-4o", "azure-api-key": "sk-action-key", "cache-path": ".groundgate-cache/scores.json",
    }  # fmt: skip
    with FakeGitHub() as gh:
        first = run_action(workspace, gh, inputs, event_path=event(tmp_path))
        assert first.code == 1, first.stdout + first.stderr
        cache = workspace / ".groundgate-cache" / "scores.json"
        assert tamper(cache, "edited") == 1  # the PR commits the cache with its regression "scoring 5"
        second = run_action(workspace, gh, inputs, event_path=event(tmp_path))
    assert second.code == 1, second.stdout
    assert second.outputs["verdict"] == "fail"
    assert second.outputs["blocking-regressions"] == "1"
    results = json.loads((workspace / ".groundgate" / "results.json").read_text())
    assert results["calls"]["cache_rejected"] == 1
    assert any(
        line.startswith("::warning") and "1 entries failed authentication" in line
        for line in second.stdout.splitlines()
    )
    assert "1 cache entries rejected (failed authentication)" in second.summary


def test_the_actions_cache_secret_is_masked_and_refuses_a_cache_path_on_an_input(
    tmp_path: Path, fake_azure: Start
) -> None:
    workspace = tmp_path / "workspace"
    (workspace / "evals").mkdir(parents=True)
    for name in ("cases.jsonl", "baseline.jsonl", "candidate.jsonl"):
        shutil.copy(EXAMPLES / name, workspace / "evals" / name)
    fake = fake_azure(decide_by_text)
    inputs = {
        **PATHS, "candidate": "evals/candidate.jsonl", "cache-path": ".groundgate-cache/scores.json",
        "cache-secret": "keyless-cache-secret-7", "judge": "azure", "azure-endpoint": fake.endpoint,
        "judge-deployment": "judge-4o", "azure-api-key": "unused",
    }  # fmt: skip
    for _ in range(2):
        run = run_action(workspace, None, inputs)
        assert run.code == 0, run.stdout
    assert json.loads((workspace / ".groundgate" / "results.json").read_text())["calls"]["cached"] > 0
    assert "::add-mask::keyless-cache-secret-7" in run.stdout
    assert run.stdout.count("keyless-cache-secret-7") == 1
    assert "::add-mask::unused" not in run.stdout  # a placeholder is no secret: masked, it would hide a word
    cases = (workspace / "evals" / "cases.jsonl").read_bytes()
    refused = run_action(workspace, None, {**inputs, "cache-path": "evals/cases.jsonl"})
    assert refused.code == 2
    [error] = [line for line in refused.stdout.splitlines() if line.startswith("::error")]
    assert "input 'cache-path': is the cases file" in error
    assert (workspace / "evals" / "cases.jsonl").read_bytes() == cases


def test_the_action_does_not_trust_a_committed_cache_without_a_secret(
    tmp_path: Path, fake_openai: Callable[..., FakeOpenAI]
) -> None:
    workspace = tmp_path / "workspace"
    (workspace / "evals").mkdir(parents=True)
    for name in ("cases.jsonl", "baseline.jsonl", "candidate-regression.jsonl"):
        shutil.copy(EXAMPLES / name, workspace / "evals" / name)
    git(workspace, "init", "-q")
    fake = fake_openai(lambda p: Reply(score=5, model="llama3.1:70b"), api_key="unused")
    inputs = {
        **PATHS, "candidate": "evals/candidate-regression.jsonl", "judge": "openai", "openai-base-url": fake.url,
        "judge-model": "llama3.1:70b", "openai-api-key": "unused", "cache-path": ".groundgate-cache/scores.json",
    }  # fmt: skip
    forged = run_action(workspace, None, inputs)  # the attacker's all-5 run, then committed with the PR
    assert forged.code == 0, forged.stdout
    git(workspace, "add", ".groundgate-cache/scores.json")
    git(workspace, "commit", "-q", "-m", "cache")
    committed = (workspace / ".groundgate-cache" / "scores.json").read_bytes()
    fake.decide = lambda p: (
        Reply(score=2, reason="invents 45 days", model="llama3.1:70b")
        if "45 days" in p.response
        else Reply(score=5, model="llama3.1:70b")
    )
    run = run_action(workspace, None, inputs)
    assert run.code == 1, run.stdout
    assert run.outputs["blocking-regressions"] == "1"
    [warning] = [line for line in run.stdout.splitlines() if line.startswith("::warning") and "score cache" in line]
    assert "is tracked in git and no secret authenticates its entries (set input 'cache-secret'" in warning
    assert (workspace / ".groundgate-cache" / "scores.json").read_bytes() == committed  # left untouched


# ---- a warm cache and the judge's fitness probe


def test_a_rerun_with_a_warm_cache_keeps_its_blocking_verdict_when_only_failed_rows_are_left_to_judge(
    fake_openai: Callable[..., FakeOpenAI], tmp_path: Path
) -> None:
    """Three rows the judge answered in prose last time (a cut answer, a filter's text) are the rerun's only
    uncached calls, so they are the fitness probe's first answers. The probe weighs the 37 answers this judge
    configuration gave usably (the cache, checked by one real call): still exit 1, the blocking regression, not
    exit 2 'does not answer in the rubric's format'."""
    from tests.support.fakes.openai import GEMMA, PROSE

    prose = {"cand 3", "cand 7", "cand 11"}
    turned: list[bool] = []  # the judge now answers everything in prose

    def judge(prompt: Prompt) -> Reply:
        if prompt.response in prose or turned:
            return Reply(content=PROSE, model=GEMMA)
        return Reply(score=2 if "45" in prompt.response else 5, reason="checked", model=GEMMA)

    fake = fake_openai(judge, api_key="sk-local-0123456789abcdef")
    paths = {name: tmp_path / f"{name}.jsonl" for name in ("cases", "baseline", "candidate")}
    cases = [{"id": f"c{n}", "category": "policy", "query": "q?", "context": "Returns within 30 days."} for n in range(20)]  # fmt: skip
    paths["cases"].write_text("".join(json.dumps(c) + "\n" for c in cases))
    paths["baseline"].write_text("".join(json.dumps({"id": f"c{n}", "response": f"base {n}"}) + "\n" for n in range(20)))  # fmt: skip
    answers = [f"cand {n}" if n != 15 else "cand 15: 45 days" for n in range(20)]  # c15 newly invents a figure
    paths["candidate"].write_text("".join(json.dumps({"id": f"c{n}", "response": a}) + "\n" for n, a in enumerate(answers)))  # fmt: skip
    argv = ("compare", "--cases", str(paths["cases"]), "--baseline", str(paths["baseline"]), "--candidate",
            str(paths["candidate"]), "--judge", "openai", "--judge-model", GEMMA, "--openai-base-url", fake.url,
            "--cache", str(tmp_path / "scores.json"), "--max-concurrency", "1")  # fmt: skip
    env = {"OPENAI_API_KEY": "sk-local-0123456789abcdef"}
    first = groundgate(*argv, "--results", str(tmp_path / "first.json"), env=env)
    assert first.returncode == 1, first.stderr  # a blocking regression wins over the three rows not judged
    again = groundgate(*argv, "--results", str(tmp_path / "again.json"), env=env)
    assert again.returncode == 1, again.stderr
    assert "does not answer in the rubric's format" not in again.stderr
    results = json.loads((tmp_path / "again.json").read_text())
    assert results["calls"]["cached"] >= 36
    rows = {r["id"]: r["outcome"] for r in results["rows"]}
    assert rows["c15"] == "regression"
    assert [cid for cid, outcome in rows.items() if outcome == "error"] == ["c3", "c7", "c11"]
    turned.append(True)  # a judge that really stopped answering in the format: the cache vouches for nothing
    changed = [f"cand {n}!" if n in (1, 2) else a for n, a in enumerate(answers)]
    paths["candidate"].write_text("".join(json.dumps({"id": f"c{n}", "response": a}) + "\n" for n, a in enumerate(changed)))  # fmt: skip
    stopped = groundgate(*argv, env=env)
    assert stopped.returncode == 2, stopped.stderr
    assert "does not answer in the rubric's format" in stopped.stderr
