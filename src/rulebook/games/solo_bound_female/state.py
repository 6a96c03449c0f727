"""Solo Bound Female's state: the table and every part of the rules, in the rulebook's order.

Each mode plays on its own subclass, where the rules that the two-player modes extend are
bound straight to their solo form: the simulation path then never pays for a mode check or a
``super()`` call on every action (``SoloBoundFemale`` picks the class for its mode)."""

from __future__ import annotations

from rulebook.games.solo_bound_female.basic import ScenarioHand
from rulebook.games.solo_bound_female.game import SoloBoundFemale
from rulebook.games.solo_bound_female.opposing_turn import OpposingTurn
from rulebook.games.solo_bound_female.persons import Persons
from rulebook.games.solo_bound_female.player_turn import PlayerTurn
from rulebook.games.solo_bound_female.setup import Setup
from rulebook.games.solo_bound_female.view import View


class SoloBoundFemaleState(View, Setup, Persons):
    """Set-up, Opposing Turn, Player Turn, persons, card effects, values, the view (every
    mode; Cooperative plays on this class)."""

    __slots__ = ()


class SoloState(SoloBoundFemaleState):
    """Solo: the scenario deck reveals its own cards; one character."""

    __slots__ = ()

    effect_reveal = OpposingTurn.effect_reveal
    effect_main = PlayerTurn.effect_main
    options_main = PlayerTurn.options_main


class VersusState(SoloBoundFemaleState):
    """Basic and Standard: a seat may run a scenario deck; each character plays alone."""

    __slots__ = ()

    effect_reveal = ScenarioHand.effect_reveal
    effect_main = PlayerTurn.effect_main
    options_main = PlayerTurn.options_main


SoloBoundFemale.state_class = SoloBoundFemaleState
SoloBoundFemale.mode_classes = {"solo": SoloState, "basic": VersusState, "standard": VersusState}
