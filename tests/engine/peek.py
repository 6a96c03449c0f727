"""A one-move game that pays for knowing a hidden card, for the oracle's ``sees`` option.

Five cards are shuffled into a face-down deck and Player 2 is dealt one of them, which only
Player 2 sees. Player 1 names one of the five cards: in the ``hand`` game it wins if it names
Player 2's card, in the ``deck`` game if it names the deck's top card; else Player 2 wins. An
oracle that sees every hidden card names the right one in both; one that sees the players'
hands but not the order of the deck (``oracle:sees=hands``) names Player 2's card, and in the
``deck`` game knows only that the top card is not that one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from rulebook.engine.actions import ActionTable
from rulebook.engine.decisions import DecisionKind
from rulebook.engine.fields import INTS, INTS2
from rulebook.engine.game import Game, param
from rulebook.engine.outcome import Outcome
from rulebook.engine.state import State
from rulebook.engine.zones import NOBODY, OWNER, PER_SEAT, Zone

CARDS = 5
NAME = 0


@dataclass(frozen=True)
class Config:
    target: Literal["hand", "deck"] = param(
        "hand", "Player 1 names Player 2's card (hand) or the deck's top card (deck)"
    )


class Peek(Game):
    slug = "peek"
    title = "Peek"
    summary = "engine test game: name a hidden card"
    min_players = 2
    max_players = 2
    utility = "constant-sum"
    config_class = Config
    deck_names = ("deck",)

    def build_actions(self, table: ActionTable) -> None:
        table.block("name", CARDS, lambda c: f"Name card {c}", handler="on_name")

    def zones(self) -> tuple[Zone, ...]:
        return (Zone("deck", NOBODY, ordered=True), Zone("hands", OWNER, PER_SEAT, pool="deck"))

    def role(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def card_ids(self, deck: str) -> list[str]:
        return [f"card-{card}" for card in range(CARDS)]


class PeekState(State):
    game: Peek
    FIELDS: ClassVar[dict[str, str]] = {"deck": INTS, "hands": INTS2}
    DECISIONS = (DecisionKind("name", "options_name", "Name a card"),)
    deck: list[int]
    hands: list[list[int]]

    def setup(self) -> None:
        self.deck = list(range(CARDS))
        self.rng.shuffle(self.deck)
        self.hands = [[], [self.deck.pop()]]
        self.decisions = [(NAME, 0)]

    def options_name(self, d: tuple[int, ...]) -> list[int]:
        return [self.game.table["name"].id(c) for c in range(CARDS)]

    def on_name(self, card: int) -> None:
        hidden = self.hands[1][0] if self.game.config.target == "hand" else self.deck[-1]
        self.finish(Outcome.win("named", [0 if card == hidden else 1], self.players))

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {
            "deck": len(self.deck),
            "hand": list(self.hands[1]) if self.sees("hands", 1, seat) else None,
        }


Peek.state_class = PeekState
