"""Two-Player Game, Basic (SB-57..SB-60), and the scenario decks Standard gives each player
(SB-61): the second player runs the scenario deck. She starts with a card in her hand; each
Opposing Turn she draws a card, then plays one of her two cards — for its cost, triggering
inaptitude, or face down as inaptitude — and keeps the other: never both played, never both
kept. Her hand is hers alone (the character player sees its size)."""

from __future__ import annotations

from rulebook.games.solo_bound_female.components import D_SCENARIO
from rulebook.games.solo_bound_female.opposing_turn import OpposingTurn
from rulebook.i18n import msg


class ScenarioHand(OpposingTurn):
    __slots__ = ()

    def effect_reveal(self, effect: tuple[int, ...]) -> bool:
        """SB-59 in place of SB-6/7 when a seat runs this scenario deck."""
        if self.controller_of(self.me) is None:
            return super().effect_reveal(effect)
        if not self.sdeck:  # SB-55 (A11): drawing from an empty deck loses
            self.end("scenario-out", False, msg("the scenario deck ran out."))
            return False
        inst = self.sdeck.pop()
        self.shand.append(inst)
        seat = self.controller_of(self.me)
        assert seat is not None
        if self.log is not None:
            self.narrate(
                msg("You draw {card} from the scenario deck.", card=self.name(inst)),
                self.seers("shand", seat),
                msg("{player} draws a scenario card.", player=self.game.who(seat)),
            )
        self.check_decks()
        if self.result is not None or self.halt:
            return False
        self.decisions.append((D_SCENARIO, seat))
        return True

    def options_scenario(self, d: tuple[int, ...]) -> list[int]:
        """Each card of the two: play it if the inaptitude in play can pay, or place it."""
        g = self.game
        play, place, type_of = g.base["scenario-play"], g.base["scenario-place"], g.type_of
        free = len(self.inaptitude) - self.inapt_used
        out = set()
        for c in self.shand:
            out.add(place + type_of[c])
            if self.scenario_cost(c) <= free:
                out.add(play + type_of[c])
        return sorted(out)

    def from_shand(self, t: int) -> int:
        type_of = self.game.type_of
        for inst in self.shand:
            if type_of[inst] == t:
                self.shand.remove(inst)
                return inst
        raise ValueError(f"no card of type {t} in the scenario hand")

    def on_scenario_play(self, t: int) -> None:
        """SB-59: played for its cost (SB-6); the other card stays in her hand."""
        seat = self.decisions.pop()[1]
        inst = self.from_shand(t)
        cost = self.scenario_cost(inst)
        self.inapt_used += cost
        self.revealed = inst
        if self.log is not None:
            card = self.name(inst)
            self.narrate(
                msg("You play {card} (cost {cost}).", card=card, cost=cost),
                (seat,),
                msg(
                    "{player} plays {card} (cost {cost}).",
                    player=self.game.who(seat),
                    card=card,
                    cost=cost,
                ),
            )
        self.enter_scenario(inst)

    def on_scenario_place(self, t: int) -> None:
        """SB-59: placed face down as inaptitude (SB-7); the other card stays."""
        d = self.decisions.pop()
        inst = self.from_shand(t)
        self.inaptitude.append(inst)
        if self.log is not None:
            self.narrate(
                msg("You place {card} face down as inaptitude.", card=self.name(inst)),
                self.seers("shand", d[1]),
                msg("{player} places a card face down as inaptitude.", player=self.game.who(d[1])),
            )
