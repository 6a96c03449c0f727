"""A heuristic player for Susumuka & Modoruka that reads only its view and the legal actions.

It works out each card's chance to be beaten (1D6 plus its bonuses against the clear condition
at its depth, nullified colours counted as 0), battles the hand card worth most (chance times
Difficulty) when the chance is fair, investigates outside when its hand is poor, flees what it
cannot survive or rarely beats, declares its return once deep enough for the turns left (or
when hurt), heals when low and buys the strongest skill it can afford.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.agents import check_options
from rulebook.engine.actions import Action
from rulebook.engine.state import InfoSet
from rulebook.games.susumuka_modoruka.cards import ALL, Bonus
from rulebook.games.susumuka_modoruka.game import SusumukaModoruka


def chance(bonus: int, need: int) -> float:
    """P(1D6 + bonus > need)."""
    return max(0, min(6, 6 + bonus - need)) / 6


class HeuristicAgent:
    name = "heuristic"

    def __init__(
        self, game: SusumukaModoruka, seat: int, seed: int, options: Mapping[str, str]
    ) -> None:
        check_options(self.name, options, ())
        self.game = game
        self.seat = seat
        c = game.content
        self.cards = {card.id: card for card in c.dungeon}
        self.bonus: dict[str, Bonus] = {i.id: i.bonus for i in c.items}
        self.bonus.update({s.id: s.bonus for s in c.skills})

    # ------------------------------------------------------------------ what it knows
    def _me(self, view: dict[str, Any]) -> dict[str, Any]:
        me: dict[str, Any] = view["players"][self.seat]
        return me

    def _power(self, me: dict[str, Any]) -> tuple[int, int, set[str]]:
        """(power bonus, armour, nullified colours) from its items and skills."""
        power = armor = 0
        colours: set[str] = set()
        for name in (*me["items"], *me["skills"]):
            b = self.bonus[name]
            power, armor = power + b.power, armor + b.armor
            colours |= b.nullify
        return power, armor, colours

    def _need(self, card_id: str, depth: int, colours: set[str]) -> int:
        row = self.cards[card_id].tier(depth)
        nullified = ALL in colours or row.colour in colours
        return row.power + (0 if nullified else row.coloured)

    # ------------------------------------------------------------------ acting
    def act(self, infoset: InfoSet) -> Action:
        view, actions = infoset.view(), infoset.legal_actions()
        by_kind: dict[str, list[Action]] = {}
        for action in actions:
            by_kind.setdefault(action.kind, []).append(action)
        kind = view["decision"]["kind"]
        if kind == "battle":
            return self._battle(view, by_kind)
        if kind == "return":
            return self._declare(view, by_kind)
        if kind == "turn":
            return self._turn(view, by_kind)
        if kind == "hand-battle":
            return self._revealed(view, by_kind)
        return actions[0]

    def _turn(self, view: dict[str, Any], by_kind: dict[str, list[Action]]) -> Action:
        me = self._me(view)
        if "skill" in by_kind:
            return max(by_kind["skill"], key=lambda a: self._skill_value(a.args[0]))
        for action in by_kind.get("use", []):
            b = self.bonus[action.args[0]]
            if b.heal and (me["hp"] <= 8 or me["max_hp"] - me["hp"] >= b.heal):
                return action
            if b.escape and self._worth_escaping(view, me):
                return action
        power, _armor, colours = self._power(me)
        best, value = None, 0.0
        for action in by_kind.get("advance-hand", []):
            card = action.args[0]
            p = chance(power, self._need(card, me["depth"], colours))
            score = p * self.cards[card].difficulty
            if p >= 0.5 and score > value:
                best, value = action, score
        if best is not None:
            return best
        if "advance" in by_kind and self._good_hand(me, power, colours):
            return by_kind["advance"][0]  # A22: a good hand card is there to choose once turned up
        if "investigate" in by_kind and me["count"] < 4:
            return by_kind["investigate"][0]
        for kind in ("advance", "advance-hand", "investigate", "pass"):
            if kind in by_kind:
                return by_kind[kind][0]
        raise AssertionError("no action to take")  # pragma: no cover

    def _good_hand(self, me: dict[str, Any], power: int, colours: set[str]) -> bool:
        """Whether a card in the hand is even odds or better to beat at this depth."""
        depth = me["depth"]
        return any(chance(power, self._need(c, depth, colours)) >= 0.5 for c in me["hand"])

    def _revealed(self, view: dict[str, Any], by_kind: dict[str, list[Action]]) -> Action:
        """A22: the top card turned up: battle it, or the hand card worth most (chance times
        Difficulty, as on the turn) when that is worth more; when nothing is even odds, the
        likeliest win. On a tie it battles the card turned up and keeps its hand."""
        me = self._me(view)
        power, _armor, colours = self._power(me)
        depth = me["depth"]
        options = [(by_kind["battle-top"][0], view["battle"]["card"])]
        options += [(a, a.args[0]) for a in by_kind.get("advance-hand", [])]
        rated = []
        for action, card in options:
            p = chance(power, self._need(card, depth, colours))
            rated.append((p >= 0.5, p * self.cards[card].difficulty if p >= 0.5 else p, action))
        best = rated[0]
        for entry in rated[1:]:
            if entry[:2] > best[:2]:
                best = entry
        return best[2]

    def _skill_value(self, skill_id: str) -> tuple[float, int]:
        b = self.bonus[skill_id]
        cost = next(s.cost for s in self.game.content.skills if s.id == skill_id)
        value = 3 * b.power + 2 * len(b.nullify) + 1.5 * b.armor + 0.3 * b.max_hp + b.retreat
        return value, cost

    def _worth_escaping(self, view: dict[str, Any], me: dict[str, Any]) -> bool:
        deep = me["flag"] or me["depth"]
        return bool(deep > (me["trophy"] or 0) and (deep >= 10 or me["hp"] <= 8))

    def _battle(self, view: dict[str, Any], by_kind: dict[str, list[Action]]) -> Action:
        me = self._me(view)
        power, armor, colours = self._power(me)
        card = view["battle"]["card"]
        need = self._need(card, me["depth"], colours)
        p = chance(power, need)
        damage = max(0, need - armor)
        survive = me["hp"] > damage
        if me["returning"]:  # fleeing would go deeper: fight unless it may kill
            fight = p > 0 if survive else p >= 0.6
        else:
            fight = p >= 0.5 if survive else p >= 0.8
        return by_kind["fight" if fight else "flee"][0]

    def _declare(self, view: dict[str, Any], by_kind: dict[str, list[Action]]) -> Action:
        """Go home once deep enough to beat every trophy on the table (deeper while time
        allows), when hurt, or when the turns left barely cover the way back."""
        me = self._me(view)
        depth, own = me["depth"], me["trophy"] or 0
        left = view["turns"] - view["turns_passed"]
        rivals = max((p["trophy"] or 0) for s, p in enumerate(view["players"]) if s != self.seat)
        target = max(5, rivals + 1, own + 1)
        if left >= 14:
            target = max(target, 8)
        hurry = left <= depth / 2 + 2
        useful = depth > own
        go = useful and (depth >= target or me["hp"] <= 7 or hurry)
        return by_kind["declare" if go else "carry-on"][0]


AGENTS = {"heuristic": HeuristicAgent}
