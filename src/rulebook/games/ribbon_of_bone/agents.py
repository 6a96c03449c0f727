"""A heuristic player for Ribbon of Bone that reads only its view and the legal actions.

Plan: fight whenever a Marquis offers itself (while health allows), take every thought and
decision (memories feed reactions, V prompts heal), never wander (tokens force fights), steer
attunement toward the Lord most of the constituency serves (attack bonus), bind whatever can be
bound, and give each roll to the prosecutor who makes the most of it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rulebook.agents import check_options
from rulebook.engine.actions import Action
from rulebook.engine.random import Rng, derive_seed
from rulebook.engine.state import InfoSet
from rulebook.games.ribbon_of_bone.game import RibbonOfBone

VALUE = {
    "time": 3.0,
    "balance": 2.5,
    "gravity": 2.5,
    "reliance": 2.0,
    "support": 1.5,
    "loss": 2.0,
    "construction": 1.0,
}


class HeuristicAgent:
    name = "heuristic"

    def __init__(
        self, game: RibbonOfBone, seat: int, seed: int, options: Mapping[str, str]
    ) -> None:
        check_options(self.name, options, ())
        self.game = game
        self.rng = Rng(derive_seed(seed, 0x80B, seat))
        self.lords = list(game.lord_names)

    def act(self, infoset: InfoSet) -> Action:
        view, actions = infoset.view(), infoset.legal_actions()
        by_kind: dict[str, list[Action]] = {}
        for action in actions:
            by_kind.setdefault(action.kind, []).append(action)
        kind = view["decision"]["kind"]
        chooser = getattr(self, "_" + kind.replace("-", "_"), None)
        choice = chooser(view, by_kind) if chooser is not None else None
        return choice or actions[0]

    # -- exploring
    def _turn(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action | None:
        low = view["health"] <= (6 if view["alignment"] == "The Wrath" else 3)
        for kind in ("indulge", "resolve"):
            if kind in by:
                return by[kind][0]
        if "face" in by and not low:
            return by["face"][0]
        return by["stay"][0]

    def _main_lord(self, view: dict[str, Any]) -> str:
        counts = Counter(c["lord"] for c in view["constituency"] if not c["identity"])
        return counts.most_common(1)[0][0] if counts else self.lords[0]

    def _answer(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action | None:
        main = self._main_lord(view)
        return next((a for a in by["answer"] if main in a.text), by["answer"][0])

    def _v_thought(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action | None:
        main = self._main_lord(view)
        return next(a for a in by["free-attune"] if a.args[0] == main)

    def _v_decision(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action | None:
        if "flip" in by and view["health"] >= 10:
            return by["flip"][0]
        return by["heal"][0]

    def _identity(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action | None:
        return by["identity"][0]

    def _escape(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action | None:
        return (by.get("escape") or by["keep-envelope"])[0]

    # -- fighting
    def _cards(self, view: dict[str, Any]) -> dict[str, dict[str, Any]]:
        cards = {c["id"]: c for c in view["constituency"]}
        for foe in (view["combat"] or {}).get("foes", []):
            cards[foe["id"]] = foe
        return cards

    def _pick(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action | None:
        cards = self._cards(view)
        positive = {lord for lord, r in view["attunement"].items() if r in ("positive", "complete")}

        def worth(action: Action) -> float:
            card = cards[action.args[0]]
            return (card["lord"] in positive) * 2 + sum(VALUE[a] for a in card["abilities"])

        return max(by["pick"], key=worth)

    def _binder(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action | None:
        cards = self._cards(view)
        foes = view["combat"]["foes"]

        def matches(action: Action) -> int:
            card = cards[action.args[0]]
            total = 0
            for foe in foes:
                if foe["health"] <= 0:
                    continue
                total += sum(
                    1 for a in card["abilities"] if a in foe["abilities"] and a not in foe["bound"]
                )
                total += card["lord"] == foe["lord"] and "Lord" not in foe["bound"]
            return total

        return max(by["binder"], key=matches)

    def _bind(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action | None:
        binds = by.get("bind")
        if not binds:
            return by["done-binding"][0]
        cards = self._cards(view)
        predicted = {f["id"]: f.get("predicted") for f in view["combat"]["foes"]}

        def urgency(action: Action) -> int:
            card, slot = action.args
            abilities = cards[card]["abilities"]
            return int(slot < 3 and abilities[slot] == predicted.get(card))

        return max(binds, key=urgency)

    def _attribute(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action | None:
        roll = view["decision"]["roll"]
        cards = self._cards(view)

        def at(card: dict[str, Any], r: int) -> float:
            return VALUE[card["abilities"][r - 1]] if r <= 3 else 2.0

        def mean(card: dict[str, Any]) -> float:
            return sum(at(card, r) for r in range(1, 5)) / 4

        options = by["attribute"]
        ids = [a.args[0] for a in options]

        def gain(action: Action) -> float:
            other = next(i for i in ids if i != action.args[0])
            return at(cards[action.args[0]], roll) + mean(cards[other])

        return max(options, key=gain)

    def _target(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action | None:
        health = {f["id"]: f["health"] for f in view["combat"]["foes"]}
        return min(by["target"], key=lambda a: health[a.args[0]])

    def _reaction(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action | None:
        for kind in ("react-court", "react-note"):
            if kind in by:
                return by[kind][0]
        return by["no-reaction"][0]


AGENTS = {"heuristic": HeuristicAgent}
