"""What a seat sees (SW-3): the Room, tags, wear, advances, Laundries and Pleasure Meters are
public; each hand only its owner's; decks are counts. Also the invariants and a heuristic
estimate for search that stops early."""

from __future__ import annotations

from math import exp
from typing import Any

from rulebook.games.swing.game import LONG_TURNS, MAX_SEATS
from rulebook.games.swing.room import BLOCK, PHASE_NAMES
from rulebook.games.swing.turn import Turn

MAX_PLACES = MAX_SEATS  # places in the turn order from the Top
PHASES = len(PHASE_NAMES)  # the Top's steps of the turn
# the fitted six-player estimate's weight of each of ``seat_figures``' figures, in their order
SIX_WEIGHTS = (
    15.344,
    -4.185,
    2.814,
    -0.536,
    3.076,
    0.372,
    0.85,
    0.839,
    -0.476,
    -1.143,
    1.145,
    4.04,
    1.91,
    0.956,
    0.762,
    0.575,
    0.394,
    0.136,
    0.025,
    -0.527,
    -0.689,
    -1.092,
    -1.101,
    -1.259,
    -0.994,
    0.0,
)
# the same weights by name, the figures' scales folded in (the estimate's sums, written out)
(W_SCORED, W_LEAD, W_OUT, W_DROP, W_TARGET) = SIX_WEIGHTS[:5]
W_ATTACK, W_DEFENCE, W_LOCS, W_HAND = (
    w / s for w, s in zip(SIX_WEIGHTS[5:9], (10, 10, 5, 8), strict=True)
)
W_FIRE, W_THREAT, W_TO_COME, W_TARGET_TOP = SIX_WEIGHTS[9:13]
PLACE_WEIGHTS = (0.0, *SIX_WEIGHTS[13 : 12 + MAX_PLACES])
STEP_WEIGHTS = SIX_WEIGHTS[12 + MAX_PLACES :]


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
        """Each seat's chance to win: at six players the fitted estimate
        (``fitted_estimate``), else ``share_estimate``."""
        if self.players >= LONG_TURNS:
            return self.fitted_estimate()
        return self.share_estimate()

    def fitted_estimate(self) -> list[float]:
        """Each seat's chance to win as a softmax over the seats of its figures
        (``seat_figures``) weighed by ``SIX_WEIGHTS``, fitted on heuristic self-play at six
        players (``benchmarks/fit_swing_estimate.py``; docs/search.md, "SWING! at six players:
        a fitted estimate and one-decision rollouts"). The same sums as ``seat_figures``
        weighed, written out without building the figures: every rollout ends here, and
        built lists cost a six-player search a sixth of its move."""
        g, n = self.game, self.players
        full = g.config.pleasure_meter
        scored = self.credits if g.config.winner == "seducer" else self.came
        out, meter, top, tagged, wear = self.out, self.meter, self.top, self.tagged, self.wear
        prowess, endurance, blocker = g.prowess_of, g.endurance_of, g.blocker_of
        inspiration, rooms, hands, locs = g.inspiration_of, self.rooms, self.hands, self.locs
        aimed = [0] * n
        for card, target in self.advances:
            aimed[target] += prowess[card]
        # the two best scores, and the two deepest drops among the Hosts in the Room: each
        # seat's lead and target are read against the others' best
        high = high2 = high_seat = -1
        deep = deep2 = 0.0
        deep_seat = -1
        threat = 0.0
        for r in range(n):
            v = scored[r]
            if v > high:
                high2, high, high_seat = high, v, r
            elif v > high2:
                high2 = v
            if not out[r]:
                d = (full - meter[r]) / full
                if d > deep:
                    deep2, deep, deep_seat = deep, d, r
                elif d > deep2:
                    deep2 = d
            if aimed[r] and meter[r]:
                threat = max(threat, min(2.0, aimed[r] / meter[r]))
        ending = bool(sum(self.came)) and g.config.ending == "round-end"
        been_top = self.been_top
        scores = [0.0] * n
        place = 0  # among the Hosts in the Room, from the Top to the left
        for off in range(n):
            s = (top + off) % n
            target = deep2 if s == deep_seat else deep
            lead = scored[s] - (high2 if s == high_seat else high)
            v = W_SCORED * scored[s] + W_LEAD * lead + W_DROP * (full - meter[s]) / full
            v += W_TARGET * target + W_HAND * len(hands[s])
            attack = defence = 0
            for c in rooms[s]:
                attack += prowess[c]
                if blocker[c] and not tagged[c]:
                    defence += endurance[c] - wear[c]
            v += W_ATTACK * attack + W_DEFENCE * defence
            v += W_LOCS * sum(map(inspiration.__getitem__, locs[s]))
            if aimed[s] and meter[s]:
                v += W_FIRE * min(2.0, aimed[s] / meter[s])
            if out[s]:
                v += W_OUT
            else:
                if place < MAX_PLACES:
                    v += PLACE_WEIGHTS[place]
                place += 1
                if ending and not been_top >> s & 1:
                    v += W_TO_COME
            if s == top:
                v += W_THREAT * threat + W_TARGET_TOP * target + STEP_WEIGHTS[self.phase]
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
        """Per seat, the figures the fitted six-player estimate weighs (``SIX_WEIGHTS``), each
        the same kind of figure for every seat, so nothing about a seat number is built in:
        orgasms brought about, the lead in them, having left the Room, the seat's own meter
        drop, the deepest drop among the others (what a Top could finish), the seat's prowess
        and free blockers' endurance in the Room, its Locations' Inspiration, its hand, the
        pending seductions at it (against its meter) and, for the Top, the most pressing one
        it made; whether it is still to be Top in a Round that ends the game; its place in the
        turn order from the Top (0 the Top, then to the left among the Hosts in the Room); and
        the Top's step of the turn. ``benchmarks/fit_swing_estimate.py`` fits the weights."""
        g, n = self.game, self.players
        full = g.config.pleasure_meter
        scored = self.credits if g.config.winner == "seducer" else self.came
        out, meter, top, tagged = self.out, self.meter, self.top, self.tagged
        prowess, endurance, blocker, inspiration = (
            g.prowess_of,
            g.endurance_of,
            g.blocker_of,
            g.inspiration_of,
        )
        wear = self.wear
        aimed = [0] * n
        for card, target in self.advances:
            aimed[target] += prowess[card]
        drops = [(full - m) / full for m in meter]
        ending = 1.0 if sum(self.came) and g.config.ending == "round-end" else 0.0
        order = [0] * n
        k = 0
        for off in range(n):
            seat = (top + off) % n
            if not out[seat]:
                order[seat] = k
                k += 1
        threat = 0.0
        for r in range(n):
            if aimed[r] and meter[r]:
                threat = max(threat, min(2.0, aimed[r] / meter[r]))
        rows = []
        for s in range(n):
            lead = scored[s] - max(v for r, v in enumerate(scored) if r != s)
            target = 0.0
            for r in range(n):
                if r != s and not out[r] and drops[r] > target:
                    target = drops[r]
            attack = defence = 0
            for c in self.rooms[s]:
                attack += prowess[c]
                if blocker[c] and not tagged[c]:
                    defence += endurance[c] - wear[c]
            locs = sum(map(inspiration.__getitem__, self.locs[s]))
            fire = min(2.0, aimed[s] / meter[s]) if aimed[s] and meter[s] else 0.0
            is_top = 1.0 if s == top else 0.0
            to_come = 0.0 if out[s] or (self.been_top >> s & 1) else 1.0
            place = [0.0] * (MAX_PLACES)
            if not out[s] and order[s] < MAX_PLACES:
                place[order[s]] = 1.0
            step = [0.0] * PHASES
            if s == top:
                step[self.phase] = 1.0
            rows.append(
                [
                    float(scored[s]),
                    float(lead),
                    float(out[s]),
                    drops[s],
                    target,
                    attack / 10,
                    defence / 10,
                    locs / 5,
                    len(self.hands[s]) / 8,
                    fire,
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
        placed = {c for s in range(n) for c in (*self.rooms[s], *self.locs[s])}
        for card, flag in enumerate(self.tagged):
            if flag and card not in placed:
                raise ValueError("a tagged card outside the Room")
            if self.wear[card] and not flag:
                raise ValueError("wear on an untagged card")
        if self.out[self.top] or not 1 <= self.round <= g.config.max_rounds:
            raise ValueError("the Top left the Room, or the Round is out of bounds")
