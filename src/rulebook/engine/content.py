"""Card data loading and validation from TOML.

Every failure is a ContentError naming the file, the card and the field, so a designer
editing a card file sees exactly what to fix.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from rulebook.engine.errors import ContentError
from rulebook.i18n import N_, _

CARD_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise ContentError(_("{path}: card file not found", path=path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(
            _("{path}: not valid TOML ({problem})", path=path, problem=exc)
        ) from None
    except UnicodeDecodeError as exc:
        said = _(
            "{path}: card file is not UTF-8 text (byte {byte} at offset {offset}); "
            "save it as UTF-8",
            path=path,
            byte=f"{exc.object[exc.start]:#04x}",
            offset=exc.start,
        )
        raise ContentError(said) from None
    except OSError as exc:
        raise ContentError(
            _("{path}: cannot read card file ({problem})", path=path, problem=exc.strerror)
        ) from None


class Fields:
    """Typed access to one TOML table, with errors that say where the problem is.

    Every accessor remembers the field it read; ``finish()`` then refuses any other key, so a
    misspelt field (``cout = 2``) is an error naming file, card and field rather than a line
    silently ignored. A loader reads a table's fields, then calls ``finish()``::

        f = Fields(item, "cards.toml [[main]] #3")
        card = Card(f.card_id(), f.text("name"), f.integer("count", 1, minimum=1))
        f.finish()
    """

    def __init__(self, table: Any, where: str) -> None:
        if not isinstance(table, dict):
            raise ContentError(_("{where}: expected a table", where=where))
        self.table: dict[str, Any] = table
        self.where = where
        self.read: set[str] = set()

    def known(self, *names: str) -> None:
        """Mark fields as allowed without reading them through an accessor."""
        self.read.update(names)

    def finish(self) -> None:
        """Refuse every key of the table that no accessor read (nor ``known`` allowed)."""
        for name in self.table:
            if name in self.read:
                continue
            close = difflib.get_close_matches(name, sorted(self.read), n=1)
            fields = ", ".join(sorted(self.read)) or _("none")
            where = self.where
            said = (
                _(
                    "{where}: unknown field '{name}'; did you mean '{close}'? "
                    "(fields here: {fields})",
                    where=where,
                    name=name,
                    close=close[0],
                    fields=fields,
                )
                if close
                else _(
                    "{where}: unknown field '{name}' (fields here: {fields})",
                    where=where,
                    name=name,
                    fields=fields,
                )
            )
            raise ContentError(said)

    def _get(self, name: str, kind: type, default: Any) -> Any:
        self.read.add(name)
        if name not in self.table:
            if default is _REQUIRED:
                raise ContentError(
                    _("{where}: missing field '{name}'", where=self.where, name=name)
                )
            return default
        value = self.table[name]
        if kind is int and isinstance(value, bool):
            raise ContentError(
                _("{where}: field '{name}' must be an integer", where=self.where, name=name)
            )
        if not isinstance(value, kind):
            raise ContentError(
                _(
                    "{where}: field '{name}' must be {kind}, not {given}",
                    where=self.where,
                    name=name,
                    kind=_(_KIND_NAMES[kind]),
                    given=type(value).__name__,
                )
            )
        return value

    def text(self, name: str, default: Any = None) -> str:
        value: str = self._get(name, str, _REQUIRED if default is None else default)
        return value

    def integer(self, name: str, default: Any = None, minimum: int | None = None) -> int:
        value: int = self._get(name, int, _REQUIRED if default is None else default)
        if minimum is not None and value < minimum:
            raise ContentError(
                _(
                    "{where}: field '{name}' must be at least {minimum}",
                    where=self.where,
                    name=name,
                    minimum=minimum,
                )
            )
        return value

    def card_id(self, name: str = "id", default: str | None = None) -> str:
        """A card id (kebab-case); ``default`` makes the field optional."""
        value = self.text(name, default)
        if value == default:
            return value
        if not CARD_ID.match(value):
            raise ContentError(
                _(
                    "{where}: {name} '{value}' must be kebab-case (lowercase letters, digits, '-')",
                    where=self.where,
                    name=name,
                    value=value,
                )
            )
        return value

    def choice(self, name: str, options: tuple[str, ...], default: str | None = None) -> str:
        value = self.text(name, default)
        if value not in options:
            raise ContentError(
                _(
                    "{where}: field '{name}' is '{value}', expected one of {options}",
                    where=self.where,
                    name=name,
                    value=value,
                    options=", ".join(options),
                )
            )
        return value

    def tables(self, name: str) -> list[Fields]:
        self.read.add(name)
        items = self.table.get(name)
        if not isinstance(items, list) or not items:
            raise ContentError(
                _("{where}: needs at least one [[{name}]] entry", where=self.where, name=name)
            )
        return [Fields(item, f"{self.where} [[{name}]] #{i + 1}") for i, item in enumerate(items)]

    def sub(self, name: str) -> Fields:
        self.read.add(name)
        return Fields(self.table.get(name, {}), f"{self.where} [{name}]")


_REQUIRED = object()
_KIND_NAMES = {str: N_("a string"), int: N_("an integer"), bool: N_("true or false")}


def unique_ids(ids: list[str], where: str) -> None:
    seen: set[str] = set()
    for card_id in ids:
        if card_id in seen:
            raise ContentError(
                _("{where}: card id '{card}' appears twice", where=where, card=card_id)
            )
        seen.add(card_id)


# --------------------------------------------------------------------------- card lists


@dataclass(frozen=True, slots=True)
class CardRow:
    """One kind of card a game's decks hold, as ``rulebook cards`` lists it."""

    deck: str
    id: str
    count: int
    name: str = ""
    kind: str = ""  # the card's type within its deck, where the game has types
    same_as: str = ""  # the id this card stands for in the game's reference theme
    text: str = ""  # what the card says and does, in full (a table shows it on a tap)


@runtime_checkable
class CardList(Protocol):
    """Content that can list its own cards (names, types); see ``card_rows``."""

    def card_rows(self) -> list[CardRow]: ...


def card_rows(game: Any) -> list[CardRow]:
    """Every kind of card a configured game starts with: from its content where that lists
    itself (``CardList``), else from the protocol's ``deck_names`` and ``card_ids`` (ids and
    counts only)."""
    content = getattr(game, "content", None)
    if isinstance(content, CardList):
        return content.card_rows()
    rows: list[CardRow] = []
    for deck in game.deck_names:
        counts: dict[str, int] = {}
        for card_id in game.card_ids(deck):
            counts[card_id] = counts.get(card_id, 0) + 1
        rows.extend(CardRow(deck, card_id, n) for card_id, n in counts.items())
    return rows
