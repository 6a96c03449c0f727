"""Kuhn poker on the rulebook engine, written only against its public API (docs/new-game.md).

The action ids are OpenSpiel's (0 pass: check or fold, 1 bet: bet or call), so the tests can
compare every deal and line of play with its ``kuhn_poker``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulebook.engine.actions import ActionTable
from rulebook.engine.decisions import DecisionKind
from rulebook.engine.game import Game
from rulebook.engine.outcome import Outcome
from rulebook.engine.state import State
from rulebook.engine.zones import NOBODY, OWNER, PER_SEAT, Zone, check_stack_names, stack_deck

NAMES = ("Jack", "Queen", "King")  # card instance n is the card of rank n
PASS, BET = 0, 1
ACT = 0  # the one decision kind


@dataclass(frozen=True)
class Config:
    """Kuhn poker has no rule parameters."""


class KuhnPoker(Game):
    slug = "kuhn-poker"
    title = "Kuhn Poker"
    summary = "three cards, one round of betting: check, bet, call or fold"
    min_players = max_players = 2
    information = "imperfect"
    utility = "zero-sum"
    max_decisions = 3
    config_class = Config
    deck_names = ("deck",)
    score_range = (-2.0, 2.0)
    score_name = "chips"

    def build_actions(self, table: ActionTable) -> None:
        table.block("pass", 1, lambda _: "Pass (check or fold)")
        table.block("bet", 1, lambda _: "Bet (bet or call 1 chip)")

    def zones(self) -> tuple[Zone, ...]:
        return (Zone("deck", NOBODY), Zone("hands", OWNER, PER_SEAT, pool="deck"))

    def role(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def card_ids(self, deck: str) -> list[str]:
        return [name.lower() for name in NAMES]

    def card_catalog(self) -> dict[str, str]:
        return {name.lower(): name for name in NAMES}


class KuhnState(State):
    game: KuhnPoker
    DECISIONS = (DecisionKind("act", "options_act", "Your move"),)
    deck: list[int]
    hands: list[list[int]]
    moves: list[int]  # PASS or BET, in order

    def setup(self) -> None:
        self.deck = [0, 1, 2]
        self.shuffle(self.deck)
        if self.stack:
            check_stack_names(self.stack, self.game.deck_names)
            stack_deck(self.deck, "deck", self.stack.get("deck", []), self.game.card_ids("deck"))
        self.hands = [[self.deck.pop()], [self.deck.pop()]]
        self.moves = []
        for seat in (0, 1):
            card = NAMES[self.hands[seat][0]]
            self.say(f"You are dealt the {card}.", self.seers("hands", seat), None)
        self.decisions = [(ACT, 0)]

    def options_act(self, decision: tuple[int, ...]) -> list[int]:
        return [PASS, BET]

    def facing_bet(self) -> bool:
        return BET in self.moves

    def option_text(self, aid: int) -> str:
        if aid == PASS:
            return "Fold" if self.facing_bet() else "Check"
        return "Call 1 chip" if self.facing_bet() else "Bet 1 chip"

    def on_pass(self, _: int) -> None:
        self.act(PASS, "folds" if self.facing_bet() else "checks")

    def on_bet(self, _: int) -> None:
        self.act(BET, "calls" if self.facing_bet() else "bets 1 chip")

    def act(self, move: int, words: str) -> None:
        seat = self.decisions[-1][1]
        self.say(f"{self.role(seat)} {words}.")
        self.moves.append(move)
        line = self.moves
        if line in ([PASS], [BET], [PASS, BET]):
            self.decisions[-1] = (ACT, 1 - seat)
        elif line == [BET, PASS] or line == [PASS, BET, PASS]:
            self.fold(seat)
        else:  # check-check, bet-call, check-bet-call
            self.showdown(2 if BET in line else 1)

    def fold(self, seat: int) -> None:
        winner = 1 - seat
        points = [1.0 if s == winner else -1.0 for s in (0, 1)]
        text = f"{self.role(seat)} folds"
        # a fold reveals nothing: the folded hand stays hidden, even at the end
        self.finish(Outcome.scored("fold", points, text).revealing())

    def showdown(self, stake: int) -> None:
        cards = [hand[0] for hand in self.hands]
        winner = 0 if cards[0] > cards[1] else 1
        points = [float(stake) if s == winner else float(-stake) for s in (0, 1)]
        text = f"the {NAMES[cards[winner]]} beats the {NAMES[cards[1 - winner]]}"
        self.finish(Outcome.scored("showdown", points, text).revealing("hands"))

    def observe(self, seat: int | None) -> dict[str, Any]:
        hands = []
        for owner, hand in enumerate(self.hands):
            shown = [NAMES[c] for c in hand] if self.sees("hands", owner, seat) else None
            hands.append({"count": len(hand), "cards": shown})
        pot = 2 + self.moves.count(BET)
        return {"hands": hands, "pot": pot, "moves": [("pass", "bet")[m] for m in self.moves]}

    def check_invariants(self) -> None:
        if sorted([*self.deck, *(c for h in self.hands for c in h)]) != [0, 1, 2]:
            raise ValueError("a card is lost or doubled")


KuhnPoker.state_class = KuhnState
