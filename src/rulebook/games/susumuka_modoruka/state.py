"""Susumuka & Modoruka's state: every part of the rulebook, composed in its order."""

from __future__ import annotations

from rulebook.games.susumuka_modoruka.battle import Battle
from rulebook.games.susumuka_modoruka.death import Death
from rulebook.games.susumuka_modoruka.estimate import Estimate
from rulebook.games.susumuka_modoruka.game import SusumukaModoruka
from rulebook.games.susumuka_modoruka.returning import Returning
from rulebook.games.susumuka_modoruka.setup import Setup
from rulebook.games.susumuka_modoruka.turn import Turn
from rulebook.games.susumuka_modoruka.view import View


class SusumukaModorukaState(Setup, Turn, Battle, Returning, Death, View, Estimate):
    """Setup, the turn, battle, the return and escape, death, the view, the estimate."""

    __slots__ = ()


SusumukaModoruka.state_class = SusumukaModorukaState
