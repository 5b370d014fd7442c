"""Whether git tracks a file: looked up in the index of the checkout that holds it.

The score cache asks it: without a secret to authenticate its entries, a cache file a pull request
could have committed is not trusted. The action's image has no ``git``, and the question is small,
so the index is read here, as documented in git's ``gitformat-index``: versions 2 to 4, SHA-1 or
SHA-256 object names, sparse directory entries. What this reader does not know (a split index, a
version to come, a damaged file) answers None, "cannot tell", which the caller treats as tracked.
"""

from __future__ import annotations

import os
import re
import stat
import struct
from pathlib import Path


class _Unreadable(Exception):
    pass


def tracked(path: Path) -> bool | None:
    """True if the nearest checkout above ``path`` tracks it, False if it does not or there is no
    checkout, None when the index cannot be read."""
    full = Path(os.path.abspath(path))
    for folder in full.parents:
        dot_git = folder / ".git"
        if os.path.lexists(dot_git):
            try:
                return _in_index(_git_dir(dot_git), full.relative_to(folder).as_posix().encode())
            except (OSError, _Unreadable, ValueError, IndexError, struct.error):
                return None
    return False


def _git_dir(dot_git: Path) -> Path:
    """The repository folder: ``.git`` itself, or where a worktree's or submodule's ``.git`` file points."""
    if dot_git.is_dir():
        return dot_git
    text = dot_git.read_text(encoding="utf-8")
    if not text.startswith("gitdir:"):
        raise _Unreadable
    return (dot_git.parent / text.removeprefix("gitdir:").strip()).resolve()


def _hash_size(git_dir: Path) -> int:
    """20 bytes for SHA-1 object names, 32 for a SHA-256 repository (its config says so)."""
    common = git_dir
    if (git_dir / "commondir").is_file():  # a worktree: the config is the main repository's
        common = (git_dir / (git_dir / "commondir").read_text(encoding="utf-8").strip()).resolve()
    config = common / "config"
    text = config.read_text(encoding="utf-8", errors="replace") if config.is_file() else ""
    return 32 if re.search(r"^\s*objectformat\s*=\s*sha256\s*$", text, re.I | re.M) else 20


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    byte = data[pos]
    pos += 1
    value = byte & 0x7F
    while byte & 0x80:
        byte = data[pos]
        pos += 1
        value = ((value + 1) << 7) | (byte & 0x7F)
    return value, pos


def _in_index(git_dir: Path, wanted: bytes) -> bool:
    index = git_dir / "index"
    if not index.exists():
        return False  # nothing added yet
    data = index.read_bytes()
    size = _hash_size(git_dir)
    if data[:4] != b"DIRC":
        raise _Unreadable
    version, count = struct.unpack(">II", data[4:12])
    if version not in (2, 3, 4):
        raise _Unreadable
    pos, previous, found = 12, b"", False
    for _ in range(count):
        start = pos
        (mode,) = struct.unpack(">I", data[pos + 24 : pos + 28])
        pos += 40 + size
        (flags,) = struct.unpack(">H", data[pos : pos + 2])
        pos += 2
        if flags & 0x4000:  # extended flags (version 3 and later)
            pos += 2
        if version == 4:  # the name is the previous one, cut by a number of bytes, plus a suffix
            cut, pos = _varint(data, pos)
            end = data.index(b"\0", pos)
            if cut > len(previous):
                raise _Unreadable
            name = previous[: len(previous) - cut] + data[pos:end]
            pos = end + 1
        else:  # NUL-terminated, padded with NULs to a multiple of eight bytes
            end = data.index(b"\0", pos)
            name = data[pos:end]
            pos = start + (end - start + 8) // 8 * 8
        previous = name
        if name == wanted or (stat.S_ISDIR(mode) and wanted.startswith(name)):  # a sparse directory entry
            found = True
    while pos + 8 <= len(data) - size:  # extensions; a split index keeps its entries in another file
        signature, length = data[pos : pos + 4], struct.unpack(">I", data[pos + 4 : pos + 8])[0]
        if signature == b"link":
            raise _Unreadable
        pos += 8 + length
    return found
