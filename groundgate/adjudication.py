"""People in the loop: the ``/groundgate accept|confirm|revoke`` commands of a pull request's comments,
and the rule that says which rows still block once people have spoken. Pure: no GitHub, no clock.

An adjudication is bound to what was judged: the case id and the digest of the candidate's answer (with
the query and the context it was judged against) in the verdict its writer read. An accept names that
verdict by its commit (``/groundgate accept at f00dfacef00d ID -- REASON``, the command the report offers);
a confirm may, and otherwise binds to the verdict that stood when it was posted. A push that changes the
answer leaves the adjudication standing on the old digest, where it no longer applies (voided); an
unchanged answer keeps it; an accept that names an older verdict than the one standing accepts the answer
of the verdict it names, and only that. The bindings live in a ledger that groundgate stores with
each verdict (``groundgate.record``), so a later run knows which answer a command was about even when the
pull request has moved on. Who may adjudicate is the caller's to check (a permission lookup); everything
here assumes the commands it is given are by people allowed to give them.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict

from groundgate.rules import BLOCKING, Accepted, Bucket, FailOn, Outcome, gate_exit, verdict_of
from groundgate.wording import listed as in_words

PREFIX = "/groundgate"
ADJUDICABLE = (
    Outcome.REGRESSION,
    Outcome.BLOCKING_FIGURE,
    Outcome.REVIEW,
    Outcome.UNSTABLE,
    Outcome.NEW_NON_ANSWER,
    Outcome.UNSUPPORTED_FIGURE,
)
REASON_LIMIT = 300  # characters of a reason kept in the ledger: the comment itself keeps the whole text
PIN = re.compile(r"[0-9a-f]{7,40}")  # the commit a command names, as git abbreviates it (7 at least) or whole
QUOTED_LIMIT = 60  # characters of a person's line quoted back in a problem
DIGEST_HEX = 32  # 128 bits: two answers with one digest cannot be made on purpose
# What an accept names its answer by (``ID@DIGEST``, the command the report offers): the digest's first 16
# hexadecimal characters at least. 64 bits: an author who can rewrite a record cannot make another answer whose
# digest starts the same (2^64 tries); at 8 (2^32 tries, hours on a laptop) they could.
DIGEST_SAID = 16
_ANSWER = re.compile(r"@([0-9a-fA-F]{8,32})")  # the answer a command names after an id: at least 8 to be read as one


class Verb(StrEnum):
    ACCEPT = "accept"  # the judge is wrong (the answer is grounded), or the regression is intended
    CONFIRM = "confirm"  # the judge is right
    REVOKE = "revoke"  # withdraw one's own accept or confirm


def answer_digest(query: str | None, context: str, answer: str) -> str:
    """What an adjudication is bound to: the candidate's answer with the query and context it was judged
    against (an edit to any of them is another thing to judge). Length-prefixed, so no two splits collide."""
    digest = hashlib.sha256()
    for part in (query or "", context, answer):
        data = part.encode("utf-8", "surrogatepass")
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()[:DIGEST_HEX]


def blocks(outcome: Outcome, fail_on: FailOn) -> bool:
    """Whether a row with this outcome fails the gate under ``fail_on`` (as ``rules.gate_exit`` counts it)."""
    if outcome in BLOCKING:
        return fail_on != "never"
    return outcome is Outcome.REVIEW and fail_on == "any-regression"


# --- commands as people write them -------------------------------------------------------------

_TOKEN = re.compile(r"`([^`]+)`|\"([^\"]+)\"|(\S+)")
# A code fence as CommonMark reads one: up to three spaces, three or more backticks or tildes, then the info
# string (a backtick fence's has no backtick). It is closed only by a fence of the same character, at least
# as long, with nothing after it.
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_REASON = re.compile(r"(?:^|\s)--(?:\s|$)")  # a "--" of its own ends the ids; one inside an id does not
# Where GitHub's markdown (CommonMark) ends a line: nowhere else. Python's str.splitlines also ends one at
# U+2028, NEL, VT, FF and the separators \x1c-\x1e, which GitHub draws inside a line: a command after one of
# those would be read from the middle of a line, out of a quote that a quote-reply put around it.
_LINE_END = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class Command:
    verb: Verb
    ids: tuple[str, ...]
    reason: str
    text: str  # the line as written, whitespace collapsed: a command keeps its binding while this stays the same
    pin: str | None = None  # the commit of the verdict it is about ("at f00dfacef00d"), lower case
    answers: tuple[tuple[str, str], ...] = ()  # (id, the start of its answer's digest) as written: ``ID@DIGEST``

    def answer(self, row_id: str) -> str | None:
        """The start of the digest of the answer this command names for ``row_id`` (lower case), if it names one."""
        return next((digest for rid, digest in self.answers if rid == row_id), None)

    @property
    def key(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


# What GitHub draws before a paragraph's text and not as part of it: list markers (a task list's box too)
# and an ATX heading's hashes; a command after them is still the writer's own line.
_MARKER = re.compile(r"^(?:(?:[-+*]|\d{1,9}[.)])(?:[ \t]+\[[ xX]\])?[ \t]+|#{1,6}[ \t]+)")
_HEADING_END = re.compile(r"[ \t]+#+$")
# HTML inside a line: GitHub draws an inline comment as nothing and a tag as something else than its text, so
# a command holding one does not say what its reader sees (an id inside ``<!-- -->`` is invisible).
_HTML = re.compile(r"<(?:!--|/?[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$))")


def _drawn(line: str) -> str:
    """A line's text without the list markers and heading hashes GitHub draws around it."""
    while found := _MARKER.match(line):
        heading = found[0].startswith("#")
        line = line[found.end() :]
        if heading:
            line = _HEADING_END.sub("", line)
    return line


def _own_lines(body: str) -> Iterator[tuple[str, str | None]]:
    """The lines of a comment GitHub draws as its writer's own text, whitespace collapsed and list markers and
    heading hashes taken off, each with None; and, with why it is not read, the lines groundgate cannot be sure
    GitHub draws as the writer's text: "hidden", after an HTML comment (``<!--``) opened above and not closed yet
    (GitHub may draw them as nothing, or as text when the comment is never closed); "indented", four columns in
    (code, or a list item's text: the two readings differ). Not yielded at all: lines in a fenced code block and
    in a quote (with the line right after a quote's text, which GitHub draws inside it). An HTML comment opened
    inside a quote ends with the quote, as GitHub's containers do. Where this reading and GitHub's could differ,
    the line is not applied: a command nobody sees as one must not count."""
    fence: tuple[str, int] | None = None  # the open code fence's character and length
    quoted = False
    hidden: str | None = None  # an open HTML comment: "quote" when it was opened inside a quote
    for raw in _LINE_END.split(body):
        if hidden == "quote" and not raw.lstrip(" ").startswith(">"):
            hidden = None  # the quote ended, and the HTML comment inside it with it
        if hidden is not None:  # inside an HTML comment: what follows its end on this line is not at a line's start
            if "-->" in raw:
                hidden = None
            elif hidden == "block":
                yield _drawn(" ".join(raw.split())), "hidden"
            continue
        found = _FENCE.match(raw)
        if fence is not None:
            if found and found[1][0] == fence[0] and len(found[1]) >= fence[1] and not found[2].strip():
                fence = None
            continue
        if found and not (found[1][0] == "`" and "`" in found[2]):
            fence, quoted = (found[1][0], len(found[1])), False
            continue
        line = _drawn(" ".join(raw.split()))
        after_quote, quoted = quoted, line.startswith(">") and bool(line.lstrip("> "))
        if "<!--" in raw and "-->" not in raw.rpartition("<!--")[2]:
            hidden = "quote" if line.startswith(">") else "block"
        indented = len(raw.expandtabs(4)) - len(raw.expandtabs(4).lstrip(" ")) >= 4
        if line and not after_quote and not quoted:
            yield line, "indented" if indented else None


def named(row_id: str) -> str:
    """A case id as a problem names it: quoted, its start only."""
    return repr(quoted(row_id))


def quoted(line: str) -> str:
    """A person's line as a problem quotes it back: its start."""
    return line if len(line) <= QUOTED_LIMIT else line[: QUOTED_LIMIT - 1] + "…"


def parse_commands(body: str) -> tuple[list[Command], list[str]]:
    """The commands of a comment, one a line (``/groundgate VERB [at COMMIT] ID [ID ...] [-- REASON]``), and
    what is wrong with the lines that look like commands and are not. Lines in code blocks and quotes are
    not commands: quoting someone's command repeats nothing (a line right after a quote's text, with no
    blank line between, is drawn inside the quote). Lines are as GitHub draws them; a line an unclosed HTML
    comment may hide is said back, not applied. Ids may be wrapped in backticks or quotes (an id named
    ``at`` must be). An accept names the commit of the verdict it accepts: one without is said back."""
    commands: list[Command] = []
    problems: list[str] = []
    for line, why in _own_lines(body):
        if not line.casefold().startswith(PREFIX):
            continue
        head, _, rest = line.partition(" ")
        if head.casefold() != PREFIX:
            continue  # /groundgatefoo: not ours
        if why == "hidden":
            problems.append(
                f"'{quoted(line)}' is not read as a command: an HTML comment (<!--) opened above it is not closed "
                "(-->) before it, so GitHub may hide it. Post the command in a comment of its own"
            )
            continue
        if why == "indented":
            problems.append(
                f"'{quoted(line)}' is not read as a command: it is indented four spaces or more, which GitHub may "
                "draw as code. Write it at the start of a line"
            )
            continue
        if _HTML.search(line):
            problems.append(
                f"'{quoted(line)}' is not read as a command: it holds HTML (a comment or a tag), which GitHub does "
                "not draw as written, so its reader may not see every id in it. Write it without HTML"
            )
            continue
        word, _, rest = rest.partition(" ")
        try:
            verb = Verb(word.casefold())
        except ValueError:
            problems.append(f"'{PREFIX} {quoted(word)}' is not a command: write accept, confirm or revoke")
            continue
        listed, *after = _REASON.split(rest, maxsplit=1)
        tokens = [(m, next(g for g in m.groups() if g is not None)) for m in _TOKEN.finditer(listed)]
        pin = None
        if tokens and tokens[0][0].group(3) is not None and tokens[0][1].casefold() == "at":
            named = tokens[1][1].casefold() if len(tokens) > 1 and tokens[1][0].group(3) is not None else ""
            if not PIN.fullmatch(named):
                problems.append(
                    f"'{quoted(line)}': 'at' is followed by the commit of the verdict it is about (7 to 40 "
                    "hexadecimal characters, as the report shows it); write `at` in backticks for a case named so"
                )
                continue
            pin, tokens = named, tokens[2:]
        ids, answers = _named(tokens)
        reason = after[0].strip() if after else ""
        if not ids:
            problems.append(f"'{PREFIX} {verb}' names no case: write the ids the comment lists, then -- and a reason")
            continue
        if verb is Verb.ACCEPT and not reason:
            problems.append(f"'{PREFIX} accept' needs a reason after --: say why the judge is wrong")
            continue
        if verb is Verb.ACCEPT and pin is None:
            problems.append(
                f"'{quoted(line)}' does not say which verdict it accepts, so it is not applied: write "
                f"'{PREFIX} accept at COMMIT ID [ID ...] -- REASON', COMMIT being the commit of the report you read "
                "(its command at the end has it); an accept holds for the answers that verdict judged, and only those"
            )
            continue
        bare = [i for i in ids if i not in dict(answers)]
        short = [f"{i}@{d}" for i, d in answers if len(d) < DIGEST_SAID]
        if verb is Verb.ACCEPT and (bare or short):
            what = (
                f"names no answer for {in_words([repr(quoted(i)) for i in bare[:5]], 5, len(bare))}"
                if bare
                else f"names the answer of {quoted(short[0])!r} by fewer than {DIGEST_SAID} hexadecimal characters"
            )
            problems.append(
                f"'{quoted(line)}' {what}, so it is not applied: paste the command from the report, it names the "
                f"answer (ID@DIGEST); an accept holds for that answer and no other"
            )
            continue
        commands.append(Command(verb, ids, reason, line, pin, answers))
    return commands, problems


def _named(tokens: list[tuple[re.Match[str], str]]) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The ids of a command's tokens, and the answers it names for them: ``refund-007@1a2b3c4d5e6f7a8b``, or an id
    in backticks or quotes followed at once by ``@DIGEST`` (the report writes an id that holds spaces so)."""
    ids: list[str] = []
    answers: list[tuple[str, str]] = []
    previous: re.Match[str] | None = None
    for match, value in tokens:
        bare = match.group(3) is not None
        found = _ANSWER.fullmatch(value) if bare else None
        if found is not None and previous is not None and previous.group(3) is None and previous.end() == match.start():
            answers.append((ids[-1], found[1].lower()))  # `an id`@DIGEST
        else:
            tail = re.search(r"(?<=.)@([0-9a-fA-F]{8,32})$", value) if bare else None
            if tail is not None:
                value = value[: tail.start()]
                answers.append((value, tail[1].lower()))
            ids.append(value)
        previous = match
    return tuple(ids), tuple(answers)


@dataclass(frozen=True)
class Said:
    """A command as posted: by whom, in which comment, when (its last edit, or its creation)."""

    comment: int
    login: str
    at: datetime
    command: Command
    index: int = 0  # its place in the comment


# --- what the judge decided, and what people said about it --------------------------------------


class Judged(BaseModel):
    """A row people may adjudicate, as the judge decided it, with the digest of what was judged."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    category: str
    outcome: Outcome
    before: Bucket | None
    after: Bucket | None
    line: int
    digest: str
    held_from: str | None = None  # a blocking regression held: the commit whose verdict blocked on this answer


class Entry(BaseModel):
    """One person's command about one row, bound to the answer it was about (``digest``: None when it
    came too early to be about any verdict groundgate has on record). Kept in the ledger as first seen."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    comment: int
    key: str  # the command's text, hashed: an edit that changes it is a new command
    index: int = 0
    login: str
    verb: Verb
    row: str
    at: datetime
    digest: str | None
    outcome: Outcome | None = None  # the judge's outcome and bucket for that answer, for the labels
    bucket: Bucket | None = None
    category: str | None = None
    reason: str = ""
    head: str | None = None  # the commit of the verdict it was bound to (None in ledgers before it was kept)

    def order(self) -> tuple[datetime, int, int]:
        return (self.at, self.comment, self.index)


@dataclass(frozen=True)
class Verdict:
    """A verdict people's commands can be bound to: its rows by id, when it became visible (GitHub's time;
    None for the verdict being published now, which nobody has seen yet), and the commit it judged."""

    rows: Mapping[str, Judged]  # the rows every record of it agrees on
    published: datetime | None
    head: str | None = None
    answers: Mapping[str, frozenset[str]] = field(default_factory=dict)  # every answer any record of it gives a row
    unsettled: frozenset[str] = frozenset()  # rows its records disagree on (or that some do not list)
    variants: Mapping[str, tuple[Judged, ...]] = field(default_factory=dict)  # each answer any record gives a row
    # what each record of it says of a row: (the check run that holds the record, the answer's digest or None when
    # that record does not list the row), for saying which check runs disagree
    said_by: Mapping[str, tuple[tuple[str, str | None], ...]] = field(default_factory=dict)
    # why no accept binds to it, whatever its records agree on: with a record key, none of its records verifies
    # (groundgate signed none there); without one, the pull request's records are signed and none can be verified
    unbound: str | None = None

    def named(self, row_id: str, start: str) -> list[Judged]:
        """The answers any record of this verdict gives the row whose digest starts with ``start``: each once."""
        found = self.variants.get(row_id) or ((self.rows[row_id],) if row_id in self.rows else ())
        return list({j.digest: j for j in found if j.digest.startswith(start)}.values())

    def agreed(self, row_id: str, start: str) -> Judged | None:
        """The answer every record of this verdict gives the row, when its digest starts with ``start`` (what an accept
        names): the only answer an accept can bind to when no source the branch cannot write says which one the
        verdict judged. A record only says what the verdict judged; the answer is the writer's word."""
        row = self.rows.get(row_id)
        return row if row is not None and row_id not in self.unsettled and row.digest.startswith(start) else None

    def digests(self, row_id: str) -> frozenset[str]:
        """Every answer any record of this verdict gave the row (a confirm disputes each)."""
        found = self.answers.get(row_id, frozenset())
        return found | {self.rows[row_id].digest} if row_id in self.rows else found

    def judged(self, row_id: str, digest: str) -> Judged | None:
        row = self.rows.get(row_id)
        return row if row is not None and row.digest == digest else None


State = Literal["accepted", "confirmed", "disputed", "voided"]


@dataclass(frozen=True)
class Standing:
    """One row as people left it: the standing accepts and confirms that apply to its current answer
    (``by``), those made on another answer (``voided``), and whether it still blocks."""

    row: Judged
    state: State
    by: tuple[Entry, ...]
    voided: tuple[Entry, ...]
    blocking: bool  # blocks under fail-on, before people
    blocks: bool  # still blocks


@dataclass(frozen=True)
class Decision:
    ledger: tuple[Entry, ...]
    rows: tuple[Standing, ...]  # rows with standing adjudications (applying or voided), in the verdict's order
    problems: Mapping[int, tuple[str, ...]]  # comment id -> what could not be applied, and why
    fail_on: FailOn
    missing: int = 0  # blocking rows not on record (a record too large to hold them all): they keep blocking

    @property
    def accepted(self) -> tuple[Standing, ...]:
        """Rows that block under fail-on and that people accepted: they no longer block."""
        return tuple(s for s in self.rows if s.blocking and not s.blocks)

    @property
    def accepted_by(self) -> tuple[str, ...]:
        """Who accepted the blocking rows that no longer block, most rows first."""
        counts = Counter(e.login for s in self.accepted for e in s.by if e.verb is Verb.ACCEPT)
        return tuple(login for login, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0].casefold())))

    def counts(self, counts: Mapping[Outcome, int]) -> Counter[Outcome]:
        """The counts the gate decides on: accepted blocking rows no longer count as blocking outcomes."""
        left = Counter(counts)
        for standing in self.accepted:
            left[standing.row.outcome] -= 1
        return left

    def by_category(self, counts: Mapping[str, int], *outcomes: Outcome) -> Counter[str]:
        """A per-category count of rows of these outcomes, accepted ones taken out."""
        left = Counter(counts)
        for standing in self.accepted:
            if standing.row.outcome in outcomes:
                left[standing.row.category] -= 1
        return +left

    def exit_code(self, counts: Mapping[Outcome, int]) -> int:
        """``rules.gate_exit`` on what still blocks: 1 only for a blocking row nobody accepted."""
        left = self.counts(counts)
        return gate_exit(verdict_of(left), left, self.fail_on)

    @property
    def noun(self) -> str:
        """What the accepted rows are, for the headline: blocking regressions, the tripwire's blocking
        unsupported figures, regressions under fail-on: any-regression when some are REVIEW rows, or a mix."""
        found = {s.row.outcome for s in self.accepted}
        if found <= {Outcome.REGRESSION}:
            return "blocking regression"
        if found <= {Outcome.BLOCKING_FIGURE}:
            return "blocking unsupported figure"
        return "regression" if found <= {Outcome.REGRESSION, Outcome.REVIEW} else "blocking row"


def accepted(decision: Decision) -> Accepted | None:
    """What the headline says of the decision: the blocking rows people accepted, and by whom."""
    return Accepted(len(decision.accepted), decision.noun, decision.accepted_by) if decision.accepted else None
