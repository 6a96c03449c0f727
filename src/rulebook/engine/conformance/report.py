"""What the harness counts as it plays, and how a broken promise is reported."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn


class ConformanceError(AssertionError):
    """A protocol promise that a game broke."""


@dataclass
class Report:
    games: int = 0
    decisions: int = 0
    longest: int = 0
    stacked_games: int = 0
    resampled: int = 0
    redeterminize_changed: int = 0
    hidden_checks: int = 0
    permuted_worlds: int = 0
    after_action_checks: int = 0
    continued: int = 0  # decisions a restored copy or a clone was compared with the game
    player_counts: tuple[int, ...] = ()

    def add(self, other: Report) -> None:
        """Count ``other``'s games in (a sweep's chunks); the longest game is the longer."""
        for name in (
            "games",
            "decisions",
            "stacked_games",
            "resampled",
            "redeterminize_changed",
            "hidden_checks",
            "permuted_worlds",
            "after_action_checks",
            "continued",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.longest = max(self.longest, other.longest)


def fail(where: str, message: str) -> NoReturn:
    raise ConformanceError(f"{where}: {message}")
