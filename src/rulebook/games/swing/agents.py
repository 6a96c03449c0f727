"""A heuristic SWING! player (placeholder until the full heuristic lands): first legal action."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.agents import check_options
from rulebook.engine.actions import Action
from rulebook.engine.state import InfoSet


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, game: Any, seat: int, seed: int, options: Mapping[str, str]) -> None:
        check_options(self.name, options, ())
        self.game, self.seat = game, seat

    def act(self, infoset: InfoSet) -> Action:
        return infoset.legal_actions()[0]
