"""The progress line: a sign of life from the first second, and a time left that does not swing. Pure: a
clock is handed in, and the calls in flight are described by the pulses the dispatcher sends."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

from groundgate.progress import ProgressLine


@dataclass
class Pulse:
    sent: int
    in_flight: int
    held: int
    rate: float | None
    pace: str = ""


def seconds(text: str) -> float:
    """'4 min 05 s' -> 245."""
    found = re.fullmatch(r"(?:(\d+) h )?(?:(\d+) min )?(\d+) s", text) or re.fullmatch(r"(\d+) h (\d+) min", text)
    assert found, text
    parts = [int(part) if part else 0 for part in found.groups()]
    if len(parts) == 3:
        return parts[0] * 3600 + parts[1] * 60 + parts[2]
    return parts[0] * 3600 + parts[1] * 60


def test_a_slow_judge_gets_a_sign_of_life_in_the_first_second_and_a_time_left_that_holds() -> None:
    """The issue's run: 20 s a call, 8 in flight, 120 calls (about 5 minutes). Before, nothing was said until
    21.7 s, then '0.0 calls/s, about 43m left', and at 61.8 s '20m 46s' with five minutes of work left."""
    now = [0.0]
    out = io.StringIO()
    line = ProgressLine(out, every=5, clock=lambda: now[0])
    line("judging", 0, 120)
    done = 0
    truth: list[tuple[float, float]] = []  # (when a line was written, the time really left then)
    while done < 120:
        now[0] = round(now[0] + 0.2, 6)
        if now[0] % 20 < 0.1 and now[0] >= 20:  # a window of eight answers every 20 s
            for _ in range(8):
                done += 1
                line("judging", done, 120)
        before = out.getvalue().count("\n")
        rate = 8 / 20 if done else None  # what the dispatcher's rate says once an answer was timed
        line.beat("judging", done, 120, Pulse(done + 8, 8, 0, rate))
        if out.getvalue().count("\n") > before:
            truth.append((now[0], (120 - done) / 8 * 20))
    lines = out.getvalue().splitlines()
    assert lines[0] == "judging: 0/120 judge calls, 8 in flight (8 waiting on the judge), 1 s since the first call"
    estimates = [(when, seconds(m.group(1))) for when, text in zip([t for t, _ in truth], lines, strict=False)
                 if (m := re.search(r"about (.+) left", text))]  # fmt: skip
    assert estimates
    for (when, said), (_, left) in zip(estimates, [t for t in truth if t[0] in dict(estimates)], strict=True):
        assert abs(said - left) <= 0.25 * left + 20, (when, said, left)


def test_calls_held_by_the_quota_are_said_apart_from_those_waiting_on_the_judge() -> None:
    now = [0.0]
    out = io.StringIO()
    line = ProgressLine(out, every=5, clock=lambda: now[0])
    line("judging", 0, 50)
    now[0] = 1.2
    line.beat("judging", 0, 50, Pulse(8, 8, 6, 0.5, "150k TPM and 900 RPM, the deployment's"))
    assert out.getvalue() == (
        "judging: 0/50 judge calls, 8 in flight (2 waiting on the judge, 6 on the quota (150k TPM and 900 RPM, the "
        "deployment's)), 0.5 calls/s, about 1 min 40 s left\n"
    )


def test_a_quick_phase_says_nothing() -> None:
    now = [0.0]
    out = io.StringIO()
    line = ProgressLine(out, every=5, clock=lambda: now[0])
    line("fluency", 0, 4)
    for done in range(1, 5):
        now[0] += 0.1
        line.beat("fluency", done - 1, 4, Pulse(4, 4 - done + 1, 0, 10.0))
        line("fluency", done, 4)
    assert out.getvalue() == ""
