"""Playing cards, triggering bondage cards and using abilities (SB-12..SB-21, SB-35..SB-38).

An action names a card type; when several copies could answer, the copy chosen is the one the
rules would want used first: a bondage card that must be used this turn, else the oldest.
"""

from __future__ import annotations

from rulebook.games.solo_bound_female.basic import ScenarioHand
from rulebook.games.solo_bound_female.components import (
    ACTIVE,
    BONDAGE,
    COST,
    D_INITIAL,
    E_LEAVE,
    E_MAIN,
    E_PLACE,
    E_RUN,
    E_TRIGGER,
    IGNORED,
    MUST_USE,
    NO_TRIGGER,
    PRIVACY,
    RESET,
    TRIGGERED,
)
from rulebook.i18n import N_, msg


class Playing(ScenarioHand):
    __slots__ = ()

    def from_hand(self, t: int) -> int:
        type_of = self.game.type_of
        for inst in self.hand:
            if type_of[inst] == t:
                self.hand.remove(inst)
                return inst
        raise ValueError(f"no card of type {t} in hand")

    # ------------------------------------------------------------------ playing a card
    def on_play(self, t: int) -> None:
        """SB-13..16: pay aptitude (and Competence), raise visibility by the visibility cost;
        a person card triggered by it, or going above ten, discards the card instead."""
        d = self.decisions.pop()
        inst = self.from_hand(t)
        card = self.game.card_of[inst]
        self.pending.append(inst)
        if self.card_facts is not None:
            self.card_fact("played", inst)
        self.apt_used += card.cost + card.competence
        if self.log is not None:
            name = self.game.card_names[inst]
            self.tell_lines(N_("You play {card}."), N_("{player} plays {card}."), card=name)
        place = (E_PLACE, inst, self.hits, self.overs, int(d[0] == D_INITIAL))
        before = self.effects
        if card.visibility_cost:
            self.change_visibility(card.visibility_cost, COST)
        if before or len(self.effects) != len(before):
            # the card is placed after a person check its cost caused, then the step's
            # next choice comes after everything pending
            self.effects = ((E_MAIN,), *before, place, *self.effects[len(before) :])
            return
        self.effect_place(place)  # nothing pending: at once
        self.main_next()

    def effect_place(self, effect: tuple[int, ...]) -> bool:
        _, inst, hits, overs, initial = effect
        card = self.game.card_of[inst]
        if self.hits > hits or self.overs > overs:
            if self.log is not None:
                self.narrate(msg("{card} is discarded instead of played.", card=self.name(inst)))
            self.to_discard(inst)
            return False
        if card.mode == "immediate":  # SB-37: as though triggering a stationary bondage card
            self.condition("immediate-action")
            self.now((E_TRIGGER, inst, 0, 0, 0, 0, 1))
            return False
        self.pending.remove(inst)
        self.cplay.append(inst)
        self.left[inst] = card.duration
        if card.type == "bondage":  # SB-35/36
            self.flags[inst] |= MUST_USE if initial else NO_TRIGGER
        ks = self.game.when_played[inst]
        if ks:  # most cards say nothing more when played
            self.now(*[(E_RUN, inst, k, 0) for k in ks])
        return False

    def effect_main(self, effect: tuple[int, ...]) -> bool:  # player_turn.py
        raise NotImplementedError

    def main_next(self) -> None:
        """After an action of the initial or clean-up step: the step's next choice (E_MAIN)
        once everything the action queued has resolved; at once when nothing is pending (no
        round through the queue: the simulation's hot path). Nothing once the game is over."""
        if self.result is not None:
            return
        if self.effects or self.halt:
            self.then((E_MAIN,))
        else:
            self.effect_main((E_MAIN,))

    # ------------------------------------------------------------------ triggering bondage
    def on_trigger(self, t: int) -> None:
        self.decisions.pop()
        type_of, flags, orient = self.game.type_of, self.flags, self.orient
        inst = -1  # the first ready copy that must be used this turn, else the first ready
        for c in self.cplay:
            if type_of[c] == t and orient[c] == RESET and not flags[c] & NO_TRIGGER:
                if flags[c] & MUST_USE:
                    inst = c
                    break
                if inst < 0:
                    inst = c
        self.orient[inst] = TRIGGERED
        flags[inst] &= ~MUST_USE
        if self.card_facts is not None:
            self.card_fact("used", inst)
        if self.log is not None:
            name = self.game.card_names[inst]
            self.tell_lines(N_("You trigger {card}."), N_("{player} triggers {card}."), card=name)
        self.condition("trigger")
        if self.effects:  # something is pending: the trigger waits its turn in the queue
            self.then((E_MAIN,))
            self.now((E_TRIGGER, inst, 0, 0, 0, 0, 0))
            return
        # nothing pending: the trigger would resolve next anyway, so it resolves now, and the
        # next choice (E_MAIN) follows whatever it queued (nothing, once the game is over)
        self.effect_trigger((E_TRIGGER, inst, 0, 0, 0, 0, 0))
        self.main_next()

    def effect_trigger(self, effect: tuple[int, ...]) -> bool:
        """SB-18..21: stimulation; if no orgasm, visibility (move: gain, stationary: lose); if
        no person card and not above ten, progress; then the card's when-triggered effects.
        ``action`` 1: an immediate action card, whose privacy triggers no person (SB-37).
        Each part waits for the effects the one before it queued (an orgasm's, a person
        card's): ``phase`` says where to resume, with the counts that tell what happened."""
        _, inst, phase, orgasms, hits, overs, action = effect
        card = self.game.card_of[inst]
        if phase == 0:
            orgasms, before = self.orgasms, self.effects
            self.gain_stimulation(card.stimulation)
            if self.pending_since(before, (E_TRIGGER, inst, 1, orgasms, 0, 0, action)):
                return False
            phase = 1
        if phase == 1:
            if self.orgasms != orgasms:
                phase = 3  # an orgasm: no visibility, no progress (A26: unless kept)
                hits, overs = self.hits, self.overs
            else:
                hits, overs, before = self.hits, self.overs, self.effects
                if action:
                    self.change_visibility(-card.visibility, PRIVACY)
                elif card.mode == "move":
                    self.change_visibility(card.visibility, BONDAGE)
                else:
                    self.change_visibility(-card.visibility, BONDAGE)
                rest = (E_TRIGGER, inst, 2, orgasms, hits, overs, action)
                if self.pending_since(before, rest):
                    return False
        kept = self.game.config.orgasm_progress == "kept"
        if (
            (kept or (phase != 3 and self.orgasms == orgasms))
            and self.hits == hits
            and self.overs == overs
        ):
            self.gain_progress(card.progress)
        if self.result is not None:
            return False
        if action:
            self.now(*[(E_RUN, inst, k, 0) for k in self.game.when_played[inst]], (E_LEAVE, inst))
        else:
            ks = self.game.when_triggered[inst]
            if ks:  # most bondage cards say nothing more when triggered
                self.now(*[(E_RUN, inst, k, 0) for k in ks])
        return False

    def effect_leave(self, effect: tuple[int, ...]) -> bool:
        """An immediate card has done its work: to its discard pile (or Competence...)."""
        inst = effect[1]
        if inst in self.pending:
            self.to_discard(inst)
        return False

    # ------------------------------------------------------------------ abilities
    def ability_sources(self, ready: int) -> list[int]:
        """SB-17: cards in play whose ability can be paid for now (in ``in_play`` order;
        written out here, as every option list asks it: most cards have no ability)."""
        g = self.game
        cost = g.ability_cost  # per instance; None: no ability
        orient = self.orient
        cards = g.fixed_abilities[self.me]
        having = g.with_ability  # mostly none of the cards in play: two set tests, no loop
        if not (having.isdisjoint(self.cplay) and having.isdisjoint(self.splay)):
            cards = (*cards, *self.cplay, *self.splay)
        out = []
        for c in cards:
            paid = cost[c]
            if paid is None or paid > ready:
                continue
            o = orient[c]
            if o == IGNORED or (o != RESET and g.ability_trigger[c]):
                continue
            if g.is_supernatural[c] and not self.flags[c] & ACTIVE:
                continue
            out.append(c)
        return out

    def on_ability(self, t: int) -> None:
        self.decisions.pop()
        g = self.game
        ready = len(self.aptitude) - self.apt_used
        inst = next(c for c in self.ability_sources(ready) if g.type_of[c] == t)
        card = self.game.card_of[inst]
        assert card.ability is not None
        self.apt_used += card.ability.cost
        if self.card_facts is not None:
            self.card_fact("used", inst)
        if card.ability.trigger:
            self.orient[inst] = TRIGGERED
            self.flags[inst] &= ~MUST_USE
        if self.log is not None:
            name = self.name(inst)
            self.tell_lines(
                N_("You use {card}'s ability."), N_("{player} uses {card}'s ability."), card=name
            )
        self.then((E_MAIN,))
        self.now(*((E_RUN, inst, k, 1) for k in range(len(card.ability.effects))))
