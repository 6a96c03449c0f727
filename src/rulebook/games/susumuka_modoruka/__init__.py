"""Susumuka & Modoruka (ススムカ&モドルカ): advance or go back? A push-your-luck dungeon for
2-6 players.

How to play (the rulebook, in short):

* Everyone starts outside the dungeon with 20 HP and no skills; combat power is 1D6.
* Outside, Investigate (draw two dungeon cards into your hand) or Advance: turn up the top
  card of the dungeon deck and battle it, or discard it and battle a card from your hand.
* Win with combat power (the roll plus your bonuses) higher than the card's clear condition
  (for your depth tier) and go deeper by its Difficulty; lose and lose the card's combat
  power in HP; or flee, going back by the Difficulty.
* Inside you can only Advance; after it you may declare your return, planting a flag. Then
  wins take you back up, flights deeper. Reaching depth 0 is an escape: an item by the
  flag's depth (5 Bronze, 10 Silver, 20 Gold, 25 Platinum), and the flag becomes your trophy
  if it is deeper.
* At 0 HP you die: your items go to the lost-property area until someone draws your card.
* Outside you may gain skills costing in total no more than the turns passed.
* After 20 turns the deepest trophy wins. Readings chosen where the rulebook is silent are
  rule switches (the lobby's Rule switches, or ``--set`` at the terminal).
"""

from rulebook.games.susumuka_modoruka.game import Config, SusumukaModoruka
from rulebook.games.susumuka_modoruka.state import SusumukaModorukaState

__all__ = ["Config", "SusumukaModoruka", "SusumukaModorukaState"]
