"""How a game ended: the reason, who won, and each seat's score (what ``returns()`` gives)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    """``reason`` is a stable key ("queue", "death"…) for statistics; ``text`` says it in words.

    ``scores`` are the returns: 1.0 a win, 0.0 a loss, ties split in constant-sum games,
    everyone the same in cooperative ones.
    """

    reason: str
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    text: str = ""

    @classmethod
    def win(cls, reason: str, winners: Sequence[int], players: int, text: str = "") -> Outcome:
        """Constant-sum: the winners share one point (a draw when every seat wins)."""
        share = 1.0 / len(winners) if winners else 0.0
        scores = tuple(share if s in winners else 0.0 for s in range(players))
        return cls(reason, tuple(winners), scores, text)

    @classmethod
    def draw(cls, reason: str, players: int, text: str = "") -> Outcome:
        """No winner: the point is split evenly."""
        return cls(reason, (), tuple(1.0 / players for _ in range(players)), text)

    @classmethod
    def team(cls, reason: str, won: bool, players: int, text: str = "") -> Outcome:
        """Cooperative or solo: every seat wins or loses together."""
        seats = tuple(range(players)) if won else ()
        return cls(reason, seats, tuple(1.0 if won else 0.0 for _ in range(players)), text)

    def describe(self, role: Any) -> str:
        """The outcome in words, naming winners with ``role(seat)``."""
        if self.winners and len(self.winners) < len(self.scores):
            who = " and ".join(role(s) for s in self.winners)
            head = f"{who} {'wins' if len(self.winners) == 1 else 'win'}"
        elif self.winners:
            head = "Won" if len(self.scores) == 1 else "Everyone wins"
        else:
            head = "Lost" if len(self.scores) == 1 and max(self.scores) == 0 else "No one wins"
        return f"{head}: {self.text}" if self.text else head

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "text": self.text,
        }

    @classmethod
    def from_json(cls, data: Any) -> Outcome | None:
        if data is None:
            return None
        return cls(
            str(data["reason"]),
            tuple(int(s) for s in data["winners"]),
            tuple(float(x) for x in data["scores"]),
            str(data.get("text", "")),
        )
