"""What lies on the table: the declared fields, decision kinds and effect kinds, and the small
helpers every part of the rules shares (which cards are in play and count, moving cards).

Card orientation (SB-11) is per instance: ``orient`` is RESET (vertical), TRIGGERED (sideways)
or IGNORED (turned 180 degrees). Aptitude and inaptitude are face-down and interchangeable, so
their orientation is a count (``apt_used``/``inapt_used`` triggered), never tied to a hidden
card: cards that leave play get every per-instance mark cleared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rulebook.engine.decisions import DecisionKind, EffectKind
from rulebook.engine.events import Event
from rulebook.engine.fields import INT, INTS
from rulebook.engine.state import State, slots_for
from rulebook.games.solo_bound_female.cards import Card
from rulebook.games.solo_bound_female.places import PLACES
from rulebook.i18n import Message, Name, msg

if TYPE_CHECKING:
    from rulebook.games.solo_bound_female.game import SoloBoundFemale

RESET, TRIGGERED, IGNORED = 0, 1, 2
ORIENTATIONS = ("reset", "triggered", "ignored")
MUST_USE = 1  # a bondage card played in this initial step (SB-35)
NO_TRIGGER = 2  # a bondage card played in this clean-up step (SB-36)
ACTIVE = 4  # a supernatural card whose condition is met (SB-34)
ACTIVATING = 8  # ... whose effects wait for the current action to finish

# steps of a turn
OPPOSING, BEGIN, INITIAL, CLEANUP, END = range(5)
STEPS = ("opposing turn", "begin step", "initial step", "clean-up step", "end turn")

# decision kinds (indices into DECISIONS)
D_INITIAL, D_CLEANUP, D_CHOOSE, D_DISCARD, D_SCENARIO, D_COOP_CLEANUP = range(6)
# effect kinds (indices into EFFECTS)
(
    E_OPPOSING,
    E_REVEAL,
    E_BEGIN,
    E_DRAW,
    E_MAIN,
    E_END_TURN,
    E_HAND_LIMIT,
    E_NEXT_TURN,
    E_RUN,
    E_PERSONS,
    E_TRIGGER,
    E_PLACE,
    E_LEAVE,
    E_ACTIVATE,
    E_ORGASM,
    E_HANDOVER,
    E_AS,
    E_COOP_BEGIN,
) = range(18)
# what each character has of her own, and each scenario deck (seats.py trades them)
CHAR_LISTS = ("deck", "hand", "aptitude", "cdiscard", "cplay")
CHAR_INTS = (
    "apt_used",
    "apt_played",
    "stim",
    "vitality",
    "denied",
    "skip",
    "person_hit",
    "climaxes",
    "denials",
    "skipped",
)
SCEN_LISTS = ("sdeck", "shand", "inaptitude", "sdiscard", "splay")
SCEN_INTS = ("inapt_used", "progress", "visibility", "revealed")
# why visibility changes (A2: which changes check person cards)
COST, BONDAGE, PRIVACY, EFFECT = range(4)


class Table(State):
    game: SoloBoundFemale
    deck: list[int]
    hand: list[int]
    aptitude: list[int]
    cdiscard: list[int]
    sdeck: list[int]
    inaptitude: list[int]
    sdiscard: list[int]
    cplay: list[int]
    splay: list[int]
    pending: list[int]
    orient: list[int]
    left: list[int]
    marks: list[int]
    flags: list[int]
    apt_used: int
    inapt_used: int
    progress: int
    visibility: int
    stim: int
    vitality: int
    denied: int
    step: int
    turn: int
    apt_played: int
    person_hit: int
    skip: int
    orgasms: int
    climaxes: int
    denials: int
    hits: int
    overs: int
    revealed: int
    me: int
    halt: int
    out: list[int]
    gains: list[int]
    proxies: list[int]
    shand: list[int]
    deck_b: list[int]
    hand_b: list[int]
    aptitude_b: list[int]
    cdiscard_b: list[int]
    cplay_b: list[int]
    sdeck_b: list[int]
    shand_b: list[int]
    inaptitude_b: list[int]
    sdiscard_b: list[int]
    splay_b: list[int]
    apt_used_b: int
    apt_played_b: int
    stim_b: int
    vitality_b: int
    denied_b: int
    skip_b: int
    person_hit_b: int
    climaxes_b: int
    denials_b: int
    inapt_used_b: int
    progress_b: int
    visibility_b: int
    revealed_b: int
    alt: int
    skipped: int
    skipped_b: int

    # A character's and a scenario deck's own fields come from CHAR_*/SCEN_* (plain and ``_b``
    # alike), so one added there is declared, hence saved, cloned and compared, at once.
    FIELDS: ClassVar[dict[str, str]] = {
        **{f: INTS for f in (*CHAR_LISTS, *SCEN_LISTS)},
        **{f: INT for f in (*CHAR_INTS, *SCEN_INTS)},
        "pending": INTS,
        "orient": INTS,
        "left": INTS,
        "marks": INTS,
        "flags": INTS,
        "step": INT,
        "turn": INT,
        "orgasms": INT,
        "hits": INT,
        "overs": INT,
        # two-player modes (seats.py): the character whose turn it is, who dropped out
        # (Standard), the proxies (Cooperative), and the other character's and scenario's
        # fields (``_b``)
        "me": INT,
        "halt": INT,
        "out": INTS,
        "gains": INTS,
        "proxies": INTS,
        **{f"{f}_b": INTS for f in (*CHAR_LISTS, *SCEN_LISTS)},
        **{f"{f}_b": INT for f in (*CHAR_INTS, *SCEN_INTS)},
        "alt": INT,
    }
    __slots__ = slots_for(FIELDS)  # more than CPython keeps inline: see slots_for
    DECISIONS = (
        DecisionKind("initial", "options_main", "Initial step: play, use, trigger"),
        DecisionKind("clean-up", "options_main", "Clean-up step: play, use, aptitude"),
        DecisionKind("choose", "options_choose", "Choose a card in play"),
        DecisionKind("discard", "options_discard", "Discard a card", public=("count",)),
        DecisionKind("scenario", "options_scenario", "Play a card of your hand or keep it"),
        DecisionKind("clean-up", "options_coop_cleanup", "Clean-up step (in any order)"),
    )
    EFFECTS = (
        EffectKind("opposing-turn", "effect_opposing"),
        EffectKind("reveal", "effect_reveal"),
        EffectKind("begin-step", "effect_begin"),
        EffectKind("draw", "effect_draw"),
        EffectKind("main", "effect_main"),
        EffectKind("end-turn", "effect_end_turn"),
        EffectKind("hand-limit", "effect_hand_limit"),
        EffectKind("next-turn", "effect_next_turn"),
        EffectKind("card-effect", "effect_run"),
        EffectKind("persons", "effect_persons"),
        EffectKind("trigger", "effect_trigger"),
        EffectKind("place", "effect_place"),
        EffectKind("leave", "effect_leave"),
        EffectKind("activate", "effect_activate"),
        EffectKind("orgasm", "effect_orgasm"),
        EffectKind("hand-over", "effect_handover"),
        EffectKind("as", "effect_as"),
        EffectKind("coop-begin", "effect_coop_begin"),
    )
    SHAPE_KEYS = ("step",)
    # what every seat's view shows, in every mode (SB-11, SB-47; a mode without the second
    # character's or scenario's fields keeps them at their start): the turn and step, the
    # acting character, her stimulation, vitality, denial, turns to skip, aptitude and
    # inaptitude used (the view's "ready"), aptitude played this turn, the scenario's
    # progress and visibility, the other character's stimulation and vitality and (Standard)
    # her scenario's progress and visibility; each card's orientation, duration left and
    # diamond counters (only cards in play carry them; the view shows them with each card).
    # Not shown, so not declared: ``flags`` (an effect's waiting bit with the notes),
    # ``out`` (the order of dropping out: the view names who is out), ``revealed`` (a card
    # instance: the view gives its name), the other's aptitude and inaptitude used, and the
    # counts the summary gives at the end
    PUBLIC_FIELDS = (
        "turn",
        "step",
        "me",
        "stim",
        "vitality",
        "denied",
        "skip",
        "apt_used",
        "apt_played",
        "inapt_used",
        "progress",
        "visibility",
        "stim_b",
        "vitality_b",
        "progress_b",
        "visibility_b",
        "orient",
        "left",
        "marks",
    )
    VIEW_OF = PLACES  # where the view shows each of them and each zone
    PER_CARD = dict.fromkeys(("orient", "left", "marks"), ("every-card",))  # by card id

    # ------------------------------------------------------------------ cards
    def card(self, inst: int) -> Card:
        return self.game.card_of[inst]

    def name(self, inst: int) -> Name:
        """A card's name as narration shows it (the card file's words)."""
        return self.game.card_names[inst]

    def card_fact(self, kind: str, inst: int) -> None:
        """Declare a card fact (``State.mark``) for the acting character's seat (solo and
        Cooperative: seat 0). Scenario cards count as faced by that seat. The rules test
        ``card_facts`` before calling: the simulation's hot path saves the call."""
        if self.card_facts is not None:
            seat = self.me if self.me < self.players else 0
            self.mark(kind, self.game.card_of[inst].id, seat)

    def in_play(self, having: list[bool] | None = None) -> list[int]:
        """Cards that count as in play: the character and scenario cards, then both sides'
        cards in the order they entered play; ignored ones and supernatural cards whose
        condition is unmet act as though they were not (SB-57, SB-44). ``having``: only the
        cards with that per-instance mark (the game's ``begins``, ``lasting``...): most cards
        have no such text, and the simulation asks often."""
        g = self.game
        orient, flags, supernatural = self.orient, self.flags, g.is_supernatural
        out = []
        for inst in g.fixed_of[self.me]:  # loops, no filtered copies: a hot path
            if having is None or having[inst]:
                out.append(inst)
        for inst in (*self.cplay, *self.splay):
            if having is not None and not having[inst]:
                continue
            if orient[inst] == IGNORED:
                continue
            if supernatural[inst] and not flags[inst] & ACTIVE:
                continue
            out.append(inst)
        return out

    def extra_cost(self, of: str) -> int:
        """What the cards in play add to the cost of a scenario card of type ``of`` (lasting
        "cost" effects for that type or any, SB-6)."""
        total = 0
        costs = self.game.costs  # per instance: its lasting cost effects as (of, amount)
        for inst in self.in_play(self.game.lasting):
            for type_, amount in costs[inst]:
                if type_ in ("any", of):
                    total += amount
        return total

    def orgasm_rule(self) -> tuple[int, int]:
        """How many Forced Orgasm and Orgasm Denial cards are in play (SB-42/43), in one pass."""
        g = self.game
        forcing, denying = g.forcing, g.denying  # per instance: its lasting effects of each
        forced = denial = 0
        for inst in self.in_play(g.lasting):
            forced += forcing[inst]
            denial += denying[inst]
        return forced, denial

    def clear_marks(self, inst: int) -> None:
        self.orient[inst] = self.left[inst] = self.marks[inst] = self.flags[inst] = 0

    def take_out(self, inst: int) -> None:
        """Remove a card from wherever it lies in play (or on its way into play)."""
        for zone in (self.cplay, self.splay, self.pending, self.cplay_b, self.splay_b):
            if inst in zone:
                zone.remove(inst)
                break
        self.clear_marks(inst)

    def to_discard(self, inst: int) -> None:
        """SB-49/52: a card going to its discard pile becomes aptitude (Competence) or
        inaptitude (Incompetence) instead. With two characters (or two scenario decks) it
        goes to its own board's pile, the acting character's or the other's (``_b``)."""
        g = self.game
        card = self.game.card_of[inst]
        self.take_out(inst)
        if self.card_facts is not None:
            self.card_fact("discarded", inst)
        mine = g.board_of[inst] == self.me or (g.side_of[inst] and g.mode != "standard")
        b = "" if mine else "_b"
        if card.competence:
            pile = "aptitude" + b
        elif card.incompetence:
            pile = "inaptitude" + ("" if g.mode != "standard" else b)
        elif inst < g.chars:
            pile = "cdiscard" + b
        else:
            pile = "sdiscard" + b
        getattr(self, pile).append(inst)

    # ------------------------------------------------------------------ narration
    def who(self) -> Message:
        """How the table names the acting character's player ("Player 1"...)."""
        return self.game.seat_names[self.me]

    def tell(self, you: Message, them: Message, hand: bool = False) -> None:
        """Narrate what the acting character does: her player reads ``you`` ("You ..."),
        everyone else ``them`` ("Player 1 ..."); solo, a public fact reads ``you`` to all.
        ``hand``: a fact about her hidden hand, which only she reads in full. Callers build
        the texts only when narrating (``if self.log is not None``)."""
        if hand:
            self.narrate(you, self.game.hand_seers[self.me], them)
        elif self.players == 1:
            self.narrate(you)
        else:
            self.narrate(you, (self.me,), them)

    def tell_hand_later(
        self, make: Callable[..., tuple[Message, Message]], args: tuple[Any, ...]
    ) -> None:
        """``tell(*make(*args), hand=True)``, the two lines made when first read (the
        private line still only for those who see her hand). Callers call it only when
        narrating."""
        log = self.log
        if log is not None:
            log.append(_later_pair(make, args, self.game.hand_seers[self.me]))

    def tell_lines(self, you: str, them: str, **values: object) -> None:
        """``tell`` a public fact whose two lines take the same ``values`` (``them`` also
        the player's name, ``{player}``), given as message ids (``N_``): the messages are
        made when the line is first read, and the others' line only where there are others
        to read it (not solo). Callers call it only when narrating."""
        log = self.log
        if log is None:
            return
        if self.players == 1:
            log.append(_later(_line, (you, values)))
        else:
            me = self.me
            log.append(_later_pair(_lines, (you, them, self.game.seat_names[me], values), (me,)))

    def end(self, reason: str, won: bool, text: Message) -> None:  # seats.py
        raise NotImplementedError

    def turns(self) -> int:
        return self.turn


_later, _later_pair = Event.later, Event.later_pair  # bound once, not at every line


def _line(you: str, values: dict[str, object]) -> Message:
    """The player's line of ``tell_lines`` (made when read)."""
    return msg(you, **values)


def _lines(you: str, them: str, who: Message, values: dict[str, object]) -> tuple[Message, Message]:
    """The player's line of ``tell_lines`` and the others' (made when read)."""
    return msg(you, **values), msg(them, player=who, **values)
