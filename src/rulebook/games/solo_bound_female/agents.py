"""A heuristic player for Solo Bound Female that reads only its view and the legal actions.

Vitality is what runs out (the designer's own account), and every bondage card in play must be
triggered each initial step, so its stimulation comes back every turn. The plan: keep the
bondage in play within the character's stimulation score, trigger the card that fits the
headroom best (or the gentlest when an orgasm is unavoidable), cool down first when a card in
hand or an ability can, dodge person cards when visibility nears theirs, and turn the least
useful card into aptitude every turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.agents import check_options
from rulebook.engine.actions import Action
from rulebook.engine.state import InfoSet
from rulebook.games.solo_bound_female.cards import Card
from rulebook.games.solo_bound_female.game import SoloBoundFemale

CALMING = ("stimulation", "vitality")


class HeuristicAgent:
    name = "heuristic"

    def __init__(
        self, game: SoloBoundFemale, seat: int, seed: int, options: Mapping[str, str]
    ) -> None:
        check_options(self.name, options, ())
        self.game = game
        self.seat = seat
        self.cards = {c.id: c for c in game.types}

    def act(self, infoset: InfoSet) -> Action:
        view, actions = infoset.view(), infoset.legal_actions()
        by: dict[str, list[Action]] = {}
        for action in actions:
            by.setdefault(action.kind, []).append(action)
        kind = view["decision"]["kind"]
        if kind == "discard":
            return min(actions, key=lambda a: self.value(self.cards[a.args[0]], view))
        if kind == "scenario":
            return self.oppose(view, by)
        if kind == "choose":
            mine = view.get("acting", self.game.role(self.seat)) == self.game.role(self.seat)
            sign = 1 if mine else -1  # the scenario player picks what hurts the character
            return max(actions, key=lambda a: sign * self.threat(self.cards[a.args[0]]))
        if kind == "clean-up" and "done" in by:
            return self.main(view, by, False) or by["done"][0]
        return self.main(view, by, kind == "initial") or actions[0]

    # ------------------------------------------------------------------ the scenario player
    def harm(self, card: Card, view: dict[str, Any]) -> float:
        """How much a scenario card hurts the character now (SB-58's choice)."""
        if card.type == "person":
            near = 1.0 if view["visibility"] > card.visibility else 0.0
            return 2.0 + max(0, 7 - card.visibility) * 0.6 + near
        worth = 1.0 + 0.2 * card.duration
        for e in card.effects:
            amount = abs(e.amount)
            if e.do == "stimulation" and e.amount > 0:
                headroom = view["stimulation_score"] - view["stimulation"]
                worth += amount + (2.0 if amount >= headroom else 0.0)
            elif e.do in ("progress", "vitality") and e.amount < 0:
                worth += 1.5 * amount
            elif e.do in ("forced-orgasm", "skip-turn", "double-trouble"):
                worth += 2.5
            elif e.do in ("visibility", "discard", "ignore", "abandon"):
                worth += 1.0
        return worth

    def oppose(self, view: dict[str, Any], by: dict[str, list[Action]]) -> Action:
        """Play the most harmful card the inaptitude can pay for; else keep the more
        harmful card for later and place the other as inaptitude."""
        if "scenario-play" in by:
            return max(by["scenario-play"], key=lambda a: self.harm(self.cards[a.args[0]], view))
        return min(by["scenario-place"], key=lambda a: self.harm(self.cards[a.args[0]], view))

    # ------------------------------------------------------------------ judging cards
    def load(self, view: dict[str, Any]) -> int:
        """Stimulation the bondage in play will bring each turn."""
        return sum(
            self.cards[c["id"]].stimulation
            for c in view["in_play"]
            if c["type"].startswith("bondage") and c["orientation"] != "ignored"
        )

    def threat(self, card: Card) -> float:
        """How much a card in play hurts (abandon / ignore / trigger the worst); for our own
        bondage (The Landlady, a snagged knot) the least useful one."""
        if card.deck == "character":
            return -card.progress + card.stimulation
        return 5 - card.visibility if card.type == "person" else 1 + card.cost

    def value(self, card: Card, view: dict[str, Any]) -> float:
        """How much a card in hand is worth keeping."""
        headroom = view["stimulation_score"] - self.load(view)
        if card.type == "bondage":
            fits = 1.0 if card.stimulation <= headroom else -1.0
            return card.progress - 0.8 * card.stimulation + fits
        score = 1.0 + card.progress
        for e in card.effects:
            if e.do in CALMING and e.amount < 0 and e.do == "stimulation":
                score += 1.5
            elif e.do == "vitality" and e.amount > 0:
                score += 2.0
            elif e.do in ("draw", "aptitude"):
                score += 1.0
            elif e.do == "forced-orgasm":
                score -= 2.0
        if card.ability is not None:
            score += 1.5
        return score

    # ------------------------------------------------------------------ the turn
    def main(
        self, view: dict[str, Any], by: dict[str, list[Action]], initial: bool
    ) -> Action | None:
        stim, score = view["stimulation"], view["stimulation_score"]
        headroom = score - stim
        vit, top = view["vitality"], view["vitality_max"]
        vis = view["visibility"]
        persons = [
            c["visibility"]
            for c in view["opposition"]
            if c["type"] == "person" and c["orientation"] == "reset"
        ]
        watch = min(persons) if persons else 11
        ready = view["aptitude"]["ready"]
        cards = self.cards
        # cool down or recover with abilities
        for a in by.get("ability", []):
            card = cards[a.args[0]]
            ability = card.ability
            assert ability is not None
            for e in ability.effects:
                if e.do == "stimulation" and e.amount < 0 and headroom <= 2:
                    return a
                if e.do == "vitality" and e.amount > 0 and vit < top:
                    return a
                if e.do == "visibility" and e.amount < 0 and vis + 2 > watch:
                    return a
        plays = [cards[a.args[0]] for a in by.get("play", [])]
        best_play = self.best_play(view, plays, headroom, vis, watch, ready)
        if best_play is not None:
            return next(a for a in by["play"] if a.args[0] == best_play.id)
        if initial and "trigger" in by:
            options = [(cards[a.args[0]], a) for a in by["trigger"]]
            fitting = [o for o in options if o[0].stimulation <= headroom]
            if fitting:
                return max(fitting, key=lambda o: (o[0].progress, -o[0].stimulation))[1]
            return min(options, key=lambda o: (o[0].stimulation, -o[0].progress))[1]
        if not initial and "aptitude" in by:
            return min(by["aptitude"], key=lambda a: self.value(cards[a.args[0]], view))
        for k in ("end-step", "end-turn", "pass"):
            if k in by:
                return by[k][0]
        return None

    def best_play(
        self,
        view: dict[str, Any],
        plays: list[Card],
        headroom: int,
        vis: int,
        watch: int,
        ready: int,
    ) -> Card | None:
        """The card worth playing now, if any (None: keep the aptitude)."""
        load = self.load(view)
        score = view["stimulation_score"]
        opposition = view["opposition"]
        best, best_score = None, 0.0
        for card in plays:
            if card.visibility_cost and vis + card.visibility_cost >= watch:
                continue
            worth = 0.0
            if card.type == "bondage":
                if load + card.stimulation > score - 1 or card.cost > max(0, ready - 1):
                    continue
                worth = card.progress - 0.5 * card.stimulation
            else:
                worth = card.progress + 0.3 * card.visibility
                for e in card.effects:
                    if e.do == "stimulation" and e.amount < 0:
                        worth += 2.0 if headroom <= 2 else -5
                    elif e.do == "vitality" and e.amount > 0:
                        worth += 2.0 if view["vitality"] < view["vitality_max"] else 0.2
                    elif e.do in ("draw", "aptitude"):
                        worth += 1.0
                    elif e.do == "forced-orgasm":
                        worth -= 3.0
                    elif e.do == "orgasm-denial":
                        worth += 0.5
                    elif e.do in ("ignore", "trigger") and e.of == "person":
                        near = any(
                            c["type"] == "person" and c["orientation"] == "reset"
                            for c in opposition
                        )
                        worth += 2.0 if near and vis + 3 > watch else -5
                    elif e.do == "abandon" and e.of == "trouble":
                        worth += 2.0 if opposition else -5
                    elif e.do == "abandon" and e.of == "bondage":
                        worth += 1.0 if load > score else -5
                    elif e.do == "begin" or e.when == "begin":
                        worth += 1.0
                if card.ability is not None:
                    worth += 2.0
                worth -= 0.5 * card.cost
            if worth > best_score:
                best, best_score = card, worth
        return best
