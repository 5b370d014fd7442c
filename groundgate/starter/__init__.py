"""``groundgate init``: a workflow and a starter suite, written into a repository; nothing is overwritten.

The workflow (``workflow.yml.j2``) gates pull requests and merge queues with least-privilege permissions and
the action pinned as the README recommends: by the commit a release tag points at, which pins the image too.
A package built by the release workflow knows that commit (``release.json``, written into the package before
it is built, never committed); any other install writes the placeholder the examples use and says how to pin
it. The suite (``cases.jsonl``, ``baseline.jsonl``, ``candidate.jsonl``) passes with the offline figures judge,
so the first ``groundgate compare`` is green; its ``README.md`` says what JSONL cannot: how the candidate is
made in CI and when the baseline moves.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path, PurePosixPath

from jinja2 import Environment, StrictUndefined

from groundgate import __version__
from groundgate.errors import UsageError
from groundgate.files import create_text

JUDGES = ("azure", "openai")
WORKFLOW = PurePosixPath(".github/workflows/groundgate.yml")
SUITE_FILES = ("cases.jsonl", "baseline.jsonl", "candidate.jsonl")
ACTION = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+(?:/[A-Za-z0-9._/-]+)?@[A-Za-z0-9._/-]+")
SHA = re.compile(r"[0-9a-f]{40}")
PLACEHOLDER = "your-org/groundgate"
SECRETS = {  # what the repository's settings must hold for each judge: variables, secrets
    "azure": (("AZURE_OPENAI_ENDPOINT", "AZURE_OPENAI_DEPLOYMENT"), ("AZURE_OPENAI_API_KEY",)),
    "openai": (("JUDGE_MODEL", "OPENAI_BASE_URL (optional)"), ("OPENAI_API_KEY",)),
}


@dataclass(frozen=True)
class Release:
    """The action a released package pairs with: its repository and the release commit its tag points at."""

    repository: str
    commit: str
    version: str

    @classmethod
    def of_package(cls) -> Release | None:
        """The release the release workflow stamped into this package, if it was built by one."""
        stamp = files(__package__) / "release.json"
        if not stamp.is_file():
            return None
        found = json.loads(stamp.read_text(encoding="utf-8"))
        return cls(found["repository"], found["commit"], found["version"])


@dataclass(frozen=True)
class Action:
    uses: str  # the `uses:` value, with its comment
    pinned: bool  # by a commit SHA
    repository: str


def action(choice: str | None, release: Release | None) -> Action:
    """What the workflow's ``uses:`` names: ``--action OWNER/REPO@REF`` as given, else the release this package
    came from, pinned by its release commit, else the placeholder the examples use, by the major tag."""
    if choice is not None:
        if not ACTION.fullmatch(choice):
            raise UsageError(f"--action: write it as OWNER/REPO@REF, a commit SHA or a tag (got {choice!r})")
        repository, ref = choice.rsplit("@", 1)
        pinned = bool(SHA.fullmatch(ref))
        comment = "" if pinned else " # pin the SHA this tag points at: it pins the image too"
        return Action(choice + comment, pinned, repository)
    if release is not None:
        return Action(f"{release.repository}@{release.commit} # {release.version}", True, release.repository)
    major = __version__.split(".")[0]
    comment = "in production, pin the SHA a release tag points at (it pins the image too)"
    return Action(f"{PLACEHOLDER}@v{major} # {comment}", False, PLACEHOLDER)


def _template(name: str) -> str:
    return (files(__package__) / name).read_text(encoding="utf-8")


def _environment() -> Environment:
    """``[[ ]]`` and ``[% %]``: the workflow's own ``${{ }}`` stays as it is."""
    return Environment(  # noqa: S701 - YAML and markdown we write, not HTML
        variable_start_string="[[",
        variable_end_string="]]",
        block_start_string="[%",
        block_end_string="%]",
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def suite_folder(value: str) -> PurePosixPath:
    """``--suite``: a folder inside the repository, written as the workflow will name it."""
    path = PurePosixPath(value.strip().strip("/") or ".")
    if value.startswith("/") or ".." in path.parts or not re.fullmatch(r"[A-Za-z0-9._/-]+", str(path)):
        raise UsageError(f"--suite: give a folder inside the repository, like evals (got {value!r})")
    return path


def commands(judge: str, suite: PurePosixPath, here: str) -> dict[str, str]:
    """The commands the next steps and the suite's README show: the offline comparison, a judge check, the plan.
    ``here``: the suite folder as the user's shell reaches it."""
    paths = {name: shlex.quote(os.path.join(here, name)) for name in SUITE_FILES}
    files_flags = (
        f"--cases {paths['cases.jsonl']} --baseline {paths['baseline.jsonl']} --candidate {paths['candidate.jsonl']}"
    )
    judge_flags = (
        "--azure-endpoint URL --judge-deployment NAME"
        if judge == "azure"
        else "--judge openai --judge-model MODEL [--openai-base-url URL]"
    )
    key = SECRETS[judge][1][0]
    return {
        "compare": f"groundgate compare --judge figures {files_flags}",
        "doctor": f"{key}=... groundgate doctor {judge_flags}",
        "dry_run": f"groundgate compare --dry-run {judge_flags} {files_flags}",
    }


def planned(judge: str, suite: PurePosixPath, chosen: Action, docs: str) -> list[tuple[PurePosixPath, str]]:
    """Every file init writes (its path in the repository, its text)."""
    environment = _environment()
    values = {"judge": judge, "suite": str(suite), "action": chosen.uses, "version": __version__, "docs": docs}
    said = commands(judge, suite, str(suite))
    texts = [
        environment.from_string(_template("workflow.yml.j2")).render(values),
        *(_template(name) for name in SUITE_FILES),
        environment.from_string(_template("README.md.j2")).render({**values, **said}),
    ]
    return list(zip(paths(suite), texts, strict=True))


def paths(suite: PurePosixPath) -> list[PurePosixPath]:
    """Every path init writes, in the repository."""
    return [WORKFLOW, *(suite / name for name in SUITE_FILES), suite / "README.md"]


def refuse_existing(root: Path, suite: PurePosixPath) -> None:
    """One line naming the first path already there (a file, a folder or a link of that name), or the first
    folder on the way that is a symbolic link (the writes would refuse it half-way): nothing is written."""
    for path in paths(suite):
        for folder in list(reversed(path.parents))[1:]:  # below the repository's root
            if (root / folder).is_symlink():
                raise UsageError(
                    f"{folder}: a symbolic link; groundgate init writes through no link, so it wrote nothing "
                    "(replace it with a folder, or write the suite to another folder with --suite DIR)"
                )
    for path in paths(suite):
        if os.path.lexists(root / path):
            other = (
                " away first" if path == WORKFLOW else " away, or write the suite to another folder with --suite DIR"
            )
            raise UsageError(
                f"{path}: exists already; groundgate init overwrites nothing, so it wrote nothing (move it{other})"
            )


def write(root: Path, suite: PurePosixPath, made: list[tuple[PurePosixPath, str]]) -> None:
    """Every file, or none when any is there already."""
    refuse_existing(root, suite)
    done: list[str] = []
    for path, text in made:
        try:
            create_text(root / path, text)
        except FileExistsError:  # made since it was looked for
            raise UsageError(
                f"{path}: appeared while groundgate init wrote; it overwrote nothing and wrote {', '.join(done) or 'nothing'}"
            ) from None
        done.append(str(path))


def next_steps(judge: str, suite: PurePosixPath, chosen: Action, here: str, root: Path) -> str:
    """What init wrote, and what to do next, in order."""
    said = commands(judge, suite, here)
    variables, secrets = SECRETS[judge]
    rows = [
        (str(WORKFLOW), f"the gate on every pull request and merge queue, with the {judge} judge"),
        (f"{suite}/cases.jsonl", "six starter cases: id, category, query, context"),
        (f"{suite}/baseline.jsonl", "their answers on the default branch"),
        (f"{suite}/candidate.jsonl", "their answers in a pull request (CI makes it: see the README)"),
        (f"{suite}/README.md", "how the candidate is made in CI, and when the baseline moves"),
    ]
    width = max(len(name) for name, _ in rows)
    lines = [f"groundgate init wrote, in {root}:", *(f"  {name.ljust(width)}  {what}" for name, what in rows), ""]
    steps = [
        f"try it here, offline: {said['compare']}",
        f"check the judge with one call: {said['doctor']}",
        "in the repository's Settings > Secrets and variables > Actions: the variable"
        f"{'s' if len(variables) > 1 else ''} {' and '.join(variables)}, the secret {' and '.join(secrets)}",
    ]
    if not chosen.pinned:
        steps.append(
            f"in {WORKFLOW}, name the action's repository ({chosen.repository} is a placeholder) pinned by the SHA "
            "its release tag points at: git ls-remote https://github.com/OWNER/groundgate vX.Y.Z"
        )
    steps.append(
        'commit, push and open a pull request; then require the job "groundedness gate" in the branch protection '
        "rule (or ruleset)"
    )
    lines += ["Next:", *(f"  {n}. {step}" for n, step in enumerate(steps, 1))]
    return "\n".join(lines) + "\n"
