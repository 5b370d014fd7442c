"""What a price is for when the answer or the context says it without 'per' (issue 46, round fifteen): for the
whole group or room ('£139 per week for the room', "pour l'ensemble du groupe"), for the two of them ('para los
dos'), for a portion that serves some people ('（5〜6名様分）4,800円'), per a pair ('al paio'), per one room
('방 하나당'), per a vehicle said before a bracket ('800元/车（含司机1人）'), per way in Italian ('a tratta').
Each is what the price is per: moved to another basis it is listed; kept on its own it is not."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import listed

MOVED = [
    (
        "An en-suite single costs £189 per week, and a place in a twin room £139 per person per week.",
        "A twin room is £139 per week for the room, so you would split that.",
        "£139",
    ),
    (
        "- Option déjeuner : 32 € par personne\n- Privatisation : 540 € par groupe",
        "Le déjeuner est facturé 32 € pour l'ensemble du groupe.",
        "32 €",
    ),
    (
        "| Actividad | Precio |\n|---|---|\n| Bautismo | 75 € por persona |",
        "El bautismo cuesta 75 € para los dos e incluye una inmersión.",
        "75 €",
    ),
    (
        "サンドイッチ盛り合わせ（5〜6名様分）4,800円、フルーツタルト5,400円。",
        "サンドイッチ盛り合わせはお一人様4,800円です。",
        "4,800円",
    ),
    (
        "Il rifacimento dei tacchi costa 15 € al paio. La sostituzione delle cerniere costa 25 € per cerniera.",
        "La sostituzione delle cerniere costa 25 € al paio di stivali.",
        "25 €",
    ),
    (
        "- 2인실: 1인당 1,180,000원 (학기)\n- 1인실: 1,650,000원 (학기)",
        "2인실 관비는 방 하나당 1,180,000원입니다.",
        "1,180,000원",
    ),
    (
        "| 车型 | 票价 |\n|---|---|\n| 小客车 | 800元/车（含司机1人） |\n| 随车乘客 | 65元/人 |",
        "小客车过海票价是每人800元。",
        "800元",
    ),
    (
        "- Corsa semplice adulti: 3,30 €\n- Andata e ritorno adulti: 6,10 €\n- Ragazzi 4–12 anni: 2,00 € a tratta",
        "Per un bambino il biglietto costa 2,00 € andata e ritorno.",
        "2,00 €",
    ),
]

KEPT = [
    ("A twin room costs £139 per room per week.", "A twin room is £139 per week for the room."),
    ("A twin room costs £139 per week.", "A twin room is £139 per week for the room."),
    ("- Privatisation du minibus : 540 € par groupe", "La privatisation coûte 540 € pour l'ensemble du groupe."),
    ("Private Führung für bis zu 8 Personen: 290 € pauschal.", "Eine Führung kostet 290 € für die ganze Gruppe."),
    ("Bautismo de buceo para parejas: 150 € la pareja.", "El bautismo cuesta 150 € para los dos."),
    ("サンドイッチ盛り合わせ（5〜6名様分）4,800円。", "サンドイッチ盛り合わせは4,800円です。"),
    ("Il rifacimento dei tacchi costa 15 € al paio.", "Rifare i tacchi costa 15 € al paio."),
    ("- 2인실: 방 하나당 1,180,000원", "2인실은 방 하나당 1,180,000원입니다."),
    ("| 车型 | 票价 |\n|---|---|\n| 小客车 | 800元/车（含司机1人） |", "小客车每车800元。"),
    ("- Ragazzi 4–12 anni: 2,00 € a tratta", "Per un bambino il biglietto costa 2,00 € a tratta."),
]


@pytest.mark.parametrize(("context", "answer", "figure"), MOVED)
def test_a_price_moved_to_another_basis_is_listed(context: str, answer: str, figure: str) -> None:
    assert listed(context, answer) == [("unsupported", figure)]


@pytest.mark.parametrize(("context", "answer"), KEPT)
def test_a_price_kept_on_its_basis_is_not_listed(context: str, answer: str) -> None:
    assert listed(context, answer) == []


def test_five_minutes_before_a_price_is_no_portion_for_five() -> None:
    """'分' alone after a count is minutes: only '名分', '人分', '人份', '인분' count the people a portion serves."""
    assert listed("シャワー（5分）300円、タオル200円。", "シャワーはお一人様300円です。") == []


# What a price is per said right before it, as a table's column header says it of every cell ('Prijs per persoon').
HEADERS = [
    (
        "| Aantal spelers | Prijs per persoon |\n|---|---|\n| 2 | € 37,50 |\n| 3 | € 30,00 |",
        "Met drie spelers betaal je € 30,00 per persoon.",
        "Met drie spelers betalen jullie € 30,00 voor de hele groep.",
        "€ 30,00",
    ),
    (
        "| Spieler | Preis pro Person |\n|---|---|\n| 2 | 37,50 € |\n| 4 | 26,50 € |",
        "Zu viert zahlt jeder 26,50 €.",
        "Zu viert kostet es 26,50 € für die ganze Gruppe.",
        "26,50 €",
    ),
    (
        "| Players | Price per person |\n|---|---|\n| 2 | £37.50 |\n| 4 | £26.50 |",
        "For four players it is £26.50 per person.",
        "For four players it is £26.50 per room.",
        "£26.50",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("context", "restated", "invented", "figure"), HEADERS)
def test_a_column_header_says_what_its_cells_are_per(context: str, restated: str, invented: str, figure: str) -> None:
    assert listed(context, restated) == []
    assert listed(context, invented) == [("unsupported", figure)]
