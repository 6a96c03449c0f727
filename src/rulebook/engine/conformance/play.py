"""The harness's walk: seeded random games, every promise checked at every decision."""

from __future__ import annotations

import json
from typing import Any

from rulebook.engine.conformance.end import check_end, check_invariants
from rulebook.engine.conformance.hidden import (
    check_after_action,
    check_hidden,
    contents,
    own_cards,
    texts,
)
from rulebook.engine.conformance.report import ConformanceError, Report, fail
from rulebook.engine.conformance.seen import SEEN_EVERY, check_moves_seen
from rulebook.engine.conformance.twins import Twin, advance_twins, check_twins, start_twins
from rulebook.engine.errors import DeclarationError, IllegalAction
from rulebook.engine.events import Event
from rulebook.engine.game import Game
from rulebook.engine.random import Rng, derive_seed
from rulebook.engine.state import State

# A restored copy and a clone of the game start beside it at a sample of decisions and are
# played on with it for a few (``twins``): every seat's view, the options and the narration
# must match.
FOLLOW_EVERY = 20


def check(
    game: Game,
    games: int = 100,
    seed: int = 0,
    players: int | None = None,
    max_decisions: int | None = None,
    stacked_every: int = 5,
    first: int = 0,
) -> Report:
    """Play ``games`` seeded random games per player count and check every promise.

    Games are numbered from ``first``: game ``n`` of a count is the same game whichever run
    plays it, so a sweep split into chunks checks exactly what one long run would."""
    report = Report()
    info = game.info
    counts = [players] if players else list(range(info.min_players, info.max_players + 1))
    report.player_counts = tuple(counts)
    limit = max_decisions or info.max_decisions
    for count in counts:
        told: _SetupTold = {}
        for number in range(first, first + games):
            game_seed = derive_seed(seed, count, number)
            stack = None
            if game.deck_names and stacked_every and number % stacked_every == stacked_every - 1:
                stack = game.example_stack(Rng(derive_seed(game_seed, 5)))
                report.stacked_games += 1
            label = f"{game.slug} {count}p game {number}"
            _check_one(game, game_seed, count, stack, limit, report, label, told)
            report.games += 1
    if info.information == "imperfect":
        if not report.permuted_worlds:
            fail(game.slug, "imperfect information but no zone is ever hidden: declare zones()")
        if not report.redeterminize_changed:
            fail(game.slug, "redeterminize never changed anything: hidden checks are hollow")
    return report


def _check_one(
    game: Game,
    seed: int,
    players: int,
    stack: dict[str, list[str]] | None,
    max_decisions: int,
    report: Report,
    label: str,
    told: _SetupTold,
) -> None:
    """One game; a crash of the game's own code is a broken promise like any other, reported
    with the seed and the decision that replay it (not a traceback through the harness)."""
    at = ["setup"]
    try:
        _play_one(game, seed, players, stack, max_decisions, report, label, told, at)
    except ConformanceError:
        raise
    except Exception as exc:  # any crash of the game's code is the finding
        lines = str(exc).strip().splitlines()
        said = f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__
        fail(f"{label} (seed {seed}, {at[0]})", f"the game raised {said}")


def _play_one(
    game: Game,
    seed: int,
    players: int,
    stack: dict[str, list[str]] | None,
    max_decisions: int,
    report: Report,
    label: str,
    told_before: _SetupTold,
    at: list[str],
) -> None:
    told: list[Event] = []
    try:
        # reads kept from the start: a world with hidden cards moved then has its own
        state = game.new_state(seed=seed, players=players, stack=stack, events=told, reads=True)
    except DeclarationError as exc:
        fail(f"{label} (seed {seed}, setup)", str(exc))
    if told and state != game.new_state(seed=seed, players=players, stack=stack):
        fail(f"{label} (seed {seed}, setup)", "narrating setup changed the game")
    _check_setup_told(state, told, told_before, f"{label} (seed {seed}, setup)")
    agent_rng = Rng(derive_seed(seed, 77))
    probe_rng = Rng(derive_seed(seed, 78))
    saved: list[tuple[State, dict[str, Any]]] = []
    twins: list[Twin] = []
    follow_at = seed % 7  # early, so a short game has a sample too
    steps = 0
    while True:
        at[0] = f"decision {steps}"
        where = f"{label} (seed {seed}, decision {steps})"
        _check_basics(state, where)
        problem = state.undeclared()
        if problem:
            fail(where, problem)
        restored = _check_copies(game, state, where)
        check_invariants(state, where, "invariant broken")
        worlds = check_hidden(state, probe_rng, report, where, steps)
        if twins:
            check_twins(state, twins, report, where)
        if state.is_over():
            break
        if steps % FOLLOW_EVERY == follow_at:
            twins += start_twins(state, restored, steps, where)
        if steps >= max_decisions:
            fail(where, f"game did not end within {max_decisions} decisions (info bound)")
        legal = state.legal_actions()
        _check_illegal(state, legal, probe_rng, where)
        if (steps + seed) % SEEN_EVERY == 0:  # every decision in some game of a run
            check_moves_seen(state, where)
        if steps % 7 == 0:
            saved.append((state.clone(), state.to_json()))
        action = legal[agent_rng.below(len(legal))]
        check_after_action(state, worlds, action.id, report, where)
        twin = state.clone()
        before = contents(state)
        twin.apply(action, narrate=False)
        if contents(state) != before:
            fail(where, "applying an action to a clone changed the original")
        events = state.apply(action.id)
        if not isinstance(events, list):
            fail(where, "apply must return a list of events")
        if twin != state:
            fail(where, "narration changed the game, or a clone diverged from the original")
        advance_twins(twins, action.id, events, where)
        steps += 1
    at[0] = "end"
    check_end(game, state, f"{label} (seed {seed}, end)")
    for old, data in saved:
        if old.to_json() != data:
            fail(f"{label} (seed {seed})", "an earlier saved clone changed later (shallow copy)")
    report.decisions += steps
    report.longest = max(report.longest, steps)


# (seat, what its view shows after setup) -> (what setup's narration told it, the seed)
_SetupTold = dict[tuple[int | None, str], tuple[list[str], int]]


def _check_setup_told(state: State, told: list[Event], before: _SetupTold, where: str) -> None:
    """Setup's narration is hidden per zone like any event: what it tells a seat must follow
    from what the seat sees (its view, and its own cards in the order dealt). Setups cannot be
    replayed with hidden cards moved, so two games of a run whose setups show a seat (or a
    spectator) the same must narrate the same to it; a line about a card it cannot see reads
    differently in one of them."""
    for seat in (*range(state.players), None):
        own = [list(cards) for cards in own_cards(state, seat, ordered=True)]
        key = (seat, json.dumps([state.view(seat), own], sort_keys=True, default=repr))
        mine = texts(told, seat)
        seen = before.setdefault(key, (mine, state.seed))
        if seen[0] != mine:
            who = "the spectator" if seat is None else f"seat {seat}"
            fail(
                where,
                f"setup's narration tells {who} apart cards it cannot see: seed {seen[1]} "
                f"shows it the same view but says {seen[0]}, this game {mine}",
            )


def _check_basics(state: State, where: str) -> None:
    over = state.is_over()
    if (state.to_move is None) != over:
        fail(where, "to_move must be None exactly when the game is over")
    if (state.outcome() is None) == over:
        fail(where, "outcome() must be None before the end and an Outcome once over")
    legal = state.legal_actions()
    if over:
        if legal:
            fail(where, "a finished game must have no legal actions")
        return
    if not legal:
        fail(where, "no legal actions while the game is not over")
    ids = [a.id for a in legal]
    if ids != sorted(set(ids)):
        fail(where, f"legal actions must be sorted by id without repeats: {ids}")
    if not all(0 <= i < state.game.num_actions for i in ids):
        fail(where, "a legal action id lies outside game.num_actions")
    texts = [state.game.action_text(state, a) for a in legal]
    if len(set(texts)) != len(texts):
        fail(where, f"two legal actions read the same: {texts}")
    if not 0 <= (state.to_move or 0) < state.players:
        fail(where, f"to_move {state.to_move} is not a seat")


def _check_copies(game: Game, state: State, where: str) -> State:
    """Clones and saves equal the original and offer the same; returns the restored copy."""
    twin = state.clone()
    if twin != state:
        fail(where, "clone() is not equal to the original")
    if twin.legal_ids() != state.legal_ids():
        fail(where, "a clone offers different legal actions")
    if not state.is_over():
        before = contents(state)
        for aid in twin.legal_ids()[-1:]:
            twin.apply(aid, narrate=False)
        if contents(state) != before:
            fail(where, "playing on a clone changed the original (a shallow clone)")
    text = json.dumps(state.to_json())
    again = game.state_from_json(json.loads(text))
    if again != state:
        fail(where, "to_json -> state_from_json does not round-trip")
    if again.legal_actions() != state.legal_actions():
        fail(where, "a restored state offers different legal actions")
    return again


def _check_illegal(state: State, legal: list[Any], rng: Rng, where: str) -> None:
    legal_ids = {a.id for a in legal}
    candidates = [i for i in range(state.game.num_actions) if i not in legal_ids]
    candidates.append(state.game.num_actions + 3)
    bad = candidates[rng.below(len(candidates))]
    before = contents(state)
    try:
        state.apply(bad)
    except IllegalAction as exc:
        if not str(exc):
            fail(where, "IllegalAction must carry a reason")
    else:
        fail(where, f"illegal action {bad} was accepted")
    if contents(state) != before:
        fail(where, "a rejected action changed the state")
