"""The Foreplay Phase (SW-9..SW-15): the Top places at most one Location (free) and introduces
Guests, Objects and Moves with Inspiration; then each Bottom with Inspiration may answer with
#Surprise cards (``options_surprise``), and control returns to the Top."""

from __future__ import annotations

from rulebook.games.swing.room import AFTERCARE
from rulebook.games.swing.turn import Turn
from rulebook.i18n import msg


class Foreplay(Turn):
    __slots__ = ()

    def options_foreplay_top(self, d: tuple[int, ...]) -> list[int]:
        g = self.game
        seat = d[1]
        avail = self.available(seat)
        location, cost, ids = g.location_id, g.cost_of, g.introduce_id
        out = [g.done_id]
        for t in self.kinds_in(self.hands[seat]):
            if location[t] >= 0:
                if not self.placed:  # SW-9: one Location per Foreplay
                    out.append(location[t])
            elif cost[t] <= avail:
                out.append(ids[t])
        out.sort()
        return out

    def on_location(self, index: int) -> None:
        g = self.game
        card = self.from_hand(self.top, g.location_types[index])
        self.locs[self.top].append(card)
        if self.card_facts is not None:  # a listener's record (State.mark)
            self.mark("played", g.instance_ids[card], self.top)
        self.placed = 1
        if self.log is not None:
            said = msg(
                "{player} places {card}.",
                player=self.seat_name(self.top),
                card=g.card_of[card].label_said(),
            )
            self.narrate(said)
        self.proceed()

    def on_introduce(self, index: int) -> None:
        """SW-11 (and #Surprise answers, responses, Aftercare): pay and put it in the Room."""
        d = self.decisions[-1]
        if d[0] == AFTERCARE:
            self.mode |= 1
        if self.introduce(d[1], self.game.room_types[index]):  # (else A6: tag Locations)
            self.proceed()
