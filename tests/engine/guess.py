"""A two-move game whose right answer needs the other seat to use its own hidden card, for
the search's per-seat trees (``ismcts:trees=seat``).

Player 2 is dealt one of three cards face down. Player 1 either stops (a draw) or dares:
Player 2 then names a card, and wins if it names its own, else loses. Player 2 knows its
card, so a dare always loses: stopping is right. A search whose one tree pools Player 2's
statistics over the cards Player 1 cannot see has Player 2 name at random (right a third of
the time), and so dares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rulebook.engine.actions import ActionTable
from rulebook.engine.decisions import DecisionKind
from rulebook.engine.fields import INTS, INTS2
from rulebook.engine.game import Game
from rulebook.engine.outcome import Outcome
from rulebook.engine.state import State
from rulebook.engine.zones import NOBODY, OWNER, PER_SEAT, Zone

CARDS = 3
DARE, NAME = range(2)


@dataclass(frozen=True)
class Config:
    """No rule parameters."""


class Guess(Game):
    slug = "guess"
    title = "Guess"
    summary = "engine test game: dare the other to name its hidden card"
    min_players = 2
    max_players = 2
    utility = "constant-sum"
    config_class = Config
    deck_names = ("deck",)

    def build_actions(self, table: ActionTable) -> None:
        table.block("stop", 1, lambda _: "Stop (a draw)", handler="on_stop")
        table.block("dare", 1, lambda _: "Dare", handler="on_dare")
        table.block("name", CARDS, lambda c: f"Name card {c}", handler="on_name")

    def zones(self) -> tuple[Zone, ...]:
        return (Zone("deck", NOBODY), Zone("hands", OWNER, PER_SEAT, pool="deck"))

    def role(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def card_ids(self, deck: str) -> list[str]:
        return [f"card-{card}" for card in range(CARDS)]


class GuessState(State):
    game: Guess
    FIELDS: ClassVar[dict[str, str]] = {"deck": INTS, "hands": INTS2}
    DECISIONS = (
        DecisionKind("dare", "options_dare", "Stop or dare"),
        DecisionKind("name", "options_name", "Name your card"),
    )
    deck: list[int]
    hands: list[list[int]]

    def setup(self) -> None:
        self.deck = list(range(CARDS))
        self.rng.shuffle(self.deck)
        self.hands = [[], [self.deck.pop()]]
        self.decisions = [(DARE, 0)]

    def options_dare(self, d: tuple[int, ...]) -> list[int]:
        t = self.game.table
        return [t["stop"].id(0), t["dare"].id(0)]

    def options_name(self, d: tuple[int, ...]) -> list[int]:
        return [self.game.table["name"].id(c) for c in range(CARDS)]

    def on_stop(self, _: int) -> None:
        self.finish(Outcome.draw("stop", self.players))

    def on_dare(self, _: int) -> None:
        self.decisions[-1] = (NAME, 1)

    def on_name(self, card: int) -> None:
        winner = 1 if self.hands[1] == [card] else 0
        self.finish(Outcome.win("named", [winner], self.players))

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {
            "deck": len(self.deck),
            "hand": list(self.hands[1]) if self.sees("hands", 1, seat) else None,
        }


Guess.state_class = GuessState
