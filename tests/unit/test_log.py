"""The log is a control channel: no user text may form a workflow command in it, in either form."""

from __future__ import annotations

import io
import re

from hypothesis import given
from hypothesis import strategies as st

from groundgate.github.workflow import Log
from groundgate.report.escape import log_safe

# What the runner does with a process's output: ReadLine splits on CR, LF and CRLF; each line is
# trimmed of .NET whitespace and is a command when it starts with "::"; the legacy parser finds "##[" anywhere.
DOTNET_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


def commands(output: str) -> list[str]:
    found = []
    for line in re.split(r"\r\n|\r|\n", output):
        if line.strip(DOTNET_SPACE).startswith("::") or "##[" in line:
            found.append(line)
    return found


pieces = st.lists(st.sampled_from(["::", ":", "#", "##[", "[", "\n", "\r", " ", "\u2028", "\xa0", "error", "x"]))


@given(st.one_of(st.text(), pieces.map("".join)))
def test_log_safe_text_holds_no_command(text: str) -> None:
    safe = log_safe(text)
    assert commands(safe) == []
    assert safe.replace("\u200b", "") == text.replace("\u200b", "")  # nothing dropped, only split (a text may
    assert len(safe) >= len(text)  # hold a zero-width space of its own: hypothesis found '\u200b')
    assert log_safe(safe) == safe


def test_both_forms_are_split() -> None:
    assert log_safe("reason ##[error]x") == "reason ##\u200b[error]x"
    assert log_safe("ok\n  ::error::x") == "ok\n  :\u200b:error::x"
    assert log_safe("a::b") == "a::b"  # not at a line start: harmless, left alone


@given(st.one_of(st.text(), pieces.map("".join)))
def test_the_log_emits_only_its_own_commands(text: str) -> None:
    out = io.StringIO()
    log = Log(out)
    log.info(text)
    log.warning(text, title=text, file=text)
    log.error(text)
    with log.group(text):
        pass
    own = [line for line in commands(out.getvalue()) if re.match(r"::(warning|error|group|endgroup)[ :]", line)]
    assert commands(out.getvalue()) == own
    assert len(own) == 4
