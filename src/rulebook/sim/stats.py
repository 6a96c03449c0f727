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
