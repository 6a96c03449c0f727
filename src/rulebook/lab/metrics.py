"""The report's numbers, from the runner's per-game results: seats, ends, length, decisions,
cards and lead changes, each rate with its 95% interval. Plain JSON-able dicts, in a fixed
order, so the same games always give byte-identical JSON."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from typing import Any

from rulebook.engine.game import Game
from rulebook.i18n import _, term
from rulebook.sim.runner import GameResult
from rulebook.sim.stats import mean, mean_interval, median, median_interval, wilson

Z95 = 1.959963984540054
PLAYED = ("played", "used")  # the facts that count as a card being put to work


def rate(k: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"count": k, "of": n, "rate": _r(k / n if n else 0.0), "ci": [_r(lo), _r(hi)]}


def _r(x: float) -> float:
    return round(x, 4)


def percentile(values: list[int], q: float) -> float:
    """The q-quantile by the nearest-rank method (a value some game actually had)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return float(ordered[max(0, math.ceil(q * len(ordered)) - 1)])


def histogram(values: list[int], bins: int = 20) -> list[list[int]]:
    """[[low, high, games]] with whole-number edges (high inclusive)."""
    if not values:
        return []
    lo, hi = min(values), max(values)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    counts = Counter((v - lo) // width for v in values)
    return [[lo + b * width, lo + b * width + width - 1, counts[b]] for b in range(max(counts) + 1)]


def spread(values: list[int]) -> dict[str, Any]:
    """The mean (with its 95% interval: a page gives every figure its range), median, 90th
    percentile, extremes and histogram of a per-game count."""
    low, high = mean_interval(values) if values else (0.0, 0.0)
    return {
        "mean": _r(mean(values)),
        "ci": [_r(low), _r(high)],
        "median": median(values),
        "p90": percentile(values, 0.9),
        "min": min(values, default=0),
        "max": max(values, default=0),
        "histogram": histogram(values),
    }


# --------------------------------------------------------------------------- seats and ends


def seats(game: Game, agents: list[str], results: list[GameResult]) -> list[dict[str, Any]]:
    """Wins, draws and losses per seat — the very counts ``rulebook simulate`` prints."""
    n = len(results)
    rows = []
    for seat, agent in enumerate(agents):
        wins = sum(1 for r in results if r.returns[seat] == 1.0)
        losses = sum(1 for r in results if r.returns[seat] == 0.0)
        lo, hi = wilson(wins, n)
        rows.append(
            {
                "seat": seat,
                "role": game.role_words(seat),
                "agent": agent,
                "wins": wins,
                "draws": n - wins - losses,
                "losses": losses,
                "win_rate": _r(wins / n if n else 0.0),
                "ci": [_r(lo), _r(hi)],
            }
        )
    return rows


def ends(game: Game, results: list[GameResult]) -> list[dict[str, Any]]:
    n = len(results)
    counts = Counter(r.end_reason for r in results)
    return [
        {
            "reason": reason,
            "words": term(game.endings.get(reason, "")),
            **rate(k, n),
            "safety_limit": reason in game.safety_limits,
        }
        for reason, k in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


def length(game: Game, results: list[GameResult]) -> dict[str, Any]:
    limited = sum(1 for r in results if r.end_reason in game.safety_limits)
    return {
        "turns": spread([r.turns for r in results]),
        "decisions": spread([r.decisions for r in results]),
        "safety_limit": {"reasons": list(game.safety_limits), **rate(limited, len(results))},
    }


# --------------------------------------------------------------------------- decisions


def decisions(results: list[GameResult]) -> dict[str, Any]:
    kinds: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    options: Counter[int] = Counter()
    for r in results:
        assert r.detail is not None
        for name, count, summed, forced in r.detail.kinds:
            k = kinds[name]
            k[0] += count
            k[1] += summed
            k[2] += forced
        options.update(dict(r.detail.options))
    total = sum(k[0] for k in kinds.values())
    forced = sum(k[2] for k in kinds.values())
    turns = sum(r.turns for r in results)
    rows = [
        {
            "kind": name,
            "decisions": count,
            "share": _r(count / total if total else 0.0),
            "options_mean": _r(summed / count if count else 0.0),
            "forced": rate(nforced, count),
        }
        for name, (count, summed, nforced) in sorted(kinds.items(), key=lambda kv: -kv[1][0])
    ]
    return {
        "total": total,
        "per_game": _r(total / len(results) if results else 0.0),
        "per_turn": _r(total / turns if turns else 0.0),
        "options_mean": _r(sum(n * c for n, c in options.items()) / total if total else 0.0),
        "options_histogram": [[n, c] for n, c in sorted(options.items())],
        "forced": rate(forced, total),
        "kinds": rows,
    }


# --------------------------------------------------------------------------- cards


def cards(game: Game, results: list[GameResult], players: int, rare: float) -> dict[str, Any]:
    """Each card of the content: how often drawn/played/used/discarded and by whom, and the
    win rate of a seat in games where it played the card against that seat's other games
    (17lands' improvement when played), pooled over seats weighted by games played."""
    catalog = game.card_catalog()
    n = len(results)
    facts: dict[str, Counter[str]] = defaultdict(Counter)  # card -> kind -> times
    by_seat: dict[str, Counter[int]] = defaultdict(Counter)  # card -> seat -> games played
    games_with: dict[str, set[int]] = defaultdict(set)  # card -> games it was played in
    played: dict[tuple[str, int], list[int]] = defaultdict(list)  # (card, seat) -> [games, wins]
    draws: Counter[str] = Counter()  # card -> games its player drew (a draw is not a win)
    seat_wins = [0] * players
    for r in results:
        assert r.detail is not None
        for seat in range(players):
            seat_wins[seat] += r.returns[seat] == 1.0
        seen: set[tuple[str, int]] = set()
        for card, seat, kind, times in r.detail.cards:
            facts[card][kind] += times
            if kind in PLAYED and (card, seat) not in seen:
                seen.add((card, seat))
                games_with[card].add(r.index)
                by_seat[card][seat] += 1
                entry = played.setdefault((card, seat), [0, 0])
                entry[0] += 1
                entry[1] += r.returns[seat] == 1.0
                draws[card] += 0.0 < r.returns[seat] < 1.0
    rows = []
    for card in [*catalog, *sorted(set(facts) - set(catalog))]:
        row: dict[str, Any] = {
            "card": card,
            "name": catalog.get(card, card),
            "games": len(games_with[card]),
            "played_share": rate(len(games_with[card]), n),
            **{kind: facts[card][kind] for kind in ("drawn", "played", "used", "discarded")},
            "by_seat": [by_seat[card][s] for s in range(players)],
            "draws": draws[card],
        }
        row.update(effect(card, players, n, played, seat_wins))
        rows.append(row)
    # a clear link first (an interval leaving out zero), the largest change first; then the
    # rest, largest first: ordered by |z| the figures read out of order (-46, +20, +17, +19)
    clear = [r for r in rows if r["z"] is not None]
    clear.sort(
        key=lambda r: (not r["ci"][0] > 0 and not r["ci"][1] < 0, -abs(r["effect"]), r["card"])
    )
    return {
        "available": bool(catalog) or bool(facts),
        "rows": rows,
        "ranking": [r["card"] for r in clear],
        "rarely_played": [r["card"] for r in rows if r["played_share"]["rate"] < rare],
        "rare_threshold": rare,
    }


def effect(
    card: str,
    players: int,
    n: int,
    played: dict[tuple[str, int], list[int]],
    seat_wins: list[int],
) -> dict[str, Any]:
    """Win rate with the card minus the same seat's win rate without it, pooled over seats
    (weights: games with it); Agresti-Caffo intervals (one win and one loss added to each
    side), so a card played in every game, or in none, still gets an honest interval."""
    total = sum(played.get((card, s), [0, 0])[0] for s in range(players))
    if total == 0 or total == n * players:
        return {"with_rate": None, "without_rate": None, "effect": None, "ci": None, "z": None}
    diff = var = with_rate = without_rate = 0.0
    for s in range(players):
        games, wins = played.get((card, s), [0, 0])
        if games == 0 or games == n:
            continue
        w = games / total
        p1 = (wins + 1) / (games + 2)
        p0 = (seat_wins[s] - wins + 1) / (n - games + 2)
        diff += w * (p1 - p0)
        var += w * w * (p1 * (1 - p1) / (games + 2) + p0 * (1 - p0) / (n - games + 2))
        with_rate += w * wins / games
        without_rate += w * (seat_wins[s] - wins) / (n - games)
    if var == 0.0:
        return {"with_rate": None, "without_rate": None, "effect": None, "ci": None, "z": None}
    se = math.sqrt(var)
    return {
        "with_rate": _r(with_rate),
        "without_rate": _r(without_rate),
        "effect": _r(diff),
        "ci": [_r(diff - Z95 * se), _r(diff + Z95 * se)],
        "z": _r(diff / se),
    }


# --------------------------------------------------------------------------- lead changes


def lead_changes(results: list[GameResult], every: int) -> dict[str, Any]:
    leads = [r.detail.leads for r in results if r.detail is not None and r.detail.leads is not None]
    if not every or not leads:
        why = (
            _("not measured (--estimate-every 0)")
            if not every
            else _(
                "this game offers no estimate() of who leads, so lead changes cannot be measured"
            )
        )
        return {"available": False, "note": why}
    settled = [
        r.detail.settled for r in results if r.detail is not None and r.detail.settled is not None
    ]
    with_change = sum(1 for x in leads if x > 0)
    return {
        "available": True,
        "estimate_every": every,
        "per_game": spread(leads),
        "games_with_change": rate(with_change, len(leads)),
        "settled": {
            "games": len(settled),
            "mean": _r(mean(settled)),
            "median": _r(float(median([round(x * 1000) for x in settled])) / 1000),
            "median_ci": [_r(x) for x in median_interval(settled)],
            "histogram": [
                [b / 10, (b + 1) / 10, sum(1 for x in settled if min(int(x * 10), 9) == b)]
                for b in range(10)
            ],
        },
    }
