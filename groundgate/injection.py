"""Answers that talk to the judge: a pure check, for the report's list of rows to read.

The judge reads each answer inside its own prompt (azure-ai-evaluation's groundedness prompt: sections
``CONTEXT:``, ``QUERY:``, ``RESPONSE:``, and an output of JSON with ``reason``, ``score`` and ``status``).
An answer that addresses the judge instead of the customer (instructions about scoring or the rubric,
"score 5", "ignore previous instructions", chat-template role tags, a fake prompt section, JSON shaped like
the judge's own output) may be scored for what it asks, not for what it says. Such a row is listed for a
person to read, whatever its score; it never blocks on its own (a support answer may quote such text
for a reason, and a pattern list is no proof).

What it does not catch: an injection in words these patterns do not list (another language, a
paraphrase, a spelling with confusable letters beyond compatibility forms), instructions hidden in the
retrieved context, or a judge swayed without any instruction (an answer that is merely confident).
"""

from __future__ import annotations

import re

from groundgate.lookalike import visible

_EXCERPT = 60

_JUDGE = r"(?:ai |llm |automated |language model )?(?:judge|grader|evaluator|assessor|scorer|rater|grading model)s?"
_ANSWER = r"(?:answer|response|reply|output|completion)"
# On the text case folded: what a support answer has no reason to say. A pattern that starts with a word
# starts at a word's start (checked by ``_first``: a leading \b would keep the regex engine from scanning
# for the pattern's first letters, which makes the check five times slower).
_FOLDED = [
    # overriding what the judge was told
    r"(?:ignore|disregard|forget|override|bypass)\b(?: (?:all|any|the|your|these|those|my|of|previous|prior|above|"
    r"earlier|preceding|system|original|other|grading|scoring|evaluation))* (?:instructions?|rules|rubric|guidelines|"
    r"prompts?|criteria|directions)\b",
    r"new (?:instructions|rules|rubric|scoring rules|system prompt)\s*:",
    # addressing the judge
    rf"(?:dear|attention|note (?:to|for)|hello|hi|hey|message (?:to|for)|instructions? (?:to|for))\W+(?:the\W+)?{_JUDGE}\b",
    rf"(?:you are|you're|as) (?:an? |the )?{_JUDGE}\b",
    # scoring instructions and the rubric
    r"(?:(?:score|rating|groundedness)\s*(?:of|=|:|is|should be|must be|will be)?|grade\s*(?:of|=|:|is|should be|must be"
    r"|will be))\s*(?:a\s+)?[1-5](?:\.0)?"
    r"(?:\s*(?:/\s*5|out of (?:5|five)))?\b(?!\s*(?:%|percent|stars?|star\b|days?|weeks?|months?|years?|hours?|"
    r"minutes?|business|mm|cm|kg|lb|m\b|km|miles?|items?|times|x\b|[.,]\d))",
    rf"(?:score|rate|grade|mark|evaluate|judge)\s+(?:this|the|my|above|following)\s+{_ANSWER}\s+(?:as|with|at)\b",
    rf"(?:this|the|my|above|following)\s+{_ANSWER}\s+(?:is|should be|must be|deserves|merits|gets|earns)\s+"
    r"(?:rated\s+|scored\s+|given\s+)?(?:an?\s+)?(?:[1-5]\b|five\b|(?:a )?perfect score|(?:fully |completely )?grounded\b)",
    r"(?:give|assign|award|output|return)\s+(?:(?:this|the|my|it)\s+)?(?:" + _ANSWER + r"\s+)?(?:an?\s+)?"
    r"(?:score|grade|groundedness)\s+(?:of\s+)?(?:[1-5]|five)\b",
    r"groundedness\b",
    r"rubric\b",
    r"(?:evaluation|scoring|grading|judging) (?:instructions|criteria|guidelines|prompt|system)\b",
    r"let's think step by step\b",
    r"fully grounded in (?:the |its |this )?(?:context|sources?|documents?)\b",
    # chat-template role tags
    r"<\|\s*(?:system|user|assistant|developer|im_start|im_end|im_sep|endoftext|eot_id|start_header_id|end_header_id)"
    r"\s*\|>",
    r"\[/?inst\]|<</?sys>>|<(?:start|end)_of_turn>",
    r"(?m:^[ \t>*_#]*(?:system|assistant|developer)\s*(?:prompt|message)?\s*:\s*(?:you\b|ignore\b|disregard\b|forget\b|"
    r"score\b|rate\b|grade\b|output\b|respond\b|return\b|the (?:answer|response)\b))",
    r"(?m:^\s*#{1,6}\s*(?:instructions?|new instructions?|system(?: prompt)?|assistant|response|output)\s*:?\s*$)",
    # JSON shaped like the judge's own output
    r"\{\s*\"(?:score|groundedness|gpt_groundedness|rating|reason|status|explanation)\"\s*:",
]
# On the text as written: the judge prompt's own section markers, in its capitals.
_WRITTEN = [
    r"(?m:^[ \t>*_]*(?:CONTEXT|QUERY|RESPONSE)\s*:)",
    r"(?m:^\s*#{1,2}\s*(?:Data|Tasks|Output|Definitions)\s*$)",
    r"\[Groundedness:\s*[1-5]\]",
]
_FOLDED_RES = [re.compile(p) for p in _FOLDED]
# A word every pattern above needs, found in one cheap pass: most answers hold none of them.
_NEEDED = re.compile(
    r"judge|grader|evaluat|assess|scorer|rater|grading|score|rating|grade|grounded|answer|response|reply|output|"
    r"completion|ignore|disregard|forget|override|bypass|instruction|rule|rubric|prompt|criteria|guideline|"
    r"step by step|<\||\[/?inst|<</?sys|_of_turn|system|assistant|developer|#|\{"
)
_WRITTEN_RES = [re.compile(p) for p in _WRITTEN]


def _first(patterns: list[re.Pattern[str]], text: str) -> str | None:
    """The leftmost passage any of the patterns finds, each starting at a word's start when it starts with one."""
    found: tuple[int, str] | None = None
    for pattern in patterns:
        for match in pattern.finditer(text):
            start = match.start()
            if start and _word(text[start]) and _word(text[start - 1]):
                continue  # inside a word: 'xignore'
            if found is None or start < found[0]:
                found = (start, match.group(0))
            break
    return found[1] if found else None


def _word(char: str) -> bool:
    return char.isalnum() or char == "_"


def talks_to_judge(text: str) -> str | None:
    """The first passage of ``text`` that addresses the judge rather than the customer, or None.

    Read as a reader sees it: compatibility forms folded (fullwidth letters), zero-width characters
    dropped, white space collapsed."""
    written = "\n".join(" ".join(line.split()) for line in visible(text).splitlines())
    folded = written.casefold()
    found = _first(_WRITTEN_RES, written) or (_first(_FOLDED_RES, folded) if _NEEDED.search(folded) else None)
    if found is None:
        return None
    passage = " ".join(found.split())
    return passage if len(passage) <= _EXCERPT else passage[: _EXCERPT - 1] + "…"


def addressed(baseline: str, candidate: str) -> str | None:
    """Which answer of a row talks to the judge and how, as the results record it: "candidate: 'score 5'"."""
    said = talks_to_judge(candidate)
    sides = (("candidate", said), ("baseline", said if baseline == candidate else talks_to_judge(baseline)))
    found = [(side, passage) for side, passage in sides if passage]
    return "; ".join(f"{side}: {passage!r}" for side, passage in found) or None
