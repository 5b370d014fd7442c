"""What people in the loop cost, measured: how many answers blocked on and rows the verdict's record holds in a
check run's ``output.text`` (65,535 characters), the GitHub requests a comment's run makes, the requests the
verdict's memory and adjudication add to a judging run, and the wall time of each, as the runner starts ``entrypoint.py`` against the local
fake GitHub (the offline figures judge; a 2-core machine shared with other work, so times are indicative).

Run as ``python -m bench.adjudication``.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path

from groundgate.adjudication import Judged, answer_digest
from groundgate.memory import Blocked
from groundgate.record import LIMIT, Record, decode, fit
from groundgate.rules import Bucket, Outcome
from tests.support.action import HEAD_SHA, PATHS, comment_event, event, run_action
from tests.support.fakes.github import FakeGitHub, Request
from tests.support.paths import EXAMPLES


def memory_capacity() -> tuple[int, int]:
    """(answers blocked on a record keeps with nothing else, blocking rows it keeps beside 2,000 answers)."""
    bare = [Blocked(id=f"refund-policy-{n:05d}", head=HEAD_SHA, key=answer_digest("q", "c", str(n))[:16]) for n in range(8000)]  # fmt: skip
    record = Record(
        check="groundgate / verdict", head=HEAD_SHA, pr=7, cases_path="evals/cases.jsonl", fail_on="blocking",
        cases=8000, counts={}, rows=[], blocking=0, blocked=bare, memory=2,
    )  # fmt: skip
    alone = fit(record)
    rows = [
        Judged(id=f"refund-policy-{n:05d}", category="policy", outcome=Outcome.REGRESSION, before=Bucket.GROUNDED,
               after=Bucket.UNGROUNDED, line=n + 1, digest=answer_digest("q", "c", str(n)))
        for n in range(2000)
    ]  # fmt: skip
    beside = fit(record.model_copy(update={"blocked": bare[:2000], "rows": rows, "blocking": 2000}))
    assert beside.cut == 0
    return len(bare) - alone.cut, len(beside.rows)


def kind(request: Request) -> str:
    if request.path != "/graphql":
        parts = request.path.split("/repos/o/r/", 1)[-1].split("/")
        return f"{request.method} {parts[0]}{'/reactions' if parts[-1] == 'reactions' else ''}"
    query = request.body["query"]
    return "GraphQL verdicts" if "pullRequests(" in query else "GraphQL heads" if "timelineItems(" in query else "GraphQL comments"  # fmt: skip


def counted(requests: list[Request]) -> str:
    kinds = Counter(kind(r) for r in requests)
    return f"{len(requests)} requests (" + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) + ")"


def main() -> None:
    answers, rows = memory_capacity()
    print(
        f"record: {answers:,} answers blocked on fit in {LIMIT:,} characters alone; beside 2,000 of them, {rows:,} blocking rows"
    )
    work = Path(tempfile.mkdtemp(prefix="bench-adjudication-"))
    try:
        workspace = work / "workspace"
        (workspace / "evals").mkdir(parents=True)
        for name in ("cases.jsonl", "baseline.jsonl", "candidate.jsonl", "candidate-regression.jsonl"):
            shutil.copy(EXAMPLES / name, workspace / "evals" / name)
        inputs = {**PATHS, "candidate": "evals/candidate-regression.jsonl"}
        with FakeGitHub() as gh:
            gh.add_pull(7, HEAD_SHA, author="contributor")
            gh.permissions.update(alice="write")
            start = time.perf_counter()
            first = run_action(workspace, gh, inputs, event_path=event(work, head_sha=HEAD_SHA))
            judged = time.perf_counter() - start
            assert first.code == 1, first.stdout
            print(f"judging run, no adjudication yet: {counted(gh.requests)}; {judged:.1f} s")
            seen = len(gh.requests)
            [check] = [r for r in gh.check_runs.values() if r["head_sha"] == HEAD_SHA]
            kept = decode(check["output"]["text"], check="groundgate / verdict", head=HEAD_SHA)
            digest = next(r.digest for r in kept.rows if r.id == "refund-007")[:16]
            accept = f"/groundgate accept at {HEAD_SHA[:12]} refund-007@{digest} -- the new policy is intended"
            for path in ("evals/cases.jsonl", "evals/candidate-regression.jsonl"):  # committed: git can vouch
                gh.files[(HEAD_SHA, path)] = (workspace / path).read_bytes()
            for named, given in (("", {}), (" (candidate committed, named)", {"candidate": inputs["candidate"]})):
                seen = len(gh.requests)
                cid = gh.add_comment(7, accept, "alice")
                empty = work / f"comment-{cid}" / "workspace"
                empty.mkdir(parents=True)
                start = time.perf_counter()
                run = run_action(empty, gh, given, event_name="issue_comment", event_path=comment_event(work, gh, cid))
                took = time.perf_counter() - start
                assert run.code == 0, run.stdout + run.stderr
                assert not [c for c in gh.comments.values() if " reply " in c["body"]], "the accept was said back"
                print(f"comment's run (accept, applied){named}: {counted(gh.requests[seen:])}; {took:.1f} s")
            seen = len(gh.requests)
            start = time.perf_counter()
            again = run_action(workspace, gh, inputs, event_path=event(work, head_sha=HEAD_SHA))
            rerun = time.perf_counter() - start
            assert again.code == 0, again.stdout
            print(f"judging run with one adjudication to carry: {counted(gh.requests[seen:])}; {rerun:.1f} s")
            points = 1 + 20 + 20 + 20 * 10  # GitHub's count: each connection's requests, over 100
            print(
                f"the judging run's verdicts query: 20 pull requests, 1 commit each, 10 check suites: {points / 100:.1f} points"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
