"""SWING! — 2-6 Co-Hosts of a grown-up party take turns as the Top.

The Top draws to eight, places a Location for Inspiration and introduces Guests, Objects and
Moves; the Bottoms may answer with #Surprise cards. In the Seduction Phase the Top tags
seducers aimed at Co-Hosts; each Bottom in turn responds and blocks with Guests (Prowess off
Endurance both ways; a card at 0 goes to the Laundry) or lets the seduction reach their
Pleasure Meter (24). A Host at 0 is satisfied (the rulebook's orgasm) and leaves the Room.
Aftercare spends what Inspiration is left; control passes left. The rulebook's Win Conditions
section is missing: every reading chosen is a rule switch (the lobby's Rule switches, or
``--set`` at the terminal). Adult theme: see the card file's notice.
"""

from rulebook.games.swing.game import Config, Swing
from rulebook.games.swing.state import SwingState

__all__ = ["Config", "Swing", "SwingState"]
