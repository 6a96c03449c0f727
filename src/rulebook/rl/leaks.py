"""The adapters' own hidden-information check, independent of the game's ``redeterminize``.

At every decision of seeded random games, every hidden zone is permuted for each seat (the
conformance harness's ``permute_hidden``: decks shuffled, hidden cards swapped between the
hidden lists of one pool) and the seat's observation and action mask must not change.
``observe(state, seat)`` is the adapter under test.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from rulebook.engine.conformance import ConformanceError, permute_hidden
from rulebook.engine.game import Game
from rulebook.engine.state import State

Observe = Callable[[State, int], tuple[np.ndarray, np.ndarray]]


def check_no_leaks(
    game: Game, players: int, observe: Observe, games: int = 3, seed: int = 0, worlds: int = 2
) -> int:
    """Raise ConformanceError at the first seat whose observation or mask tells the true
    world from a permuted one; returns how many permuted worlds were compared."""
    rng = random.Random(seed)
    compared = 0
    for n in range(games):
        state = game.new_state(seed=seed + n, players=players)
        step = 0
        while not state.is_over():
            for seat in range(players):
                compared += _compare(state, seat, observe, rng, worlds, f"game {seed + n}")
            legal = state.legal_ids()
            state.apply(legal[rng.randrange(len(legal))], narrate=False)
            step += 1
        for seat in range(players):
            compared += _compare(state, seat, observe, rng, worlds, f"game {seed + n} (over)")
    return compared


def _compare(
    state: State, seat: int, observe: Observe, rng: random.Random, worlds: int, where: str
) -> int:
    obs, mask = observe(state, seat)
    compared = 0
    for _ in range(worlds):
        world = permute_hidden(state, seat, rng)
        if world is None:
            return compared
        other_obs, other_mask = observe(world, seat)
        compared += 1
        if not np.array_equal(obs, other_obs):
            diff = np.flatnonzero(obs != other_obs)[:5].tolist()
            raise ConformanceError(
                f"{where}, decision {len(state.history)}: seat {seat}'s observation changes "
                f"when cards it cannot see are permuted (indices {diff})"
            )
        if not np.array_equal(mask, other_mask):
            raise ConformanceError(
                f"{where}, decision {len(state.history)}: seat {seat}'s action mask changes "
                f"when cards it cannot see are permuted"
            )
    return compared
