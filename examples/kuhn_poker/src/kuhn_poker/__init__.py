"""Kuhn poker: two players, three cards (Jack, Queen, King), one round of betting.

Setup: each player puts 1 chip in the pot (the ante) and is dealt one card face down; the
third card stays hidden.

Play: Player 1 checks or bets 1 chip. After a check, Player 2 checks (showdown) or bets 1
chip. After a bet, the other player folds (the bettor takes the pot) or calls 1 chip
(showdown).

Showdown: both cards are shown and the higher card takes the pot. A folded hand is never
shown. Each player scores the chips won or lost: 1 or 2 either way.
"""

from kuhn_poker.game import KuhnPoker

__all__ = ["KuhnPoker"]
