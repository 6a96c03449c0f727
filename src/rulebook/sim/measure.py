"""One setting's games as the numbers a designer compares: each seat's win rate, the game
length and how games ended, each with its 95% interval (the shape of a sweep's row and of a
tuning run's verified settings)."""

from __future__ import annotations

from typing import Any

from rulebook.engine.game import Game
from rulebook.sim.runner import GameResult, summarise
from rulebook.sim.stats import spread_interval, wilson


def measure(game: Game, agents: list[str], seed: int, results: list[GameResult]) -> dict[str, Any]:
    """``seats``, ``length``, ``ends`` and ``draws`` of these games; the seats and length are
    exactly what ``rulebook simulate`` reports for the same games."""
    summary = summarise(game.slug, seed, agents, results)
    n = summary.games
    seats = [
        {"seat": game.role(i), **vars(s), "interval": list(s.interval)}
        for i, s in enumerate(summary.seats)
    ]
    draws = sum(1 for r in results if all(v not in (0.0, 1.0) for v in r.returns))
    return {
        "games": n,
        "seats": seats,
        "length": {
            "mean": summary.mean_turns,
            "median": summary.median_turns,
            "interval": list(summary.turns_interval),
        },
        "ends": {reason: share(count, n) for reason, count in sorted(summary.end_reasons.items())},
        "draws": share(draws, n),
        "gap": gap(results),
        "balance": balance(results),
    }


def share(count: int, n: int) -> dict[str, Any]:
    return {"count": count, "rate": count / n if n else 0.0, "interval": list(wilson(count, n))}


def gap(results: list[GameResult]) -> dict[str, Any]:
    """The spread of the seats' win rates (largest minus smallest) with its 95% interval
    (``spread_interval``); with two seats, ``signed`` is Player 1's rate minus Player 2's."""
    n = len(results)
    if not n:
        return {"value": 0.0, "interval": [0.0, 0.0]}
    seats = len(results[0].returns)
    won = [[r.returns[s] == 1.0 for r in results] for s in range(seats)]
    rates = [sum(w) / n for w in won]
    out = {"value": max(rates) - min(rates), "interval": list(spread_interval(won))}
    if seats == 2:
        out["signed"] = rates[0] - rates[1]
    return out


def balance(results: list[GameResult]) -> dict[str, Any]:
    """What ``--target balance`` aims at: the spread of the seats' shares of the games someone
    won (largest minus smallest). Draws count for no seat, so a setting where hardly anyone
    wins is not balanced by it (the plain win-rate gap would read 0 there); with no game won
    it reads 1, the worst. Two seats with one winner a game: a Wilson interval; otherwise
    ``spread_interval`` over the decided games."""
    if not results:
        return {"value": 0.0, "interval": [0.0, 0.0], "decided": 0}
    seats = len(results[0].returns)
    decided = [r for r in results if 1.0 in r.returns]
    if not decided:
        return {"value": 1.0, "interval": None, "decided": 0}
    wins = [sum(1 for r in decided if r.returns[s] == 1.0) for s in range(seats)]
    shares = [w / len(decided) for w in wins]
    value = max(shares) - min(shares)
    if seats != 2 or sum(wins) != len(decided):
        won = [[r.returns[s] == 1.0 for r in decided] for s in range(seats)]
        return {"value": value, "interval": list(spread_interval(won)), "decided": len(decided)}
    low, high = (2 * p - 1 for p in wilson(wins[0], len(decided)))
    spread = [0.0 if low <= 0.0 <= high else min(abs(low), abs(high)), max(abs(low), abs(high))]
    return {"value": value, "interval": spread, "decided": len(decided)}


def disjoint(a: list[float], b: list[float]) -> bool:
    return a[1] < b[0] or b[1] < a[0]


def differs(row: dict[str, Any], default: dict[str, Any]) -> dict[str, bool]:
    """Where a row differs from the default beyond the intervals: a seat whose win-rate
    interval does not overlap the default's, or a length interval that does not."""
    balance = any(
        disjoint(mine["interval"], theirs["interval"])
        for mine, theirs in zip(row["seats"], default["seats"], strict=True)
    )
    length = disjoint(row["length"]["interval"], default["length"]["interval"])
    return {"balance": balance, "length": length}
