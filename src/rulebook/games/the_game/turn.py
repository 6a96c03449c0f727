"""A turn (TG-10..TG-18, TG-40, TG-41): choose ONE action — a set (A), a special card (B) or,
failing those, Option C: with five or more cards discard one and draw a replacement, with
fewer just draw. Then the turn passes; the hand limit (A5) is enforced at its end."""

from __future__ import annotations

from collections.abc import Sequence

from rulebook.games.the_game.game import P2
from rulebook.games.the_game.table_state import END_TURN, LIMIT, TURN, Table
from rulebook.i18n import msg


class Turn(Table):
    # ------------------------------------------------------------------ options
    def options_turn(self, decision: tuple[int, ...]) -> Sequence[int]:
        """Options A and B and Option C depend only on the set of card types in the hand and
        whether it is full, so they are worked out once per (types, full) and shared (the hot
        path); buying (A7) and Player 2's pleasure effects are added when they apply."""
        seat = decision[1]
        g = self.game
        hand = self.hands[seat]
        bit = g.type_bit
        key = 1 if len(hand) >= g.full_hand else 0  # the key's lowest bit: the hand is full
        for card in hand:  # and a bit above it for each type held
            key |= bit[card]
        ids = g.turn_ids.get(key)
        if ids is None:  # first met: the types held, ascending (what the key holds)
            types = sorted({g.main_type[card] for card in hand})
            ids = g.turn_ids[key] = tuple(sorted(self.hand_options(types, key & 1 == 1)))
        cfg = g.config
        # (most pleasure cards have no effect: the ones held are looked at only when one has)
        if cfg.spend_points_anytime or (
            seat == P2 and not g.effect_cards.isdisjoint(self.pleasures)
        ):
            more = self.buy_options(seat) if cfg.spend_points_anytime else []  # A7
            if seat == P2:
                more.extend(self.effect_options())
            if more:  # (seldom: a held pleasure card has an effect to use only now and then)
                more.extend(ids)
                more.sort()
                return more
        return ids

    def hand_options(self, types: list[int], full: bool) -> list[int]:
        """Options A, B and C for a hand holding the card ``types`` (each once, ascending).
        It reads only what ``game.TURN_IDS``'s signature holds (the cache is shared on that
        promise)."""
        g = self.game
        kind_of = g.type_kind
        held: tuple[list[int], ...] = ([], [], [], [])
        for t in types:
            held[kind_of[t]].append(t)
        held_p, held_i, held_t, held_s = held
        set_id = g.set_id
        # Option A (TG-12, TG-19): one of each kind
        ids = [set_id[p][i][t] for p in held_p for i in held_i for t in held_t]
        ids.extend([g.special_ids[t] for t in held_s])  # Option B (TG-15, TG-22)
        # Option C (TG-16, TG-17, TG-41)
        if g.config.draw_before_action:
            if full:
                ids.extend([g.discard_base + t for t in self.discardable_types(types)])
            else:
                ids.append(g.pass_id)
        elif full:
            ids.extend([g.discard_and_draw_base + t for t in self.discardable_types(types)])
        else:
            ids.append(g.draw_id)
        return ids

    def discardable_types(self, have: list[int]) -> list[int]:
        """A6: specials may be discarded only when the switch allows it or nothing else is
        held."""
        g = self.game
        if g.config.discard_specials:
            return have
        plain = [t for t in have if g.type_kind[t] != 3]
        return plain or have

    def discardable(self, seat: int) -> list[int]:
        g = self.game
        allow_special = g.config.discard_specials  # A6
        hand = self.hands[seat]
        types = {g.main_type[c] for c in hand if allow_special or g.main_kind[c] != 3}
        if not types:  # only specials left and A6 forbids them: any card may go
            types = {g.main_type[c] for c in hand}
        return sorted(types)

    def options_limit(self, decision: tuple[int, ...]) -> list[int]:
        base = self.game.discard_base
        return [base + t for t in self.discardable(decision[1])]

    # ------------------------------------------------------------------ Option C
    def on_draw(self, _: int) -> None:
        seat = self.decisions[-1][1]
        if self.reads is not None:  # kept (State.kept_reads)
            self.read_no_set(seat)
        self.draw_main(seat)
        self.end_turn(seat)

    def on_discard_and_draw(self, ctype: int) -> None:
        seat = self.decisions[-1][1]
        self.discard_type(seat, ctype)
        if self.reads is not None:
            self.read_no_set(seat, ctype)
        self.draw_main(seat)
        self.end_turn(seat)

    def on_discard(self, ctype: int) -> None:
        kind, seat = self.decisions[-1][:2]
        if kind == LIMIT:
            self.discard_type(seat, ctype)
            self.decisions.pop()  # the end of turn queued again checks the limit anew
        else:
            self.discard_type(seat, ctype)
            if self.reads is not None:
                self.read_no_set(seat, ctype)
            self.end_turn(seat)

    def on_pass(self, _: int) -> None:
        seat = self.decisions[-1][1]
        if self.reads is not None:  # kept (State.kept_reads)
            self.read_no_set(seat)
        self.end_turn(seat)

    # ------------------------------------------------------------------ the turn passes
    def effect_end_turn(self, effect: tuple[int, ...]) -> bool:
        """A5: trim to the hand limit, one discard at a time; then the other player's turn."""
        seat = effect[1]
        cfg = self.game.config
        if cfg.enforce_hand_limit and len(self.hands[seat]) > cfg.hand_size:
            self.now((END_TURN, seat))
            self.decisions.append((LIMIT, seat))
            if self.log is not None:
                said = msg(
                    "{player} is over the hand limit and must discard.", player=self.who(seat)
                )
                self.narrate(said)
            return True
        if self.turn >= cfg.max_turns:  # A13
            self.end(-1, "turn-limit")
            return True
        self.turn += 1
        self.decisions.append((TURN, 1 - seat))
        if cfg.draw_before_action:  # A3
            self.draw_main(1 - seat)
        return True
