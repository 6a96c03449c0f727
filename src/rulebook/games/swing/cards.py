"""SWING!'s cards as data: the schema of ``cards.toml``, loading, validation and deck lists.

The rulebook names four kinds of card and lists none: Locations give Inspiration (some are
Furniture), Guests, Objects and Moves cost Inspiration and have Prowess and Endurance; some
carry #Surprise (a Bottom may introduce them during the Top's turn). A designer's own file
follows the same schema (``rulebook.load("swing", cards="mine.toml")``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulebook.engine.content import CardRow, Fields, read_toml, unique_ids
from rulebook.engine.errors import ContentError
from rulebook.i18n import N_, Message, Name, _, msg

HERE = Path(__file__).parent
DEFAULT_CARDS = HERE / "cards.toml"
KINDS = ("location", "guest", "object", "move")
LOCATION, GUEST, OBJECT, MOVE = range(4)
# the kinds as a table names them: a title, and within a sentence
KIND_TITLES = (N_("Location"), N_("Guest"), N_("Object"), N_("Move"))
KIND_WORDS = (N_("location"), N_("guest"), N_("object"), N_("move"))


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of card: a Location's Inspiration, or a Room card's cost and xP/yE."""

    id: str
    name: str
    kind: int  # an index of KINDS
    inspiration: int = 0
    furniture: bool = False
    cost: int = 0
    prowess: int = 0
    endurance: int = 1
    surprise: bool = False

    @property
    def kind_name(self) -> str:
        return KINDS[self.kind]

    def label(self) -> str:
        """How a table shows the card: its name and printed values (English)."""
        return self.label_said().english()

    def text(self) -> str:
        """The card's printed values in words (a browser shows them when it is tapped)."""
        return self.text_said().english()

    def label_said(self) -> Message:
        """:meth:`label` as a message, worded in the reader's language."""
        name = Name(self.name)
        if self.kind == LOCATION:
            return msg("{card} ({values})", card=name, values=self.text_said())
        values = dict(cost=self.cost, prowess=self.prowess, endurance=self.endurance)
        kind = Message(KIND_TITLES[self.kind])
        if self.surprise:
            return msg(
                "{card} ({kind} {cost}: {prowess}P/{endurance}E #Surprise)",
                card=name,
                kind=kind,
                **values,
            )
        return msg(
            "{card} ({kind} {cost}: {prowess}P/{endurance}E)", card=name, kind=kind, **values
        )

    def text_said(self) -> Message:
        """:meth:`text` as a message."""
        if self.kind == LOCATION:
            if self.furniture:
                return msg("Location: {count} Inspiration, Furniture", count=self.inspiration)
            return msg("Location: {count} Inspiration", count=self.inspiration)
        values = dict(cost=self.cost, prowess=self.prowess, endurance=self.endurance)
        kind = Message(KIND_TITLES[self.kind])
        if self.surprise:
            return msg(
                "{kind}, cost {cost}: {prowess}P/{endurance}E #Surprise", kind=kind, **values
            )
        return msg("{kind}, cost {cost}: {prowess}P/{endurance}E", kind=kind, **values)


@dataclass(frozen=True)
class Content:
    cards: tuple[Card, ...]
    decks: dict[str, dict[str, int]]
    notice: str = ""

    def card_rows(self) -> list[CardRow]:
        rows = []
        for deck, counts in self.decks.items():
            by_id = {c.id: c for c in self.cards}
            rows += [
                CardRow(
                    deck,
                    cid,
                    n,
                    by_id[cid].name,
                    Message(KIND_WORDS[by_id[cid].kind]).text(),
                    text=by_id[cid].text_said().text(),
                )
                for cid, n in counts.items()
            ]
        return rows


def _flag(f: Fields, name: str) -> bool:
    f.known(name)
    value = f.table.get(name, False)
    if not isinstance(value, bool):
        raise ContentError(
            _("{where}: field '{name}' must be true or false", where=f.where, name=name)
        )
    return value


def _card(f: Fields) -> Card:
    cid, name = f.card_id(), f.text("name")
    kind = KINDS.index(f.choice("kind", KINDS))
    if kind == LOCATION:
        insp = f.integer("inspiration", minimum=1)
        card = Card(cid, name, kind, inspiration=insp, furniture=_flag(f, "furniture"))
    else:
        card = Card(
            cid,
            name,
            kind,
            cost=f.integer("cost", minimum=0),  # A26: a card may be free
            prowess=f.integer("prowess", minimum=0),
            endurance=f.integer("endurance", minimum=1),
            surprise=_flag(f, "surprise"),
        )
    f.finish()
    return card


def load_content(path: str | None) -> Content:
    """Read and validate a card file (the reference cards when ``path`` is None)."""
    file = Path(path) if path else DEFAULT_CARDS
    data: dict[str, Any] = read_toml(file)
    top = Fields(data, str(file))
    meta = top.sub("meta")
    notice = meta.text("notice", "")
    meta.known("title", "credit")
    meta.finish()
    cards = tuple(_card(f) for f in top.tables("card"))
    unique_ids([c.id for c in cards], str(file))
    known = {c.id for c in cards}
    decks_table = top.sub("decks")
    decks: dict[str, dict[str, int]] = {}
    for name, counts in decks_table.table.items():
        decks_table.known(name)
        where = f"{file} [decks.{name}]"
        if not isinstance(counts, dict) or not counts:
            raise ContentError(_("{where}: a deck needs card ids with counts", where=where))
        for cid, n in counts.items():
            if cid not in known:
                raise ContentError(_("{where}: no card '{card}'", where=where, card=cid))
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise ContentError(
                    _(
                        "{where}: count of '{card}' must be a positive integer",
                        where=where,
                        card=cid,
                    )
                )
        decks[name] = dict(counts)
    if not decks:
        raise ContentError(_("{file}: needs at least one [decks.<name>] list", file=file))
    top.finish()
    return Content(cards, decks, notice)
