"""What each legal action means at the table, in the rulebook's words.

The action table's texts are fixed per id (``game.actions``: the stable names logs and tests
use). At the table the same ids read with what they mean now: where a move goes, what a binder
could bind, which ability a roll selects, which deck an encounter draws from. Only
``legal_actions()`` and ``game.action_text`` build these words; simulation reads ids only
(``legal_ids``), so none of this is on its path.
"""

from __future__ import annotations

from typing import cast

from rulebook.engine.actions import Action, Worded
from rulebook.games.ribbon_of_bone.cards import ABILITIES
from rulebook.games.ribbon_of_bone.components import Components
from rulebook.games.ribbon_of_bone.game import LORD_ICON, V


def _listed(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


class Words(Components):
    def legal_actions(self) -> list[Action]:
        """The legal actions in their words now: worked out when read, from a copy of this
        state (a random playout picks among them without reading any)."""
        actions = self.game.actions
        words = cast(Words, self.clone()).action_words
        return [Worded(actions[aid], words) for aid in self.legal_ids()]

    def action_words(self, aid: int) -> str:
        """The action's words now (its table text where the state adds nothing)."""
        block, index = self.game.table.decode(aid)
        describe = getattr(self, "words_" + block.name.replace("-", "_"), None)
        text: str = self.game.actions[aid].text
        if describe is None:
            return text
        return str(describe(index, text))

    # ------------------------------------------------------------------ setup and the turn
    def words_identity(self, index: int, text: str) -> str:
        card = self.game.content.fighters[self.game.marquis + index]
        lord = self.game.lord_names[card.lord]
        return f"{text} ({lord})" + (f": {card.text}" if card.text else "")

    def words_stay(self, index: int, text: str) -> str:
        return f"Stay on {self.court_name(self.pos)}"

    def _step(self, way: int) -> str:
        return "on" if way == 0 else "back"

    def _neighbour(self, way: int) -> str:
        return self.court_name((self.pos + (1 if way == 0 else -1)) % len(self.court))

    def words_move(self, way: int, text: str) -> str:
        where = f"Move {self._step(way)} to {self._neighbour(way)}"
        if self.bag() > 0:
            return f"{where} (leave a memory token on {self.court_name(self.pos)})"
        return f"{where} (no memory token left in the bag to leave)"

    def words_free_move(self, way: int, text: str) -> str:
        return f"Move {self._step(way)} to {self._neighbour(way)} (a stillness: leave no token)"

    def words_free_move_to(self, court_card: int, text: str) -> str:
        position = self.court.index(court_card)
        return f"Move to {self.court_name(position)} (a stillness: leave no token)"

    def words_indulge(self, index: int, text: str) -> str:
        if self.sheet >= self.game.config.v_prompt_tokens:
            return f"{text} (five memories on your sheet: the V thought)"
        return f"{text} (roll again for which; your answer attunes you)"

    def words_resolve(self, index: int, text: str) -> str:
        second = self.decisions[-1][3] if self.decisions else 0
        if second == V:
            return "Resolve the V decision (heal, or flip back to The Favour)"
        if not second:
            return text
        decision = self.game.content.decisions[second - 1]
        icon = ABILITIES[decision.icon].capitalize()
        return f"Resolve {decision.code}: {decision.text} (write {icon} in your Memories)"

    def words_face(self, index: int, text: str) -> str:
        g = self.game
        lord = g.court_lord[self.court[self.pos]]
        name = g.lord_names[lord]
        if self.decks[lord]:
            return f"{text} (draw from {name}'s deck)"
        return f"{text} ({name}'s deck is empty: draw from a random deck)"

    def words_answer(self, index: tuple[int, int], text: str) -> str:
        t, i = index
        thought = self.game.content.thoughts[t]
        if i >= len(thought.answers):
            return text
        answer, lord = thought.answers[i]
        return f"{thought.code}: answer '{answer}' (attune toward {self.game.lord_names[lord]})"

    def words_heal(self, index: int, text: str) -> str:
        after = min(self.game.config.max_health, self.health + self.game.config.v_heal)
        return f"{text} ({self.health} → {after} health)"

    # ------------------------------------------------------------------ combat
    def _card_words(self, card: int) -> str:
        abilities = "/".join(ABILITIES[a].capitalize() for a in self.game.abilities[card])
        return f"{self.game.lord_names[self.game.lord[card]]}: {abilities}"

    def words_pick(self, card: int, text: str) -> str:
        return f"{text} ({self._card_words(card)})"

    def words_done_picking(self, index: int, text: str) -> str:
        return "Fight with " + _listed([self.name(c) for c in self.party])

    def binder_words(self, card: int) -> str:
        """What ``card`` would bind as the binder this turn (RB-36), in words."""
        g = self.game
        pairs = g.bind_pairs[card]
        matches = []
        for foe, health, mask in self.foes:
            if health > 0:
                icons = [self.icon_name(foe, s) for s, _ in pairs[foe] if not mask >> s & 1]
                if icons:
                    matches.append(f"{self.name(foe)}'s {', '.join(icons)}")
        if not matches:
            return "nothing of theirs to bind"
        if self.bag() <= 0:
            return f"could bind {'; '.join(matches)}, but the bag is empty"
        return f"binds {'; '.join(matches)}"

    def words_binder(self, card: int, text: str) -> str:
        return f"{text} ({self.binder_words(card)})"

    def words_bind(self, index: tuple[int, int], text: str) -> str:
        card, slot = index
        for i, foe in enumerate(self.foes):
            predicted = self.predicted[i] if i < len(self.predicted) else -1
            if foe[0] == card and predicted == slot and slot != LORD_ICON:  # RB-37
                return f"{text} (its predicted ability: it becomes a basic attack)"
        return text

    def words_attribute(self, card: int, text: str) -> str:
        rolled = self.decisions[-1][2] if self.decisions else 0
        if not rolled:
            return text
        return f"Give the {rolled} to {self.name(card)}: {self.roll_words(card, rolled)}"

    def words_target(self, card: int, text: str) -> str:
        for foe, health, _ in self.foes:
            if foe == card:
                return f"{text} ({max(health, 0)} health)"
        return text

    def words_react_court(self, index: tuple[int, int], text: str) -> str:
        court_card, card = index
        g = self.game
        position = self.court.index(court_card)
        slot = LORD_ICON
        if self.sides[position] == 1:
            slot = g.slot[card][g.court_ability[court_card]]
        return (
            f"Spend the memory token on {self.court_name(position)} to bind "
            f"{self.name(card)}'s {self.icon_name(card, slot)} icon (the card flips)"
        )

    def words_react_note(self, index: tuple[int, int], text: str) -> str:
        ability, card = index
        icon = ABILITIES[ability].capitalize()
        return f"Spend your {icon} memory to bind {self.name(card)}'s {icon} icon (cross it out)"

    def words_no_reaction(self, index: int, text: str) -> str:
        return f"{text} (the next combat turn begins)"
