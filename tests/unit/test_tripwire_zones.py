"""Time zones named as CLDR names them in each language, and said further on than the time (issue 46, round
four): a metazone's standard name ('한국 표준시'), a city's time ('ora di Londra', 'Tokyo time'), a zone after
a span's end ('09:00~18:00(KST)') or in brackets at the end of its sentence ('… 8pm on 5 June (UK time)'), a
place's time against a summer time's name ('10am UK time' is '10:00 BST'). Each both ways."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import listed


@pytest.mark.parametrize(
    ("context", "restated", "changed", "figures"),
    [
        ("Le iscrizioni chiudono alle 18:00 (ora italiana).", "Le iscrizioni chiudono alle 17:00 ora di Londra.", "Le iscrizioni chiudono alle 18:00 ora di Londra.", ["18:00"]),
        ("상담은 09:00~18:00(한국 표준시)에 가능합니다.", "상담 시간은 00:00~09:00(UTC)입니다.", "상담은 09:00~18:00(UTC)에 가능합니다.", ["18:00"]),
        ("Ticket sales open on 3 June at 10:00 BST and close on 5 June at 20:00 BST.", "Sales open at 10am on 3 June and close at 8pm on 5 June (UK time).", "Sales open at 10am on 3 June and close at 8pm on 5 June (Tokyo time).", ["8pm"]),
        ("Die Hotline ist bis 17:00 Uhr MEZ erreichbar.", "Die Hotline ist bis 16:00 Uhr koordinierte Weltzeit erreichbar.", "Die Hotline ist bis 17:00 Uhr koordinierte Weltzeit erreichbar.", ["17:00 Uhr"]),
    ],
)  # fmt: skip
def test_a_zone_named_as_cldr_names_it_or_said_further_on_is_the_time_s(
    context: str, restated: str, changed: str, figures: list[str]
) -> None:
    assert listed(context, restated) == []
    assert listed(context, changed) == [("unsupported", figure) for figure in figures]
