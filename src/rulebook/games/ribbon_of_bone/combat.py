"""Combat resolution: the seven abilities and the basic attack, combined as the rulebook says.

Each side's action is a list of ``Use``s (the player's prosecutors; each standing stray
Marquis's predicted ability). Resolution expands Reliance (copy the opponent's first action and
deal 1, unless the opponent also uses Reliance), gathers each side's damage instances, applies
the receiver's per-instance modifiers (Balance -1, Time +1, Loss -2, +1 from a stray Marquis of
a negatively attuned Lord — or on its first instance only, ambiguity R28) with a floor of 0,
and adds Support's heals. Dice are rolled through ``roll`` in a fixed order (the player's
actions in the order rolled, then each Marquis) so
scripted dice reproduce a fight exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rulebook.games.ribbon_of_bone.cards import (
    ABILITIES,
    BALANCE,
    BASIC,
    CONSTRUCTION,
    GRAVITY,
    LOSS,
    RELIANCE,
    SUPPORT,
    TIME,
)

FLAT = 8  # Reliance's own 1 damage
INCOMING = {BALANCE: -1, TIME: 1, LOSS: -2}
NAMES = (*ABILITIES, "basic attack", "reliance")


@dataclass(frozen=True, slots=True)
class Use:
    """One ability used by one card: ``bonus`` is added to every damage instance it deals
    (the player's attunement bonus), ``basic`` is that side's basic attack value."""

    ability: int
    card: int
    bonus: int = 0
    basic: int = 1


@dataclass
class Outcome:
    """Damage and healing of one resolution, and a line of narration per use."""

    to_player: int = 0
    player_heal: int = 0
    to_foe: list[int] = field(default_factory=list)
    foe_heal: list[int] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


@dataclass
class _Side:
    damage: list[int] = field(default_factory=list)
    modifier: int = 0
    heal: int = 0


def expand(uses: list[Use], opponent_first: Use | None, opponent_relies: bool) -> list[Use]:
    """Reliance: copy the opponent's first action and deal 1 — negated if they rely too."""
    out: list[Use] = []
    for use in uses:
        if use.ability != RELIANCE:
            out.append(use)
            continue
        if opponent_relies or opponent_first is None:
            continue
        out.append(Use(opponent_first.ability, use.card, use.bonus, use.basic))
        out.append(Use(FLAT, use.card, use.bonus, use.basic))
    return out


def _perform(use: Use, side: _Side, roll: Callable[[], int], name: str, lines: list[str]) -> None:
    ability = use.ability
    if ability in INCOMING:
        side.modifier += INCOMING[ability]
    if ability == BALANCE:
        amount = 2
    elif ability == TIME:
        amount = 4
    elif ability == CONSTRUCTION:
        amount = use.basic - 1
    elif ability == GRAVITY:
        amount = roll()
        lines.append(f"{name} rolls {amount} for Gravity.")
    elif ability in (BASIC, FLAT):
        amount = use.basic if ability == BASIC else 1
    elif ability == SUPPORT:
        rolled = roll()
        side.heal += (rolled + 1) // 2
        lines.append(f"{name} rolls {rolled} for Support: heals {(rolled + 1) // 2}.")
        return
    else:  # LOSS: no damage of its own
        return
    side.damage.append(amount + use.bonus)


def resolve(
    player: list[Use],
    foes: list[Use],
    target: int,
    foe_extra: list[int],
    roll: Callable[[], int],
    names: Callable[[int], str],
    extra_once: bool = False,
) -> Outcome:
    """One Resolution phase.

    ``foes[i]`` is the action of standing foe ``i``; the player's damage all goes to foe
    ``target``; ``foe_extra[i]`` is added to each instance foe ``i`` deals (+1 when its Lord is
    negatively attuned); with ``extra_once`` only to its first instance (once per attack).
    """
    outcome = Outcome(to_foe=[0] * len(foes), foe_heal=[0] * len(foes))
    player_relies = any(u.ability == RELIANCE for u in player)
    foes_rely = any(u.ability == RELIANCE for u in foes)
    mine = _Side()
    for use in expand(player, foes[0] if foes else None, foes_rely):
        _perform(use, mine, roll, names(use.card), outcome.lines)
    theirs = []
    for foe in foes:
        side = _Side()
        for use in expand([foe], player[0] if player else None, player_relies):
            _perform(use, side, roll, names(use.card), outcome.lines)
        theirs.append(side)
    if foes:
        receiver = theirs[target]
        outcome.to_foe[target] = sum(max(0, d + receiver.modifier) for d in mine.damage)
    outcome.player_heal = mine.heal
    for i, side in enumerate(theirs):
        for n, d in enumerate(side.damage):
            bump = foe_extra[i] if n == 0 or not extra_once else 0
            outcome.to_player += max(0, d + mine.modifier + bump)
        outcome.foe_heal[i] = side.heal
    return outcome
