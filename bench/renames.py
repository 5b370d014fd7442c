"""What matching a pull request's cases to its base branch's costs (``groundgate.matching``), from the cheap
case (nothing renamed: every case kept by its id) to the worst (every case renamed, so every one is read as a
reader reads it: ids and queries by their TR39 skeleton, contexts folded).

    python -m bench.renames                  # 1,000 and 10,000 cases, 1 KB contexts
    python -m bench.renames --cases 50000

Prints seconds of CPU time of this process; asserts nothing.
"""

from __future__ import annotations

import argparse
import time

from groundgate.cases import Case
from groundgate.matching import match


def suite(count: int, context: int) -> list[Case]:
    return [
        Case(f"refund-{n:06d}", "policy", f"How long do I have to return item {n}?", f"ctx {n} " + "x" * context, n + 1)
        for n in range(count)
    ]


def measure(count: int, context: int) -> None:
    base = suite(count, context)
    by_id = {c.id: c for c in base}
    shapes = {
        "nothing renamed": base,
        "every id in capitals": [Case(c.id.upper(), c.category, c.query, c.context, c.line) for c in base],
        "every id and context new": [Case(f"new-{c.id}", c.category, c.query, c.context + "!", c.line) for c in base],
        "every case rewritten": [Case(f"n{c.line}", "faq", f"q{c.line}", f"c{c.line}", c.line) for c in base],
        "every question changed": [Case(c.id, c.category, f"{c.query} Really?", c.context, c.line) for c in base],
    }
    for name, head in shapes.items():
        started = time.process_time()
        found = match(by_id, head, frozenset({"policy"}))
        took = time.process_time() - started
        print(f"{count:>7,} cases, {context:>5,}-character contexts, {name:26} {took:6.2f} s  ({len(found.renamed):,} renamed, {len(found.removed):,} removed, {len(found.unasked):,} no longer asked)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, nargs="*", default=[1_000, 10_000])
    parser.add_argument("--context", type=int, default=1_000)
    args = parser.parse_args()
    for count in args.cases:
        measure(count, args.context)


if __name__ == "__main__":
    main()
