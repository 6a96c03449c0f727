"""What the generic browser client is told about a game beyond its views: the layout with
every card's name and full text from the game's own content, goals read from its Config,
how to play, and the switch that decides its seats (a game's mode) for the lobby."""

from __future__ import annotations

import copy
import dataclasses
import typing
from typing import Any

from rulebook.engine.content import card_rows
from rulebook.engine.game import Game, game_class, load

CONFIG = "config."  # a layout value "config.<field>" is that field of the room's Config


def room_layout(game: Game, base: Any) -> dict[str, Any]:
    """A room's layout: ``base`` (the game's own or static/layouts.json's) with the names and
    texts its configured content carries (its theme's cards; a card's content text wins over
    a layout's), and every ``config.<field>`` value in a zone replaced by the Config's."""
    layout: dict[str, Any] = copy.deepcopy(dict(base)) if base else {}
    names, texts = card_texts(game)
    layout["cards"] = {**names, **layout.get("cards", {})}
    layout["texts"] = {**layout.get("texts", {}), **texts}
    for key in ("zones", "summary"):
        layout[key] = [resolve(zone, game.config) for zone in layout.get(key, [])]
    return layout


def card_texts(game: Game) -> tuple[dict[str, str], dict[str, str]]:
    """Every card's name and full text, by id, from the game's content (``CardRow``)."""
    names: dict[str, str] = {}
    texts: dict[str, str] = {}
    for row in card_rows(game):
        if row.name:
            names.setdefault(row.id, row.name)
        if row.text:
            texts.setdefault(row.id, row.text)
    return names, texts


def resolve(zone: Any, config: Any) -> Any:
    """A zone with its ``config.<field>`` values read from the Config (a group's zones too)."""
    if isinstance(zone, dict):
        return {k: resolve(v, config) for k, v in zone.items()}
    if isinstance(zone, list):
        return [resolve(v, config) for v in zone]
    if isinstance(zone, str) and zone.startswith(CONFIG):
        return getattr(config, zone.removeprefix(CONFIG).replace("-", "_"), None)
    return zone


def modes(slug: str) -> dict[str, Any] | None:
    """The lobby's first choice where a Config switch decides the seats (``mode_parameter``):
    each value with its player count, roles and meaning; None for other games."""
    cls = game_class(slug)
    name = cls.mode_parameter
    if name is None:
        return None
    field = {f.name: f for f in dataclasses.fields(cls.config_class)}[name]
    values = typing.get_args(typing.get_type_hints(cls.config_class)[name])
    choices = []
    for value in values:
        game = load(slug, **{name: value})
        players = game.min_players
        choices.append(
            {"value": value, "players": players, "roles": [game.role(s) for s in range(players)]}
        )
    return {"parameter": name.replace("_", "-"), "default": field.default, "choices": choices}
