"""What git vouches for about the answers a verdict judged: where the workflow's candidate file is tracked in git, the
answer it holds for a row at the commit judged is the only one an accept naming that commit can be about.

Why: the records groundgate keeps in its check runs say which answers a verdict judged, but any workflow of the
repository with ``checks: write`` (one on the pull request's branch too) can post a check run of groundgate's name, or
rewrite groundgate's own, listing another answer, and offer a writer the command that names it. A commit's files are
what git says they are: no workflow can change them after the fact. So an accept binds only to an answer every record
of its verdict lists and, where git has the candidate file at that commit, that is also the answer the file holds
there, with the query and context of its case at that commit or at the pull request's base (a row the pull request
edited or renamed is judged with the base's case). Git only takes away: a file at the candidate's path in a commit
whose workflow makes the candidate in the job is not what was judged. Where git does not have it (the candidate is
made in the job, or comes from a fork's artifact), the records alone decide (``binding``).

The candidate's path is the workflow's input (``candidate``), never a record's word; a candidate file that is not valid
at that commit vouches for no answer (fail closed: an accept there binds to nothing and is said back).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypeVar

from groundgate.adjudication import Said, Verb, Verdict, answer_digest
from groundgate.binding import Vouched, pinned
from groundgate.cases import Case, Rubric, load_cases, load_responses
from groundgate.errors import InputError
from groundgate.github.publisher import Publisher
from groundgate.matching import match

_Read = TypeVar("_Read")


def named_commits(said: Iterable[Said], verdicts: Sequence[Verdict]) -> list[str]:
    """The commits of the verdicts people's accepts name (``at COMMIT``): the only ones git is asked about."""
    found: dict[str, None] = {}
    for s in said:
        if s.command.verb is Verb.ACCEPT and s.command.pin is not None:
            verdict = pinned(s.command.pin, s.at, verdicts)
            if isinstance(verdict, Verdict) and verdict.head is not None:
                found[verdict.head] = None
    return list(found)


def in_git(
    publisher: Publisher,
    candidate: str,
    cases: Sequence[str],
    commits: Iterable[str],
    *,
    base: str | None,
    rubric: Rubric,
    blocking: frozenset[str] = frozenset(),
) -> Vouched:
    """For each commit whose tree holds the candidate file (``candidate``, from the repository root): each row id of
    the file with the digests its answer can have (``answer_digest``, with the query and context of the case in
    ``cases`` at that commit, and of the base case it is at ``base``). Commits without the file are left out: git
    vouches for nothing there. GitHub refusing raises (``GitHubRefused``): the caller fails closed."""

    def by_id(path: Path) -> dict[str, Case]:
        return {c.id: c for c in load_cases(path, rubric)}

    found: dict[str, dict[str, frozenset[str]]] = {}
    at_base: dict[str, dict[str, Case] | None] = {}
    for commit in dict.fromkeys(commits):
        data = publisher.file_at(candidate, commit)
        if data is None:
            continue
        answers = _parsed(data, load_responses, candidate) or {}
        options: dict[str, set[tuple[str | None, str]]] = {}
        for path in dict.fromkeys(cases):
            here = _parsed(publisher.file_at(path, commit), by_id, path) or {}
            for case in here.values():
                options.setdefault(case.id, set()).update(_asked(case))
            if base is None:
                continue
            if path not in at_base:
                at_base[path] = _parsed(publisher.file_at(path, base), by_id, path)
            then = at_base[path]
            if then:
                for pid, bid in match(then, here.values(), blocking).base_of.items():
                    options.setdefault(pid, set()).update(_asked(then[bid]))
        found[commit] = {
            rid: frozenset(answer_digest(q, c, response.response) for q, c in options.get(rid, ()))
            for rid, response in answers.items()
        }
    return found


def _asked(case: Case) -> set[tuple[str | None, str]]:
    """The query and context a row of this case is judged with (without its query in the rubric that asks none)."""
    return {(case.query, case.context), (None, case.context)}


def _parsed(data: bytes | None, read: Callable[[Path], _Read], name: str) -> _Read | None:
    """A file's bytes read as ``read`` reads the file ``name``; None when there are none or they are not valid."""
    if data is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / Path(name).name
        path.write_bytes(data)
        try:
            return read(path)
        except InputError:
            return None
