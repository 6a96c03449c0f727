"""What a seat sees (SW-3): the Room, tags, wear, advances, Laundries and Pleasure Meters are
public; each hand only its owner's; decks are counts. Also the invariants and a heuristic
estimate for search that stops early."""

from __future__ import annotations

from typing import Any

from rulebook.games.swing.room import BLOCK, PHASE_NAMES
from rulebook.games.swing.turn import Turn


class View(Turn):
    __slots__ = ()

    def observe(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        over = not self.decisions
        ids, types, type_of = g.instance_ids, g.types, g.type_of
        tagged, wear = self.tagged, self.wear
        aims = {card: target for card, target in self.advances}
        show_hand = g.zone("hands").visible
        hosts, room, locations = [], [], []
        for s in range(self.players):
            owner = f"Player {s + 1}"
            entry: dict[str, Any] = {
                "name": owner,
                "role": "Top" if s == self.top else ("left the Room" if self.out[s] else "Bottom"),
                "pleasure_meter": self.meter[s],
                "inspiration": self.available(s),
                "hand_size": len(self.hands[s]),
                "deck": len(self.decks[s]),
                "orgasms_caused": self.credits[s],
                "orgasms": self.came[s],
                "laundry": sorted(ids[c] for c in self.laundry[s]),
            }
            if show_hand(s, seat, over):
                entry["hand"] = sorted(ids[c] for c in self.hands[s])
            hosts.append(entry)
            for c in self.locs[s]:
                card = types[type_of[c]]
                locations.append(
                    {
                        "name": card.name,
                        "card": card.id,
                        "owner": owner,
                        "inspiration": card.inspiration,
                        "tagged": bool(tagged[c]),
                    }
                )
            for c in self.rooms[s]:
                card = types[type_of[c]]
                aim = aims.get(c)
                room.append(
                    {
                        "name": card.name,
                        "card": card.id,
                        "owner": owner,
                        "kind": card.kind_name,
                        "stats": f"{card.prowess}P/{card.endurance - wear[c]}E",
                        "tagged": bool(tagged[c]),
                        "seducing": None if aim is None else f"Player {aim + 1}",
                    }
                )
        data: dict[str, Any] = {
            "round": self.round,
            "turn": self.turn,
            "phase": PHASE_NAMES[self.phase] if not over else "Game over",
            "power": None if over else f"Player {self.decisions[-1][1] + 1}",
            "top": f"Player {self.top + 1}",
            "meter_full": g.config.pleasure_meter,
            "hosts": hosts,
            "locations": locations,
            "room": room,
            "first_top_reveal": [types[t].id if t >= 0 else None for t in self.reveal],
        }
        if over:
            data["summary"] = self.summary()
        return data

    def decision_view(self) -> dict[str, Any] | None:
        data = super().decision_view()
        if data is not None and self.decisions[-1][0] == BLOCK:
            data["seducer"] = self.game.types[self.decisions[-1][2]].id
        return data

    def summary(self) -> dict[str, Any]:
        """Orgasms by cause: Hosts seduced, seducers and blockers spent."""
        n = self.players
        return {
            "rounds": self.round,
            "turns": self.turn,
            "host_orgasms": sum(self.came),
            "seducer_orgasms": sum(self.spent[2 * s] for s in range(n)),
            "blocker_orgasms": sum(self.spent[2 * s + 1] for s in range(n)),
            "perfect_performance": bool(self.achieved),
        }

    def tallies(self) -> dict[str, float | str]:
        """For simulation reports (issue 11): Rounds played and orgasms by cause, as in the
        summary: Hosts brought to orgasm, and seducing and blocking cards sent to the Laundry
        (a removed Host's cards, A17, are not counted: they had no orgasm)."""
        s = self.summary()
        return {
            "rounds": s["rounds"],
            "host orgasms": s["host_orgasms"],
            "seducer cards to the Laundry": s["seducer_orgasms"],
            "blocker cards to the Laundry": s["blocker_orgasms"],
        }

    def turns(self) -> int:
        return self.turn

    def estimate(self) -> list[float]:
        """Each seat's share of the lead, in [0, 1]: orgasms scored weigh most; then how far
        the others' meters have dropped (mostly by this seat's Top turns, exactly so with
        two), how full the seat's own meter still is (A15: reversed for winner=host), and the
        seat's cards and Locations in the Room."""
        n, full = self.players, self.game.config.pleasure_meter
        scored = self.credits if self.game.config.winner == "seducer" else self.came
        drop = []
        for m in self.meter:  # loops, not comprehensions: every rollout ends here
            drop.append((full - m) / full)
        total_drop = sum(drop)
        strength, inspiration = self.game.strength_of, self.game.inspiration_of
        values = []
        for s in range(n):
            others = (total_drop - drop[s]) / (n - 1)
            lead = others + (1.0 - drop[s]) if scored is self.credits else drop[s]
            # ints summed at C speed (the board's value is an int either way)
            board = sum(map(strength.__getitem__, self.rooms[s]))
            board += sum(map(inspiration.__getitem__, self.locs[s]))
            values.append(0.05 + 3.0 * scored[s] + 0.5 * lead + 0.03 * board)
        total = sum(values)
        shares = []
        for v in values:
            shares.append(v / total)
        return shares

    def check_invariants(self) -> None:
        """Every card of each seat in exactly one of its zones; meters and tags in bounds."""
        g, n = self.game, self.players
        for s in range(n):
            cards = [*self.decks[s], *self.hands[s], *self.rooms[s], *self.locs[s]]
            cards += self.laundry[s]
            if sorted(cards) != list(g.ranges[s]):
                raise ValueError(f"seat {s}'s cards are not each in exactly one zone")
            if not 0 <= self.meter[s] <= g.config.pleasure_meter:
                raise ValueError("a Pleasure Meter is out of bounds")
            if any(g.kind_of[c] == 0 for c in self.rooms[s]):
                raise ValueError("a Location among the Room's Guests, Objects and Moves")
        placed = {c for s in range(n) for c in (*self.rooms[s], *self.locs[s])}
        for card, flag in enumerate(self.tagged):
            if flag and card not in placed:
                raise ValueError("a tagged card outside the Room")
            if self.wear[card] and not flag:
                raise ValueError("wear on an untagged card")
        if self.out[self.top] or not 1 <= self.round <= g.config.max_rounds:
            raise ValueError("the Top left the Room, or the Round is out of bounds")
