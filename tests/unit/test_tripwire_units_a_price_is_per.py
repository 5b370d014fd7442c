"""What a price is per when that is a unit (issue 46, round fifteen): one unit has one name however it is written
('per pound' and '/lb', 'par gigaoctet' and '/Go', 'per metre' and '/m', 'per litre' and '/L'), so writing it
another way never disagrees and naming another unit always does. And a laid-out row's cells are apart: what one
cell is per is not the next cell's ('0.3元/分钟 · 1.2元/公里')."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import listed

SAME_UNIT = [
    ("- Price: $1.85/lb, 10 lb minimum per order\n- Same-day: add $0.40/lb", "Wash & fold is $1.85 per pound."),
    ("Wash & fold: $1.85 per pound.", "Wash & fold is $1.85/lb."),
    (
        "- Internet mobile : 9,90 €/Go, facturé par paliers de 100 Mo",
        "L'internet mobile est facturé 9,90 € par gigaoctet.",
    ),
    ("Overnight berth (pontoon): £3.40 per metre per night", "An overnight pontoon berth is £3.40/m per night."),
    ("Marine diesel is £1.38 per litre, VAT included.", "Marine diesel is £1.38/L including VAT."),
    ("Diesel kost € 1,79 per liter.", "Diesel kost € 1,79/l."),
    ("Der Diesel kostet 1,79 € pro Liter.", "Diesel kostet 1,79 €/l."),
]

OTHER_UNIT = [
    ("Wash & fold: $1.85 per pound.", "Wash & fold is $1.85 per kilo.", "$1.85"),
    ("- Price: $1.85/lb", "Wash & fold is $1.85/kg.", "$1.85"),
    ("- Internet mobile : 9,90 €/Go", "L'internet mobile est facturé 9,90 € par mégaoctet.", "9,90 €"),
    ("Overnight berth: £3.40 per metre per night", "An overnight berth is £3.40 per foot per night.", "£3.40"),
    ("Marine diesel is £1.38 per litre.", "Marine diesel is £1.38 per gallon.", "£1.38"),
]

# Units named in each language's words and in the CJK compatibility signs ('㎥', '㎡'), said after a price ('／㎥')
# or before it with a period between ('1㎥당 월 3만 원').
NAMED = [
    ("| Combustível | Preço |\n|---|---|\n| Gasóleo | 1,69 €/L |", "O gasóleo está a 1,69 € por litro.", "O gasóleo está a 1,69 € por galão.", "1,69 €"),
    ("Gasóleo: 1,69 € por litro.", "El gasóleo cuesta 1,69 €/l.", "El gasóleo cuesta 1,69 € por galón.", "1,69 €"),
    ("- Voertuigen langer dan 6 m: € 5,75 per meter", "U betaalt € 5,75 per meter.", "U betaalt € 5,75 per ton.", "€ 5,75"),
    ("Kies: 38 € pro Tonne, frei Haus.", "Der Kies kostet 38 € je Tonne.", "Der Kies kostet 38 € pro Kubikmeter.", "38 €"),
    ("従量料金：0〜10㎥ 620円／㎥、10.1〜20㎥ 570円／㎥", "10㎥までは1㎥あたり620円です。", "10㎥までは1kgあたり620円です。", "620円"),
    ("- 보관 이사: 컨테이너 1㎥당 월 3만 원", "보관 이사는 1㎥당 월 3만 원입니다.", "보관 이사는 컨테이너 1㎡당 월 3만 원입니다.", "3만 원"),
]  # fmt: skip

CELLS = "| 车型 | 时长费 | 里程费 |\n|---|---|---|\n| 经济型 | 0.3元/分钟 | 1.2元/公里 |\n| 舒适型 | 0.45元/分钟 | 1.5元/公里 |\n"  # fmt: skip


@pytest.mark.parametrize(("context", "answer"), SAME_UNIT)
def test_one_unit_written_two_ways_is_not_listed(context: str, answer: str) -> None:
    assert listed(context, answer) == []


@pytest.mark.parametrize(("context", "answer", "figure"), OTHER_UNIT)
def test_a_price_per_another_unit_is_listed(context: str, answer: str, figure: str) -> None:
    assert listed(context, answer) == [("unsupported", figure)]


def test_a_cell_is_per_its_own_unit_not_the_cell_before() -> None:
    """1.2元 is per kilometre: the minute is the cell before's, so 'a minute' is no restatement of it."""
    assert listed(CELLS, "经济型里程费1.2元/公里。") == []
    assert listed(CELLS, "经济型里程费每分钟1.2元。") == [("unsupported", "1.2元")]


def test_a_period_is_not_handed_across_a_cell_in_latin_text() -> None:
    """'a day' is the first cell's: the week pass's €50 is no price a day."""
    context = "| Pass | Day | Week |\n|---|---|---|\n| Adult | €12 a day | €50 |\n"
    assert listed(context, "The adult week pass is €50 a week.") == []
    assert listed(context, "The adult day pass is €12 a day.") == []


@pytest.mark.parametrize(("context", "restated", "invented", "figure"), NAMED)
def test_a_unit_named_in_words_or_signs_is_weighed(context: str, restated: str, invented: str, figure: str) -> None:
    assert listed(context, restated) == []
    assert listed(context, invented) == [("unsupported", figure)]


# A measure per a length of time is one compound unit however it is written: '40 litres per minute' is '40 L/min',
# '100 GB all'ora' is '100 GB/h'; per another length of time it is another ('7 GB/hora' is no '7 GB cada minuto').
RATES = [
    ("The pumps deliver up to 40 litres per minute.", "The pumps run at up to 40 L/min.", "The pumps run at up to 40 L/h.", "40 L/h"),
    ("Il servizio trasferisce fino a 100 GB all'ora su disco esterno.", "Il recupero copia fino a 100 GB/h.", "Il recupero copia fino a 100 GB al minuto.", "100 GB al minuto"),
    ("Die Pumpe fördert 40 Liter pro Minute.", "Die Pumpe schafft 40 l/min.", "Die Pumpe schafft 40 Liter pro Stunde.", "40 Liter pro Stunde"),
    ("Ultra HD 4K: 7 GB/hora.", "En 4K el consumo es de 7 GB por hora.", "En 4K el consumo sube a unos 7 GB cada minuto.", "7 GB cada minuto"),
]  # fmt: skip


@pytest.mark.parametrize(("context", "restated", "invented", "figure"), RATES)
def test_a_measure_per_a_length_of_time_is_one_unit(context: str, restated: str, invented: str, figure: str) -> None:
    assert listed(context, restated) == []
    assert listed(context, invented) == [("unsupported", figure)]
