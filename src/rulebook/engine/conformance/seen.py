"""Moves a game declares seen by every seat (``Game.seen_by_all``) must be told apart by what
the other seats see: ``InfoSet.moves_seen`` hands a search every such move's id, so a false
declaration tells it a card it cannot see."""

from __future__ import annotations

import json

from rulebook.engine.conformance.hidden import texts
from rulebook.engine.conformance.report import fail
from rulebook.engine.events import Event
from rulebook.engine.state import State

SEEN_EVERY = 3  # decisions between checks: each applies every legal move, narrated


def _sees(state: State, seat: int, events: list[Event]) -> str:
    """All ``seat`` has of a move: its view after it and its lines of the narration."""
    return json.dumps([state.view(seat), texts(events, seat)], sort_keys=True, default=repr)


def check_moves_seen(state: State, where: str) -> None:
    """Two moves declared seen that the mover tells apart must read apart to every other seat
    (by its view or its narration); moves the mover cannot tell apart either are the same
    move to everyone, and nothing is hidden by them."""
    game, mover = state.game, state.to_move
    declared = [aid for aid in state.legal_ids() if game.seen_by_all(aid)]
    if mover is None or len(declared) < 2:
        return
    told: dict[tuple[int, str], tuple[int, str]] = {}  # (seat, what it sees) -> (move, mover's)
    for aid in declared:
        after = state.clone()
        events = after.apply(aid)
        mine = _sees(after, mover, events)
        for seat in range(state.players):
            if seat == mover:
                continue
            first, theirs = told.setdefault((seat, _sees(after, seat, events)), (aid, mine))
            if first != aid and theirs != mine:
                fail(
                    where,
                    f"moves '{game.action_text(state, first)}' and "
                    f"'{game.action_text(state, aid)}' are declared seen by every seat "
                    f"(seen_by_all), but seat {seat} cannot tell them apart",
                )
