"""The Aftercare Phase (SW-29..SW-31): the Top spends remaining Inspiration on Guests or Objects
for the Room, or on returning cards from their Laundry to their hand (A12, A13): a card
returned is known to everyone to be in that hand until it leaves it (A25, ``known_cards``)."""

from __future__ import annotations

from rulebook.games.swing.cards import GUEST, OBJECT
from rulebook.games.swing.turn import Turn
from rulebook.i18n import Name, msg


class Aftercare(Turn):
    __slots__ = ()

    def laundry_cost(self, ctype: int) -> int:
        """A12: a card's own Inspiration cost, or 1."""
        return self.game.laundry_cost_of[ctype]

    def options_aftercare(self, d: tuple[int, ...]) -> list[int]:
        g = self.game
        seat = d[1]
        avail = self.available(seat)
        mix = g.config.aftercare_mix
        out = [g.done_id]
        if mix or self.mode != 2:
            kind, cost, ids = g.type_kind, g.cost_of, g.introduce_id
            for t in self.kinds_in(self.hands[seat]):
                if kind[t] in (GUEST, OBJECT) and cost[t] <= avail:
                    out.append(ids[t])
        if (mix or self.mode != 1) and self.laundry[seat]:
            launder, laundry_cost = g.launder_id, g.laundry_cost_of
            for t in self.kinds_in(self.laundry[seat]):
                if launder[t] >= 0 and laundry_cost[t] <= avail:
                    out.append(launder[t])
        out.sort()
        return out

    def on_launder(self, index: int) -> None:
        g = self.game
        seat, ctype = self.top, g.room_types[index]
        card = self.take_from(self.laundry[seat], ctype)
        self.hands[seat].append(card)
        self.shown[seat] = (*self.shown[seat], ctype)  # A25: everyone saw it go to the hand
        self.mode |= 2
        if self.log is not None:
            self.narrate(
                msg(
                    "{player} returns {card} from the Laundry to hand.",
                    player=self.seat_name(seat),
                    card=Name(g.card_of[card].name),
                )
            )
        if self.settle(seat, card, self.laundry_cost(ctype)):  # (else A6: tag Locations)
            self.proceed()
