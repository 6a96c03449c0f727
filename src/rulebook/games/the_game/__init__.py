"""The GAME — two players complete sets of Position + Intensity + Time cards.

How to play (the rulebook, in short):

* Each player is dealt 5 cards from the shared Main Deck; Player 1 moves first.
* On your turn choose ONE option:
  A. play a set (one Position, one Intensity, one Time) and earn 1 point — Player 1's set
     joins the public Queue as a punishment, Player 2's set is shuffled back into the deck;
  B. play a special card: Steal Card (take a random card from your opponent) or Ask For
     Card (name a type; they must give you one if they have it);
  C. with 5 or more cards discard one and draw a replacement, with fewer just draw one.
* After a set you may spend points: 1 point for a random card, 3 for a chosen one.
  Player 1 buys equipment, attached to the most recent punishment; Player 2 buys pleasure
  cards. Skip Punishment, Remove Equipment and Stop Game act when Player 2 uses them; the
  others are kept for after the game.
* Player 1 wins with 5 punishments in the Queue; Player 2 with 5 pleasure cards. Then the
  Queue is carried out in order and Player 2 redeems the pleasure cards.

Themes: classic (see the content notice) and fantasy, the same rules as a spell duel (the
lobby's theme, or ``--theme fantasy`` at the terminal). Every reading chosen where the
rulebook is silent or contradicts itself is a rule switch: the lobby's Rule switches, or
``--set`` at the terminal.
"""

from rulebook.games.the_game.game import Config, TheGame
from rulebook.games.the_game.state import TheGameState

__all__ = ["Config", "TheGame", "TheGameState"]
