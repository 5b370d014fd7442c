"""A call past its timeout is named for what kept it, whether it was awaited on the judge loop or run in a
thread: a slow answer where calls sent after it were answered, never an outage (a hostile review of issue
35's change: a worker thread's start was read after the thread had forgotten it, so every slow call there
read as the judge "could not be reached")."""

from __future__ import annotations

import time

from groundgate.cases import Case
from groundgate.judges import Failure, JudgeError, Judgement, JudgeRequest, Purpose, Score
from groundgate.judges.engine import Engine
from tests.support.scripted import ScriptedProvider


class OneSlowCall(ScriptedProvider):
    """A hosted-like judge without an async path: every call answers at once but c0's, which takes 1.5 s."""

    def __init__(self) -> None:
        super().__init__(lambda request: 5.0)
        self.sent: dict[str, int] = {}

    def score(self, request: JudgeRequest) -> Judgement:
        with self._lock:
            self.sent[request.case.id] = self.sent.get(request.case.id, 0) + 1
        time.sleep(1.5 if request.case.id == "c0" else 0.05)
        return Score(5.0, "fine", "scripted-model", 10)


def test_a_slow_call_in_a_thread_is_named_slow_and_not_sent_again() -> None:
    provider = OneSlowCall()
    requests = [JudgeRequest(Case(f"c{n}", "x", "q?", "ctx", n), f"a{n}", Purpose.GROUNDEDNESS) for n in range(12)]
    out: dict[int, Judgement] = {}
    Engine(provider, window=4, call_timeout=0.5).run(requests, out.__setitem__)
    slow = out[0]
    assert isinstance(slow, JudgeError)
    assert slow.kind is Failure.SLOW  # not an outage: the judge answered every other call
    assert provider.sent["c0"] == 1  # not a queue: not sent again
    assert all(isinstance(out[n], Score) for n in range(1, 12))
