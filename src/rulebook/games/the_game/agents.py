"""A heuristic player for The GAME that reads only its view and the legal actions.

Plan: play a set whenever one is in hand; otherwise use a special card to fetch a missing
kind; otherwise cycle the most duplicated kind. Player 1 decorates punishments with every
point (points buy nothing else); Player 2 buys the cheapest pleasure card at once and spends
Skip Punishment (then Stop Game) only when Player 1 is one set from winning.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rulebook.agents import check_options
from rulebook.engine.actions import Action
from rulebook.engine.random import Rng, derive_seed
from rulebook.engine.state import InfoSet
from rulebook.games.the_game.cards import SET_KINDS
from rulebook.games.the_game.game import P1, P2, TheGame


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, game: TheGame, seat: int, seed: int, options: Mapping[str, str]) -> None:
        check_options(self.name, options, ())
        self.game = game
        self.seat = seat
        self.rng = Rng(derive_seed(seed, 0x4E0, seat))
        content = game.content
        self.kind = {c.id: c.kind for c in content.main}
        self.effect = {c.id: c.effect for c in (*content.main, *content.pleasure)}

    def act(self, infoset: InfoSet) -> Action:
        view, actions = infoset.view(), infoset.legal_actions()
        by_kind: dict[str, list[Action]] = {}
        for action in actions:
            by_kind.setdefault(action.kind, []).append(action)
        decision = view["decision"]["kind"]
        me = view["players"][self.seat]
        hand: list[str] = me.get("hand", [])
        danger = len(view["queue"]) >= self.game.config.punishments_to_win - 1
        if self.seat == P2 and danger and "use" in by_kind:
            chosen = self._defend(by_kind["use"])
            if chosen is not None:
                return chosen
        if decision in ("turn", "spend"):
            return self._turn(view, hand, by_kind, danger) or actions[0]
        if decision == "ask":
            return self._ask(hand, by_kind["ask"])
        if decision == "skip-target":
            return self._most_equipped(view, by_kind["skip"])
        if decision == "remove-target":
            return self._most_equipped(view, by_kind["remove"])
        if decision == "hand-limit":
            return self._discard(hand, by_kind["discard"])
        if decision == "give":
            return self._discard(hand, by_kind["give"])
        return actions[self.rng.below(len(actions))]

    def _defend(self, uses: list[Action]) -> Action | None:
        for effect in ("skip-punishment", "stop-game"):
            for action in uses:
                if self.effect[action.args[0]] == effect:
                    return action
        return None

    def _turn(
        self, view: dict[str, Any], hand: list[str], by_kind: dict[str, list[Action]], danger: bool
    ) -> Action | None:
        if "set" in by_kind:
            return by_kind["set"][0]
        if "buy-random-pleasure" in by_kind:
            return by_kind["buy-random-pleasure"][0]
        if self.seat == P2 and danger and "buy-pleasure" in by_kind:
            for action in by_kind["buy-pleasure"]:
                if self.effect[action.args[0]] == "skip-punishment":
                    return action
        if "buy-random-equipment" in by_kind:
            return by_kind["buy-random-equipment"][0]
        if "done" in by_kind:
            return by_kind["done"][0]
        missing = [k for k in SET_KINDS if not any(self.kind[c] == k for c in hand)]
        opponent = view["players"][1 - self.seat]
        for action in by_kind.get("special", []):
            effect = self.effect[action.args[0]]
            if effect == "ask" and missing:
                return action
            if effect == "steal" and opponent["hand_size"] > 0 and missing:
                return action
        for kind in ("draw", "pass"):
            if kind in by_kind:
                return by_kind[kind][0]
        for kind in ("discard-and-draw", "discard"):
            if kind in by_kind:
                return self._discard(hand, by_kind[kind])
        return None

    def _ask(self, hand: list[str], asks: list[Action]) -> Action:
        missing = [k for k in SET_KINDS if not any(self.kind[c] == k for c in hand)]
        wanted = missing[0] if missing else SET_KINDS[0]
        return next(a for a in asks if a.args[0] == wanted)

    def _discard(self, hand: list[str], options: list[Action]) -> Action:
        """Give up a card of the kind held most often (a set needs only one of each)."""
        per_kind = Counter(self.kind[c] for c in hand)

        def keep_value(action: Action) -> tuple[int, int]:
            kind = self.kind[action.args[0]]
            return (1 if kind == "special" else 0, -per_kind[kind])

        return min(options, key=keep_value)

    def _most_equipped(self, view: dict[str, Any], options: list[Action]) -> Action:
        queue = view["queue"]
        return max(options, key=lambda a: (len(queue[a.args[0]]["equipment"]), a.args[0]))


AGENTS = {"heuristic": HeuristicAgent}
__all__ = ["AGENTS", "P1", "HeuristicAgent"]
