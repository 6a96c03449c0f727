"""The skill ladder (TAG's SkillLadder): each rung plays the same reference opponent, so the
page shows whether better play wins more. Solo games: each agent's own win/escape rate.

A rung sits in every seat in turn (the rest are the reference), so a seat edge cancels out.
ISMCTS is slow: the ladder has its own, smaller game count.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulebook.agents import agent_names
from rulebook.engine.game import Game
from rulebook.engine.random import derive_seed
from rulebook.i18n import _
from rulebook.sim.backend import Backend
from rulebook.sim.runner import run_games
from rulebook.sim.stats import wilson

REFERENCE = "heuristic"
BUDGETS = (100, 400)  # ismcts iterations a move, the ladder's two search rungs
# An agent a game offers beyond these (``oracle``, the same search over the true state) is
# added as the top rung when the game has it, at the top search budget: the gap between it
# and ISMCTS at the same budget is what the hidden cards are worth.
EXTRA_RUNGS = ("oracle",)


def rungs(
    game: Game, budgets: tuple[int, ...] = BUDGETS, extras: tuple[str, ...] = EXTRA_RUNGS
) -> list[tuple[str, str]]:
    """(agent spec, label) from weakest to strongest, as this game offers them."""
    known = agent_names(game)
    out = [("random", "random")]
    if REFERENCE in known:
        out.append((REFERENCE, REFERENCE))
    out += [(f"ismcts:iterations={n}", f"ismcts {n}") for n in budgets]
    top = f":iterations={max(budgets)}" if budgets else ""
    out += [(name + top, name) for name in extras if name in known]
    return out


def ladder_games(total: int, players: int) -> list[int]:
    """Games per seat for a rung: ``total`` split over the seats, at least one each."""
    base, extra = divmod(max(total, players), players)
    return [base + (1 if s < extra else 0) for s in range(players)]


def ladder(
    slug: str,
    game: Game,
    players: int,
    games: int,
    seed: int,
    jobs: int,
    config: dict[str, Any],
    progress: Callable[[int], None] | None = None,
    budgets: tuple[int, ...] = BUDGETS,
    extras: tuple[str, ...] = EXTRA_RUNGS,
    backend: Backend | None = None,
) -> dict[str, Any]:
    """Every rung's win rate against the reference (solo: alone), with its interval."""
    reference = REFERENCE if REFERENCE in agent_names(game) else "random"
    rows = []
    for r, (spec, label) in enumerate(rungs(game, budgets, extras)):
        wins = played = draws = 0
        for seat, count in enumerate(ladder_games(games, players)):
            agents = [reference] * players
            agents[seat] = spec
            seat_seed = derive_seed(seed, 0x1ADDE2, r, seat)
            results = run_games(
                slug, agents, count, seat_seed, jobs, config, progress, backend=backend
            )
            played += len(results)
            wins += sum(1 for x in results if x.returns[seat] == 1.0)
            draws += sum(1 for x in results if 0.0 < x.returns[seat] < 1.0)
        lo, hi = wilson(wins, played)
        rows.append(
            {
                "agent": spec.split(":")[0],
                "spec": spec,
                "label": label,
                "games": played,
                "wins": wins,
                "draws": draws,
                "win_rate": round(wins / played, 4) if played else 0.0,
                "ci": [round(lo, 4), round(hi, 4)],
            }
        )
    return {
        "available": True,
        "reference": _("nobody (solo)") if players == 1 else reference,
        "games_per_rung": max(games, players),
        "rows": rows,
    }


def ladder_total(game: Game, players: int, games: int) -> int:
    """How many games the ladder plays (for the progress bar)."""
    return len(rungs(game)) * max(games, players)
