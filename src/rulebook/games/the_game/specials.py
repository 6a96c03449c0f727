"""Option B, special cards (TG-15, TG-22..TG-25, TG-44): Steal Card takes a random card from
the opponent; Ask For Card names a type and the opponent must give one if they hold it.

Whether the asked player holds a card of the named type is public (they say so), but how
many different ones they hold is not: the give step opens whenever they hold any (A10)."""

from __future__ import annotations

from rulebook.engine.zones import take_first
from rulebook.games.the_game.cards import KINDS
from rulebook.games.the_game.game import a_label, label
from rulebook.games.the_game.table_state import ASK, ASKED, GIVE, TOLD, Table
from rulebook.i18n import msg


class Specials(Table):
    def on_special(self, index: int) -> None:
        g = self.game
        seat = self.decisions[-1][1]
        ctype = g.specials[index]
        if self.reads is not None:  # kept (State.kept_reads)
            self.read_no_set(seat)
        card = take_first(self.hands[seat], ctype, g.main_type)
        self.unlearn(1 - seat, ctype)  # the other player saw it leave this hand
        self.discard.append(card)
        if self.card_facts is not None:  # a listener asked: no id looked up otherwise
            self.mark("played", g.main_types[ctype].id, seat)
        if self.log is not None:
            self.narrate(msg("{player} plays {card}.", player=self.who(seat), card=self.name(card)))
        if g.content.main[ctype].effect == "ask":
            self.decisions[-1] = (ASK, seat)
            return
        self.steal(seat)
        self.after_special(seat)

    def steal(self, seat: int) -> None:
        """TG-23: one random card from the opponent's hand."""
        other = self.hands[1 - seat]
        if not other:
            if self.log is not None:
                self.narrate(msg("{player} has no cards to steal.", player=self.who(1 - seat)))
            return
        stolen = other.pop(self.below(len(other)))
        self.hands[seat].append(stolen)
        stype = self.game.main_type[stolen]
        self.learn(1 - seat, stype)
        self.unlearn(seat, stype)
        if self.log is not None:
            role, victim = self.who(seat), self.who(1 - seat)
            self.narrate(
                msg(
                    "{player} steals {card} from {victim}.",
                    player=role,
                    card=self.name(stolen),
                    victim=victim,
                ),
                (seat, 1 - seat),
                msg("{player} steals a card from {victim}.", player=role, victim=victim),
            )

    def options_ask(self, decision: tuple[int, ...]) -> list[int]:
        base = self.game.base["ask"]
        return [base + k for k in range(len(KINDS))]

    def on_ask(self, kind: int) -> None:
        g = self.game
        seat = self.decisions[-1][1]
        other = 1 - seat
        kind_label = g.labels[KINDS[kind]]
        if self.log is not None:
            said = msg(
                "{player} asks for {a_kind} card.",
                player=self.who(seat),
                a_kind=a_label(kind_label),
            )
            self.narrate(said)
        self.read(other, ASKED, kind)  # a guess: the asker lacked that kind
        matching = [c for c in self.hands[other] if g.main_kind[c] == kind]
        if not matching:  # TG-25
            self.read(seat, TOLD, kind)  # a fact: none of that kind but what it draws
            if self.log is not None:
                said = msg(
                    "{player} has no {kind} card.", player=self.who(other), kind=label(kind_label)
                )
                self.narrate(said)
            self.after_special(seat)
            return
        if g.config.asked_player_chooses:  # A10: always their choice, even of one
            self.decisions[-1] = (GIVE, other, kind, seat)
            return
        self.hand_over(other, seat, g.main_type[matching[self.below(len(matching))]])
        self.after_special(seat)

    def options_give(self, decision: tuple[int, ...]) -> list[int]:
        g = self.game
        base, kind = g.base["give"], decision[2]
        return sorted(
            {base + g.main_type[c] for c in self.hands[decision[1]] if g.main_kind[c] == kind}
        )

    def on_give(self, ctype: int) -> None:
        _, giver, _, asker = self.decisions[-1]
        self.decisions[-1] = (ASK, asker)  # the asker's turn frame, closed below
        self.hand_over(giver, asker, ctype)
        self.after_special(asker)

    def hand_over(self, giver: int, asker: int, ctype: int) -> None:
        g = self.game
        card = take_first(self.hands[giver], ctype, g.main_type)
        self.hands[asker].append(card)
        self.learn(giver, ctype)
        self.unlearn(asker, ctype)
        if self.log is not None:
            kind = g.labels[KINDS[g.main_kind[card]]]
            self.narrate(
                msg(
                    "{player} gives {card} to {other}.",
                    player=self.who(giver),
                    card=self.name(card),
                    other=self.who(asker),
                ),
                (giver, asker),
                msg("{player} gives {a_kind} card.", player=self.who(giver), a_kind=a_label(kind)),
            )

    def after_special(self, seat: int) -> None:
        if self.game.config.special_replaces_discard:  # A4
            self.draw_main(seat)
        self.end_turn(seat)
