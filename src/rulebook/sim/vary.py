"""What ``--vary`` means: rule parameters and the values to try, checked against the game's
Config before a single game is played (one line naming the problem otherwise)."""

from __future__ import annotations

import dataclasses
import itertools
import typing
from dataclasses import dataclass
from typing import Any

from rulebook.engine.errors import ConfigError, RulebookError
from rulebook.engine.game import Game, game_class, load, make_config
from rulebook.engine.parameters import shown_value
from rulebook.i18n import _


@dataclass(frozen=True)
class Axis:
    """One varied parameter: its name as typed (``hand-size``) and its values, typed."""

    name: str
    values: tuple[Any, ...]
    numeric: bool = False  # an integer parameter (a range can be searched as one)

    def labels(self) -> list[str]:
        return [shown_value(v) for v in self.values]


def parameters(slug: str) -> dict[str, Any]:
    """The game's rule parameters by dashed name, with their types."""
    config_class = game_class(slug).config_class
    hints = typing.get_type_hints(config_class)
    return {f.name.replace("_", "-"): hints[f.name] for f in dataclasses.fields(config_class)}


def parse_vary(slug: str, spec: str) -> Axis:
    """``NAME=v1,v2``, ``NAME=LO..HI`` (whole numbers, both ends included) or
    ``without=CARD,...`` (each card left out in turn, on top of any --without)."""
    name, sep, text = spec.partition("=")
    name = name.strip().replace("_", "-")
    known = parameters(slug)
    if not sep or not name:
        raise ConfigError(_("--vary needs NAME=VALUES, got '{spec}'", spec=spec))
    if name not in known:
        raise ConfigError(
            _(
                "--vary: {game} has no parameter '{name}' (known: {known})",
                game=slug,
                name=name,
                known=", ".join(known),
            )
        )
    hint = known[name]
    config_class = game_class(slug).config_class
    if ".." in text:
        if hint is not int:
            raise ConfigError(
                _("--vary {name}: a range LO..HI is for whole-number parameters", name=name)
            )
        low, _dots, high = text.partition("..")
        try:
            lo, hi = int(low), int(high)
        except ValueError:
            raise ConfigError(
                _("--vary {name}: '{text}' is not a range of whole numbers", name=name, text=text)
            ) from None
        if lo > hi:
            raise ConfigError(_("--vary {name}: the range {text} is empty", name=name, text=text))
        raw: list[Any] = list(range(lo, hi + 1))
    else:
        raw = [v.strip() for v in text.split(",") if v.strip()]
        if not raw:
            raise ConfigError(_("--vary {name}: no values given", name=name))
    values = []
    for value in raw:
        try:
            config = make_config(config_class, {name: value})
        except ConfigError as exc:
            raise ConfigError(_("--vary {name}: {problem}", name=name, problem=exc)) from None
        values.append(getattr(config, name.replace("-", "_")))
    if len(set(values)) < len(values):
        raise ConfigError(_("--vary {name}: a value is given twice", name=name))
    return Axis(name, tuple(values), numeric=hint is int)


def parse_axes(slug: str, specs: list[str]) -> list[Axis]:
    if not specs:
        raise ConfigError(_("give at least one --vary NAME=VALUES"))
    axes = [parse_vary(slug, spec) for spec in specs]
    names = [a.name for a in axes]
    for name in names:
        if names.count(name) > 1:
            raise ConfigError(
                _("--vary {name} is given twice (list its values in one --vary)", name=name)
            )
    return axes


def apply(base: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
    """The config of one row: the base options with the row's settings; a varied ``without``
    card is left out on top of the base's."""
    config = dict(base)
    for name, value in settings.items():
        if name == "without":
            config["without"] = tuple(base.get("without", ())) + tuple(value)
        else:
            config[name] = value
    return config


def grid(axes: list[Axis]) -> list[dict[str, Any]]:
    """Every combination, the first axis varying slowest."""
    return [
        {axis.name: value for axis, value in zip(axes, combo, strict=True)}
        for combo in itertools.product(*(axis.values for axis in axes))
    ]


def defaults(slug: str, axes: list[Axis], base: dict[str, Any]) -> dict[str, Any]:
    """The varied parameters at their value in the base options (the game's default unless
    --set changed it); ``without`` at nothing more left out."""
    config = load(slug, **base).config
    return {
        a.name: () if a.name == "without" else getattr(config, a.name.replace("-", "_"))
        for a in axes
    }


def check_rows(slug: str, base: dict[str, Any], rows: list[dict[str, Any]]) -> Game:
    """Every row's game is built once here, so a bad card or combination fails before any
    worker starts."""
    game = load(slug, **base)
    for settings in rows:
        try:
            load(slug, **apply(base, settings))
        except RulebookError as exc:
            raise ConfigError(
                _("--vary {name}: {problem}", name=label(settings), problem=exc)
            ) from None
    return game


def label(settings: dict[str, Any]) -> str:
    """Settings as typed after --set (a list of cards comma separated; none for nothing)."""
    return " ".join(f"{k}={shown(v)}" for k, v in settings.items())


def shown(value: Any) -> str:
    return shown_value(tuple(value) if isinstance(value, list) else value) or "none"


def as_value(value: Any) -> Any:
    """A Config value as JSON has it (a tuple of cards as a list)."""
    return list(value) if isinstance(value, tuple) else value


def as_json(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: as_value(v) for k, v in settings.items()}
