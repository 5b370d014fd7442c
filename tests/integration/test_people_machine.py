"""People and a pull request's author as a sequence of events (hypothesis ``RuleBasedStateMachine``), driven through
the real code paths in-process: the judging run's ``action.held`` and ``action.present``, the sharded run's shards
and ``action.merge_shards``, the re-presenting run's ``adjudicate.respond``, with real PyGithub against the fake
GitHub derived from GitHub's descriptions.

Events: pushes (answers change, or not, or change only where a reader cannot see it; rows regress, or not),
pushes whose run is cancelled, force pushes, reruns that re-roll the judge, sharded runs and their merge, a new
pull request from the same branch, the base branch refreshing a baseline answer, a workflow on the branch posting
look-alike check runs of groundgate's name (a record that blocks on nothing, or one whose ledger binds people's
accepts to the answers now), and, in the keyed configuration (the fork recipe with ``record-key``: groundgate's
runs sign their records, the branch's workflows cannot), look-alikes unsigned or signed with another key on a commit
whose run was cancelled, offering the command of a worse answer that a writer pastes and the author pushes again;
re-runs asked for from the Checks tab, accepts, confirms and revokes by people of
every permission level, by the pull request's author and by a bot, each naming the verdict of the head, of the
head before, or none; their own edits; edits by someone else (the author, a writer) of others' comments and of
groundgate's own; deletions.

After each step:
- no answer a verdict of this pull request blocked on (as a reader reads it, against the base branch's baseline
  answer of its row) passes: groundgate's check on the head is green (success or neutral) only when every such
  answer of the head is accepted by a writer who is not the author, in an accept that named a verdict whose answer
  is the current one, and that its writer did not revoke since (even if the revoke was deleted), in a comment not
  deleted (``evidence``: a model more lenient than the rules, so it can only find the gate too green; keyed, an
  accept counts only when it names a commit a judging run of groundgate published a verdict on); an answer
  the base branch gave another baseline since is another flip;
- a judging run's exit code is 1 exactly when its check is red;
- no edit to a comment other than a writer's own command, and no re-run, changes the verdict (its conclusion
  and title);
- keyed, a writer's accept at a commit whose record groundgate signed is never refused for want of a signature (the
  key denies only what groundgate did not sign).
"""

from __future__ import annotations

import io
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import requests
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from groundgate.adjudication import Judged, Verb, answer_digest
from groundgate.event import GitHubRun
from groundgate.github import adjudicate
from groundgate.github.action import held, merge_shards, present, where
from groundgate.github.client import client
from groundgate.github.kept import Unreadable
from groundgate.github.publisher import Publisher
from groundgate.github.workflow import Log
from groundgate.memory import Memory
from groundgate.record import Record, RecordError, decode, opened, sealed, text
from groundgate.report.context import marker
from groundgate.results import Results
from groundgate.rules import Bucket, Outcome
from groundgate.settings import Settings
from groundgate.signing import RecordKey
from tests.support.fakes.github import FakeGitHub
from tests.support.people import answers_at, patch_check_run, pinned
from tests.support.people_model import (
    CHECK,
    ELIGIBLE,
    GREEN,
    PEOPLE,
    RANK,
    ROLES,
    ROLLS,
    ROWS,
    UNSEEN,
    Answer,
    Answers,
    Command,
    Roll,
    Said,
    commit,
    files_of,
    line,
    results_of,
    shards_of,
)

KEY = "the-default-branch-environments-record-key-" + "4b" * 16  # GROUNDGATE_RECORD_KEY
FORGER = "a-key-a-workflow-on-the-branch-made-up-" + "f0" * 16
HOME, ELSEWHERE = 1296269, 7000001  # o/r's numeric id; another repository's whose environment holds KEY too


class People(RuleBasedStateMachine):
    @initialize(git=st.booleans(), keyed=st.booleans())
    def start(self, git: bool, keyed: bool) -> None:
        """``git``: the candidate file is committed (the workflow reads it from the checkout, and the comment's workflow
        names it), so git says which answer each commit had; otherwise it is made in the job, and only the records
        say what a verdict judged. ``keyed``: the fork recipe with ``record-key``: every run of groundgate holds the
        record key (the workflow_run job and the comment workflow run from the default branch, whose environment
        holds it) and signs its records; a workflow on the branch does not hold it."""
        self.git = git
        self.keyed = keyed
        self.gh = FakeGitHub().__enter__()
        self.folder = tempfile.TemporaryDirectory()
        self.gh.permissions.update(ROLES)
        self.publisher = Publisher(client(self.gh.token, self.gh.url, retries=0, pace=(0, 0)), "o/r")
        self.pr = 7
        self.heads: list[tuple[str, Answers]] = []
        self.pushes = 0
        self.base = dict.fromkeys(ROWS, 0)  # each row's baseline answer on the base branch (its version)
        self.blocked: set[tuple[str, str, int]] = set()  # (row, answer as read, baseline) a verdict blocked on
        self.comments: dict[int, Said] = {}
        self.forged: set[int] = set()  # check runs a workflow on the branch posted
        self.judged: set[str] = set()  # commits a judging run (or a sharded run's merge) published a verdict on
        self.clock = 0
        self.gh.add_pull(7, commit(1), author="contributor")
        self.push(("A", 0, "regression"), ("A", 0, "regression"))

    def teardown(self) -> None:
        if hasattr(self, "gh"):
            self.gh.__exit__(None, None, None)
            self.folder.cleanup()

    # ---- runs

    def settings(self, run: GitHubRun, **more: Any) -> Settings:
        values: dict[str, Any] = {
            "judge": "figures",
            "check_name": CHECK,
            "github": run,
            "root": Path(self.folder.name),
            "record_key": KEY if self.keyed else None,
        }
        if run.event_name == "pull_request" and "merge_results" not in more:
            values.update(cases="evals/cases.jsonl", baseline="b.jsonl", candidate="c.jsonl")
        elif self.git and "merge_results" not in more:  # the comment's workflow names the committed candidate
            values.update(cases="evals/cases.jsonl", candidate="c.jsonl")
        return Settings.model_validate({**values, **more})

    def event(self) -> GitHubRun:
        head = self.heads[-1][0]
        before = self.heads[-2][0] if len(self.heads) > 1 else None
        return GitHubRun(
            repository="o/r", repository_id=HOME, event_name="pull_request", action="synchronize", head_sha=head, pr_number=self.pr,
            pr_author="contributor", before_sha=before, server_url="https://github.example", run_id="1",
        )  # fmt: skip

    def expect(self, found: Results) -> None:
        """Every answer a verdict blocked on is held, and no other; a fresh regression is blocked on from now."""
        outcomes = {row.id: row.outcome for row in found.rows}
        for row_id, (variant, _, roll) in self.heads[-1][1].items():
            key = (row_id, variant, self.base[row_id])
            blocked = key in self.blocked or roll == "regression"
            assert (outcomes[row_id] is Outcome.REGRESSION) == blocked, (key, roll, outcomes[row_id])
            if blocked:
                self.blocked.add(key)

    def judging(self) -> int:
        """A judging run of the head (a push's event, or the same event replayed by a rerun)."""
        run = self.event()
        self.read_all()
        quiet = Log(io.StringIO())
        memory = held(self.settings(run), self.publisher, where(run, self.publisher, quiet), quiet)
        found = results_of(self.heads[-1][1], self.base, memory)
        self.expect(found)
        code = present(self.settings(run), found, self.publisher, Log(io.StringIO()))
        self.judged.add(self.heads[-1][0])
        assert (code == 1) == (self.check()["conclusion"] not in GREEN), code
        return code

    def sharded(self) -> int:
        """examples/workflow-sharded.yml: two shard jobs (no check run, no comment) read the memory and judge their
        rows; the merge job reads it again, merges them and publishes."""
        run = self.event()
        self.read_all()
        quiet = Log(io.StringIO())
        shard = self.settings(run, check_run=False, comment=False, fail_on="never")
        memory = held(shard, self.publisher, where(run, self.publisher, quiet), quiet)
        whole = results_of(self.heads[-1][1], self.base, memory)
        root = Path(self.folder.name)
        for part in shards_of(whole):
            assert part.shard is not None
            part.write(root / "shards" / str(part.shard.index) / "results.json")
        merging = self.settings(run, merge_results="shards/*/results.json")
        merged, _ = merge_shards(merging, quiet, self.publisher)
        self.expect(merged)
        code = present(merging, merged, self.publisher, Log(io.StringIO()))
        self.judged.add(self.heads[-1][0])
        assert (code == 1) == (self.check()["conclusion"] not in GREEN), code
        return code

    def on_comment(self, cid: int, action: str, before: str | None = None) -> None:
        held_ = self.gh.comments.get(cid)
        body = held_["body"] if held_ else before
        run = GitHubRun(
            repository="o/r", repository_id=HOME, event_name="issue_comment", action=action, pr_number=self.pr, comment_id=cid,
            comment_author=self.comments[cid].author if cid in self.comments else self.gh.bot,
            comment_body=body, comment_before=before, server_url="https://github.example",
        )  # fmt: skip
        self.read_all()
        assert adjudicate.respond(self.settings(run), self.publisher, Log(io.StringIO())) == 0

    def read_all(self) -> None:
        """What every run reads: each comment nobody but its author edited, as it is now."""
        for said in self.comments.values():
            if not said.deleted and not said.tampered:
                said.read.add(len(said.versions) - 1)

    def own(self, head: str | None = None) -> list[dict[str, Any]]:
        """groundgate's own check runs on the head (a workflow on the branch may have posted others)."""
        head = head or self.heads[-1][0]
        return [r for r in self.gh.check_runs.values() if r["head_sha"] == head and r["name"] == CHECK and r["id"] not in self.forged]  # fmt: skip

    def signed(self, head: str) -> bool:
        """groundgate kept a record on ``head`` that its key signed (and no workflow has rewritten since)."""
        return any(self.signed_run(run, head) for run in self.own(head))

    def same_or_denied(self, before: tuple[str, str]) -> None:
        """A re-run does not change the verdict, but where a workflow on the branch posted a look-alike: one that does
        not list a row, or lists another answer, makes a writer's genuine accept at that commit bind to nothing when
        the re-run reads it (a denial, docs/security.md item 2): stricter then, never greener."""
        now = self.verdict()
        if not self.forged:
            assert now == before, (before, now)
        else:
            assert now is not None, before
            assert RANK[now[0]] >= RANK[before[0]], (before, now)

    def check(self) -> dict[str, Any]:
        return max(self.own(), key=lambda r: r["id"])

    def verdict(self) -> tuple[str, str] | None:
        if not self.own():
            return None  # the head's run was cancelled: no verdict on it (branch protection waits)
        found = self.check()
        return found["conclusion"], found["output"]["title"]

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    # ---- what people, pushes and the branch's workflows do

    def push(self, first: Answer, second: Answer, *, judged: str = "job", force: bool = False) -> None:
        self.pushes += 1
        head = commit(self.pushes)
        self.heads.append((head, dict(zip(ROWS, (first, second), strict=True))))
        if self.git:
            self.gh.files.update({(head, path): data for path, data in files_of(self.heads[-1][1]).items()})
        if self.pushes > 1:
            if force:
                self.gh.force_push(self.pr, head)
            else:
                self.gh.move_pull(self.pr, head)
        self.tick()
        if judged == "job":
            self.judging()
        elif judged == "shards":
            self.sharded()

    answers = st.tuples(st.sampled_from("AB"), st.integers(0, len(UNSEEN) - 1), st.sampled_from(list(ROLLS)))

    @rule(first=answers, second=answers, judged=st.sampled_from(["job", "job", "shards", "cancelled"]), force=st.booleans())  # fmt: skip
    def a_push(self, first: Answer, second: Answer, judged: str, force: bool) -> None:
        """A push judged by the single job, by shards and their merge, or whose run was cancelled before it
        published anything (a newer push in the same concurrency group); a force push drops the older commits."""
        self.push(first, second, judged=judged, force=force)

    @rule(data=st.data())
    def a_push_that_changes_only_what_a_reader_cannot_see(self, data: st.DataObject) -> None:
        _, answers = self.heads[-1]
        written = {r: data.draw(st.integers(0, len(UNSEEN) - 1)) for r in ROWS}
        rolls = {r: data.draw(st.sampled_from(list(ROLLS))) for r in ROWS}
        first, second = ((answers[r][0], written[r], rolls[r]) for r in ROWS)
        self.push(first, second)

    @rule()
    def a_rerun_of_the_judging_job(self) -> None:
        before = self.verdict()
        if before is None:
            return
        self.judging()
        self.same_or_denied(before)

    @rule(rolls=st.tuples(st.sampled_from(list(ROLLS)), st.sampled_from(list(ROLLS))), shards=st.booleans())
    def a_rerun_that_re_rolls_the_judge(self, rolls: tuple[Roll, Roll], shards: bool) -> None:
        """The same answers judged again, the judge's dice rolled again (a re-score is always a fresh call, and so is
        a first verdict no cache holds): a row may regress, or turn unstable or tied, without its answer changing."""
        head, answers = self.heads[-1]
        self.heads[-1] = (head, {r: (answers[r][0], answers[r][1], roll) for r, roll in zip(ROWS, rolls, strict=True)})
        self.sharded() if shards else self.judging()

    @rule()
    def a_new_pull_request_from_the_same_branch(self) -> None:
        """The author closes the pull request and opens another from the same branch, on the same commit."""
        old = self.gh.pulls[self.pr]
        old["state"] = "closed"
        self.pr += 1
        self.gh.add_pull(self.pr, self.heads[-1][0], author="contributor")
        self.gh.pulls[self.pr]["commits"] = list(old["commits"])
        self.judging()

    @rule(row=st.sampled_from(ROWS))
    def the_base_branch_refreshes_a_baseline(self, row: str) -> None:
        """The base branch's baseline answer of the row changes (a refresh of the baseline), and the pull request is
        judged again: the flip a hold confirmed is another flip now, and the row is judged as it stands."""
        self.base[row] += 1
        self.judging()

    @rule(kind=st.sampled_from(["clean", "ledger"]), everywhere=st.booleans())
    def a_branch_workflow_posts_a_look_alike_check_run(self, kind: str, everywhere: bool) -> None:
        """A workflow on the branch with ``checks: write`` posts a check run of groundgate's name, with a well-formed
        record (its SHA-256 recomputed): one that blocks on nothing, or groundgate's own with people's accepts (and
        the rows' answers) bound to the answers now and a revoke of every confirm. On the head, or on every commit."""
        heads = [h for h, _ in self.heads] if everywhere else [self.heads[-1][0]]
        current = {row.id: row for row in results_of(self.heads[-1][1], self.base, Memory()).rows}
        for head in heads:
            genuine = [r for r in self.own(head) if (r["output"] or {}).get("text")]
            if not genuine:
                continue
            record = decode(max(genuine, key=lambda r: r["id"])["output"]["text"], check=CHECK, head=head)
            if kind == "clean":
                forged = record.model_copy(update={"rows": [], "blocked": [], "bare": {}, "blocking": 0, "counts": {}, "cut": 0})  # fmt: skip
            else:
                digests = {i: answer_digest(r.query, r.context, r.candidate) for i, r in current.items()}
                ledger = [e.model_copy(update={"digest": digests.get(e.row, e.digest)}) for e in record.ledger]
                ledger += [e.model_copy(update={"verb": Verb.REVOKE, "key": "f" * 16, "at": e.at.replace(year=2099)}) for e in record.ledger if e.verb is Verb.CONFIRM]  # fmt: skip
                rows = [r.model_copy(update={"digest": digests.get(r.id, r.digest)}) for r in record.rows]
                forged = record.model_copy(update={"ledger": ledger, "rows": rows})
            self.forged.add(self.post(head, text(forged)))

    @rule(who=st.sampled_from(ELIGIBLE), rewrite=st.booleans())
    def a_branch_workflow_offers_a_worse_answers_command_a_writer_pastes_and_the_author_pushes_it(
        self, who: str, rewrite: bool
    ) -> None:
        """A workflow on the branch writes a record of groundgate's name on the head listing each row with the answer the
        author pushes next (the other one, which regresses), and offers the command that names it: in a look-alike
        check run, or (where git holds the candidate, which then decides) by rewriting groundgate's own records in
        place, so that every record agrees. A writer pastes it; the author pushes that answer. The model takes the
        accept to be about what the gate saw at the head: the answer pushed next is nobody's accept."""
        head, answers = self.heads[-1]
        genuine = [r for r in self.own(head) if (r["output"] or {}).get("text")]
        if not genuine:
            return
        worse: Answers = {r: ("B" if v == "A" else "A", 0, "regression") for r, (v, _, _) in answers.items()}
        digests = {r.id: answer_digest(r.query, r.context, r.candidate) for r in results_of(worse, self.base, Memory()).rows if r.id in ROWS}  # fmt: skip

        def forged(record: Record) -> Record:
            listed = [r.model_copy(update={"digest": digests[r.id]}) if r.id in digests else r for r in record.rows]
            missing = [Judged(id=rid, category="policy", outcome=Outcome.REGRESSION, before=Bucket.GROUNDED, after=Bucket.UNGROUNDED, line=n + 1, digest=digests[rid]) for n, rid in enumerate(ROWS) if rid not in {r.id for r in record.rows}]  # fmt: skip
            return record.model_copy(update={"rows": [*listed, *missing], "ledger": []})

        if rewrite and self.git:  # every record agrees on the worse answers: only git can tell
            for run in genuine:
                record = decode(run["output"]["text"], check=CHECK, head=head)
                output = {"title": run["output"]["title"], "summary": run["output"]["summary"], "text": text(forged(record))}  # fmt: skip
                answer = requests.patch(
                    f"{self.gh.url}/repos/o/r/check-runs/{run['id']}", json={"output": output},
                    headers={"Authorization": f"token {self.gh.token}", "X-GitHub-Api-Version": "2022-11-28"}, timeout=10,
                )  # fmt: skip
                assert answer.status_code == 200, answer.text
        else:
            record = decode(max(genuine, key=lambda r: r["id"])["output"]["text"], check=CHECK, head=head)
            self.forged.add(self.post(head, text(forged(record))))
        command: Command = ("accept", ROWS, head)
        named = " ".join(f"{r}@{digests[r][:16]}" for r in ROWS)
        cid = self.gh.add_comment(self.pr, f"/groundgate accept at {head[:12]} {named} -- because", who)
        self.comments[cid] = Said(self.pr, who, [(self.tick(), [command])])
        self.on_comment(cid, "created")
        self.push(*(worse[r] for r in ROWS))

    @rule(who=st.sampled_from(ELIGIBLE), signed=st.sampled_from(["no", "own key", "elsewhere"]))
    def a_branch_workflow_forges_a_verdict_on_a_commit_groundgate_did_not_judge(self, who: str, signed: str) -> None:
        """The hole signed records close (keyed only: without a key it stays open, docs/security.md says so). The
        author pushes a worse answer W and the run is cancelled by the next push, so groundgate kept no record on that
        commit (where git holds the candidate, it holds W there: the author committed it). A workflow on the branch
        posts a check run of groundgate's name there listing W, unsigned, signed with a key of its own, or sealed
        with the record key in another repository (a fork or a mirror whose environment holds the same key; sealed
        for the very check run it lands in), and offers its command; a writer pastes it; the author pushes W again. W
        must still block: the accept named no verdict groundgate published (``evidence`` does not count it)."""
        if not self.keyed:
            return
        worse: Answers = {r: ("B" if v == "A" else "A", 0, "regression") for r, (v, _, _) in self.heads[-1][1].items()}
        self.push(*(worse[r] for r in ROWS), judged="cancelled")
        head = self.heads[-1][0]
        digests = {r.id: answer_digest(r.query, r.context, r.candidate) for r in results_of(worse, self.base, Memory()).rows}  # fmt: skip
        rows = [Judged(id=rid, category="policy", outcome=Outcome.REGRESSION, before=Bucket.GROUNDED, after=Bucket.UNGROUNDED, line=n + 1, digest=digests[rid]) for n, rid in enumerate(ROWS)]  # fmt: skip
        forged = Record(check=CHECK, head=head, pr=self.pr, cases_path="evals/cases.jsonl", fail_on="blocking", cases=4, counts={Outcome.REGRESSION: 2}, rows=rows, blocking=2, memory=2)  # fmt: skip
        if signed == "elsewhere":
            rid = self.post(head, "")
            self.patch(rid, sealed(forged, RecordKey(KEY), ELSEWHERE, rid, datetime(2000, 1, 1, tzinfo=UTC)))
            self.forged.add(rid)
        else:
            self.forged.add(self.post(head, text(forged, RecordKey(FORGER) if signed == "own key" else None)))
        named = " ".join(f"{r}@{digests[r][:16]}" for r in ROWS)
        cid = self.gh.add_comment(self.pr, f"/groundgate accept at {head[:12]} {named} -- because", who)
        self.comments[cid] = Said(self.pr, who, [(self.tick(), [("accept", ROWS, head)])])
        self.on_comment(cid, "created")
        self.push(*(worse[r] for r in ROWS))

    @rule()
    def a_branch_workflow_moves_an_older_signed_record_over_the_newest(self) -> None:
        """Keyed: on a commit where groundgate signed two records (a rerun), a workflow on the branch PATCHes the newest
        one's check run with the older one's text, verbatim (its seal verifies). The next judging run gives no verdict,
        naming both check runs, rather than judge with the newer record gone; once a maintainer puts the text back,
        the pull request goes on as before."""
        if not self.keyed:
            return
        for head, _ in reversed(self.heads):
            records = sorted((r for r in self.own(head) if self.signed_run(r, head)), key=lambda r: r["id"])
            if len(records) >= 2 and records[-1]["output"]["text"] != records[0]["output"]["text"]:
                break
        else:
            return
        older, newest = records[0], records[-1]
        kept = dict(newest["output"])
        self.patch(newest["id"], older["output"]["text"], kept)
        run = self.event()
        quiet = Log(io.StringIO())
        with pytest.raises(Unreadable) as refused:
            held(self.settings(run), self.publisher, where(run, self.publisher, quiet), quiet)
        said = str(refused.value)
        assert f"runs/{newest['id']}" in said, said
        assert f"runs/{older['id']}" in said, said
        self.patch(newest["id"], kept["text"], kept)  # a maintainer restores it

    def signed_run(self, run: dict[str, Any], head: str) -> bool:
        try:
            _, data, seal = opened((run["output"] or {}).get("text"), check=CHECK, head=head)
        except RecordError:
            return False
        return RecordKey(KEY).verifies(data, seal)

    def patch(self, rid: int, body: str, output: dict[str, Any] | None = None) -> None:
        """A workflow with ``checks: write`` rewriting a check run's ``output.text`` (its title and summary kept)."""
        was = output or self.gh.check_runs[rid]["output"] or {}
        patch_check_run(self.gh, rid, {"output": {"title": was.get("title") or "Passes", "summary": was.get("summary") or "-", "text": body}})  # fmt: skip

    @rule(who=st.sampled_from(ELIGIBLE))
    def a_branch_workflow_replays_a_record_sealed_in_another_repository(self, who: str) -> None:
        """A fork or a mirror whose environment holds the same key sealed a record of a shared commit: replayed here
        (sealed even for the very check run it lands in), it is not groundgate's record of this repository."""
        self.a_branch_workflow_forges_a_verdict_on_a_commit_groundgate_did_not_judge(who, "elsewhere")

    def post(self, head: str, body: str) -> int:
        answer = requests.post(
            f"{self.gh.url}/repos/o/r/check-runs",
            json={"name": CHECK, "head_sha": head, "status": "completed", "conclusion": "success",
                  "output": {"title": "Passes", "summary": "No blocking regression.", "text": body}},
            headers={"Authorization": f"token {self.gh.token}", "X-GitHub-Api-Version": "2022-11-28"}, timeout=10,
        )  # fmt: skip
        assert answer.status_code == 201, answer.text
        return int(answer.json()["id"])

    @rule()
    def a_rerun_from_the_checks_tab(self) -> None:
        before = self.verdict()
        if before is None:
            return
        run = GitHubRun(
            repository="o/r", repository_id=HOME, event_name="check_run", action="rerequested", head_sha=self.heads[-1][0],
            pr_number=self.pr, requested_check=CHECK, server_url="https://github.example",
        )  # fmt: skip
        self.read_all()
        assert adjudicate.respond(self.settings(run), self.publisher, Log(io.StringIO())) == 0
        self.same_or_denied(before)

    @rule(
        who=st.sampled_from(PEOPLE),
        verb=st.sampled_from(["accept", "accept", "confirm", "revoke"]),
        rows=st.lists(st.sampled_from(ROWS), min_size=1, max_size=2, unique=True),
        pin=st.sampled_from(["head", "before", "none"]),
    )
    def a_command(self, who: str, verb: str, rows: list[str], pin: str) -> None:
        named = {"head": self.heads[-1][0], "before": self.heads[-2][0] if len(self.heads) > 1 else None}.get(pin)
        command: Command = (verb, tuple(rows), named)
        cid = self.gh.add_comment(self.pr, self.written(command), who)
        self.comments[cid] = Said(self.pr, who, [(self.tick(), [command])])
        self.on_comment(cid, "created")
        if self.keyed and verb == "accept" and who in ELIGIBLE and named is not None and self.signed(named):
            said = [c["body"] for c in self.gh.comments.values() if marker(f"{CHECK} reply {cid}") in c["body"]]
            assert not any("signed no record" in b for b in said), said  # the key denies only what it did not sign

    @rule(who=st.sampled_from(ELIGIBLE), pin=st.sampled_from(["head", "head", "before"]))
    def a_writer_accepts_what_blocks(self, who: str, pin: str) -> None:
        """The command the report offers, pasted (more often than chance would write it)."""
        answers = self.heads[-1][1]
        rows = [r for r, (v, _, _) in answers.items() if (r, v, self.base[r]) in self.blocked] or list(ROWS)
        self.a_command(who, "accept", rows, pin)

    def written(self, command: Command, typo: bool = False) -> str:
        """A command as a writer pastes it from the report of the verdict it names: each accepted id with the answer
        that verdict judged (``ID@DIGEST``, from groundgate's own record there)."""
        pin = command[2]
        return pinned(line(command, typo), pin, answers_at(self.gh, pin)) if pin else line(command, typo)

    def chosen(self, data: st.DataObject) -> int | None:
        alive = sorted(c for c, s in self.comments.items() if not s.deleted and s.pr == self.pr)
        return data.draw(st.sampled_from(alive)) if alive else None

    @rule(data=st.data(), typo=st.booleans(), verb=st.sampled_from(["accept", "confirm", "revoke"]))
    def its_author_edits_a_comment(self, data: st.DataObject, typo: bool, verb: str) -> None:
        cid = self.chosen(data)
        if cid is None:
            return
        said = self.comments[cid]
        _, [(_, rows, pin)] = said.versions[-1]
        command: Command = (verb, rows, pin)
        before = self.gh.comments[cid]["body"]
        self.gh.edit_comment(cid, self.written(command, typo))
        said.versions.append((self.tick(), [command]))
        self.on_comment(cid, "edited", before)

    @rule(data=st.data(), editor=st.sampled_from(["contributor", "bob"]))
    def someone_else_edits_a_comment(self, data: st.DataObject, editor: str) -> None:
        cid = self.chosen(data)
        if cid is None or self.comments[cid].author == editor:
            return
        before, verdict = self.gh.comments[cid]["body"], self.verdict()
        planted: Command = ("accept", ROWS, self.heads[-1][0])  # everything, for the answers now
        self.gh.edit_comment(cid, self.written(planted), editor=editor)
        self.comments[cid].tampered = True
        self.on_comment(cid, "edited", before)
        now = self.verdict()  # what it said counts for nothing now: an accept in it is gone (stricter), nothing greener
        assert verdict is None or now is None or RANK[now[0]] >= RANK[verdict[0]], (verdict, now)

    @rule()
    def the_author_points_groundgates_comment_at_the_first_verdict(self) -> None:
        mark = marker(CHECK)
        found = [c for c, held_ in self.gh.comments.items() if held_["login"] == self.gh.bot and mark in held_["body"]
                 and held_["issue"] == self.pr and all(e["editor"] == self.gh.bot for e in held_.get("edits", [])[1:])]  # fmt: skip
        if not found or self.verdict() is None:
            return
        verdict = self.verdict()
        body = self.gh.comments[found[0]]["body"]
        self.gh.edit_comment(found[0], body.replace(self.heads[-1][0], self.heads[0][0]), editor="contributor")
        self.judging()
        assert self.verdict() == verdict

    @rule(data=st.data())
    def a_comment_is_deleted(self, data: st.DataObject) -> None:
        cid = self.chosen(data)
        if cid is None:
            return
        before = self.gh.comments[cid]["body"]
        self.gh.delete_comment(cid)
        self.comments[cid].deleted = True
        self.on_comment(cid, "deleted", before)

    # ---- what must hold

    def evidence(self, row: str) -> bool:
        """Whether a writer who is not the author accepted this row's current answer on this pull request and left it
        so: the last word a run read of theirs on the row is an accept naming a verdict whose answer is the current
        one, in a version of a comment still there (the current one, or any read before someone else edited it)."""
        head_answers = dict(self.heads)
        current = self.heads[-1][1][row][0]
        for who in ELIGIBLE:
            words: list[tuple[int, bool]] = []  # (when, accepts the current answer)
            for said in self.comments.values():
                if said.author != who or said.pr != self.pr:
                    continue
                for index in said.read:
                    at, commands = said.versions[index]
                    alive = not said.deleted and (said.tampered or index == len(said.versions) - 1)
                    for verb, rows, pin in commands:
                        if row not in rows:
                            continue
                        if verb == "revoke":
                            words.append((at, False))
                        elif verb == "accept" and pin is not None and alive and (not self.keyed or pin in self.judged):
                            words.append((at, head_answers[pin][row][0] == current))
            if words and max(words)[1]:
                return True
        return False

    @invariant()
    def no_answer_blocked_on_passes_unless_a_writer_accepted_it(self) -> None:
        if not hasattr(self, "gh") or self.verdict() is None:
            return
        conclusion, title = self.check()["conclusion"], self.check()["output"]["title"]
        answers = self.heads[-1][1]
        blocking = [r for r, (v, _, _) in answers.items() if (r, v, self.base[r]) in self.blocked]
        if conclusion in GREEN:
            missing = [r for r in blocking if not self.evidence(r)]
            assert not missing, (conclusion, title, missing)


# Forty sequences of fifteen steps take two to three minutes on a loaded runner; a failing one is then shrunk, for
# five minutes at most (hypothesis's own bound): the whole may take longer than the suite's five, never forever.
pytestmark = pytest.mark.timeout(1200)
TestPeople = People.TestCase
TestPeople.settings = settings(
    max_examples=40,
    stateful_step_count=15,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
