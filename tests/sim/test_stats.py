"""The median's interval a designer's page quotes ("from 22% of the way through")."""

from __future__ import annotations

import random

from rulebook.sim.stats import median_interval


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
