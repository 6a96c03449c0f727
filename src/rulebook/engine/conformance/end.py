"""The end of a game: its returns, points and outcome agree, and its history replays it."""

from __future__ import annotations

import random as global_random
from typing import Any

from rulebook.engine.conformance.report import fail
from rulebook.engine.game import Game
from rulebook.engine.outcome import Outcome
from rulebook.engine.state import State

numpy_random: Any
try:  # numpy is optional at run time; the dev environment has it, so the check has teeth
    import numpy.random as numpy_random
except ImportError:  # pragma: no cover
    numpy_random = None


def check_invariants(state: State, where: str, problem: str) -> None:
    try:
        state.check_invariants()
    except ValueError as exc:
        fail(where, f"{problem}: {exc}")


def check_end(game: Game, state: State, where: str) -> None:
    returns = state.returns()
    outcome = state.outcome()
    if len(returns) != state.players or not all(0.0 <= r <= 1.0 for r in returns):
        fail(where, f"returns() must give one value in [0, 1] per seat, got {returns}")
    if outcome is None or list(outcome.scores) != returns:
        fail(where, "outcome().scores must equal returns()")
    if outcome.points is not None:
        _check_points(game, outcome, returns, where)
    else:
        _check_shares(game.info.utility, returns, where)
    _check_replay(game, state, where)


def _check_shares(utility: str, returns: list[float], where: str) -> None:
    """A win/lose outcome: one point split (constant-sum; zero-sum too, read as ``r - 1/n``),
    one shared result (cooperative), won or lost (solo)."""
    if utility in ("constant-sum", "zero-sum") and abs(sum(returns) - 1.0) > 1e-9:
        fail(where, f"a constant-sum game must split one point among the seats: {returns}")
    if utility in ("cooperative", "solo") and len(set(returns)) != 1:
        fail(where, f"every seat of a {utility} game shares one result: {returns}")
    if utility == "solo" and returns[0] not in (0.0, 1.0):
        fail(where, f"a solo game is won or lost: {returns}")


def _check_points(game: Game, outcome: Outcome, returns: list[float], where: str) -> None:
    """An outcome with points: within the declared range, returns read from them on it, the
    utility kept (zero-sum points add to zero, cooperative seats share one score)."""
    points = list(outcome.points or ())
    low, high = game.points_scale()
    if len(points) != len(returns) or not all(low <= p <= high for p in points):
        fail(where, f"points {points} must be one per seat within score_range {(low, high)}")
    expected = [(p - low) / (high - low) for p in points]
    if any(abs(a - b) > 1e-9 for a, b in zip(expected, returns, strict=True)):
        fail(where, f"returns() {returns} must be the points on the score range: {expected}")
    utility = game.info.utility
    if utility == "zero-sum" and abs(sum(points)) > 1e-9:
        fail(where, f"a zero-sum game's points must add to zero: {points}")
    if utility in ("cooperative", "solo") and len(set(points)) != 1:
        fail(where, f"every seat of a {utility} game shares one score: {points}")
    shares = outcome.win_shares()
    if len(shares) != len(points) or not all(0.0 <= x <= 1.0 for x in shares):
        fail(where, f"win shares must be one per seat in [0, 1], got {list(shares)}")


def _check_replay(game: Game, state: State, where: str) -> None:
    again = game.replay(state.seed, state.players, state.stack, state.dice, state.history)
    if again != state:
        fail(where, "replaying the history from the recipe does not reproduce the state")
    noisy = game.new_state(
        seed=state.seed, players=state.players, stack=state.stack, dice=state.dice
    )
    for action in state.history:
        global_random.random()
        if numpy_random is not None:
            numpy_random.random()
        noisy.apply(action, narrate=False)
    if noisy != state:
        fail(where, "interleaved use of the global random modules changed the game")
