"""Hidden information: views, narration, reads and the shape of play must not tell a seat
what it cannot see (the package's docstring says how)."""

from __future__ import annotations

import json
import random as global_random
from collections.abc import Callable
from typing import Any

from rulebook.engine.conformance.end import check_invariants
from rulebook.engine.conformance.report import Report, fail
from rulebook.engine.random import Rng
from rulebook.engine.state import State
from rulebook.engine.zones import OWNER, hidden_slots

FLOW_KEYS = ("to_move", "decision")


def permute_hidden(state: State, seat: int | None, rng: Rng | global_random.Random) -> State | None:
    """The harness's own resampling: every card ``seat`` cannot see is shuffled across the
    hidden lists of its pool (sizes kept). None when nothing is hidden from ``seat``.

    The harness passes a ``random.Random``: sorting by its C-made keys shuffles a deck five
    times faster than the games' own SplitMix64 (this runs for every seat at every decision
    of every conformance game); the game's generator is the one under test elsewhere."""
    world = state.clone()
    over = state.is_over()
    shown = state.shown_at_end() if over else None
    pools = hidden_slots(state.game.zones(), world, seat, over, shown)
    moved = False
    shuffle: Callable[[list[int]], None]
    if isinstance(rng, Rng):
        shuffle = rng.shuffle
    else:
        draw = rng.random

        def shuffle(cards: list[int]) -> None:
            cards.sort(key=lambda _: draw())

    for lists in pools.values():
        cards = [card for cards in lists for card in cards]
        if len(cards) < 2:
            continue
        shuffle(cards)
        start = 0
        for hidden in lists:
            hidden[:] = cards[start : start + len(hidden)]
            start += len(hidden)
        moved = True
    world._legal = None
    return world if moved else None


def contents(state: State) -> tuple[list[int], dict[str, Any], list[list[int]] | None]:
    """Everything a state holds, cheaper to take than ``to_json`` (for change checks): its
    record of what seats read too (never saved, but a clone must not share it)."""
    reads = None if state.reads is None else [r[:] for r in state.reads]
    return list(state.history), state.snapshot(), reads


def check_hidden(
    state: State, rng: Rng, report: Report, where: str, step: int
) -> list[tuple[int | None, State]]:
    """Views must not change when hidden cards move; returns the permuted worlds.

    Every seat (and a spectator) is checked at every decision against the harness's own
    permutation. The game's own resampling (``infoset(seat).sample`` and ``redeterminize`` on
    alternate decisions; the former calls the latter) is checked for one seat a decision, drawn
    at random, and views are checked to be JSON-able every fourth decision and at the end:
    those two repeat the same code for every seat, and at six seats they were a third of the
    harness's time."""
    worlds: list[tuple[int | None, State]] = []
    seats: list[int | None] = [*range(state.players), None]
    shuffler = global_random.Random(rng.next64())
    resampled = seats[rng.below(len(seats))]
    as_json = step % 4 == 0 or state.is_over()
    for seat in seats:
        view = state.view(seat)
        if as_json:
            try:
                json.dumps(view)
            except (TypeError, ValueError) as exc:
                fail(where, f"view({seat}) is not JSON-able: {exc}")
        if seat is not None:
            _check_reads_hold(state, seat, where)
        world = permute_hidden(state, seat, shuffler)
        if world is not None:
            report.permuted_worlds += 1
            if world.view(seat) != view:
                fail(where, f"view({seat}) changes when cards it cannot see are moved: a leak")
            if seat is not None and world.hidden_reads(seat) != state.hidden_reads(seat):
                fail(where, f"hidden_reads({seat}) changes when cards it cannot see are moved")
            if state.to_move == seat and world.legal_ids() != state.legal_ids():
                fail(where, f"seat {seat}'s options depend on cards it cannot see")
            worlds.append((seat, world))
        report.hidden_checks += 1
        if seat == resampled:
            _check_resample(state, seat, view, Rng(rng.next64()), step % 2 == 0, report, where)
    return worlds


def _check_reads_hold(state: State, seat: int, where: str) -> None:
    """What ``seat`` has read as certain about hidden cards is true of the real state (else
    sampled worlds would leave the truth out)."""
    for read in state.hidden_reads(seat):
        if read.certain and not read.holds(read.slot(state)):
            fail(where, f"hidden_reads({seat}) holds a certain read the state breaks: {read}")


def _check_resample(
    state: State,
    seat: int | None,
    view: dict[str, Any],
    rng: Rng,
    via_infoset: bool,
    report: Report,
    where: str,
) -> None:
    """The game's own resampling keeps what ``seat`` sees and makes a possible state."""
    if via_infoset and seat is not None:
        other = state.infoset(seat).sample(rng)
        if other.view(seat) != view:
            fail(where, f"infoset({seat}).sample changed what seat {seat} can see")
    else:
        other = state.redeterminize(seat, rng)
        if other.view(seat) != view:
            fail(where, f"redeterminize({seat}) changed what seat {seat} can see")
    report.resampled += 1
    if other.snapshot() != state.snapshot():
        report.redeterminize_changed += 1
        check_invariants(other, where, f"redeterminize({seat}) made an impossible state")


def own_cards(state: State, seat: int | None, ordered: bool = False) -> list[list[int]]:
    """The cards in zones only ``seat`` owns and sees (its hand…), as they lie now (sorted,
    unless ``ordered``)."""
    if seat is None:
        return []
    return [
        list(cards) if ordered else sorted(cards)
        for zone in state.game.zones()
        for cards, owner, _ in zone.slots(state)
        if zone.seen_by == OWNER and owner == seat
    ]


def texts(events: list[Any], seat: int | None) -> list[str]:
    return [t for t in (e.for_seat(seat) for e in events) if t]


def _split(state: State, view: dict[str, Any]) -> tuple[dict[str, Any], tuple[Any, ...]]:
    keys = (*FLOW_KEYS, *type(state).SHAPE_KEYS)
    substance = {k: v for k, v in view.items() if k not in keys}
    return substance, tuple(view.get(k) for k in keys)


def check_after_action(
    state: State, worlds: list[tuple[int | None, State]], aid: int, report: Report, where: str
) -> None:
    """Apply ``aid`` in the true and each permuted world: what differs for the seat must show
    in its view or its narration, not only in the shape of play."""
    for seat, world in worlds:
        if aid not in world.legal_ids():
            continue
        report.after_action_checks += 1
        true = state.clone()
        mine = own_cards(state, seat)
        true_events = texts(true.apply(aid), seat)
        other_events = texts(world.apply(aid), seat)
        true_view, other_view = true.view(seat), world.view(seat)
        # Narration may say where a card the seat now holds came from; otherwise two worlds
        # the seat cannot tell apart must read the same to it.
        if (
            true_view == other_view
            and true_events != other_events
            and mine == own_cards(true, seat)
        ):
            fail(where, f"event text for seat {seat} tells apart cards it cannot see")
        if (
            seat is not None
            and true_view == other_view
            and true_events == other_events
            and true.hidden_reads(seat) != world.hidden_reads(seat)
        ):
            fail(where, f"hidden_reads({seat}) read cards seat {seat} cannot see")
        true_sub, true_shape = _split(true, true_view)
        other_sub, other_shape = _split(world, other_view)
        if true_sub == other_sub and true_events == other_events:
            if true_shape != other_shape:
                fail(
                    where,
                    f"seat {seat} learns hidden cards from the shape of play "
                    f"({true_shape} vs {other_shape})",
                )
            if true.to_move == seat and true.legal_ids() != world.legal_ids():
                fail(where, f"seat {seat}'s next options depend on cards it cannot see")
