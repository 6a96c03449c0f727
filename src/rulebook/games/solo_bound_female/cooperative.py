"""Two-Player Game, Cooperative (SB-65..SB-75): two characters against one scenario deck with
two scenario cards.

Each Opposing Turn a proxy card (or the second scenario deck's top card, A20) goes into play
as inaptitude, then the scenario deck's top card is played if the inaptitude can pay for it,
else discarded (A21). Both players' begin steps follow; then the shared initial step, whose
actions alternate between the players (one action each, a player with nothing she must do
may pass to the other); it ends for both when either ends it — a person card, or "end the
initial step" once no reset bondage card is left on either side. The clean-up step is "in
any order" by the engine's convention (``any_order``: each is asked in turn, may act or say
she is done; it ends once both are done since the last act). Then each player's end of turn.
Visibility and progress are shared (one scenario board); stimulation, vitality, hands, decks,
aptitude and cards in play are each player's own (``seats.py``).
"""

from __future__ import annotations

from rulebook.engine.decisions import any_order, any_order_acted, any_order_passed
from rulebook.games.solo_bound_female.components import (
    BEGIN,
    CLEANUP,
    D_CLEANUP,
    D_COOP_CLEANUP,
    D_INITIAL,
    E_AS,
    E_BEGIN,
    E_END_TURN,
    E_MAIN,
    INITIAL,
    NO_TRIGGER,
    RESET,
)
from rulebook.games.solo_bound_female.player_turn import PlayerTurn
from rulebook.i18n import N_, msg

BOTH = 0b11


class Cooperative(PlayerTurn):
    __slots__ = ()

    # ------------------------------------------------------------------ the Opposing Turn
    def effect_reveal(self, effect: tuple[int, ...]) -> bool:
        """SB-66/67: a proxy (or the second deck's top card) becomes inaptitude; then the
        scenario deck's top card is played if the inaptitude can pay, else discarded."""
        if self.game.mode != "cooperative":
            return super().effect_reveal(effect)
        if not self.proxies or not self.sdeck:  # SB-75: running out of cards loses
            self.end("scenario-out", False, msg("the scenario deck ran out."))
            return False
        self.inaptitude.append(self.proxies.pop())
        inst = self.sdeck.pop()
        self.revealed = inst
        cost = self.scenario_cost(inst)
        free = len(self.inaptitude) - self.inapt_used
        if free >= cost:
            self.inapt_used += cost
            if self.log is not None:
                said = msg(
                    "The scenario plays {card} (cost {cost}).", card=self.name(inst), cost=cost
                )
                self.narrate(said)
            self.enter_scenario(inst)
        elif self.game.config.coop_unpaid == "inaptitude":
            self.inaptitude.append(inst)
            if self.log is not None:
                said = msg(
                    "{card} (cost {cost}) goes face down as inaptitude (A21).",
                    card=self.name(inst),
                    cost=cost,
                )
                self.narrate(said)
        else:
            self.sdiscard.append(inst)
            if self.log is not None:
                said = msg(
                    "{card} (cost {cost}, {free} inaptitude ready) is discarded.",
                    card=self.name(inst),
                    cost=cost,
                    free=free,
                )
                self.narrate(said)
        self.check_decks()
        return False

    # ------------------------------------------------------------------ begin steps
    def effect_coop_begin(self, _: tuple[int, ...]) -> bool:
        """Both players' begin steps (reset, begin-step effects, draw), then the shared
        initial step."""
        self.alt = 0
        self.now((E_AS, 0), (E_BEGIN,), (E_AS, 1), (E_BEGIN,), (E_AS, 0), (E_MAIN,))
        return False

    def playing(self, k: int) -> bool:
        """Character ``k`` takes part in this Player Turn (Skip a Turn sits her out)."""
        return not (self.skipped if k == self.me else self.skipped_b)

    def must_trigger(self, k: int) -> bool:
        """Character ``k`` has a reset bondage card to trigger (SB-22)."""
        if not self.playing(k):
            return False
        if k == self.me:
            return bool(self.reset_bondage())
        card_of, orient = self.game.card_of, self.orient
        return any(
            card_of[c].type == "bondage" and orient[c] == RESET and not self.flags[c] & NO_TRIGGER
            for c in self.cplay_b
        )

    # ------------------------------------------------------------------ the shared steps
    def effect_main(self, effect: tuple[int, ...]) -> bool:
        if self.game.mode != "cooperative":
            return super().effect_main(effect)
        if self.flush_activations(effect):
            return False
        if self.step in (BEGIN, INITIAL) and (self.person_hit or self.person_hit_b):
            if self.step == INITIAL and self.log is not None:  # SB-73: either ends, both end
                self.narrate(msg("A person card was triggered: the initial step ends for both."))
            self.step, self.alt = CLEANUP, 0
        players = [k for k in (0, 1) if self.playing(k)]
        if not players:
            self.now((E_AS, 0), (E_END_TURN,))
            return False
        if self.step == BEGIN:
            self.step = INITIAL
            self.become(players[0])
        elif self.step == INITIAL and len(players) == 2:
            self.become(1 - self.me)  # SB-73: the initial step alternates
        if self.step == INITIAL:
            self.decisions.append((D_INITIAL, self.me))
            return True
        if not self.alt:  # SB-74: the clean-up step, in any order
            d = any_order(D_COOP_CLEANUP, players)
        else:
            d = any_order_acted((D_COOP_CLEANUP, self.me, self.alt >> 4, self.alt & 15))
        return self.ask_cleanup(d)

    def ask_cleanup(self, d: tuple[int, ...]) -> bool:
        self.become(d[1])
        self.alt = d[2] << 4 | d[3]
        self.decisions.append(d)
        return True

    def options_main(self, d: tuple[int, ...]) -> list[int]:
        """SB-73: in a Cooperative initial step the step can end only once neither player
        has a reset bondage card left; a player with none may pass to the other. A23
        ``coop_step_end=either``: she may also end it for both (SB-73's "for any reason")."""
        out = super().options_main(d)
        if self.game.mode != "cooperative" or d[0] != D_INITIAL:
            return out
        base = self.game.base
        if self.must_trigger(1 - self.me) and base["end-step"] in out:
            if self.game.config.coop_step_end != "either":
                out.remove(base["end-step"])
            out.append(base["pass"])
        return sorted(out)

    def options_coop_cleanup(self, d: tuple[int, ...]) -> list[int]:
        out = self.options_main((D_CLEANUP, d[1]))
        base = self.game.base
        out.remove(base["end-turn"])
        out.append(base["done"])
        return sorted(out)

    def on_pass(self, _: int) -> None:
        """The other player acts next (she has a bondage card to trigger)."""
        self.decisions.pop()
        if self.log is not None:
            self.tell_lines(N_("You pass."), N_("{player} passes."))
        self.then((E_MAIN,))

    def on_done(self, _: int) -> None:
        """SB-74: done with the clean-up step; it ends when both are done."""
        d = self.decisions.pop()
        if self.log is not None:
            self.tell_lines(
                N_("You are done with the clean-up step."),
                N_("{player} is done with the clean-up step."),
            )
        nxt = any_order_passed(d)
        if nxt is None:
            self.then((E_AS, 0), (E_END_TURN,))
        else:
            self.ask_cleanup(nxt)
