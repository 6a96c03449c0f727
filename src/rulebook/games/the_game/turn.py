"""A turn (TG-10..TG-18, TG-40, TG-41): choose ONE action — a set (A), a special card (B) or,
failing those, Option C: with five or more cards discard one and draw a replacement, with
fewer just draw. Then the turn passes; the hand limit (A5) is enforced at its end."""

from __future__ import annotations

from rulebook.games.the_game.game import P2
from rulebook.games.the_game.table_state import END_TURN, LIMIT, TURN, Table


class Turn(Table):
    # ------------------------------------------------------------------ options
    def options_turn(self, decision: tuple[int, ...]) -> list[int]:
        seat = decision[1]
        g = self.game
        main_type = g.main_type
        hand = self.hands[seat]
        have = {main_type[card] for card in hand}
        type_kind = g.type_kind
        held: tuple[list[int], ...] = ([], [], [], [])
        for t in have:
            held[type_kind[t]].append(t)
        held_p, held_i, held_t, held_s = held
        ids: list[int] = []
        if held_p and held_i and held_t:  # Option A (TG-12, TG-19)
            set_id = g.set_id
            for p in held_p:
                row = set_id[p]
                for i in held_i:
                    cell = row[i]
                    ids.extend(cell[t] for t in held_t)
        if held_s:  # Option B (TG-15, TG-22)
            special_ids = g.special_ids
            ids.extend(special_ids[t] for t in held_s)
        # Option C (TG-16, TG-17, TG-41)
        cfg = g.config
        if cfg.draw_before_action:  # A3: the turn's draw already happened; only trim
            if len(hand) > cfg.hand_size:
                ids.extend(g.discard_base + t for t in self.discardable(seat))
            else:
                ids.append(g.pass_id)
        elif len(hand) >= cfg.hand_size:
            if cfg.discard_specials:
                base = g.discard_and_draw_base
                ids.extend(base + t for t in have)
            else:
                ids.extend(g.discard_and_draw_base + t for t in self.discardable(seat))
        else:
            ids.append(g.draw_id)
        if cfg.spend_points_anytime:  # A7
            ids.extend(self.buy_options(seat))
        if seat == P2 and self.pleasures:
            ids.extend(self.effect_options())
        ids.sort()
        return ids

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
        self.draw_main(seat)
        self.end_turn(seat)

    def on_discard_and_draw(self, ctype: int) -> None:
        seat = self.decisions[-1][1]
        self.discard_type(seat, ctype)
        self.draw_main(seat)
        self.end_turn(seat)

    def on_discard(self, ctype: int) -> None:
        kind, seat = self.decisions[-1][:2]
        self.discard_type(seat, ctype)
        if kind == LIMIT:
            self.decisions.pop()  # the end of turn queued again checks the limit anew
        else:
            self.end_turn(seat)

    def on_pass(self, _: int) -> None:
        self.end_turn(self.decisions[-1][1])

    # ------------------------------------------------------------------ the turn passes
    def effect_end_turn(self, effect: tuple[int, ...]) -> bool:
        """A5: trim to the hand limit, one discard at a time; then the other player's turn."""
        seat = effect[1]
        cfg = self.game.config
        if cfg.enforce_hand_limit and len(self.hands[seat]) > cfg.hand_size:
            self.now((END_TURN, seat))
            self.decisions.append((LIMIT, seat))
            if self.log is not None:
                self.say(f"{self.role(seat)} is over the hand limit and must discard.")
            return True
        if self.turn >= cfg.max_turns:  # A13
            self.end(-1, "turn-limit")
            return True
        self.turn += 1
        self.decisions.append((TURN, 1 - seat))
        if cfg.draw_before_action:  # A3
            self.draw_main(1 - seat)
        return True
