"""The State base: the protocol every game state speaks, built from what the game declares.

A game's State declares its fields (``FIELDS``: clone, JSON and equality follow), its decision
kinds (``DECISIONS``: legal actions and the view's ``decision`` entry follow), its pending
effects (``EFFECTS``) and, on the Game, its zones (``zones()``: redeterminize and the hidden
parts of the view follow). It writes the rules: ``setup``, one handler per action block, one
options method per decision kind, and ``observe(seat)`` — the game part of a view.

Two parts of the protocol live beside this module, as mixins of ``State``: the worlds a
search samples (``rulebook.engine.worlds``) and the state as data, saved and restored
(``rulebook.engine.saved``); what an agent gets is ``rulebook.engine.infoset.InfoSet``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rulebook.engine import random as _random
from rulebook.engine.decisions import Decision, DecisionKind, EffectKind
from rulebook.engine.errors import DeclarationError, IllegalAction, ScriptError
from rulebook.engine.events import Event
from rulebook.engine.fields import FROZEN, INT, INTS, TUPLES, FieldCode, all_set, shape_of
from rulebook.engine.infoset import InfoSet as InfoSet  # (where agents import it from)
from rulebook.engine.outcome import Outcome
from rulebook.engine.random import _GOLDEN, MASK64, Rng, fisher_yates, mix64
from rulebook.engine.saved import Saved
from rulebook.engine.view_places import ViewPlace
from rulebook.engine.worlds import Worlds
from rulebook.i18n import Message, _, current

if TYPE_CHECKING:
    from rulebook.engine.actions import Action
    from rulebook.engine.game import Game

BASE_FIELDS = {
    "rng_state": INT,
    "dice_pos": INT,
    "history": INTS,
    "decisions": TUPLES,
    "effects": FROZEN,  # usually empty: a shared tuple costs a clone nothing
    "effects_wait": INT,
}
# the card facts a rule may declare with State.mark (what the designer's report counts)
MARKS = ("drawn", "played", "used", "discarded")
NOT_WAITING = 1 << 30  # effects_wait when no decision holds the effect queue
SHARED = ("game", "seed", "players", "stack", "dice", "result")
# the engine's own working attributes, never saved (``reads``: see State.kept_reads)
SCRATCH = ("log", "_legal", "card_facts", "reads")
# CPython 3.11 keeps up to 30 attributes of an object inline (the fastest to read and write),
# until its ``__dict__`` is read; a state with no more than that clones attribute by attribute.
# A state with more keeps them in slots instead (``slots_for``), as fast to read.
INLINE = 30


class State(Worlds, Saved):
    """Plain data plus the protocol. Seat indices are ints; ``to_move`` is None once over."""

    if not TYPE_CHECKING:  # (mypy would then check every attribute against the slots)
        __slots__ = ()  # a game's states keep a ``__dict__`` unless its class uses slots_for
    FIELDS: ClassVar[Mapping[str, str]] = {}
    DECISIONS: ClassVar[tuple[DecisionKind, ...]] = ()
    EFFECTS: ClassVar[tuple[EffectKind, ...]] = ()
    SHAPE_KEYS: ClassVar[tuple[str, ...]] = ()  # view keys that only follow the flow of play
    # Fields every seat sees (numbers, lists of numbers, lists whose length is public): with
    # the zones, what the per-seat observation of ``rulebook.engine.observation`` reads. None:
    # not declared (the RL adapters then encode the view instead).
    PUBLIC_FIELDS: ClassVar[tuple[str, ...] | None] = None
    # Where the view shows each public field and each zone (``rulebook.engine.view_places``):
    # the observation must be a function of the view, and a test rebuilds it from there.
    VIEW_OF: ClassVar[Mapping[str, ViewPlace]] = {}
    # Public lists with a number per card instance (a card's orientation, its tag): the view
    # shows each card by its id, so the observation sums them per card id of the pools of
    # these zones or pools (field -> names), the view's place giving (pool, card id, value)s.
    PER_CARD: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    # Attributes kept outside FIELDS on purpose (never saved: narration kept for the view).
    # The rules must never read one: the conformance harness plays a restored state beside
    # the original and fails when they part.
    TRANSIENT: ClassVar[tuple[str, ...]] = ()
    _code: ClassVar[FieldCode] = FieldCode(BASE_FIELDS, SHARED)
    _required: ClassVar[frozenset[str]] = frozenset((*BASE_FIELDS, *SHARED, *SCRATCH))
    _allowed: ClassVar[frozenset[str]] = _required
    _slotted: ClassVar[bool] = False  # its attributes in slots (see slots_for)
    _complete: ClassVar[Callable[[State], bool] | None] = None  # slots only: all set? (undeclared)

    game: Game
    seed: int
    players: int
    stack: dict[str, list[str]] | None
    dice: tuple[int, ...]
    dice_pos: int
    rng_state: int
    history: list[int]
    decisions: list[Decision]
    effects: tuple[tuple[int, ...], ...]  # pending effects; the next one is last
    effects_wait: int
    result: Outcome | None
    log: list[Event] | None
    card_facts: list[tuple[str, str, int]] | None  # card facts, for a listener that asked
    reads: list[list[int]] | None  # per seat, what it read from public play (None: not kept)
    _legal: tuple[int, ...] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "FIELDS" not in cls.__dict__:
            annotated = _annotated_fields(cls)
            if annotated:  # fields declared by their annotations alone
                cls.FIELDS = {**cls.FIELDS, **annotated}
        slots = {name for k in cls.__mro__ for name in k.__dict__.get("__slots__", ())}
        slotted = bool(slots)
        if "FIELDS" in cls.__dict__ or "TRANSIENT" in cls.__dict__ or slotted != cls._slotted:
            fields = {**BASE_FIELDS, **cls.FIELDS}
            inline = not cls.TRANSIENT and len(fields) + len(SHARED) + len(SCRATCH) <= INLINE
            by_name = slotted or inline
            optional = cls.TRANSIENT if slotted else ()
            cls._code = FieldCode(fields, SHARED, SCRATCH if by_name else None, optional)
        cls._slotted = slotted
        cls._required = frozenset((*cls._code.fields, *SHARED, *SCRATCH))
        cls._allowed = cls._required | set(cls.TRANSIENT)
        cls._complete = all_set(tuple(sorted(cls._required))) if slotted else None
        if slotted and cls.__dictoffset__ == 0:
            missing = cls._allowed - slots
            if missing:
                raise DeclarationError(
                    f"{cls.__name__}: no slot for {', '.join(sorted(missing))} (use slots_for)"
                )

    # ----------------------------------------------------------------- construction
    def settled(self) -> State:
        """This state in a fresh object, its attributes set one by one. On CPython 3.11 reading
        ``__dict__`` (as ``undeclared`` does) turns an object's inline attributes into a split
        table that every later attribute access, on it and on its clones, reads slowly (a
        sixth of The GAME's hot path); the fresh object keeps them inline again."""
        cls = type(self)
        if cls._slotted:
            return self  # slots are read fast whatever was read before
        new = cls.__new__(cls)
        for name, value in self.__dict__.items():
            setattr(new, name, value)
        return new

    def init_base(
        self,
        game: Game,
        seed: int,
        players: int,
        stack: Mapping[str, Sequence[str]] | None,
        dice: Sequence[int] | None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.players = players
        self.stack = {k: list(v) for k, v in stack.items()} if stack else None
        if dice is not None and any(
            isinstance(d, bool) or not isinstance(d, int) or d < 1 for d in dice
        ):
            raise ScriptError(
                f"dice: every scripted result must be a positive integer, got {list(dice)}"
            )
        self.dice = tuple(dice or ())
        self.dice_pos = 0
        self.rng_state = Rng(seed).state
        self.history = []
        self.decisions = []
        self.effects = ()
        self.effects_wait = NOT_WAITING
        self.result = None
        self.log = None
        self.card_facts = None
        self.reads = None
        self._legal = None

    def setup(self) -> None:
        """The rulebook's setup: shuffle, honour ``self.stack``, deal, push the first decision."""
        raise NotImplementedError

    @classmethod
    def saved_fields(cls) -> tuple[str, ...]:
        """Every field a save's state holds: the engine's and the game's FIELDS (the history
        is saved beside them)."""
        return tuple(f for f in cls._code.fields if f != "history")

    def undeclared(self) -> str | None:
        """What is wrong with this state's attributes (None: nothing). An attribute outside
        FIELDS (and TRANSIENT) is lost on save, so a restored game plays on differently or
        crashes; a declared field that is missing breaks clone and save."""
        cls = type(self)
        complete = cls._complete
        if complete is not None and cls.__dictoffset__ == 0 and complete(self):
            return None  # slots alone hold nothing undeclared, and each one is set
        have = set(getattr(self, "__dict__", ()))
        if cls._slotted:
            have |= {name for name in cls._allowed if hasattr(self, name)}
        extra, missing = sorted(have - cls._allowed), sorted(cls._required - have)
        if extra:
            return (
                f"{cls.__name__} keeps {', '.join(extra)} outside its declared FIELDS "
                "(lost on save): declare it"
            )
        if missing:
            return f"{cls.__name__} never sets its declared field(s) {', '.join(missing)}"
        return None

    # ----------------------------------------------------------------- randomness
    # The generator's whole state is the int ``rng_state`` (SplitMix64), so a clone copies
    # it for free; these methods are the Rng's, inlined on the state.
    def next64(self) -> int:
        self.rng_state = s = (self.rng_state + _GOLDEN) & MASK64
        table = _random.remembered
        if table is not None:  # a search's world: the output looked up (remembered_draws)
            z = table.get(s)
            if z is None:
                z = table[s] = mix64(s)
            return z
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        self.rng_state = s = (self.rng_state + _GOLDEN) & MASK64  # next64, inlined (as in roll)
        table = _random.remembered
        if table is not None:  # a search's world: the output looked up (remembered_draws)
            z = table.get(s)
            if z is None:
                z = table[s] = mix64(s)
            return (z * n) >> 64
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        return ((s ^ (s >> 31)) * n) >> 64

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        """Fisher-Yates in place, from the state's generator."""
        self.rng_state = fisher_yates(seq, self.rng_state)

    @property
    def rng(self) -> Rng:
        """The generator as an Rng whose draws advance this state (for code that wants one)."""
        return _StateRng(self)

    @rng.setter
    def rng(self, value: Rng) -> None:
        self.rng_state = value.state

    def roll(self, sides: int) -> int:
        """A die result: the next scripted one if any is left, else from the state's RNG."""
        if self.dice_pos < len(self.dice):
            value = self.dice[self.dice_pos]
            if value > sides:
                raise ScriptError(f"dice: scripted result {value} does not fit a d{sides}")
            self.dice_pos += 1
            return value
        self.rng_state = s = (self.rng_state + _GOLDEN) & MASK64  # next64, inlined: a hot path
        table = _random.remembered
        if table is not None:  # a search's world: the output looked up (remembered_draws)
            z = table.get(s)
            if z is None:
                z = table[s] = mix64(s)
            return ((z * sides) >> 64) + 1
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        return (((s ^ (s >> 31)) * sides) >> 64) + 1

    # ----------------------------------------------------------------- protocol: flow
    @property
    def to_move(self) -> int | None:
        return self.decisions[-1][1] if self.decisions else None

    def is_over(self) -> bool:
        return not self.decisions

    def legal_ids(self) -> tuple[int, ...]:
        """The legal action ids, sorted (cached until the next action: the hot path)."""
        legal = self._legal
        if legal is None:
            decisions = self.decisions
            fns = self.game.option_fns
            if decisions:
                d = decisions[-1]
                legal = self._legal = tuple(fns[d[0]](self, d))
            else:
                legal = self._legal = ()
        return legal

    def offer(self, decision: tuple[int, ...], options: list[int]) -> None:
        """Open ``decision`` (the only one pending) when the rules have just worked out its
        options: they become the legal ids without being listed a second time."""
        self.decisions = [decision]
        options.sort()
        self._legal = tuple(options)

    def legal_actions(self) -> list[Action]:
        return [*map(self.game.actions.__getitem__, self.legal_ids())]  # the fewest instructions

    def option_text(self, aid: int) -> str:
        """The words for action ``aid`` now, as a person choosing reads them (a game whose
        options read differently by state overrides this; unique among the legal actions).
        Never called by simulation or search: build the words freely. In the reader's
        language where the action table gave the words as a message."""
        language = current()
        if not language.english:
            said = self.game.table.message(aid)
            if said is not None:
                return said.text(language)
        return self.game.actions[aid].text

    def apply(self, action: Action | int, narrate: bool = True) -> list[Event]:
        """Apply a legal action and return what happened in words (``narrate=False``: nothing,
        the fast path for simulation and search). Raises IllegalAction, state unchanged."""
        aid = action if type(action) is int else getattr(action, "id", None)  # no call: a hot path
        if type(aid) is not int:
            aid = _action_id(action)  # not an action: refused there
        legal = self._legal
        if legal is None:
            legal = self.legal_ids()
        if aid not in legal:
            raise IllegalAction(self._why_illegal(aid))
        self._legal = None
        self.history.append(aid)
        handler, index = self.game.dispatch[aid]
        if narrate:
            log: list[Event] = []
            self.log = log
            handler(self, index)
            if self.effects and len(self.decisions) < self.effects_wait:
                self.resolve_effects()
            self.log = None
            return log
        handler(self, index)
        if self.effects and len(self.decisions) < self.effects_wait:
            self.resolve_effects()
        return []

    def play(self, aid: int) -> None:
        """Apply ``aid``, taken from ``legal_ids()`` as they stand, unchecked and unnarrated:
        a search's moves, which are drawn from those ids, at every step of every iteration
        (``apply`` is the checked path; the same handlers, the same effects)."""
        self._legal = None
        self.history.append(aid)
        handler, index = self.game.dispatch[aid]
        handler(self, index)
        if self.effects and len(self.decisions) < self.effects_wait:
            self.resolve_effects()

    def say(self, text: str, to: tuple[int, ...] | None = None, others: str | None = None) -> None:
        """Narrate (only when the caller asked for narration; cheap to call otherwise)."""
        if self.log is not None:
            self.log.append(Event(text, to, others))

    def narrate(
        self, message: Message, to: tuple[int, ...] | None = None, others: Message | None = None
    ) -> None:
        """Narrate a message as data (``rulebook.i18n.msg``), worded in each reader's
        language when shown; only when the caller asked for narration (test ``self.log``
        first where building the message costs)."""
        log = self.log
        if log is not None:
            log.append(Event.of(message, to, others))

    def mark(self, kind: str, card: str, seat: int) -> None:
        """Declare a card fact at the rule that makes it: ``kind`` is one of MARKS, ``card``
        the card's stable id, ``seat`` the seat it happens to (or for). Recorded only for a
        listener that asked (``new_state(card_facts=[])``): one attribute test otherwise, so
        simulation and search pay nothing for it."""
        if self.card_facts is not None:
            self.card_facts.append((kind, card, seat))

    def _why_illegal(self, aid: int) -> str:
        if not self.decisions:
            return _("the game is over: no action is legal")
        actions = self.game.actions
        if not 0 <= aid < len(actions):
            return _("no action has id {id} (ids run 0..{last})", id=aid, last=len(actions) - 1)
        return _(
            "'{action}' is not legal now ({decision}; legal ids: {legal})",
            action=actions[aid].text,
            decision=self.decision_text(),
            legal=", ".join(f"{i}" for i in self.legal_ids()),
        )

    def decision_text(self) -> str:
        """A short description of the pending decision, for messages."""
        if not self.decisions:
            return _("the game is over")
        d = self.decisions[-1]
        kinds = type(self).DECISIONS
        name = kinds[d[0]].name if d[0] < len(kinds) else f"decision {d[0]}"
        return _("{player} to decide: {decision}", player=self.role(d[1]), decision=name)

    # ----------------------------------------------------------------- effects
    def then(self, *effects: tuple[int, ...]) -> None:
        """Queue effects to resolve after everything already pending, in this order."""
        self.effects = (*reversed(effects), *self.effects)

    def now(self, *effects: tuple[int, ...]) -> None:
        """Queue effects to resolve next, before what is already pending, in this order."""
        self.effects = (*self.effects, *reversed(effects))

    def resolve_effects(self) -> None:
        """Resolve pending effects until one asks a decision, the game ends or none is left.

        A handler that asks a decision holds the queue until that decision is answered (the
        stack shrinks below the depth it had): choices made meanwhile on top of it, such as a
        target for a card's effect, do not release it. A handler may leave no decision pending
        while more effects wait (the turn's action is done, its end is queued)."""
        fns = self.game.effect_fns
        while self.effects and self.result is None:
            effect = self.effects[-1]
            self.effects = self.effects[:-1]
            if fns[effect[0]](self, effect):
                self.effects_wait = len(self.decisions)
                if self.effects:
                    return
        self.effects_wait = NOT_WAITING

    # ----------------------------------------------------------------- outcome and seats
    def finish(self, outcome: Outcome) -> None:
        """The game ends now: no decision or effect is left. An outcome with points gets its
        returns from them on the game's ``score_range``."""
        if outcome.points is not None:
            low, high = self.game.points_scale()
            outcome = outcome.on_scale(low, high)
        self.result = outcome
        self.decisions.clear()
        self.effects = ()
        self.effects_wait = NOT_WAITING

    def outcome(self) -> Outcome | None:
        return self.result if not self.decisions else None

    def returns(self) -> list[float]:
        result = self.outcome()
        if result is None:
            return [0.0] * self.players
        return list(result.scores)

    def role(self, seat: int) -> str:
        return self.game.role(seat)

    def role_words(self, seat: int) -> str:
        """How the table names ``seat`` in the current reader's language (``role`` is the
        English; a game with translated roles overrides this, or the Game's ``role_words``)."""
        return self.game.role_words(seat)

    def outcome_words(self) -> str:
        """The finished game's reason in the current reader's language (``outcome().text``
        is the English; a game with translated reasons overrides this)."""
        outcome = self.outcome()
        return outcome.text if outcome is not None else ""

    def turns(self) -> int:
        """How many turns the game has run, as the rulebook counts them (for statistics)."""
        return len(self.history)

    def tallies(self) -> dict[str, float | str]:
        """A finished game's own figures for simulation reports: a number is averaged over
        the games ("deaths": 2), a word is counted ("deepest trophy": "10-14")."""
        return {}

    def estimate(self) -> list[float] | None:
        """A heuristic value per seat of an unfinished game, for search that stops early
        (in [0, 1], shaped like ``returns()``); None when the game offers no opinion."""
        return None

    # ----------------------------------------------------------------- hidden information
    def view(self, seat: int | None) -> dict[str, Any]:
        """Exactly what ``seat`` may see (None: a spectator), as JSON-able data."""
        data: dict[str, Any] = {"game": self.game.slug, "seat": seat, **self.view_head()}
        data.update(self.observe(seat))
        return data

    def view_head(self) -> dict[str, Any]:
        """The part of every seat's ``view`` that is the same for all: whose move, the
        decision, over and the outcome (a server building each seat's table makes it once)."""
        result = self.outcome()
        return {
            "to_move": self.to_move,
            "decision": self.decision_view(),
            "over": not self.decisions,
            "outcome": result.to_json() if result else None,
        }

    def observe(self, seat: int | None) -> dict[str, Any]:
        """The game part of ``view(seat)``."""
        raise NotImplementedError

    def decision_view(self) -> dict[str, Any] | None:
        """The pending decision as everyone may see it: kind, seat, role, public payload."""
        if not self.decisions:
            return None
        d = self.decisions[-1]
        kind = type(self).DECISIONS[d[0]]
        data: dict[str, Any] = {"kind": kind.name, "seat": d[1], "role": self.role(d[1])}
        if kind.prompt:
            data["prompt"] = kind.prompt
        for name, value in zip(kind.public, d[2:], strict=False):
            data[name] = value
        return data

    def seers(self, field: str, owner: int | None = None) -> tuple[int, ...] | None:
        """Who sees a zone's cards (None: everyone) — the privacy of an event about them."""
        zone = self.game.zone(field)
        return zone.seers(owner, self.players)

    def shown_at_end(self) -> frozenset[str]:
        """The zones everyone sees once the game is over: the ending's own choice
        (``Outcome.revealing``), else each zone's ``revealed_at_end``."""
        result = self.result
        if result is not None and result.reveal is not None:
            return frozenset(result.reveal)
        return self.game.revealed_at_end

    def sees(self, field: str, owner: int | None, seat: int | None) -> bool:
        """Can ``seat`` (None: a spectator) see the cards of zone ``field`` that ``owner``
        holds, now? What views should ask: it honours the ending's reveal."""
        if self.game.zone(field).visible(owner, seat, False):
            return True
        return not self.decisions and field in self.shown_at_end()

    def infoset(self, seat: int) -> InfoSet:
        """What an agent gets: its view, its legal actions, and sampling of consistent states."""
        return InfoSet(self, seat)

    # ----------------------------------------------------------------- copying and data
    def clone(self) -> State:
        new: State = type(self)._code.clone(self)
        if self.card_facts is not None:  # a search's clones must not write into the game's record
            new.card_facts = None
        reads = self.reads
        if reads is not None:  # kept (State.kept_reads): the clone's own copy
            new.reads = [r[:] for r in reads]
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return (
            self.game.slug == other.game.slug
            and self.game.config == other.game.config
            and self.seed == other.seed
            and self.players == other.players
            and self.stack == other.stack
            and self.dice == other.dice
            and self.history == other.history
            and self.snapshot() == other.snapshot()
        )

    __hash__ = None  # type: ignore[assignment]  # mutable: equality by value, no hashing


class _StateRng(Rng):
    """An Rng view of a state's generator: drawing from it advances the state."""

    __slots__ = ("_owner",)

    def __init__(self, owner: State) -> None:
        self._owner = owner

    @property
    def state(self) -> int:
        """The owner's generator state (so ``clone`` and ``state.rng = other.rng`` work)."""
        return self._owner.rng_state

    @state.setter
    def state(self, value: int) -> None:
        self._owner.rng_state = value

    def next64(self) -> int:
        return self._owner.next64()

    def below(self, n: int) -> int:
        return self._owner.below(n)

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        self._owner.shuffle(seq)


def slots_for(fields: Mapping[str, str], transient: tuple[str, ...] = ()) -> tuple[str, ...]:
    """``__slots__`` for the State class that declares ``fields`` and ``transient`` (each
    class made from it then declares ``__slots__ = ()``): every attribute its states hold.
    On CPython 3.11 a state with more than ``INLINE`` attributes reads each one through a
    dict table, about a fifth slower than from a slot."""
    return tuple(dict.fromkeys((*BASE_FIELDS, *fields, *SHARED, *SCRATCH, *transient)))


def _annotated_fields(cls: type[State]) -> dict[str, str]:
    """The fields a State subclass declares by annotation (``deck: list[int]``): its own
    annotations, less ClassVars, private names and what the engine's State annotates."""
    own = inspect.get_annotations(cls)
    fields = {}
    for name, annotation in own.items():
        text = str(annotation)
        if name.startswith("_") or name in State.__annotations__ or "ClassVar" in text:
            continue
        if name in cls.TRANSIENT:
            continue
        try:
            fields[name] = shape_of(name, annotation)
        except ValueError as exc:
            raise DeclarationError(f"{cls.__name__}: {exc}") from None
    return fields


def _action_id(action: object) -> int:
    aid = getattr(action, "id", None)
    if type(aid) is not int:
        raise IllegalAction(f"not an action: {action!r} (pass an Action or its int id)")
    return aid
