"""A value per seat for search cut short (``estimate()``): what each player can still bring home.

The old estimate counted depth as worth having, also on the way back, where depth is distance
still to climb: a returning search fled every battle (fleeing goes down) and never escaped.
Here a flag is worth its depth only as far as the way up can be made in the turns left and
with the HP left; a diver (or a player outside) is worth the best trip it can still make, to
its depth or deeper and back, in the turns and HP left; a trophy is kept. The seats' values
become shares of the win by a softmax (a depth or two of lead is a clear favourite).
"""

from __future__ import annotations

from functools import cache
from math import exp

from rulebook.games.susumuka_modoruka.components import Components

CLIMB = 4.4  # the mean Difficulty of the reference dungeon: one won battle's way up
SCALE = 2.0  # depth units per e-fold of the win odds between two seats
HIT = 6.0  # HP a lost battle costs, roughly (a card's combat power near the surface)
HP_SCALE = 4.0  # HP per e-fold of the odds of living through the climb


def battle_odds(power: int) -> float:
    """The chance to win a battle near the surface with this power bonus, roughly."""
    return min(0.9, 0.4 + 0.1 * power)


@cache  # a pure function of few values, asked for every seat at every rollout's end
def escape_chance(depth: int, turns: float, power: int, hp: int) -> float:
    """How likely a player at ``depth`` climbs out within ``turns`` of their moves, alive.

    Every battle on the way up risks HP, so the deeper, the likelier death: with HP to
    spare and turns to spare alike, a flight down (no HP lost now) still costs the battles it
    adds. Without that, at 5-6 players (many turns left, the clock never pressing) a returning
    search fled every battle and sank until it died (issue 23).
    """
    if depth <= 0:
        return 1.0
    win = battle_odds(power)
    margin = turns * win * CLIMB - depth
    by_time = 1.0 / (1.0 + exp(-margin / 3.0))
    fights = depth / CLIMB / win
    spare = hp - fights * (1.0 - win) * HIT
    alive = 1.0 / (1.0 + exp(-spare / HP_SCALE))
    return by_time * alive


@cache  # the same: worked out once per (depth, turns, power, HP, depth secured)
def trip_value(depth: int, turns: float, power: int, hp: int, above: float) -> float:
    """The best a diver at ``depth`` can still bring home beyond ``above``: over every target
    depth D at or below it, (D - above) times the chance to go down to D and back up in time,
    alive. At D = depth this is what declaring now is worth, so going on never looks worse
    than declaring when it is not (the flat 0.8 for a flag not yet planted made every
    declaration a gain at once, and at 5-6 players the search declared at depth 4)."""
    win = battle_odds(power)
    speed = win * CLIMB  # depth a turn, either way
    loss = (1.0 - win) * HIT / speed  # HP a depth unit of travel costs
    best = 0.0
    for target in range(max(depth, int(above) + 1), depth + 31):
        way = 2 * target - depth
        by_time = 1.0 / (1.0 + exp(-(turns * speed - way) / 3.0))
        alive = 1.0 / (1.0 + exp(-(hp - way * loss) / HP_SCALE))
        value = (target - above) * by_time * alive
        if value < best:  # a rising line times falling logistics has one peak
            return best
        best = value
    return best


class Estimate(Components):
    __slots__ = ()

    def estimate(self) -> list[float]:
        cfg = self.game.config
        left = max(0, cfg.turns - self.turns_passed())
        turns = float(left) if cfg.turn_counts == "round" else left / self.players
        score_by = cfg.score_by
        values = []
        for seat in range(self.players):  # every seat at every rollout's end: one loop
            values.append(self._seat_value(seat, turns, score_by))
        top = max(values)
        weights = []
        for v in values:  # loops, not comprehensions (each a function call of its own)
            weights.append(exp((v - top) / SCALE))
        total = sum(weights)
        shares = []
        for w in weights:
            shares.append(w / total)
        return shares

    def _seat_value(self, seat: int, turns: float, score_by: str) -> float:
        depth, flag, hp = self.depth[seat], self.flag[seat], self.hp[seat]
        secured = float(self.trophy[seat])
        if score_by == "trophy-or-flag":
            secured = max(secured, flag)
        elif score_by == "deepest":
            secured = float(self.deepest[seat])
        power = self.bonuses(seat)[0]
        if flag:  # returning: the flag, if the climb can be made
            gain = flag - secured
            return secured + escape_chance(depth, turns, power, hp) * (gain if gain > 0.0 else 0.0)
        return secured + trip_value(depth, turns, power, hp, secured)
