"""COMBAT's first four phases (RB-33..RB-38, R14, R25, R30): 1. Prediction (a D4 per standing
Marquis), 2. Shuffling (two prosecute, one binds — never the same binder twice running),
3. Binding (matching icons, one memory token each), 4. Action (a roll given to a prosecutor,
again while two or more wait), then the choice of whom to strike when two Marquis stand."""

from __future__ import annotations

from rulebook.games.ribbon_of_bone.components import (
    ATTRIBUTE,
    BIND,
    BINDER,
    BITS,
    SEAT,
    TARGET,
    Components,
    icon_said,
    roll_said,
)
from rulebook.games.ribbon_of_bone.game import FULL, LORD_ICON, RibbonOfBone
from rulebook.i18n import N_, Listed, Message, msg

# who binds an icon (``bind``): the binder, a court memory, a notebook memory (R31: with or
# without a token from the bag to mark it)
BY_BINDER, BY_COURT, BY_NOTE, BY_FREE_NOTE = range(4)


class Phases(Components):
    """Each phase function returns True when the combat turn has ended and the next one
    starts without a decision, so rounds run in a loop, not as ever-deeper calls."""

    __slots__ = ()

    def combat_turn(self) -> None:
        """Combat turns follow one another until one waits for a decision or the fight ends."""
        while self.combat_round():
            pass

    def go_on(self, again: bool) -> None:
        """After a decision: carry on with the next combat turn if this one has ended."""
        if again:
            self.combat_turn()

    def combat_round(self) -> bool:
        """1. Prediction, then 2. Shuffling (a party of one or two cannot spare a binder)."""
        g = self.game
        if self.rounds >= g.config.max_rounds:  # R11: the safety limit
            self.end_game("other", msg("the combat round limit was reached"))
            return False
        self.rounds += 1
        predicted = []
        for card, health, mask in self.foes:
            if health <= 0:
                predicted.append(-1)
                continue
            rolled = self.roll(4)
            slot = rolled - 1
            if slot < 3 and mask >> slot & 1:
                slot = LORD_ICON  # RB-37: a bound ability acts as a 4
            predicted.append(slot)
            if self.log is not None:
                self.narrate_later(prediction_said, (g, card, rolled, slot))
        self.predicted = tuple(predicted)
        self.binder = -1
        party = self.party
        if len(party) < 3:  # R25: no one to spare for binding
            if self.log is not None:
                self.narrate_later(no_binder, (len(party),))
            return self.action_phase()
        last = self.last_binder
        options = []
        for c in party:  # loops, not comprehensions, in a combat turn: a playout's hot path
            if c != last:
                options.append(c)
        if len(options) == 1:
            return self.choose_binder(options[0])
        ids = g.binder_id  # the options are known here: offered, not worked out again
        self.offer((BINDER, SEAT), [ids[c] for c in options])
        return False

    # ------------------------------------------------------------------ 2. Shuffling
    def options_binder(self, d: tuple[int, ...]) -> list[int]:
        ids, last = self.game.binder_id, self.last_binder
        return sorted(ids[c] for c in self.party if c != last)

    def on_binder(self, card: int) -> None:
        self.decisions.pop()
        self.go_on(self.choose_binder(card))

    def choose_binder(self, card: int) -> bool:
        self.binder = self.last_binder = card  # RB-35: never the binder twice running
        if self.log is not None:
            self.narrate_later(shuffled, (self.game, card, self.party))
        ids = self.bindable()
        if ids:  # 3. Binding
            ids.append(self.game.done_binding_id)
            self.offer((BIND, SEAT), ids)
            return False
        if self.log is not None:
            self.narrate(self.why_no_binding())
        return self.action_phase()

    def why_no_binding(self) -> Message:
        """Why the Binding phase passes without a choice (narration only)."""
        pairs = self.game.bind_pairs[self.binder]
        matches: list[Message] = []
        for card, health, mask in self.foes:
            if health > 0:
                for slot, _ in pairs[card]:
                    if not mask >> slot & 1:
                        matches.append(
                            msg(
                                "{card}'s {icon} icon",
                                card=self.said_name(card),
                                icon=self.icon_said(card, slot),
                            )
                        )
        binder = self.said_name(self.binder)
        if not matches:
            return msg(
                "Binding: {binder} shares no icon with an unbound one: nothing to bind.",
                binder=binder,
            )
        return msg(
            "Binding: no memory tokens left in the bag: no binding this turn ({binder} could "
            "have bound {icons}).",
            binder=binder,
            icons=Listed(tuple(matches), N_(", ")),
        )

    # ------------------------------------------------------------------ 3. Binding
    def bindable(self) -> list[int]:
        """RB-36: bind ids for the binder's icons that match an unbound icon of a standing
        Marquis, while a memory token is left to place."""
        if self.binder < 0 or self.bag() <= 0:
            return []
        pairs = self.game.bind_pairs[self.binder]
        ids = []
        for card, health, mask in self.foes:
            if health > 0:
                for slot, aid in pairs[card]:
                    if not mask >> slot & 1:
                        ids.append(aid)
        return ids

    def options_bind(self, d: tuple[int, ...]) -> list[int]:
        ids = sorted(self.bindable())
        ids.append(self.game.done_binding_id)
        return ids

    def on_bind(self, index: tuple[int, int]) -> None:
        card, slot = index
        if self.bind(card, slot, BY_BINDER):
            return
        if self.game.config.binds_per_turn == "one" or not self.bindable():  # R5
            self.decisions.pop()
            self.go_on(self.action_phase())

    def on_done_binding(self, _: int) -> None:
        self.decisions.pop()
        self.go_on(self.action_phase())

    def bind(self, card: int, slot: int, who: int, by: object = None) -> bool:
        """Place a token on an icon; a bound predicted ability turns into a basic attack.
        True when that bind ended the combat (whatever follows is already under way).
        ``who`` binds (``BY_BINDER``…), ``by`` its court card or notebook memory."""
        foes, predicted = list(self.foes), list(self.predicted)
        for i, (c, health, mask) in enumerate(foes):
            if c == card:
                foes[i] = (c, health, mask | 1 << slot)
                if predicted[i] == slot:
                    predicted[i] = LORD_ICON  # RB-37
                if self.log is not None:
                    self.narrate_later(bind_said, (self.game, c, slot, who, by, self.binder))
        self.foes, self.predicted = tuple(foes), tuple(predicted)
        return self.check_binds()

    def check_binds(self) -> bool:
        """RB-44 full bind; RB-60 six binds across a rogue identity's two Marquis."""
        if self.rogue >= 0:
            bound = 0
            for foe in self.foes:
                bound += BITS[foe[2]]
            if bound >= self.game.config.identity_align_binds:
                self.end_combat("align")
                return True
        else:
            for foe in self.foes:  # a loop, not any(...): every bind asks
                if foe[2] & FULL == FULL:
                    self.end_combat("capture")
                    return True
        return False

    # ------------------------------------------------------------------ 4. Action
    def action_phase(self) -> bool:
        """A roll given to a prosecutor of your choice, again while two or more wait; the
        last prosecutor takes the last roll (RB-38, R30: every prosecutor of a party)."""
        binder = self.binder
        prosecutors: tuple[int, ...] | list[int] = self.party
        if binder >= 0:  # a loop, not a comprehension: a playout's hot path
            prosecutors = []
            for c in self.party:
                if c != binder:
                    prosecutors.append(c)
        self.action = ()
        if not prosecutors:  # an empty constituency (every Marquis imprisoned) cannot strike
            return self.target_phase()
        first = self.roll(4)
        if len(prosecutors) >= 2:
            if self.log is not None:
                self.narrate_later(action_rolled, (first,))
            ids = self.game.attribute_id
            self.offer((ATTRIBUTE, SEAT, first), [ids[c] for c in prosecutors])
            return False
        self.action = ((prosecutors[0], first),)
        if self.log is not None:
            card = prosecutors[0]
            self.narrate_later(action_for, (self.game, first, card))
        return self.target_phase()

    def unrolled(self) -> list[int]:
        """Prosecutors still without an action roll this turn."""
        action, binder = self.action, self.binder
        waiting = []
        for c in self.party:  # loops, not comprehensions: asked on every roll given
            if c != binder:
                for card, _ in action:
                    if card == c:
                        break
                else:
                    waiting.append(c)
        return waiting

    def options_attribute(self, d: tuple[int, ...]) -> list[int]:
        ids = self.game.attribute_id
        return sorted(ids[c] for c in self.unrolled())

    def on_attribute(self, card: int) -> None:
        first = self.decisions.pop()[2]
        self.action = (*self.action, (card, first))
        waiting = self.unrolled()
        rolled = self.roll(4)
        if len(waiting) > 1:
            if self.log is not None:
                self.narrate_later(takes, (self.game, card, first, rolled, -1))
            ids = self.game.attribute_id
            self.offer((ATTRIBUTE, SEAT, rolled), [ids[c] for c in waiting])
            return
        other = waiting[0]
        self.action = (*self.action, (other, rolled))
        if self.log is not None:
            self.narrate_later(takes, (self.game, card, first, rolled, other))
        self.go_on(self.target_phase())

    # ------------------------------------------------------------------ the target (R14)
    def target_phase(self) -> bool:
        if len(self.foes) == 1:  # one Marquis (still standing, or the fight would be over)
            self.target = 0
            return self.resolution()
        standing = []
        for i, foe in enumerate(self.foes):
            if foe[1] > 0:
                standing.append(i)
        if len(standing) > 1:  # R14: two Marquis: choose whom to strike
            ids, foes = self.game.target_id, self.foes
            self.offer((TARGET, SEAT), [ids[foes[i][0]] for i in standing])
            return False
        self.target = standing[0]
        return self.resolution()

    def options_target(self, d: tuple[int, ...]) -> list[int]:
        ids = self.game.target_id
        return sorted(ids[card] for card, health, _ in self.foes if health > 0)

    def on_target(self, card: int) -> None:
        self.decisions.pop()
        self.target = next(i for i, foe in enumerate(self.foes) if foe[0] == card)
        self.go_on(self.resolution())


# ---------------------------------------------------------------------- narration, when read
def bind_said(
    game: RibbonOfBone, card: int, slot: int, who: int, by: object, binder: int
) -> Message:
    """A bind in words: who binds (``who``, ``by`` its court card or memory) which icon."""
    name, icon = game.name_words[card], icon_said(game, card, slot)
    if who == BY_COURT:
        return msg(
            "Reaction: the memory at {place} binds {card}'s {icon} icon.",
            place=by,
            card=name,
            icon=icon,
        )
    if who == BY_NOTE:
        return msg(
            "Reaction: your {ability} memory binds {card}'s {icon} icon.",
            ability=by,
            card=name,
            icon=icon,
        )
    if who == BY_FREE_NOTE:
        return msg(
            "Reaction (the bag is empty: no token marks it): your {ability} memory binds "
            "{card}'s {icon} icon.",
            ability=by,
            card=name,
            icon=icon,
        )
    return msg(
        "{binder} binds {card}'s {icon} icon.",
        binder=game.name_words[binder],
        card=name,
        icon=icon,
    )


def shuffled(game: RibbonOfBone, binder: int, party: tuple[int, ...]) -> Message:
    """2. Shuffling in words: who binds, who prosecutes."""
    names = game.name_words
    prosecutors = Listed(tuple(names[c] for c in party if c != binder), N_(" and "))
    return msg(
        "Shuffling: {binder} binds; {cards} prosecute.", binder=names[binder], cards=prosecutors
    )


def no_binder(count: int) -> Message:
    return msg(
        "Shuffling: a party of {count} cannot spare a binder: everyone attacks, no "
        "binding this turn.",
        count=count,
    )


def action_rolled(first: int) -> Message:
    return msg("Action: you roll {roll}: give it to one of your attackers.", roll=first)


def prediction_said(game: RibbonOfBone, card: int, rolled: int, slot: int) -> Message:
    name = game.name_words[card]
    if slot != LORD_ICON:
        return msg(
            "Prediction: you roll {roll}; {card} will use {ability}.",
            roll=rolled,
            card=name,
            ability=icon_said(game, card, slot),
        )
    if rolled < 4:
        return msg(
            "Prediction: you roll {roll}; {card} will use a basic attack (its {ability} is bound).",
            roll=rolled,
            card=name,
            ability=icon_said(game, card, rolled - 1),
        )
    return msg(
        "Prediction: you roll {roll}; {card} will use a basic attack.", roll=rolled, card=name
    )


def action_for(game: RibbonOfBone, rolled: int, card: int) -> Message:
    return msg(
        "Action: you roll {roll} for {card} ({effect}).",
        roll=rolled,
        card=game.name_words[card],
        effect=roll_said(game, card, rolled),
    )


def takes(game: RibbonOfBone, card: int, first: int, rolled: int, other: int) -> Message:
    """``card`` takes the first roll; the next is rolled (for ``other``, the last one)."""
    if other < 0:
        return msg(
            "{card} takes the {roll} ({effect}); you roll {next}.",
            card=game.name_words[card],
            roll=first,
            effect=roll_said(game, card, first),
            next=rolled,
        )
    return msg(
        "{card} takes the {roll} ({effect}); you roll {next} for {other} ({then}).",
        card=game.name_words[card],
        roll=first,
        effect=roll_said(game, card, first),
        next=rolled,
        other=game.name_words[other],
        then=roll_said(game, other, rolled),
    )
