"""Every file groundgate writes: atomically and durably, readable by everyone (0644, folders 0755),
and never through a symbolic link.

The action runs as root in a container; later steps of the job (``actions/cache``,
``actions/upload-artifact``) run as the runner's own user on the host. A file left 0600 (what
``tempfile.mkstemp`` creates) or a folder left 0700 (a strict umask) is invisible to them, and a
cache that cannot be read is never saved.

A repository can hold symbolic links, and a pull request's author chooses them: a committed
``.groundgate`` or ``.groundgate-cache/scores.json.lock`` link would make a root process create,
replace or chmod whatever it points at. So every path is walked one folder at a time from an anchor,
each opened relative to the last with ``O_NOFOLLOW`` (``openat``), and a link anywhere below the
anchor is refused, whether it points inside the workspace or out of it. The anchor is the current
directory (the workspace, in the action) for a path under it, else the filesystem root.

Everything groundgate creates inside the workspace belongs to the workspace's owner (``own_by``): the container
runs as root, and on a self-hosted runner the runner's user cannot remove a root-owned ``.groundgate/`` before
the next checkout. Folders and files made there (results, report, score cache and its lock) are given the
uid and gid of the workspace folder itself.

A file is replaced by writing a temporary file in the same folder, flushing it to the disk
(``fsync``) and renaming it over the old one: a reader, a crash or a full disk leaves the old file or
the new one, never part of one.
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import stat
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from groundgate.errors import CannotWrite

FILE_MODE = 0o644
DIR_MODE = 0o755
_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


class _Owner:
    """Whose the files groundgate creates inside the workspace are: (the workspace, uid, gid), or None."""

    of: tuple[str, int, int] | None = None


def own_by(workspace: Path | None) -> None:
    """From now on, what groundgate creates inside ``workspace`` (None: nowhere) is given the uid and gid of the
    workspace folder's owner, when this process runs as root and someone else owns it; else nothing changes."""
    _Owner.of = None
    if workspace is None or os.geteuid() != 0:
        return
    try:
        info = os.stat(workspace)
    except OSError:
        return
    if (info.st_uid, info.st_gid) != (0, 0):
        _Owner.of = (os.path.realpath(workspace), info.st_uid, info.st_gid)


def _give(descriptor: int, folder: int) -> None:
    """Give the file or folder ``descriptor`` (made in the folder ``folder``) to the workspace's owner, when it is
    inside the workspace (``own_by``)."""
    if _Owner.of is None:
        return
    root, uid, gid = _Owner.of
    where = os.path.realpath(f"/proc/self/fd/{folder}")  # the folder as the kernel reached it: no name to trust
    if where == root or where.startswith(root.rstrip(os.sep) + os.sep):
        os.fchown(descriptor, uid, gid)


def refusing(link: str) -> str:
    return (
        f"{link!r} is a symbolic link, and groundgate writes through no link (inside the workspace or out of it): "
        "remove the link, or give the real path"
    )


class SymbolicLink(CannotWrite):
    """A symbolic link on the path of a file groundgate writes (or of its score cache)."""

    def __init__(self, path: Path, link: str) -> None:
        self.link = link
        super().__init__(f"{str(path)!r}: {refusing(link)}")


def _anchor(path: Path) -> tuple[str, tuple[str, ...]]:
    """Where the walk starts, and the names below it. '..' is folded as written, never followed."""
    full = os.path.abspath(path)
    here = os.getcwd()
    below = os.path.relpath(full, here)
    if below != os.pardir and not below.startswith(os.pardir + os.sep):
        return here, () if below == os.curdir else Path(below).parts
    return os.sep, Path(full).parts[1:]


def _refuse(folder: int, name: str, path: Path, names: tuple[str, ...], exc: OSError) -> CannotWrite:
    """Why ``name`` in ``folder`` could not be opened: a link is named as one, anything else as it is."""
    with suppress(OSError):
        if stat.S_ISLNK(os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode):
            return SymbolicLink(path, os.path.join(*names))
    return CannotWrite(f"{str(path)!r}: cannot write: {exc.strerror or exc}")


@contextmanager
def folder_of(path: Path, *, create: bool = True) -> Iterator[int]:
    """A descriptor of ``path``'s folder, reached without following any link below the anchor;
    missing folders are made (0755) when ``create``, else FileNotFoundError."""
    anchor, names = _anchor(path)
    descriptor = os.open(anchor, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for depth, name in enumerate(names[:-1]):
            try:
                inner = os.open(name, _DIR, dir_fd=descriptor)
            except FileNotFoundError:
                if not create:
                    raise
                made = True
                try:
                    os.mkdir(name, DIR_MODE, dir_fd=descriptor)
                except FileExistsError:  # another writer made it first
                    made = False
                try:
                    inner = os.open(name, _DIR, dir_fd=descriptor)
                except OSError as exc:
                    raise _refuse(descriptor, name, path, names[: depth + 1], exc) from None
                if made:
                    os.fchmod(inner, DIR_MODE)  # later steps (actions/cache) read the folder too
                    _give(inner, descriptor)
            except OSError as exc:
                raise _refuse(descriptor, name, path, names[: depth + 1], exc) from None
            os.close(descriptor)
            descriptor = inner
        yield descriptor
    finally:
        os.close(descriptor)


def link_on_path(path: Path) -> str | None:
    """The first symbolic link on ``path`` below its anchor (the file itself included), or None.
    For refusing an output before any judging; the writes themselves check again as they go."""
    anchor, names = _anchor(path)
    here = anchor
    for depth, name in enumerate(names):
        here = os.path.join(here, name)
        try:
            mode = os.lstat(here).st_mode
        except OSError:
            return None  # missing from here on: what is made will not be a link
        if stat.S_ISLNK(mode):
            return os.path.join(*names[: depth + 1])
    return None


def _open(folder: int, name: str, path: Path, flags: int) -> int:
    try:
        return os.open(name, flags | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK, FILE_MODE, dir_fd=folder)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise _refuse(folder, name, path, _anchor(path)[1], exc) from None


def write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically (a reader sees the old file or the new one), mode 0644."""
    write_parts(path, (text,))


def write_parts(path: Path, parts: Iterable[str]) -> None:
    """``write_text`` for text made piece by piece: a million-row results file never sits in memory whole."""
    name = Path(path).name
    try:
        with folder_of(path) as folder:
            with suppress(FileNotFoundError):
                if stat.S_ISLNK(os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode):
                    raise SymbolicLink(path, os.path.join(*_anchor(path)[1]))
            temporary = f"{name}.{secrets.token_hex(4)}.tmp"
            handle = _open(folder, temporary, path, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
            try:
                os.fchmod(handle, FILE_MODE)
                _give(handle, folder)
                with open(handle, "w", encoding="utf-8", closefd=False) as out:
                    out.writelines(parts)
                os.fsync(handle)
                os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
            except BaseException:
                with suppress(OSError):
                    os.unlink(temporary, dir_fd=folder)
                raise
            finally:
                os.close(handle)
            os.fsync(folder)  # the rename itself survives a crash
    except OSError as exc:  # a full disk, a file too large, no permission
        raise CannotWrite(f"{str(path)!r}: cannot write: {exc.strerror or exc}") from None


def create_text(path: Path, text: str) -> None:
    """Write ``path``, a new file (0644), whole or not at all and never over anything already there: a file, a
    link or a folder of that name raises FileExistsError. (Written to a temporary file, then hard-linked to
    its name, which fails rather than replaces.)"""
    name = Path(path).name
    try:
        with folder_of(path) as folder:
            temporary = f"{name}.{secrets.token_hex(4)}.tmp"
            handle = _open(folder, temporary, path, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
            try:
                os.fchmod(handle, FILE_MODE)
                with open(handle, "w", encoding="utf-8", closefd=False) as out:
                    out.write(text)
                os.fsync(handle)
                os.link(temporary, name, src_dir_fd=folder, dst_dir_fd=folder, follow_symlinks=False)
            finally:
                os.close(handle)
                with suppress(OSError):
                    os.unlink(temporary, dir_fd=folder)
            os.fsync(folder)
    except FileExistsError:
        raise
    except OSError as exc:  # a full disk, no permission
        raise CannotWrite(f"{str(path)!r}: cannot write: {exc.strerror or exc}") from None


def read_text(path: Path) -> str:
    """A file groundgate also writes (the score cache), read without following a link on its path.
    FileNotFoundError when it is not there."""
    name = Path(path).name
    with folder_of(path, create=False) as folder:
        handle = _open(folder, name, path, os.O_RDONLY)
        with open(handle, "rb") as stream:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                raise CannotWrite(f"{str(path)!r}: not a regular file")
            return stream.read().decode("utf-8")


def open_lock(path: Path) -> int:
    """A descriptor of the lock file ``path`` (made 0644 if missing: a later step of another user may
    read the folder's files). Refused unless it is a regular file reached through no link."""
    name = Path(path).name
    try:
        with folder_of(path) as folder:
            handle = _open(folder, name, path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
            try:
                if not stat.S_ISREG(os.fstat(handle).st_mode):
                    raise CannotWrite(f"{str(path)!r}: not a regular file")
                os.fchmod(handle, FILE_MODE)
                _give(handle, folder)
            except BaseException:
                os.close(handle)
                raise
            return handle
    except OSError as exc:
        raise CannotWrite(f"{str(path)!r}: cannot open: {exc.strerror or exc}") from None


def leftovers(path: Path) -> list[str]:
    """The temporary files a killed writer of ``path`` left beside it (names in its folder)."""
    pattern = re.compile(re.escape(Path(path).name) + r"\.[A-Za-z0-9_]{8}\.tmp")
    try:
        with folder_of(path, create=False) as folder:
            return [entry for entry in os.listdir(folder) if pattern.fullmatch(entry)]
    except (OSError, CannotWrite):
        return []


def remove_leftovers(path: Path) -> int:
    """Remove ``leftovers(path)``; how many. Call it only while no other writer of ``path`` can be at
    work (under its lock)."""
    removed = 0
    try:
        with folder_of(path, create=False) as folder:
            for entry in leftovers(path):
                with suppress(FileNotFoundError):
                    os.unlink(entry, dir_fd=folder)  # a link is removed itself, never followed
                    removed += 1
    except (OSError, CannotWrite):
        return removed
    return removed


@contextmanager
def uninterrupted() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block is done, then arrive: a save is finished, never cut in
    half. Their handlers only note the signal meanwhile (blocking it would not do: any other thread of
    the process could take it); only the main thread handles signals, so elsewhere this changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []
    held = (signal.SIGINT, signal.SIGTERM)
    previous = {signum: signal.signal(signum, lambda signum, frame: arrived.append(signum)) for signum in held}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if arrived:
            signal.raise_signal(arrived[0])  # now handled as it would have been
