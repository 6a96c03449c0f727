"""Card data loading and validation from TOML.

Every failure is a ContentError naming the file, the card and the field, so a designer
editing a card file sees exactly what to fix.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from rulebook.engine.errors import ContentError

CARD_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise ContentError(f"{path}: card file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML ({exc})") from None
    except OSError as exc:
        raise ContentError(f"{path}: cannot read card file ({exc.strerror})") from None


class Fields:
    """Typed access to one TOML table, with errors that say where the problem is."""

    def __init__(self, table: Any, where: str) -> None:
        if not isinstance(table, dict):
            raise ContentError(f"{where}: expected a table")
        self.table: dict[str, Any] = table
        self.where = where

    def _get(self, name: str, kind: type, default: Any) -> Any:
        if name not in self.table:
            if default is _REQUIRED:
                raise ContentError(f"{self.where}: missing field '{name}'")
            return default
        value = self.table[name]
        if kind is int and isinstance(value, bool):
            raise ContentError(f"{self.where}: field '{name}' must be an integer")
        if not isinstance(value, kind):
            raise ContentError(
                f"{self.where}: field '{name}' must be {_KIND_NAMES[kind]}, "
                f"not {type(value).__name__}"
            )
        return value

    def text(self, name: str, default: Any = None) -> str:
        value: str = self._get(name, str, _REQUIRED if default is None else default)
        return value

    def integer(self, name: str, default: Any = None, minimum: int | None = None) -> int:
        value: int = self._get(name, int, _REQUIRED if default is None else default)
        if minimum is not None and value < minimum:
            raise ContentError(f"{self.where}: field '{name}' must be at least {minimum}")
        return value

    def card_id(self) -> str:
        value = self.text("id")
        if not CARD_ID.match(value):
            raise ContentError(
                f"{self.where}: id '{value}' must be kebab-case (lowercase letters, digits, '-')"
            )
        return value

    def choice(self, name: str, options: tuple[str, ...], default: str | None = None) -> str:
        value = self.text(name, default)
        if value not in options:
            raise ContentError(
                f"{self.where}: field '{name}' is '{value}', expected one of {', '.join(options)}"
            )
        return value

    def tables(self, name: str) -> list[Fields]:
        items = self.table.get(name)
        if not isinstance(items, list) or not items:
            raise ContentError(f"{self.where}: needs at least one [[{name}]] entry")
        return [Fields(item, f"{self.where} [[{name}]] #{i + 1}") for i, item in enumerate(items)]

    def sub(self, name: str) -> Fields:
        return Fields(self.table.get(name, {}), f"{self.where} [{name}]")


_REQUIRED = object()
_KIND_NAMES = {str: "a string", int: "an integer", bool: "true or false"}


def unique_ids(ids: list[str], where: str) -> None:
    seen: set[str] = set()
    for card_id in ids:
        if card_id in seen:
            raise ContentError(f"{where}: card id '{card_id}' appears twice")
        seen.add(card_id)
