"""Person Cards (SB-28..SB-31): after a visibility change, the reset person cards whose
visibility is below your score are checked; the highest such score triggers (ties together),
your visibility drops to it, their Once-triggered effects apply, and the check runs again."""

from __future__ import annotations

from rulebook.games.solo_bound_female.components import (
    BEGIN,
    E_PERSONS,
    E_RUN,
    INITIAL,
    TRIGGERED,
)
from rulebook.games.solo_bound_female.effects import Effects
from rulebook.i18n import N_, Listed


class Persons(Effects):
    __slots__ = ()

    def effect_persons(self, _: tuple[int, ...]) -> bool:
        found = self.persons_below()
        if not found:
            return False
        card_of = self.game.card_of
        top = max(card_of[i].visibility for i in found)
        group = [i for i in found if card_of[i].visibility == top]  # SB-29: ties together
        if self.game.config.tie_order == "newest-first":
            group.reverse()
        for inst in group:
            self.orient[inst] = TRIGGERED
        self.visibility = top
        self.hits += 1
        if self.step in (BEGIN, INITIAL):
            self.person_hit = 1  # SB-31: the initial step ends
        if self.log is not None:
            names = Listed(tuple(self.name(i) for i in group))
            self.tell_lines(
                N_("{cards} noticed you: visibility drops to {top}."),
                N_("{cards} noticed {player}: visibility drops to {top}."),
                cards=names,
                top=top,
            )
        runs = [(E_RUN, i, k, 0) for i in group for k in self.game.when_triggered[i]]
        self.now(*runs, (E_PERSONS,))
        self.condition("person")
        return False
