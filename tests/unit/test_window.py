"""The judge's context window read from the counts (``judges.window``): a count short of what the server counts of
whole prompts voids nothing unless it is fixed (the same for a longer prompt), so a tokenizer that counts otherwise,
or a server that counts only what it had not cached, voids nothing; a prompt its server cut, to half its window or
to the whole of it, is void; a refusal over the window is one line with its counts."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import example, given
from hypothesis import strategies as st

from groundgate.judges.window import SUSPECT, Window, refused

Server = Callable[[int], int]  # the server's count of a prompt of that many of its tokens


def read(window: Window, estimate: int, true: int, server: Server) -> str | None:
    """What the judge makes of one answer: the server counts ``server(true)`` of a prompt of ``true`` tokens, and
    ``server(true + 1_300)`` of the same prompt with its system message twice, when asked."""
    look = window.look(estimate, server(true))
    if look.ask:
        return window.settle(estimate, server(true), server(true + 1_300))
    return look.cut


@given(
    ratio=st.floats(0.8, 1.6),
    prompts=st.lists(st.tuples(st.integers(300, 20_000), st.floats(-0.3, 0.3)), min_size=1, max_size=60),
)
def test_a_tokenizer_that_counts_otherwise_voids_no_prompt_taken_whole(
    ratio: float, prompts: list[tuple[int, float]]
) -> None:
    window = Window()
    for estimate, jitter in prompts:
        assert read(window, estimate, round(estimate * ratio * (1 + jitter)), lambda n: n) is None


@given(prompts=st.lists(st.tuples(st.integers(300, 20_000), st.integers(0, 1_500)), min_size=1, max_size=60))
def test_a_server_that_counts_only_uncached_tokens_voids_nothing(prompts: list[tuple[int, int]]) -> None:
    """Ollama 0.30 counted the prompt less the prefix it had cached from the last one: short, and moving."""
    window = Window()
    for estimate, cached in prompts:

        def uncached(n: int, cached: int = cached) -> int:
            return max(1, n - min(cached, n - 1))

        assert read(window, estimate, estimate, uncached) is None


@given(ratio=st.floats(0.8, 1.6), cut_share=st.floats(0.1, 0.9))
def test_a_prompt_the_server_cut_to_half_its_window_is_void_however_many_were_cut(
    ratio: float, cut_share: float
) -> None:
    """Ollama 0.33 and later keep about half the window of a prompt longer than it: the count stops growing."""
    window, kept = Window(), 2_050
    voided = []
    for n in range(40):
        long = n % 10 < cut_share * 10
        estimate = 6_000 if long else 1_500
        true = round(estimate * ratio)
        voided.append((long, read(window, estimate, true, lambda t: kept if t > 4_096 else t)))
    for long, said in voided:
        assert (said is not None) == long
    said = next(said for long, said in voided if long and said)
    assert said.startswith("the judge kept 2,050 of about ")
    assert "prompt tokens: its context window is smaller than this prompt" in said
    assert window.kept() == kept


@given(
    ratio=st.floats(0.8, 1.6),
    sizes=st.lists(st.integers(1_000, 8_000), min_size=2, max_size=40),
)
@example(ratio=1.0859375, sizes=[3684, 3315])
def test_a_prompt_the_server_cut_to_its_whole_window_is_void(ratio: float, sizes: list[int]) -> None:
    """Ollama before 0.33 keeps the prompt's end up to the whole window and counts the window: a prompt a little
    longer than the window counts almost what the run expects, but the count is the same for every longer one."""
    size = 3_600
    window = Window()
    for estimate in [2_000, *sizes]:  # a prompt taken whole first: the run's ratio
        true = round(estimate * ratio)
        said = read(window, estimate, true, lambda t: min(t, size))
        if true < size:  # a prompt shorter than the window fits (one of exactly its size leaves the answer no room,
            assert said is None  # and its check, longer, is cut to the same count: void, as hypothesis found)
        elif true > size / SUSPECT or window.kept() == size:
            if said is None and true == size:  # counted whole, no room for its answer: chat.py's edge check voids it
                edge = window.edge(true, 400, true)  # (hypothesis: ratio 1.0859375, sizes [3684, 3315])
                assert edge is not None
                assert edge.startswith(f"the judge counted {size:,} prompt tokens of this prompt")
                continue
            assert said is not None
            assert said.startswith(f"the judge kept {size:,} of about ")


def test_a_refusal_over_the_window_reads_as_one_line_with_its_counts() -> None:
    llama = {"code": 400, "message": "x", "type": "exceed_context_size_error", "n_prompt_tokens": 5500, "n_ctx": 4096}
    said = refused(400, llama, "request (5500 tokens) exceeds the available context size (4096 tokens)", 5000)
    assert said is not None
    assert said.startswith("the judge refused a prompt of 5,500 tokens: its context window (4,096 tokens) is smaller")
    older = refused(400, {}, "the request exceeds the available context size, try increasing it", 5000)
    assert older is not None
    assert older.startswith("the judge refused a prompt of about 5,000 tokens: its context window is smaller")
    assert refused(400, {}, "Unsupported parameter: 'max_tokens'", 5000) is None
    assert refused(503, {}, "the request exceeds the available context size", 5000) is None


def test_vllms_and_openais_wording_is_a_refusal_with_its_counts() -> None:
    """vLLM (and OpenAI's own wording, which OpenAI-compatible hosts copy) refuses a prompt over its window in
    words the refusals left out: read as a failure, a check prompt it refused voided a true re-score."""
    vllm = (
        "This model's maximum context length is 4096 tokens. However, your request has 4611 input tokens. Please "
        "reduce the length of the input messages."
    )
    line = refused(400, {"message": vllm, "type": "BadRequestError"}, vllm, 2_300)
    assert line is not None
    assert line.startswith("the judge refused a prompt of 4,611 tokens: its context window (4,096 tokens)")
    assert "(the server said: 'This model's maximum context length is 4096 tokens." in line
    openai = "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens."
    said = refused(400, {"code": "context_length_exceeded"}, openai, 9_000)
    assert said is not None
    assert said.startswith("the judge refused a prompt of 9,000 tokens")
    both = (
        "'max_tokens' or 'max_completion_tokens' is too large: 400. This model's maximum context length is 4096 "
        "tokens and your request has 3900 input tokens (400 > 4096 - 3900)."
    )
    fits = refused(400, {}, both, 3_900)
    assert fits is not None
    assert fits.startswith("the judge refused a prompt of 3,900 tokens with the answer tokens asked beside it")


def test_a_check_counting_more_than_twice_the_first_is_another_servers() -> None:
    """A balancer over two servers of different windows: the first answer came from one that cut the prompt to
    3,600, the check (each message twice) from one that took it whole (10,100). One server that took the first
    whole never counts more than twice it: a re-score is void, said once, and 3,600 is never learnt as a count
    that moves (later answers of it were taken whole)."""
    window = Window()
    assert window.settle(5_000, 3_600, 10_100, 5_000, confirming=True) is not None
    assert any("servers of different context windows" in note for note in window.notes())
    assert window.look(5_000, 3_600).ask  # still a short count to check, not one shown to move
    honest = Window()
    assert honest.settle(5_000, 4_990, 9_960, 5_000, confirming=True) is None  # whole: about twice
