"""Event records: narration for people, each marked with who may read it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Event:
    """One line of narration.

    ``to`` is None for a public event; otherwise only those seats read ``text`` and everyone
    else (other seats and spectators) reads ``others`` — or nothing when ``others`` is None.
    One record per happening keeps a private fact and its public shadow together.

    A value never changed once made (equal and hashed by value), though not ``frozen``: a
    frozen dataclass is made three times slower, and narration makes several a decision.
    """

    text: str
    to: tuple[int, ...] | None = None
    others: str | None = None

    def __hash__(self) -> int:
        return hash((self.text, self.to, self.others))

    def for_seat(self, seat: int | None) -> str | None:
        """The text ``seat`` may read (None: a spectator), or None if it sees nothing."""
        if self.to is None or (seat is not None and seat in self.to):
            return self.text
        return self.others
