"""Susumuka & Modoruka's content: dungeon cards with depth tiers, four item decks, the skill
sheet and the lost-property cards, loaded from TOML and checked (errors name file, card, field).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from rulebook.engine.content import CardRow, Fields, read_toml, unique_ids
from rulebook.engine.errors import ContentError
from rulebook.i18n import N_, Language, Listed, Message, Name, _, msg, words

HERE = Path(__file__).parent
TIERS = ("bronze", "silver", "gold", "platinum")
ALL = "all"  # nullify every colour
# the words for the reference content's colours and tiers (a designer's other colours read as
# they are written); Japanese from the rulebook: 茶色無効, ブロンズ, シルバー...
COLOUR_WORDS = {
    c: c
    for c in (
        N_("brown"),
        N_("red"),
        N_("blue"),
        N_("green"),
        N_("purple"),
        N_("yellow"),
        N_("white"),
        N_("black"),
        N_("Red"),
        N_("Blue"),
        N_("Green"),
        N_("Yellow"),
        N_("White"),
        N_("Black"),
    )
}
TIER_WORDS = (N_("Bronze"), N_("Silver"), N_("Gold"), N_("Platinum"))
KIND_WORDS = {"monster": N_("monster"), "trap": N_("trap")}


def colour_word(colour: str) -> Message | str:
    """A colour in the reader's words (a colour the catalogs do not know: as written)."""
    return Message(colour) if colour in COLOUR_WORDS else colour


def tier_word(tier: int) -> Message:
    return Message(TIER_WORDS[tier])


def kind_word(kind: str) -> Message | str:
    return Message(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


@functools.cache
def named(card: DungeonCard | Item | Skill | Lost) -> Name:
    """A card's name in the reader's language (``name_ja`` for Japanese)."""
    return Name(card.name, (("ja", card.name_ja),))


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

    def text(self, language: Language | None = None) -> str:
        """The clear condition at every depth tier, as ``cards`` and the browser show it."""
        _ = words(language)
        rows = [
            _("from depth {depth}: {condition}", depth=t.depth, condition=condition(t, _))
            for t in self.tiers
        ]
        return _(
            "difficulty {difficulty}; {rows}", difficulty=self.difficulty, rows=_("; ").join(rows)
        )

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
        rows = [
            CardRow("dungeon", c.id, 1, named(c).text(), str(kind_word(c.kind)), text=c.text())
            for c in self.dungeon
        ]
        item, skill = _("item"), _("skill")
        rows += [
            CardRow(TIERS[i.tier], i.id, i.count, named(i).text(), item, text=describe(i, colours))
            for i in self.items
        ]
        rows += [
            CardRow("skills", s.id, 1, named(s).text(), skill, text=describe(s, colours))
            for s in self.skills
        ]
        found = _("drawn from the dungeon deck: the finder takes every item lost in this colour")
        rows += [
            CardRow("lost-property", c.id, 1, named(c).text(), _("lost property"), text=found)
            for c in self.lost
        ]
        return rows

    def by_id(self) -> dict[str, DungeonCard | Item | Skill | Lost]:
        every: list[DungeonCard | Item | Skill | Lost] = [
            *self.dungeon,
            *self.items,
            *self.skills,
            *self.lost,
        ]
        return {c.id: c for c in every}

    def names(self) -> dict[str, str]:
        every: list[DungeonCard | Item | Skill | Lost] = [
            *self.dungeon,
            *self.items,
            *self.skills,
            *self.lost,
        ]
        return {c.id: c.name for c in every}


def _colours(colours: frozenset[str], order: tuple[str, ...]) -> Listed:
    named = [c for c in order if c in colours] + sorted(colours - set(order) - {ALL})
    return Listed(tuple(colour_word(c) for c in named))


def _effects(bonus: Bonus, order: tuple[str, ...]) -> list[Message]:
    """The rulebook's words ("nullify brown", combat power, HP), each followed by what it does."""
    said = []
    if bonus.power:
        said.append(msg("+{power} combat power", power=bonus.power))
    if bonus.nullify:
        if ALL in bonus.nullify:
            said.append(msg("nullify every colour (coloured numbers count as 0)"))
        else:
            named = _colours(bonus.nullify, order)
            if len(named.items) == 2:  # a pair, in Japanese each with its 色 (赤色・青色無効)
                first, second = named.items
                said.append(
                    msg(
                        "nullify {first} and {second} ({first} and {second} numbers count as 0)",
                        first=first,
                        second=second,
                    )
                )
            else:
                said.append(msg("nullify {colours} ({colours} numbers count as 0)", colours=named))
    if bonus.armor:
        said.append(msg("lose {armor} HP less when you lose a battle", armor=bonus.armor))
    if bonus.retreat:
        said.append(
            msg(
                "a battle won while returning takes you {retreat} depth further up",
                retreat=bonus.retreat,
            )
        )
    if bonus.max_hp:
        said.append(msg("+{max_hp} maximum HP", max_hp=bonus.max_hp))
    if bonus.heal:
        said.append(msg("heal {heal} HP (up to your maximum)", heal=bonus.heal))
    if bonus.escape:
        said.append(msg("inside the dungeon, escape at once (planting your flag if you have none)"))
    return said


def condition(row: Tier, language: Language | None = None) -> str:
    """A clear-condition row as the card prints it: ``3+4 (brown)``."""
    _ = words(language)
    if not row.colour:
        return f"{row.power}+{row.coloured}"
    colour = colour_word(row.colour)
    return _(
        "{power}+{coloured} ({colour})",
        power=row.power,
        coloured=row.coloured,
        colour=colour.text(_) if isinstance(colour, Message) else colour,
    )


def conditioned(row: Tier) -> Message | str:
    """A clear-condition row as a message (``3+4 (brown)``), worded when shown."""
    if not row.colour:
        return f"{row.power}+{row.coloured}"
    return msg(
        "{power}+{coloured} ({colour})",
        power=row.power,
        coloured=row.coloured,
        colour=colour_word(row.colour),
    )


def described(card: Item | Skill, colours: tuple[str, ...] = (), *, cost: bool = True) -> Message:
    """What an item or a skill does, as a message worded for each reader: the one text the
    terminal's options and narration, the browser's view, ``rules`` and ``cards`` all show
    (the rulebook prints no effects; A13 in docs/rules/susumuka-modoruka.md). ``colours``: the
    order colours are named in (the content's); ``cost``: a skill's cost at the end."""
    effects = _effects(card.bonus, colours)
    said = msg("{effects}", effects=Listed(tuple(effects), "; ")) if effects else msg("no effect")
    if isinstance(card, Item) and card.once:
        said = msg("one use: {effects}", effects=said)
    if isinstance(card, Skill) and cost:
        said = msg("{effects}; cost {cost}", effects=said, cost=card.cost)
    return said


def describe(
    card: Item | Skill,
    colours: tuple[str, ...] = (),
    *,
    cost: bool = True,
    language: Language | None = None,
) -> str:
    """:func:`described` in ``language`` (default: the current reader's)."""
    return described(card, colours, cost=cost).text(language)


def _bonus(f: Fields, colours: tuple[str, ...], once: bool) -> Bonus:
    nullify = f.table.get("nullify", [])
    f.known("nullify")
    if not isinstance(nullify, list) or not all(isinstance(c, str) for c in nullify):
        raise ContentError(_("{where}: field 'nullify' must be a list of colours", where=f.where))
    for colour in nullify:
        if colour != ALL and colour not in colours:
            raise ContentError(
                _(
                    "{where}: field 'nullify' names '{colour}', not one of {colours} or all",
                    where=f.where,
                    colour=colour,
                    colours=", ".join(colours),
                )
            )
    escape = f.table.get("escape", False)
    f.known("escape")
    if not isinstance(escape, bool):
        raise ContentError(_("{where}: field 'escape' must be true or false", where=f.where))
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
            _('{where}: a one-use item (use = "once") heals or escapes, and only it', where=f.where)
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
            raise ContentError(
                _(
                    "{where}: colour '{colour}' is not one of {colours}",
                    where=row.where,
                    colour=colour,
                    colours=", ".join(colours),
                )
            )
        tier = Tier(
            row.integer("depth", minimum=0),
            row.integer("power", minimum=0),
            row.integer("coloured", 0, minimum=0),
            colour,
        )
        if tier.coloured and not colour:
            raise ContentError(_("{where}: a coloured number needs a colour", where=row.where))
        row.finish()
        tiers.append(tier)
    if tiers[0].depth != 0 or any(a.depth >= b.depth for a, b in pairwise(tiers)):
        raise ContentError(
            _("{where}: tiers must start at depth 0 and go deeper in order", where=f.where)
        )
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
        raise ContentError(
            _("{where}: field 'colours' must be a list of colour names", where=meta.where)
        )
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
        raise ContentError(
            _(
                "{file}: needs six [[lost]] cards, one per seat (has {count})",
                file=path,
                count=len(lost),
            )
        )
    every: list[DungeonCard | Item | Skill | Lost] = [*dungeon, *items, *skills, *lost]
    unique_ids([c.id for c in every], str(path))
    return Content(source, title, colours_t, dungeon, tuple(items), tuple(skills), tuple(lost))
