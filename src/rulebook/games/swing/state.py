"""SWING!'s state: the Room and every part of the rulebook, composed in its order."""

from __future__ import annotations

from rulebook.games.swing.aftercare import Aftercare
from rulebook.games.swing.foreplay import Foreplay
from rulebook.games.swing.game import Swing
from rulebook.games.swing.setup import Setup
from rulebook.games.swing.view import View


class SwingState(View, Setup, Foreplay, Aftercare):
    """Setup, the Top Phase, Foreplay, Seduction, Aftercare, Switch, Win Conditions, the view."""

    __slots__ = ()


Swing.state_class = SwingState
