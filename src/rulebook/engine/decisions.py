"""Typed decisions, the pending-effect queue and the "in any order" convention, as plain data.

A decision is a tuple ``(kind, seat, *payload)`` of ints on the state's decision stack; the top
one is pending. Each kind is declared once by the game (``DecisionKind``) with the State method
that lists its options and the payload fields everyone may see, so ``legal_actions`` and the
view's ``decision`` entry come from one place.

Pending effects (card-effect games) are tuples ``(effect, *args)`` on ``state.effects``: the
engine resolves them in order after every action; a handler returns True when it pushed a
decision, and the queue resumes once that decision is answered. Nothing is a suspended frame,
so clone, pickle and JSON keep working mid-effect.

"In any order": where a rulebook lets several seats act in any order, each is asked in turn
and may pass; the step ends once every one of them has passed since the last act.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Decision = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """``options``: the State method ``(decision) -> list[int]`` of legal ids, sorted.

    ``public`` names payload entries (after kind and seat) that every seat may see.
    ``prompt`` is what a table asks the deciding player.
    """

    name: str
    options: str
    prompt: str = ""
    public: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EffectKind:
    """``handler``: the State method ``(effect) -> bool``; True means it pushed a decision."""

    name: str
    handler: str


# -- "in any order": (kind, seat, seat mask, passes left, *payload)


def _seats(mask: int) -> list[int]:
    return [s for s in range(mask.bit_length()) if mask >> s & 1]


def any_order(kind: int, seats: Sequence[int], *payload: int) -> Decision:
    """Ask ``seats`` in turn, starting with the first; each may act or pass."""
    if not seats:
        raise ValueError("an any-order step needs at least one seat")
    mask = 0
    for seat in seats:
        mask |= 1 << seat
    return (kind, seats[0], mask, len(set(seats)), *payload)


def any_order_acted(decision: Decision) -> Decision:
    """The seat acted: it may act again, and everyone must pass anew before the step ends."""
    kind, seat, mask, _passes, *payload = decision
    return (kind, seat, mask, len(_seats(mask)), *payload)


def any_order_passed(decision: Decision) -> Decision | None:
    """The seat passed: ask the next seat, or None once all have passed since the last act."""
    kind, seat, mask, passes, *payload = decision
    if passes <= 1:
        return None
    seats = _seats(mask)
    later = [s for s in seats if s > seat]
    nxt = later[0] if later else seats[0]
    return (kind, nxt, mask, passes - 1, *payload)
