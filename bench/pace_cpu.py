"""The quota pace's own CPU on a fast deployment: a run alone on Azure's quota rules in simulated time
(``tests/support/clients``: starts as ``acquire`` books them, answers after 2-60 s, a trip of 0.1-2 s), the
process CPU spent in the pace (``answered`` and the wait) per second of the run, at several TPM.

Run as ``python -m bench.pace_cpu`` (``--tpm 600000 2400000 4800000``). What other callers take is read from the
counts of the last two minutes; that reading is made at most once a second (``sharing.REFRESH``), so the cost grows
with the rate, not with its square (hostile51 measured 1.1 s of CPU a second at 4.8M TPM when it was made at every
answer).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from groundgate.judges.quota import Pace
from tests.support.clients import Run, simulate
from tests.support.fakes.quota import AzureQuota
from tests.support.paces import body


def measure(tpm: int, requests: int) -> tuple[float, float, int]:
    """(CPU seconds in the pace, seconds of simulated run, requests a second)."""
    rng = random.Random(5)
    now = [0.0]
    deployment = AzureQuota(tpm, clock=lambda: now[0])
    pace = Pace(clock=lambda: now[0], tpm=tpm)
    spent = [0.0]
    for name in ("answered", "_wait"):
        call = getattr(pace, name)

        def timed(*args: Any, _call: Any = call, **kwargs: Any) -> Any:
            began = time.process_time()
            try:
                return _call(*args, **kwargs)
            finally:
                spent[0] += time.process_time() - began

        setattr(pace, name, timed)
    run = Run(pace, [body(600, 400) for _ in range(requests)], trip=lambda: rng.uniform(0.1, 2.0),
              latency=lambda: rng.uniform(2.0, 60.0), rng=rng, concurrency=5000)  # fmt: skip
    simulate(deployment, [run], now, whole=tpm)
    return spent[0], now[0], round(requests / now[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tpm", type=int, nargs="+", default=[600_000, 2_400_000, 4_800_000])
    parser.add_argument("--requests", type=int, default=12_000)
    args = parser.parse_args()
    print(f"{'TPM':>10} {'requests/s':>10} {'pace CPU s':>10} {'run s':>7} {'CPU per run second':>18}")
    for tpm in args.tpm:
        cpu, span, rate = measure(tpm, args.requests)
        print(f"{tpm:>10,} {rate:>10} {cpu:>10.2f} {span:>7.0f} {cpu / span:>18.4f}")


if __name__ == "__main__":
    main()
