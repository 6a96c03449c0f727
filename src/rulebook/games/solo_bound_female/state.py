"""Solo Bound Female's state: the table and every part of the rules, in the rulebook's order."""

from __future__ import annotations

from rulebook.games.solo_bound_female.game import SoloBoundFemale
from rulebook.games.solo_bound_female.persons import Persons
from rulebook.games.solo_bound_female.setup import Setup
from rulebook.games.solo_bound_female.view import View


class SoloBoundFemaleState(View, Setup, Persons):
    """Set-up, Opposing Turn, Player Turn, persons, card effects, values, the view."""


SoloBoundFemale.state_class = SoloBoundFemaleState
