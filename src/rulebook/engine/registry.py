"""The games rulebook knows: installed packages' ``rulebook.games`` entry points, and games
registered at run time (tests, notebooks)."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from rulebook.engine.errors import UnknownGame
from rulebook.i18n import _

if TYPE_CHECKING:
    from rulebook.engine.game import Game


GROUP = "rulebook.games"
_REGISTERED: dict[str, str] = {}  # added at run time (tests, notebooks), beside entry points


def register(slug: str, target: str) -> None:
    """Register ``module:Class`` under ``slug`` without packaging it (imported lazily)."""
    _REGISTERED[slug] = target


@cache
def _installed() -> dict[str, str]:
    """The ``rulebook.games`` entry points of installed packages, read once: reading them
    scans every installed distribution (about 60 ms with the extras installed), which a
    server creating rooms would pay per room."""
    return {ep.name: ep.value for ep in entry_points(group=GROUP)}


def _targets(fresh: bool = False) -> dict[str, str]:
    """Every game: the installed packages' entry points (``fresh``: read again, for a
    package installed since), then the games registered at run time."""
    if fresh:
        _installed.cache_clear()
    found = dict(_installed())
    found.update(_REGISTERED)
    return found


def game_class(slug: str) -> type[Game]:
    targets = _targets()
    target = targets.get(slug)
    if target is None:  # perhaps installed since the entry points were read
        targets = _targets(fresh=True)
        target = targets.get(slug)
    if target is None:
        raise UnknownGame(
            _("unknown game '{slug}' (games: {games})", slug=slug, games=", ".join(sorted(targets)))
        )
    module_name, _colon, class_name = target.partition(":")
    cls: type[Game] = getattr(import_module(module_name), class_name)
    return cls


def load(slug: str, **config: Any) -> Game:
    """``rulebook.load(slug, **config)``: a configured game, rulebook defaults for the rest."""
    return game_class(slug).from_options(**config)


def games() -> list[type[Game]]:
    return [game_class(slug) for slug in sorted(_targets())]
