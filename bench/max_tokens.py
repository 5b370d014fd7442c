"""How many answer tokens the rubric needs, and whether reserving fewer than the SDK's 800 changes a
judgement, on a real model.

    python -m bench.max_tokens --base-url http://127.0.0.1:PORT/v1        # an OpenAI-compatible server
    bash bench/real_judge.sh --max-tokens                                 # Gemma 3 270M under llama.cpp

Every answer of the bundled example (baseline and candidate) is judged for groundedness and fluency twice
through groundgate's own provider: once reserving the SDK's 800 answer tokens, once reserving what groundgate
reserves (``judges.chat.RESERVE``), where an answer cut at that limit is asked again with 800. Printed: the
answer tokens the model used at 800 (median, 95th percentile, largest), how many answers reached the lower
limit and were asked again, and every judgement (score, reason, status) that differs between the two runs,
which should be none. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

from groundgate.cases import load_cases, load_responses
from groundgate.judges import JudgeError, JudgeRequest, Purpose, Score, chat
from groundgate.judges.openai import OpenAIConfig, OpenAIProvider, offered_models
from groundgate.judges.runner import Runner

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def judged(base_url: str, model: str, key: str, reserve: int, requests: list[JudgeRequest]) -> Runner:
    chat.RESERVE = reserve  # read at each call
    judge = Runner(OpenAIProvider(OpenAIConfig(base_url, model, "query", key)), max_concurrency=1, call_timeout=600)
    judge.results = judge.score_all(requests)  # type: ignore[attr-defined]
    judge.close()
    return judge


def said(result: object) -> tuple[object, ...]:
    if isinstance(result, Score):
        return ("score", result.score, result.reason)
    assert isinstance(result, JudgeError)
    return ("error", result.message)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", required=True)
    args = parser.parse_args()
    key = os.environ.get("OPENAI_API_KEY", "local")
    [model] = offered_models(args.base_url, key)[:1]
    lower = chat.RESERVE
    cases = load_cases(EXAMPLES / "cases.jsonl", "query")
    requests = []
    for side in ("baseline", "candidate"):
        answers = load_responses(EXAMPLES / f"{side}.jsonl")
        for case in cases:
            requests.append(JudgeRequest.of(case, answers[case.id], Purpose.GROUNDEDNESS))
            requests.append(JudgeRequest(case, answers[case.id].response, Purpose.FLUENCY))
    print(f"model {model} at {args.base_url}: {len(requests)} calls (groundedness and fluency of the example)")
    full = judged(args.base_url, model, key, 800, requests)
    used = sorted(r.answer_tokens for r in full.results if isinstance(r, Score))  # type: ignore[attr-defined]
    if used:
        print(f"answer tokens at max_tokens 800: median {statistics.median(used):.0f}, 95th percentile "
              f"{used[int(0.95 * (len(used) - 1))]}, largest {used[-1]} (of {len(used)} usable answers)")  # fmt: skip
    results: list[object] = full.results  # type: ignore[attr-defined]
    cut = len([r for r in results if isinstance(r, JudgeError) and "finish_reason: length" in r.message])
    print(f"answers cut at 800: {cut}")
    fewer = judged(args.base_url, model, key, lower, requests)
    print(f"reserving {lower}: {fewer.calls.longer} answer(s) reached it and were asked again with 800")
    differ = [(r.case.id, r.purpose.value, said(a), said(b))
              for r, a, b in zip(requests, full.results, fewer.results, strict=True) if said(a) != said(b)]  # type: ignore[attr-defined]  # fmt: skip
    print(f"judgements that differ between 800 and {lower}: {len(differ)} of {len(requests)}")
    for row in differ:
        print(f"  {row}")
    print(f"tokens billed: {full.calls.tokens:,} at 800, {fewer.calls.tokens:,} at {lower}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
