"""Writing files others must read: atomically, and readable by everyone (0644, folders 0755).

The action runs as root in a container; later steps of the job (``actions/cache``,
``actions/upload-artifact``) run as the runner's own user on the host. A file left 0600 (what
``tempfile.mkstemp`` creates) or a folder left 0700 (a strict umask) is invisible to them, and a
cache that cannot be read is never saved.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

FILE_MODE = 0o644
DIR_MODE = 0o755


def make_dirs(path: Path) -> None:
    """Create ``path`` and its missing parents, each readable and searchable by everyone."""
    missing = []
    for folder in (path, *path.parents):
        if folder.exists():
            break
        missing.append(folder)
    path.mkdir(parents=True, exist_ok=True)
    for folder in missing:
        os.chmod(folder, DIR_MODE)


def write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically (a reader sees the old file or the new one), mode 0644."""
    write_parts(path, (text,))


def write_parts(path: Path, parts: Iterable[str]) -> None:
    """``write_text`` for text made piece by piece: a million-row results file never sits in memory whole."""
    make_dirs(path.parent)
    handle, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(handle, FILE_MODE)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.writelines(parts)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
