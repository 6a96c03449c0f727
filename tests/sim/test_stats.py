"""The intervals a designer's pages quote: the median's ("from 22% of the way through") and
the spread between several seats' rates (what `tune --target balance` aims at)."""

from __future__ import annotations

import random

import pytest

from rulebook.sim.stats import median_interval, spread_interval


def test_the_median_interval_is_the_textbook_order_statistics() -> None:
    """For 100 values the 95% interval runs from the 40th to the 61st (a standard table)."""
    values = [float(v) for v in range(1, 101)]
    random.Random(1).shuffle(values)
    assert median_interval(values) == (40.0, 61.0)
    assert median_interval([0.3]) == (0.3, 0.3) and median_interval([]) == (0.0, 0.0)


def test_the_median_interval_holds_the_true_median_about_19_times_in_20() -> None:
    rng = random.Random(7)
    held = 0
    for _ in range(2000):
        sample = [rng.expovariate(1.0) for _ in range(40)]  # skewed; true median ln 2
        low, high = median_interval(sample)
        held += low <= 0.6931471805599453 <= high
    assert 0.93 <= held / 2000 <= 0.99, held


def games(rng: random.Random, rates: list[float], n: int) -> list[list[bool]]:
    """``n`` games with one winner or none (a draw), seat ``s`` winning at ``rates[s]``."""
    won: list[list[bool]] = [[] for _ in rates]
    for _ in range(n):
        roll, winner = rng.random(), -1
        for seat, rate in enumerate(rates):
            if winner < 0 and roll < rate:
                winner = seat
            roll -= rate
        for seat in range(len(rates)):
            won[seat].append(seat == winner)
    return won


def test_the_spread_interval_holds_the_true_spread_at_least_19_times_in_20() -> None:
    """Four seats, true rates 35/25/20/10% and 10% draws: the spread is 25 points. Evenly
    matched seats (spread 0) must not read as a gap either: there the three pairs must hold
    at once, which 95% a pair would not (it reads 87%). A short tuning run's 40 games, one
    seat far ahead, held only 85% of the time with plain normal intervals."""
    rng = random.Random(3)
    cases = (
        ([0.35, 0.25, 0.2, 0.1], 0.25, 200),
        ([0.3, 0.3, 0.3], 0.0, 200),
        ([0.9, 0.05, 0.05], 0.85, 40),
        ([1 / 6] * 6, 0.0, 40),
    )
    for rates, spread, n in cases:
        held = 0
        for _ in range(1500):
            low, high = spread_interval(games(rng, rates, n))
            held += low <= spread + 1e-12 and spread <= high
        assert held / 1500 >= 0.94, (rates, n, held)


def test_the_spread_interval_narrows_with_games_and_matches_two_seats() -> None:
    """With two seats it is Agresti and Min's interval of a difference of two shares of the
    same games (half a game added to each side); more games make it narrower around the
    measured spread; games both seats win count for neither side; one seat winning every game
    is not read as a certain 100 points."""
    won = [[True] * 60 + [False] * 40, [False] * 60 + [True] * 40]  # 60% against 40%
    low, high = spread_interval(won)
    diff = 20 / 102
    half = 1.959963984540054 * ((101 / 102 - diff**2) / 102) ** 0.5
    assert (low, high) == (pytest.approx(diff - half), pytest.approx(diff + half))
    more = spread_interval([seat * 10 for seat in won])
    assert low < more[0] < 0.2 < more[1] < high
    shared = spread_interval([[True] * 100, [True] * 100])  # both win every game: even
    assert shared[0] == 0.0 and shared[1] < 0.02
    sweep = spread_interval([[True] * 40, [False] * 40, [False] * 40])  # one seat wins all
    assert 0.8 < sweep[0] < 1.0 and sweep[1] == 1.0
    assert spread_interval([[True, False]]) == (0.0, 0.0)  # one seat: nothing to spread
