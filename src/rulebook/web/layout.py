"""What the generic browser client is told about a game beyond its views: the layout with
every card's name and full text from the game's own content, goals read from its Config,
how to play, and the switch that decides its seats (a game's mode) for the lobby."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
import typing
from collections.abc import Iterator, Mapping
from typing import Any

from rulebook.engine.content import card_rows
from rulebook.engine.game import Game, game_class, load
from rulebook.i18n import (
    ENGLISH_LANGUAGE,
    PSEUDO,
    PSEUDO_OPEN,
    Language,
    current,
    pseudo,
    reading,
    worded,
)

CONFIG = "config."  # a layout value "config.<field>" is that field of the room's Config


def room_layout(game: Game, base: Any) -> dict[str, Any]:
    """A room's layout in the current reader's language: ``base`` (the game's own or
    static/layouts.json's) with the names and texts its configured content carries (its
    theme's cards; a card's content text wins over a layout's), every ``config.<field>``
    value in a zone replaced by the Config's, its headings translated, and ``words``: the
    English words a view holds as values (roles, decisions' prompts, the game's own) as the
    reader words them (the client looks every value it shows up there)."""
    language = current()
    layout: dict[str, Any] = copy.deepcopy(dict(base)) if base else {}
    names, texts = card_texts(game)
    layout["cards"] = {**names, **layout.get("cards", {})}
    layout["texts"] = {**layout.get("texts", {}), **texts}
    for key in ("zones", "summary"):
        layout[key] = [resolve(zone, game.config) for zone in layout.get(key, [])]
    translate(layout, language)
    layout["words"] = {**layout["words"], **card_words(game, base, layout, language)}
    layout["words"].update(view_words(game, language))
    return layout


def card_words(
    game: Game, base: Any, layout: Mapping[str, Any], language: Language
) -> dict[str, str]:
    """A card's English name and text -> the reader's: a view that holds a card by its name
    or its text (not its id) is shown in the reader's language too."""
    if language.english:
        return {}
    with reading(ENGLISH_LANGUAGE):
        names, texts = card_texts(game)
    names = {**names, **(dict(base).get("cards", {}) if base else {})}
    words: dict[str, str] = {}
    for english, shown in ((names, layout["cards"]), (texts, layout["texts"])):
        for card_id, said in english.items():
            if isinstance(said, str) and shown.get(card_id, said) != said:
                words.setdefault(said, shown[card_id])
    return words


# ------------------------------------------------------------------------- languages
HEADINGS = ("label", "flag_text")  # a zone's own words


def readable(key: str) -> str:
    """An id as the client shows one with no name (``lost-property`` -> ``Lost property``)."""
    text = re.sub(r"[_-]+", " ", str(key)).strip()
    return text[:1].upper() + text[1:]


def layout_messages(layout: Mapping[str, Any]) -> Iterator[str]:
    """Every heading a layout holds (what ``translate`` words), for extraction."""
    yield from _label_values(layout.get("labels", {}))
    for theme in layout.get("themes", {}).values():
        yield from _label_values(theme.get("labels", {}))
    for item in layout.get("header", []):
        if item.get("label"):
            yield item["label"]
    yield from (v for v in layout.get("empty", {}).values() if isinstance(v, str))
    for key in ("zones", "summary"):
        for zone in layout.get(key, []):
            yield from _zone_messages(zone)
    for kind in layout.get("kinds", {}).values():
        if isinstance(kind, str) and not kind.startswith("lord-"):
            yield readable(kind)


def _label_values(labels: Mapping[str, Any]) -> Iterator[str]:
    yield from (v for v in labels.values() if isinstance(v, str) and v)


def _zone_messages(zone: Mapping[str, Any]) -> Iterator[str]:
    for key in HEADINGS:
        if isinstance(zone.get(key), str) and zone[key]:
            yield zone[key]
    for inner in zone.get("zones", []):
        yield from _zone_messages(inner)


def translate(layout: dict[str, Any], language: Language) -> None:
    """The layout's headings in ``language`` (in place); its kinds' names under ``words``;
    in the pseudo-language its cards' names and texts transformed too, as a ``Name``'s are
    (a name given only in English reads in English in every other language)."""
    say = language
    layout["labels"] = {k: say(v) for k, v in layout.get("labels", {}).items()}
    for theme in layout.get("themes", {}).values():
        theme["labels"] = {k: say(v) for k, v in theme.get("labels", {}).items()}
    layout["header"] = [
        {**item, "label": say(item["label"])} if item.get("label") else item
        for item in layout.get("header", [])
    ]
    layout["empty"] = {k: say(v) for k, v in layout.get("empty", {}).items()}
    for key in ("zones", "summary"):
        layout[key] = [_zone_words(zone, language) for zone in layout.get(key, [])]
    layout["words"] = {
        kind: say(readable(kind))
        for kind in layout.get("kinds", {}).values()
        if isinstance(kind, str) and not kind.startswith("lord-")
    }
    if language.code == PSEUDO:
        for key in ("cards", "texts"):
            layout[key] = {
                k: v if v.startswith(PSEUDO_OPEN) else pseudo(v)
                for k, v in layout.get(key, {}).items()
            }


def _zone_words(zone: Any, language: Language) -> Any:
    if not isinstance(zone, dict):
        return zone
    out = {
        k: language(v) if k in HEADINGS and isinstance(v, str) and v else v for k, v in zone.items()
    }
    if isinstance(zone.get("zones"), list):
        out["zones"] = [_zone_words(inner, language) for inner in zone["zones"]]
    return out


def view_words(game: Game, language: Language) -> dict[str, str]:
    """The English words a game's views hold as values, as ``language`` words them: each
    seat's role, each decision's prompt, and what the game's front end adds (``words``)."""
    cls = type(game)
    words: dict[str, str] = {}
    for seat in range(cls.max_players):
        words[game.role(seat)] = game.role_words(seat)
    for kind in getattr(cls.state_class, "DECISIONS", ()):
        if kind.prompt:
            words[kind.prompt] = language(kind.prompt)
    own = cls.frontend().words
    if own is not None:
        for english, said in own(game).items():
            words[english] = str(worded(said, language))
    return words


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
            {
                "value": value,
                "players": players,
                "roles": [game.role_words(s) for s in range(players)],
            }
        )
    return {"parameter": name.replace("_", "-"), "default": field.default, "choices": choices}


def extract_layouts(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[Any]:
    """Babel extraction for static/layouts.json: every game's headings and kinds' names."""
    del keywords, comment_tags, options
    data = json.loads(fileobj.read().decode("utf-8"))
    for layout in data.values():
        if isinstance(layout, dict):
            for message in dict.fromkeys(layout_messages(layout)):
                yield 1, "_", message, []
