"""What a game offers front ends beyond the protocol, as one typed object.

The CLI, the simulator and the browser table ask ``GameClass.frontend()`` and read these
fields; nothing looks a game's attributes up by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol


class LastingProfile(Protocol):
    """State that lasts between playthroughs (Ribbon of Bone's envelope), kept by a table."""

    path: Path

    def config(self) -> dict[str, Any]:
        """Config overrides the profile brings to the next game."""
        ...

    def record_game(self, state: Any) -> None:
        """Remember what a finished game leaves behind."""
        ...


@dataclass(frozen=True)
class Keeps:
    """What a game keeps between playthroughs, as a JSON document any store can hold (the
    browser table keeps one per player in its database): ``config(doc)`` is the Config the
    next game takes from it, ``record(doc, state)`` the document after a finished game."""

    config: Callable[[Mapping[str, Any] | None], dict[str, Any]]
    record: Callable[[Mapping[str, Any] | None, Any], dict[str, Any]]


# (game, seat, seed, options) -> an agent
AgentFactory = Callable[[Any, int, int, Mapping[str, str]], Any]


@dataclass(frozen=True)
class Frontend:
    """``render(game, view)`` and ``summary(game, view)`` give rich renderables for the
    terminal: ``compact(game, view)`` is the table a decision screen shows by default (the
    status first, in the few lines an 80×24 terminal leaves beside the options), ``render``
    the whole table shown on request; ``card_texts(game, view)`` lists (name, full text) for
    every card the view shows, for a player who asks what a card does; ``agents`` are the
    game's own agents by name; ``profile(path)`` opens lasting state; ``layout`` guides the
    generic browser client; ``asks_name``: the table asks a human for the name the game's
    Config takes as ``name``."""

    render: Callable[[Any, dict[str, Any]], Any] | None = None
    summary: Callable[[Any, dict[str, Any]], Any] | None = None
    compact: Callable[[Any, dict[str, Any]], Any] | None = None
    card_texts: Callable[[Any, dict[str, Any]], list[tuple[str, str]]] | None = None
    agents: Mapping[str, AgentFactory] = field(default_factory=dict)
    profile: Callable[[Path | None], LastingProfile] | None = None
    layout: Mapping[str, Any] | None = None
    keeps: Keeps | None = None  # lasting state as a document (see ``Keeps``)
    shows_latest: bool = False  # ``render`` shows the latest action's narration itself
    asks_name: bool = False  # the table asks a human player's name for Config ``name``
    # the English words a game's views hold as values (a colour, a result, a card's English
    # name) -> how a reader words each (a Message, a Name or text): the browser's client
    # shows a view's values through them (the terminal's renderers word them themselves)
    words: Callable[[Any], Mapping[str, object]] | None = None
    # lines the browser shows above a seat's options, worded for the reader: what the
    # terminal's table works out for a decision (a battle's odds), which the generic client
    # cannot
    notes: Callable[[Any, dict[str, Any]], list[str]] | None = None
