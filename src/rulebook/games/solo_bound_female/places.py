"""Where a seat's view shows each field of the observation (``State.VIEW_OF``,
``rulebook.engine.view_places``): read from the view alone, with the game's fixed tables.

The view is the acting character's table: ``hand`` is the seat's own hand (the acting
character's or, in the two-player modes, the other's), ``other`` the other character's."""

from __future__ import annotations

from typing import Any

from rulebook.engine.view_places import View, ViewPlace

ORIENTATIONS = ("reset", "triggered", "ignored")
STEPS = ("opposing turn", "begin step", "initial step", "clean-up step", "end turn")


def step(view: View, _i: int, _game: Any) -> int:
    """step (its number)"""
    return STEPS.index(view["step"])


def me(view: View, _i: int, game: Any) -> int:
    """acting (the acting character's seat; solo: 0)"""
    acting = view.get("acting")
    return 0 if acting is None else [game.role(s) for s in range(2)].index(acting)


def _is_me(view: View, game: Any) -> bool:
    return bool(view["seat"] == me(view, 0, game))


def hand(view: View, _i: int, game: Any) -> Any:
    """hand (when the seat is the acting character's), else hand_size"""
    return view["hand"] if _is_me(view, game) and "hand" in view else view["hand_size"]


def hand_b(view: View, _i: int, game: Any) -> Any:
    """hand (when the seat is the other character's), else other.hand_size"""
    if not _is_me(view, game) and "hand" in view:
        return view["hand"]
    return view["other"]["hand_size"] if "other" in view else 0


def _runs(view: View, game: Any, board: int) -> bool:
    """Does the seat run the scenario deck of character ``board`` (0: the acting one)?"""
    k = me(view, 0, game) if board == 0 else 1 - me(view, 0, game)
    return bool(view["seat"] == game.controller[k if game.mode == "standard" else 0])


def shand(view: View, _i: int, game: Any) -> Any:
    """scenario_hand (when the seat runs the acting character's scenario deck), else its size"""
    if "scenario_hand" in view and _runs(view, game, 0):
        return view["scenario_hand"]
    return view.get("scenario_hand_size", 0)


def shand_b(view: View, _i: int, game: Any) -> Any:
    """scenario_hand (when the seat runs the other's scenario deck), else other's size"""
    if "scenario_hand" in view and not _runs(view, game, 0):
        return view["scenario_hand"]
    return view.get("other", {}).get("scenario_hand_size", 0)


def _items(view: View) -> list[dict[str, Any]]:
    """Every card the view shows in play, with its orientation, duration and counters."""
    out: list[dict[str, Any]] = []
    for board in (view, view.get("other") or {}):
        for key in ("character", "scenario"):
            value = board.get(key)
            out.extend(value if isinstance(value, list) else [value] if value else [])
        for key in ("in_play", "opposition", "resolving"):
            out.extend(board.get(key) or ())
    return out


def orient(view: View, _i: int, _game: Any) -> list[tuple[str, str, int]]:
    """*.orientation of every card in play"""
    return [("every-card", c["id"], ORIENTATIONS.index(c["orientation"])) for c in _items(view)]


def left(view: View, _i: int, _game: Any) -> list[tuple[str, str, int]]:
    """*.duration of every card in play"""
    return [("every-card", c["id"], c.get("duration", 0)) for c in _items(view)]


def marks(view: View, _i: int, _game: Any) -> list[tuple[str, str, int]]:
    """*.counters of every card in play (the number before the slash)"""
    return [
        ("every-card", c["id"], int(c["counters"].split("/")[0]) if "counters" in c else 0)
        for c in _items(view)
    ]


def _ready(key: str) -> Any:
    def used(view: View, _i: int, _game: Any) -> int:
        part = view[key]
        return int(part["count"] - part["ready"])

    used.__doc__ = f"{key}.count less {key}.ready"
    return used


PLACES: dict[str, ViewPlace] = {
    "turn": "turn",
    "step": step,
    "me": me,
    "stim": "stimulation",
    "vitality": "vitality",
    "denied": "denied",
    "skip": "skip_turns",
    "apt_used": _ready("aptitude"),
    "apt_played": "aptitude.played_this_turn",
    "inapt_used": _ready("inaptitude"),
    "progress": "progress",
    "visibility": "visibility",
    "stim_b": "other.stimulation",
    "vitality_b": "other.vitality",
    "progress_b": "other.progress",
    "visibility_b": "other.visibility",
    "orient": orient,
    "left": left,
    "marks": marks,
    "deck": "deck",
    "hand": hand,
    "aptitude": "aptitude.cards|aptitude.count",
    "cdiscard": "discard",
    "sdeck": "scenario_deck",
    "shand": shand,
    "inaptitude": "inaptitude.cards|inaptitude.count",
    "sdiscard": "scenario_discard",
    "cplay": "in_play.*.id",
    "splay": "opposition.*.id",
    "pending": "resolving.*.id",
    "deck_b": "other.deck",
    "hand_b": hand_b,
    "aptitude_b": "other.aptitude_cards|other.aptitude",
    "cdiscard_b": "other.discard",
    "sdeck_b": "other.scenario_deck",
    "shand_b": shand_b,
    "inaptitude_b": "other.inaptitude_cards|other.inaptitude",
    "sdiscard_b": "other.scenario_discard",
    "cplay_b": "other.in_play.*.id",
    "splay_b": "other.opposition.*.id",
    "proxies": "proxies",
}
