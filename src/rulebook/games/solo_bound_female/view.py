"""What the player (or a spectator) sees: every value, every card in play with its orientation
(reset, triggered, ignored), duration left and diamond counters; the hand and the aptitude
cards only to their owner; decks and inaptitude as counts (SB-11, SB-47)."""

from __future__ import annotations

from itertools import chain, compress
from math import exp
from operator import mul, or_, sub
from typing import Any

from rulebook.games.solo_bound_female.components import (
    ACTIVE,
    D_CHOOSE,
    D_DISCARD,
    MUST_USE,
    NO_TRIGGER,
    ORIENTATIONS,
    STEPS,
)
from rulebook.games.solo_bound_female.seats import Seats, reason_said

# Standard's estimate: a logistic model of the chance that the character whose turn it is
# (the acting one) wins, fitted to 2,000 Standard games of the heuristic against itself with
# a fifth of the moves random (350,000 positions; docs/search.md, "Solo Bound Female
# Standard: an estimate that knows the turn order"). Each weight multiplies the acting
# character's figure minus the other's, in the order of ``standard_sides``: the share of her
# progress still to make, the share of her vitality left, the share of her stimulation score
# reached, cards in hand, cards in play, visibility, whether she has dropped out, and the
# scenario cards in play against her.
STANDARD_WEIGHTS = (-6.73, 3.31, -0.6, 0.13, 0.2, -0.17, -1.45, -0.16)
# by step (Opposing Turn, begin, initial, clean-up, end): the acting character's edge in
# the race at even figures (she completes this turn before the other plays hers)
STANDARD_STEP = (0.09, 0.34, -0.03, -0.04, 0.13)


class View(Seats):
    __slots__ = ()

    def item(self, inst: int) -> dict[str, Any]:
        """A card in play as the view shows it; the same marks give the same entry, so it is
        built once per game and copied (views are asked many times a decision by tools)."""
        key = (inst, self.orient[inst], self.left[inst], self.marks[inst], self.flags[inst])
        memo = self.game.items
        found = memo.get(key)
        if found is None:
            found = memo[key] = self.build_item(*key)
        return dict(found)

    def build_item(
        self, inst: int, orient: int, left: int, marks: int, flags: int
    ) -> dict[str, Any]:
        card = self.game.card_of[inst]
        data = {**self.game.faces[inst], "orientation": ORIENTATIONS[orient]}
        if card.duration and left:
            data["duration"] = left
        if card.type == "supernatural":
            done = flags & ACTIVE
            data["counters"] = f"{marks}/{card.times}" + (" active" if done else "")
        if flags & MUST_USE:
            data["note"] = "must be used this turn"
        elif flags & NO_TRIGGER:
            data["note"] = "played in clean-up: no trigger this turn"
        return data

    def ids(self, cards: list[int]) -> list[str]:
        card_of = self.game.card_of
        return [card_of[c].id for c in cards]

    def observe(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        me = self.me
        over = not self.decisions
        forced, denial = self.orgasm_rule()
        character = g.characters[me]
        scens = g.scen_cards_of[me]
        data: dict[str, Any] = {
            "turn": self.turn,
            "step": STEPS[self.step],
            "character": self.item(g.char_cards[me]),
            "scenario": self.item(scens[0]) if len(scens) == 1 else [self.item(c) for c in scens],
            "progress": self.progress,
            "progress_goal": g.goals[me],
            "visibility": self.visibility,
            "stimulation": self.stim,
            "stimulation_score": character.stimulation,
            "vitality": self.vitality,
            "vitality_max": character.vitality,
            "orgasm": "forced" if forced > denial else "denial" if denial > forced else "normal",
            "denied": bool(self.denied),
            "skip_turns": self.skip,
            "hand_size": len(self.hand),
            "deck": len(self.deck),
            "scenario_deck": len(self.sdeck),
            "aptitude": {
                "count": len(self.aptitude),
                "ready": len(self.aptitude) - self.apt_used,
                "played_this_turn": bool(self.apt_played),
            },
            "inaptitude": {
                "count": len(self.inaptitude),
                "ready": len(self.inaptitude) - self.inapt_used,
            },
            "in_play": [self.item(c) for c in self.cplay],
            "opposition": [self.item(c) for c in self.splay],
            "resolving": [self.item(c) for c in self.pending],
            "revealed": self.game.card_of[self.revealed].name if self.revealed >= 0 else None,
            "discard": self.ids(self.cdiscard),
            "scenario_discard": self.ids(self.sdiscard),
        }
        if g.zone("hand").visible(self.owner_of("hand"), seat, over):
            data["hand"] = sorted(self.ids(self.hand))
        elif g.chars_n == 2 and g.zone("hand_b").visible(self.owner_of("hand_b"), seat, over):
            data["hand"] = sorted(self.ids(self.hand_b))
        if g.zone("aptitude").visible(self.owner_of("aptitude"), seat, over):
            data["aptitude"]["cards"] = sorted(self.ids(self.aptitude))
        if g.mode != "solo":
            self.observe_two(seat, over, data)
        if over:
            data["summary"] = self.summary()
        return data

    def observe_two(self, seat: int | None, over: bool, data: dict[str, Any]) -> None:
        """Two players: whose turn it is, the other character's table (Standard,
        Cooperative), the scenario player's hand (hers alone) and who has dropped out."""
        g = self.game
        data["mode"] = g.mode
        data["acting"] = g.role(self.me)
        if g.controller_of_any:
            data["scenario_hand_size"] = len(self.shand)
            if g.zone("shand").visible(self.owner_of("shand"), seat, over):
                data["scenario_hand"] = sorted(self.ids(self.shand))
            elif g.mode == "standard" and g.zone("shand_b").visible(
                self.owner_of("shand_b"), seat, over
            ):
                data["scenario_hand"] = sorted(self.ids(self.shand_b))
            if g.zone("inaptitude").visible(self.owner_of("inaptitude"), seat, over):
                data["inaptitude"]["cards"] = sorted(self.ids(self.inaptitude))
        if g.mode == "cooperative":  # the pile the inaptitude comes from (SB-75)
            data["proxies"] = len(self.proxies)
        if g.chars_n == 1:
            return
        other = 1 - self.me
        board: dict[str, Any] = {
            "player": g.role(other),
            "character": self.item(g.char_cards[other]),
            "stimulation": self.stim_b,
            "stimulation_score": g.characters[other].stimulation,
            "vitality": self.vitality_b,
            "vitality_max": g.characters[other].vitality,
            "hand_size": len(self.hand_b),
            "deck": len(self.deck_b),
            "aptitude": len(self.aptitude_b),
            "in_play": [self.item(c) for c in self.cplay_b],
            "discard": self.ids(self.cdiscard_b),
        }
        if g.mode == "standard":
            board["scenario"] = self.item(g.scen_cards[other])
            board["progress"] = self.progress_b
            board["progress_goal"] = g.goals[other]
            board["visibility"] = self.visibility_b
            board["scenario_deck"] = len(self.sdeck_b)
            board["scenario_hand_size"] = len(self.shand_b)
            board["inaptitude"] = len(self.inaptitude_b)
            board["opposition"] = [self.item(c) for c in self.splay_b]
            board["scenario_discard"] = self.ids(self.sdiscard_b)
            data["out"] = [g.role(k) for k in (0, 1) if self.out[k]]
        for key in ("aptitude", "inaptitude"):  # the seat's own, while the other acts
            field = f"{key}_b"
            if key in board and g.zone(field).visible(self.owner_of(field), seat, over):
                board[f"{key}_cards"] = sorted(self.ids(getattr(self, field)))
        data["other"] = board

    def summary(self) -> dict[str, Any]:
        outcome = self.outcome()
        return {
            "result": self.result_words() if outcome else "",
            "reason": outcome.reason if outcome else "",
            "turns": self.turn,
            "progress_left": self.progress,
            "vitality": self.vitality,
            "orgasms": self.climaxes,
            "denied_orgasms": self.denials,
            "persons_triggered": self.hits,
        }

    def estimate(self) -> list[float]:
        """For search that stops early: a character's chances grow with the share of her
        scenario's progress she has made and the share of her vitality left (progress
        weighs more: it is what wins). Basic: the scenario player has the rest;
        Cooperative: the pair's, shared. Standard, a race: the chance that the character
        whose turn it is wins, fitted to played games (``STANDARD_WEIGHTS``), from how far
        each character is ahead of the other and the step of the turn; at even figures the
        one whose turn it is leads, since she completes her turn first."""
        g = self.game
        me = self.me

        def chances(progress: int, goal: int, vitality: int, most: int) -> float:
            return 0.05 + 0.6 * (1 - progress / goal) + 0.35 * vitality / most

        mine = chances(self.progress, g.goals[me], self.vitality, g.characters[me].vitality)
        if g.mode == "solo":
            return [mine]
        if g.mode == "basic":
            return [mine, 1.0 - mine]
        other = 1 - me
        top = g.characters[other].vitality
        if g.mode == "cooperative":
            both = (mine + chances(self.progress, g.goals[me], self.vitality_b, top)) / 2
            return [both, both]
        ahead = map(sub, self.standard_sides(me), self.standard_sides(other))
        won = 1.0 / (1.0 + exp(-STANDARD_STEP[self.step] - sum(map(mul, STANDARD_WEIGHTS, ahead))))
        return [won, 1.0 - won] if me == 0 else [1.0 - won, won]

    def standard_sides(self, k: int) -> tuple[float, ...]:
        """What Standard's estimate reads of character ``k`` (the acting one's plain fields,
        the other's ``_b`` twins), each a figure that does not depend on the deck's sizes."""
        g = self.game
        character = g.characters[k]
        if k == self.me:
            progress, vitality, stim, visibility = (
                self.progress,
                self.vitality,
                self.stim,
                self.visibility,
            )
            hand, play, against = self.hand, self.cplay, self.splay
        else:
            progress, vitality, stim, visibility = (
                self.progress_b,
                self.vitality_b,
                self.stim_b,
                self.visibility_b,
            )
            hand, play, against = self.hand_b, self.cplay_b, self.splay_b
        return (
            progress / g.goals[k],
            vitality / character.vitality,
            stim / character.stimulation,
            len(hand),
            len(play),
            visibility,
            1.0 if self.out[k] else 0.0,
            len(against),
        )

    def decision_view(self) -> dict[str, Any] | None:
        data = super().decision_view()
        if data is None:
            return None
        d = self.decisions[-1]
        if d[0] == D_CHOOSE:
            card = self.card(d[2])
            e = card.ability.effects[d[3]] if d[4] and card.ability else card.effects[d[3]]
            data["prompt"] = f"{card.name}: choose the card to {e.do}"
        elif d[0] == D_DISCARD:
            data["prompt"] = f"Discard {d[2]} card{'s' if d[2] > 1 else ''}"
        return data

    def check_invariants(self) -> None:
        g = self.game
        zones = (
            self.deck,
            self.hand,
            self.aptitude,
            self.cdiscard,
            self.sdeck,
            self.inaptitude,
            self.sdiscard,
            self.shand,
            self.proxies,
            self.deck_b,
            self.hand_b,
            self.aptitude_b,
            self.cdiscard_b,
            self.sdeck_b,
            self.inaptitude_b,
            self.sdiscard_b,
            self.shand_b,
            self.cplay,
            self.splay,
            self.pending,
            self.cplay_b,
            self.splay_b,
        )
        # (C-level passes: the conformance harness asks at every decision)
        if sorted(chain.from_iterable(zones)) != g.deck_instances:
            raise ValueError("a card is in no zone or in two")
        marked = map(or_, map(or_, self.orient, self.left), map(or_, self.marks, self.flags))
        wrong = set(compress(range(g.instances), marked)).difference(*zones[17:], g.fixed_cards)
        if wrong:
            raise ValueError(f"card {min(wrong)} out of play keeps in-play marks")
        if not 0 <= self.visibility <= 10:
            raise ValueError("visibility outside 0..10")
        if self.apt_used > len(self.aptitude) or self.inapt_used > len(self.inaptitude):
            raise ValueError("more aptitude or inaptitude triggered than exists")
        if len(self.shand) > 2 or len(self.shand_b) > 2:
            raise ValueError("a scenario player holds more than two cards (SB-58)")

    def result_words(self) -> str:
        """How the game ended, in the reader's language."""
        outcome = self.outcome()
        if outcome is None:
            return ""
        return outcome.said(self.game.who, reason_said(outcome.text)).text()
