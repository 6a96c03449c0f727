"""Turn Structure (SW-5..SW-8, SW-13, SW-15, SW-18, SW-28, SW-32..SW-34): the Top Phase,
control passing phase by phase, the Switch Phase and Rounds.

Every step without a choice resolves on its own in ``proceed``, a loop (never recursion)
that stops at the next decision. Whether a seat is asked depends only on public facts (its
Inspiration, the Room, the advances), never on its hidden hand: a Bottom with Inspiration is
always asked, and may answer "done".
"""

from __future__ import annotations

from rulebook.games.swing.room import (
    AFTERCARE,
    BLOCK,
    FOREPLAY_BOTTOM,
    FOREPLAY_TOP,
    PH_AFTERCARE,
    PH_BLOCK,
    PH_FOREPLAY_BOTTOM,
    PH_FOREPLAY_TOP,
    PH_RESPOND,
    PH_SEDUCE,
    PH_SURPRISE,
    PH_SWITCH,
    RESPOND,
    SEDUCE,
    SURPRISE,
)
from rulebook.games.swing.seduction import Seduction
from rulebook.i18n import msg


class Turn(Seduction):
    __slots__ = ()

    def start_turn(self) -> None:
        """SW-6..SW-8: the Top Phase. Untag (A3/A4), then the Top draws (A2)."""
        cfg = self.game.config
        started = self.turn > 1 if cfg.untag_from == "second-turn" else self.round > 1
        if started:
            if cfg.untag == "top":
                self.untag_seat(self.top)
            else:  # the Bottoms untag their own cards, or (untag=all) every card in the Room
                for seat in range(self.players):
                    if seat != self.top or cfg.untag == "all":
                        self.untag_seat(seat)
        if self.log is not None:
            self.narrate(
                msg(
                    "Turn {turn} (Round {round}): {player} is the Top.",
                    turn=self.turn,
                    round=self.round,
                    player=self.seat_name(self.top),
                )
            )
        hand = self.hands[self.top]
        if cfg.top_draw == "one":
            self.draw(self.top)
        else:
            self.draw(self.top, cfg.top_hand - len(hand))
        self.placed = self.mode = self.perfect = 0
        self.phase = PH_FOREPLAY_TOP

    def proceed(self) -> None:
        """Resolve the steps that ask nothing, until a decision is pending or the game ends.
        (``seat_at`` is written out in its loops: every decision of a playout ends here.)"""
        n = self.players
        while self.result is None:
            ph = self.phase
            if ph == PH_FOREPLAY_TOP:
                self.decisions = [(FOREPLAY_TOP, self.top)]
                return
            if ph == PH_FOREPLAY_BOTTOM:  # SW-14: each Bottom with Inspiration, from the left
                while self.cursor < n:
                    seat = (self.top + self.cursor) % n
                    if not self.out[seat] and self.available(seat) > 0:
                        self.decisions = [(FOREPLAY_BOTTOM, seat)]
                        return
                    self.cursor += 1
                self.phase, self.cycle, self.fresh = PH_SEDUCE, 1, 0
            elif ph == PH_SEDUCE:  # SW-16..SW-18, repeated for each Bottom (SW-28)
                if self.game.skip_out:  # a Host who left the Room has no step: not asked again
                    while self.cycle < n and self.out[(self.top + self.cycle) % n]:
                        self.cycle += 1
                if self.cycle >= n:
                    self.phase = PH_AFTERCARE
                elif self.can_seduce() or (self.game.reintroduce and self.may_reintroduce()):
                    self.decisions = [(SEDUCE, self.top)]
                    return
                else:
                    self.end_tagging()
            elif ph == PH_SURPRISE:  # SW-19: recipients may answer with #Surprise
                while self.cursor < n:
                    seat = (self.top + self.cursor) % n
                    # A5: the Bottom whose response comes next answers then (a superset)
                    if (
                        self.cursor != self.cycle
                        and not self.out[seat]
                        and self.advanced(seat)
                        and (self.available(seat) > 0 or self.game.free_surprise[seat])
                    ):
                        self.decisions = [(SURPRISE, seat)]
                        return
                    self.cursor += 1
                self.phase = PH_RESPOND
            elif ph == PH_RESPOND:  # SW-21: the Bottom on the Top's left (then the next)
                seat = (self.top + self.cycle) % n
                if self.out[seat] or not self.advanced(seat):
                    self.cycle += 1
                    self.phase = PH_SEDUCE
                elif self.available(seat) > 0 or self.game.free_answer[seat]:  # (A26)
                    self.decisions = [(RESPOND, seat)]
                    return
                else:
                    self.phase = PH_BLOCK
            elif ph == PH_BLOCK:  # SW-22..SW-27: each seduction attempt in turn
                seat = (self.top + self.cycle) % n
                if self.holding >= 0:  # A11 (several): another blocker on this seducer?
                    self.decisions = [(BLOCK, seat, self.game.type_of[self.holding])]
                    return
                advance = self.next_advance(seat)
                if advance < 0:
                    self.cycle += 1
                    self.phase = PH_SEDUCE
                elif self.can_block(seat):
                    seducer = self.advances[advance][0]
                    self.decisions = [(BLOCK, seat, self.game.type_of[seducer])]
                    return
                else:
                    self.resolve(advance, -1)
            elif ph == PH_AFTERCARE:  # SW-29..SW-31
                if self.available(self.top) > 0:
                    self.decisions = [(AFTERCARE, self.top)]
                    return
                self.phase = PH_SWITCH
            else:
                self.switch_phase()

    def round_complete(self) -> bool:
        """SW-33: every Host in the Room has been Top (a loop, not ``all`` of a generator:
        every turn's end asks, in a search's rollouts too)."""
        been_top, out = self.been_top, self.out
        for s in range(self.players):  # noqa: SIM110 (all() of a generator costs more)
            if not out[s] and not been_top >> s & 1:
                return False
        return True

    def end_tagging(self) -> None:
        """SW-18: the Top has named its seducers: #Surprise answers if any are new, then the
        Bottom on the left responds."""
        if self.fresh:
            self.phase, self.cursor, self.fresh = PH_SURPRISE, 1, 0
        else:
            self.phase = PH_RESPOND

    def switch_phase(self) -> None:
        """SW-32..SW-34: wear and unspent Inspiration end with the turn; control passes left;
        a Round is complete when every Host in the Room has been Top."""
        n = self.players
        if self.game.config.wear_lasts == "turn":  # A10
            self.wear = [0] * len(self.wear)
        self.pool = [0] * n
        self.advances = []
        self.check_perfect()
        self.been_top |= 1 << self.top
        if self.log is not None:
            said = msg("{player} passes control to the left.", player=self.seat_name(self.top))
            self.narrate(said)
        if self.round_complete():  # SW-33
            if self.log is not None:
                self.narrate(msg("Round {round} is complete.", round=self.round))
            if sum(self.came) and self.game.config.ending == "round-end":
                self.finish_game()
                return
            if self.round >= self.game.config.max_rounds:
                self.finish_game()
                return
            self.round += 1
            self.been_top = 0
        nxt = self.seat_at(1)
        while self.out[nxt]:
            nxt = (nxt + 1) % n
        self.top = nxt
        self.turn += 1
        self.start_turn()
