"""The contract with GitHub: every request the product sends in these tests is checked against the vendored
REST description and GraphQL schema as it reaches the fake (``FakeGitHub.violations``; a test whose fake saw
one fails). Here: that check fails on deliberately wrong requests, and the vendored copies are what the
refresh script names."""

from __future__ import annotations

import base64
import re

import pytest
import requests
from graphql import parse, validate

from groundgate.github.client import client
from groundgate.github.kept import HEADS_QUERY
from groundgate.github.publisher import COMMENTS_QUERY
from groundgate.github.recent import VERDICTS_QUERY
from tests.support.descriptions import refresh
from tests.support.descriptions.github import GRAPHQL, check_request, check_response, description, schema
from tests.support.fakes.github import _ROUTES, FakeGitHub

CHECK_RUNS = "/repos/o/r/check-runs"
GOOD_RUN = {"name": "g", "head_sha": "a" * 40, "status": "completed", "conclusion": "success",
            "output": {"title": "t", "summary": "s", "annotations": []}}  # fmt: skip


def test_a_request_the_description_allows_passes() -> None:
    assert check_request("POST", CHECK_RUNS, {}, GOOD_RUN) == []
    assert (
        check_request("GET", "/repos/o/r/commits/abc/check-runs", {"check_name": ["g"], "filter": ["all"]}, None) == []
    )
    assert check_request("GET", "/repos/o/r/contents/evals/cases.jsonl", {"ref": ["abc"]}, None) == []


@pytest.mark.parametrize(
    ("method", "path", "query", "body", "says"),
    [
        ("POST", CHECK_RUNS, {}, {**GOOD_RUN, "conclusion": "superseded"}, r"'superseded' is not one of"),
        ("POST", CHECK_RUNS, {}, {**GOOD_RUN, "superseded_by": 7}, r"'superseded_by' was unexpected"),
        ("POST", CHECK_RUNS, {}, {"head_sha": "a"}, r"'name' is a required property"),
        ("POST", CHECK_RUNS, {}, {**GOOD_RUN, "output": {"title": "t", "summary": "s" * 65_536}}, r"maxLength: 65535"),
        ("POST", CHECK_RUNS, {},
         {**GOOD_RUN, "output": {"title": "t", "summary": "s", "annotations": [
             {"path": "c", "start_line": 1, "end_line": 1, "annotation_level": "warning", "message": "m"}] * 51}},
         r"maxItems: 50"),
        ("POST", CHECK_RUNS, {},
         {**GOOD_RUN, "output": {"title": "t", "summary": "s", "annotations": [
             {"path": "c", "start_line": 1, "end_line": 1, "annotation_level": "error", "message": "m"}]}},
         r"'error' is not one of"),
        ("PATCH", f"{CHECK_RUNS}/not-a-number", {}, {"conclusion": "neutral"}, r"path check_run_id"),
        ("GET", "/repos/o/r/pulls", {"state": ["opened"]}, None, r"'opened' is not one of"),
        ("GET", "/repos/o/r/pulls", {"per_page": ["500"]}, None, r"over the documented maximum 100"),
        ("GET", "/repos/o/r/pulls", {"sort_by": ["created"]}, None, r"'sort_by' is not in the description"),
        ("POST", "/repos/o/r/issues/7/comments", {}, {"text": "x"}, r"'body' is a required property"),
        ("DELETE", "/repos/o/r/issues/comments/7", {}, None, r"no such operation"),
        ("GET", "/repos/o/r/issues/7/comments", {}, {"body": "x"}, r"takes no body"),
    ],
    ids=[
        "unknown-enum", "unknown-field", "missing-required", "summary-too-long", "51-annotations",
        "annotation-level", "path-type", "query-enum", "per-page-limit", "unknown-query", "comment-field",
        "unknown-operation", "body-on-get",
    ],
)  # fmt: skip
def test_the_contract_check_fails_on_a_deliberately_wrong_request(
    method: str, path: str, query: dict[str, list[str]], body: object, says: str
) -> None:
    problems = check_request(method, path, query, body)
    assert any(re.search(says, p) for p in problems), problems


def test_a_wrong_request_through_pygithub_fails_the_test_that_sent_it() -> None:
    """The fake checks every request as it arrives: a product that sent this would fail its own test."""
    refused = pytest.raises(AssertionError, match=r"left GitHub's descriptions:\n.*'superseded' is not one of")
    with refused, FakeGitHub() as gh:
        repo = client(gh.token, gh.url, retries=0, pace=(0, 0)).get_repo("o/r")
        repo.create_check_run(name="g", head_sha="a" * 40, status="completed", conclusion="superseded")


def test_an_answer_that_leaves_the_description_is_caught_too() -> None:
    comment = {"id": 1, "body": "x"}  # an issue comment without the fields GitHub always sends
    problems = check_response("GET", "/repos/o/r/issues/comments/1", 200, comment)
    assert any("'node_id' is a required property" in p for p in problems)
    assert check_response("GET", "/repos/o/r/issues/comments/1", 404, {"message": "Not Found"}) == []


def test_the_comment_query_is_valid_against_githubs_schema_and_a_wrong_one_is_not() -> None:
    assert validate(schema(), parse(COMMENTS_QUERY)) == []
    assert validate(schema(), parse(VERDICTS_QUERY)) == []  # the verdicts kept on pull requests' commits
    assert validate(schema(), parse(HEADS_QUERY)) == []  # a pull request's commits and force pushes
    wrong = COMMENTS_QUERY.replace("viewerDidAuthor", "viewerAuthored")
    assert [e.message for e in validate(schema(), parse(wrong))] == [
        "Cannot query field 'viewerAuthored' on type 'IssueComment'. Did you mean 'viewerDidAuthor'?"
    ]


def test_the_fake_records_a_query_the_schema_refuses() -> None:
    refused = pytest.raises(AssertionError, match=r"POST /graphql: Cannot query field 'viewerAuthored'")
    with refused, FakeGitHub() as gh:
        github = client(gh.token, gh.url, retries=0, pace=(0, 0))
        with pytest.raises(Exception, match="viewerAuthored"):
            github.requester.graphql_query(COMMENTS_QUERY.replace("viewerDidAuthor", "viewerAuthored"), {
                    "owner": "o", "name": "r", "number": 7, "after": None})  # fmt: skip


def test_the_vendored_copies_are_the_versions_the_refresh_names_and_the_fake_serves_them_all() -> None:
    assert description()["info"]["version"] == refresh.OPENAPI_VERSION
    assert description()["info"]["x-trimmed-from"].startswith(f"{refresh.OPENAPI_PACKAGE}@{refresh.OPENAPI_VERSION}")
    assert GRAPHQL.read_text().startswith(f"# {refresh.GRAPHQL_PACKAGE}@{refresh.GRAPHQL_VERSION} ")
    vendored = {(m.upper(), t) for t, item in description()["paths"].items() for m in item if m != "parameters"}
    assert vendored == {(m.upper(), t) for m, t in refresh.OPERATIONS}
    assert {tuple(name.split(" ", 1)) for name in _ROUTES} == vendored  # a route for every operation, and only those


def test_the_fake_answers_big_files_and_big_ids_as_github_documents() -> None:
    big = b"a" * (2 * 1024 * 1024)  # 2 MB: past the contents API's 1 MB
    with FakeGitHub() as gh:
        gh.files[("base", "evals/cases.jsonl")] = big
        gh.add_comment(7, "hello", gh.bot)
        session = requests.Session()
        session.headers.update({"Authorization": f"token {gh.token}", "X-GitHub-Api-Version": "2022-11-28"})
        url = f"{gh.url}/repos/o/r/contents/evals/cases.jsonl?ref=base"
        answer = session.get(url, headers={"Accept": "application/vnd.github.object+json"}).json()
        assert (answer["encoding"], answer["content"], answer["size"]) == ("none", "", len(big))
        assert not gh.violations  # the object media type's schema (content-tree) holds the answer
        session.get(url)  # Accept */*: the description supports only the raw and object media types at 2 MB
        session.get(url, headers={"Accept": "application/vnd.github.diff"})  # not one this operation lists
        assert [v.split(":")[0] for v in gh.violations] == ["GET /repos/o/r/contents/evals/cases.jsonl"] * 3
        assert "supports only the raw or object media types" in gh.violations[0]
        assert "'application/vnd.github.diff' is not a media type this operation supports" in gh.violations[1]
        gh.violations.clear()
        raw = session.get(url, headers={"Accept": "application/vnd.github.raw+json"})
        assert raw.content == big
        blob = session.get(f"{gh.url}/repos/o/r/git/blobs/{answer['sha']}").json()
        assert (blob["encoding"], base64.b64decode(blob["content"])) == ("base64", big)
        gh.api_limit = 1024 * 1024  # stands for 100 MB
        refused = session.get(url, headers={"Accept": "application/vnd.github.raw+json"})
        assert refused.status_code == 403
        assert refused.json()["errors"] == [{"resource": "Blob", "field": "data", "code": "too_large"}]
        assert {"message", "documentation_url", "status"} <= refused.json().keys()
        query = 'query { repository(owner: "o", name: "r") { pullRequest(number: 7) { comments(first: 1) { nodes { databaseId fullDatabaseId } } } } }'  # fmt: skip
        graphql = session.post(f"{gh.url}/graphql", json={"query": query}).json()
        [node] = graphql["data"]["repository"]["pullRequest"]["comments"]["nodes"]
        assert node["databaseId"] is None  # a 32-bit Int cannot hold the id
        assert node["fullDatabaseId"] == str(max(gh.comments))  # a BigInt, as a string
        assert graphql["errors"][0]["message"].startswith("Int cannot represent non 32-bit signed integer value")
