"""A one-move game decided mostly by luck, for the search's paired evaluation
(``ismcts:paired=1``).

Player 1 bets on a d100 rolled after the bet: "60 or more" or "50 or more", and wins if the
roll makes it (else Player 2 wins). The second bet wins a tenth of the games more, and in
every roll at least as well as the first: a search that compares the two in the same worlds
(the same roll) sees it from any world rolling 50-59; one that measures each bet in worlds of
its own reads a 10-point gap under two independent coin-flip noises.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulebook.engine.actions import ActionTable
from rulebook.engine.decisions import DecisionKind
from rulebook.engine.game import Game
from rulebook.engine.outcome import Outcome
from rulebook.engine.state import State

THRESHOLDS = (60, 50)
BET = 0


@dataclass(frozen=True)
class Config:
    """No rule parameters."""


class Bet(Game):
    slug = "bet"
    title = "Bet"
    summary = "engine test game: bet on a roll to come"
    min_players = 2
    max_players = 2
    utility = "constant-sum"
    config_class = Config

    def build_actions(self, table: ActionTable) -> None:
        table.block("bet", len(THRESHOLDS), lambda i: f"{THRESHOLDS[i]} or more", handler="on_bet")

    def role(self, seat: int) -> str:
        return f"Player {seat + 1}"


class BetState(State):
    game: Bet
    DECISIONS = (DecisionKind("bet", "options_bet", "Bet on the roll"),)

    def setup(self) -> None:
        self.decisions = [(BET, 0)]

    def options_bet(self, d: tuple[int, ...]) -> list[int]:
        return [self.game.table["bet"].id(i) for i in range(len(THRESHOLDS))]

    def on_bet(self, i: int) -> None:
        winner = 0 if self.roll(100) >= THRESHOLDS[i] else 1
        self.finish(Outcome.win("rolled", [winner], self.players))

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {}


Bet.state_class = BetState
