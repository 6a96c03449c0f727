"""Option A, completing a set (TG-10, TG-12, TG-13, TG-19, TG-20, TG-26): one Position, one
Intensity, one Time. Player 1's set joins the Queue; Player 2's goes back into the Main Deck
(A2); either earns a point (A1), and the optional spending step follows."""

from __future__ import annotations

from rulebook.engine.zones import take_first
from rulebook.games.the_game.game import P1, P2
from rulebook.games.the_game.table_state import END_TURN, GAIN_PLEASURE, SPEND_STEP, Table
from rulebook.i18n import Listed, Message, msg


class Sets(Table):
    def on_set(self, index: tuple[int, int, int]) -> None:
        g = self.game
        cfg = g.config
        seat = self.decisions[-1][1]
        pos, inten, tim = g.kind_types[:3]
        types = (pos[index[0]], inten[index[1]], tim[index[2]])
        hand, type_of = self.hands[seat], g.main_type
        cards = (
            take_first(hand, types[0], type_of),
            take_first(hand, types[1], type_of),
            take_first(hand, types[2], type_of),
        )
        other = 1 - seat
        if self.known[other] or self.reads is not None:  # (else nothing to unlearn: unlearn)
            for t in types:
                self.unlearn(other, t)  # the other player saw it leave this hand
        if self.card_facts is not None:  # a listener asked: no id looked up otherwise
            for t in types:
                self.mark("played", g.main_types[t].id, seat)
        self.decisions.pop()
        text = Listed(tuple(self.name(c) for c in cards), " + ") if self.log is not None else None
        if seat == P1:
            self.queue.append(cards)
            self.points[P1] += 1
            if self.log is not None:
                self.narrate(
                    msg(
                        "{player} plays {cards}: {punishment} {number} joins the {queue}; "
                        "+1 {point} (now {points}).",
                        player=self.who(P1),
                        cards=text,
                        punishment=self.word("punishment"),
                        number=len(self.queue),
                        queue=self.word("queue"),
                        point=self.word("point"),
                        points=self.points[P1],
                    )
                )
            if len(self.queue) >= cfg.punishments_to_win:  # TG-35
                self.end(P1, "queue")
                return
            self.now((SPEND_STEP, P1), (END_TURN, P1))
            return
        if cfg.player2_set_destination == "shuffle-into-deck":  # A2
            main = self.main
            for card in cards:  # at a random depth, top and bottom included
                main.insert(self.below(len(main) + 1), card)
            where: Message | None = None
            if self.log is not None:
                where = msg("shuffled back into the {deck}", deck=self.word("main_deck"))
        else:
            self.discard.extend(cards)
            where = msg("discarded") if self.log is not None else None
        if cfg.player2_reward == "point":  # A1
            self.points[P2] += 1
            if self.log is not None:
                self.narrate(
                    msg(
                        "{player} plays {cards}; the set is {where}; +1 {point} (now {points}).",
                        player=self.who(P2),
                        cards=text,
                        where=where,
                        point=self.word("point"),
                        points=self.points[P2],
                    )
                )
            self.now((SPEND_STEP, P2), (END_TURN, P2))
            return
        if self.log is not None:
            said = msg(
                "{player} plays {cards}; the set is {where}.",
                player=self.who(P2),
                cards=text,
                where=where,
            )
            self.narrate(said)
        self.now((GAIN_PLEASURE, P2), (END_TURN, P2))
