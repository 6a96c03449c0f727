"""A game's rule parameters (its Config): made from options a person typed or a save kept,
each checked against its type, and described for people."""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Literal, get_args, get_origin

from rulebook.engine.errors import ConfigError
from rulebook.i18n import N_, _


def spelled(name: str) -> str:
    """A rule parameter as people see it (``rules``, ``--set``, the lobby, every message):
    hyphens; ``--set`` and ``load`` take underscores too."""
    return name.replace("_", "-")


INTEGER = N_("config '{name}' must be an integer, not {value}")


def _config(message: str, name: str, value: Any, **args: object) -> str:
    """A rule parameter's error in the reader's language, the parameter as people spell it."""
    return _(message, name=spelled(name), value=repr(value), **args)


def _coerce(name: str, hint: Any, value: Any) -> Any:
    """Turn a config value (possibly a CLI string or a JSON list) into the field's type."""
    origin = get_origin(hint)
    if origin is Literal:
        options = get_args(hint)
        if value not in options:
            shown = ", ".join(str(o) for o in options)
            raise ConfigError(
                _config(
                    N_("config '{name}' must be one of {shown}, not {value}"),
                    name,
                    value,
                    shown=shown,
                )
            )
        return value
    if origin in (tuple, Sequence) or hint is tuple:
        if isinstance(value, str):
            value = [v for v in value.split(",") if v]
        if not isinstance(value, list | tuple):
            raise ConfigError(
                _config(N_("config '{name}' must be a list, not {value}"), name, value)
            )
        return tuple(str(v) for v in value)
    if origin in (types.UnionType, typing.Union):
        inner = [a for a in get_args(hint) if a is not type(None)]
        if value is None or value == "none":
            return None
        return _coerce(name, inner[0], value)
    if hint is bool:
        if isinstance(value, str) and value.lower() in (
            "true",
            "yes",
            "on",
            "1",
            "false",
            "no",
            "off",
            "0",
        ):
            return value.lower() in ("true", "yes", "on", "1")
        if not isinstance(value, bool):
            raise ConfigError(
                _config(N_("config '{name}' must be true or false, not {value}"), name, value)
            )
        return value
    if hint is int:
        if isinstance(value, str):
            try:
                value = int(value)
            except ValueError:
                raise ConfigError(_config(INTEGER, name, value)) from None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(_config(INTEGER, name, value))
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ConfigError(
                _config(N_("config '{name}' must be a string, not {value}"), name, value)
            )
        return value
    return value


NO_THEMES = N_("this game has no card themes, so --theme {theme} does not apply")


def make_config(config_class: type[Any], overrides: Mapping[str, Any]) -> Any:
    """Build a frozen Config from overrides, naming any unknown key or badly typed value."""
    hints = typing.get_type_hints(config_class)
    names = [f.name for f in dataclasses.fields(config_class)]
    values: dict[str, Any] = {}
    for key, value in overrides.items():
        name = key.replace("-", "_")
        if name not in names:
            if name == "theme":  # --theme names no rule of this game: say so, not "config"
                raise ConfigError(_(NO_THEMES, theme=value))
            known = ", ".join(spelled(n) for n in names)
            raise ConfigError(_("unknown config '{key}' (known: {known})", key=key, known=known))
        values[name] = _coerce(name, hints[name], value)
    try:
        return config_class(**values)
    except (TypeError, ValueError) as exc:
        problem = as_given(str(exc), names, overrides)
        raise ConfigError(_("config: {problem}", problem=problem)) from None


def as_given(problem: str, names: list[str], overrides: Mapping[str, Any]) -> str:
    """A game's own check names parameters by their Python names (``max_rounds``); the message
    spells them as the user did: hyphenated when the user wrote a hyphen (``--set
    max-rounds=0``, as ``rules`` shows them), else left as they are (``max_rounds=0`` in
    Python or on the command line)."""
    if not any("-" in key for key in overrides):
        return problem
    for name in sorted(names, key=len, reverse=True):
        problem = re.sub(rf"\b{re.escape(name)}\b", spelled(name), problem)
    return problem


def config_to_json(config: Any) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for field in dataclasses.fields(config):
        value = getattr(config, field.name)
        data[field.name] = list(value) if isinstance(value, tuple) else value
    return data


def param(default: Any, help: str) -> Any:
    """A Config field with the help text ``rulebook rules`` shows (rule id, meaning)."""
    return dataclasses.field(default=default, metadata={"help": help})


def describe_config(config_class: type[Any]) -> list[tuple[str, str, str]]:
    """(name, default, help) for every rule parameter, help taken from field metadata."""
    rows = []
    for field in dataclasses.fields(config_class):
        default = field.default
        shown = ",".join(default) if isinstance(default, tuple) else str(default)
        rows.append((spelled(field.name), shown, str(field.metadata.get("help", ""))))
    return rows
