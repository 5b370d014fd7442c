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


class QueueTakenOutOfOrder(ScriptedProvider):
    """A self-hosted server with one slot, whose calls, sent together, reached its queue out of the order they
    were sent (connections open as they may): the last sent is answered at once, the others wait past the
    timeout. Its queue, not a slow call, kept them (CI saw this order on a busy machine)."""

    hosted = False

    def score(self, request: JudgeRequest) -> Judgement:
        time.sleep(0.05 if request.case.id == "c3" else 1.5)
        return Score(5.0, "fine", "scripted-model", 10)


class OneHungCallOnAServer(ScriptedProvider):
    """A self-hosted server with slots enough: every call answers at once but c0's, which hangs."""

    hosted = False

    def score(self, request: JudgeRequest) -> Judgement:
        time.sleep(1.5 if request.case.id == "c0" else 0.05)
        return Score(5.0, "fine", "scripted-model", 10)


def test_calls_sent_together_and_answered_out_of_order_by_a_server_are_its_queue() -> None:
    requests = [JudgeRequest(Case(f"c{n}", "x", "q?", "ctx", n), f"a{n}", Purpose.GROUNDEDNESS) for n in range(4)]
    out: dict[int, Judgement] = {}
    Engine(QueueTakenOutOfOrder(lambda request: 5.0), window=4, call_timeout=0.5).run(requests, out.__setitem__)
    assert isinstance(out[3], Score)
    for n in range(3):
        late = out[n]
        assert isinstance(late, JudgeError)
        assert late.kind is Failure.UNAVAILABLE
        assert "fewer parallel slots than max-concurrency (4) queues the rest" in late.message


def test_a_servers_call_overtaken_by_calls_sent_well_after_it_is_slow() -> None:
    requests = [JudgeRequest(Case(f"c{n}", "x", "q?", "ctx", n), f"a{n}", Purpose.GROUNDEDNESS) for n in range(12)]
    out: dict[int, Judgement] = {}
    Engine(OneHungCallOnAServer(lambda request: 5.0), window=2, call_timeout=0.6).run(requests, out.__setitem__)
    slow = out[0]
    assert isinstance(slow, JudgeError)
    assert slow.kind is Failure.SLOW
    assert all(isinstance(out[n], Score) for n in range(1, 12))
