"""Small statistics for reports: Wilson intervals, means and medians."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (good near 0 and 1, unlike the normal one)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact at the ends: no
    high = 1.0 if successes >= n else min(1.0, centre + half)  # "<0.1%" for none of 50
    return (low, high)


def mean_interval(values: Sequence[float], z: float = 1.959963984540054) -> tuple[float, float]:
    """95% normal interval for a mean (mean ± z·s/√n): a game's points over many games."""
    if len(values) < 2:
        centre = mean(values)
        return (centre, centre)
    centre = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (max(min(values), centre - half), min(max(values), centre + half))  # no -0.02 deaths


def median_interval(values: Sequence[float], z: float = 1.959963984540054) -> tuple[float, float]:
    """95% interval for a median from the sorted values themselves (the j-th and k-th,
    counted from 1: j = n/2 - z·√n/2 rounded down, k = 1 + n/2 + z·√n/2 rounded up): no
    assumption about the shape, so a skewed share of a game reads true."""
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        return (0.0, 0.0)
    half = z * math.sqrt(n) / 2
    low = max(0, math.floor(n / 2 - half) - 1)
    high = min(n - 1, math.ceil(1 + n / 2 + half) - 1)
    return (ordered[low], ordered[high])


def mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def median(values: list[int]) -> float:
    return float(statistics.median(values)) if values else 0.0


def spread_interval(won: Sequence[Sequence[bool]], level: float = 0.95) -> tuple[float, float]:
    """``level`` (95%) interval for the spread of several seats' rates over the same games
    (the highest rate minus the lowest), ``won[s][g]`` whether seat ``s`` counts in game ``g``.

    Each pair of seats gets an interval for the difference of its two rates from the games'
    own differences (so a game two seats both win, or neither, is counted right), Agresti and
    Min's for paired shares (a normal one with half a game added to each side: near 95%
    even over 40 games), at ``1 - (1 - level) / pairs`` each (Bonferroni), so all of them
    hold at once about as often as ``level`` says, or more. The spread is the largest of the
    pairs' gaps, so it lies between the largest lower end and the largest upper end: no
    resampling, the same figures every run."""
    seats = len(won)
    n = len(won[0]) if seats else 0
    if seats < 2 or n == 0:
        return (0.0, 0.0 if seats < 2 else 1.0)
    pairs = seats * (seats - 1) // 2
    z = statistics.NormalDist().inv_cdf(1 - (1 - level) / 2 / pairs)
    low_end = high_end = 0.0
    for i in range(seats):
        for j in range(i + 1, seats):
            ahead = sum(1 for a, b in zip(won[i], won[j], strict=True) if a and not b)
            behind = sum(1 for a, b in zip(won[i], won[j], strict=True) if b and not a)
            # Agresti-Min: half a game added to each side, so few games (or one seat winning
            # them all) give an honest width, not a normal interval's false certainty
            m = n + 2
            diff = (ahead - behind) / m
            half = z * math.sqrt(max(0.0, (ahead + behind + 1) / m - diff * diff) / m)
            low, high = abs(diff) - half, abs(diff) + half
            low_end = max(low_end, low)
            high_end = max(high_end, high)
    return (max(0.0, low_end), min(1.0, high_end))
