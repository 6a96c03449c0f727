"""ABILITIES AND COMBINING (RB-48..RB-55): the seven abilities and the basic attack, combined
as the rulebook says.

Each side's action is a list of ``Use``s (the player's prosecutors; each standing stray
Marquis's predicted ability). Resolution expands Reliance (copy the opponent's first action and
deal 1, unless the opponent also uses Reliance), gathers each side's damage instances, applies
the receiver's per-instance modifiers (Balance -1, Time +1, Loss -2, +1 from a stray Marquis of
a negatively attuned Lord — or on its first instance only, ambiguity R28) with a floor of 0,
and adds Support's heals. Dice are rolled through ``roll`` in a fixed order (the player's
actions in the order rolled, then each Marquis) so scripted dice reproduce a fight exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rulebook.games.ribbon_of_bone.cards import (
    ABILITIES,
    ABILITY_TITLES,
    BALANCE,
    BASIC,
    CONSTRUCTION,
    GRAVITY,
    LOSS,
    RELIANCE,
    SUPPORT,
    TIME,
)
from rulebook.i18n import N_, Listed, Message, msg

FLAT = 8  # Reliance's own 1 damage
INCOMING = {BALANCE: -1, TIME: 1, LOSS: -2}
NAMES = (*ABILITIES, "basic attack", "reliance")
# a use as narration names it: an ability (a title), the basic attack, Reliance's own 1
USE_WORDS = (*ABILITY_TITLES, N_("basic attack"), N_("Reliance"))


class Use(NamedTuple):
    """One ability used by one card: ``bonus`` is added to every damage instance it deals
    (the player's attunement bonus), ``basic`` is that side's basic attack value."""

    ability: int
    card: int
    bonus: int = 0
    basic: int = 1


@dataclass(slots=True)
class Outcome:
    """Damage and healing of one resolution, and a line of narration per roll."""

    to_player: int = 0
    player_heal: int = 0
    to_foe: list[int] = field(default_factory=list)
    foe_heal: list[int] = field(default_factory=list)
    lines: list[Message] = field(default_factory=list)


UseT = tuple[int, int, int, int]  # a Use as a plain tuple (the engine's fast path)
Names = Callable[[int], object]  # names a card in the narration (a str or a Name)
LordOf = Names | None  # names a card's Lord in the narration


def expand(uses: Sequence[UseT], opponent_first: UseT | None, opponent_relies: bool) -> list[UseT]:
    """Reliance: copy the opponent's first action and deal 1 — negated if they rely too."""
    out: list[UseT] = []
    for use in uses:
        ability, card, bonus, basic = use
        if ability != RELIANCE:
            out.append(use)
            continue
        if opponent_relies or opponent_first is None:
            continue
        out.append(Use(opponent_first[0], card, bonus, basic))
        out.append(Use(FLAT, card, bonus, basic))
    return out


Line = tuple[Callable[..., Message], tuple[Any, ...]]  # a narration line: make(*args), later
Term = tuple[int, object, int, int, int, object]  # (ability, card, base, bonus, basic, Lord)
Mod = tuple[int, object, int]  # (change to what the other side deals, card, ability)


def _side(
    uses: Sequence[UseT],
    roll: Callable[[], int],
    names: Names | None,
    lines: list[Line],
) -> tuple[list[int], int, int]:
    """One side's damage instances, the modifier to what it receives, and its heal."""
    damage: list[int] = []
    modifier = heal = 0
    for ability, card, bonus, basic in uses:
        if ability == BALANCE:
            modifier -= 1
            damage.append(2 + bonus)
        elif ability == TIME:
            modifier += 1
            damage.append(4 + bonus)
        elif ability == BASIC:
            damage.append(basic + bonus)
        elif ability == LOSS:  # no damage of its own
            modifier -= 2
        elif ability == FLAT:
            damage.append(1 + bonus)
        elif ability == CONSTRUCTION:
            damage.append(basic - 1 + bonus)
        elif ability == GRAVITY:
            amount = roll()
            damage.append(amount + bonus)
            if names is not None:
                lines.append((_gravity, (names(card), amount)))
        elif ability == SUPPORT:
            rolled = roll()
            heal += (rolled + 1) // 2
            if names is not None:
                lines.append((_support, (names(card), rolled)))
    return damage, modifier, heal


def _gravity(card: object, rolled: int) -> Message:
    return msg("{card} rolls {roll} for Gravity.", card=card, roll=rolled)


def _support(card: object, rolled: int) -> Message:
    return msg(
        "{card} rolls {roll} for Support: heals {amount}.",
        card=card,
        roll=rolled,
        amount=(rolled + 1) // 2,
    )


def _terms(
    uses: Sequence[UseT], damage: list[int], names: Names, lord_of: LordOf
) -> tuple[list[Term], tuple[Mod, ...]]:
    """For the narration: how each damage instance of a side is made ("Kimaris's Time 4 + 1
    attunement to Lord Cinder"), and what that side's abilities do to what it receives
    ("− 1 (Kimaris's Balance)"), as data worded when read (``_line``). Built after the fact
    from the instances ``_side`` made."""
    made: list[Term] = []
    mods: list[Mod] = []
    k = 0
    for ability, card, bonus, basic in uses:
        who = names(card)
        change = INCOMING.get(ability)
        if change is not None:
            mods.append((change, who, ability))
        if ability in (LOSS, SUPPORT):
            continue
        base = damage[k] - bonus
        k += 1
        made.append((ability, who, base, bonus, basic, lord_of(card) if lord_of else None))
    return made, tuple(mods)


def _term(ability: int, who: object, base: int, bonus: int, basic: int, lord: object) -> Message:
    """One damage instance of ``who`` in words, with its attunement bonus."""
    if ability == BASIC:
        if basic > 1:
            text = msg(
                "{card}'s basic attack 1 + {amount} Construction", card=who, amount=basic - 1
            )
        else:
            text = msg("{card}'s basic attack 1", card=who)
    elif ability == CONSTRUCTION:
        text = msg("{card}'s Construction: basic attack {basic} − 1", card=who, basic=basic)
    elif ability == GRAVITY:
        text = msg("{card}'s Gravity {amount} (the D4)", card=who, amount=base)
    elif ability == FLAT:
        text = msg("{card}'s Reliance 1", card=who)
    else:
        ability_said = Message(USE_WORDS[ability])
        text = msg("{card}'s {ability} {amount}", card=who, ability=ability_said, amount=base)
    if not bonus:
        return text
    if lord is not None:
        return msg("{term} + {bonus} attunement to {lord}", term=text, bonus=bonus, lord=lord)
    return msg("{term} + {bonus} attunement", term=text, bonus=bonus)


def _mod(change: int, who: object, ability: int) -> Message:
    title = Message(USE_WORDS[ability])
    if change > 0:
        return msg("+ {amount} ({card}'s {ability})", amount=change, card=who, ability=title)
    return msg("− {amount} ({card}'s {ability})", amount=-change, card=who, ability=title)


def _line(
    term: Term, mods: tuple[Mod, ...], bump: tuple[int, object] | None, total: int, to: object
) -> Message:
    """A damage instance, what changes it and what it comes to ("… = 3 to Orias."); ``to``
    None: to you; ``bump``: a negatively attuned Lord's extra (amount, Lord or None)."""
    said = [_mod(*m) for m in mods]
    if bump is not None:
        amount, lord = bump
        if lord is not None:
            said.append(msg("+ {amount} (negative attunement to {lord})", amount=amount, lord=lord))
        else:
            said.append(msg("+ {amount} (negative attunement)", amount=amount))
    text = _term(*term)
    if to is None:
        if said:
            listed = Listed(tuple(said), N_(" "))
            return msg("{term} {mods} = {total} to you.", term=text, mods=listed, total=total)
        return msg("{term} = {total} to you.", term=text, total=total)
    if said:
        listed = Listed(tuple(said), N_(" "))
        return msg(
            "{term} {mods} = {total} to {card}.", term=text, mods=listed, total=total, card=to
        )
    return msg("{term} = {total} to {card}.", term=text, total=total, card=to)


def resolve(
    player: Sequence[UseT],
    foes: Sequence[UseT],
    target: int,
    foe_extra: list[int],
    roll: Callable[[], int],
    names: Names | None = None,
    extra_once: bool = False,
) -> Outcome:
    """One Resolution phase.

    ``foes[i]`` is the action of standing foe ``i``; the player's damage all goes to foe
    ``target``; ``foe_extra[i]`` is added to each instance foe ``i`` deals (+1 when its Lord is
    negatively attuned); with ``extra_once`` only to its first instance (once per attack).
    ``names`` names a card for the narration lines (None: no lines). A use is a ``Use`` or
    the same four ints as a plain tuple.
    """
    lines: list[Line] = []
    to_player, heal, to_foe, foe_heal = clash(
        player, foes, target, foe_extra, roll, names, extra_once, lines
    )
    return Outcome(to_player, heal, to_foe, foe_heal, [make(*args) for make, args in lines])


def clash(
    player: Sequence[UseT],
    foes: Sequence[UseT],
    target: int,
    foe_extra: list[int],
    roll: Callable[[], int],
    names: Names | None,
    extra_once: bool,
    lines: list[Line],
    lord_of: LordOf = None,
    pool: bool = False,
) -> tuple[int, int, list[int], list[int]]:
    """``resolve`` as plain data: (to the player, the player's heal, to each foe, each foe's
    heal); narration lines go to ``lines`` when ``names`` is given (the engine's fast path),
    each damage instance with its arithmetic; ``lord_of`` names a card's Lord there. With
    ``pool``, two foes combine their abilities (RB-59, R34): every foe's Balance, Time and
    Loss changes each instance the player deals, whichever foe it strikes."""
    player_relies = foes_rely = False
    for use in player:
        if use[0] == RELIANCE:
            player_relies = True
    for use in foes:
        if use[0] == RELIANCE:
            foes_rely = True
    mine = expand(player, foes[0] if foes else None, foes_rely) if player_relies else player
    damage, modifier, heal = _side(mine, roll, names, lines)
    if names is not None:
        made, my_mods = _terms(mine, damage, names, lord_of)
    to_foe = [0] * len(foes)
    foe_heal = [0] * len(foes)
    to_player = 0
    sides: list[Sequence[UseT]] = []
    for foe in foes:
        uses: Sequence[UseT] = (foe,)
        if foe[0] == RELIANCE:
            uses = expand(uses, player[0] if player else None, player_relies)
        sides.append(uses)
    # (change, card, ability): what every foe's abilities do to the instances it receives
    pooled: list[tuple[int, int, int]] = []
    if pool and len(foes) > 1:
        for uses in sides:
            pooled += ((INCOMING[a], c, a) for a, c, _, _ in uses if a in INCOMING)
    for i, foe in enumerate(foes):
        uses = sides[i]
        dealt, received, foe_heal[i] = _side(uses, roll, names, lines)
        if pooled:
            received = sum(m[0] for m in pooled)
        if i == target:
            total = 0
            for d in damage:
                if d + received > 0:
                    total += d + received
            to_foe[i] = total
        if names is not None:
            theirs, their_mods = _terms(uses, dealt, names, lord_of)
            if pooled:  # the mods as the narration names them: every foe's card, worded
                their_mods = tuple((m[0], names(m[1]), m[2]) for m in pooled)
            if i == target:
                foe_name = names(foe[1])
                for d, text in zip(damage, made, strict=True):
                    total = max(d + received, 0)
                    lines.append((_line, (text, their_mods, None, total, foe_name)))
            bump = foe_extra[i]
            for d, text in zip(dealt, theirs, strict=True):
                extra = None
                if bump:
                    extra = (bump, lord_of(foe[1]) if lord_of is not None else None)
                total = max(d + modifier + bump, 0)
                lines.append((_line, (text, my_mods, extra, total, None)))
                if extra_once:
                    bump = 0
        bump = foe_extra[i]
        for d in dealt:
            d += modifier + bump
            if d > 0:
                to_player += d
            if extra_once:
                bump = 0
    return to_player, heal, to_foe, foe_heal
