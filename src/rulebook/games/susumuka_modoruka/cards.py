"""Susumuka & Modoruka's content: dungeon cards with depth tiers, four item decks, the skill
sheet and the lost-property cards, loaded from TOML and checked (errors name file, card, field).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from rulebook.engine.content import CardRow, Fields, read_toml, unique_ids
from rulebook.engine.errors import ContentError

HERE = Path(__file__).parent
TIERS = ("bronze", "silver", "gold", "platinum")
ALL = "all"  # nullify every colour


@dataclass(frozen=True, slots=True)
class Tier:
    """One clear-condition row: from ``depth`` on, the card's power is power + coloured."""

    depth: int
    power: int
    coloured: int
    colour: str  # "" when the row has no coloured number


@dataclass(frozen=True, slots=True)
class DungeonCard:
    id: str
    name: str
    name_ja: str
    kind: str  # monster or trap
    difficulty: int
    tiers: tuple[Tier, ...]  # by depth, the first at depth 0

    def text(self) -> str:
        """The clear condition at every depth tier, as ``cards`` and the browser show it."""
        rows = [
            f"from depth {t.depth}: {t.power}+{t.coloured}" + (f" ({t.colour})" if t.colour else "")
            for t in self.tiers
        ]
        return f"difficulty {self.difficulty}; " + "; ".join(rows)

    def tier(self, depth: int) -> Tier:
        """The row for a player at ``depth``: the deepest row not deeper than them."""
        found = self.tiers[0]
        for row in self.tiers:
            if row.depth <= depth:
                found = row
        return found


@dataclass(frozen=True, slots=True)
class Bonus:
    """What an item or a skill gives; one-use items heal or escape."""

    power: int = 0
    armor: int = 0
    retreat: int = 0
    max_hp: int = 0
    nullify: frozenset[str] = frozenset()
    heal: int = 0
    escape: bool = False


@dataclass(frozen=True, slots=True)
class Item:
    id: str
    name: str
    name_ja: str
    tier: int  # index into TIERS
    count: int
    once: bool  # used up (a one-use item) rather than kept
    bonus: Bonus


@dataclass(frozen=True, slots=True)
class Skill:
    id: str
    name: str
    name_ja: str
    cost: int
    bonus: Bonus


@dataclass(frozen=True, slots=True)
class Lost:
    id: str
    name: str
    name_ja: str
    colour: str


@dataclass(frozen=True, slots=True)
class Content:
    source: str
    title: str
    colours: tuple[str, ...]
    dungeon: tuple[DungeonCard, ...]
    items: tuple[Item, ...]
    skills: tuple[Skill, ...]
    lost: tuple[Lost, ...]

    def card_rows(self) -> list[CardRow]:
        colours = self.colours
        rows = [CardRow("dungeon", c.id, 1, c.name, c.kind, text=c.text()) for c in self.dungeon]
        rows += [
            CardRow(TIERS[i.tier], i.id, i.count, i.name, "item", text=describe(i, colours))
            for i in self.items
        ]
        rows += [
            CardRow("skills", s.id, 1, s.name, "skill", text=describe(s, colours))
            for s in self.skills
        ]
        found = "drawn from the dungeon deck: the finder takes every item lost in this colour"
        rows += [
            CardRow("lost-property", c.id, 1, c.name, "lost property", text=found)
            for c in self.lost
        ]
        return rows

    def names(self) -> dict[str, str]:
        every: list[DungeonCard | Item | Skill | Lost] = [
            *self.dungeon,
            *self.items,
            *self.skills,
            *self.lost,
        ]
        return {c.id: c.name for c in every}


def _colours(colours: frozenset[str], order: tuple[str, ...]) -> str:
    named = [c for c in order if c in colours] + sorted(colours - set(order) - {ALL})
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def _effects(bonus: Bonus, order: tuple[str, ...]) -> list[str]:
    """The rulebook's words ("nullify brown", combat power, HP), each followed by what it does."""
    said = []
    if bonus.power:
        said.append(f"+{bonus.power} combat power")
    if bonus.nullify:
        if ALL in bonus.nullify:
            said.append("nullify every colour (coloured numbers count as 0)")
        else:
            named = _colours(bonus.nullify, order)
            said.append(f"nullify {named} ({named} numbers count as 0)")
    if bonus.armor:
        said.append(f"lose {bonus.armor} HP less when you lose a battle")
    if bonus.retreat:
        said.append(f"a battle won while returning takes you {bonus.retreat} depth further up")
    if bonus.max_hp:
        said.append(f"+{bonus.max_hp} maximum HP")
    if bonus.heal:
        said.append(f"heal {bonus.heal} HP (up to your maximum)")
    if bonus.escape:
        said.append("inside the dungeon, escape at once (planting your flag if you have none)")
    return said


def describe(card: Item | Skill, colours: tuple[str, ...] = (), *, cost: bool = True) -> str:
    """What an item or a skill does, in plain words: the one text the terminal's options and
    narration, the browser's view, ``rules`` and ``cards`` all show (the rulebook prints no
    effects; A13 in docs/rules/susumuka-modoruka.md). ``colours``: the order colours are named
    in (the content's); ``cost``: a skill's cost at the end."""
    said = "; ".join(_effects(card.bonus, colours)) or "no effect"
    if isinstance(card, Item) and card.once:
        said = f"one use: {said}"
    if isinstance(card, Skill) and cost:
        said += f"; cost {card.cost}"
    return said


def _bonus(f: Fields, colours: tuple[str, ...], once: bool) -> Bonus:
    nullify = f.table.get("nullify", [])
    f.known("nullify")
    if not isinstance(nullify, list) or not all(isinstance(c, str) for c in nullify):
        raise ContentError(f"{f.where}: field 'nullify' must be a list of colours")
    for colour in nullify:
        if colour != ALL and colour not in colours:
            raise ContentError(
                f"{f.where}: field 'nullify' names '{colour}', not one of "
                f"{', '.join(colours)} or all"
            )
    escape = f.table.get("escape", False)
    f.known("escape")
    if not isinstance(escape, bool):
        raise ContentError(f"{f.where}: field 'escape' must be true or false")
    bonus = Bonus(
        f.integer("power", 0, minimum=0),
        f.integer("armor", 0, minimum=0),
        f.integer("retreat", 0, minimum=0),
        f.integer("max_hp", 0, minimum=0),
        frozenset(nullify),
        f.integer("heal", 0, minimum=0),
        escape,
    )
    if once != bool(bonus.heal or bonus.escape):
        raise ContentError(
            f'{f.where}: a one-use item (use = "once") heals or escapes, and only it'
        )
    return bonus


def _dungeon(f: Fields, colours: tuple[str, ...]) -> DungeonCard:
    card_id, name, name_ja = f.card_id(), f.text("name"), f.text("name_ja")
    kind = f.choice("kind", ("monster", "trap"))
    difficulty = f.integer("difficulty", minimum=1)
    tiers = []
    for row in f.tables("tiers"):
        colour = row.text("colour", "")
        if colour and colour not in colours:
            raise ContentError(f"{row.where}: colour '{colour}' is not one of {', '.join(colours)}")
        tier = Tier(
            row.integer("depth", minimum=0),
            row.integer("power", minimum=0),
            row.integer("coloured", 0, minimum=0),
            colour,
        )
        if tier.coloured and not colour:
            raise ContentError(f"{row.where}: a coloured number needs a colour")
        row.finish()
        tiers.append(tier)
    if tiers[0].depth != 0 or any(a.depth >= b.depth for a, b in pairwise(tiers)):
        raise ContentError(f"{f.where}: tiers must start at depth 0 and go deeper in order")
    f.finish()
    return DungeonCard(card_id, name, name_ja, kind, difficulty, tuple(tiers))


def load_content(cards: str | None) -> Content:
    path = Path(cards) if cards is not None else HERE / "cards.toml"
    root = Fields(read_toml(path), str(path))
    meta = root.sub("meta")
    title = meta.text("title", "Susumuka & Modoruka")
    source = meta.text("source", str(path))
    meta.known("colours")
    colours = meta.table.get("colours", [])
    if not isinstance(colours, list) or not colours or not all(isinstance(c, str) for c in colours):
        raise ContentError(f"{meta.where}: field 'colours' must be a list of colour names")
    meta.finish()
    colours_t = tuple(colours)
    dungeon = tuple(_dungeon(f, colours_t) for f in root.tables("dungeon"))
    items = []
    for f in root.tables("item"):
        card_id, name, name_ja = f.card_id(), f.text("name"), f.text("name_ja")
        tier = TIERS.index(f.choice("tier", TIERS))
        count = f.integer("count", 1, minimum=1)
        once = f.choice("use", ("keep", "once"), "keep") == "once"
        items.append(Item(card_id, name, name_ja, tier, count, once, _bonus(f, colours_t, once)))
        f.finish()
    skills = []
    for f in root.tables("skill"):
        card_id, name, name_ja = f.card_id(), f.text("name"), f.text("name_ja")
        cost = f.integer("cost", minimum=1)
        skills.append(Skill(card_id, name, name_ja, cost, _bonus(f, colours_t, False)))
        f.finish()
    lost = []
    for f in root.tables("lost"):
        lost.append(Lost(f.card_id(), f.text("name"), f.text("name_ja"), f.text("colour")))
        f.finish()
    root.finish()
    if len(lost) < 6:
        raise ContentError(f"{path}: needs six [[lost]] cards, one per seat (has {len(lost)})")
    every: list[DungeonCard | Item | Skill | Lost] = [*dungeon, *items, *skills, *lost]
    unique_ids([c.id for c in every], str(path))
    return Content(source, title, colours_t, dungeon, tuple(items), tuple(skills), tuple(lost))
