"""The self-test's planted suite judged three ways, each with the tripwire: the offline figures judge, a
scripted perfect judge and a scripted lazy judge (``tests/support/selftest.py``). Prints the tables the README
shows; ``tests/unit/test_selftest.py`` checks that the README still says so.

Run as ``python -m bench.selftest``.
"""

from __future__ import annotations

from groundgate import selftest
from tests.support.selftest import tallies


def main() -> None:
    for name, tally in tallies().items():
        print(f"{name} (exit {selftest.exit_code(tally)}):\n\n{selftest.table(tally)}\n")


if __name__ == "__main__":
    main()
