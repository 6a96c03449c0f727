"""The Seduction Phase (SW-16..SW-28): the Top tags seducers, each aimed at a Co-Host; the
recipients may answer with #Surprise; then each Bottom in turn, from the Top's left, responds
and blocks, and every seduction attempt is resolved as it comes.

Blocking arithmetic (SW-23/SW-24): seducer and blocker each subtract the other's Prowess from
their Endurance (the wear lasts the turn, A10); at 0 a card has an orgasm and goes to its
owner's Laundry. An unblocked attempt takes its Prowess off the Host's Pleasure Meter. Under
the publisher's newer rules (A24, ``seduce_guest=higher``) a blocker is seduced only by a
Prowess higher than its Endurance, and the Host then takes the difference.
"""

from __future__ import annotations

from rulebook.games.swing.cards import MOVE, OBJECT
from rulebook.games.swing.room import (
    AFTERCARE,
    BLOCK,
    FOREPLAY_TOP,
    PH_BLOCK,
    PH_FOREPLAY_BOTTOM,
    PH_SWITCH,
    RESPOND,
    SEDUCE,
)
from rulebook.games.swing.win_conditions import WinConditions
from rulebook.i18n import Name, msg


class Seduction(WinConditions):
    __slots__ = ()

    # ------------------------------------------------------------------ 3.a Power: Top
    def targets(self) -> list[int]:
        """Co-Hosts the Top may still aim at: in the Room, their Bottom step still to come."""
        out, found, top, n = self.out, [], self.top, self.players
        for k in range(self.cycle, n):  # loops, not comprehensions, and ``seat_at`` written
            seat = (top + k) % n  # out: asked at every step of a Top's turn (a playout's hot path)
            if not out[seat]:
                found.append(seat)
        return found

    def can_seduce(self) -> bool:
        """An untagged card in the Top's Room, and a Co-Host still to aim at."""
        tagged = self.tagged
        for c in self.rooms[self.top]:
            if not tagged[c]:
                break
        else:
            return False
        out, top, n = self.out, self.top, self.players
        for k in range(self.cycle, n):  # noqa: SIM110 (any() of a generator costs more)
            if not out[(top + k) % n]:  # seat_at(k), written out
                return True
        return False

    def may_reintroduce(self) -> bool:
        """A23 (``reintroduce``, the publisher's newer rules): Power is back with the Top
        after a Bottom's step, and it has Inspiration and a Co-Host still to seduce."""
        if not self.game.reintroduce or not self.targets():
            return False
        top, n, out = self.top, self.players, self.out
        first = next(k for k in range(1, n) if not out[(top + k) % n])  # the first Bottom
        return self.cycle > first and self.available(top) > 0

    def options_seduce(self, d: tuple[int, ...]) -> list[int]:
        """SW-16/SW-17: any untagged Guest, Object or Move, at any Co-Host still to answer;
        A23: under ``reintroduce``, after a Bottom's step, also introducing cards again."""
        g = self.game
        type_of, tagged, ids = g.type_of, self.tagged, g.seduce_id
        targets = self.targets()
        kinds = set()
        for c in self.rooms[self.top]:
            if not tagged[c]:
                kinds.add(type_of[c])
        out = [g.done_id]
        for t in kinds:
            row = ids[t]
            for s in targets:
                out.append(row[s])
        if g.reintroduce and self.may_reintroduce():
            avail, cost, introduce = self.available(self.top), g.cost_of, g.introduce_id
            for t in self.kinds_in(self.hands[self.top]):
                if introduce[t] >= 0 and cost[t] <= avail:
                    out.append(introduce[t])
        out.sort()
        return out

    def on_seduce(self, index: tuple[int, int]) -> None:
        g = self.game
        ctype, target = g.room_types[index[0]], index[1]
        card = self.untagged_of(self.top, ctype)
        self.tagged[card] = 1
        if self.card_facts is not None:  # a listener's record (State.mark)
            self.mark("used", g.instance_ids[card], self.top)
        self.advances.append((card, target))
        self.fresh = 1
        if self.log is not None:
            self.narrate(
                msg(
                    "{player} tags {card} to seduce {target}.",
                    player=self.seat_name(self.top),
                    card=Name(g.card_of[card].name),
                    target=self.seat_name(target),
                )
            )
        self.proceed()

    # ------------------------------------------------------------------ #Surprise windows
    def advanced(self, seat: int) -> bool:
        for a in self.advances:  # noqa: SIM110 (a loop: asked at every step of a Top's turn)
            if a[1] == seat:
                return True
        return False

    def next_advance(self, seat: int) -> int:
        for i, a in enumerate(self.advances):
            if a[1] == seat:
                return i
        return -1

    def options_foreplay_bottom(self, d: tuple[int, ...]) -> list[int]:
        """SW-14 / A8: the Bottom's #Surprise cards it can pay for; under
        ``foreplay_needs_surprise=false`` its Objects and Moves without #Surprise too."""
        if self.game.config.foreplay_needs_surprise:
            return self.options_surprise(d)
        return self.answers(d[1], True)

    def options_surprise(self, d: tuple[int, ...]) -> list[int]:
        """SW-14/SW-19: #Surprise cards the Bottom can pay for (Foreplay and Seduction)."""
        g = self.game
        seat, avail = d[1], self.available(d[1])
        surprise, cost, ids = g.surprise_of, g.cost_of, g.introduce_id
        out = [g.done_id]
        for t in self.kinds_in(self.hands[seat]):
            if surprise[t] and cost[t] <= avail:
                out.append(ids[t])
        out.sort()
        return out

    # ------------------------------------------------------------------ 3.b Power: Bottom
    def options_respond(self, d: tuple[int, ...]) -> list[int]:
        """SW-21: Objects and Moves (A8: #Surprise not needed), or #Surprise Guests."""
        return self.answers(d[1], not self.game.config.respond_needs_surprise)

    def answers(self, seat: int, any_prop: bool) -> list[int]:
        """What a Bottom can pay for: its #Surprise cards, and (``any_prop``) its Objects and
        Moves without #Surprise."""
        g = self.game
        avail = self.available(seat)
        surprise, cost, kind, ids = g.surprise_of, g.cost_of, g.type_kind, g.introduce_id
        out = [g.done_id]
        for t in self.kinds_in(self.hands[seat]):
            if cost[t] > avail:
                continue
            if surprise[t] or (any_prop and kind[t] in (OBJECT, MOVE)):
                out.append(ids[t])
        out.sort()
        return out

    def blockers(self, seat: int) -> set[int]:
        """Types of untagged cards that may block (SW-22, A9)."""
        g = self.game
        type_of, blocker_of, tagged = g.type_of, g.blocker_of, self.tagged
        found = set()
        for c in self.rooms[seat]:  # loops, not comprehensions: every seduction asks
            if not tagged[c] and blocker_of[c]:
                found.add(type_of[c])
        return found

    def can_block(self, seat: int) -> bool:
        blocker_of, tagged = self.game.blocker_of, self.tagged
        for c in self.rooms[seat]:  # noqa: SIM110
            if blocker_of[c] and not tagged[c]:
                return True
        return False

    def options_block(self, d: tuple[int, ...]) -> list[int]:
        """SW-22 / A20: block with a free card of a blocking kind, or (unless blocking is
        required) let the seduction reach the Host."""
        g = self.game
        block_id, out = g.block_id, []
        for t in self.blockers(d[1]):  # a loop, not a comprehension: every seduction asks
            out.append(block_id[t])
        if self.holding >= 0:  # A11 (several): another blocker, or done with this seducer
            out.append(g.done_id)
        elif g.config.block == "optional":
            out.append(g.take_id)
        out.sort()
        return out

    def on_block(self, index: int) -> None:
        seat = self.decisions[-1][1]
        blocker = self.untagged_of(seat, self.game.room_types[index])
        if self.card_facts is not None:  # a listener's record (State.mark)
            self.mark("used", self.game.instance_ids[blocker], seat)
        seducer = self.holding
        if seducer >= 0:  # A11 (several): one more blocker on the seducer still standing
            self.holding = -1
            self.trade(seducer, seat, blocker)
        else:
            self.resolve(self.next_advance(seat), blocker)
        self.proceed()

    def on_take(self, _: int) -> None:
        self.resolve(self.next_advance(self.decisions[-1][1]), -1)
        self.proceed()

    def resolve(self, index: int, blocker: int) -> None:
        """SW-23..SW-27: one seduction attempt, blocked (both ways) or on the Host."""
        g = self.game
        seducer, host = self.advances.pop(index)
        if blocker < 0:
            if self.log is not None:
                said = msg(
                    "{card} seduces {player} unblocked.",
                    card=Name(g.card_of[seducer].name),
                    player=self.seat_name(host),
                )
                self.narrate(said)
            self.pleasure(host, g.prowess_of[seducer])
            return
        self.trade(seducer, host, blocker)

    def trade(self, seducer: int, host: int, blocker: int) -> None:
        """SW-23/SW-24: a blocker meets the seducer: each takes the other's Prowess off its
        Endurance (A24: or the newer rules' blocker). A11 ``blockers_per_seducer=several``:
        a seducer still standing may be met by another free blocker of the same Host."""
        g = self.game
        power = g.prowess_of[seducer]
        self.tagged[blocker] = 1
        wear = self.wear
        resisting = g.endurance_of[blocker] - wear[blocker]  # its Endurance left
        wear[blocker] += power
        wear[seducer] += g.prowess_of[blocker]
        if self.log is not None:
            said = msg(
                "{blocker} blocks {seducer}.",
                blocker=Name(g.card_of[blocker].name),
                seducer=Name(g.card_of[seducer].name),
            )
            self.narrate(said)
        standing = wear[seducer] < g.endurance_of[seducer]
        if not standing:
            self.card_orgasm(seducer, True)
        if not g.higher:
            if wear[blocker] >= g.endurance_of[blocker]:
                self.card_orgasm(blocker, False)
        elif power > resisting:  # A24: seduced by a higher Prowess; the Host takes the rest
            self.card_orgasm(blocker, False)
            self.pleasure(host, power - resisting)
        if (
            standing
            and g.several
            and self.result is None
            and not self.out[host]
            and self.can_block(host)
        ):
            self.holding = seducer

    # ------------------------------------------------------------------ control
    def on_done(self, _: int) -> None:
        """Pass control on: what 'done' ends depends on the pending decision."""
        kind = self.decisions[-1][0]
        if kind == FOREPLAY_TOP:  # SW-13: control passes to the (first) Bottom
            self.phase, self.cursor = PH_FOREPLAY_BOTTOM, 1
        elif kind == SEDUCE:
            self.end_tagging()
        elif kind == RESPOND:
            self.phase = PH_BLOCK
        elif kind == BLOCK:  # A11 (several): no more blockers on this seducer
            self.holding = -1
        elif kind == AFTERCARE:
            self.phase = PH_SWITCH
        else:  # a Foreplay or #Surprise window: the next Bottom
            self.cursor += 1
        self.proceed()

    def end_tagging(self) -> None:
        raise NotImplementedError

    def proceed(self) -> None:
        raise NotImplementedError
