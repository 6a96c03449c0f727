"""ISMCTS draws its own random numbers ahead (``rulebook.engine.random.Draws``): in numpy
batches when numpy is there, else one by one in pure Python, as ``Rng.below`` would. Either
way a seeded search plays the same: the same moves and the same generator state after, so
the next move (and ``chance=fresh``'s futures) sees the same numbers."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.agents import make_agent
from rulebook.engine import random as engine_random
from rulebook.engine.random import Rng

TABLES = [
    ("the-game", 2, "ismcts:iterations=60"),
    ("susumuka-modoruka", 4, "ismcts:iterations=60:chance=fresh"),
    ("swing", 4, "ismcts:iterations=40:trees=seat:share=1"),
    ("swing", 3, "ismcts:iterations=40:opponents=random:policy=heuristic"),
    ("solo-bound-female", 1, "ismcts:iterations=60:chance=fresh:trees=seat"),
    ("ribbon-of-bone", 1, "ismcts:time=60:iterations=40:chance=fresh"),  # timed: samples between
]


def _searched(slug: str, players: int, spec: str) -> tuple[list[int], list[int]]:
    """Six search moves at positions of seeded random games (one agent for each seat,
    kept from move to move and game to game) and each agent's generator state after."""
    game = rulebook.load(slug)
    agents = [make_agent(spec, game, seat, 11) for seat in range(players)]
    walk = Rng(5)
    moves: list[int] = []
    seed = 5
    state = game.new_state(seed=seed, players=players)
    while len(moves) < 6:
        if not state.decisions:
            seed += 1
            state = game.new_state(seed=seed, players=players)
        legal = state.legal_ids()
        seat = state.decisions[-1][1]
        if len(legal) > 1 and walk.below(3) == 0:
            moves.append(int(agents[seat].act(state.infoset(seat))))
            state.apply(moves[-1], narrate=False)
        else:
            state.apply(legal[walk.below(len(legal))], narrate=False)
    return moves, [agent.rng.state for agent in agents]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("slug", "players", "spec"), TABLES)
def test_a_search_plays_the_same_with_numpy_and_without(
    monkeypatch: pytest.MonkeyPatch, slug: str, players: int, spec: str
) -> None:
    """The dev environment has numpy; forced off, the pure-Python draws give the same
    moves and leave each agent's generator where numpy's batches leave it."""
    with_numpy = _searched(slug, players, spec)
    monkeypatch.setattr(engine_random, "numpy_batches", False)
    without = _searched(slug, players, spec)
    assert with_numpy == without
    assert len(with_numpy[0]) == 6
