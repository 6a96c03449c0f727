"""The shared conformance harness every game must pass (DESIGN.md, "The conformance harness").

``check(game, games=N, seed=S)`` plays seeded random games — some from stacked decks — and at
every decision asserts the protocol's promises. A failure raises ConformanceError naming the
game number, its seed and the decision where the promise broke, so it can be replayed.
"""

from __future__ import annotations

import json
import random as global_random
from dataclasses import dataclass
from typing import Any

from rulebook.engine.errors import IllegalAction
from rulebook.engine.game import Game
from rulebook.engine.random import Rng, derive_seed
from rulebook.engine.state import State

numpy_random: Any
try:  # numpy is optional at run time; the dev environment has it, so the check has teeth
    import numpy.random as numpy_random
except ImportError:  # pragma: no cover
    numpy_random = None


class ConformanceError(AssertionError):
    """A protocol promise that a game broke."""


@dataclass
class Report:
    games: int = 0
    decisions: int = 0
    longest: int = 0
    stacked_games: int = 0
    redeterminize_changed: int = 0
    hidden_checks: int = 0


def _fail(where: str, message: str) -> None:
    raise ConformanceError(f"{where}: {message}")


def check(
    game: Game,
    games: int = 100,
    seed: int = 0,
    players: int | None = None,
    max_decisions: int = 5000,
    stacked_every: int = 5,
) -> Report:
    """Play ``games`` seeded random games and check every protocol promise at every decision."""
    report = Report()
    for number in range(games):
        game_seed = derive_seed(seed, number)
        stack = None
        if game.deck_names and stacked_every and number % stacked_every == stacked_every - 1:
            stack = game.example_stack(Rng(derive_seed(game_seed, 5)))
            report.stacked_games += 1
        _check_one(game, game_seed, players, stack, max_decisions, report, f"game {number}")
        report.games += 1
    if report.hidden_checks and not report.redeterminize_changed and game.min_players > 1:
        _fail(
            game.slug, "redeterminize never changed anything: hidden-information checks are hollow"
        )
    return report


def _check_one(
    game: Game,
    seed: int,
    players: int | None,
    stack: dict[str, list[str]] | None,
    max_decisions: int,
    report: Report,
    label: str,
) -> None:
    state = game.new_state(seed=seed, players=players, stack=stack)
    agent_rng = Rng(derive_seed(seed, 77))
    probe_rng = Rng(derive_seed(seed, 78))
    saved: list[tuple[State, dict[str, Any]]] = []
    steps = 0
    while True:
        where = f"{label} (seed {seed}, decision {steps})"
        _check_basics(state, where)
        _check_copies(game, state, where)
        _check_hidden(state, probe_rng, report, where)
        _check_invariants(state, where, "invariant broken")
        if state.is_over():
            break
        if steps >= max_decisions:
            _fail(where, f"game did not end within {max_decisions} decisions")
        legal = state.legal_actions()
        _check_illegal(state, legal, probe_rng, where)
        if steps % 7 == 0:
            saved.append((state.clone(), state.to_json()))
        action = legal[agent_rng.below(len(legal))]
        twin = state.clone()
        before = state.to_json()
        twin.apply(action)
        if state.to_json() != before:
            _fail(where, "applying an action to a clone changed the original")
        events = state.apply(action.id)
        if not isinstance(events, list):
            _fail(where, "apply must return a list of events")
        if twin != state:
            _fail(where, "the same action on a clone and on the original gave different states")
        steps += 1
    where = f"{label} (seed {seed}, end)"
    returns = state.returns()
    if len(returns) != state.players or not all(0.0 <= r <= 1.0 for r in returns):
        _fail(where, f"returns() must give one value in [0, 1] per seat, got {returns}")
    if state.players > 1 and abs(sum(returns) - 1.0) > 1e-9:
        _fail(where, f"returns() must split one win among the seats, got {returns}")
    for old, data in saved:
        if old.to_json() != data:
            _fail(where, "an earlier saved clone changed later (shallow copy)")
    _check_replay(game, state, where)
    report.decisions += steps
    report.longest = max(report.longest, steps)


def _check_basics(state: State, where: str) -> None:
    over = state.is_over()
    if (state.to_move is None) != over:
        _fail(where, "to_move must be None exactly when the game is over")
    legal = state.legal_actions()
    if over:
        if legal:
            _fail(where, "a finished game must have no legal actions")
        return
    if not legal:
        _fail(where, "no legal actions while the game is not over")
    ids = [a.id for a in legal]
    if ids != sorted(set(ids)):
        _fail(where, f"legal actions must be sorted by id without repeats: {ids}")
    if not all(0 <= i < state.game.num_actions for i in ids):
        _fail(where, "a legal action id lies outside game.num_actions")
    texts = [str(a) for a in legal]
    if len(set(texts)) != len(texts):
        _fail(where, f"two legal actions read the same: {texts}")
    if not 0 <= (state.to_move or 0) < state.players:
        _fail(where, f"to_move {state.to_move} is not a seat")


def _check_copies(game: Game, state: State, where: str) -> None:
    twin = state.clone()
    if twin != state:
        _fail(where, "clone() is not equal to the original")
    data = state.to_json()
    text = json.dumps(data)
    again = game.state_from_json(json.loads(text))
    if again != state:
        _fail(where, "to_json -> state_from_json does not round-trip")
    if again.legal_actions() != state.legal_actions():
        _fail(where, "a restored state offers different legal actions")


def _check_illegal(state: State, legal: list[Any], rng: Rng, where: str) -> None:
    legal_ids = {a.id for a in legal}
    candidates = [i for i in range(state.game.num_actions) if i not in legal_ids]
    candidates.append(state.game.num_actions + 3)
    bad = candidates[rng.below(len(candidates))]
    before = state.to_json()
    try:
        state.apply(bad)
    except IllegalAction as exc:
        if not str(exc):
            _fail(where, "IllegalAction must carry a reason")
    else:
        _fail(where, f"illegal action {bad} was accepted")
    if state.to_json() != before:
        _fail(where, "a rejected action changed the state")


def _check_hidden(state: State, rng: Rng, report: Report, where: str) -> None:
    seats: list[int | None] = [*range(state.players), None]
    for seat in seats:
        view = state.view(seat)
        try:
            json.dumps(view)
        except (TypeError, ValueError) as exc:
            _fail(where, f"view({seat}) is not JSON-able: {exc}")
        other = state.redeterminize(seat, Rng(rng.next64()))
        report.hidden_checks += 1
        if other.view(seat) != view:
            _fail(where, f"redeterminize({seat}) changed what seat {seat} can see")
        if other.snapshot() != state.snapshot():
            report.redeterminize_changed += 1
            # the resampled world must be a legal world: its invariants hold too
            _check_invariants(other, where, f"redeterminize({seat}) made an impossible state")


def _check_invariants(state: State, where: str, problem: str) -> None:
    """Game-specific invariants: a game may define ``check_invariants`` raising ValueError."""
    invariants = getattr(state, "check_invariants", None)
    if invariants is not None:
        try:
            invariants()
        except ValueError as exc:
            _fail(where, f"{problem}: {exc}")


def _check_replay(game: Game, state: State, where: str) -> None:
    again = game.replay(state.seed, state.players, state.stack, state.dice, state.history)
    if again != state:
        _fail(where, "replaying the history from the recipe does not reproduce the state")
    noisy = game.new_state(
        seed=state.seed, players=state.players, stack=state.stack, dice=state.dice
    )
    for action in state.history:
        global_random.random()
        if numpy_random is not None:
            numpy_random.random()
        noisy.apply(action)
    if noisy != state:
        _fail(where, "interleaved use of the global random modules changed the game")
