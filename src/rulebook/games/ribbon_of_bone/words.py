"""What each legal action means at the table, in the rulebook's words.

The action table's texts are fixed per id (``game.actions``: the stable names logs and tests
use). At the table the same ids read with what they mean now: where a move goes, what a binder
could bind, which ability a roll selects, which deck an encounter draws from. Only
``legal_actions()`` and ``option_text`` build these words (as messages, worded in the reader's
language); simulation reads ids only (``legal_ids``), so none of this is on its path.
"""

from __future__ import annotations

from typing import cast

from rulebook.engine.actions import Action, Worded
from rulebook.games.ribbon_of_bone.cards import ABILITY_TITLES
from rulebook.games.ribbon_of_bone.components import Components
from rulebook.games.ribbon_of_bone.game import LORD_ICON, V
from rulebook.i18n import N_, Listed, Message, Name, msg

_new = object.__new__


class Words(Components):
    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        """The legal actions in their words now (English, as ``Action.text`` is): worked
        out when read, from a copy of what the words read (a random playout picks among them
        without reading any)."""
        ids = self.legal_ids()
        copy = self.wording(self.game.face_id in ids)
        return Worded.listing(self.game.actions, ids, copy.action_words)

    def wording(self, decks: bool = True) -> Words:
        """A copy of the fields the option words below read, for words read after play
        moved on (a clone copies every field: twice the cost): the immutable ones shared,
        the pending decisions and the decks (lists, changed in place) copied. Words that
        read any other field fail on the copy (at once, in any test that reads them).
        ``decks`` False: no copy of the decks (only facing a Marquis reads them)."""
        copy = _new(type(self))
        copy.game = self.game
        copy.decisions = self.decisions[:]
        copy.decks = [deck[:] for deck in self.decks] if decks else []
        copy.pos = self.pos
        copy.court = self.court
        copy.sides = self.sides
        copy.tokens = self.tokens
        copy.sheet = self.sheet
        copy.health = self.health
        copy.foes = self.foes
        copy.predicted = self.predicted
        copy.party = self.party
        return copy

    def option_text(self, aid: int) -> str:
        """The action's words now, in the reader's language."""
        return self.action_said(aid).text()

    def action_words(self, aid: int) -> str:
        """The action's words now, in English (its table text where the state adds nothing)."""
        return self.action_said(aid).english()

    def action_said(self, aid: int) -> Message:
        """The action's words now as a message."""
        table = self.game.table
        block, index = table.decode(aid)
        text = table.message(aid)
        assert text is not None, "every Ribbon of Bone action is worded as a message"
        describe = getattr(self, "words_" + block.name.replace("-", "_"), None)
        if describe is None:
            return text
        return cast(Message, describe(index, text))

    # ------------------------------------------------------------------ setup and the turn
    def words_identity(self, index: int, text: Message) -> Message:
        card = self.game.content.fighters[self.game.marquis + index]
        lord = self.game.lord_words[card.lord]
        if card.text:
            return msg("{option} ({lord}): {text}", option=text, lord=lord, text=Name(card.text))
        return msg("{option} ({lord})", option=text, lord=lord)

    def words_stay(self, index: int, text: Message) -> Message:
        return msg("Stay on {place}", place=self.court_said(self.pos))

    def _neighbour(self, way: int) -> Name:
        return self.court_said((self.pos + (1 if way == 0 else -1)) % len(self.court))

    def words_move(self, way: int, text: Message) -> Message:
        there = self._neighbour(way)
        if self.bag() > 0:
            here = self.court_said(self.pos)
            if way == 0:
                return msg(
                    "Move on to {place} (leave a memory token on {here})", place=there, here=here
                )
            return msg(
                "Move back to {place} (leave a memory token on {here})", place=there, here=here
            )
        if way == 0:
            return msg("Move on to {place} (no memory token left in the bag to leave)", place=there)
        return msg("Move back to {place} (no memory token left in the bag to leave)", place=there)

    def words_free_move(self, way: int, text: Message) -> Message:
        there = self._neighbour(way)
        if way == 0:
            return msg("Move on to {place} (a stillness: leave no token)", place=there)
        return msg("Move back to {place} (a stillness: leave no token)", place=there)

    def words_free_move_to(self, court_card: int, text: Message) -> Message:
        position = self.court.index(court_card)
        return msg("Move to {place} (a stillness: leave no token)", place=self.court_said(position))

    def words_indulge(self, index: int, text: Message) -> Message:
        if self.sheet >= self.game.config.v_prompt_tokens:
            return msg("{option} (five memories on your sheet: the V thought)", option=text)
        return msg("{option} (roll again for which; your answer attunes you)", option=text)

    def words_resolve(self, index: int, text: Message) -> Message:
        second = self.decisions[-1][3] if self.decisions else 0
        if second == V:
            return msg("Resolve the V decision (heal, or flip back to The Favour)")
        if not second:
            return text
        decision = self.game.content.decisions[second - 1]
        return msg(
            "Resolve {code}: {text} (write {ability} in your Memories)",
            code=decision.code,
            text=Name(decision.text),
            ability=Message(ABILITY_TITLES[decision.icon]),
        )

    def words_face(self, index: int, text: Message) -> Message:
        g = self.game
        lord = g.court_lord[self.court[self.pos]]
        name = g.lord_words[lord]
        if self.decks[lord]:
            return msg("{option} (draw from {lord}'s deck)", option=text, lord=name)
        return msg(
            "{option} ({lord}'s deck is empty: draw from a random deck)", option=text, lord=name
        )

    def words_answer(self, index: tuple[int, int], text: Message) -> Message:
        t, i = index
        thought = self.game.content.thoughts[t]
        if i >= len(thought.answers):
            return text
        answer, lord = thought.answers[i]
        return msg(
            "{code}: answer '{answer}' (attune toward {lord})",
            code=thought.code,
            answer=Name(answer),
            lord=self.game.lord_words[lord],
        )

    def words_heal(self, index: int, text: Message) -> Message:
        after = min(self.game.config.max_health, self.health + self.game.config.v_heal)
        return msg(
            "{option} ({before} → {after} health)", option=text, before=self.health, after=after
        )

    # ------------------------------------------------------------------ combat
    def _card_words(self, card: int) -> Message:
        abilities = Listed(
            tuple(Message(ABILITY_TITLES[a]) for a in self.game.abilities[card]), "/"
        )
        lord = self.game.lord_words[self.game.lord[card]]
        return msg("{lord}: {abilities}", lord=lord, abilities=abilities)

    def words_pick(self, card: int, text: Message) -> Message:
        return msg("{option} ({card})", option=text, card=self._card_words(card))

    def words_done_picking(self, index: int, text: Message) -> Message:
        party = Listed(tuple(self.said_name(c) for c in self.party))
        return msg("Fight with {party}", party=party)

    def binder_words(self, card: int) -> Message:
        """What ``card`` would bind as the binder this turn (RB-36), in words."""
        g = self.game
        pairs = g.bind_pairs[card]
        matches: list[Message] = []
        for foe, health, mask in self.foes:
            if health > 0:
                icons = [self.icon_said(foe, s) for s, _ in pairs[foe] if not mask >> s & 1]
                if icons:
                    matches.append(
                        msg(
                            "{card}'s {icons}",
                            card=self.said_name(foe),
                            icons=Listed(tuple(icons), N_(", ")),
                        )
                    )
        if not matches:
            return msg("nothing of theirs to bind")
        found = Listed(tuple(matches), N_("; "))
        if self.bag() <= 0:
            return msg("could bind {matches}, but the bag is empty", matches=found)
        return msg("binds {matches}", matches=found)

    def words_binder(self, card: int, text: Message) -> Message:
        return msg("{option} ({binds})", option=text, binds=self.binder_words(card))

    def words_bind(self, index: tuple[int, int], text: Message) -> Message:
        card, slot = index
        for i, foe in enumerate(self.foes):
            predicted = self.predicted[i] if i < len(self.predicted) else -1
            if foe[0] == card and predicted == slot and slot != LORD_ICON:  # RB-37
                return msg(
                    "{option} (its predicted ability: it becomes a basic attack)", option=text
                )
        return text

    def words_attribute(self, card: int, text: Message) -> Message:
        rolled = self.decisions[-1][2] if self.decisions else 0
        if not rolled:
            return text
        return msg(
            "Give the {roll} to {card}: {effect}",
            roll=rolled,
            card=self.said_name(card),
            effect=self.roll_said(card, rolled),
        )

    def words_target(self, card: int, text: Message) -> Message:
        for foe, health, _ in self.foes:
            if foe == card:
                return msg("{option} ({health} health)", option=text, health=max(health, 0))
        return text

    def words_react_court(self, index: tuple[int, int], text: Message) -> Message:
        court_card, card = index
        g = self.game
        position = self.court.index(court_card)
        slot = LORD_ICON
        if self.sides[position] == 1:
            slot = g.slot[card][g.court_ability[court_card]]
        return msg(
            "Spend the memory token on {place} to bind {card}'s {icon} icon (the card flips)",
            place=self.court_said(position),
            card=self.said_name(card),
            icon=self.icon_said(card, slot),
        )

    def words_react_note(self, index: tuple[int, int], text: Message) -> Message:
        ability, card = index
        return msg(
            "Spend your {ability} memory to bind {card}'s {ability} icon (cross it out)",
            ability=Message(ABILITY_TITLES[ability]),
            card=self.said_name(card),
        )

    def words_no_reaction(self, index: int, text: Message) -> Message:
        return msg("{option} (the next combat turn begins)", option=text)
