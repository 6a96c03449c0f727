"""COMBAT (RB-30..RB-55): the ability arithmetic (``abilities``), combat setup and the party
(``setup``), the six phases (``phases``: Prediction, Shuffling, Binding, Action, the target),
and Resolution with the Reaction (``resolution``)."""

from rulebook.games.ribbon_of_bone.combat.abilities import NAMES, Outcome, Use, expand, resolve

__all__ = ["NAMES", "Outcome", "Use", "expand", "resolve"]
