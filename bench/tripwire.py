"""How often the tripwire cries wolf, and how often it catches an invented figure, measured on answers whose
truth is known.

- the corpus written by hand for issue 38 (``bench/data/tripwire_corpus.jsonl``: restatements that must not
  be listed, inventions that must, in English, French, German, Spanish, Chinese, Japanese and Korean):
  false alarms, catches, precision and recall per pattern and per language; and the held-out set written
  after the code (``bench/data/tripwire_heldout.jsonl``), measured the same way, which the rules were not
  tuned on;
- RAGTruth's human labels, when a copy is on this machine (``--ragtruth DIR`` holding ``response.jsonl`` and
  ``source_info.jsonl``; default ``/work/shared/ragtruth``): recall on responses whose labelled spans hold a
  figure, false alarms on responses with no labelled span;

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

And what it costs: CPU a row of the 420-case suite (``tests/support/big_run.py``: contexts of 1-4 KB, as
retrieval gives them) and of the planted suite, an answer of 10,000 and 100,000 invented figures, and what the
libraries that could sit beneath the extraction cost a row (``--libraries``: those installed).

- a blind directory (``--blind DIR``: every ``*.jsonl`` in it, written by people who never read the code, the
  rules or the earlier corpora; one item a line with ``id``, ``lang``, ``kind``, ``label``, ``context``,
  ``candidate``, ``figure`` and an optional ``query``): restatements flagged, inventions caught (a listed figure
  overlaps the invented one, as unsupported or as said of something else), derived figures handled (listed as
  derived or not at all; wrong when listed at the review level), and rows whose figures were not read, per
  kind and per language. It measures that directory alone.

Run as ``python -m bench.tripwire [--answers 5000] [--libraries] [--ragtruth DIR] [--blind DIR] [--passes N]``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from groundgate import selftest
from groundgate.judges.figures import clear_caches, figures, tripwire
from groundgate.lookalike import visible
from tests.support.answers import support_answer
from tests.support.big_run import big_run
from tests.support.paths import EXAMPLES
from tests.support.words import spelled

DATA = Path(__file__).parent / "data"
CORPUS = DATA / "tripwire_corpus.jsonl"
HELDOUT = DATA / "tripwire_heldout.jsonl"
RAGTRUTH = Path("/work/shared/ragtruth")

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


# --- the corpus ------------------------------------------------------------------------------------


def _span(item: dict[str, Any]) -> tuple[int, int]:
    """Where the item's figure stands in its candidate, as the tripwire reads the candidate."""
    candidate = item["candidate"] if item["candidate"].isascii() else visible(item["candidate"])
    figure = item["figure"] if item["figure"].isascii() else visible(item["figure"])
    start = candidate.find(figure)
    return start, start + len(figure)


def status(new: object) -> str:
    """A listed figure's status: unsupported, elsewhere (said of something else) or derived; a tripwire without
    statuses lists every figure as unsupported."""
    return str(getattr(new, "status", "unsupported"))


def judged(item: dict[str, Any]) -> tuple[bool, str, str | None]:
    """(right, what happened, the language whose figures were not read or None) for one labelled item: a restatement is right when nothing is listed at the review
    level (unsupported or said of something else; a figure listed as derived is not a flag); an invention when a
    figure listed at the review level overlaps the invented one; a derived figure when it is listed as derived or
    not listed, and nothing on the row is listed at the review level."""
    finding = tripwire(item["context"], item.get("query"), "", item["candidate"])
    new = finding.new
    flagged = [n for n in new if status(n) not in ("derived", "unread")]
    said = "; ".join(f"{status(n)} {n.figure.text!r}" for n in new) or "nothing listed"
    unread: str | None = getattr(finding, "unread", None)  # a tripwire that reads every row says nothing
    if unread:
        said = f"figures not read: {unread}; " + said
    elif any(status(n) == "unread" for n in new):  # figures not read in full: listed, not checked
        unread = ", ".join(repr(n.figure.text) for n in new if status(n) == "unread")
    if item["label"] == "restatement":
        return not flagged, said, unread
    start, end = _span(item)
    if item["label"] == "invention":
        return any(n.figure.start < end and n.figure.end > start for n in flagged), said, unread
    return not flagged, said, unread


def caught(item: dict[str, Any]) -> bool:
    """Whether the tripwire lists the item's candidate: any figure at the review level for a restatement (a
    false alarm), the invented figure itself for an invention (a figure it lists overlaps the one the item
    names)."""
    right = judged(item)[0]
    return not right if item["label"] == "restatement" else right


def corpus(path: Path) -> tuple[dict[tuple[str, str], list[int]], list[str]]:
    """[false alarms, restatements, caught, inventions] by ('pattern', name), ('language', name) and
    ('all', 'all'); and the ids it gets wrong."""
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    wrong = []
    for line in path.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        listed = caught(item)
        slot = 0 if item["label"] == "restatement" else 2
        for key in (("pattern", item["pattern"]), ("language", item["lang"]), ("all", "all")):
            counts[key][slot] += listed
            counts[key][slot + 1] += 1
        if listed == (slot == 0):
            wrong.append(f"{item['id']} ({item['label']}): {item['candidate']}")
    return counts, wrong


def table(counts: dict[tuple[str, str], list[int]], by: str) -> list[str]:
    """A markdown table: false alarms, catches, precision and recall, one line each."""
    lines = [
        f"| {by} | restatements listed (false alarms) | inventions caught | precision | recall |",
        "| --- | --- | --- | --- | --- |",
    ]
    for (kind, name), (alarms, clean, hits, dirty) in sorted(counts.items()):
        if kind != by and not (kind == "all" and by == "total"):
            continue
        precision = f"{100 * hits / (hits + alarms):.1f}%" if hits + alarms else "–"
        recall = f"{100 * hits / dirty:.1f}%" if dirty else "–"
        lines.append(f"| {name} | {rate(alarms, clean)} | {rate(hits, dirty)} | {precision} | {recall} |")
    return lines


def report_corpus(path: Path, title: str) -> None:
    counts, wrong = corpus(path)
    print(f"\n{title} ({path.name}):")
    for by in ("total", "language", "pattern"):
        print("\n".join(table(counts, by)))
        print()
    for line in wrong:
        print(f"  wrong: {line}")


# --- a blind directory ---------------------------------------------------------------------------

LABELS = ("restatement", "invention", "derived")


def blind_items(folder: Path) -> list[dict[str, Any]]:
    """Every item of the directory's ``*.jsonl`` files; a line that does not parse or lacks a field is named and
    left out (and counted), never guessed."""
    items: list[dict[str, Any]] = []
    for path in sorted(folder.glob("*.jsonl")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as error:
                print(f"  {path.name}:{number}: not JSON ({error.msg}): left out")
                continue
            missing = [f for f in ("id", "lang", "kind", "label", "context", "candidate") if not item.get(f)]
            if item.get("label") in ("invention", "derived") and not item.get("figure"):
                missing.append("figure")
            if missing or item["label"] not in LABELS:
                print(f"  {path.name}:{number}: {'missing ' + ', '.join(missing) if missing else 'label ' + repr(item['label'])}: left out")  # fmt: skip
                continue
            if item["label"] != "restatement" and item["figure"] not in item["candidate"]:
                print(f"  {path.name}:{number}: figure {item['figure']!r} is not in the candidate: left out")
                continue
            items.append({**item, "file": path.name})
    return items


def blind(folder: Path) -> None:
    """The tripwire on a blind directory: per kind and per language, restatements flagged, inventions caught,
    derived figures handled, rows not read; then each item it gets wrong."""
    items = blind_items(folder)
    # [flagged, restatements, caught, inventions, derived right, derived, not read, rows]
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0] * 8)
    wrong: list[str] = []
    for item in items:
        try:
            right, said, language_unread = judged(item)
        except Exception as error:  # a defect of the tripwire's own: counted wrong, named, and the rest measured
            right, said, language_unread = False, f"the tripwire failed: {type(error).__name__}: {error}", None
        slot = {"restatement": 0, "invention": 2, "derived": 4}[item["label"]]
        hit = (not right) if slot == 0 else right
        for key in (("kind", item["kind"]), ("language", item["lang"]), ("all", "all")):
            counts[key][slot] += hit
            counts[key][slot + 1] += 1
            counts[key][6] += bool(language_unread)
            counts[key][7] += 1
        if not right:
            figure = f" [{item['figure']}]" if item.get("figure") else ""
            wrong.append(f"{item['file']} {item['id']} {item['lang']}/{item['kind']} ({item['label']}{figure}): {said}\n      context: {item['context'][:300]}\n      candidate: {item['candidate'][:300]}")  # fmt: skip
    print(f"\nBlind directory {folder} ({len(items)} items):")
    for by in ("all", "language", "kind"):
        print(f"| {by} | restatements flagged | inventions caught | derived handled | figures not read |")
        print("| --- | --- | --- | --- | --- |")
        for (what, name), (flag, clean, hits, dirty, ok, derived, unread_rows, rows) in sorted(counts.items()):
            if what == by:
                print(f"| {name} | {rate(flag, clean)} | {rate(hits, dirty)} | {rate(ok, derived)} | {rate(unread_rows, rows)} |")  # fmt: skip
        print()
    for line in wrong:
        print(f"  wrong: {line}")


# --- RAGTruth -------------------------------------------------------------------------------------


def ragtruth(folder: Path) -> None:
    """RAGTruth's responses against their sources: recall on those whose human-labelled spans hold a figure
    (a labelled span the tripwire lists a figure in), false alarms on those with no labelled span."""
    responses, sources = folder / "response.jsonl", folder / "source_info.jsonl"
    if not (responses.is_file() and sources.is_file()):
        print(f"\nRAGTruth: no copy at {folder} (response.jsonl and source_info.jsonl): not measured")
        return
    contexts = {}
    for line in sources.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        info = record["source_info"]
        contexts[record["source_id"]] = info if isinstance(info, str) else json.dumps(info, ensure_ascii=False)
    hits = figured = alarms = clean = unfigured = listed_unfigured = 0
    for line in responses.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        context, answer = contexts.get(record["source_id"], ""), record["response"]
        new = tripwire(context, None, "", answer).new
        spans = [(label["start"], label["end"]) for label in record.get("labels", [])]
        if not spans:
            clean += 1
            alarms += bool(new)
            continue
        with_figure = [(s, e) for s, e in spans if figures(answer[s:e])]
        if not with_figure:
            unfigured += 1
            listed_unfigured += bool(new)
            continue
        figured += 1
        hits += any(n.figure.start < e and n.figure.end > s for n in new for s, e in with_figure)
    print(f"\nRAGTruth ({folder}): recall {rate(hits, figured)} on responses whose labelled spans hold a figure;")
    print(f"  false alarms {rate(alarms, clean)} on responses with no labelled span;")
    print(f"  listed {rate(listed_unfigured, unfigured)} of responses whose labelled spans hold no figure")


# --- cost -----------------------------------------------------------------------------------------


def passes(count: int) -> None:
    """The tripwire over the 420-case suite ``count`` times after one warm row, caches cleared before each pass:
    under ``valgrind --tool=callgrind``, a run of three passes less a run of one, halved and divided by 420, is the
    instructions a row costs, whatever else the machine runs."""
    rows = [(row.context, row.query, row.baseline, row.candidate) for row in big_run().rows]
    tripwire(*rows[0])
    for _ in range(count):
        clear_caches()
        for row in rows:
            tripwire(*row)


def per_row(rows: list[tuple[str, str | None, str, str]], work: Callable[[str, str | None, str, str], object]) -> float:
    """CPU seconds a row (process time: on a shared machine, wall time measures the neighbours). What the
    extraction remembers between rows (a sentence's qualifiers, a sample's language) is forgotten before each
    pass, so a pass costs what one run over the suite costs; patterns and libraries stay loaded."""
    work(*rows[0])  # patterns compiled, lingua's models loaded
    rounds = 3
    spent = 0.0
    for _ in range(rounds):
        clear_caches()
        began = time.process_time()
        for row in rows:
            work(*row)
        spent += time.process_time() - began
    return spent / (rounds * len(rows))


def libraries(rows: list[tuple[str, str | None, str, str]]) -> None:
    """What each library that could read figures costs a row of the 420-case suite, on the row's four texts."""
    candidates: list[tuple[str, str, Callable[[str], object]]] = []
    try:
        from text_to_num import alpha2digit

        candidates.append(("text2num", "alpha2digit, number words", lambda t: alpha2digit(t, "en", 0.0)))
    except ImportError:  # pragma: no cover - a dependency
        pass
    try:
        from babel.numbers import parse_decimal

        numbers = re.compile(r"\d[\d.,]*")
        candidates.append(("babel", "parse_decimal, each number", lambda t: [parse_decimal(n.rstrip(".,"), locale="en") for n in numbers.findall(t)]))  # fmt: skip
    except ImportError:  # pragma: no cover - a dependency
        pass
    try:
        from lingua import Language, LanguageDetectorBuilder

        names = ("ENGLISH", "FRENCH", "GERMAN", "SPANISH", "PORTUGUESE", "ITALIAN", "DUTCH")
        detector = LanguageDetectorBuilder.from_languages(*(getattr(Language, n) for n in names)).build()
        candidates.append(("lingua", "detect_language_of, 240 characters, seven languages", lambda t: detector.detect_language_of(t[:240])))  # fmt: skip
    except ImportError:  # pragma: no cover - a dependency
        pass
    for name, what, call in (
        ("price-parser", "Price.fromstring, each sentence", "price"),
        ("quantulum3", "parser.parse", "quantities"),
        ("dateparser", "search.search_dates", "dates"),
    ):
        try:
            work = _optional(call)
        except ImportError:
            print(f"  {name}: not installed here")
            continue
        candidates.append((name, what, work))
    for name, what, work in candidates:
        cost = per_row(rows, lambda c, q, b, a, work=work: [work(t) for t in (c, q or "", b, a)])  # type: ignore[misc]
        print(f"  {name} ({what}): {cost * 1e6:,.0f} µs of CPU a row")


def _optional(which: str) -> Callable[[str], object]:
    if which == "price":
        from price_parser import Price  # type: ignore[import-not-found,unused-ignore]

        return lambda t: [Price.fromstring(s) for s in re.split(r"(?<=[.!?])\s+", t)]
    if which == "quantities":
        from quantulum3 import parser  # type: ignore[import-not-found,unused-ignore]

        return lambda t: parser.parse(t)
    from dateparser.search import search_dates  # type: ignore[import-not-found,import-untyped,unused-ignore]

    return lambda t: search_dates(t, languages=["en"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--answers", type=int, default=5000)
    parser.add_argument("--libraries", action="store_true", help="also measure the libraries installed here")
    parser.add_argument("--ragtruth", type=Path, default=RAGTRUTH)
    parser.add_argument("--blind", type=Path, help="measure a blind directory of *.jsonl items, and only that")
    parser.add_argument("--passes", type=int, help="only run the tripwire over the 420-case suite this many times, for an instruction counter (docs/tripwire.md: Cost)")  # fmt: skip
    args = parser.parse_args()
    if args.passes is not None:
        passes(args.passes)
        return
    if args.blind is not None:
        blind(args.blind)
        return
    started = time.perf_counter()
    report_corpus(CORPUS, "The corpus written before the code")
    if HELDOUT.is_file():
        report_corpus(HELDOUT, "The held-out set written after it")
    ragtruth(args.ragtruth)
    rows = [(row.context, row.query, row.baseline, row.candidate) for row in big_run().rows]
    size = sum(len(c) for c, *_ in rows) / len(rows)
    print(f"\ncost: {per_row(rows, tripwire) * 1e6:,.0f} µs of CPU a row of the 420-case suite (contexts of {size:,.0f} characters on average)")  # fmt: skip
    if args.libraries:
        libraries(rows)
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
    print(f"cost: {each * 1e6:.0f} µs of CPU a row of the planted suite ({rounds} rounds)")
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
