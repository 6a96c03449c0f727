"""A clone and a restored save of the game, played on beside it: what a save or a clone
loses shows as a difference a few decisions later."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NoReturn

from rulebook.engine.conformance.report import Report, fail
from rulebook.engine.state import State

FOLLOW_FOR = 8  # decisions a twin is played on


@dataclass
class Twin:
    """A copy of the game made at decision ``start``, played on beside it."""

    what: str
    state: State
    start: int
    left: int = FOLLOW_FOR

    def fail(self, where: str, problem: str) -> NoReturn:
        fail(where, f"{self.what} made at decision {self.start} and carried on {problem}")


def _views(state: State) -> list[dict[str, Any]]:
    return [state.view(seat) for seat in (*range(state.players), None)]


def start_twins(state: State, restored: State, step: int, where: str) -> list[Twin]:
    """A clone and a restored copy (``state_from_json(to_json())``) of the game as it is now.

    Equality compares only the declared fields, so an attribute the rules read but keep
    outside them is lost on save unseen; playing on beside the game finds it. The restored
    copy is compared with the game minus its TRANSIENT attributes, which a save drops."""
    twins = [Twin("a clone", state.clone(), step), Twin("a restored save", restored, step)]
    bare = state
    if type(state).TRANSIENT:
        bare = state.clone()
        for name in type(state).TRANSIENT:
            if hasattr(bare, name):
                delattr(bare, name)
    _compare(twins[0], state, _views(state), where)
    _compare(twins[1], bare, _views(bare), where)
    for seat in range(state.players):  # the restored copy rebuilds them from its history
        if restored.hidden_reads(seat) != state.hidden_reads(seat):
            twins[1].fail(where, f"gives hidden_reads({seat}) otherwise (rebuilt from history)")
    return twins


def _compare(twin: Twin, state: State, views: list[dict[str, Any]], where: str) -> None:
    other = twin.state
    if other.legal_ids() != state.legal_ids():
        twin.fail(where, f"offers {other.legal_ids()}, the game {state.legal_ids()}")
    for seat, (mine, theirs) in enumerate(zip(_views(other), views, strict=True)):
        if mine != theirs:
            who = "the spectator" if seat == state.players else f"seat {seat}"
            keys = sorted(k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k))
            twin.fail(where, f"shows {who} another view (differs in {', '.join(keys)})")


def check_twins(state: State, twins: list[Twin], report: Report, where: str) -> None:
    views = _views(state)
    for twin in twins:
        _compare(twin, state, views, where)
        report.continued += 1
    twins[:] = [t for t in twins if t.left > 0 and not state.is_over()]


def advance_twins(twins: list[Twin], aid: int, events: list[Any], where: str) -> None:
    for twin in twins:
        try:
            told = twin.state.apply(aid)
        except Exception as exc:  # a crash is the finding: report it with its place
            twin.fail(where, f"crashed: {type(exc).__name__}: {exc}")
        if told != events:
            twin.fail(where, "narrates the action differently")
        twin.left -= 1
