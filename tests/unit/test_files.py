"""The one way groundgate writes a file: through no symbolic link, atomically, readable by later steps,
and a save that a signal waits for."""

from __future__ import annotations

import os
import signal
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from groundgate.errors import CannotWrite
from groundgate.files import (
    SymbolicLink,
    create_text,
    link_on_path,
    open_lock,
    read_text,
    remove_leftovers,
    uninterrupted,
    write_parts,
    write_text,
)


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "victim").write_text("theirs")
    os.chmod(folder / "victim", 0o600)
    return folder


@pytest.mark.parametrize("link", ["out", "out/deeper", "out/r.json"])
@pytest.mark.parametrize("target", ["outside", "inside"])
def test_a_write_refuses_a_link_anywhere_on_its_path(tmp_path: Path, outside: Path, link: str, target: str) -> None:
    workspace = tmp_path / "workspace"
    (workspace / "inside").mkdir(parents=True)
    linked = workspace / link
    linked.parent.mkdir(parents=True, exist_ok=True)
    destination = outside if target == "outside" else workspace / "inside"
    linked.symlink_to(destination / "victim" if link.endswith(".json") else destination)
    path = workspace / "out" / "deeper" / "r.json" if link != "out/r.json" else workspace / "out" / "r.json"
    with pytest.raises(SymbolicLink) as refused:
        write_text(path, "results")
    assert refused.value.link.endswith(link)
    assert link_on_path(path) is not None
    assert sorted(p.name for p in outside.iterdir()) == ["victim"]
    assert (outside / "victim").read_text() == "theirs"
    assert stat.S_IMODE((outside / "victim").stat().st_mode) == 0o600
    assert list((workspace / "inside").iterdir()) == []


def test_a_relative_path_is_walked_from_the_current_folder(
    tmp_path: Path, outside: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "link").symlink_to(outside)
    with pytest.raises(SymbolicLink):
        write_text(Path("link/r.json"), "x")
    with pytest.raises(SymbolicLink):
        write_text(Path("made/../link/r.json"), "x")  # '..' is folded as written, never followed
    write_text(Path("made/deeper/r.json"), "x")
    assert (tmp_path / "made" / "deeper" / "r.json").read_text() == "x"


def test_files_and_folders_are_readable_by_later_steps_whatever_the_umask(tmp_path: Path) -> None:
    previous = os.umask(0o077)
    try:
        write_parts(tmp_path / "a" / "b" / "r.json", iter(["{", "}"]))
    finally:
        os.umask(previous)
    assert (tmp_path / "a" / "b" / "r.json").read_text() == "{}"
    assert stat.S_IMODE((tmp_path / "a").stat().st_mode) == 0o755
    assert stat.S_IMODE((tmp_path / "a" / "b").stat().st_mode) == 0o755
    assert stat.S_IMODE((tmp_path / "a" / "b" / "r.json").stat().st_mode) == 0o644


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    write_text(path, "old")

    def parts() -> Iterator[str]:
        yield "half of the new"
        raise OSError(28, "No space left on device")

    with pytest.raises(CannotWrite, match="No space left on device"):
        write_parts(path, parts())
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_a_lock_file_is_opened_through_no_link_and_only_if_it_is_a_file(tmp_path: Path, outside: Path) -> None:
    (tmp_path / "scores.json.lock").symlink_to(outside / "victim")
    with pytest.raises(SymbolicLink):
        open_lock(tmp_path / "scores.json.lock")
    assert stat.S_IMODE((outside / "victim").stat().st_mode) == 0o600
    os.mkfifo(tmp_path / "fifo.lock")
    with pytest.raises(CannotWrite):
        open_lock(tmp_path / "fifo.lock")  # neither blocks nor is taken for a lock
    descriptor = open_lock(tmp_path / "new" / "scores.json.lock")
    os.close(descriptor)
    assert stat.S_IMODE((tmp_path / "new" / "scores.json.lock").stat().st_mode) == 0o644


def test_reading_a_cache_follows_no_link(tmp_path: Path, outside: Path) -> None:
    (tmp_path / "scores.json").symlink_to(outside / "victim")
    with pytest.raises(SymbolicLink):
        read_text(tmp_path / "scores.json")
    with pytest.raises(FileNotFoundError):
        read_text(tmp_path / "missing" / "scores.json")


def test_leftovers_of_a_killed_writer_are_removed_and_nothing_else(tmp_path: Path, outside: Path) -> None:
    for name in ("scores.json", "scores.json.k3j_9x2a.tmp", "scores.json.0123abcd.tmp", "other.json.0123abcd.tmp"):
        (tmp_path / name).write_text("x")
    (tmp_path / "scores.json.linkabcd.tmp").symlink_to(outside / "victim")
    assert remove_leftovers(tmp_path / "scores.json") == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.json.0123abcd.tmp", "outside", "scores.json"]
    assert (outside / "victim").read_text() == "theirs"


def test_a_signal_waits_until_the_block_is_done() -> None:
    received = []
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: received.append(signum))
    try:
        with uninterrupted():
            os.kill(os.getpid(), signal.SIGTERM)
            finished_inside = not received
        assert finished_inside
        assert received == [signal.SIGTERM]  # delivered as soon as the block ended
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_create_text_writes_a_new_file_whole_and_never_over_anything(tmp_path: Path) -> None:
    made = tmp_path / "a" / "b" / "new.txt"
    create_text(made, "hello\n")
    assert made.read_text() == "hello\n"
    assert stat.S_IMODE(made.stat().st_mode) == 0o644
    (tmp_path / "folder").mkdir()
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    for taken in (made, tmp_path / "folder", tmp_path / "dangling"):
        with pytest.raises(FileExistsError):
            create_text(taken, "other\n")
    assert made.read_text() == "hello\n"
    assert not (tmp_path / "nowhere").exists()
    assert sorted(p.name for p in made.parent.iterdir()) == ["new.txt"]  # no temporary file left
