"""Reading a rendered report back the way a reviewer would: a GFM-ish parser (markdown-it with
tables and strikethrough), the sections and what each shows, and what is in sight without opening a
collapsed block."""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

GFM = MarkdownIt("commonmark").enable("table").enable("strikethrough")
ATTENTION_TITLES = ("Blocking regressions", "Could not judge", "Regressions to review", "Unstable", "New non-answers")


def parse(text: str) -> list[Token]:
    return GFM.parse(text)


@dataclass
class Table:
    columns: int
    rows: int


def tables(tokens: list[Token]) -> list[Table]:
    found: list[Table] = []
    part = ""
    for token in tokens:
        if token.type == "table_open":
            found.append(Table(0, 0))
        elif token.type in ("thead_open", "tbody_open"):
            part = token.type
        elif token.type == "th_open":
            found[-1].columns += 1
        elif token.type == "tr_open" and part == "tbody_open":
            found[-1].rows += 1
    return found


def inline_text(token: Token) -> str:
    """What a reader sees of one inline token: text and code spans, markup gone."""
    out = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            out.append(child.content)
        elif child.type in ("softbreak", "hardbreak") or (child.type == "html_inline" and child.content == "<br>"):
            out.append(" ")
    return "".join(out)


def text_of(tokens: list[Token]) -> str:
    parts = [inline_text(t) for t in tokens if t.type == "inline"]
    parts += [t.content for t in tokens if t.type == "html_block"]
    return "\n".join(parts)


@dataclass
class Shown:
    title: str
    total: int
    units: int  # rows shown with their details
    lines: int  # rows shown as one table line
    more: int  # "N more ... not shown here"
    unlisted: int  # "N ..., not listed here"
    show_counts: list[int]  # the N of each "Show N ..." summary

    @property
    def shown(self) -> int:
        return self.units + self.lines


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def sections(markdown: str) -> dict[str, Shown]:
    """Each row section of the report, what it shows and what it says it left out."""
    found: dict[str, Shown] = {}
    for chunk in markdown.split("\n### ")[1:]:
        head, _, body = chunk.partition("\n")
        match = re.fullmatch(r"(.+) \(([\d,]+)\)", head.replace("\\", ""))
        if not match:
            continue
        lines = body.splitlines()
        units = sum(1 for line in lines if re.match(r"^\*\*.+\*\* · .+<br>$", line))
        table_lines, in_case_table = 0, False
        for line in lines:
            if line.startswith("| Case"):
                in_case_table = True
            elif in_case_table and line.startswith("| ") and not line.startswith("| ---"):
                table_lines += 1
            elif not line.startswith("|"):
                in_case_table = False
        more = sum(_number(n) for n in re.findall(r"^_([\d,]+) more .+ not shown here", body, re.M))
        unlisted = sum(_number(n) for n in re.findall(r"^_([\d,]+) [^_]+, not listed here", body, re.M))
        shows = [_number(n) for n in re.findall(r"<summary>Show ([\d,]+) ", body)]
        found[match.group(1)] = Shown(
            match.group(1), _number(match.group(2)), units, table_lines, more, unlisted, shows
        )
    return found


def outside_details(markdown: str) -> str:
    """The report as it reads before any collapsed block is opened: every outermost <details> removed."""
    out, depth = [], 0
    for line in markdown.splitlines(keepends=True):
        opened = line.count("<details>")
        if depth == 0 and not opened:
            out.append(line)
        depth += opened - line.count("</details>")
    return "".join(out)
