"""A context laid out as retrieved documents are (markdown pipe tables, bullets, ``Key: value`` lines under
headings), read as the sentences its layout says. The readers of figures read sentences: what a figure is said
with and what it is said of are the words beside it. A layout says them elsewhere — a cell's period is its
column's header, its item the row's first cell, a bullet's item the heading it stands under — so each row, and
each record line under a heading, is written as one sentence that names them beside its figures:

- a table's row ``| Plus | €20 | €200 |`` under ``| Plan | Monthly | Yearly |`` reads
  ``Plan Plus: Monthly €20 · Yearly €200.`` (each cell after its header, the first naming the row, the cells
  parted so that no header is read with the value before it; an empty or dash cell dropped); a row named as a
  rate (``| Per hour | €2 | €3 |``) says its name again beside each value;
- a bullet or a ``Key: value`` line with a figure, under ``## Family plan``, reads ``Family plan: Price: €35``, and
  ``Family plan: Monthly €35`` where the key qualifies its value (a heading holding a digit names nothing: its
  figure would be stated again on every line);
- the bullet's marker and emphasis (``**``) are dropped.

Text with none of these (every blind set of prose before round 20) is returned as it came, the same string: prose
reads exactly as before."""

from __future__ import annotations

import re
from functools import lru_cache

from groundgate.judges.figures.extract import read

_TABLE_LINE = re.compile(r"^\s*\|.*\|\s*$")
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*[-*+•]\s+")
_KEY_VALUE = re.compile(r"^[^:：\n]{1,40}[:：]\s*\S")
_EMPHASIS = re.compile(r"\*\*|__")
_EMPTY_CELL = re.compile(r"^[-–—/\s]*$")
_LAID_OUT = re.compile(r"^\s*(?:\||#{1,6}\s|[-*+•]\s)", re.MULTILINE)
_BARE = re.compile(
    r"^(?=.*\d)[^\W\d_]{0,3}[^\w]*[\d.,' \u00a0]+[^\w]*[^\W\d_]{0,3}$"
)  # a value alone: '€2', '2,90 €', '1,980円', '12 EUR'
# A rate's marker: a row named 'Per hour', 'Pro Tag', '每小时', '시간당' says what its values are per; one named
# 'Monthly' or 'Annual' may be a plan billed so, whose setup fee is no monthly one.
_RATE = re.compile(
    r"(?i)(?<![^\W\d_])(?:per|pro|par|por|je|each|every|chaque|cada|ogni|elke)(?![^\W\d_])|每|当たり|あたり|につき|당|/"
)
_RECORD_LINE = 160  # a longer line is a paragraph: it names its own items


def flattened(text: str) -> str:
    """The text with its layout said in sentences; the same string when it has none."""
    if "\n" not in text or not _LAID_OUT.search(text):
        return text
    lines = text.split("\n")
    out: list[str] = []
    heading = ""
    at = 0
    while at < len(lines):
        line = lines[at]
        if _TABLE_LINE.match(line) and at + 1 < len(lines) and _SEPARATOR.match(lines[at + 1]) and "|" in lines[at + 1]:
            headers = _cells(line)
            at += 2
            while at < len(lines) and _TABLE_LINE.match(lines[at]):
                out.append(_row(headers, _cells(lines[at]), heading))
                at += 1
            continue
        found = _HEADING.match(line)
        if found:
            title = _EMPHASIS.sub("", found.group(2)).strip()
            heading = "" if any(c.isdigit() for c in title) else title
            out.append(title + ("" if title.endswith((".", ":", "。", "：")) else "."))
            at += 1
            continue
        bullet = _BULLET.match(line)
        body = _EMPHASIS.sub("", line[bullet.end() :] if bullet else line).strip()
        record = (bullet or _KEY_VALUE.match(body)) and len(body) <= _RECORD_LINE
        key, colon, value = body.partition(":")
        if record and colon and _qualifies(key.strip()):  # 'Monthly: €40' under '## Adults': the period, beside
            body = f"{key.strip()} {value.strip()}"
        if heading and record and any(c.isdigit() for c in body) and not body.startswith(heading):
            body = f"{heading}: {body}"
        out.append(body if bullet or record else _EMPHASIS.sub("", line))
        at += 1
    return "\n".join(out)


def _cells(line: str) -> list[str]:
    """A table line's cells, ``\\|`` kept as a bar inside a cell."""
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [_EMPHASIS.sub("", cell).replace("\\|", "|").strip() for cell in re.split(r"(?<!\\)\|", inner)]


# Between a row's cells: a mark no figure reader reads across, so that no header is read with the value before
# it ('Par mois 15 €, Par an 490 €' read 15 € a year; ', ' flagged every French, Spanish and Dutch honest answer).
_BETWEEN_CELLS = " · "


def _row(headers: list[str], cells: list[str], heading: str) -> str:
    """One row as one sentence: each cell after its column's header, named by the row's first cell and the
    heading it stands under; a first cell that qualifies (`Per hour`) said again right before each value."""
    pairs = []
    for index, cell in enumerate(cells):
        if _EMPTY_CELL.match(cell):
            continue
        header = headers[index] if index < len(headers) else ""
        pairs.append(("" if _EMPTY_CELL.match(header) else header, cell))
    if not pairs:
        return ""
    said = [" ".join(part for part in pairs[0] if part)] + [_said(header, cell) for header, cell in pairs[1:]]
    name = pairs[0][1]
    if len(pairs) > 1 and _RATE.search(name) and _qualifies(name):  # '| Per hour | €2 | €3 |': beside each value
        said[1:] = [
            " ".join(
                part for part in (header, name if _BARE.match(cell) and not _qualifies(header) else "", cell) if part
            )
            for header, cell in pairs[1:]
        ]  # not where the cell or its header says its own ('€50 one-off', 'Daily cap'), nor a plan named 'Monthly'
    sentence = ": ".join((said[0], _BETWEEN_CELLS.join(said[1:]))) if len(said) > 1 else said[0]
    if heading:
        sentence = f"{heading}: {sentence}"
    return sentence + ("" if sentence.endswith((".", "。")) else ".")


# Words a header writes that a reader may take for a unit and that mean a bound or a scale: 'Temp (min)' is the
# lowest temperature, not minutes; 'Population (m)' is millions, not metres.
_NO_UNIT = frozenset({"min", "max", "mín", "máx", "m", "mn", "k", "mio", "mrd", "bn"})
_NUMBER_ONLY = re.compile(r"^\d[\d.,' \u00a0]*$")
_UNIT_IN_BRACKETS = re.compile(r"^(.*?)\s*[(（]\s*([^()（）\d]{1,12}?)\s*[)）]$")


def _said(header: str, cell: str) -> str:
    """A cell with its column's header: after it ('Monthly €20'), or, for a number alone under a header that is
    its unit, before it or with the bracket's unit ('Heures/semaine' over '30' is '30 Heures/semaine'; 'Weight
    (kg)' over '20' is 'Weight 20 kg'). Not the row's first cell: it names the row ('2023' under 'Year')."""
    if header and _NUMBER_ONLY.match(cell):
        if (bracket := _UNIT_IN_BRACKETS.match(header)) is not None and _is_unit(bracket.group(2)):
            return " ".join(part for part in (bracket.group(1), cell, bracket.group(2)) if part)
        if _is_unit(header):
            return f"{cell} {header}"
    return " ".join(part for part in (header, cell) if part)


@lru_cache(maxsize=256)
def _is_unit(words: str) -> bool:
    """Whether a header is what a number under it is counted in ('Heures/semaine', 'kg', 'min', '€'): the
    figures' own reader reads a number before it as a quantity that takes all of its words, or whose period or
    what it is per the rest of them say."""
    if not words or any(c.isdigit() for c in words) or len(words) > 30 or words.lower().strip(" .") in _NO_UNIT:
        return False
    written = f"7 {words}"
    reading = read(written)
    for figure in reading.figures:
        if figure.kind in ("duration", "measure", "money", "percent") and figure.start == 0:
            said = reading.qualified(figure).said_with  # the rest of the header says its period ('/semaine')
            return figure.end >= len(written) - 1 or bool(said.period or said.per)
    return False


@lru_cache(maxsize=256)
def _qualifies(name: str) -> bool:
    """Whether a row's name says what its figures are said with (a period, what they are per, a bound: 'Per hour',
    'Monatlich', '每天', 'Maximum'), as the figures' own reader reads it before a price."""
    if not name or any(c.isdigit() for c in name) or len(name) > 40:
        return False
    reading = read(f"{name} 100 €")
    said = [reading.qualified(f).said_with for f in reading.figures if f.kind == "money"]
    return any(q.period or q.per or q.bound for q in said)
