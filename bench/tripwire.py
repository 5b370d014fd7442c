"""How often the tripwire cries wolf: rows it lists although every figure the candidate states is its
context's, measured on three sets of answers whose truth is known.

- the bundled example (``examples/``, both candidates, and the baseline answers as candidates of their own),
  each answer labelled here by reading it against its context;
- the self-test's planted suite (``groundgate/selftest/planted.jsonl``): its 26 answers that should pass
  (clean, the same figures written another way, partial, the baseline's own unsupported figure repeated) and
  its 18 figure regressions, which it must catch;
- the test suite's ordinary support answers (``tests/support/answers.py``, also the injection check's
  corpus), each checked against a context that states the same figures written another way (digits as words,
  '$12' as '12 dollars', '10%' as '10 percent', business days as working days, '7pm' as '19:00', a '30-day'
  window as '30 days', '12 March' as 'March 12') and the other way round: every figure is supported, so
  every row the tripwire lists is a false alarm.

And what it costs: CPU a row of the planted suite, and an answer of 10,000 and 100,000 invented figures.

Run as ``python -m bench.tripwire [--answers 5000]``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import time

from groundgate import selftest
from groundgate.judges.figures import tripwire
from tests.support.answers import support_answer
from tests.support.paths import EXAMPLES
from tests.support.words import spelled

# The example's answers that state a figure their context never states, by reading them.
UNSUPPORTED = {
    "baseline.jsonl": {"warranty-length", "student-discount"},  # 3 years (the context: 24 months), 15% (10%)
    "candidate.jsonl": {"student-discount", "standard-shipping"},  # 20%, 2-4 business days (3-5)
    "candidate-regression.jsonl": {"refund-007", "student-discount", "standard-shipping"},  # 45 days too
}


def restated(text: str) -> str:
    """The same figures written another way."""
    text = re.sub(r"\$(\d[\d,]*(?:\.\d+)?)", r"\1 dollars", text)
    text = re.sub(r"(\d+)%", r"\1 percent", text)
    text = text.replace("business days", "working days")
    text = re.sub(
        r"\b(\d{1,2})(am|pm)\b", lambda m: f"{int(m.group(1)) % 12 + (12 if m.group(2) == 'pm' else 0)}:00", text
    )
    text = re.sub(r"\b(\d+)-day\b", r"\1 days", text)
    text = re.sub(
        r"\b(\d{1,2}) (January|February|March|April|May|June|July|August|September|October|November|December)\b",
        r"\2 \1",
        text,
    )
    return re.sub(
        r"\b(\d{1,2}) (days?|working days|hours?|months?|years?|weeks?|seconds?|minutes?)\b",
        lambda m: f"{spelled(int(m.group(1)))} {m.group(2)}",
        text,
    )


def rate(listed: int, total: int) -> str:
    return f"{listed}/{total} ({100 * listed / total:.1f}%)" if total else "0/0"


def example() -> tuple[int, int, int, int]:
    """(false alarms, answers with only supported figures, caught, answers with an unsupported figure)."""
    cases = [json.loads(line) for line in (EXAMPLES / "cases.jsonl").read_text().splitlines()]
    baseline = {r["id"]: r["response"] for r in map(json.loads, (EXAMPLES / "baseline.jsonl").read_text().splitlines())}
    alarms = clean = caught = dirty = 0
    for name, unsupported in UNSUPPORTED.items():
        answers = {r["id"]: r["response"] for r in map(json.loads, (EXAMPLES / name).read_text().splitlines())}
        for case in cases:
            before = "" if name == "baseline.jsonl" else baseline[case["id"]]
            listed = bool(tripwire(case["context"], case.get("query"), before, answers[case["id"]]).new)
            if case["id"] in unsupported:
                dirty += 1
                caught += listed
            else:
                clean += 1
                alarms += listed
    return alarms, clean, caught, dirty


def planted() -> tuple[int, int, int, int]:
    alarms = clean = caught = dirty = 0
    for case in selftest.planted():
        listed = bool(tripwire(case.context, case.query, case.baseline, case.candidate).new)
        if case.type in ("invented_figure", "contradicted_figure"):
            dirty += 1
            caught += listed
        elif not selftest.TYPES[case.type].flag:
            clean += 1
            alarms += listed
    return alarms, clean, caught, dirty


def support_answers(count: int) -> tuple[int, int, list[str]]:
    pick = random.Random(26)
    alarms, examples = 0, list[str]()
    for _ in range(count):
        answer = support_answer(pick)
        other = restated(answer)
        for context, claim in ((other, answer), (answer, other)):
            found = tripwire(f"policy.md: {context}", None, "", claim).new
            if found:
                alarms += 1
                if len(examples) < 5:
                    examples.append(f"{[f.figure.text for f in found]} in {claim!r}")
    return alarms, 2 * count, examples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--answers", type=int, default=5000)
    args = parser.parse_args()
    started = time.perf_counter()
    alarms, clean, caught, dirty = example()
    print(
        f"example: false alarms {rate(alarms, clean)} of answers whose figures are all the context's; caught {caught}/{dirty}"
    )
    alarms, clean, caught, dirty = planted()
    print(f"planted suite: false alarms {rate(alarms, clean)} of the answers that should pass; caught {caught}/{dirty}")
    suite = selftest.planted()
    rounds = 50
    began = time.process_time()  # CPU time: on a shared machine, wall time measures the neighbours
    for _ in range(rounds):
        for case in suite:
            tripwire(case.context, case.query, case.baseline, case.candidate)
    each = (time.process_time() - began) / (rounds * len(suite))
    print(f"cost: {each * 1e6:.0f} µs of CPU a row (the planted suite's rows, {rounds} rounds)")
    for count in (10_000, 100_000):  # a hostile answer: figures are looked up, never compared pair by pair
        answer = " ".join(f"{n} days." for n in range(count))
        began = time.process_time()
        tripwire("Ships within 30 days.", None, "Ships within 30 days.", answer)
        print(f"an answer of {count:,} invented figures: {time.process_time() - began:.2f} s of CPU")
    alarms, total, examples = support_answers(args.answers)
    print(f"support answers against their figures restated: false alarms {rate(alarms, total)}")
    for line in examples:
        print(f"  {line}")
    print(f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
