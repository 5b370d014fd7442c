"""Real PyGithub against the in-memory GitHub server: the comment, the check run, faults."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from groundgate.errors import GitHubRefused
from groundgate.github.publisher import Annotation, Publisher, Pull, annotations_for, client
from groundgate.report import marker, verdict_headline
from groundgate.results import Results
from groundgate.rules import Conclusion, FailOn, Outcome, gate_exit
from tests.support.fakes.github import FakeGitHub, Fault
from tests.support.reports import make_results, make_row

MARK = marker("groundgate")


@pytest.fixture
def gh() -> Iterator[FakeGitHub]:
    with FakeGitHub() as server:
        yield server


def publisher(gh: FakeGitHub, token: str = "ghs_test") -> Publisher:
    return Publisher(client(token, gh.url, retries=3, seconds_between_writes=0), "o/r")


def conclusion_for(results: Results, exit_code: int, fail_on: FailOn = "blocking") -> tuple[Conclusion, str]:
    assert gate_exit(results.verdict, results.counts, fail_on) == exit_code
    top = verdict_headline(results, fail_on)
    return top.conclusion, top.text


def test_first_run_creates_then_reruns_update_the_same_comment(gh: FakeGitHub) -> None:
    pub = publisher(gh)
    how, _ = pub.upsert_comment(7, f"first\n{MARK}", MARK)
    assert how == "created"
    how, _ = publisher(gh).upsert_comment(7, f"second\n{MARK}", MARK)
    assert how == "updated"
    comments = gh.comments_on(7)
    assert len(comments) == 1
    assert comments[0]["body"].startswith("second")
    assert comments[0]["login"] == "github-actions[bot]"


def test_comments_by_others_holding_the_marker_are_left_alone(gh: FakeGitHub) -> None:
    foreign = gh.add_comment(7, f"quoting the bot: {MARK}", "mallory")
    other_check = gh.add_comment(7, f"other\n{marker('docs-gate')}", "github-actions[bot]")
    how, _ = publisher(gh).upsert_comment(7, f"mine\n{MARK}", MARK)
    assert how == "created"
    assert gh.comments[foreign]["body"] == f"quoting the bot: {MARK}"
    assert gh.comments[other_check]["body"].startswith("other")
    assert len(gh.comments_on(7)) == 3


def test_own_comment_found_beyond_the_first_page(gh: FakeGitHub) -> None:
    for n in range(130):
        gh.add_comment(7, f"chatter {n}", "someone")
    mine = gh.add_comment(7, f"old\n{MARK}", "github-actions[bot]")
    how, _ = publisher(gh).upsert_comment(7, f"new\n{MARK}", MARK)
    assert how == "updated"
    assert gh.comments[mine]["body"].startswith("new")


def test_a_personal_token_finds_its_own_login(gh: FakeGitHub) -> None:
    gh.me = "release-bot"
    gh.add_comment(7, f"by the workflow bot\n{MARK}", "github-actions[bot]")
    how, _ = publisher(gh).upsert_comment(7, f"mine\n{MARK}", MARK)
    assert how == "created"  # the bot's comment is not this token's
    assert [c["login"] for c in gh.comments_on(7)] == ["github-actions[bot]", "release-bot"]


@pytest.mark.parametrize(
    ("kind", "me", "bot"),
    [
        ("workflow token", None, "github-actions[bot]"),
        ("GitHub App installation token", None, "groundgate-app[bot]"),
        ("personal access token", "release-bot", "github-actions[bot]"),
    ],
)
def test_each_kind_of_token_edits_only_its_own_comment(kind: str, me: str | None, bot: str) -> None:
    with FakeGitHub(me=me, bot=bot) as gh:
        others = {
            login: gh.add_comment(7, f"{login} quoting\n{MARK}", login)
            for login in ("github-actions[bot]", "groundgate-app[bot]", "release-bot", "mallory")
            if login != gh.identity
        }
        assert publisher(gh).upsert_comment(7, f"first\n{MARK}", MARK)[0] == "created", kind
        assert publisher(gh).upsert_comment(7, f"second\n{MARK}", MARK)[0] == "updated", kind
        [mine] = [c for c in gh.comments_on(7) if c["login"] == gh.identity]
        assert mine["body"].startswith("second")
        assert {login: gh.comments[cid]["body"] for login, cid in others.items()} == {
            login: f"{login} quoting\n{MARK}" for login in others
        }


def test_comment_deleted_between_listing_and_editing_is_recreated(gh: FakeGitHub) -> None:
    gh.add_comment(7, f"old\n{MARK}", "github-actions[bot]")
    gh.faults.append(Fault("PATCH", r"/repos/o/r/issues/comments/\d+", 404))
    how, _ = publisher(gh).upsert_comment(7, f"new\n{MARK}", MARK)
    assert how == "created"


def test_502_then_success_is_retried(gh: FakeGitHub) -> None:
    gh.faults.append(Fault("POST", r"/repos/o/r/issues/7/comments", 502))
    how, _ = publisher(gh).upsert_comment(7, f"body\n{MARK}", MARK)
    assert how == "created"
    assert len(gh.writes("POST", r"/repos/o/r/issues/7/comments")) == 2
    assert len(gh.comments_on(7)) == 1


def test_403_is_refused_with_the_fix(gh: FakeGitHub) -> None:
    gh.faults.append(
        Fault("POST", r"/repos/o/r/issues/7/comments", 403, times=10, message="Resource not accessible by integration")
    )
    with pytest.raises(GitHubRefused, match=r"HTTP 403.*pull-requests: write"):
        publisher(gh).upsert_comment(7, f"body\n{MARK}", MARK)


def test_too_long_body_is_refused_not_raised_raw(gh: FakeGitHub) -> None:
    with pytest.raises(GitHubRefused, match="HTTP 422"):
        publisher(gh).upsert_comment(7, "x" * 70_000, MARK)


def test_120_annotations_arrive_50_per_request(gh: FakeGitHub) -> None:
    annotations = [Annotation("evals/cases.jsonl", n, "warning", f"t{n}", f"m{n}") for n in range(1, 121)]
    run_id = publisher(gh).publish_check(
        name="groundgate", head_sha="abc123", conclusion="failure", title="t", summary="s", annotations=annotations
    )
    run = gh.check_runs[run_id]
    assert [a["start_line"] for a in run["annotations"]] == list(range(1, 121))
    sizes = [
        len((r.body["output"] or {}).get("annotations", []))
        for r in gh.requests
        if "check-runs" in r.path and r.method != "GET"
    ]
    assert sizes == [50, 50, 20]
    assert (run["head_sha"], run["conclusion"], run["status"]) == ("abc123", "failure", "completed")


def test_a_rerun_completes_the_same_check_run_without_repeating_annotations(gh: FakeGitHub) -> None:
    first = [Annotation("evals/cases.jsonl", n, "failure", f"t{n}", f"m{n}") for n in (1, 2)]
    other = publisher(gh).publish_check(
        name="docs gate", head_sha="abc123", conclusion="success", title="t", summary="s", annotations=[]
    )
    run_id = publisher(gh).publish_check(
        name="groundgate / verdict", head_sha="abc123", conclusion="failure", title="a", summary="s", annotations=first
    )
    again = publisher(gh).publish_check(
        name="groundgate / verdict",
        head_sha="abc123",
        conclusion="neutral",
        title="b",
        summary="s2",
        annotations=[*first, Annotation("evals/cases.jsonl", 3, "warning", "t3", "m3")],
    )
    assert again == run_id
    assert len(gh.check_runs) == 2
    run = gh.check_runs[run_id]
    assert (run["conclusion"], run["output"]["title"], run["output"]["summary"]) == ("neutral", "b", "s2")
    assert [a["start_line"] for a in run["annotations"]] == [1, 2, 3]
    assert gh.check_runs[other]["conclusion"] == "success"  # another name on the same commit is left alone
    assert publisher(gh).publish_check(
        name="groundgate / verdict", head_sha="def456", conclusion="success", title="c", summary="s", annotations=[]
    ) not in (run_id, other)  # another commit gets its own


def test_a_check_run_this_token_may_not_edit_is_not_reused(gh: FakeGitHub) -> None:
    theirs = publisher(gh).publish_check(
        name="groundgate / verdict", head_sha="abc123", conclusion="success", title="t", summary="s", annotations=[]
    )
    gh.faults.append(Fault("PATCH", rf"/repos/o/r/check-runs/{theirs}", 403, message="another app's check run"))
    mine = publisher(gh).publish_check(
        name="groundgate / verdict", head_sha="abc123", conclusion="failure", title="t", summary="s", annotations=[]
    )
    assert mine != theirs
    assert gh.check_runs[mine]["conclusion"] == "failure"


def test_the_pull_request_of_a_commit_is_found_for_a_fork(gh: FakeGitHub) -> None:
    gh.add_pull(7, "a" * 40, head_repo="someone/r")
    gh.add_pull(8, "b" * 40, head_repo="else/r", head_ref="fix", by_commit=False)
    gh.add_pull(9, "c" * 40, state="closed")
    pub = publisher(gh)
    assert pub.find_pull("a" * 40) == Pull(7, "a" * 40, True)
    assert pub.find_pull("b" * 40) is None  # not listed for the commit, and no head to look for
    assert pub.find_pull("b" * 40, head_label="else:fix") == Pull(8, "b" * 40, True)
    assert pub.find_pull("c" * 40) == Pull(9, "c" * 40, False)
    assert pub.find_pull("d" * 40, number=7) == Pull(7, "a" * 40, True)
    gh.move_pull(7, "e" * 40)
    assert pub.find_pull("a" * 40) == Pull(7, "e" * 40, True)  # the caller sees it moved on


def test_annotations_and_conclusions_from_results() -> None:
    rows = [
        make_row(1, Outcome.REGRESSION),
        make_row(2, Outcome.REVIEW, "shipping"),
        make_row(3, Outcome.UNSTABLE),
        make_row(4, Outcome.NEW_NON_ANSWER),
        make_row(5, Outcome.ERROR),
        make_row(6, Outcome.TIE),
        make_row(7, Outcome.MOVED, id="x" * 400),
    ]
    found = annotations_for(make_results(rows), "evals/cases.jsonl")
    assert [(a.line, a.level) for a in found] == [
        (2, "failure"),
        (3, "warning"),
        (4, "warning"),
        (5, "notice"),
        (6, "warning"),
    ]
    assert all(len(a.title) <= 255 for a in found)
    long_title = annotations_for(make_results([make_row(1, Outcome.REVIEW, id="é" * 400)]), "c.jsonl")[0].title
    assert len(long_title.encode()) == 254  # cut by bytes (255 would split an "é" in two)
    assert long_title.endswith("é…")
    assert conclusion_for(make_results(rows), 1)[0] == "failure"
    assert conclusion_for(make_results([make_row(1, Outcome.REVIEW, "shipping")]), 0) == (
        "neutral",
        "Does not block merge: 1 row to read before shipping",
    )
    assert conclusion_for(make_results([make_row(1, Outcome.TIE)]), 0)[0] == "success"
    assert conclusion_for(make_results([make_row(1, Outcome.ERROR)]), 3) == (
        "failure",
        "No verdict: 1 of 1 row not judged, so the gate cannot pass",
    )


def test_secondary_rate_limit_with_retry_after_is_retried(gh: FakeGitHub) -> None:
    gh.faults.append(
        Fault(
            "POST",
            r"/repos/o/r/issues/7/comments",
            403,
            message="You have exceeded a secondary rate limit",
            headers={"Retry-After": "1"},
        )
    )
    how, _ = publisher(gh).upsert_comment(7, f"body\n{MARK}", MARK)
    assert how == "created"
    assert len(gh.writes("POST", r"/repos/o/r/issues/7/comments")) == 2


def test_check_run_vanishing_between_create_and_update_is_reported_once(gh: FakeGitHub) -> None:
    gh.faults.append(Fault("PATCH", r"/repos/o/r/check-runs/\d+", 404, times=99))
    annotations = [Annotation("c.jsonl", n, "warning", "t", "m") for n in range(1, 121)]
    with pytest.raises(GitHubRefused, match=r"disappeared before all annotations were sent \(50 of 120\)"):
        publisher(gh).publish_check(
            name="g", head_sha="abc", conclusion="failure", title="t", summary="s", annotations=annotations
        )
    assert len(gh.writes("PATCH", r"/repos/o/r/check-runs/\d+")) == 1  # not retried: it is gone
