"""The GAME's state: the table and every part of the rules, composed in the rulebook's order."""

from __future__ import annotations

from rulebook.games.the_game.game import TheGame
from rulebook.games.the_game.pleasures import Pleasures
from rulebook.games.the_game.sets import Sets
from rulebook.games.the_game.setup import Setup
from rulebook.games.the_game.specials import Specials
from rulebook.games.the_game.spending import Spending
from rulebook.games.the_game.turn import Turn
from rulebook.games.the_game.view import View


class TheGameState(Setup, Turn, Sets, Specials, Spending, Pleasures, View):
    """Setup, a turn's three options, special cards, spending, pleasure cards, the view."""


TheGame.state_class = TheGameState
