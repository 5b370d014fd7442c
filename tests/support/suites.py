"""Small suites written to disk for the tests that need one shape of case file, shared so each is written once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def nul_suite(where: Path) -> list[dict[str, Any]]:
    """Eight policy cases whose first context holds a NUL character (text extracted from a PDF may), the rest of
    growing length, written as ``cases.jsonl``, ``baseline.jsonl`` and ``candidate.jsonl`` (every answer "ok"):
    what the store, the shards and the merge must weigh alike."""
    rows = []
    for n in range(8):
        context = f"Returns within {n} days. " * (5 + n)
        if n == 0:
            context = "Returns within 0 days.\u0000" + "padding text " * 400
        rows.append({"id": f"c{n}", "category": "policy", "query": "q?", "context": context})
    (where / "cases.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    for side in ("baseline", "candidate"):
        (where / f"{side}.jsonl").write_text(
            "".join(json.dumps({"id": r["id"], "response": "ok"}) + "\n" for r in rows)
        )
    return rows
