"""Context readings of round fifteen (issue 46), each from a restatement the held-out sets saw flagged: a price
after a label's number is no clock time ('パス7：12,800円'); a bound said after a figure is its own, past a
comma from the last one's ('8 participants minimum, 15 au plus'); a limit named in a label before the figure
('上限：500リットル') is the figure's; and a share said as two counts ('57명 중 53명') is those counts too."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import listed

BOTH_WAYS = [
    (
        "【料金】\n・パス4：7,800円〜\n・パス7：12,800円〜\n・販売開始：2か月前",
        "パス7は12,800円からです。",
        "パス7は12,600円からです。",
        "12,600円",
    ),
    (
        "Effectif : 8 participants minimum, 15 au plus.",
        "Le groupe compte 15 participants au maximum.",
        "Le groupe compte au moins 15 participants.",
        "15 participants",
    ),
    (
        "・1回の給油上限：500リットル（超える場合は要予約）\n・最低給油量：20リットル",
        "1回あたりの給油は最大500リットルまでです。",
        "1回あたり500リットル以上給油できます。",
        "500リットル",
    ),
    (
        "给油上限：500升，最低20升。",
        "每次最多可加500升。",
        "每次至少加500升。",
        "500升",
    ),
    (
        "지난해 수강생 57명 중 53명이 내신 등급이 올랐습니다.",
        "지난해 60명 가까운 수강생 가운데 50명 넘게 등급이 올랐습니다.",
        "지난해 수강생 90명 가까이 등급이 올랐습니다.",
        "90명",
    ),
]


@pytest.mark.parametrize(("context", "restated", "invented", "figure"), BOTH_WAYS)
def test_each_reading_holds_both_ways(context: str, restated: str, invented: str, figure: str) -> None:
    assert listed(context, restated) == []
    assert listed(context, invented) == [("unsupported", figure)]


def test_a_share_said_as_counts_is_still_a_share() -> None:
    assert listed("체험단 20명 중 15명이 만족했다고 답했습니다.", "체험단의 75%가 만족했다고 답했습니다.") == []


def test_a_clock_time_before_a_list_is_still_a_time() -> None:
    assert listed("Abfahrt 7:12, Ankunft 9:40.", "Der Zug fährt um 7:12 ab.") == []
    assert listed("Abfahrt 7:12, Ankunft 9:40.", "Der Zug fährt um 7:21 ab.") == [("unsupported", "7:21")]


def test_a_dutch_pas_is_no_negation() -> None:
    """'Zonder pas … ruim drie kwartier': a pass, not French 'pas'; 'ruim' stays 'a little over' (of 47 minutes)."""
    context = "De gemiddelde wachttijd zonder pas was afgelopen zomer 47 minuten, met pas 8 minuten."
    assert listed(context, "Zonder pas stond je gemiddeld ruim drie kwartier in de rij.") == []
    assert listed(context, "Zonder pas stond je gemiddeld ruim anderhalf uur in de rij.") == [
        ("unsupported", "anderhalf uur")
    ]
    assert listed("Koffers mogen niet meer dan 20 kg wegen.", "Je koffer mag hooguit 20 kg wegen.") == []


def test_a_dutch_half_hour_is_half_before_the_hour() -> None:
    """'om half acht 's avonds' is 19:30 (half before eight), as German 'halb acht abends'; English 'half 8' is
    not read as either."""
    context = "De introductiecursus begint op dinsdag om 20.30 uur en duurt anderhalf uur."
    assert listed(context, "De cursus begint om half negen 's avonds.") == []
    assert listed(context, "De cursus begint om half acht 's avonds.") == [("unsupported", "half acht 's avonds")]
    assert listed("Der Kurs beginnt um 19:30 Uhr.", "Der Kurs beginnt um halb acht abends.") == []
