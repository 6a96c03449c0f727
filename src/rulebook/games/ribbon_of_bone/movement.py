"""PLAY & MOVEMENT (RB-8..RB-14): each turn the D4 shows a stillness, a thought, an
opportunity or an encounter; follow it, or move to an adjacent card leaving a memory token
(R13), or stay (R21). With enough memory tokens in the court at the end of a turn, a Marquis
finds you anyway ("you can only run for so long")."""

from __future__ import annotations

from rulebook.games.ribbon_of_bone.components import SEAT, TURN, Components
from rulebook.games.ribbon_of_bone.game import EVENTS, RibbonOfBone, V
from rulebook.i18n import Message, Name, msg


class Movement(Components):
    __slots__ = ()

    def start_turn(self) -> None:
        cfg = self.game.config
        if self.turn >= cfg.max_turns:  # R11
            self.end_game("other", msg("the turn limit was reached"))
            return
        self.turn += 1
        self.event = event = self.roll(4)
        second = 0
        if event == 3:  # RB-11: roll again for the decision on offer
            second = V if self.sheet >= cfg.v_prompt_tokens else self.roll(4)
        if self.log is not None:
            self.narrate_later(turn_said, (self.game, self.turn, event, second))
        self.decisions = [(TURN, SEAT, event, second)]

    def end_turn(self) -> None:
        """RB-14: with enough memory tokens in the court, the turn ends in an encounter."""
        if self.ending:
            return
        if sum(self.tokens) >= self.game.config.forced_encounter_tokens:
            if self.log is not None:
                self.narrate(
                    msg(
                        "{count} memory tokens lie in the court: you can only run for so long. "
                        "A Marquis finds you.",
                        count=sum(self.tokens),
                    )
                )
            self.start_combat(True)
        else:
            self.start_turn()

    # ------------------------------------------------------------------ options
    def options_turn(self, d: tuple[int, ...]) -> tuple[int, ...] | list[int]:
        """RB-8..RB-13: follow what the roll presents, or move (leaving a token), or stay."""
        g = self.game
        event = d[2]
        if event == 4:  # RB-12: an encounter, while a Marquis is left to face
            return g.turn_ids[4] if self.marquis_left() else g.moves
        if event == 1 and g.config.stillness_move == "any":  # R27: to any other card
            free_to, pos = g.free_to_id, self.pos
            jumps = [free_to[card] for p, card in enumerate(self.court) if p != pos]
            return [*g.moves, *sorted(jumps)]
        return g.turn_ids[event]

    # ------------------------------------------------------------------ handlers
    def on_stay(self, _: int) -> None:
        self.decisions.pop()
        if self.log is not None:
            self.narrate(msg("You stay on {place}.", place=self.court_said(self.pos)))
        self.end_turn()

    def on_move(self, way: int) -> None:
        """RB-13: to the next (0) or previous (1) card, leaving a memory token behind."""
        self.move_to((self.pos + (1 if way == 0 else -1)) % len(self.court), True)

    def on_free_move(self, way: int) -> None:
        self.move_to((self.pos + (1 if way == 0 else -1)) % len(self.court), False)  # RB-9

    def on_free_move_to(self, court_card: int) -> None:
        self.move_to(self.court.index(court_card), False)  # RB-9 under R27 "any"

    def move_to(self, position: int, token: bool) -> None:
        self.decisions.pop()
        left = self.pos
        self.pos = position
        placed = token and self.bag() > 0  # RB-13 (R2: none left, none placed)
        if placed:
            tokens = self.tokens
            self.tokens = (*tokens[:left], tokens[left] + 1, *tokens[left + 1 :])
        if self.log is not None:
            self.narrate_later(moved, (self.court_said(position), placed, self.court_said(left)))
        self.end_turn()

    def on_face(self, _: int) -> None:
        self.decisions.pop()
        self.start_combat(False)


def turn_said(game: RibbonOfBone, turn: int, event: int, second: int) -> Message:
    """A turn's opening rolls (RB-11): the event, and on a 3 the decision on offer."""
    what = Message(EVENTS[event])
    if second == V:
        return msg(
            "Turn {turn}: you roll {roll}, {event}. Five memories weigh on you: the V "
            "decision is on offer.",
            turn=turn,
            roll=event,
            event=what,
        )
    if second:
        decision = game.content.decisions[second - 1]
        return msg(
            "Turn {turn}: you roll {roll}, {event}. You roll {second}: {code} — {text}",
            turn=turn,
            roll=event,
            event=what,
            second=second,
            code=decision.code,
            text=Name(decision.text),
        )
    return msg("Turn {turn}: you roll {roll}, {event}.", turn=turn, roll=event, event=what)


def moved(there: Name, placed: bool, left: Name) -> Message:
    if placed:
        return msg("You move to {place}, leaving a memory token on {left}.", place=there, left=left)
    return msg("You move to {place}.", place=there)
