"""Exact statistics against values worked out by hand."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.stats import Agreement, cohen_kappa, sign_test


@pytest.mark.parametrize(
    ("worse", "better", "p"),
    [(0, 0, None), (1, 0, 1.0), (5, 0, 0.0625), (6, 0, 0.03125), (8, 2, 0.109375), (3, 3, 1.0)],
)
def test_sign_test(worse: int, better: int, p: float | None) -> None:
    assert sign_test(worse, better) == p


@given(st.integers(0, 60), st.integers(0, 60))
def test_sign_test_is_symmetric_and_a_probability(worse: int, better: int) -> None:
    p = sign_test(worse, better)
    assert p == sign_test(better, worse)
    if worse + better:
        assert p is not None
        assert 0 < p <= 1


def test_agreement_figures_from_a_known_confusion_matrix() -> None:
    a = Agreement(both_ungrounded=20, judge_only=5, people_only=10, both_grounded=65)
    assert a.precision == 0.8
    assert a.recall == pytest.approx(2 / 3)
    # observed 0.85; judge yes 0.25, people yes 0.30; expected 0.075 + 0.525 = 0.6
    assert a.kappa == pytest.approx((0.85 - 0.6) / 0.4)


def test_perfect_and_chance_agreement() -> None:
    assert Agreement(10, 0, 0, 10).kappa == 1.0
    assert Agreement(0, 0, 0, 10).kappa == 1.0
    assert Agreement(0, 0, 0, 10).precision is None
    assert math.isclose(Agreement(25, 25, 25, 25).kappa or 0.0, 0.0)


def test_cohen_kappa_on_a_four_by_four_matrix_worked_by_hand() -> None:
    # rows 3,1,2,4 and columns 3,2,3,2 of 10: chance 0.25, observed 0.6
    matrix = [[2, 0, 1, 0], [0, 1, 0, 0], [0, 1, 1, 0], [1, 0, 1, 2]]
    assert cohen_kappa(matrix) == pytest.approx((0.6 - 0.25) / 0.75)
    assert cohen_kappa([[0, 0], [0, 0]]) is None
    assert cohen_kappa([[0, 7], [0, 0]]) == 0.0  # one rater says A every time, the other B
    with pytest.raises(ValueError, match="square"):
        cohen_kappa([[1, 2, 3], [4, 5, 6]])


matrices = st.integers(2, 5).flatmap(
    lambda k: st.lists(st.lists(st.integers(0, 30), min_size=k, max_size=k), min_size=k, max_size=k)
)


@given(matrices)
def test_cohen_kappa_is_symmetric_bounded_and_blind_to_the_order_of_categories(matrix: list[list[int]]) -> None:
    kappa = cohen_kappa(matrix)
    if sum(map(sum, matrix)) == 0:
        assert kappa is None
        return
    assert kappa is not None
    assert -1 - 1e-9 <= kappa <= 1 + 1e-9
    transposed = [list(column) for column in zip(*matrix, strict=True)]
    assert cohen_kappa(transposed) == pytest.approx(kappa)
    order = list(reversed(range(len(matrix))))
    assert cohen_kappa([[matrix[i][j] for j in order] for i in order]) == pytest.approx(kappa)
    diagonal_only = all(matrix[i][j] == 0 for i in range(len(matrix)) for j in range(len(matrix)) if i != j)
    assert (kappa == pytest.approx(1.0)) == diagonal_only
