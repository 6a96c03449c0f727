"""COMBAT SETUP (RB-30..RB-32, RB-58, RB-59): draw the Marquis of your court card's Lord (a
random deck if that one is empty), write it in the notebook with 9 health, and choose up to
three constituents to fight with. A rogue identity drawn brings two Marquis instead."""

from __future__ import annotations

from rulebook.games.ribbon_of_bone.components import PICK, SEAT, Components


class CombatSetup(Components):
    def start_combat(self, forced: bool) -> None:
        g = self.game
        self.forced = int(forced)
        lord = deck = g.court_lord[self.court[self.pos]]
        if not self.decks[lord]:
            deck = self.random_deck()
            if deck < 0:
                self.victory("the court is cleared to complete stillness")
                return
            if self.log is not None:
                self.say(f"{g.lord_names[lord]}'s deck is empty: you draw from a random deck.")
        card = self.decks[deck].pop()
        if g.identity[card]:  # RB-58: a rogue identity
            self.rogue = card
            if self.log is not None:
                self.say(f"A rogue identity: {self.name(card)}!")
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
                self.victory("the rogue identity was the court's last card")
                return
        else:
            foes = [card]
        health = g.config.opponent_health
        self.foes = tuple((c, health, 0) for c in foes)
        self.opponents = (*self.opponents, *((c, health) for c in foes))  # RB-31: the notebook
        for c in (*foes, card) if g.identity[card] else foes:
            self.mark("used", g.fighter_ids[c], SEAT)  # faced in combat
        if self.log is not None:
            for c in foes:
                lord_name = g.lord_names[g.lord[c]]
                self.say(f"{self.name(c)} of {lord_name} stands before you ({health} health).")
        usable = self.usable()
        if len(usable) > 1:  # RB-32: choose up to party_size
            pick = g.pick_id
            self.offer((PICK, SEAT), [pick[c] for c in usable])
        else:
            self.party = tuple(usable)
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
        self.mark("played", self.game.fighter_ids[card], SEAT)
        if len(party) == self.game.config.party_size or all(c in party for c in self.usable()):
            self.on_done_picking(0)

    def on_done_picking(self, _: int) -> None:
        self.decisions.pop()
        if self.log is not None:
            self.say("Your party: " + ", ".join(self.name(c) for c in self.party))
        self.combat_turn()
