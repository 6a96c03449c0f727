"""Battle (SM-13..SM-19): fight with 1D6 plus what items and skills add against the card's
clear condition at your depth (coloured numbers nullified by a matching item or skill); strictly
more wins; a defeat costs HP equal to the card's power. Or flee. Winning moves you deeper, or,
once returning, back up; fleeing the other way (SM-23, SM-24)."""

from __future__ import annotations

from rulebook.games.susumuka_modoruka.components import DECLARE, FLED, LOST, WON, Components
from rulebook.games.susumuka_modoruka.game import player
from rulebook.i18n import msg


class Battle(Components):
    __slots__ = ()

    def options_battle(self, decision: tuple[int, ...]) -> tuple[int, ...]:
        """SM-14: fight, or flee instead."""
        return self.game.battle_options

    def on_fight(self, _: int) -> None:
        seat = self.decisions[-1][1]
        card = self.battle[0]
        bonus, armour, retreat, _max_hp, nullified = self.bonuses(seat)
        roll = self.roll(6)  # SM-18: 1D6
        need = self.card_power(seat, card, nullified)
        power = roll + bonus
        d = self.game.dungeon[card]
        if power > need:  # SM-16: strictly more wins
            self.last = (seat, card, roll, power, need, WON)
            if self.log is not None:
                self.narrate(
                    msg(
                        "{player} rolls {roll}: power {power} beats {need}.",
                        player=player(seat),
                        roll=roll,
                        power=power,
                        need=need,
                    )
                )
            self.move(seat, d.difficulty + (retreat if self.flag[seat] else 0), True)
        else:  # SM-17: lose HP equal to the card's power (less armour)
            loss = need - armour if need > armour else 0
            self.last = (seat, card, roll, power, need, LOST)
            self.hp[seat] -= loss
            if self.log is not None:
                self.narrate(
                    msg(
                        "{player} rolls {roll}: power {power} does not beat {need}; "
                        "loses {loss} HP ({hp} left).",
                        player=player(seat),
                        roll=roll,
                        power=power,
                        need=need,
                        loss=loss,
                        hp=self.hp[seat],
                    )
                )
        self.after_battle(seat)

    def on_flee(self, _: int) -> None:
        """SM-14/SM-24: back by the Difficulty, or deeper once returning."""
        seat = self.decisions[-1][1]
        card = self.battle[0]
        self.last = (seat, card, 0, 0, self.card_power(seat, card), FLED)
        if self.log is not None:
            self.narrate(
                msg("{player} flees from {card}.", player=player(seat), card=self.card_named(card))
            )
        self.move(seat, self.game.dungeon[card].difficulty, False)
        self.after_battle(seat)

    def move(self, seat: int, steps: int, won: bool) -> None:
        """A win advances (down) unless returning; a flight goes back, or down once returning."""
        returning = self.flag[seat] > 0
        if won != returning:
            if not self.depth[seat]:
                self.spent[seat] = 0  # A20: a new visit outside begins once back out
            depth = self.depth[seat] = self.depth[seat] + steps
            if depth > self.deepest[seat]:
                self.deepest[seat] = depth
            if depth > self.dive[seat]:
                self.dive[seat] = depth
        else:
            depth = self.depth[seat] - steps
            self.depth[seat] = depth if depth > 0 else 0
        if self.log is not None:
            self.narrate(
                msg(
                    "{player} is now at depth {depth}.", player=player(seat), depth=self.depth[seat]
                )
            )
        if self.depth[seat] == 0:
            if returning:
                self.escape(seat)  # SM-25
            else:
                self.dive[seat] = 0

    def after_battle(self, seat: int) -> None:
        entered = self.decisions[-1][2]
        self.discard.append(self.battle.pop())
        if self.hp[seat] <= 0:  # SM-28
            self.die(seat)
            self.end_move(seat)
            return
        may_declare = self.depth[seat] > 0 and not self.flag[seat]
        if may_declare and (self.game.config.declare_on_entry or not entered):
            self.decisions = [(DECLARE, seat)]  # SM-21
            return
        self.end_move(seat)
