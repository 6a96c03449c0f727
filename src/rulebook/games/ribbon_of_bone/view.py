"""What you see at the table: the court loop, your sheet and notebook, the constituency, the
decks (counts only: their order is hidden, RB-5), the fight in progress, what the latest
action brought about ("happened": its narration, when it was narrated), and at the end what
the playthrough leaves behind. The engine adds the seat, the pending decision and the outcome.
"""

from __future__ import annotations

from typing import Any

from rulebook.games.ribbon_of_bone import tracker
from rulebook.games.ribbon_of_bone.cards import ABILITIES
from rulebook.games.ribbon_of_bone.components import ANSWER, TURN, Components
from rulebook.games.ribbon_of_bone.game import EVENTS, LORD_ICON, V

READINGS = {2: "complete", 1: "positive", 0: "neutral", -1: "negative"}


class View(Components):
    __slots__ = ()

    def observe(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        content, lords = g.content, g.lord_names
        over = not self.decisions
        court = []
        for position, card in enumerate(self.court):
            c = content.court[card]
            side = self.sides[position]
            court.append(
                {
                    "id": c.id,
                    "showing": c.sides[side],
                    "side": "lord" if side == 0 else "ability",
                    "lord": lords[c.lord],
                    "icon": lords[c.lord] if side == 0 else ABILITIES[c.ability],
                    "tokens": self.tokens[position],
                    "here": position == self.pos,
                }
            )
        offer = thought = None
        offer_text = thought_text = ""
        if self.decisions:
            d = self.decisions[-1]
            if d[0] == TURN and d[3]:
                if d[3] == V:
                    offer = "V decision"
                    offer_text = f"heal up to {g.config.v_heal} points" + (
                        ", or flip back to The Favour" if self.wrath else ""
                    )
                else:
                    decision = content.decisions[d[3] - 1]
                    offer = decision.code
                    icon = ABILITIES[decision.icon].capitalize()
                    offer_text = f"{decision.text} (writes {icon} in your Memories)"
            elif d[0] == ANSWER:
                thought = content.thoughts[d[2] - 1].code
                thought_text = content.thoughts[d[2] - 1].text
        decks: dict[str, Any] = {lords[i]: len(d) for i, d in enumerate(self.decks)}
        data: dict[str, Any] = {
            "turn": self.turn,
            "roll": self.event,
            "event": EVENTS[self.event],
            "offer": offer,
            "offer_text": offer_text,
            "thought": thought,
            "thought_text": thought_text,
            "happened": self.happened(seat),
            "identity": self.fighter_view(self.identity) if self.identity >= 0 else None,
            "identities": [self.fighter_view(c) for c in self.set_aside],
            "court": court,
            "position": self.pos,
            "health": self.health,
            "alignment": "The Wrath" if self.wrath else "The Favour",
            "tracker": tracker.describe(self.att, lords),
            "tracker_position": self.att,
            "attunement": {lords[lord]: READINGS[self.reading(lord)] for lord in range(3)},
            "sheet_tokens": self.sheet,
            "bag": min(self.bag(), g.config.memory_tokens or 99),
            "constituency": [self.fighter_view(c) for c in self.constituency],
            "decks": decks,
            "notebook": self.notebook(),
            "combat": self.combat_view(),
            "scenario": {
                "name": content.scenario,
                "goal": content.goal,
                "constituency_value": self.constituency_value(),
            },
            "ending": self.ending if over else "",
        }
        if g.zone("decks").visible(None, seat, over):  # never under the rulebook (RB-5)
            data["deck_cards"] = {
                lords[i]: [g.names[c] for c in d] for i, d in enumerate(self.decks)
            }
        if over:
            data["summary"] = self.lasting()
        return data

    def notebook(self) -> dict[str, Any]:
        """The notebook page, like the rulebook's example sheet (RB-2)."""
        scenes = self.game.scene_names
        return {
            "name": self.notebook_name(),
            "memories": [ABILITIES[a] for a in self.memories],
            "crossed_out": [ABILITIES[a] for a in self.crossed],
            "scenes": [scenes[s] for s in self.scenes],
            "opponents": [{"name": self.name(c), "health": h} for c, h in self.opponents],
            "health": list(self.health_log),
        }

    def fighter_view(self, card: int) -> dict[str, Any]:
        f = self.game.content.fighters[card]
        return {
            "id": f.id,
            "name": f.name,
            "lord": self.game.lord_names[f.lord],
            "abilities": [ABILITIES[a] for a in f.abilities],
            "identity": f.identity,
        }

    def combat_view(self) -> dict[str, Any] | None:
        if not self.foes:
            return None
        foes = []
        for i, (card, health, mask) in enumerate(self.foes):
            entry = self.fighter_view(card)
            entry["health"] = max(health, 0)
            entry["bound"] = [
                "Lord" if s == LORD_ICON else ABILITIES[self.game.abilities[card][s]]
                for s in range(4)
                if mask >> s & 1
            ]
            if i < len(self.predicted) and self.predicted[i] >= 0:
                slot = self.predicted[i]
                entry["predicted"] = (
                    "basic attack"
                    if slot == LORD_ICON
                    else ABILITIES[self.game.abilities[card][slot]]
                )
            foes.append(entry)
        name = self.name
        return {
            "foes": foes,
            "rogue": name(self.rogue) if self.rogue >= 0 else None,
            "party": [name(c) for c in self.party],
            "binder": name(self.binder) if self.binder >= 0 else None,
            "last_binder": name(self.last_binder) if self.last_binder >= 0 else None,
            "action": [{"card": name(c), "roll": r} for c, r in self.action],
        }
