"""Real PyGithub against the in-memory GitHub server: the comment, the check run, faults."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from github import GithubException

from groundgate.errors import GitHubRefused
from groundgate.github.annotations import Annotation, annotations_for
from groundgate.github.client import client, refused
from groundgate.github.publisher import Publisher, Pull
from groundgate.report.context import marker
from groundgate.report.headline import verdict_headline
from groundgate.results import Results
from groundgate.rules import Conclusion, FailOn, Outcome, gate_exit
from tests.support.fakes.github import FakeGitHub, Fault, blob_sha
from tests.support.reports import make_results, make_row

MARK = marker("groundgate")


@pytest.fixture
def gh() -> Iterator[FakeGitHub]:
    with FakeGitHub() as server:
        yield server


def publisher(gh: FakeGitHub, token: str = "ghs_test") -> Publisher:
    return Publisher(client(token, gh.url, retries=3, pace=(0, 0)), "o/r")


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


def test_the_checks_tab_gets_failures_first_then_warnings_then_notices(gh: FakeGitHub) -> None:
    levels = ["notice", "warning", "failure"] * 40  # in line order, as the cases file has them
    annotations = [Annotation("evals/cases.jsonl", n, level, f"t{n}", f"m{n}") for n, level in enumerate(levels, 1)]
    run_id = publisher(gh).publish_check(
        name="groundgate", head_sha="abc123", conclusion="failure", title="t", summary="s", annotations=annotations
    )
    sent = [(a["annotation_level"], a["start_line"]) for a in gh.check_runs[run_id]["annotations"]]
    assert [level for level, _ in sent] == ["failure"] * 40 + ["warning"] * 40 + ["notice"] * 40
    assert [line for level, line in sent if level == "failure"] == list(range(3, 121, 3))  # each level by line


def test_the_last_change_of_a_file_is_one_request_for_the_newest_commit(gh: FakeGitHub) -> None:
    newer, older = datetime(2026, 1, 5, 9, 30, tzinfo=UTC), datetime(2025, 6, 1, tzinfo=UTC)
    gh.history[("ba5e", "evals/baseline.jsonl")] = [("c" * 40, newer), ("d" * 40, older)]
    assert publisher(gh).last_change("evals/baseline.jsonl", "ba5e") == ("c" * 40, newer)
    assert [r.query for r in gh.requests if r.path == "/repos/o/r/commits"] == [
        {"path": ["evals/baseline.jsonl"], "sha": ["ba5e"], "per_page": ["1"]}
    ]
    assert publisher(gh).last_change("evals/other.jsonl", "ba5e") is None  # no commit changed it there
    gh.faults.append(Fault("GET", r"/repos/o/r/commits", 403, message="Resource not accessible by integration"))
    with pytest.raises(GitHubRefused, match=r"read the last change of evals/baseline\.jsonl"):
        publisher(gh).last_change("evals/baseline.jsonl", "ba5e")


def test_the_verdicts_record_stays_in_the_check_runs_text_through_every_batch_of_annotations(gh: FakeGitHub) -> None:
    """GitHub's description does not say an update whose output leaves `text` out keeps it (the fake clears it):
    every batch sends it again, so a verdict with more than 50 annotations keeps its record."""
    annotations = [Annotation("evals/cases.jsonl", n, "failure", f"t{n}", f"m{n}") for n in range(1, 121)]
    run_id = publisher(gh).publish_check(
        name="groundgate", head_sha="abc123", conclusion="failure", title="t", summary="s", annotations=annotations,
        text="the record",
    )  # fmt: skip
    assert gh.check_runs[run_id]["output"]["text"] == "the record"
    sent = [r.body["output"].get("text") for r in gh.requests if "check-runs" in r.path and r.method != "GET"]
    assert sent == ["the record"] * 3


def test_a_rerun_gets_its_own_check_run_and_supersedes_the_older_one(gh: FakeGitHub) -> None:
    """GitHub appends annotations on update and removes none: a rerun that reused the check run would keep
    the older verdict's. Each run gets its own; the older one is completed as superseded."""
    first = [Annotation("evals/cases.jsonl", n, "failure", f"t{n}", f"m{n}") for n in (1, 2)]
    other = publisher(gh).publish_check(
        name="docs gate", head_sha="abc123", conclusion="success", title="t", summary="s", annotations=[]
    )
    old = publisher(gh).publish_check(
        name="groundgate / verdict", head_sha="abc123", conclusion="failure", title="a", summary="s", annotations=first
    )
    new = publisher(gh).publish_check(
        name="groundgate / verdict",
        head_sha="abc123",
        conclusion="neutral",
        title="b",
        summary="s2",
        annotations=[Annotation("evals/cases.jsonl", 3, "warning", "t3", "m3")],
    )
    assert new != old
    assert min(new, old) > 2**31  # check run ids are int64, as GitHub's are
    run = gh.check_runs[new]
    assert (run["conclusion"], run["output"]["title"], run["output"]["summary"]) == ("neutral", "b", "s2")
    assert [a["start_line"] for a in run["annotations"]] == [3]  # only the current verdict's
    older = gh.check_runs[old]
    assert (older["status"], older["conclusion"]) == ("completed", "neutral")
    assert older["output"]["title"] == "Superseded by a newer run of groundgate / verdict"
    assert str(new) in older["output"]["summary"]
    assert gh.check_runs[other]["conclusion"] == "success"  # another name on the same commit is left alone
    latest = publisher(gh)._repo.get_commit("abc123").get_check_runs(check_name="groundgate / verdict")
    assert [r.id for r in latest] == [new]  # what GitHub lists for the name by default (filter=latest)
    third = publisher(gh).publish_check(
        name="groundgate / verdict", head_sha="abc123", conclusion="success", title="c", summary="s", annotations=[]
    )
    assert len(gh.writes("PATCH", rf"/repos/o/r/check-runs/{old}")) == 1  # superseded once, not again
    assert gh.check_runs[new]["output"]["title"].startswith("Superseded")
    assert publisher(gh).publish_check(
        name="groundgate / verdict", head_sha="def456", conclusion="success", title="c", summary="s", annotations=[]
    ) not in (old, new, third, other)  # another commit gets its own


def test_an_older_check_run_this_token_may_not_edit_is_left_as_it_is(gh: FakeGitHub) -> None:
    theirs = publisher(gh).publish_check(
        name="groundgate / verdict", head_sha="abc123", conclusion="success", title="t", summary="s", annotations=[]
    )
    gh.faults.append(Fault("PATCH", rf"/repos/o/r/check-runs/{theirs}", 403, message="another app's check run"))
    mine = publisher(gh).publish_check(
        name="groundgate / verdict", head_sha="abc123", conclusion="failure", title="t", summary="s", annotations=[]
    )
    assert mine != theirs
    assert gh.check_runs[mine]["conclusion"] == "failure"
    assert gh.check_runs[theirs]["conclusion"] == "success"
    gh.faults.append(Fault("GET", r"/repos/o/r/commits/abc123/check-runs", 403, message="cannot list"))
    again = publisher(gh).publish_check(
        name="groundgate / verdict", head_sha="abc123", conclusion="success", title="t", summary="s", annotations=[]
    )  # a token that cannot list check runs still posts its verdict
    assert gh.check_runs[again]["conclusion"] == "success"


def test_the_pull_requests_of_a_commit_are_found_for_a_fork(gh: FakeGitHub) -> None:
    gh.add_pull(7, "a" * 40, head_repo="someone/r")
    gh.add_pull(8, "b" * 40, head_repo="else/r", head_ref="fix", by_commit=False)
    gh.add_pull(9, "c" * 40, state="closed")
    pub = publisher(gh)
    assert pub.pulls_of_run("a" * 40) == [Pull(7, "a" * 40, True, "someone/r", "patch-1")]
    [listed] = [r for r in gh.requests if r.path.endswith("/pulls") and "/commits/" in r.path]
    assert listed.headers["accept"] == "application/vnd.github+json"  # not PyGithub's retired groot-preview
    assert pub.pulls_of_run("b" * 40) == []  # not listed for the commit, and no head to look for
    assert pub.pulls_of_run("b" * 40, head_label="else:fix") == [Pull(8, "b" * 40, True, "else/r", "fix")]
    assert pub.pulls_of_run("c" * 40) == [Pull(9, "c" * 40, False, "o/r", "patch-1")]
    assert [p.number for p in pub.pulls_of_run("d" * 40, listed=[7, 404])] == [7]  # a listed number not ours: skipped
    gh.move_pull(7, "e" * 40)
    assert pub.pulls_of_run("a" * 40) == [
        Pull(7, "e" * 40, True, "someone/r", "patch-1")
    ]  # the caller sees it moved on


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
    assert [(a.line, a.level) for a in found] == [  # failures first, then warnings, then notices
        (2, "failure"),
        (3, "warning"),
        (4, "warning"),
        (6, "warning"),
        (5, "notice"),
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


# ---- GitHub's real answers: int64 ids, big files, refusals that say what they are


def test_comment_ids_past_2_31_are_found_by_full_database_id(gh: FakeGitHub) -> None:
    """GraphQL's IssueComment.databaseId is a 32-bit Int: past 2^31 a schema-conformant server answers it
    null with an error. fullDatabaseId (a BigInt, sent as a string) carries the id."""
    mine = gh.add_comment(7, f"old\n{MARK}", "github-actions[bot]")
    assert mine > 2**31
    how, _ = publisher(gh).upsert_comment(7, f"new\n{MARK}", MARK)
    assert how == "updated"
    assert [c["id"] for c in gh.comments_on(7)] == [mine]
    assert gh.comments[mine]["body"].startswith("new")
    [lookup] = [r for r in gh.requests if r.path == "/graphql"]
    assert "fullDatabaseId" in lookup.body["query"]
    assert "databaseId " not in lookup.body["query"].replace("fullDatabaseId", "")


def test_a_failed_comment_lookup_says_why_in_one_short_line(gh: FakeGitHub) -> None:
    """The 32-bit field's error comes back with the whole page of comments as data: the refusal keeps
    GitHub's message, never the bodies it listed."""
    body = "previous report " + "x" * 7_000
    gh.add_comment(7, f"{body}\n{MARK}", "github-actions[bot]")
    query = (
        'query { repository(owner: "o", name: "r") { pullRequest(number: 7) { comments(first: 100) '
        "{ nodes { databaseId viewerDidAuthor body } } } } }"
    )
    with pytest.raises(GithubException) as raised:
        publisher(gh)._github.requester.graphql_query(query, {})
    assert "x" * 1000 in str(raised.value)  # PyGithub's own text holds the whole answer
    message = str(refused("write the comment on #7", raised.value, "comment", "installation"))
    assert "Int cannot represent non 32-bit signed integer value" in message
    assert "previous report" not in message
    assert len(message) < 600
    assert "permissions" not in message  # a 400 from GraphQL is not a permissions problem


def test_files_of_1_to_100_mb_are_read_whole_through_the_blobs_api(gh: FakeGitHub) -> None:
    """In the object media type, which the description supports for files of 1-100 MB (the fake records a
    violation for any other: the default one serves files up to 1 MB only)."""
    data = b"".join(b'{"id": "c%d", "context": "%s"}\n' % (n, b"y" * 1000) for n in range(5_000))  # ~5 MB
    gh.files[("base", "evals/cases.jsonl")] = data
    assert publisher(gh).file_at("evals/cases.jsonl", "base") == data
    [contents] = [r for r in gh.requests if "/contents/" in r.path]
    assert contents.query == {"ref": ["base"]}
    assert contents.headers["accept"] == "application/vnd.github.object+json"
    [blob] = [r for r in gh.requests if "/git/blobs/" in r.path]
    assert (blob.path, blob.headers["accept"]) == (f"/repos/o/r/git/blobs/{blob_sha(data)}", "application/vnd.github+json")  # fmt: skip
    assert not gh.violations
    gh.files[("base", "small.jsonl")] = b"{}\n"
    assert publisher(gh).file_at("small.jsonl", "base") == b"{}\n"
    assert publisher(gh).file_at("missing.jsonl", "base") is None


def test_a_file_over_the_api_limit_is_refused_as_too_large_not_as_permissions(gh: FakeGitHub) -> None:
    gh.api_limit = 1000  # stands for 100 MB: GitHub's documented limit, lowered to keep the test small
    gh.files[("base", "evals/cases.jsonl")] = b"z" * 2000
    with pytest.raises(GitHubRefused) as raised:
        publisher(gh).file_at("evals/cases.jsonl", "base")
    message = str(raised.value)
    assert "HTTP 403" in message
    assert "too_large" in message
    assert "larger than GitHub's API serves (100 MB)" in message
    assert "permissions" not in message


@pytest.mark.parametrize(
    ("token", "words", "not_words"),
    [
        ("ghs_workflow", ["'permissions: checks: write'", "GitHub App 'Checks: Read and write'"], ["personal"]),
        (
            "github_pat_fine",
            ["personal access tokens (fine-grained or classic)", "cannot create check runs"],
            ["permissions:"],
        ),
        ("ghp_classic", ["cannot create check runs", "check-run: false"], ["permissions:"]),
    ],
    ids=["workflow-or-app-token", "fine-grained-pat", "classic-pat"],
)
def test_a_403_on_the_check_run_gives_the_fix_for_the_token_kind(
    token: str, words: list[str], not_words: list[str]
) -> None:
    with FakeGitHub(token=token) as gh:
        gh.faults.append(Fault("POST", r"/repos/o/r/check-runs", 403, message="Resource not accessible by integration"))
        with pytest.raises(GitHubRefused) as raised:
            publisher(gh, token).publish_check(
                name="g", head_sha="abc", conclusion="success", title="t", summary="s", annotations=[]
            )
    message = str(raised.value)
    assert "HTTP 403: Resource not accessible by integration" in message
    assert all(w in message for w in words), message
    assert not any(w in message for w in not_words), message


@pytest.mark.parametrize(
    ("token", "fix"),
    [
        ("ghs_workflow", "'permissions: pull-requests: write'"),
        ("github_pat_fine", "give the fine-grained token 'Pull requests: Read and write' on this repository"),
        ("ghp_classic", "give the classic token the 'repo' scope"),
    ],
)
def test_a_403_on_the_comment_gives_the_fix_for_the_token_kind(token: str, fix: str) -> None:
    with FakeGitHub(token=token, me=None if token.startswith("ghs_") else "someone") as gh:
        gh.faults.append(
            Fault("POST", r"/repos/o/r/issues/7/comments", 403, times=9, message="Resource not accessible")
        )
        with pytest.raises(GitHubRefused, match=re.escape(fix)):
            publisher(gh, token).upsert_comment(7, f"body\n{MARK}", MARK)


@pytest.mark.parametrize(
    ("status", "says"),
    [(401, "the token was not accepted"), (404, "does not exist, or this token cannot see it"), (422, "invalid")],
)
def test_refusals_that_are_not_about_permissions_never_print_the_permissions_fix(
    gh: FakeGitHub, status: int, says: str
) -> None:
    gh.faults.append(Fault("POST", r"/repos/o/r/check-runs", status, times=9, message="refused"))
    with pytest.raises(GitHubRefused) as raised:
        publisher(gh).publish_check(
            name="g", head_sha="abc", conclusion="success", title="t", summary="s", annotations=[]
        )
    assert f"HTTP {status}: refused" in str(raised.value)
    assert says in str(raised.value)
    assert "permissions" not in str(raised.value)


def test_every_rest_call_names_the_api_version(gh: FakeGitHub) -> None:
    pub = publisher(gh)
    pub.upsert_comment(7, f"body\n{MARK}", MARK)
    pub.publish_check(name="g", head_sha="abc", conclusion="success", title="t", summary="s", annotations=[])
    gh.files[("base", "c.jsonl")] = b"{}\n"
    pub.file_at("c.jsonl", "base")
    rest = [r for r in gh.requests if r.path != "/graphql"]
    assert len(rest) >= 4
    assert {r.headers.get("x-github-api-version") for r in rest} == {"2022-11-28"}
