"""A three-move game with one hidden move, for the search's kept tree (``ismcts:keep=1``).

Player 2 holds two cards, which only it sees. Player 1 begins (left or right: the same), then
Player 2 lays one of its cards face down, then Player 1 names the card laid: it wins if it
names it, else Player 2 wins. Which card was laid is hidden from Player 1, so it can only
guess, right half the time. A kept tree that followed Player 2's true move from Player 1's
first search would reach the line where that card was laid, whose statistics already say
which card to name: it would name it nearly always. ``seen="leaky"`` makes the game say the
move is seen by every seat (``Game.seen_by_all``) though the card stays hidden: a wrong
declaration, to show what following a hidden move would do.
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

CARDS = 2
BEGIN, LAY, NAME = range(3)


@dataclass(frozen=True)
class Config:
    seen: Literal["hidden", "leaky"] = param(
        "hidden", "the laid card's move is hidden (right) or said to be seen by all (leaky)"
    )


class Hide(Game):
    slug = "hide"
    title = "Hide"
    summary = "engine test game: name the card the other laid face down"
    min_players = 2
    max_players = 2
    utility = "constant-sum"
    config_class = Config
    deck_names = ("deck",)

    def build_actions(self, table: ActionTable) -> None:
        table.block("begin", 2, lambda s: ("Begin left", "Begin right")[s], handler="on_begin")
        table.block("lay", CARDS, lambda c: f"Lay card {c} face down", handler="on_lay")
        table.block("name", CARDS, lambda c: f"Name card {c}", handler="on_name")

    def seen_by_all(self, aid: int) -> bool:
        return self.actions[aid].kind != "lay" or self.config.seen == "leaky"

    def zones(self) -> tuple[Zone, ...]:
        return (
            Zone("deck", NOBODY),
            Zone("hands", OWNER, PER_SEAT, pool="deck"),
            Zone("down", OWNER, PER_SEAT, pool="deck"),
        )

    def role(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def card_ids(self, deck: str) -> list[str]:
        return [f"card-{card}" for card in range(CARDS)]


class HideState(State):
    game: Hide
    FIELDS: ClassVar[dict[str, str]] = {"deck": INTS, "hands": INTS2, "down": INTS2}
    DECISIONS = (
        DecisionKind("begin", "options_begin", "Begin"),
        DecisionKind("lay", "options_lay", "Lay a card face down"),
        DecisionKind("name", "options_name", "Name the card laid"),
    )
    deck: list[int]
    hands: list[list[int]]
    down: list[list[int]]

    def setup(self) -> None:
        self.deck = list(range(CARDS))
        self.rng.shuffle(self.deck)
        self.hands = [[], sorted(self.deck)]
        self.deck = []
        self.down = [[], []]
        self.decisions = [(BEGIN, 0)]

    def options_begin(self, d: tuple[int, ...]) -> list[int]:
        return [self.game.table["begin"].id(s) for s in range(2)]

    def options_lay(self, d: tuple[int, ...]) -> list[int]:
        return [self.game.table["lay"].id(c) for c in sorted(self.hands[1])]

    def options_name(self, d: tuple[int, ...]) -> list[int]:
        return [self.game.table["name"].id(c) for c in range(CARDS)]

    def on_begin(self, _: int) -> None:
        self.decisions[-1] = (LAY, 1)

    def on_lay(self, card: int) -> None:
        self.hands[1].remove(card)
        self.down[1].append(card)
        self.decisions[-1] = (NAME, 0)

    def on_name(self, card: int) -> None:
        self.finish(Outcome.win("named", [0 if [card] == self.down[1] else 1], self.players))

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {
            "hand": len(self.hands[1]),
            "down": list(self.down[1]) if self.sees("down", 1, seat) else len(self.down[1]),
        }


Hide.state_class = HideState
