"""Where the view shows each field of the observation (``State.VIEW_OF``,
``rulebook.engine.view_places``): read from the view alone, with the game's fixed tables
(card numbers from card ids or names, abilities and scenes from their words)."""

from __future__ import annotations

from typing import Any

from rulebook.engine.view_places import View, ViewPlace
from rulebook.games.ribbon_of_bone.cards import ABILITIES
from rulebook.games.ribbon_of_bone.game import LORD_ICON


def _fighter(game: Any, card: str) -> int:
    return next(n for n, f in enumerate(game.content.fighters) if f.id == card)


def _named(game: Any, name: str | None) -> int:
    return -1 if name is None else game.names.index(name)


def identity(view: View, _i: int, game: Any) -> int:
    """identity.id (-1: none yet)"""
    card = view["identity"]
    return -1 if card is None else _fighter(game, card["id"])


def constituency(view: View, _i: int, game: Any) -> list[int]:
    """constituency.*.id"""
    return [_fighter(game, c["id"]) for c in view["constituency"]]


def court(view: View, _i: int, game: Any) -> list[int]:
    """court.*.id"""
    ids = [c.id for c in game.content.court]
    return [ids.index(c["id"]) for c in view["court"]]


def sides(view: View, _i: int, _game: Any) -> list[int]:
    """court.*.side (0: lord, 1: ability)"""
    return [0 if c["side"] == "lord" else 1 for c in view["court"]]


def _abilities(key: str) -> Any:
    def read(view: View, _i: int, _game: Any) -> list[int]:
        return [ABILITIES.index(a) for a in view["notebook"][key]]

    read.__doc__ = f"notebook.{key} (abilities)"
    return read


def scenes(view: View, _i: int, game: Any) -> list[int]:
    """notebook.scenes"""
    return [game.scene_names.index(s) for s in view["notebook"]["scenes"]]


def _combat(key: str) -> Any:
    def read(view: View, _i: int, game: Any) -> Any:
        combat = view["combat"]
        if combat is None:
            return -1 if key in ("rogue", "binder", "last_binder") else []
        value = combat[key]
        if key == "party":
            return [_named(game, name) for name in value]
        return _named(game, value) if key in ("rogue", "binder", "last_binder") else value

    read.__doc__ = f"combat.{key}"
    return read


def predicted(view: View, _i: int, game: Any) -> list[int]:
    """combat.foes.*.predicted (the foe's icon slot; -1: none)"""
    combat = view["combat"]
    out = []
    for foe in combat["foes"] if combat else ():
        shown = foe.get("predicted")
        if shown is None:
            out.append(-1)
        elif shown == "basic attack":
            out.append(LORD_ICON)
        else:
            card = _fighter(game, foe["id"])
            out.append([ABILITIES[a] for a in game.abilities[card]].index(shown))
    return out


def wrath(view: View, _i: int, _game: Any) -> bool:
    """alignment (The Wrath: 1)"""
    return bool(view["alignment"] == "The Wrath")


def deck(view: View, i: int, _game: Any) -> int:
    """decks.LORD (its count)"""
    return int(list(view["decks"].values())[i])


PLACES: dict[str, ViewPlace] = {
    "identity": identity,
    "constituency": constituency,
    "court": court,
    "sides": sides,
    "tokens": "court.*.tokens",
    "pos": "position",
    "sheet": "sheet_tokens",
    "health": "health",
    "wrath": wrath,
    "att": "tracker_position",
    "memories": _abilities("memories"),
    "crossed": _abilities("crossed_out"),
    "scenes": scenes,
    "opponents": "notebook.opponents",
    "health_log": "notebook.health",
    "turn": "turn",
    "event": "roll",
    "foes": _combat("foes"),
    "predicted": predicted,
    "party": _combat("party"),
    "binder": _combat("binder"),
    "last_binder": _combat("last_binder"),
    "action": _combat("action"),
    "rogue": _combat("rogue"),
    "decks": deck,
    "set_aside": "identities.*.id",
}
