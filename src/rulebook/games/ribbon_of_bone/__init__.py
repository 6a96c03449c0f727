"""Ribbon of Bone — a solo game: roam a loop of demon-court cards, fight and bind Marquis,
and sway three Lords on the attunement triangle (alpha rules by ~drain).

How to play (the rulebook, in short):

* Choose an identity and a name. Six court cards lie in a loop; three Marquis decks, one per
  Lord; one starting constituent from each. Health 14, attunement in the middle, The Favour.
* Each turn roll the D4: 1 a stillness (move without leaving a memory token), 2 a thought
  (indulge it, roll again, answer it and attune to that answer's Lord), 3 an opportunity (roll
  again, resolve the decision to write its icon in your Memories), 4 an encounter (face the
  Marquis of your card's Lord). Or move to an adjacent card, leaving a memory token behind.
  With 4 memory tokens in the court at the end of a turn, a Marquis finds you anyway.
* After a thought or decision a token goes on your character sheet; with 5 there, the next
  thought or decision is the V prompt instead.
* Combat (opponent health 9, a party of up to three): Prediction, Shuffling (two prosecute, one
  binds — never the same binder twice running), Binding (matching icons), Action (two rolls,
  one per prosecutor, combined), Resolution, Reaction (spend a court or notebook memory to bind).
  Win: heal 2 and attune to its Lord. Bind all four icons: capture it. Lose: flip to The
  Wrath; lose again there and you die.
* Victory when your constituency reaches the scenario's goal or the court is cleared; then
  Escape (free a Lord's Marquis from the imprisonment envelope) and Unleash (identities join
  future Marquis decks). Death puts your most attuned Lord's constituents in the envelope.

Every reading chosen where the alpha rulebook is silent is a rule switch (the lobby's Rule
switches, or ``--set`` at the terminal). The profile keeps the envelope between playthroughs.
"""

from rulebook.games.ribbon_of_bone.game import Config, RibbonOfBone
from rulebook.games.ribbon_of_bone.state import RibbonState

__all__ = ["Config", "RibbonOfBone", "RibbonState"]
