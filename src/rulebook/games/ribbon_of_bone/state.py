"""Ribbon of Bone's state: the components on the table and every part of the rules, composed
in the rulebook's order."""

from __future__ import annotations

from rulebook.games.ribbon_of_bone.combat.phases import Phases
from rulebook.games.ribbon_of_bone.combat.resolution import Resolution
from rulebook.games.ribbon_of_bone.combat.setup import CombatSetup
from rulebook.games.ribbon_of_bone.endings import Endings
from rulebook.games.ribbon_of_bone.game import RibbonOfBone
from rulebook.games.ribbon_of_bone.movement import Movement
from rulebook.games.ribbon_of_bone.setup import Setup
from rulebook.games.ribbon_of_bone.thoughts import Thoughts
from rulebook.games.ribbon_of_bone.view import View
from rulebook.games.ribbon_of_bone.words import Words


class RibbonState(Setup, Movement, Thoughts, CombatSetup, Phases, Resolution, Endings, View, Words):
    """Setup, the turn, thoughts and decisions, combat setup, the six phases, the endings,
    the view, the words of each legal action."""

    __slots__ = ()


RibbonOfBone.state_class = RibbonState
