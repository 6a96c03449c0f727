"""Player Turn (SB-8..SB-27): the begin step (reset, begin-step effects, draw), the initial
step (play, use, trigger; it cannot end while a reset bondage card is in play unless a person
card was triggered), the clean-up step (play, use, one aptitude card; no bondage triggers) and
the end of the turn (durations, discard down to six), then the next Opposing Turn."""

from __future__ import annotations

from rulebook.games.solo_bound_female.components import (
    ACTIVATING,
    BEGIN,
    CLEANUP,
    D_CLEANUP,
    D_DISCARD,
    D_INITIAL,
    E_ACTIVATE,
    E_AS,
    E_DRAW,
    E_END_TURN,
    E_HAND_LIMIT,
    E_MAIN,
    E_NEXT_TURN,
    E_OPPOSING,
    E_RUN,
    END,
    IGNORED,
    INITIAL,
    MUST_USE,
    NO_TRIGGER,
    RESET,
)
from rulebook.games.solo_bound_female.playing import Playing
from rulebook.i18n import N_, msg


class PlayerTurn(Playing):
    __slots__ = ()

    def flush_activations(self, then: tuple[int, ...]) -> bool:
        """Supernatural cards whose condition was met take effect once the action that met it
        is done (SB-34): before the next choice, the next step or the end of the turn."""
        flags = self.flags
        for c in self.splay:  # asked before nearly every choice: seldom does one wait
            if flags[c] & ACTIVATING:
                break
        else:
            return False
        waiting = [c for c in self.splay if flags[c] & ACTIVATING]
        self.now(*((E_ACTIVATE, c) for c in waiting), then)
        return True

    # ------------------------------------------------------------------ begin step
    def effect_begin(self, effect: tuple[int, ...]) -> bool:
        if self.splay and self.flush_activations(effect):
            return False
        coop = self.game.mode == "cooperative"
        self.skipped = 0
        if self.skip:  # SB-53: only the Player Turn is skipped
            self.skip -= 1
            if self.log is not None:
                self.tell_lines(
                    N_("You skip this Player Turn."), N_("{player} skips this Player Turn.")
                )
            if coop:  # she sits out the shared steps (cooperative.py)
                self.skipped, self.person_hit = 1, 0
            else:
                self.now((E_END_TURN,))
            return False
        self.step = BEGIN
        self.apt_used = self.apt_played = self.person_hit = 0
        g, flags = self.game, self.flags
        self.reset_cards(self.cplay)  # SB-8: aptitude, bondage and action cards reset
        for inst in self.cplay:
            flags[inst] &= ~(MUST_USE | NO_TRIGGER)
        self.reset_cards((g.char_cards[self.me], *g.scen_cards_of[self.me]))
        card_of = self.game.card_of
        runs = [
            (E_RUN, c, k, 0)
            for c in self.in_play(self.game.begins)
            for k in card_of[c].when("begin")
        ]
        if coop and self.second_begin():
            side_of = g.side_of
            runs = [r for r in runs if not (side_of[r[1]] and self.shared_effect(r))]
        else:
            self.condition("begin")
        if coop:  # cooperative.py opens the shared initial step after both begin steps
            self.now(*runs, (E_DRAW, 1))
        elif runs or self.effects:
            self.now(*runs, (E_DRAW, 1), (E_MAIN,))
        else:  # nothing else pending: draw, then the initial step, at once
            self.draw(1)
            if self.result is None:
                return self.effect_main((E_MAIN,))
        return False

    def second_begin(self) -> bool:
        """Cooperative, A27: Player 1 has already had her begin step this turn, so what the
        scenario cards do there to what the pair shares (and a supernatural card's count of
        begin steps) has happened: once a turn, as A24 has a card's shared effects happen
        once (``coop_begin=each``: in each player's begin step)."""
        return self.me == 1 and not self.skipped_b and self.game.config.coop_begin == "once"

    def effect_draw(self, effect: tuple[int, ...]) -> bool:
        self.draw(effect[1])
        return False

    # ------------------------------------------------------------------ initial and clean-up
    def effect_main(self, effect: tuple[int, ...]) -> bool:
        if self.splay and self.flush_activations(effect):
            return False
        if self.step in (BEGIN, INITIAL) and self.person_hit:
            if self.step == INITIAL and self.log is not None:
                self.narrate(msg("A person card was triggered: the initial step ends."))
            self.step = CLEANUP
        elif self.step == BEGIN:
            self.step = INITIAL
        self.decisions.append((D_INITIAL if self.step == INITIAL else D_CLEANUP, self.me))
        return True

    def reset_bondage(self) -> list[int]:
        """Bondage cards in play that are reset (and not ignored)."""
        card_of, orient = self.game.card_of, self.orient
        return [c for c in self.cplay if card_of[c].type == "bondage" and orient[c] == RESET]

    def options_main(self, d: tuple[int, ...]) -> list[int]:
        """SB-12/13 play a card, SB-18 trigger a bondage card (initial step), SB-22 end the
        initial step once none is reset, SB-25 one aptitude card (clean-up), SB-17 abilities.
        Asked on nearly every decision: per-instance facts come precomputed from the game."""
        g = self.game
        hand = self.hand
        ready = len(self.aptitude) - self.apt_used
        need, play = g.need, g.play_id
        out: list[int] = []
        for c in hand:  # a loop, not a comprehension: cheaper for a hand of a few cards
            if need[c] <= ready:
                out.append(play[c])
        if d[0] == D_INITIAL:
            is_bondage, orient, flags = g.is_bondage, self.orient, self.flags
            waiting = False
            for c in self.cplay:
                if is_bondage[c] and orient[c] == RESET:
                    waiting = True
                    if not flags[c] & NO_TRIGGER:
                        out.append(g.trigger_id[c])
            if not waiting:
                out.append(g.base["end-step"])
        else:
            if not self.apt_played:
                out += map(g.aptitude_id.__getitem__, hand)
            out.append(g.base["end-turn"])
        sources = self.ability_sources(ready)
        if sources:  # most turns no card in play offers an ability
            out += map(g.ability_id.__getitem__, sources)
        return sorted({*out})  # (a set display: no call to set)

    def on_end_step(self, _: int) -> None:
        self.decisions.pop()
        self.step = CLEANUP
        if self.log is not None:
            self.tell_lines(N_("You end the initial step."), N_("{player} ends the initial step."))
        self.main_next()

    def on_end_turn(self, _: int) -> None:
        self.decisions.pop()
        if self.effects:
            self.then((E_END_TURN,))
        else:  # nothing pending: the end of the turn starts at once
            self.effect_end_turn((E_END_TURN,))

    def on_aptitude(self, t: int) -> None:
        """SB-25: once per turn, a card from the hand face down as aptitude."""
        self.decisions.pop()
        inst = self.from_hand(t)
        self.aptitude.append(inst)
        self.apt_played = 1
        if self.log is not None:
            self.tell(
                msg("You play {card} as aptitude.", card=self.name(inst)),
                msg("{player} plays a card face down as aptitude.", player=self.who()),
                hand=True,
            )
        self.main_next()

    # ------------------------------------------------------------------ end turn
    def effect_end_turn(self, effect: tuple[int, ...]) -> bool:
        """SB-26: durations run down; cards at zero leave play (A8 for ignored cards)."""
        if self.splay and self.flush_activations(effect):
            return False
        self.step = END
        cfg = self.game.config
        card_of = self.game.card_of
        coop = self.game.mode == "cooperative"
        second = coop and len(effect) > 1  # Cooperative: the second character's cards
        for inst in [*self.cplay] if second else [*self.cplay, *self.splay]:
            card = card_of[inst]
            if cfg.unused_bondage == "discard" and self.flags[inst] & MUST_USE:
                if self.log is not None:
                    said = msg("{card} was never used: it is discarded (A9).", card=self.name(inst))
                    self.narrate(said)
                self.to_discard(inst)
                continue
            if not card.duration or self.left[inst] <= 0:
                continue
            if self.orient[inst] == IGNORED and cfg.ignored_duration == "paused":
                continue
            self.left[inst] -= 1
            if self.left[inst] == 0:
                if self.log is not None:
                    self.narrate(msg("{card}'s duration is over.", card=self.name(inst)))
                self.to_discard(inst)
        if coop and not second:  # SB-72: each discards down to six; the shared cards once
            self.now((E_HAND_LIMIT,), (E_AS, 1), (E_END_TURN, 1))
        elif coop:
            self.now((E_HAND_LIMIT,), (E_AS, 0), (E_NEXT_TURN,))
        else:
            self.now((E_HAND_LIMIT,), (E_NEXT_TURN,))
        return False

    def effect_hand_limit(self, _: tuple[int, ...]) -> bool:
        """SB-27: discard down to six."""
        over = len(self.hand) - self.game.config.hand_size
        if over <= 0:
            return False
        self.decisions.append((D_DISCARD, self.me, over, 0))
        return True

    def options_discard(self, d: tuple[int, ...]) -> list[int]:
        base, type_of = self.game.base["discard"], self.game.type_of
        return sorted({base + type_of[c] for c in self.hand})

    def on_discard(self, t: int) -> None:
        _, seat, count, reason = self.decisions.pop()
        inst = self.from_hand(t)
        card = self.card(inst)
        if card.competence and self.game.config.competence_from_hand:
            self.aptitude.append(inst)  # A12
        else:
            self.cdiscard.append(inst)
        if self.log is not None:
            name = self.name(inst)
            self.tell_lines(N_("You discard {card}."), N_("{player} discards {card}."), card=name)
        if count > 1 and self.hand:
            self.decisions.append((D_DISCARD, seat, count - 1, reason))

    def effect_next_turn(self, _: tuple[int, ...]) -> bool:
        g = self.game
        round_ends = not (g.mode == "standard" and self.me == 0 and not self.out[1])
        if round_ends and self.turn >= g.config.max_turns:
            self.end("turn-limit", False, msg("the safety turn limit was reached (A13)."))
            return False
        self.next_character()
        if self.effects:
            self.now((E_OPPOSING, 1, 1))
            return False
        return self.effect_opposing((E_OPPOSING, 1, 1))  # next anyway: at once
