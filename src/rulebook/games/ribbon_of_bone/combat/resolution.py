"""COMBAT's last two phases (RB-39..RB-41): 5. Resolution — both sides' damage at once, the
notebook updated, then the combat's endings; 6. Reaction — spend one court memory (its card
flips) or one notebook memory (crossed out) to bind a matching icon; then a new turn."""

from __future__ import annotations

from rulebook.engine.events import Event
from rulebook.games.ribbon_of_bone.cards import (
    ABILITY_TITLES,
    BALANCE,
    BASIC,
    CONSTRUCTION,
    GRAVITY,
    LOSS,
    RELIANCE,
    SUPPORT,
    TIME,
)
from rulebook.games.ribbon_of_bone.combat.abilities import FLAT, USE_WORDS, Line, UseT, clash
from rulebook.games.ribbon_of_bone.combat.phases import BY_COURT, BY_FREE_NOTE, BY_NOTE
from rulebook.games.ribbon_of_bone.components import REACTION, SEAT, UNMARKED, Components
from rulebook.games.ribbon_of_bone.game import LORD_ICON, RibbonOfBone
from rulebook.i18n import N_, Listed, Message, Name, msg

ALONE: tuple[tuple[int, ...], ...] = tuple((a,) for a in range(FLAT + 1))  # a use, unexpanded
ROLLED = (GRAVITY, SUPPORT)  # a use whose D4 roll has a line of its own
LINES = {GRAVITY: 2, SUPPORT: 1, LOSS: 0}  # lines a use adds: its roll's, its damage's (if any)
Clash = tuple[int, int, list[int], list[int], list[int]]  # quick_clash's numbers
_new = object.__new__


class Told:
    """A Resolution's narrated lines, made together when the first is read (``told_line``):
    ``copy`` holds what they read; ``numbers`` what play went on with, which the lines must
    agree with."""

    __slots__ = ("copy", "count", "lines", "numbers")

    def __init__(self, copy: Resolution) -> None:
        self.copy: Resolution | None = copy
        self.lines: list[Message] | None = None
        self.numbers: Clash | None = None
        self.count = 0


def told_line(told: Told, k: int) -> Message:
    """Line ``k`` of a Resolution's narration (all of them made on the first read)."""
    lines = told.lines
    if lines is None:
        # A copy of the copy: making the lines rolls its dice, and two readers at once (the
        # browser server's AI threads) must each roll from the same start, not one another's.
        assert told.copy is not None
        numbers, made = told.copy.clash_copy().clash_lines()
        if numbers != told.numbers or len(made) != told.count:
            raise RuntimeError("the narrated clash must agree with the quick one, line for line")
        lines = told.lines = [make(*args) for make, args in made]
    return lines[k]


class Resolution(Components):
    __slots__ = ()

    # ------------------------------------------------------------------ 5. Resolution
    def resolution(self) -> bool:
        """Both sides' damage at once, then the endings (RB-39, RB-42); True when the next
        combat turn follows at once (no Reaction to offer)."""
        cfg = self.game.config
        log = self.log
        combine = self.quick_clash if log is None else self.told_clash
        to_player, heal, to_foe, foe_heal, index = combine()
        states = list(self.foes)
        top = cfg.opponent_health
        for k, i in enumerate(index):
            dealt, healed = to_foe[k], foe_heal[k]
            if dealt or healed:
                card, health, mask = states[i]
                health = min(top, health - dealt + healed)
                states[i] = (card, health, mask)
                self.log_opponent(card, health)
                if log is not None:
                    self.narrate_later(foe_took, (self.said_name(card), dealt, healed, health))
        self.foes = tuple(states)
        cleared = True
        for foe in states:
            if foe[1] > 0:
                cleared = False
        # add_health, inlined (once per combat turn: the hot path of a random playout)
        health = min(cfg.max_health, self.health + heal - to_player)
        fallen = health <= 0 and to_player > 0  # damage took the last of it (R7 "keep": at 0)
        lost = fallen and (not cleared or cfg.simultaneous_ko == "loss")  # R9
        if health < 0 and not lost:  # R9 "victory": you lose all your health, no more: 0
            health = 0
        self.health = health
        self.health_log = (*self.health_log, health)
        if log is not None:
            self.narrate_later(you_took, (to_player, heal, health))
        if lost:
            self.end_combat("loss")
            return False
        if cleared:
            self.end_combat("victory")
            return False
        reactions = self.reactions()
        if not reactions:
            if log is not None:
                self.narrate(self.why_no_reaction())
            return True
        reactions.append(self.game.no_reaction_id)  # 6. Reaction: its options, listed once
        self.offer((REACTION, SEAT), reactions)
        return False

    def told_clash(self) -> Clash:
        """``quick_clash``, narrated: what each side uses, each roll and each damage instance
        with its arithmetic (``clash_lines``), all made together when the first of them is
        read, from a copy of what they read taken before the dice roll (the same rolls
        again). Narrated play pays for one line object each until then."""
        copy = self.clash_copy()
        told = Told(copy)
        numbers = told.numbers = self.quick_clash()
        told.count = count = 1 + copy.lines_told()
        self.narrate_later(told_line, (told, 0))  # "Resolution: you use ..."
        log = self.log
        assert log is not None  # told only when narrating
        later = Event.later
        for k in range(1, count):
            log.append(later(told_line, (told, k)))
        return numbers

    def clash_copy(self) -> Resolution:
        """The fields ``clash_lines`` reads, shared (all immutable), in a bare copy."""
        copy = _new(type(self))
        copy.game = self.game
        copy.party = self.party
        copy.action = self.action
        copy.att = self.att
        copy.foes = self.foes
        copy.predicted = self.predicted
        copy.target = self.target
        copy.dice = self.dice
        copy.dice_pos = self.dice_pos
        copy.rng_state = self.rng_state
        return copy

    def clash_lines(self) -> tuple[Clash, list[Line]]:
        """Both sides' uses as the rulebook combines them (``abilities.clash``) with a line
        of narration each: damage to the player, the player's heal, damage and heal per
        standing foe, and those foes' places in ``foes``; what each side uses first."""
        g = self.game
        cfg = g.config
        abilities, lord, readings = g.abilities, g.lord, g.readings[self.att]
        construction = g.construction_slot
        basic = 1  # RB-50: Construction's passive, per icon in your party (R16)
        for card in self.party:
            if construction[card] >= 0:
                basic += 1
        player: list[UseT] = []
        for card, rolled in self.action:
            ability = abilities[card][rolled - 1] if rolled <= 3 else BASIC
            bonus = readings[lord[card]]  # RB-27: +1 positive, +2 complete (R17)
            player.append((ability, card, bonus if bonus > 0 else 0, basic))
        foes: list[UseT] = []
        extra: list[int] = []
        index: list[int] = []
        predicted = self.predicted
        target = 0
        for i, (card, health, mask) in enumerate(self.foes):
            if health <= 0:
                continue
            if i == self.target:
                target = len(foes)
            slot = predicted[i]
            ability = BASIC if slot == LORD_ICON else abilities[card][slot]
            passive = construction[card]
            own = 2 if passive >= 0 and not mask >> passive & 1 else 1  # removed if bound
            foes.append((ability, card, 0, own))
            extra.append(1 if readings[lord[card]] < 0 else 0)  # RB-28 (R28)
            index.append(i)
        mine = tuple((u[1], u[0]) for u in player)
        lines: list[Line] = [(resolution_said, (g, mine, tuple((u[1], u[0]) for u in foes)))]
        once = cfg.negative_attunement == "attack"  # R28
        pool = cfg.rogue_combine == "side"  # R34
        to_player, heal, to_foe, foe_heal = clash(
            player, foes, target, extra, self.d4, self.said_name, once, lines, self.lord_said, pool
        )
        return (to_player, heal, to_foe, foe_heal, index), lines

    def lines_told(self) -> int:
        """How many lines ``clash`` narrates (``abilities.clash``): a roll's (Gravity, Support)
        and each damage instance's, the player's against the target and each foe's against
        the player; Reliance copies the other side's first use and adds its own 1 unless
        both rely."""
        g = self.game
        abilities = g.abilities
        mine = [
            abilities[card][rolled - 1] if rolled <= 3 else BASIC for card, rolled in self.action
        ]
        theirs: list[int] = []
        for i, (card, health, _) in enumerate(self.foes):
            if health > 0:
                slot = self.predicted[i]
                theirs.append(BASIC if slot == LORD_ICON else abilities[card][slot])
        if not theirs:  # no damage lines: only the player's rolls
            return sum(1 for ability in mine if ability in ROLLED)
        count = 0
        for side, other in ((mine, theirs), (theirs, mine)):
            for ability in side:
                if ability != RELIANCE:
                    count += LINES.get(ability, 1)
                elif other and RELIANCE not in other:
                    count += LINES.get(other[0], 1) + 1
        return count

    def quick_clash(self) -> Clash:
        """``clash_lines``'s numbers in one pass with no narration: the hot path of a
        playout, and what narrated play goes on with too. Reading a Resolution's lines
        checks them against these numbers (``told_line``): ``test_combat`` reads them over
        hundreds of seeded games."""
        g = self.game
        abilities, lord, readings = g.abilities, g.lord, g.readings[self.att]
        construction, predicted = g.construction_slot, self.predicted
        mine: list[int] = []
        for card, rolled in self.action:
            mine.append(abilities[card][rolled - 1] if rolled <= 3 else BASIC)
        theirs: list[tuple[int, int, int]] = []  # (place in foes, ability, card)
        they_rely = False
        for i, (card, health, _) in enumerate(self.foes):
            if health > 0:
                slot = predicted[i]
                ability = BASIC if slot == LORD_ICON else abilities[card][slot]
                theirs.append((i, ability, card))
                if ability == RELIANCE:
                    they_rely = True
        i_rely = RELIANCE in mine
        basic = 1  # RB-50: Construction's passive, per icon in your party (R16)
        for card in self.party:
            if construction[card] >= 0:
                basic += 1
        damage: list[int] = []
        modifier = heal = 0
        for (card, _), ability in zip(self.action, mine, strict=True):
            bonus = readings[lord[card]]  # RB-27: +1 positive, +2 complete (R17)
            bonus = bonus if bonus > 0 else 0
            uses = ALONE[ability]
            if ability == RELIANCE:  # RB-52: copy their first action, deal 1
                uses = () if they_rely or not theirs else (theirs[0][1], FLAT)
            for ability in uses:
                if ability == BASIC:
                    damage.append(basic + bonus)
                elif ability == BALANCE:
                    modifier -= 1
                    damage.append(2 + bonus)
                elif ability == TIME:
                    modifier += 1
                    damage.append(4 + bonus)
                elif ability == LOSS:
                    modifier -= 2
                elif ability == CONSTRUCTION:
                    damage.append(basic - 1 + bonus)
                elif ability == GRAVITY:
                    damage.append(self.roll(4) + bonus)
                elif ability == SUPPORT:
                    heal += (self.roll(4) + 1) // 2
                else:  # Reliance's own 1
                    damage.append(1 + bonus)
        once = g.config.negative_attunement == "attack"  # R28
        to_player = 0
        to_foe: list[int] = []
        foe_heal: list[int] = []
        index: list[int] = []
        pooled = 0  # R34: a rogue's two Marquis combine what they receive
        own_received = 0
        for i, ability, card in theirs:
            mask = self.foes[i][2]
            passive = construction[card]
            own = 2 if passive >= 0 and not mask >> passive & 1 else 1  # removed if bound
            bump = 1 if readings[lord[card]] < 0 else 0  # RB-28 (R28)
            uses = ALONE[ability]
            if ability == RELIANCE:
                uses = () if i_rely or not mine else (mine[0], FLAT)
            received = healed = 0
            for ability in uses:
                dealt = -1  # no damage instance
                if ability == BASIC:
                    dealt = own
                elif ability == BALANCE:
                    received -= 1
                    dealt = 2
                elif ability == TIME:
                    received += 1
                    dealt = 4
                elif ability == LOSS:
                    received -= 2
                elif ability == CONSTRUCTION:
                    dealt = own - 1
                elif ability == GRAVITY:
                    dealt = self.roll(4)
                elif ability == SUPPORT:
                    healed += (self.roll(4) + 1) // 2
                else:  # Reliance's own 1
                    dealt = 1
                if dealt >= 0:
                    dealt += modifier + bump
                    if dealt > 0:
                        to_player += dealt
                    if once:
                        bump = 0
            pooled += received
            if i == self.target:
                own_received = received
            to_foe.append(0)
            foe_heal.append(healed)
            index.append(i)
        if len(theirs) > 1 and g.config.rogue_combine == "own":  # R34
            pooled = own_received
        for k, (i, _, _) in enumerate(theirs):
            if i == self.target:
                total = 0
                for d in damage:
                    if d + pooled > 0:
                        total += d + pooled
                to_foe[k] = total
        return to_player, heal, to_foe, foe_heal, index

    def lord_said(self, card: int) -> Name:
        g = self.game
        return g.lord_words[g.lord[card]]

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
        matching ability icon (R31: with a token from the bag to mark it, unless "free")."""
        tokens = self.tokens
        memories = self.memories
        placed = any(tokens)
        if not memories and not placed:
            return []
        g = self.game
        slot_of, lord_of = g.slot, g.lord
        standing = []
        for card, health, mask in self.foes:
            if health > 0:
                standing.append((card, mask))
        ids: list[int] = []
        for position, count in enumerate(tokens) if placed else ():
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
        if memories and (g.config.notebook_reaction == "free" or self.bag() > 0):
            for ability in set(memories):
                row = g.react_note_id[ability]
                for card, mask in standing:
                    slot = slot_of[card][ability]
                    if slot >= 0 and not mask >> slot & 1:
                        ids.append(row[card])
        return ids

    def why_no_reaction(self) -> Message:
        """Why the Reaction phase passes without a choice (narration only)."""
        if not self.memories and not any(self.tokens):
            return msg("Reaction: no memory in the court or your notebook to spend.")
        slot_of = self.game.slot
        for ability in self.memories:
            for card, health, mask in self.foes:
                slot = slot_of[card][ability]
                if health > 0 and slot >= 0 and not mask >> slot & 1:  # the bag is empty (R31)
                    return msg(
                        "Reaction: your {ability} memory matches {card}'s {ability} icon, but "
                        "no memory tokens are left in the bag to bind it with: no reaction this "
                        "turn.",
                        ability=Message(ABILITY_TITLES[ability]),
                        card=self.said_name(card),
                    )
        return msg("Reaction: no memory in the court or your notebook matches an unbound icon.")

    def options_reaction(self, d: tuple[int, ...]) -> list[int]:
        ids = self.reactions()
        ids.append(self.game.no_reaction_id)
        ids.sort()
        return ids

    def on_react_court(self, index: tuple[int, int]) -> None:
        court_card, card = index
        g = self.game
        position = self.court.index(court_card)
        place = self.court_said(position) if self.log is not None else None
        tokens = self.tokens  # the token moves onto the opponent's icon
        self.tokens = (*tokens[:position], tokens[position] - 1, *tokens[position + 1 :])
        sides = self.sides
        lord_side = sides[position] == 0
        slot = LORD_ICON if lord_side else g.slot[card][g.court_ability[court_card]]
        self.sides = (*sides[:position], sides[position] ^ 1, *sides[position + 1 :])  # flips
        self.decisions.pop()
        if not self.bind(card, slot, BY_COURT, place):
            self.combat_turn()

    def on_react_note(self, index: tuple[int, int]) -> None:
        ability, card = index
        memories = self.memories
        i = memories.index(ability)
        self.memories = memories[:i] + memories[i + 1 :]
        self.crossed = (*self.crossed, ability)  # RB-40: crossed out, spent
        slot = self.game.slot[card][ability]
        self.decisions.pop()
        who = BY_NOTE
        if self.bag() <= 0:  # R31 "free": the crossed-out memory marks the bind, no token
            self.foes = tuple(
                (c, health, mask | 1 << (slot + UNMARKED)) if c == card else (c, health, mask)
                for c, health, mask in self.foes
            )
            who = BY_FREE_NOTE
        if not self.bind(card, slot, who, Message(ABILITY_TITLES[ability])):
            self.combat_turn()

    def on_no_reaction(self, _: int) -> None:
        self.decisions.pop()
        self.combat_turn()


def foe_took(card: Name, dealt: int, healed: int, health: int) -> Message:
    return msg(
        "{card} takes {amount} and heals {healed}: {health} health.",
        card=card,
        amount=dealt,
        healed=healed,
        health=max(health, 0),
    )


def you_took(dealt: int, healed: int, health: int) -> Message:
    return msg(
        "You take {amount} and heal {healed}: {health} health.",
        amount=dealt,
        healed=healed,
        health=max(health, 0),
    )


def resolution_said(
    game: RibbonOfBone, mine: tuple[tuple[int, int], ...], theirs: tuple[tuple[int, int], ...]
) -> Message:
    """What each side uses, from (card, ability) pairs."""
    names = game.name_words
    described = Listed(
        tuple(
            msg("{card}'s {ability}", card=names[c], ability=Message(USE_WORDS[a])) for c, a in mine
        ),
        N_(" + "),
    )
    used = Listed(
        tuple(
            msg("{card} uses {ability}", card=names[c], ability=Message(USE_WORDS[a]))
            for c, a in theirs
        ),
        N_(", "),
    )
    return msg("Resolution: you use {mine}; {theirs}.", mine=described, theirs=used)
