"""A tiny two-to-three player card game on the Engine 2 API, for the engine's own tests.

Twelve cards, ranks 0-5 (card % 6). Each seat is dealt two hidden cards. On your turn: draw
(while the deck lasts) or play a card face up, scoring its rank; a played 5 queues a "bonus"
effect that lets the player draw, an effect resolved through the engine's queue. After twelve
turns a closing step asks every seat, in any order, whether to reveal a card for one point.
Highest score wins.

The ``leak_*`` switches break one promise each, so the harness's own tests can show it fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from rulebook.engine.actions import ActionTable
from rulebook.engine.decisions import (
    DecisionKind,
    EffectKind,
    any_order,
    any_order_acted,
    any_order_passed,
)
from rulebook.engine.fields import INT, INTS, INTS2
from rulebook.engine.game import Game, param, register
from rulebook.engine.outcome import Outcome
from rulebook.engine.state import State
from rulebook.engine.zones import EVERYONE, NOBODY, OWNER, PER_SEAT, Read, Zone

CARDS = 12
TURN, BONUS, CLOSE = range(3)
EFFECT_BONUS = 0


@dataclass(frozen=True)
class Config:
    turns: int = param(12, "turns before the closing step")
    leak_view: bool = param(False, "test only: views show every hand")
    leak_shape: bool = param(False, "test only: a drawn 0 asks its drawer an extra question")
    leak_event: bool = param(False, "test only: draws are narrated to everyone")
    leak_setup: bool = param(False, "test only: the deal is narrated to everyone at setup")
    crash: bool = param(False, "test only: playing a 3 removes a card nobody holds")
    shallow_clone: bool = param(False, "test only: clone shares the hands")
    undeclared: bool = param(False, "test only: the bonus taken is kept outside FIELDS")
    transient_read: bool = param(False, "test only: ... in TRANSIENT, which the rules read")
    clone_forgets: bool = param(False, "test only: ... in TRANSIENT, and clone drops it")
    showdown: bool = param(False, "the hands are shown at the end when two seats still hold cards")
    showdown_leak: bool = param(False, "test only: the view shows the hands at every end")
    peek_reads: bool = param(False, "test only: hidden_reads counts the next seat's real zeros")
    false_reads: bool = param(False, "test only: hidden_reads says the next seat holds no 0")
    kept_reads: bool = param(False, "reads kept as play goes: the 0s each seat saw played")
    narrated_reads: bool = param(False, "test only: ... counted only when play is narrated")
    worded: bool = param(False, "the draw option says how many cards are left (text by state)")
    points: Literal["none", "general", "zero-sum", "unbalanced", "beyond"] = param(
        "none",
        "the outcome carries points: the scores (general-sum), each score less the mean times "
        "the seats (zero-sum); test only: raw scores in a zero-sum game (unbalanced), a range "
        "too small (beyond)",
    )


class Toy(Game):
    slug = "toy"
    title = "Toy"
    summary = "engine test game"
    min_players = 2
    max_players = 3
    utility = "constant-sum"
    max_decisions = 200
    config_class = Config
    deck_names = ("deck",)
    config: Config

    def build_actions(self, table: ActionTable) -> None:
        table.block("draw", 1, lambda _: "Draw a card")
        table.block("play", 6, lambda r: f"Play a {r}", args=lambda r: (r,))
        table.block("keep", 1, lambda _: "Keep it")
        table.block("reveal", 6, lambda r: f"Reveal a {r}")
        table.block("pass", 1, lambda _: "Pass")

    def zones(self) -> tuple[Zone, ...]:
        return (
            Zone("deck", NOBODY),
            Zone("hands", OWNER, PER_SEAT, pool="deck"),
            Zone("table", EVERYONE, ordered=True),
        )

    def role(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def card_ids(self, deck: str) -> list[str]:
        return [f"c{card}" for card in range(CARDS)]

    def __init__(self, config: Config) -> None:
        if config.transient_read or config.clone_forgets:
            self.__dict__["state_class"] = TransientToyState
        super().__init__(config)
        if config.points != "none":  # a game that scores: its points' range per config
            self.__dict__["utility"] = "general-sum" if config.points == "general" else "zero-sum"
            high = {"general": 42, "beyond": 3}.get(config.points, 3 * 42)
            self.score_range = (0 if config.points == "general" else -high, high)


class ToyState(State):
    game: Toy
    FIELDS: ClassVar[dict[str, str]] = {
        "deck": INTS,
        "hands": INTS2,
        "table": INTS,
        "scores": INTS,
        "turn": INT,
    }
    DECISIONS = (
        DecisionKind("turn", "options_turn", "Draw or play"),
        DecisionKind("bonus", "options_bonus", "Take the bonus draw?"),
        DecisionKind("close", "options_close", "Reveal a card for a point?"),
    )
    EFFECTS = (EffectKind("bonus", "effect_bonus"),)
    SHAPE_KEYS = ("turn",)
    deck: list[int]
    hands: list[list[int]]
    table: list[int]
    scores: list[int]
    turn: int

    def setup(self) -> None:
        self.deck = list(range(CARDS))
        self.rng.shuffle(self.deck)
        from rulebook.engine.zones import stack_deck

        if self.stack and "deck" in self.stack:
            stack_deck(self.deck, "deck", self.stack["deck"], self.game.card_ids("deck"))
        self.hands = [[self.deck.pop(), self.deck.pop()] for _ in range(self.players)]
        if self.log is not None:  # setup's narration: each seat reads its own deal
            for seat, hand in enumerate(self.hands):
                dealt = " and a ".join(str(c % 6) for c in hand)
                to = None if self.game.config.leak_setup else self.seers("hands", seat)
                self.say(f"You are dealt a {dealt}.", to, None)
        self.table, self.scores, self.turn = [], [0] * self.players, 0
        self.decisions = [(TURN, 0)]

    def clone(self) -> ToyState:
        new = super().clone()
        assert isinstance(new, ToyState)
        if self.game.config.shallow_clone:
            new.hands = self.hands
        if self.game.config.clone_forgets:
            new.__dict__.pop("bonus_taken", None)
        return new

    @property
    def keeps_bonus(self) -> bool:
        """The broken switches: only the first bonus of a game is taken, remembered in an
        attribute outside the declared fields (lost on save)."""
        config = self.game.config
        return config.undeclared or config.transient_read or config.clone_forgets

    def option_text(self, aid: int) -> str:
        if self.game.config.worded and aid == self.game.table["draw"].id(0):
            return f"Draw a card ({len(self.deck)} left)"
        return super().option_text(aid)

    # -- options
    def options_turn(self, d: tuple[int, ...]) -> list[int]:
        t = self.game.table
        ids = [t["draw"].id(0)] if self.deck else []
        ids += sorted({t["play"].id(c % 6) for c in self.hands[d[1]]})
        return ids or [t["pass"].id(0)]

    def options_bonus(self, d: tuple[int, ...]) -> list[int]:
        return [self.game.table["keep"].id(0), self.game.table["pass"].id(0)]

    def options_close(self, d: tuple[int, ...]) -> list[int]:
        t = self.game.table
        return [*sorted({t["reveal"].id(c % 6) for c in self.hands[d[1]]}), t["pass"].id(0)]

    # -- handlers
    def on_draw(self, _: int) -> None:
        seat = self.decisions[-1][1]
        card = self.deck.pop()
        self.hands[seat].append(card)
        to = None if self.game.config.leak_event else self.seers("hands", seat)
        self.say(f"You draw a {card % 6}.", to, f"{self.role(seat)} draws a card.")
        if self.game.config.leak_shape and card % 6 == 0:
            self.decisions.append((BONUS, seat))
            return
        self.end_turn()

    def on_play(self, rank: int) -> None:
        seat = self.decisions[-1][1]
        card = next(c for c in self.hands[seat] if c % 6 == rank)
        if self.game.config.crash and rank == 3:
            card = -1  # the game's own bug: list.remove raises ValueError
        self.hands[seat].remove(card)
        self.table.append(card)
        self.scores[seat] += rank
        reads = self.reads
        counted = self.log is not None or not self.game.config.narrated_reads
        if rank == 0 and reads is not None and counted:  # every seat saw a 0 played
            for seen in reads:
                seen[0] += 1
        self.say(f"{self.role(seat)} plays a {rank}.")
        if rank == 5:
            self.then((EFFECT_BONUS, seat))
        self.end_turn()

    def on_keep(self, _: int) -> None:
        self.decisions.pop()
        self.end_turn()

    def on_reveal(self, rank: int) -> None:
        seat = self.decisions[-1][1]
        card = next(c for c in self.hands[seat] if c % 6 == rank)
        self.hands[seat].remove(card)
        self.table.append(card)
        self.scores[seat] += 1
        self.say(f"{self.role(seat)} reveals a {rank}.")
        self.decisions[-1] = any_order_acted(self.decisions[-1])
        if not self.hands[seat]:
            self.on_pass(0)

    def on_pass(self, _: int) -> None:
        d = self.decisions[-1]
        if d[0] == BONUS:
            self.decisions.pop()
            self.end_turn()
            return
        if d[0] == TURN:
            self.end_turn()
            return
        nxt = any_order_passed(d)
        if nxt is None:
            self.close()
        else:
            self.decisions[-1] = nxt

    def effect_bonus(self, effect: tuple[int, ...]) -> bool:
        seat = effect[1]
        if self.keeps_bonus:
            if self.__dict__.get("bonus_taken"):
                return False
            self.__dict__["bonus_taken"] = 1
        if self.deck:
            self.hands[seat].append(self.deck.pop())
            self.say(f"{self.role(seat)} takes a bonus card.")
        return False

    # -- flow
    def end_turn(self) -> None:
        seat = self.decisions[-1][1]
        self.turn += 1
        if self.turn >= self.game.config.turns:
            holders = [s for s in range(self.players) if self.hands[s]]
            if holders:
                self.decisions[-1] = any_order(CLOSE, holders)
            else:
                self.close()
            return
        self.decisions[-1] = (TURN, (seat + 1) % self.players)

    def close(self) -> None:
        if self.game.config.showdown or self.game.config.showdown_leak:
            best = max(self.scores)
            winners = [s for s in range(self.players) if self.scores[s] == best]
            outcome = Outcome.win("score", winners, self.players, f"{best} points")
            holding = sum(1 for hand in self.hands if hand)
            self.finish(outcome.revealing("hands") if holding >= 2 else outcome.revealing())
            return
        kind = self.game.config.points
        if kind != "none":
            total = sum(self.scores)
            zero = kind in ("zero-sum", "beyond")
            points = [self.players * s - total if zero else s for s in self.scores]
            self.finish(Outcome.scored("score", points, f"{max(self.scores)} points"))
            return
        best = max(self.scores)
        winners = [s for s in range(self.players) if self.scores[s] == best]
        self.finish(Outcome.win("score", winners, self.players, f"{best} points"))

    # -- view
    def observe(self, seat: int | None) -> dict[str, Any]:
        over = self.is_over()
        hands = []
        for s, hand in enumerate(self.hands):
            shown = None
            sees = self.sees("hands", s, seat) or (over and self.game.config.showdown_leak)
            if sees or self.game.config.leak_view:
                shown = sorted(c % 6 for c in hand)
            hands.append({"count": len(hand), "cards": shown})
        return {
            "deck": len(self.deck),
            "hands": hands,
            "table": [c % 6 for c in self.table],
            "scores": list(self.scores),
            "turn": self.turn,
        }

    def empty_reads(self) -> list[list[int]] | None:
        """With ``kept_reads``: per seat, the 0s it saw played (none yet)."""
        return [[0] for _ in range(self.players)] if self.game.config.kept_reads else None

    def hidden_reads(self, seat: int) -> tuple[Read, ...]:
        """Honest: nothing read, or with ``kept_reads`` that the next seat holds no more 0s
        than are left unplayed. The test switches read hidden cards, or make a false fact."""
        cfg, nxt = self.game.config, (seat + 1) % self.players
        zeros = frozenset(c for c in range(CARDS) if c % 6 == 0)
        if cfg.kept_reads:
            return (Read("hands", nxt, ((zeros, len(zeros) - self.kept_reads()[seat][0]),)),)
        if cfg.peek_reads:  # true of the state, but known only by looking
            return (Read("hands", nxt, ((zeros, sum(c in zeros for c in self.hands[nxt])),)),)
        if cfg.false_reads:
            return (Read("hands", nxt, ((zeros, 0),)),)
        return ()

    def check_invariants(self) -> None:
        cards = [*self.deck, *self.table, *(c for h in self.hands for c in h)]
        if sorted(cards) != list(range(CARDS)):
            raise ValueError("a card is lost or doubled")


class TransientToyState(ToyState):
    TRANSIENT = ("bonus_taken",)


Toy.state_class = ToyState
register("toy", "tests.engine.toy:Toy")
