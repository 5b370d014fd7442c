"""groundgate's reader of git's index against the real git: every index version and object format the
score cache may meet in a checkout, and what it cannot read answers "cannot tell", never "untracked"."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from groundgate.gitindex import tracked


def git(folder: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "init.defaultBranch=main", *args],
        cwd=folder, check=True, capture_output=True, text=True,
        env={"PATH": os.environ.get("PATH", ""), "HOME": str(folder), "GIT_CONFIG_NOSYSTEM": "1"},
    ).stdout  # fmt: skip


def repository(tmp_path: Path, *init: str) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", *init)
    for name in ("evals/cases.jsonl", ".groundgate-cache/scores.json", "a/b/c/deep.txt", "top.txt"):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(name)
    git(repo, "add", "evals", ".groundgate-cache", "a")
    git(repo, "commit", "-q", "-m", "files")
    return repo


@pytest.mark.parametrize("version", ["2", "3", "4"])
@pytest.mark.parametrize("object_format", ["sha1", "sha256"])
def test_tracked_paths_are_found_in_every_index_version(tmp_path: Path, version: str, object_format: str) -> None:
    repo = repository(tmp_path, f"--object-format={object_format}")
    (repo / "new.txt").write_text("new")
    git(repo, "add", "--intent-to-add", "new.txt")  # an extended-flags entry (version 3 and later)
    git(repo, "update-index", "--index-version", version)
    for name in (".groundgate-cache/scores.json", "evals/cases.jsonl", "a/b/c/deep.txt", "new.txt"):
        assert tracked(repo / name) is True, name
    for name in ("top.txt", "evals/other.jsonl", "a/b", ".groundgate-cache/scores.json.lock"):
        assert tracked(repo / name) is False, name


def test_a_path_in_a_sparse_directory_entry_counts_as_tracked(tmp_path: Path) -> None:
    repo = repository(tmp_path)
    git(repo, "sparse-checkout", "init", "--cone", "--sparse-index")
    git(repo, "sparse-checkout", "set", "evals")
    assert tracked(repo / "a" / "b" / "c" / "deep.txt") is True  # collapsed into the entry "a/"
    assert tracked(repo / "evals" / "cases.jsonl") is True
    assert tracked(repo / "b" / "x") is False


def test_a_worktree_and_a_path_given_relative_to_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = repository(tmp_path)
    git(repo, "worktree", "add", "-q", str(tmp_path / "other"))
    assert (tmp_path / "other" / ".git").is_file()
    assert tracked(tmp_path / "other" / ".groundgate-cache" / "scores.json") is True
    monkeypatch.chdir(repo / "evals")
    assert tracked(Path("../.groundgate-cache/scores.json")) is True
    assert tracked(Path("scores.json")) is False


def test_what_cannot_be_read_is_not_called_untracked(tmp_path: Path) -> None:
    repo = repository(tmp_path)
    git(repo, "update-index", "--split-index")  # the entries live in a shared index file
    assert tracked(repo / "top.txt") is None
    (repo / ".git" / "index").write_bytes(b"DIRC\0\0\0\x09\0\0\0\0")  # a version this reader does not know
    assert tracked(repo / "top.txt") is None
    (repo / ".git" / "index").write_bytes(b"garbage")
    assert tracked(repo / "top.txt") is None


def test_outside_any_checkout_nothing_is_tracked(tmp_path: Path) -> None:
    assert tracked(tmp_path / "scores.json") is False
