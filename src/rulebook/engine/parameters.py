"""Rule parameters described for people: what ``--set NAME=`` takes, its default, its
meaning (the terminal's ``rules`` command and the browser lobby show the same rows)."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, Literal

from rulebook.engine.game import describe_config
from rulebook.i18n import _


def shown_value(value: Any) -> str:
    """A Config value as it is typed after --set NAME=."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def accepted_values(hint: Any) -> str:
    """What --set takes for a parameter of this type."""
    origin = typing.get_origin(hint)
    if origin is Literal:
        return ", ".join(str(v) for v in typing.get_args(hint))
    if hint is bool:
        return "true, false"
    if hint is int:
        return _("a whole number")
    if origin is tuple or hint is tuple:
        return _("ids, comma-separated")
    inner = [a for a in typing.get_args(hint) if a is not type(None)]
    if inner and len(inner) < len(typing.get_args(hint)):
        return _("{values}, or none", values=accepted_values(inner[0]))
    return _("text")


def parameter_rows(config_class: type[Any]) -> list[tuple[str, str, str, str]]:
    """(name, accepted values, default, meaning) for every rule parameter, in the reader's
    language where the catalogs have it (a parameter's help is extracted from ``param``)."""
    hints = typing.get_type_hints(config_class)
    helps = {name: text for name, _default, text in describe_config(config_class)}
    rows = []
    for field in dataclasses.fields(config_class):
        name = field.name.replace("_", "-")
        rows.append(
            (name, accepted_values(hints[field.name]), shown_value(field.default), _(helps[name]))
        )
    return rows


def takes_card_file(config_class: type[Any]) -> bool:
    """Does the rule parameter ``cards`` name a card file (text: a path on the machine that
    plays), rather than, say, how many cards each hand holds (a number, offered anywhere)?"""
    if not dataclasses.is_dataclass(config_class):
        return False
    hint = typing.get_type_hints(config_class).get("cards")
    return hint is str or str in typing.get_args(hint)
