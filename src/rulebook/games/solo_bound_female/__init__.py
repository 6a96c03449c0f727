"""Solo Bound Female — a character deck against a scenario deck (solo, or two players).

Each round the scenario reveals a card (trouble, supernatural or person) that comes into play
if enough inaptitude can pay for it, else becomes inaptitude; then you reset, draw, play
bondage and action cards with aptitude, trigger bondage cards for progress at the price of
stimulation and visibility, and play one card a turn as aptitude. Reach zero progress to win;
zero vitality or an empty deck loses.

Two players choose a mode (the lobby's mode, or ``--set mode=...`` at the terminal):
``basic`` (one plays the character, the other runs the scenario deck from a one-card hand),
``standard`` (two characters, each against a scenario deck the other runs; first to finish
wins) or ``cooperative`` (two characters against one scenario deck, winning or losing
together). At the terminal, for example
``rulebook play solo-bound-female --set mode=standard --seat human --seat human`` (hot-seat)
or ``--seat human --seat heuristic``. Every reading chosen where the rulebook is silent is a
rule switch (the lobby's Rule switches, or ``--set`` at the terminal). Adult theme: see the
card file's notice.
"""

from rulebook.games.solo_bound_female.game import Config, SoloBoundFemale
from rulebook.games.solo_bound_female.state import SoloBoundFemaleState

__all__ = ["Config", "SoloBoundFemale", "SoloBoundFemaleState"]
