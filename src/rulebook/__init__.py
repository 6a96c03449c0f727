"""rulebook: tabletop rulebooks turned into games you can play and measure.

import rulebook
game = rulebook.load("the-game")
state = game.new_state(seed=7)
"""

from rulebook.engine.errors import (
    ConfigError,
    ContentError,
    IllegalAction,
    RulebookError,
    SaveFileError,
    ScriptError,
    UnknownAgent,
    UnknownGame,
)
from rulebook.engine.events import Event
from rulebook.engine.game import Action, Game, games, load
from rulebook.engine.state import State

__all__ = [
    "Action",
    "ConfigError",
    "ContentError",
    "Event",
    "Game",
    "IllegalAction",
    "RulebookError",
    "SaveFileError",
    "ScriptError",
    "State",
    "UnknownAgent",
    "UnknownGame",
    "games",
    "load",
]
__version__ = "0.1.0"
