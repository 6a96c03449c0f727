"""Seats (Additional Players, SB-57..SB-75): who plays which character, who runs which
scenario deck, and how a game ends for two.

Two characters (Standard, Cooperative) each have a deck, a hand, aptitude, cards in play,
stimulation and vitality; in Standard each also has her own scenario deck, progress and
visibility. The rules are written once, for the character whose turn it is: her things lie in
the plain fields (``hand``, ``stim``…) and the other's in the ``_b`` twins, and ``become``
trades them when play passes. The simulation path of a solo game never pays for a second
player (a trade is a few dozen attribute swaps, made only when the acting character changes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulebook.engine.outcome import Outcome
from rulebook.engine.state import NOT_WAITING
from rulebook.games.solo_bound_female.components import (
    CHAR_INTS,
    CHAR_LISTS,
    E_AS,
    E_HANDOVER,
    E_OPPOSING,
    SCEN_INTS,
    SCEN_LISTS,
    Table,
)
from rulebook.i18n import Message, msg

CHAR_FIELDS = (*CHAR_LISTS, *CHAR_INTS)
SCEN_FIELDS = (*SCEN_LISTS, *SCEN_INTS)
OWN_CHAR = {"deck", "hand", "aptitude"}
OWN_SCEN = {"shand", "inaptitude"}
# per field: is it the other character's (``_b``), is it a character's own (else a scenario's)
# the effects on what Cooperative players share (SB-72): they happen once, not once each
SHARED_EFFECTS = frozenset({"progress", "visibility", "inaptitude", "double-trouble"})
FIELD_SIDES = {
    f + b: (bool(b), f in OWN_CHAR)
    for f in (*CHAR_LISTS, *SCEN_LISTS, "proxies")
    for b in ("", "_b")
}


def _trader(fields: tuple[str, ...]) -> Callable[[Any], None]:
    """A function trading each of ``fields`` with its ``_b`` twin, written out field by field:
    a slot read and written by name costs a tenth of ``getattr``/``setattr`` with a name."""
    body = "".join(f"\n    s.{f}, s.{f}_b = s.{f}_b, s.{f}" for f in fields)
    namespace: dict[str, Any] = {}
    exec(f"def trade(s):{body}", namespace)
    trade: Callable[[Any], None] = namespace["trade"]
    return trade


_trade_character = _trader(CHAR_FIELDS)
_trade_all = _trader((*CHAR_FIELDS, *SCEN_FIELDS))


class Seats(Table):
    __slots__ = ()

    # ------------------------------------------------------------------ who is who
    def become(self, k: int) -> None:
        """Make character ``k`` the one the rules act for (her fields into the plain ones)."""
        if self.me == k:
            return
        if self.game.mode == "standard":  # each character has her own scenario deck
            _trade_all(self)
        else:
            _trade_character(self)
        self.me = k

    def effect_as(self, effect: tuple[int, ...]) -> bool:
        """Queue-able ``become`` (a Cooperative trouble card acting on each player)."""
        self.become(effect[1])
        return False

    def for_both(self, runs: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        """SB-71, SB-72 (A24): a scenario card's effects act on both Cooperative players,
        each looking at her own cards: every effect as the first player, then the personal
        ones (stimulation, vitality, her hand and deck, her own cards) as the second. An
        effect on what they share (progress, visibility, the scenario deck and its cards,
        Double Trouble) happens once: run once per player it would hit them twice."""
        if self.game.mode != "cooperative" or not runs:
            return runs
        personal = [r for r in runs if not self.shared_effect(r)]
        if not personal:
            return [(E_AS, 0), *runs, (E_AS, self.me)]
        return [(E_AS, 0), *runs, (E_AS, 1), *personal, (E_AS, self.me)]

    def shared_effect(self, run: tuple[int, ...]) -> bool:
        """Whether effect ``run`` (an ``E_RUN``) acts on what both Cooperative players share
        rather than on the player it runs as."""
        _, inst, k, source = run
        card = self.game.card_of[inst]
        e = card.ability.effects[k] if source and card.ability is not None else card.effects[k]
        if e.do in SHARED_EFFECTS:
            return True
        if e.do == "fetch":  # a scenario card searches the shared scenario deck
            return bool(self.game.side_of[inst])
        if e.do in ("abandon", "ignore", "trigger", "reset"):
            # the card itself, or the shared scenario cards in play
            return (
                e.target == "self"
                or e.side == "scenario"
                or (e.side == "any" and e.of in ("trouble", "supernatural", "person"))
            )
        return False

    def controller_of(self, board: int) -> int | None:
        """The seat running scenario deck ``board`` (None: it reveals its top card)."""
        return self.game.controller[board if self.game.mode == "standard" else 0]

    def owner_of(self, field: str) -> int | None:
        """The seat whose hidden cards ``field`` holds now (SeatZone): the character fields
        are the acting character's seat (``_b``: the other's), a scenario hand and its
        inaptitude the seat running that scenario deck."""
        other, character = FIELD_SIDES[field]
        k = 1 - self.me if other else self.me
        if character:
            return k
        return self.controller_of(k)

    def chooser(self, inst: int) -> int:
        """A14: a scenario card's choice is made by the seat running its deck (when a seat
        does), any other choice by the acting character's player."""
        g = self.game
        if g.config.scenario_choices == "controller" and g.side_of[inst]:
            seat = self.controller_of(self.me)
            if seat is not None:
                return seat
        return self.me

    def goal(self) -> int:
        """The progress the acting character needs (Cooperative: both scenario cards')."""
        return self.game.goals[self.me]

    # ------------------------------------------------------------------ effects while halted
    def now(self, *effects: tuple[int, ...]) -> None:
        if effects and not self.halt:  # most cards queue nothing at a timing: no new tuple
            self.effects = (*self.effects, *effects[::-1])

    def then(self, *effects: tuple[int, ...]) -> None:
        if effects and not self.halt:
            self.effects = (*effects[::-1], *self.effects)

    # ------------------------------------------------------------------ the end
    def end(self, reason: str, won: bool, said: Message) -> None:
        """SB-60 Basic: the scenario player wins when the character loses (A25: her
        own deck running out too, unless ``basic_scenario_out``). SB-62 Standard:
        the first to complete her scenario wins; a player who loses drops out (A17) and, if
        both lose, the most progress gained wins, a tie going to whoever lost last (SB-63,
        SB-64). SB-75 Cooperative: both win or lose together."""
        if self.result is not None or self.halt:
            return
        g = self.game
        mode = g.mode
        me = self.me
        text = said.english()
        if self.log is not None:
            remember(said)
        if mode == "solo":
            outcome = Outcome.team(reason, won, 1, text)
        elif mode == "cooperative":
            outcome = Outcome.team(reason, won, 2, text)
        elif mode == "basic":
            # A25: the scenario deck running out is the character's loss, or (switch) the
            # scenario player's
            if reason == "scenario-out" and g.config.basic_scenario_out == "character-player":
                won = True
            outcome = Outcome.win(reason, [0 if won else 1], 2, text)
        elif won or g.config.standard_loss == "ends":
            outcome = Outcome.win(reason, [me if won else 1 - me], 2, text)
        else:
            self.out[me] = 1 + max(self.out)
            self.gains[me] = self.goal() - self.progress
            if self.log is not None:
                self.narrate(msg("{player} is out: {reason}", player=g.who(me), reason=said))
            if not self.out[1 - me]:
                # she drops out; the other plays on from her next Opposing Turn
                self.halt = 1
                self.decisions.clear()
                self.effects = ((E_HANDOVER,),)
                self.effects_wait = NOT_WAITING
                return
            outcome = self.tie_break(reason, said)
        self.finish(outcome)
        if self.log is not None:
            if mode == "solo":
                if won:
                    self.narrate(msg("You win: {reason}", reason=said))
                else:
                    self.narrate(msg("You lose: {reason}", reason=said))
            else:
                self.narrate(outcome.said(g.who, reason_said(outcome.text)))

    def tie_break(self, reason: str, said: Message) -> Outcome:
        """SB-63, SB-64: both lost: more progress gained wins; equal: whoever lost last."""
        a, b = self.gains
        if a != b:
            winner = 0 if a > b else 1
            who = self.game.who(winner)
            why = msg(
                "{reason} Then both lost; {player} gained more progress ({a} to {b}).",
                reason=said,
                player=who,
                a=a,
                b=b,
            )
        else:
            winner = 0 if self.out[0] > self.out[1] else 1
            who = self.game.who(winner)
            why = msg(
                "{reason} Then both lost with {a} progress gained; {player} lost last.",
                reason=said,
                player=who,
                a=a,
            )
        return Outcome.win("both-lost", [winner], 2, remember(why))

    def outcome_words(self) -> str:
        outcome = self.outcome()
        if outcome is None:
            return ""
        return reason_said(outcome.text).text()

    def effect_handover(self, _: tuple[int, ...]) -> bool:
        """Standard: the player who dropped out leaves the table to the other."""
        self.halt = 0
        self.decisions.clear()
        self.become(1 - self.me)
        if self.me == 0:
            self.turn += 1
        self.now((E_OPPOSING, 1, 1))
        return False

    def next_character(self) -> None:
        """Standard: turns alternate between the characters still playing (a round is both
        players' turns); a player who dropped out takes no more turns."""
        if self.game.mode == "standard" and not self.out[1 - self.me]:
            self.become(1 - self.me)
            if self.me == 0:
                self.turn += 1
        else:
            self.turn += 1


# An outcome keeps its reason in English (saves, statistics); the reason as a message, worded
# for each reader, is remembered by that English (the same English is always the same
# message: both come from the content). Only narrated games remember; a few hundred at most.
_SAID: dict[str, Message] = {}


def remember(said: Message) -> str:
    """``said``'s English, remembered so the outcome's reader sees it in their language."""
    text = said.english()
    if len(_SAID) > 512:
        _SAID.clear()
    _SAID[text] = said
    return text


def reason_said(text: str) -> Message:
    """The reason an outcome gives in English, as a message (as it is, if not remembered)."""
    return _SAID.get(text) or Message(text)
