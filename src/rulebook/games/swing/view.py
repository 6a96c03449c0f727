"""What a seat sees (SW-3): the Room, tags, wear, advances, Laundries and Pleasure Meters are
public; each hand only its owner's; decks are counts. Also the invariants and a heuristic
estimate for search that stops early."""

from __future__ import annotations

from math import exp
from typing import Any, NamedTuple

from rulebook.games.swing.game import MAX_SEATS
from rulebook.games.swing.room import BLOCK, PAY, PHASE_NAMES
from rulebook.games.swing.turn import Turn
from rulebook.i18n import N_

MAX_PLACES = MAX_SEATS  # places in the turn order from the Top
PHASES = len(PHASE_NAMES)  # the Top's steps of the turn
# the fitted six-player estimate's weight of each of ``seat_figures``' figures, in their order
SIX_WEIGHTS = (
    7.032,  # orgasms brought about
    -0.563,  # own meter's drop
    3.302,  # the deepest drop among the others
    1.083,  # free blockers' Endurance / 10
    1.067,  # Locations' Inspiration / 5
    1.266,  # the Top: its most pressing seduction
    4.119,  # still to be Top in the last Round
    1.87,  # the Top: its target
    -2.047,  # place 1 to the Top's left
    -2.248,  # place 2
    -2.442,  # place 3
    -2.632,  # place 4
    -2.903,  # place 5
    -3.055,  # the Top's step: Foreplay
    -3.519,  # the Top's step: Foreplay, Bottoms
    -3.63,  # the Top's step: Seduction
    -3.965,  # the Top's step: #Surprise
    -3.991,  # the Top's step: responding
    -4.146,  # the Top's step: blocking
    -3.999,  # the Top's step: Aftercare
    0.0,  # the Top's step: Switch (never asked)
)
# the four- and five-player estimates' weights, fitted the same way (3,000 games each)
FOUR_WEIGHTS: tuple[float, ...] = (
    *(8.276, -1.095, 4.019, 1.246, 0.723, 1.212, 3.216, 0.84, -2.834, -3.112, -3.398),
    *(0.0, 0.0, -3.197, -3.564, -3.591, -3.674, -3.619, -3.662, -3.744, 0.0),
)
FIVE_WEIGHTS: tuple[float, ...] = (
    *(7.952, -0.719, 3.583, 1.319, 0.905, 1.35, 3.757, 1.194, -2.575, -2.842, -3.096),
    *(-3.35, 0.0, -3.222, -3.624, -3.719, -3.891, -3.892, -3.958, -3.869, 0.0),
)


class Weights(NamedTuple):
    """One table size's weights by name, the figures' scales folded in (the estimate's sums,
    written out)."""

    scored: float
    drop: float
    target: float
    defence: float
    locs: float
    threat: float
    to_come: float
    target_top: float
    places: tuple[float, ...]
    steps: tuple[float, ...]

    @classmethod
    def of(cls, w: tuple[float, ...]) -> Weights:
        places = (0.0, *w[8 : 7 + MAX_PLACES])  # the Top's own place weighs nothing
        steps = w[7 + MAX_PLACES :]
        return cls(w[0], w[1], w[2], w[3] / 10, w[4] / 5, w[5], w[6], w[7], places, steps)


# players -> the weights of the fitted estimate at that table size
FITTED_WEIGHTS = {
    4: Weights.of(FOUR_WEIGHTS),
    5: Weights.of(FIVE_WEIGHTS),
    6: Weights.of(SIX_WEIGHTS),
}


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
        elif data is not None and self.decisions[-1][0] == PAY:
            data["card"] = self.game.types[self.decisions[-1][2]].id
        return data

    def known_cards(self, seat: int | None) -> dict[str, set[int]]:
        """A25: the cards everyone saw go from a Laundry to another Host's hand (``shown``)
        stay in that hand in every world ``redeterminize`` samples, by pool (``cards{s}``)."""
        g = self.game
        known: dict[str, set[int]] = {}
        for s, shown in enumerate(self.shown):
            if not shown or s == seat:
                continue
            fixed: set[int] = set()
            for ctype in shown:
                for card in self.hands[s]:
                    if g.type_of[card] == ctype and card not in fixed:
                        fixed.add(card)
                        break
            known[f"cards{s}"] = fixed
        return known

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
            N_("rounds"): s["rounds"],
            N_("host orgasms"): s["host_orgasms"],
            N_("seducer cards to the Laundry"): s["seducer_orgasms"],
            N_("blocker cards to the Laundry"): s["blocker_orgasms"],
        }

    def turns(self) -> int:
        return self.turn

    def estimate(self) -> list[float]:
        """Each seat's chance to win: at four to six players the fitted estimate
        (``fitted_estimate``) where the scoring rules are those it was fitted under, else
        ``share_estimate``."""
        if self.players >= self.game.fitted_from:
            return self.fitted_estimate()
        return self.share_estimate()

    def fitted_estimate(self) -> list[float]:
        """Each seat's chance to win as a softmax over the seats of its figures
        (``seat_figures``) weighed by the table size's weights (``SIX_WEIGHTS`` at six),
        fitted on heuristic self-play (``benchmarks/fit_swing_estimate.py``; docs/search.md,
        "SWING! at six players: a fitted estimate, no rollout"). The same sums as
        ``seat_figures`` weighed, written out without building the figures: every rollout
        ends here."""
        g, n = self.game, self.players
        w = FITTED_WEIGHTS[n]
        w_scored, w_drop, w_target = w.scored, w.drop, w.target
        w_defence, w_locs, places = w.defence, w.locs, w.places
        full = g.config.pleasure_meter
        scored = self.credits if g.config.winner == "seducer" else self.came
        out, meter, top, tagged = self.out, self.meter, self.top, self.tagged
        prowess, guard, inspiration = g.prowess_of, g.guard_of, g.inspiration_of
        aimed = [0] * n
        for card, host in self.advances:
            aimed[host] += prowess[card]
        # the two deepest drops among the Hosts in the Room (each seat's target is the
        # deepest of the others'), and the Top's most pressing seduction
        deep = deep2 = 0.0
        deep_seat = -1
        threat = 0.0
        for r in range(n):
            if not out[r]:
                d = (full - meter[r]) / full
                if d > deep:
                    deep2, deep, deep_seat = deep, d, r
                elif d > deep2:
                    deep2 = d
                if aimed[r] and meter[r]:
                    threat = max(threat, min(2.0, aimed[r] / meter[r]))
        ending = bool(sum(self.came)) and g.config.ending == "round-end"
        been_top, rooms, locs = self.been_top, self.rooms, self.locs
        scores = [0.0] * n
        place = 0  # among the Hosts in the Room, from the Top to the left
        for off in range(n):
            s = (top + off) % n
            target = deep2 if s == deep_seat else deep
            v = w_scored * scored[s] + w_drop * (full - meter[s]) / full + w_target * target
            defence = 0
            for c in rooms[s]:
                if not tagged[c]:
                    defence += guard[c]
            v += w_defence * defence + w_locs * sum(map(inspiration.__getitem__, locs[s]))
            if not out[s]:
                if place < MAX_PLACES:
                    v += places[place]
                place += 1
                if ending and not been_top >> s & 1:
                    v += w.to_come
            if s == top:
                v += w.threat * threat + w.target_top * target + w.steps[self.phase]
            scores[s] = v
        most = max(scores)
        chances = []
        for v in scores:
            chances.append(exp(v - most))
        total = sum(chances)
        return [c / total for c in chances]

    def share_estimate(self) -> list[float]:
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

    def seat_figures(self) -> list[list[float]]:
        """Per seat, the figures the fitted estimate weighs (``SIX_WEIGHTS`` at six), each
        the same kind of figure for every seat, so nothing about a seat number is built in:
        orgasms brought about; how far the seat's own meter has dropped; the deepest drop among
        the others in the Room (what a Top could finish); the Endurance of its free blockers
        (tagged cards carry the turn's wear, untagged ones none); its Locations' Inspiration;
        for the Top, its most pressing pending seduction (Prowess aimed at a Host against the
        Host's meter) and its target again; whether it is still to be Top in a Round that
        ends the game; its place in the turn order (the Top first, then to the left among
        the Hosts in the Room); and the Top's step of the turn.
        ``benchmarks/fit_swing_estimate.py`` fits the weights."""
        g, n = self.game, self.players
        full = g.config.pleasure_meter
        scored = self.credits if g.config.winner == "seducer" else self.came
        out, meter, top, tagged = self.out, self.meter, self.top, self.tagged
        aimed = [0] * n
        for card, host in self.advances:
            aimed[host] += g.prowess_of[card]
        drops = [(full - m) / full for m in meter]
        ending = 1.0 if sum(self.came) and g.config.ending == "round-end" else 0.0
        threat = max(  # a seduction aimed at a Host still in the Room, as fitted_estimate
            [0.0]
            + [
                min(2.0, aimed[r] / meter[r])
                for r in range(n)
                if aimed[r] and meter[r] and not out[r]
            ]
        )
        in_room = [seat for seat in (self.seat_at(k) for k in range(n)) if not out[seat]]
        rows = []
        for s in range(n):
            target = max([0.0] + [drops[r] for r in range(n) if r != s and not out[r]])
            defence = sum(g.guard_of[c] for c in self.rooms[s] if not tagged[c])
            is_top = 1.0 if s == top else 0.0
            to_come = 0.0 if out[s] or (self.been_top >> s & 1) else 1.0
            place = [0.0] * MAX_PLACES
            if s in in_room and in_room.index(s) < MAX_PLACES:
                place[in_room.index(s)] = 1.0
            step = [0.0] * PHASES
            if s == top:
                step[self.phase] = 1.0
            rows.append(
                [
                    float(scored[s]),
                    drops[s],
                    target,
                    defence / 10,
                    sum(g.inspiration_of[c] for c in self.locs[s]) / 5,
                    threat * is_top,
                    ending * to_come,
                    target * is_top,
                    *place[1:],
                    *step,
                ]
            )
        return rows

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
            held = [g.type_of[c] for c in self.hands[s]]
            if any(held.count(t) < self.shown[s].count(t) for t in self.shown[s]):
                raise ValueError("a card known to be in a hand (A25) is not there")
        placed = {c for s in range(n) for c in (*self.rooms[s], *self.locs[s])}
        for card, flag in enumerate(self.tagged):
            if flag and card not in placed:
                raise ValueError("a tagged card outside the Room")
            if self.wear[card] and not flag and g.config.wear_lasts == "turn":
                raise ValueError("wear on an untagged card")
        if self.out[self.top] or not 1 <= self.round <= g.config.max_rounds:
            raise ValueError("the Top left the Room, or the Round is out of bounds")
