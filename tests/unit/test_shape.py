"""The code's shape, as docs/architecture.md promises it: small modules, imports one way."""

from __future__ import annotations

import ast
import re
import sys
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


def private(name: str) -> bool:
    """A name a package keeps to itself: one leading underscore (a dunder is a protocol, not a secret)."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def dependency(module: str) -> bool:
    top = module.split(".")[0]
    return top not in sys.stdlib_module_names and top not in ("groundgate", "__future__")


def root(node: ast.expr) -> str | None:
    """The name an attribute chain, a call or a subscript starts from (``a`` of ``a.b().c[0].d``)."""
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def reaches_in(source: str) -> list[str]:
    """Where a module imports, reads, patches, replaces or mutates a dependency's private names, or assigns to
    anything of a dependency's: names bound by an import from a dependency (its modules, classes, functions),
    and the names assigned from them or annotated with them, are followed through the module."""
    tree = ast.parse(source)
    found: list[str] = []
    theirs: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in (a for a in node.names if dependency(a.name)):
                found += (
                    [f"line {node.lineno}: import {alias.name}"] if any(map(private, alias.name.split("."))) else []
                )
                theirs.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level and dependency(node.module):
            hidden = [a.name for a in node.names if private(a.name)] + [p for p in node.module.split(".") if private(p)]
            found += [f"line {node.lineno}: from {node.module} import {', '.join(hidden)}"] if hidden else []
            theirs.update(alias.asname or alias.name for alias in node.names)
    while True:  # what is made from theirs is theirs
        before = len(theirs)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign | ast.AnnAssign | ast.NamedExpr) and node.value is not None:
                if root(node.value) in theirs:
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    theirs.update(t.id for t in targets if isinstance(t, ast.Name))
            elif isinstance(node, ast.arg) and node.annotation is not None and root(node.annotation) in theirs:
                theirs.add(node.arg)
            elif isinstance(node, ast.withitem) and isinstance(node.optional_vars, ast.Name) and root(node.context_expr) in theirs:  # fmt: skip
                theirs.add(node.optional_vars.id)
        if len(theirs) == before:
            break
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr) and root(node.value) in theirs:
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
        changed: list[ast.expr] = []
        if isinstance(node, ast.Assign | ast.Delete):
            changed = list(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            changed = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("setattr", "delattr"):
            changed = [ast.Attribute(value=node.args[0], attr="?")] if node.args else []
        found += [
            f"line {getattr(node, 'lineno', 0)}: {ast.unparse(t)} replaced"
            for t in changed
            if isinstance(t, ast.Attribute) and root(t.value) in theirs
        ]
    return found


def test_no_module_reaches_into_or_patches_a_dependency() -> None:
    """groundgate uses its dependencies through their public API: no private name of theirs is imported, read,
    replaced or mutated, and nothing of theirs is patched (it used ten private seams of four packages, three
    patched process-wide, which pinned the SDK to one release)."""
    found = {
        str(path.relative_to(ROOT)): reached
        for path in modules().values()
        if (reached := reaches_in(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_the_scan_finds_a_private_seam_or_a_patch() -> None:
    assert reaches_in("from azure.ai.evaluation._legacy.prompty import _utils\n")
    assert reaches_in("from openai._utils import PropertyInfo\n")
    assert reaches_in("import httpcore2\nhttpcore2.default_ssl_context = lambda: None\n")
    assert reaches_in("from httpx2 import AsyncHTTPTransport as T\nT.handle_async_request = None\n")
    assert reaches_in("from x import Evaluator\ne = Evaluator()\nflow = e._flow\n")
    assert reaches_in("from x import Evaluator\ndef f(e: Evaluator) -> None:\n    e._flow.parameters['a'] = 1\n")
    assert reaches_in("import jinja2\nsetattr(jinja2, 'x', 1)\n")
    assert reaches_in("from openai import OpenAI\nclient = OpenAI()\nclient.with_options = None\n")
    assert not reaches_in("from openai import OpenAI\nclient = OpenAI()\nclient.chat.completions.create()\n")
    assert not reaches_in("class A:\n    def f(self) -> None:\n        self._x = 1\n")
    assert not reaches_in("import os\nos.environ._data\n")


def layers() -> list[list[str]]:
    """docs/architecture.md's table of layers, top first: each layer's modules as written there."""
    text = (ROOT / "docs/architecture.md").read_text(encoding="utf-8")
    table = text.split("## The layers", 1)[1].split("\n\n", 2)[2].split("\n\n", 1)[0]
    rows = [line for line in table.splitlines()[2:] if line.startswith("|")]
    return [re.findall(r"`([^`]+)`", row.split("|")[2]) for row in rows]


def layer_of(name: str, found: list[list[str]]) -> int:
    relative = str(modules()[name].relative_to(PACKAGE))
    places = [n for n, named in enumerate(found) for place in named if relative == place or relative.startswith(place)]
    assert len(places) == 1, f"{relative} is in {len(places)} layers of docs/architecture.md"
    return places[0]


def test_imports_point_down_the_layers_of_the_architecture_page() -> None:
    """Each module imports only from its own layer and the ones under it, as docs/architecture.md lists them:
    nothing below the entry points imports the wiring, nothing below compare imports compare, and so on."""
    found, known = layers(), modules()
    assert len(found) >= 10
    upward = sorted(
        f"{name} imports {other}"
        for name, path in known.items()
        for other in set(imports(name, path, known))
        if other in known and layer_of(other, found) < layer_of(name, found)
    )
    assert upward == []


def test_compare_talks_to_judges_through_their_interface() -> None:
    """compare and what it builds on see a judge as ``judges.Judge``: never the runner, its engine or a provider
    (only the wiring, the job and the doctor hold a runner)."""
    inside = {"groundgate.judges.runner", "groundgate.judges.engine",
              "groundgate.judges.chat", "groundgate.judges.azure", "groundgate.judges.openai", "groundgate.judges.pro"}  # fmt: skip
    allowed = {"groundgate.wiring", "groundgate.app", "groundgate.doctor"}
    known = modules()
    reaching = sorted(
        f"{name} imports {other}"
        for name, path in known.items()
        if not name.startswith(("groundgate.judges", "groundgate.cli")) and name not in allowed
        for other in set(imports(name, path, known))
        if other in inside
    )
    assert reaching == []
