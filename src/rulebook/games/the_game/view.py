"""What each seat sees (TG-8, TG-27, TG-42): its own hand, counts of the other and of the
decks, the public Queue and discards, Player 2's pleasure cards as A11 says; at the end, the
summary the players carry out (TG-38, TG-39). Also the invariants and knowledge the engine's
hidden-information machinery needs."""

from __future__ import annotations

from math import tanh
from typing import Any

from rulebook.engine.zones import Read
from rulebook.games.the_game.game import P1, P2
from rulebook.games.the_game.table_state import (
    ASKED,
    ASKED_FRESH,
    DRAWN,
    GIVE,
    NO_SET,
    NO_SET_FRESH,
    NO_SET_KNOWN,
    REMOVE,
    SKIP,
    SPEND,
    TOLD,
    TOLD_FRESH,
    UNREAD_FROM,
    Table,
)

# estimate(): a set takes about 4.5 of a side's turns (heuristic self-play: 5 sets in about
# 22 turns); a hand holding 0-3 of the set's kinds has gathered this much of it; a point is
# worth a little less than a card (it can be spent only after the next set); one turn ahead
# is worth this much in tanh.
TURNS_PER_SET = 4.5
GATHERED = (0.0, 0.3, 0.6, 1.0)
POINT_VALUE = 0.9
PER_TURN = 0.2


class View(Table):
    def observe(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        over = not self.decisions
        hands = g.zone("hands")
        players = []
        for s in (P1, P2):
            hand = self.hands[s]
            entry: dict[str, Any] = {
                "role": self.role(s),
                "points": self.points[s],
                "hand_size": len(hand),
            }
            if hands.visible(s, seat, over):
                entry["hand"] = self.main_ids(hand)
            players.append(entry)
        pleasure_id = g.pleasure_id
        pleasures: dict[str, Any] = {"count": len(self.pleasures)}
        if g.zone("pleasures").visible(P2, seat, over):
            pleasures["cards"] = sorted(map(pleasure_id.__getitem__, self.pleasures))
        data: dict[str, Any] = {
            "turn": self.turn,
            "players": players,
            "queue": [self.punishment_view(p) for p in self.queue],
            "main_deck": len(self.main),
            "discard": list(map(g.main_id.__getitem__, self.discard)),
            "equipment_deck": len(self.equipment_deck),
            "equipment_out": list(map(g.equipment_id.__getitem__, self.equipment_out)),
            "pleasure_deck": len(self.pleasure_deck),
            "pleasures": pleasures,
            "used_pleasures": list(map(pleasure_id.__getitem__, self.used)),
        }
        if over:
            data["summary"] = self.summary()
        return data

    def decision_view(self) -> dict[str, Any] | None:
        data = super().decision_view()
        if data is None:
            return None
        kind = self.decisions[-1][0]
        if kind == GIVE:
            from rulebook.games.the_game.cards import KINDS

            data["asked"] = KINDS[self.decisions[-1][2]]
        lab = self.game.labels
        if kind == SPEND:  # the prompts that name things, in the theme's words
            data["prompt"] = f"Spend {lab['points']}, or be done"
        elif kind == SKIP:
            data["prompt"] = f"Remove which {lab['punishment']}?"
        elif kind == REMOVE:
            data["prompt"] = f"Remove which {lab['equipment']}?"
        return data

    def summary(self) -> dict[str, Any]:
        """TG-38/TG-39: the queue in order, then the pleasure cards Player 2 redeems."""
        g = self.game
        outcome = self.outcome()
        winner = outcome.winners[0] if outcome and len(outcome.winners) == 1 else None
        return {
            "winner": self.role(winner) if winner is not None else None,
            "reason": outcome.reason if outcome else "",
            "queue": [self.punishment_view(p) for p in self.queue],
            "redeem": [self.pleasure_id(c) for c in self.pleasures if not g.pleasure_effect[c]],
            # effect cards Player 2 still holds: used for their effect, never redeemed
            "unused": [self.pleasure_id(c) for c in self.pleasures if g.pleasure_effect[c]],
        }

    def punishment_view(self, punishment: tuple[int, ...]) -> dict[str, list[str]]:
        g = self.game
        return {
            "set": list(map(g.main_id.__getitem__, punishment[:3])),
            "equipment": list(map(g.equipment_id.__getitem__, punishment[3:])),
        }

    def main_ids(self, cards: list[int]) -> list[str]:
        """Card ids in the order of the card list (a hand's order is not seen)."""
        g = self.game
        types = g.main_types
        return [types[t].id for t in sorted(map(g.main_type.__getitem__, cards))]

    def pleasure_id(self, card: int) -> str:
        return self.game.pleasure_id[card]

    # ------------------------------------------------------------------ engine hooks
    def known_cards(self, seat: int | None) -> dict[str, set[int]]:
        """Cards of the other hand this seat has seen change hands (a steal, a give)."""
        if seat is None:
            return {}
        g = self.game
        fixed: set[int] = set()
        other = self.hands[1 - seat]
        for ctype in self.known[seat]:
            for card in other:
                if g.main_type[card] == ctype and card not in fixed:
                    fixed.add(card)
                    break
        return {"main": fixed}

    def hidden_reads(self, seat: int) -> tuple[Read, ...]:
        """What ``seat`` has read about the other hand (``reads``): the hand, less the cards
        drawn since, holds at most so many of a kind. Told "none" of a kind: a fact. The
        other asked for a kind: a guess that it lacked one (left out where a fact says as
        much). The other played no set: a guess that it lacked one of the set kinds. A read
        that every card drawn since covers says nothing and is left out."""
        reads = self.kept_reads()[seat]
        drawn, other = reads[DRAWN], 1 - seat
        size = len(self.hands[other])
        classes = self.game.kind_cards
        out: list[Read] = []
        for kind in range(4):
            told, asked = reads[TOLD + kind], reads[ASKED + kind]
            told_fresh = reads[TOLD_FRESH + kind] + drawn
            if told < UNREAD_FROM and told_fresh < size:
                out.append(Read("hands", other, ((classes[kind], told),), fresh=told_fresh))
            fresh = reads[ASKED_FRESH + kind] + drawn
            tighter = told < UNREAD_FROM and told <= asked and told_fresh <= fresh
            if asked < UNREAD_FROM and fresh < size and not tighter:
                read = Read("hands", other, ((classes[kind], asked),), False, fresh)
                out.append(read)
        fresh = reads[NO_SET_FRESH] + drawn
        if reads[NO_SET_FRESH] < UNREAD_FROM and fresh < size:
            kinds = self.game.type_kind
            known, before = self.known[seat], reads[NO_SET_KNOWN]
            most = [0, 0, 0]
            for ctype in known[before:]:  # seen going in since: it may hold one more
                if kinds[ctype] < 3:
                    most[kinds[ctype]] += 1
            shown = {kinds[t] for t in known[:before]}  # it held these kinds then
            if reads[NO_SET] >= 0:
                shown.add(kinds[reads[NO_SET]])
            lacking = tuple((classes[k], most[k]) for k in range(3) if k not in shown)
            if lacking:
                out.append(Read("hands", other, lacking, False, fresh))
        return tuple(out)

    def turns(self) -> int:
        return self.turn

    def estimate(self) -> list[float]:
        """Who is ahead in the race, for search that stops early, counted in turns: each
        side's sets still to play (Queue; or pleasure cards, a point counting a little less
        than the card it buys) times the turns a set takes, less what its hand has already
        gathered; a held Stop Game is a draw in reserve for Player 2. In turns, playing a set
        now is worth a turn more than playing it later, which progress in sets alone missed.
        """
        g = self.game
        cfg = g.config
        kinds = g.main_kind

        def held(seat: int) -> int:
            return len({kinds[c] for c in self.hands[seat]} - {3})  # kind 3: special

        def to_go(seat: int, sets: float) -> float:
            """Turns still to play: the next set's gathering is partly done."""
            gathered = GATHERED[held(seat)] * (TURNS_PER_SET - 1) * min(sets, 1.0)
            return sets * TURNS_PER_SET - gathered

        short = cfg.punishments_to_win - len(self.queue)
        pleasures = self.pleasure_count()
        points = POINT_VALUE * self.points[P2] / max(cfg.random_cost, 1)
        sets = cfg.pleasures_to_win - pleasures - points
        d = self.decisions[-1] if self.decisions else None
        spending = (d is not None and d[0] == SPEND) or cfg.spend_points_anytime
        if pleasures < cfg.pleasures_to_win and not spending:
            sets = max(sets, 1.0)  # points are spent only after the next set (A7)
        value = 0.5 + 0.5 * tanh(PER_TURN * (to_go(P1, short) - to_go(P2, max(sets, 0.0))))
        # A held Stop Game: a draw in reserve, unless Player 1 is about to finish first.
        effects = g.pleasure_effect
        if not cfg.effects_on_draw and any(effects[c] == "stop-game" for c in self.pleasures):
            finishing = d is not None and d[1] == P1 and short == 1 and held(P1) == 3
            if not finishing:
                floor = 0.55 if cfg.stop_game_winner == "none" else 0.9
                value = max(value, floor + 0.1 * value)  # still rising with the race
        return [1.0 - value, value]

    def check_invariants(self) -> None:
        """Every card in exactly one zone; counters within bounds."""
        g = self.game
        mains = [*self.main, *self.discard, *self.hands[0], *self.hands[1]]
        for punishment in self.queue:
            mains.extend(punishment[:3])
        if sorted(mains) != list(range(len(g.main_type))):
            raise ValueError("main-deck cards are not each in exactly one zone")
        equipment = [*self.equipment_deck, *self.equipment_out]
        for punishment in self.queue:
            equipment.extend(punishment[3:])
        if sorted(equipment) != list(range(len(g.equipment_type))):
            raise ValueError("equipment cards are not each in exactly one zone")
        pleasure = sorted([*self.pleasure_deck, *self.pleasures, *self.used])
        if pleasure != list(range(len(g.pleasure_type))):
            raise ValueError("pleasure cards are not each in exactly one zone")
        if (
            len(self.hands) != 2
            or len(self.points) != 2
            or len(self.known) != 2
            or (self.reads is not None and len(self.reads) != 2)
        ):
            raise ValueError("two players expected")
        if min(self.points) < 0 or len(self.queue) > g.config.punishments_to_win:
            raise ValueError("points or queue out of bounds")
        if not 1 <= self.turn <= g.config.max_turns:
            raise ValueError("turn counter out of bounds")
