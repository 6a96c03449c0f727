"""What lies on the table: The GAME's fields, decisions and effects, and the small moves every
part of a turn uses (draw, discard, end the turn). The rule modules build on this class.

Cards are instance numbers per deck; ``game.main_type[card]`` is a main card's type. The
Queue holds punishments as tuples: three main cards, then any equipment attached (TG-29).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rulebook.engine.decisions import DecisionKind, EffectKind
from rulebook.engine.fields import INT, INT_TUPLE, INTS, INTS2, TUPLES
from rulebook.engine.outcome import Outcome
from rulebook.engine.state import State
from rulebook.engine.view_places import ViewPlace
from rulebook.engine.zones import take_first
from rulebook.games.the_game.cards import KINDS
from rulebook.games.the_game.game import P2, TheGame, label
from rulebook.i18n import Message, Name, msg

# decision kinds, in DECISIONS order: (kind, seat, *payload)
TURN, ASK, GIVE, SPEND, SKIP, REMOVE, LIMIT = range(7)
# pending effects: (effect, seat)
END_TURN, SPEND_STEP, GAIN_PLEASURE = range(3)

# reads[s] (State.reads, kept only when asked: State.kept_reads): what seat s has read about
# the other hand from public play. Slot DRAWN counts the
# other player's hidden draws so far. Each read says: the other hand, less the cards drawn
# since, holds at most so many cards of a kind (MOST slots; UNREAD: no read), and keeps how
# many were drawn since as a base less DRAWN (FRESH slots: a draw raises every read's count
# at the price of one addition). TOLD: asked for that kind and told "none" (a fact). ASKED:
# the other player asked for it (a guess: it lacked one). NO_SET_FRESH: the other player
# played no set (a guess: it lacked one of the three set kinds; UNREAD: no such guess), with
# NO_SET the type it discarded then (-1: none) and NO_SET_KNOWN how many of the cards the
# seat saw go into that hand (``known``) were there by then: those kinds it did not lack.
DRAWN = 0
TOLD, TOLD_FRESH = 1, 5  # + kind (a FRESH slot is four on from its MOST slot)
ASKED, ASKED_FRESH = 9, 13  # + kind
NO_SET, NO_SET_KNOWN, NO_SET_FRESH = 17, 18, 19
READ_SLOTS = 20
UNREAD = 1 << 30
UNREAD_FROM = UNREAD >> 1  # a MOST slot at or above this holds no read


def asked(view: Mapping[str, Any], _i: int, _game: Any) -> int:
    """decision.asked (the card type's number)"""
    return KINDS.index(view["decision"]["asked"])


class Table(State):
    game: TheGame
    FIELDS: ClassVar[dict[str, str]] = {
        "main": INTS,
        "discard": INTS,
        "hands": INTS2,
        "equipment_deck": INTS,
        "equipment_out": INT_TUPLE,
        "pleasure_deck": INTS,
        "pleasures": INTS,
        "used": INT_TUPLE,
        "queue": TUPLES,
        "points": INTS,
        "known": TUPLES,
        "turn": INT,
    }
    PUBLIC_FIELDS = ("turn", "points", "queue")  # the view shows them to every seat
    VIEW_OF: ClassVar[dict[str, ViewPlace]] = {  # where (rulebook.engine.view_places)
        "turn": "turn",
        "points": "players.*.points",
        "queue": "queue",
        "main": "main_deck",
        "hands": "players.{i}.hand|players.{i}.hand_size",
        "discard": "discard",
        "equipment_deck": "equipment_deck",
        "equipment_out": "equipment_out",
        "pleasure_deck": "pleasure_deck",
        "pleasures": "pleasures.cards|pleasures.count",
        "used": "used_pleasures",
        "decision.give.asked": asked,
    }
    DECISIONS = (
        DecisionKind("turn", "options_turn", "Choose one action"),
        DecisionKind("ask", "options_ask", "Name a card type"),
        DecisionKind("give", "options_give", "Give a card of the named type", public=("asked",)),
        DecisionKind("spend", "options_spend", "Spend points, or be done"),
        DecisionKind("skip-target", "options_skip", "Remove which punishment?"),
        DecisionKind("remove-target", "options_remove", "Remove which equipment?"),
        DecisionKind("hand-limit", "options_limit", "Discard down to the hand limit"),
    )
    EFFECTS = (
        EffectKind("end-turn", "effect_end_turn"),
        EffectKind("spend-step", "effect_spend_step"),
        EffectKind("gain-pleasure", "effect_gain_pleasure"),
    )
    SHAPE_KEYS = ("turn",)

    main: list[int]
    discard: list[int]
    hands: list[list[int]]
    equipment_deck: list[int]
    equipment_out: tuple[int, ...]
    pleasure_deck: list[int]
    pleasures: list[int]
    used: tuple[int, ...]
    queue: list[tuple[int, ...]]
    points: list[int]
    known: list[tuple[int, ...]]  # known[s]: types seat s knows sit in the other hand
    turn: int

    # ------------------------------------------------------------------ shared moves
    def name(self, card: int) -> Name:
        """A Main Deck card's name (the card file's words, as narration shows them)."""
        g = self.game
        return Name(g.main_types[g.main_type[card]].name)

    def who(self, seat: int) -> Message:
        return self.game.who(seat)

    def word(self, key: str) -> Message:
        """The theme's label ``key`` as narration shows it."""
        return label(self.game.labels[key])

    def card_id(self, card: int) -> str:
        """A Main Deck card's stable id (what the designer's report counts)."""
        g = self.game
        return g.main_types[g.main_type[card]].id

    def empty_reads(self) -> list[list[int]]:
        """Nothing read yet, by either seat (``reads``; kept only when asked)."""
        reads = [[UNREAD] * READ_SLOTS for _ in range(2)]
        for kept in reads:
            kept[DRAWN] = 0
        return reads

    def draw_main(self, seat: int) -> None:
        """Draw from the Main Deck, reshuffling the discard pile into it when empty (notes)."""
        main = self.main
        if not main:
            if self.discard:
                main = self.main = self.discard
                self.discard = []
                self.shuffle(main)
                if self.log is not None:
                    self.narrate(
                        msg(
                            "The discard pile is shuffled to form a new {deck}.",
                            deck=self.word("main_deck"),
                        )
                    )
            else:
                if self.log is not None:
                    said = msg(
                        "{player} cannot draw: the {deck} and discard are empty.",
                        player=self.who(seat),
                        deck=self.word("main_deck"),
                    )
                    self.narrate(said)
                return
        card = main.pop()
        self.hands[seat].append(card)
        reads = self.reads
        if reads is not None:  # kept: a hidden card, one more drawn since every read
            reads[1 - seat][DRAWN] += 1
        if self.card_facts is not None:  # a listener asked: no id looked up otherwise
            self.mark("drawn", self.card_id(card), seat)
        if self.log is not None:
            self.narrate(
                msg("You draw {card}.", card=self.name(card)),
                (seat,),
                msg("{player} draws a card.", player=self.who(seat)),
            )

    def discard_type(self, seat: int, ctype: int) -> None:
        card = take_first(self.hands[seat], ctype, self.game.main_type)
        other = 1 - seat
        if self.known[other] or self.reads is not None:  # (else nothing to unlearn: unlearn)
            self.unlearn(other, ctype)  # the other player saw it leave this hand
        self.discard.append(card)
        if self.card_facts is not None:
            self.mark("discarded", self.card_id(card), seat)
        if self.log is not None:
            said = msg("{player} discards {card}.", player=self.who(seat), card=self.name(card))
            self.narrate(said)

    def learn(self, seat: int, ctype: int) -> None:
        """``seat`` saw a card of ``ctype`` go into the other hand."""
        self.known[seat] = (*self.known[seat], ctype)
        if self.reads is None:  # not kept
            return
        kind = self.game.type_kind[ctype]
        reads = self.reads[seat]
        if reads[TOLD + kind] < UNREAD_FROM or reads[ASKED + kind] < UNREAD_FROM:
            self.shift_reads(reads, kind, 1)

    def unlearn(self, seat: int, ctype: int) -> None:
        """``seat`` saw a card of ``ctype`` leave the other hand. A set kind's card leaving
        ends a no-set guess (which kind was lacking is then unclear: left out). With no card
        of that hand known to ``seat`` and no reads kept it changes nothing: the hot paths
        (a discard, a set) test that first and spare the call."""
        known = self.known[seat]
        kept = self.reads
        if ctype in known:
            i = known.index(ctype)
            self.known[seat] = known[:i] + known[i + 1 :]
            if kept is not None and i < kept[seat][NO_SET_KNOWN]:  # one fewer seen before it
                kept[seat][NO_SET_KNOWN] -= 1
        if kept is None:  # not kept
            return
        reads = kept[seat]
        kind = self.game.type_kind[ctype]
        if reads[TOLD + kind] < UNREAD_FROM or reads[ASKED + kind] < UNREAD_FROM:
            self.shift_reads(reads, kind, -1)
        if kind < 3:
            reads[NO_SET_FRESH] = UNREAD

    @staticmethod
    def shift_reads(reads: list[int], kind: int, step: int) -> None:
        """A card of ``kind`` seen going into (``step`` 1) or out of (-1) the other hand,
        for the reads on that kind. In: one more of its kind (a card seen). Out: one fewer
        of the cards read, else it was a card drawn since (one fewer of those)."""
        for most in (TOLD + kind, ASKED + kind):
            if reads[most] >= UNREAD_FROM:
                continue
            if step > 0 or reads[most] > 0:
                reads[most] += step
            elif reads[most + 4] + reads[DRAWN] > 0:
                reads[most + 4] -= 1
            else:  # nothing read could have left: a wrong guess (a fact is never wrong)
                reads[most] = UNREAD

    def read(self, seat: int, most: int, kind: int) -> None:
        """``seat`` reads that the other hand holds no more cards of ``kind`` than it saw go
        in (none drawn since yet)."""
        if self.reads is None:  # not kept
            return
        reads = self.reads[seat]
        kinds = self.game.type_kind
        reads[most + kind] = sum(1 for t in self.known[seat] if kinds[t] == kind)
        reads[most + 4 + kind] = -reads[DRAWN]

    def read_no_set(self, seat: int, shown: int = -1) -> None:
        """``seat`` ended its turn's action without a set: the other player guesses it
        lacked one of the set kinds before the card drawn now; not the kind of ``shown``
        (the type it discarded), nor one the other had seen go into its hand by then (the
        hot path: three writes; the kinds are worked out when read, ``hidden_reads``; its
        callers test first that the reads are kept, sparing plain play the call)."""
        kept = self.reads
        if kept is None:
            return
        reads = kept[1 - seat]
        reads[NO_SET] = shown
        reads[NO_SET_KNOWN] = len(self.known[1 - seat])
        reads[NO_SET_FRESH] = -reads[DRAWN]

    def end_turn(self, seat: int) -> None:
        """The turn's one action is done: its decision goes, and the turn ends once every
        effect queued before (spending, a pleasure card's effect) has resolved."""
        self.decisions.pop()
        if self.effects:
            self.then((END_TURN, seat))
        else:  # nothing queued before it: end the turn now (the common, fast case)
            self.effect_end_turn((END_TURN, seat))

    def end(self, winner: int, reason: str) -> None:
        """TG-37: the game ends immediately. Not narrated: every front end says the outcome
        (a "Game over" line too printed it twice at the terminal)."""
        players = self.players
        text = self.reason_text(reason)
        if winner < 0:
            outcome = Outcome.draw(reason, players, text)
        else:
            outcome = Outcome.win(reason, [winner], players, text)
        self.finish(outcome)

    def reason_text(self, reason: str) -> str:
        """Why the game ended, in the theme's own words (the outcome's English text)."""
        return self.reason_said(reason).english()

    def reason_said(self, reason: str) -> Message:
        """Why the game ended, as a message (worded in each reader's language)."""
        if reason == "queue":
            return msg(
                "the {queue} holds enough {punishments}",
                queue=self.word("queue"),
                punishments=self.word("punishments"),
            )
        if reason == "pleasures":
            return msg(
                "{player} has collected enough {pleasures}",
                player=self.word("player2"),
                pleasures=self.word("pleasures"),
            )
        if reason == "stop-game":
            cards = self.game.content.pleasure
            name = next((c.name for c in cards if c.effect == "stop-game"), "Stop Game")
            return msg("{card} was played", card=Name(name))
        return msg("the turn limit was reached")

    def outcome_words(self) -> str:
        outcome = self.outcome()
        return "" if outcome is None else self.reason_said(outcome.reason).text()

    # ------------------------------------------------------------------ pleasure count
    def pleasure_count(self) -> int:
        if self.game.config.used_pleasures_count:  # A9
            return len(self.pleasures) + len(self.used)
        return len(self.pleasures)

    def check_pleasure_win(self) -> bool:
        """TG-36, on every path where Player 2's count can grow."""
        if self.pleasure_count() >= self.game.config.pleasures_to_win:
            self.end(P2, "pleasures")
            return True
        return False

    # ------------------------------------------------------------------ across the rule modules
    # Defined by the spending and pleasure modules; declared here so each module type-checks.
    def buy_options(self, seat: int) -> list[int]:
        raise NotImplementedError

    def close_spend_step(self, seat: int) -> None:
        raise NotImplementedError

    def gain_pleasure(self, card: int) -> None:
        raise NotImplementedError

    def effect_options(self) -> list[int]:
        raise NotImplementedError

    def effect_end_turn(self, effect: tuple[int, ...]) -> bool:
        raise NotImplementedError
