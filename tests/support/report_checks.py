"""Reading a rendered report back the way a reviewer would: a GFM-ish parser (markdown-it with
tables and strikethrough), the sections and what each shows, and what is in sight without opening a
collapsed block."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

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


class _Visible(HTMLParser):
    """The text of rendered HTML as a browser shows it (tags gone, entities decoded), with the links in it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.links: list[tuple[str, str]] = []  # (text, href)
        self._href: str | None = None
        self._text: list[str] = []

    _tables = 0  # inside a table a row is one line: "| a | b"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tables += tag == "table"
        if tag == "br" and self._tables:
            self.parts.append(" ")
        elif tag in ("br", "p", "tr", "li", "h1", "h2", "h3", "summary", "div"):
            self.parts.append("\n")
        elif tag in ("td", "th"):
            self.parts.append(" | ")
        if tag == "a":
            self._href, self._text = dict(attrs).get("href") or "", []

    def handle_endtag(self, tag: str) -> None:
        self._tables -= tag == "table"
        if tag == "a" and self._href is not None:
            self.links.append(("".join(self._text), self._href))
            self._href = None

    def handle_data(self, data: str) -> None:
        self.parts.append(data.replace("\n", " ") if self._tables else data)
        if self._href is not None:
            self._text.append(data)


def _visible(markdown: str) -> _Visible:
    found = _Visible()
    found.feed(GFM.render(markdown))
    found.close()
    return found


def seen(markdown: str) -> str:
    """What a reader sees of the report rendered as GFM: its text, line by line, spaces folded."""
    lines = ("".join(_visible(markdown).parts)).splitlines()
    return "\n".join(" ".join(line.split()) for line in lines if line.strip())


def links(markdown: str) -> list[tuple[str, str]]:
    """Every link a reader can click in the rendered report: (its text, where it goes)."""
    return _visible(markdown).links


def table_cells(markdown: str, column: str) -> list[str]:
    """The text of every body cell under the header ``column`` of every table in the report."""
    found: list[str] = []
    header: list[str] = []
    index, part, cell = 0, "", 0
    tokens = parse(markdown)
    for i, token in enumerate(tokens):
        if token.type == "table_open":
            header = []
        elif token.type in ("thead_open", "tbody_open"):
            part = token.type
        elif token.type == "tr_open":
            cell = 0
        elif token.type == "th_open":
            header.append(inline_text(tokens[i + 1]).strip())
        elif token.type == "td_open":
            index = header.index(column) if column in header else -1
            if part == "tbody_open" and cell == index:
                found.append(inline_text(tokens[i + 1]).strip())
            cell += 1
    return found
