"""COMBAT's last two phases (RB-39..RB-41): 5. Resolution — both sides' damage at once, the
notebook updated, then the combat's endings; 6. Reaction — spend one court memory (its card
flips) or one notebook memory (crossed out) to bind a matching icon; then a new turn."""

from __future__ import annotations

from rulebook.games.ribbon_of_bone.cards import ABILITIES, BASIC
from rulebook.games.ribbon_of_bone.combat.abilities import NAMES, Use, resolve
from rulebook.games.ribbon_of_bone.components import REACTION, SEAT, Components
from rulebook.games.ribbon_of_bone.game import LORD_ICON


class Resolution(Components):
    # ------------------------------------------------------------------ 5. Resolution
    def player_uses(self) -> list[Use]:
        g = self.game
        abilities, lord, readings = g.abilities, g.lord, g.readings[self.att]
        slot = g.construction_slot
        basic = 1 + sum(1 for c in self.party if slot[c] >= 0)  # RB-50 passive (R16)
        uses = []
        for card, rolled in self.action:
            ability = abilities[card][rolled - 1] if rolled <= 3 else BASIC
            reading = readings[lord[card]]  # RB-27: +1 positive, +2 complete (R17)
            uses.append(Use(ability, card, reading if reading > 0 else 0, basic))
        return uses

    def resolution(self) -> None:
        """Both sides' damage at once, then the endings (RB-39, RB-42)."""
        g = self.game
        cfg = g.config
        abilities, lord, readings = g.abilities, g.lord, g.readings[self.att]
        construction = g.construction_slot
        player = self.player_uses()
        foes, extra, index = [], [], []
        predicted = self.predicted
        for i, (card, health, mask) in enumerate(self.foes):
            if health <= 0:
                continue
            slot = predicted[i]
            ability = BASIC if slot == LORD_ICON else abilities[card][slot]
            passive = construction[card]
            basic = 2 if passive >= 0 and not mask >> passive & 1 else 1  # removed if bound
            foes.append(Use(ability, card, 0, basic))
            extra.append(1 if readings[lord[card]] < 0 else 0)  # RB-28 (R28)
            index.append(i)
        log = self.log
        if log is not None:
            described = " + ".join(f"{self.name(u.card)}'s {NAMES[u.ability]}" for u in player)
            theirs = ", ".join(f"{self.name(u.card)} uses {NAMES[u.ability]}" for u in foes)
            self.say(f"Resolution: you use {described}; {theirs}.")
        once = cfg.negative_attunement == "attack"  # R28
        names = self.name if log is not None else None
        outcome = resolve(player, foes, index.index(self.target), extra, self.d4, names, once)
        if log is not None:
            for line in outcome.lines:
                self.say(line)
        states = list(self.foes)
        top = cfg.opponent_health
        for k, i in enumerate(index):
            card, health, mask = states[i]
            dealt, healed = outcome.to_foe[k], outcome.foe_heal[k]
            if dealt or healed:
                health = min(top, health - dealt + healed)
                states[i] = (card, health, mask)
                self.log_opponent(card, health)
                if log is not None:
                    shown = max(health, 0)
                    self.say(f"{self.name(card)} takes {dealt} and heals {healed}: {shown} health.")
        self.foes = tuple(states)
        self.add_health(outcome.player_heal - outcome.to_player)
        if log is not None:
            self.say(
                f"You take {outcome.to_player} and heal {outcome.player_heal}: "
                f"{self.health} health."
            )
        fallen = self.health <= 0
        cleared = all(foe[1] <= 0 for foe in states)
        if fallen and (not cleared or cfg.simultaneous_ko == "loss"):  # R9
            self.end_combat("loss")
        elif cleared:
            self.end_combat("victory")
        elif self.reactions():
            self.decisions = [(REACTION, SEAT)]  # 6. Reaction
        else:
            self.combat_turn()

    def d4(self) -> int:
        return self.roll(4)

    def log_opponent(self, card: int, health: int) -> None:
        """The notebook's opponent health (RB-39)."""
        opponents = self.opponents
        for i in range(len(opponents) - 1, -1, -1):
            if opponents[i][0] == card:
                entry = (card, max(health, 0))
                self.opponents = (*opponents[:i], entry, *opponents[i + 1 :])
                return

    # ------------------------------------------------------------------ 6. Reaction
    def reactions(self) -> list[int]:
        """RB-40: a court memory binds the icon its card now shows; a notebook memory binds a
        matching ability icon (it needs a token from the bag to mark it)."""
        g = self.game
        slot_of, lord_of = g.slot, g.lord
        standing = [(card, mask) for card, health, mask in self.foes if health > 0]
        ids = []
        tokens = self.tokens
        for position, count in enumerate(tokens):
            if count:
                court_card = self.court[position]
                row = g.react_court_id[court_card]
                if self.sides[position] == 0:
                    lord = g.court_lord[court_card]
                    for card, mask in standing:
                        if lord_of[card] == lord and not mask >> LORD_ICON & 1:
                            ids.append(row[card])
                else:
                    ability = g.court_ability[court_card]
                    for card, mask in standing:
                        slot = slot_of[card][ability]
                        if slot >= 0 and not mask >> slot & 1:
                            ids.append(row[card])
        if self.memories and self.bag() > 0:
            for ability in set(self.memories):
                row = g.react_note_id[ability]
                for card, mask in standing:
                    slot = slot_of[card][ability]
                    if slot >= 0 and not mask >> slot & 1:
                        ids.append(row[card])
        return ids

    def options_reaction(self, d: tuple[int, ...]) -> list[int]:
        ids = self.reactions()
        ids.append(self.game.no_reaction_id)
        ids.sort()
        return ids

    def on_react_court(self, index: tuple[int, int]) -> None:
        court_card, card = index
        g = self.game
        position = self.court.index(court_card)
        name = self.court_name(position) if self.log is not None else ""
        tokens = self.tokens  # the token moves onto the opponent's icon
        self.tokens = (*tokens[:position], tokens[position] - 1, *tokens[position + 1 :])
        sides = self.sides
        lord_side = sides[position] == 0
        slot = LORD_ICON if lord_side else g.slot[card][g.court_ability[court_card]]
        self.sides = (*sides[:position], sides[position] ^ 1, *sides[position + 1 :])  # flips
        self.decisions.pop()
        if not self.bind(card, slot, f"Reaction: the memory at {name} binds"):
            self.combat_turn()

    def on_react_note(self, index: tuple[int, int]) -> None:
        ability, card = index
        memories = self.memories
        i = memories.index(ability)
        self.memories = memories[:i] + memories[i + 1 :]
        self.crossed = (*self.crossed, ability)  # RB-40: crossed out, spent
        slot = self.game.slot[card][ability]
        self.decisions.pop()
        if not self.bind(card, slot, f"Reaction: your {ABILITIES[ability]} memory binds"):
            self.combat_turn()

    def on_no_reaction(self, _: int) -> None:
        self.decisions.pop()
        self.combat_turn()
