"""What an agent gets: one seat's information set, never the state itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from array import array

    from rulebook.engine.actions import Action
    from rulebook.engine.game import Game
    from rulebook.engine.observation import SeatObserver
    from rulebook.engine.random import Rng
    from rulebook.engine.state import State


class InfoSet:
    """One seat's information set: its view, its legal actions and consistent samples.

    Agents get this, never the state: ``sample(rng)`` is the only way to a full state, and
    it resamples everything the seat cannot see.
    """

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def to_move(self) -> int | None:
        return self._state.to_move

    @property
    def players(self) -> int:
        """The table size (public: every seat knows how many play)."""
        return self._state.players

    def view(self) -> dict[str, Any]:
        return self._state.view(self.seat)

    def legal_actions(self) -> list[Action]:
        """The seat's own options (empty when another seat is to move)."""
        if self._state.to_move != self.seat:
            return []
        return self._state.legal_actions()

    def legal_ids(self) -> tuple[int, ...]:
        if self._state.to_move != self.seat:
            return ()
        return self._state.legal_ids()

    def moves_seen(self) -> tuple[int, ...]:
        """Every move of the game so far, in order, as this seat may know it: the move's id
        where the game says every seat sees it (``Game.seen_by_all``), else -1. How many
        moves there have been is public (every seat sees whose decision each one is); which
        move a hidden one was is not, even the seat's own (it may remember those itself)."""
        seen = self._state.game.seen_by_all
        return tuple(aid if seen(aid) else -1 for aid in self._state.history)

    def sample(self, rng: Rng, guess: float | None = None) -> State:
        """A full state consistent with everything this seat has seen. ``guess``: trust its
        guesses about hidden cards too, a world breaking one weighted by this (0 to 1)."""
        return self._state.redeterminize(self.seat, rng, guess)

    def observe_into(self, observer: SeatObserver) -> array[float]:
        """This seat's observation vector (``rulebook.engine.observation``), written by
        ``observer`` (made for this seat) from what the declarations let the seat see."""
        if observer.seat != self.seat:
            raise ValueError(f"an observer of seat {observer.seat} asked for seat {self.seat}")
        return observer.fast(self._state)
