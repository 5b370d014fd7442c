"""The code's shape, as docs/architecture.md promises it: small modules, imports one way."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.support.paths import ROOT

PACKAGE = ROOT / "groundgate"
MOST_LINES = 600


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """Every groundgate module ``name`` imports, at the top or inside a function, for type checking or not."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("groundgate"):
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                yield full if full in known else node.module
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in known)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_is_longer_than_600_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): n
        for path in modules().values()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}


def test_no_import_circle() -> None:
    known = modules()
    graph = {name: {other for other in imports(name, path, known) if other in known} for name, path in known.items()}
    assert cycles(graph) == []


def test_the_circle_finder_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_test_modules_import_only_tests_support() -> None:
    """A test module imports helpers from ``tests/support/`` (fixtures come from conftest.py), never from
    another test module: each test stays in its room, and moving or deleting one breaks no other."""
    crossing = {}
    for path in (ROOT / "tests").rglob("*.py"):
        if path.is_relative_to(ROOT / "tests" / "support"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                if isinstance(node, ast.Import) else []
            )  # fmt: skip
            for name in names:
                if name.startswith("tests.") and not name.startswith("tests.support"):
                    crossing[str(path.relative_to(ROOT))] = name
    assert crossing == {}
