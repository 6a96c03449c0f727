"""A heuristic SWING! player that reads only its view and its legal actions.

Plan: as Top, place the richest Location, introduce the strongest cards it can pay for
(Guests first: they block on later turns), then seduce with every card, each at the Co-Host
nearest orgasm who has the fewest free blockers. As Bottom, keep Inspiration (Locations spent
now stay tagged) unless a seduction is coming and no card is free to block: then a card that
can block (a #Surprise Guest, an Object). Block when the blocker survives or wins the
exchange, or when the Host is close to 0. Aftercare buys a blocker, else a card back from the
Laundry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.agents import check_options
from rulebook.engine.actions import Action
from rulebook.engine.state import InfoSet
from rulebook.games.swing.cards import GUEST, KINDS, Card
from rulebook.games.swing.game import Swing


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, game: Swing, seat: int, seed: int, options: Mapping[str, str]) -> None:
        check_options(self.name, options, ())
        self.game, self.seat = game, seat
        self.cards: dict[str, Card] = {c.id: c for c in game.types}
        self.blocking = {name for k, name in enumerate(KINDS) if game.blocks_with(k)}

    def act(self, infoset: InfoSet) -> Action:
        view, actions = infoset.view(), infoset.legal_actions()
        by: dict[str, list[Action]] = {}
        for action in actions:
            by.setdefault(action.kind, []).append(action)
        kind = view["decision"]["kind"]
        done = by.get("done", by.get("take", actions))[0]
        if kind == "foreplay-top":
            return self._foreplay(by) or done
        if kind == "seduce":  # (A23: introducing again first, when the rules allow it)
            if "introduce" in by:
                return self._foreplay({"introduce": by["introduce"]}) or done
            return self._seduce(view, by["seduce"]) if "seduce" in by else done
        if kind in ("respond", "surprise", "foreplay-bottom"):
            return self._defend(view, by.get("introduce", []), kind) or done
        if kind == "block":
            return self._block(view, by) or done
        if kind == "aftercare":
            return self._aftercare(by) or done
        if kind == "pay":
            return self._pay(view, by["tag"])
        return done

    def _card(self, action: Action) -> Card:
        return self.cards[action.args[0]]

    def _strength(self, card: Card) -> tuple[int, int, int]:
        return (card.kind == GUEST, card.cost, card.prowess + card.endurance)

    def _foreplay(self, by: dict[str, list[Action]]) -> Action | None:
        if "location" in by:
            return max(by["location"], key=lambda a: self._card(a).inspiration)
        if "introduce" in by:
            return max(by["introduce"], key=lambda a: self._strength(self._card(a)))
        return None

    def _free_blockers(self, view: dict[str, Any], seat: int) -> int:
        owner = f"Player {seat + 1}"
        return sum(
            1
            for c in view["room"]
            if c["owner"] == owner and not c["tagged"] and c["kind"] in self.blocking
        )

    def _seduce(self, view: dict[str, Any], options: list[Action]) -> Action:
        hosts = view["hosts"]

        def score(action: Action) -> tuple[int, int]:
            target = action.args[1]
            meter = hosts[target]["pleasure_meter"]
            threat = self._card(action).prowess
            finishing = 0 if meter <= threat else 1
            return (finishing, meter + 4 * self._free_blockers(view, target) - threat)

        return min(options, key=score)

    def _incoming(self, view: dict[str, Any]) -> int:
        me = f"Player {self.seat + 1}"
        return sum(1 for c in view["room"] if c["seducing"] == me)

    def _defend(self, view: dict[str, Any], options: list[Action], kind: str) -> Action | None:
        if kind == "foreplay-bottom" or not options:
            return None
        if self._free_blockers(view, self.seat) >= self._incoming(view):
            return None
        blockers = [a for a in options if self._card(a).kind_name in self.blocking]
        if not blockers:
            return None
        return max(blockers, key=lambda a: (self._card(a).endurance, self._card(a).prowess))

    def _block(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action | None:
        seducer = self.cards[view["decision"]["seducer"]]
        meter = view["hosts"][self.seat]["pleasure_meter"]
        best, best_score = None, 0
        for action in by.get("block", []):
            card = self._card(action)
            survives = card.endurance > seducer.prowess
            kills = card.prowess >= seducer.endurance
            score = 2 * survives + kills
            if score > best_score:
                best, best_score = action, score
        if best is not None and best_score >= 2:
            return best
        if best is not None and (best_score == 1 or meter - seducer.prowess <= 6):
            return best
        if meter - seducer.prowess <= 6 and by.get("block"):
            return min(by["block"], key=lambda a: self._card(a).cost)
        return None

    def _pay(self, view: dict[str, Any], options: list[Action]) -> Action:
        """A6 (``pay=choose``): the smallest Location that covers what is owed, else the
        largest (the drawn Inspiration: the Host's less its untagged Locations')."""
        me = f"Player {self.seat + 1}"
        free = sum(
            c["inspiration"] for c in view["locations"] if c["owner"] == me and not c["tagged"]
        )
        owed = self.cards[view["decision"]["card"]].cost
        owed -= view["hosts"][self.seat]["inspiration"] - free
        covering = [a for a in options if self._card(a).inspiration >= owed]
        if covering:
            return min(covering, key=lambda a: self._card(a).inspiration)
        return max(options, key=lambda a: self._card(a).inspiration)

    def _aftercare(self, by: dict[str, list[Action]]) -> Action | None:
        blockers = [a for a in by.get("introduce", []) if self._card(a).kind_name in self.blocking]
        if blockers:
            card = self._card
            return max(
                blockers, key=lambda a: (card(a).kind == GUEST, card(a).endurance, card(a).cost)
            )
        if "launder" in by:
            return max(by["launder"], key=lambda a: self._card(a).cost)
        return None
