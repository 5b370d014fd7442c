"""Refresh the vendored, trimmed copies of GitHub's own descriptions from npm, in one command:

    .venv/bin/python -m tests.support.descriptions.refresh [--openapi VERSION] [--graphql VERSION]

``@octokit/openapi`` (api.github.com's REST description) is trimmed to the operations in
``OPERATIONS`` and every component they reference; ``@octokit/graphql-schema`` to the fields in
``GRAPHQL_FIELDS`` and every type their types and arguments name. The fake GitHub answers from these
copies and the contract check holds every request to them, so a route added to the fake needs its
operation here (then run this again). Needs ``npm`` (the registry only); nothing else is downloaded.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from graphql import (
    DefinitionNode,
    DirectiveDefinitionNode,
    DocumentNode,
    InputObjectTypeDefinitionNode,
    InterfaceTypeDefinitionNode,
    NamedTypeNode,
    ObjectTypeDefinitionNode,
    UnionTypeDefinitionNode,
    Visitor,
    build_ast_schema,
    parse,
    print_ast,
    visit,
)

HERE = Path(__file__).parent
OPENAPI = HERE / "openapi" / "api.github.com.json"
GRAPHQL = HERE / "graphql" / "schema.graphql"
OPENAPI_PACKAGE, OPENAPI_VERSION = "@octokit/openapi", "23.0.2"
GRAPHQL_PACKAGE, GRAPHQL_VERSION = "@octokit/graphql-schema", "15.26.1"

# The REST operations groundgate sends (and the fake answers), as the description names them.
OPERATIONS: list[tuple[str, str]] = [
    ("get", "/user"),
    ("get", "/repos/{owner}/{repo}/contents/{path}"),
    ("get", "/repos/{owner}/{repo}/git/blobs/{file_sha}"),
    ("get", "/repos/{owner}/{repo}/issues/{issue_number}"),
    ("get", "/repos/{owner}/{repo}/issues/{issue_number}/comments"),
    ("post", "/repos/{owner}/{repo}/issues/{issue_number}/comments"),
    ("get", "/repos/{owner}/{repo}/issues/comments/{comment_id}"),
    ("post", "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions"),
    ("patch", "/repos/{owner}/{repo}/issues/comments/{comment_id}"),
    ("get", "/repos/{owner}/{repo}/pulls"),
    ("get", "/repos/{owner}/{repo}/pulls/{pull_number}"),
    ("get", "/repos/{owner}/{repo}/commits"),
    ("get", "/repos/{owner}/{repo}/commits/{commit_sha}/pulls"),
    ("get", "/repos/{owner}/{repo}/commits/{ref}/check-runs"),
    ("post", "/repos/{owner}/{repo}/check-runs"),
    ("patch", "/repos/{owner}/{repo}/check-runs/{check_run_id}"),
    ("get", "/repos/{owner}/{repo}/check-runs/{check_run_id}/annotations"),
    ("get", "/repos/{owner}/{repo}/collaborators/{username}/permission"),
]

# The GraphQL fields groundgate selects, by type (the comment lookup, people's commands with their authors
# and editors, and the verdicts kept on each pull request's last commits); types their arguments need come
# along whole. An object implementing a kept interface lists all of the interface's fields.
GRAPHQL_FIELDS: dict[str, list[str]] = {
    "Query": ["rateLimit", "repository"],
    "RateLimit": ["cost", "remaining", "resetAt"],
    "Repository": ["object", "pullRequest", "pullRequests"],
    "PullRequestConnection": ["nodes", "pageInfo"],
    "PullRequest": ["comments", "commits", "number", "timelineItems", "updatedAt"],
    "IssueCommentConnection": ["nodes", "pageInfo", "totalCount"],
    "IssueComment": [
        "author", "body", "createdAt", "databaseId", "editor", "fullDatabaseId", "id", "lastEditedAt", "userContentEdits",
        "viewerDidAuthor",
    ],
    "UserContentEditConnection": ["nodes", "totalCount"],
    "UserContentEdit": ["editedAt", "editor"],
    "User": ["avatarUrl", "login", "resourcePath", "url"],
    "Bot": ["avatarUrl", "login", "resourcePath", "url"],
    "PullRequestCommitConnection": ["nodes", "pageInfo", "totalCount"],
    "PullRequestTimelineItemsConnection": ["nodes", "pageInfo"],
    "HeadRefForcePushedEvent": ["afterCommit", "beforeCommit", "createdAt"],
    "PullRequestCommit": ["commit"],
    "Commit": ["abbreviatedOid", "checkSuites", "commitResourcePath", "commitUrl", "id", "oid", "repository"],
    "CheckSuiteConnection": ["nodes", "pageInfo"],
    "CheckSuite": ["checkRuns"],
    "CheckRunConnection": ["nodes"],
    "CheckRun": ["completedAt", "name", "text"],
    "PageInfo": ["endCursor", "hasNextPage"],
}  # fmt: skip
# Unions cut to these members: the pull request's timeline, read for its force pushes (the heads they replaced).
UNIONS: dict[str, list[str]] = {"PullRequestTimelineItems": ["HeadRefForcePushedEvent"]}
# Kept whole, with the objects above that implement them: a comment's author and editor (and its edits' editors),
# and the commit a paged check-suite lookup reaches through ``Repository.object``.
INTERFACES = ("Actor", "GitObject")


def npm_file(package: str, version: str, member: str, folder: Path) -> bytes:
    """One file of an npm package, from the registry's tarball (``npm pack``: no install, no scripts)."""
    subprocess.run(["npm", "pack", "--silent", f"{package}@{version}"], cwd=folder, check=True, capture_output=True)
    [tarball] = folder.glob(f"{package.lstrip('@').replace('/', '-')}-{version}.tgz")
    with tarfile.open(tarball) as archive:
        found = archive.extractfile(f"package/{member}")
        assert found is not None, member
        return found.read()


def trim_openapi(full: dict[str, Any], package: str) -> dict[str, Any]:
    """The operations in OPERATIONS and every component they reference, transitively."""
    paths: dict[str, dict[str, Any]] = {}
    for method, template in OPERATIONS:
        item = full["paths"][template]
        paths.setdefault(template, {})[method] = item[method]
        if "parameters" in item:
            paths[template]["parameters"] = item["parameters"]
    components: dict[str, dict[str, Any]] = {}
    pending: list[Any] = [paths]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/components/"):
                _, _, kind, name = ref.split("/", 3)
                if name not in components.setdefault(kind, {}):
                    components[kind][name] = full["components"][kind][name]
                    pending.append(components[kind][name])
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    info = {**full["info"], "x-trimmed-from": f"{package}@{full['info']['version']} generated/api.github.com.json"}
    return {
        "openapi": full["openapi"],
        "info": info,
        "servers": full.get("servers", []),
        "paths": dict(sorted(paths.items())),
        "components": {kind: dict(sorted(found.items())) for kind, found in sorted(components.items())},
    }


def trim_graphql(sdl: str, header: str) -> str:
    """The fields in GRAPHQL_FIELDS, the types they and their arguments name (enums, scalars, inputs
    whole), and the directives those use. Interfaces other than INTERFACES are dropped: no query selects
    a fragment of them."""
    document = parse(sdl)
    by_name = {d.name.value: d for d in document.definitions if hasattr(d, "name") and d.name is not None}
    kept: dict[str, DefinitionNode] = {}
    pending = list(GRAPHQL_FIELDS)
    while pending:
        name = pending.pop()
        if name in kept or name not in by_name:
            continue  # built-in scalars (String, Int, Boolean, ID) are not in the SDL
        node = by_name[name]
        if isinstance(node, ObjectTypeDefinitionNode):
            wanted = GRAPHQL_FIELDS.get(name)
            assert wanted is not None, f"{name} is an object type the kept fields return: list its fields"
            fields = tuple(f for f in node.fields or () if f.name.value in wanted)
            assert {f.name.value for f in fields} == set(wanted), f"{name} lacks some of {wanted}"
            interfaces = tuple(i for i in node.interfaces or () if i.name.value in INTERFACES)
            node = ObjectTypeDefinitionNode(
                description=node.description,
                name=node.name,
                interfaces=interfaces,
                directives=node.directives,
                fields=fields,
            )
        elif isinstance(node, UnionTypeDefinitionNode):
            members = UNIONS.get(name)
            assert members is not None, f"{name} is a union the kept fields return: list its members in UNIONS"
            types = tuple(t for t in node.types or () if t.name.value in members)
            assert {t.name.value for t in types} == set(members), f"{name} lacks some of {members}"
            node = UnionTypeDefinitionNode(description=node.description, name=node.name, directives=node.directives, types=types)  # fmt: skip
        kept[name] = node
        pending += _named_types(node)
    directives = {d for node in kept.values() for d in _directives(node)}
    definitions = [by_name[d] for d in sorted(directives) if isinstance(by_name.get(d), DirectiveDefinitionNode)]
    definitions += [kept[name] for name in sorted(kept)]
    trimmed = print_ast(DocumentNode(definitions=tuple(definitions)))
    build_ast_schema(parse(trimmed))  # a schema that builds, or the refresh stops here
    return header + trimmed + "\n"


def _named_types(node: DefinitionNode) -> list[str]:
    found: list[str] = []

    class Names(Visitor):
        def enter_named_type(self, named: NamedTypeNode, *_: object) -> None:
            found.append(named.name.value)

    fields: tuple[Any, ...] = ()
    if isinstance(node, UnionTypeDefinitionNode):
        return [t.name.value for t in node.types or ()]
    if isinstance(node, ObjectTypeDefinitionNode | InputObjectTypeDefinitionNode | InterfaceTypeDefinitionNode):
        fields = tuple(node.fields or ())
    for field in fields:
        visit(field, Names())
    return found


def _directives(node: DefinitionNode) -> list[str]:
    found: list[str] = []

    class Names(Visitor):
        def enter_directive(self, directive: Any, *_: object) -> None:
            found.append(directive.name.value)

    visit(node, Names())
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openapi", default=OPENAPI_VERSION, help=f"{OPENAPI_PACKAGE} version")
    parser.add_argument("--graphql", default=GRAPHQL_VERSION, help=f"{GRAPHQL_PACKAGE} version")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        full = json.loads(npm_file(OPENAPI_PACKAGE, args.openapi, "generated/api.github.com.json", Path(folder)))
        sdl = npm_file(GRAPHQL_PACKAGE, args.graphql, "schema.graphql", Path(folder)).decode()
    OPENAPI.parent.mkdir(parents=True, exist_ok=True)
    OPENAPI.write_text(json.dumps(trim_openapi(full, OPENAPI_PACKAGE), indent=1, ensure_ascii=False) + "\n")
    header = (
        f"# {GRAPHQL_PACKAGE}@{args.graphql} schema.graphql, trimmed by tests/support/descriptions/refresh.py\n"
        "# to the fields groundgate selects. Do not edit: refresh it.\n\n"
    )
    GRAPHQL.parent.mkdir(parents=True, exist_ok=True)
    GRAPHQL.write_text(trim_graphql(sdl, header))
    print(f"wrote {OPENAPI} ({OPENAPI_PACKAGE}@{args.openapi}) and {GRAPHQL} ({GRAPHQL_PACKAGE}@{args.graphql})")
    if (args.openapi, args.graphql) != (OPENAPI_VERSION, GRAPHQL_VERSION):
        print("now set OPENAPI_VERSION and GRAPHQL_VERSION in this script to the versions vendored")


if __name__ == "__main__":
    main()
