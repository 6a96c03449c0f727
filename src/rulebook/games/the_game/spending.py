"""Spending points (TG-14, TG-21, TG-28..TG-30, TG-43): 1 point buys a random card, 3 a chosen
one. Player 1 buys equipment for the most recent punishment, Player 2 pleasure cards.

The spending step after a set stays open exactly while something can still be bought — a
fact both players see (points, deck sizes, the Queue) — never because of a hidden card."""

from __future__ import annotations

from rulebook.games.the_game.game import P1, P2, label
from rulebook.games.the_game.table_state import SPEND, Table
from rulebook.i18n import Name, msg, msgn


class Spending(Table):
    def buy_options(self, seat: int) -> list[int]:
        g = self.game
        cfg, base = g.config, g.base
        pts = self.points[seat]
        if seat == P1:
            if not self.queue or not self.equipment_deck:  # TG-29 (A19)
                return []
            ids = [base["buy-random-equipment"]] if pts >= cfg.random_cost else []
            if pts >= cfg.chosen_cost:
                b = base["buy-equipment"]
                ids.extend(sorted({b + g.equipment_type[e] for e in self.equipment_deck}))
            return ids
        if cfg.player2_reward != "point" or not self.pleasure_deck:
            return []
        ids = [base["buy-random-pleasure"]] if pts >= cfg.random_cost else []
        if pts >= cfg.chosen_cost:
            b = base["buy-pleasure"]
            ids.extend(sorted({b + g.pleasure_type[p] for p in self.pleasure_deck}))
        return ids

    def effect_spend_step(self, effect: tuple[int, ...]) -> bool:
        """Open the optional spending step if anything can be bought."""
        seat = effect[1]
        if not self.buy_options(seat):
            return False
        self.decisions.append((SPEND, seat))
        return True

    def close_spend_step(self, seat: int) -> None:
        """Close the spending step once nothing is left to buy."""
        top = self.decisions[-1] if self.decisions else None
        if top is not None and top[0] == SPEND and not self.buy_options(seat):
            self.decisions.pop()

    def options_spend(self, decision: tuple[int, ...]) -> list[int]:
        seat = decision[1]
        ids = [self.game.base["done"], *self.buy_options(seat)]
        if seat == P2:
            ids.extend(self.effect_options())
        ids.sort()
        return ids

    def on_done(self, _: int) -> None:
        self.decisions.pop()

    def on_buy_random_equipment(self, _: int) -> None:
        self.buy(None)

    def on_buy_random_pleasure(self, _: int) -> None:
        self.buy(None)

    def on_buy_equipment(self, etype: int) -> None:
        self.buy(etype)

    def on_buy_pleasure(self, ptype: int) -> None:
        self.buy(ptype)

    def buy(self, chosen: int | None) -> None:
        g = self.game
        cfg = g.config
        seat = self.decisions[-1][1]
        if seat == P1:
            deck, types = self.equipment_deck, g.equipment_type
        else:
            deck, types = self.pleasure_deck, g.pleasure_type
        if chosen is None:
            self.points[seat] -= cfg.random_cost
            card = deck.pop()
        else:
            self.points[seat] -= cfg.chosen_cost
            card = deck.pop(max(i for i, c in enumerate(deck) if types[c] == chosen))
        if seat == P2:
            if self.log is not None:
                self.narrate_spent(P2, cfg.random_cost if chosen is None else cfg.chosen_cost)
            self.gain_pleasure(card)  # declares the card drawn
            if self.result is None and self.decisions[-1][0] == SPEND:
                self.close_spend_step(P2)
            return
        self.queue[-1] = (*self.queue[-1], card)  # TG-29: the most recent punishment
        self.mark("played", g.content.equipment[types[card]].id, P1)
        if self.log is not None:
            self.narrate(
                msg(
                    "{player} adds {card} to {punishment} {number} ({points} left).",
                    player=self.who(P1),
                    card=Name(g.content.equipment[types[card]].name),
                    punishment=self.word("punishment"),
                    number=len(self.queue),
                    points=self.points[P1],
                )
            )
        self.close_spend_step(P1)

    def narrate_spent(self, seat: int, cost: int) -> None:
        """Points are public: a purchase says what it cost and what is left, as a
        Punishment's does, before the card (hidden or not) is gained."""
        lab = self.game.labels
        self.narrate(
            msgn(
                "{player} spends {count} {points} ({left} left).",
                "{player} spends {count} {points} ({left} left).",
                cost,
                player=self.who(seat),
                points=label(lab["point"] if cost == 1 else lab["points"]),
                left=self.points[seat],
            )
        )
