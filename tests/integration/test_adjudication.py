"""People's adjudications kept on GitHub, read back with real PyGithub against the fake GitHub: the verdicts
of a repository's pull requests (GraphQL, page by page, rate-limit aware), the labels they hold, and the
judge's precision a judging run's report shows once enough blocking verdicts were adjudicated."""

from __future__ import annotations

import html
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from groundgate.adjudication import Entry, Verb
from groundgate.errors import GitHubRefused
from groundgate.github.adjudicate import for_judging_run, history
from groundgate.github.client import WaitBudget, client
from groundgate.github.hearing import Who, hear
from groundgate.github.publisher import Publisher
from groundgate.github.workflow import Log
from groundgate.record import Record, decode, text
from groundgate.report import render
from groundgate.report.context import ReportContext
from groundgate.rules import Bucket, Outcome
from groundgate.settings import Settings
from tests.support.fakes.github import FakeGitHub
from tests.support.reports import make_results, make_row

CHECK = "groundgate / verdict"
T0 = datetime(2026, 1, 5, tzinfo=UTC)


@pytest.fixture
def gh() -> Iterator[FakeGitHub]:
    with FakeGitHub() as server:
        yield server


def publisher(gh: FakeGitHub, budget: WaitBudget | None = None, slept: list[float] | None = None) -> Publisher:
    github = client(gh.token, gh.url, retries=0, pace=(0, 0))
    return Publisher(github, "o/r", budget, slept.append if slept is not None else (lambda seconds: None))


def entry(n: int, verb: Verb, row: str, login: str = "alice", outcome: Outcome = Outcome.REGRESSION) -> Entry:
    return Entry(
        comment=n, key=f"{n:016x}", login=login, verb=verb, row=row, at=T0 + timedelta(minutes=n),
        digest=f"{n:032x}", outcome=outcome, bucket=Bucket.UNGROUNDED, category="policy", reason=f"reason {n}",
    )  # fmt: skip


def keep(
    gh: FakeGitHub, pr: int, head: str, ledger: list[Entry], check: str = CHECK, record_pr: int | None = None
) -> None:
    """A pull request whose head commit carries a verdict groundgate kept, with this ledger."""
    if pr not in gh.pulls:
        gh.add_pull(pr, head)
    elif gh.pulls[pr]["head_sha"] != head:
        gh.move_pull(pr, head)
    record = Record(
        check=check, head=head, pr=record_pr or pr, cases_path="evals/cases.jsonl", fail_on="blocking", cases=10,
        counts={Outcome.REGRESSION: 1, Outcome.TIE: 9}, rows=[], blocking=1, ledger=ledger,
    )  # fmt: skip
    publisher(gh).publish_check(
        name=check, head_sha=head, conclusion="failure", title="t", summary="s", annotations=[], text=text(record)
    )


def sha(n: int) -> str:
    return f"{n:040x}"


def test_every_pull_requests_newest_record_is_read_page_by_page(gh: FakeGitHub) -> None:
    withdrawn = entry(2, Verb.REVOKE, "refund-007").model_copy(update={"digest": entry(1, Verb.ACCEPT, "x").digest})
    keep(gh, 1, sha(1), [entry(1, Verb.ACCEPT, "refund-007"), withdrawn])  # accepted, then revoked
    keep(gh, 2, sha(2), [entry(3, Verb.CONFIRM, "price-3")])
    keep(gh, 3, sha(3), [entry(4, Verb.ACCEPT, "heater-1")])
    gh.move_pull(3, sha(33))  # a last push whose run kept no verdict: the one before it holds the ledger
    keep(gh, 4, sha(4), [entry(5, Verb.ACCEPT, "x")], check="docs-gate")  # another check's verdicts
    keep(gh, 5, sha(5), [entry(6, Verb.ACCEPT, "y")], record_pr=99)  # a record that names another pull request
    keep(gh, 6, sha(6), [entry(7, Verb.CONFIRM, "ship-1", outcome=Outcome.NEW_NON_ANSWER)])
    found = history(publisher(gh), CHECK, prs=2, commits=3, everything=True)
    assert [(label.pr, label.id, label.verdict, label.grounded) for label in found] == [
        (2, "price-3", Verb.CONFIRM, False),
        (3, "heater-1", Verb.ACCEPT, True),
        (6, "ship-1", Verb.CONFIRM, False),
    ]
    queries = [r for r in gh.requests if r.path == "/graphql" and "pullRequests" in r.body["query"]]
    assert len(queries) == 3  # six pull requests, two a page
    since = history(publisher(gh), CHECK, prs=2, commits=3, everything=True, since=T0 + timedelta(minutes=4))
    assert [label.id for label in since] == ["heater-1", "ship-1"]


def test_graphql_points_running_low_are_waited_for_within_the_budget(gh: FakeGitHub) -> None:
    for n in range(1, 5):
        keep(gh, n, sha(n), [entry(n, Verb.CONFIRM, f"case-{n}")])
    gh.graphql_points = 102  # after the first page, what is left is GitHub's reserve
    gh.graphql_reset = (datetime.now(UTC) + timedelta(seconds=30)).strftime("%Y-%m-%dT%H:%M:%SZ")
    slept: list[float] = []
    found = history(publisher(gh, WaitBudget(60), slept), CHECK, prs=2, everything=True)
    assert len(found) == 4
    assert len(slept) == 1
    assert 25 <= slept[0] <= 32
    gh.graphql_points = 102
    gh.graphql_reset = (datetime.now(UTC) + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
    with pytest.raises(GitHubRefused, match="GraphQL rate limit for this token is nearly spent"):
        history(publisher(gh, WaitBudget(60), []), CHECK, prs=2, everything=True)


@pytest.mark.parametrize(("confirmed", "accepted", "shown"), [(9, 3, True), (11, 1, True), (6, 3, False)])
def test_a_judging_runs_report_shows_the_judges_precision_on_adjudicated_blocking_verdicts(
    gh: FakeGitHub, confirmed: int, accepted: int, shown: bool
) -> None:
    verdicts = [Verb.CONFIRM] * confirmed + [Verb.ACCEPT] * accepted
    for n, verb in enumerate(verdicts, start=1):
        keep(gh, n, sha(n), [entry(n, verb, f"case-{n}")])
    keep(gh, 50, sha(50), [entry(50, Verb.CONFIRM, "ship-1", outcome=Outcome.REVIEW)])  # not a blocking verdict
    gh.add_pull(99, sha(99))
    settings = Settings.model_validate({"cases": "c.jsonl", "baseline": "b.jsonl", "candidate": "k.jsonl", "judge": "figures"})  # fmt: skip
    results = make_results([make_row(0, Outcome.REGRESSION), make_row(1, Outcome.TIE)])
    done = for_judging_run(settings, results, publisher(gh), sha(99), 99, "contributor", "evals/cases.jsonl", "", Log())
    body = html.unescape(render(results, "comment", ReportContext(people=done.people)).replace("\\", ""))
    total = confirmed + accepted
    sentence = f"People confirmed {confirmed} of the judge's last {total} blocking verdicts they adjudicated in this repository"
    assert (sentence in body) is shown
    assert ("below 90%" in body) is (shown and confirmed / total < 0.9)
    assert decode(text(done.record), check=CHECK, head=sha(99)).pr == 99  # the record it publishes


def test_a_verdict_past_a_commits_first_ten_check_suites_is_still_read(gh: FakeGitHub) -> None:
    """Issue 34.10: a commit's check suites (other apps', one per workflow run) are read 10 at a time; groundgate's
    check run in the 13th (or the 113th) is found, by reading on."""
    for n in (1, 2):
        gh.add_pull(n, sha(n))
        for app in range(100 + 100 * (n - 1), 112 + 100 * (n - 1) + (100 if n == 2 else 0)):
            gh.add_check_suite(sha(n), app, names=(f"lint-{app}",))
        keep(gh, n, sha(n), [entry(n, Verb.CONFIRM, f"case-{n}")])
    found = history(publisher(gh), CHECK, prs=10)
    assert [(label.pr, label.id) for label in found] == [(1, "case-1"), (2, "case-2")]
    suites = [r for r in gh.requests if r.path == "/graphql" and "object(oid:" in r.body["query"]]
    assert len(suites) == 3  # the first commit's second page; the second commit's second and third pages


def test_a_comment_counts_only_if_every_edit_in_its_history_is_its_authors(gh: FakeGitHub) -> None:
    """GitHub does not say whether `editor` is the first or the last editor: the history decides. A comment someone
    else edited counts for nothing, even after its author edited it again; what was read of it before stands."""
    gh.add_pull(7, sha(7))
    gh.permissions.update(alice="write", bob="write")
    mine = gh.add_comment(7, f"/groundgate confirm at {sha(7)[:12]} r1 -- mine", "alice")
    planted = gh.add_comment(7, "Looks resonable.", "bob")
    gh.edit_comment(planted, f"Looks resonable.\n/groundgate accept at {sha(7)[:12]} r1 -- fine", editor="alice")
    gh.edit_comment(planted, f"Looks reasonable.\n/groundgate accept at {sha(7)[:12]} r1 -- fine")  # bob, last
    many = gh.add_comment(7, "/groundgate confirm r2 -- v0", "alice")
    for n in range(1, 120):  # more edits than groundgate reads the history of
        gh.edit_comment(many, f"/groundgate confirm r2 -- v{n}")
    heard = hear(publisher(gh), 7, Who("write", False, "contributor"), CHECK)
    assert [(s.comment, s.command.verb) for s in heard.said] == [(mine, Verb.CONFIRM)]
    assert "it was edited by @alice, not only by @bob who wrote it" in heard.refused[planted]
    assert "edited 120 times, more than groundgate reads the history of" in heard.refused[many]
    assert heard.frozen == {planted, many}
