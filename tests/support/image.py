"""The Dockerfile replayed without a Docker engine: every ENV, COPY and RUN, in order, with /opt
mapped into a folder, into a fresh virtual environment; the ENTRYPOINT comes back mapped the same way.
Used by tests/end_to_end/test_image.py and by bench/image.py (size and start-up of that venv)."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from tests.support.paths import ROOT

BASE = re.compile(r"python:(\d+)\.(\d+)\.\d+-slim-\w+@sha256:[0-9a-f]{64}")
ACTION = ROOT / "action.yml"
# ENV settings that keep an image small and change nothing it holds: the replay lets pip reuse the wheels this
# machine already downloaded (every install is hash-checked against the lock either way), so replaying the image
# costs an install, not a second download of the whole lock.
KEEPS_NO_IMAGE_CONTENT = frozenset({"PIP_NO_CACHE_DIR"})


def action_dockerfile() -> Path:
    """The Dockerfile action.yml builds (on main; a release commit names the image built from it),
    resolved as the runner does: relative to the action's folder."""
    image = re.search(r"^  image: (\S+)", ACTION.read_text(), re.M)
    assert image is not None
    return (ACTION.parent / image.group(1)).resolve()


def instructions(dockerfile: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    joined: list[str] = []
    pending = ""
    for line in dockerfile.read_text().splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        pending += line.rstrip("\\").rstrip() + " " if line.rstrip().endswith("\\") else line
        if not line.rstrip().endswith("\\"):
            joined.append(pending.strip())
            pending = ""
    return [(text.split(None, 1)[0].upper(), text.split(None, 1)[1]) for text in joined]


def replay(dockerfile: Path, root: Path) -> list[str]:
    """Build the image's filesystem under root; returns the mapped ENTRYPOINT argv."""

    def mapped(text: str) -> str:
        return text.replace("/opt/", f"{root}/opt/")

    bin_dir = root / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").symlink_to(sys.executable)  # the base image's interpreter
    env = {"PATH": f"{bin_dir}:{os.environ['PATH']}", "HOME": os.environ.get("HOME", str(root))}
    entrypoint: list[str] = []
    for name, args in instructions(dockerfile):
        if name == "FROM":
            base = BASE.fullmatch(args)
            assert base, f"the base image must be python:X.Y.Z-slim-<debian>@sha256:<digest>: {args}"
            assert (int(base.group(1)), int(base.group(2))) == sys.version_info[:2], "replayed on another Python"
        elif name == "ENV":
            for pair in shlex.split(args):
                key, _, value = pair.partition("=")
                if key not in KEEPS_NO_IMAGE_CONTENT:
                    env[key] = value
        elif name == "COPY":
            *sources, dest = shlex.split(args)
            target = Path(mapped(dest))
            for source in sources:
                src = ROOT / source
                if src.is_dir():
                    shutil.copytree(src, target, ignore=shutil.ignore_patterns("__pycache__"))
                else:
                    (target if dest.endswith("/") else target.parent).mkdir(parents=True, exist_ok=True)
                    shutil.copy(src, target / src.name if dest.endswith("/") else target)
        elif name == "RUN":
            subprocess.run(
                ["bash", "-euo", "pipefail", "-c", mapped(args)], env=env, check=True, cwd=root, timeout=1800
            )
        elif name == "ENTRYPOINT":
            entrypoint = [mapped(part) for part in json.loads(args)]
        else:
            raise AssertionError(f"the replay does not know {name}: teach it before using it in the Dockerfile")
    return entrypoint
