"""The judge's context window read from the counts (``judges.window``): a server's tokenizer that counts
differently from groundgate's estimate voids nothing, a prompt its server cut is void whatever share of the run
was cut, and a refusal over the window is one line with its counts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from groundgate.judges.window import Window, refused


@given(
    ratio=st.floats(0.8, 1.6),
    prompts=st.lists(st.tuples(st.integers(300, 20_000), st.floats(-0.08, 0.08)), min_size=1, max_size=60),
)
def test_a_tokenizer_that_counts_otherwise_voids_no_prompt_taken_whole(
    ratio: float, prompts: list[tuple[int, float]]
) -> None:
    window = Window()
    for estimate, jitter in prompts:
        assert window.cut(estimate, round(estimate * ratio * (1 + jitter))) is None


@given(ratio=st.floats(0.8, 1.6), cut_share=st.floats(0.1, 0.9))
def test_a_prompt_the_server_cut_is_void_however_many_were_cut(ratio: float, cut_share: float) -> None:
    """Ollama keeps about half its window of a prompt longer than it: the count stops growing with the prompt."""
    window, kept = Window(), 2_050
    voided = []
    for n in range(40):
        long = n % 10 < cut_share * 10
        estimate = 6_000 if long else 1_500
        counted = kept if long else round(estimate * ratio)
        voided.append((long, window.cut(estimate, counted)))
    for long, said in voided:
        assert (said is not None) == long
    said = next(said for long, said in voided if long and said)
    assert said.startswith("the judge kept 2,050 of ")
    assert "prompt tokens: its context window is smaller than this prompt" in said


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
