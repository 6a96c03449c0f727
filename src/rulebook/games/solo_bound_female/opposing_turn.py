"""Opposing Turn (SB-4..SB-7): reset inaptitude, trouble and person cards; reveal the top
scenario card; pay its cost by triggering inaptitude and put it into play, or place it upside
down as inaptitude. Double Trouble runs it again without resetting inaptitude (SB-50)."""

from __future__ import annotations

from rulebook.games.solo_bound_female.components import (
    E_BEGIN,
    E_COOP_BEGIN,
    E_LEAVE,
    E_REVEAL,
    E_RUN,
    IGNORED,
    OPPOSING,
    RESET,
)
from rulebook.games.solo_bound_female.effects import Effects
from rulebook.i18n import N_, msg

REVEALED_IN_PLAY = N_("The scenario reveals {card} (cost {cost}): it comes into play.")
REVEALED_AT_ONCE = N_(
    "The scenario reveals {card} (cost {cost}): it takes effect at once and leaves play."
)


class OpposingTurn(Effects):
    __slots__ = ()

    def reset_cards(self, cards: list[int] | tuple[int, ...]) -> None:
        """SB-10: turn cards vertical; an ignored card comes back too unless A7 says it stays
        ignored until it leaves play."""
        orient = self.orient
        if self.game.config.ignore_ends == "leaves-play":
            for inst in cards:
                if orient[inst] != IGNORED:
                    orient[inst] = RESET
        else:
            for inst in cards:
                orient[inst] = RESET

    def effect_opposing(self, effect: tuple[int, ...]) -> bool:
        _, reset_inaptitude, then_begin = effect
        self.step = OPPOSING
        if reset_inaptitude:
            self.inapt_used = 0
        self.reset_cards(self.splay)
        begin = (E_COOP_BEGIN if self.game.mode == "cooperative" else E_BEGIN,)
        if self.effects:  # e.g. Double Trouble's own effects wait beneath
            self.now((E_REVEAL,), *((begin,) if then_begin else ()))
            return False
        if then_begin:
            self.now(begin)
        return self.effect_reveal((E_REVEAL,))  # next anyway: at once

    def scenario_cost(self, inst: int) -> int:
        card = self.game.card_of[inst]
        return max(0, card.cost + card.incompetence + self.extra_cost(card.type))

    def effect_reveal(self, effect: tuple[int, ...]) -> bool:
        if not self.sdeck:
            self.end("scenario-out", False, msg("the scenario deck ran out."))
            return False
        inst = self.sdeck.pop()
        self.revealed = inst
        cost = self.scenario_cost(inst)
        free = len(self.inaptitude) - self.inapt_used
        if free >= cost:
            self.inapt_used += cost
            if self.log is not None:
                at_once = self.game.card_of[inst].mode == "immediate"  # SB-32: acts, leaves
                text = REVEALED_AT_ONCE if at_once else REVEALED_IN_PLAY
                self.narrate(msg(text, card=self.name(inst), cost=cost))
            self.enter_scenario(inst)
        else:
            self.inaptitude.append(inst)
            if self.log is not None:
                said = msg(
                    "The scenario reveals {card} (cost {cost}, {free} inaptitude ready): it goes "
                    "face down as inaptitude.",
                    card=self.name(inst),
                    cost=cost,
                    free=free,
                )
                self.narrate(said)
        self.check_decks()
        return False

    def enter_scenario(self, inst: int) -> None:
        """SB-32/33/34/28: trouble, supernatural and person cards come into play."""
        card = self.game.card_of[inst]
        if self.card_facts is not None:  # it comes into play against the character
            self.card_fact("used", inst)
        played = self.for_both([(E_RUN, inst, k, 0) for k in self.game.when_played[inst]])
        if card.mode == "immediate":
            self.pending.append(inst)
            self.now(*played, (E_LEAVE, inst))
            return
        self.splay.append(inst)
        if card.type == "supernatural":
            return  # SB-34: nothing happens until its condition is met
        self.left[inst] = card.duration
        self.now(*played)
