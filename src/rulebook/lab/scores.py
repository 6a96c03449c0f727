"""The report's ``scores`` section, for a game that scores (``Outcome.scored``): each seat's
mean points with a 95% interval, beside the win rates. Absent for a win/lose game."""

from __future__ import annotations

from typing import Any

from rulebook.engine.game import Game
from rulebook.i18n import _, term
from rulebook.sim.runner import GameResult
from rulebook.sim.stats import mean, mean_interval


def scores(game: Game, agents: list[str], results: list[GameResult]) -> dict[str, Any] | None:
    """Mean points per seat and their normal 95% interval; None when no game scored."""
    scored = [r.points for r in results if r.points is not None]
    if not scored:
        return None
    rows = []
    for seat, agent in enumerate(agents):
        points = [p[seat] for p in scored]
        low, high = mean_interval(points)
        rows.append(
            {
                "seat": seat,
                "role": game.role_words(seat),
                "agent": agent,
                "mean": round(mean(points), 4),
                "ci": [round(low, 4), round(high, 4)],
            }
        )
    scale = game.score_range
    return {
        "name": term(game.score_name),
        "range": list(scale) if scale is not None else None,
        "games": len(scored),
        "interval": _("normal (mean ± 1.96 standard errors)"),
        "seats": rows,
    }
