"""COMBAT SETUP (RB-30..RB-32, RB-58, RB-59): draw the Marquis of your court card's Lord (a
random deck if that one is empty), write it in the notebook with 9 health, and choose up to
three constituents to fight with. A rogue identity drawn brings two Marquis instead."""

from __future__ import annotations

from rulebook.games.ribbon_of_bone.components import PICK, SEAT, Components
from rulebook.games.ribbon_of_bone.endings import CLEARED, LAST_ROGUE
from rulebook.games.ribbon_of_bone.game import RibbonOfBone
from rulebook.i18n import N_, Listed, Message, msg


class CombatSetup(Components):
    __slots__ = ()

    def start_combat(self, forced: bool) -> None:
        g = self.game
        self.forced = int(forced)
        lord = deck = g.court_lord[self.court[self.pos]]
        if not self.decks[lord]:
            deck = self.random_deck()
            if deck < 0:
                self.victory(CLEARED)
                return
            if self.log is not None:
                said = msg(
                    "{lord}'s deck is empty: you draw from a random deck.", lord=g.lord_words[lord]
                )
                self.narrate(said)
        card = self.decks[deck].pop()
        if g.identity[card]:  # RB-58: a rogue identity
            self.rogue = card
            if self.log is not None:
                self.narrate(msg("A rogue identity: {card}!", card=self.said_name(card)))
            own = self.draw_marquis(deck)
            foes = [] if own < 0 else [own]
            while len(foes) < 2:
                other = self.random_deck()
                if other < 0:
                    break
                foes.append(self.draw_marquis(other))
            if not foes:  # RB-58: it was the last card: the game ends in victory
                self.perished = (*self.perished, card)
                self.rogue = -1
                self.victory(LAST_ROGUE)
                return
        else:
            foes = [card]
        health = g.config.opponent_health
        self.foes = tuple((c, health, 0) for c in foes)
        self.opponents = (*self.opponents, *((c, health) for c in foes))  # RB-31: the notebook
        if self.card_facts is not None:  # a listener asked: no ids looked up otherwise
            for c in (*foes, card) if g.identity[card] else foes:
                self.mark("used", g.fighter_ids[c], SEAT)  # faced in combat
        if self.log is not None:
            for c in foes:
                self.narrate_later(stands, (g, c, health))
        usable = self.usable()
        if len(usable) > 1:  # RB-32: choose up to party_size
            pick = g.pick_id
            self.offer((PICK, SEAT), [pick[c] for c in usable])
        else:
            self.party = tuple(usable)
            if self.card_facts is not None:
                for c in usable:
                    self.mark("played", g.fighter_ids[c], SEAT)
            self.combat_turn()

    def options_pick(self, d: tuple[int, ...]) -> list[int]:
        """RB-32 (R29): one by one, up to party_size; stop once at least one is chosen."""
        g = self.game
        party, pick = self.party, g.pick_id
        ids = sorted(pick[c] for c in self.usable() if c not in party)
        if party:
            ids.append(g.done_picking_id)
        return ids

    def on_pick(self, card: int) -> None:
        self.party = party = (*self.party, card)
        if self.card_facts is not None:
            self.mark("played", self.game.fighter_ids[card], SEAT)
        g = self.game
        if len(party) == g.config.party_size:
            self.on_done_picking(0)
            return
        pick = g.pick_id
        ids = []  # the next pick's options, known here: offered, not worked out again
        for c in self.usable():
            if c not in party:
                ids.append(pick[c])
        if not ids:  # everyone who can fight is chosen
            self.on_done_picking(0)
            return
        ids.append(g.done_picking_id)
        self.offer((PICK, SEAT), ids)  # the same options as ``options_pick``

    def on_done_picking(self, _: int) -> None:
        self.decisions.pop()
        if self.log is not None:
            self.narrate_later(party_said, (self.game, self.party))
        self.combat_turn()


def stands(game: RibbonOfBone, card: int, health: int) -> Message:
    return msg(
        "{card} of {lord} stands before you ({health} health).",
        card=game.name_words[card],
        lord=game.lord_words[game.lord[card]],
        health=health,
    )


def party_said(game: RibbonOfBone, party: tuple[int, ...]) -> Message:
    names = game.name_words
    return msg("Your party: {cards}", cards=Listed(tuple(names[c] for c in party), N_(", ")))
