"""The components on the table: Ribbon of Bone's fields, its decisions, and the small moves
every part of the rules uses (the bag of memory tokens, attunement, drawing a Marquis).

The rule modules (setup, movement, thoughts, combat, endings, view) build on this class.
Records that change rarely are tuples, replaced rather than mutated (a clone shares them);
only the decks are lists, the zone the engine reshuffles for hidden information. An opposing
Marquis is ``(card, health, bound bits)`` in ``foes``; memory tokens come from one bag: what
is not in the court, on the character sheet or on a bound icon (R2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rulebook.engine.decisions import DecisionKind
from rulebook.engine.events import Event
from rulebook.engine.fields import FROZEN, INT, INT_TUPLE, INTS2, STR
from rulebook.engine.state import State, slots_for
from rulebook.games.ribbon_of_bone import tracker
from rulebook.games.ribbon_of_bone.cards import ABILITY_TITLES
from rulebook.games.ribbon_of_bone.game import LORD_ICON, LORD_WORD, RibbonOfBone
from rulebook.games.ribbon_of_bone.places import PLACES
from rulebook.i18n import N_, Message, Name, msg

SEAT = 0
# decision kinds, in DECISIONS order: (kind, 0, *payload)
(
    IDENTITY,
    TURN,
    ANSWER,
    VTHOUGHT,
    VDECISION,
    PICK,
    BINDER,
    BIND,
    ATTRIBUTE,
    TARGET,
    REACTION,
    ESCAPE,
) = range(12)
# A Marquis's bound icons: bits 0-3; bits 4-7 mark an icon bound without a memory token on it
# (a notebook memory spent with the bag empty, R31 "free")
BITS = tuple(bin(mask & 15).count("1") for mask in range(256))  # icons bound
TOKENS = tuple(BITS[mask] - bin(mask >> 4).count("1") for mask in range(256))  # tokens on them
UNMARKED = 4  # shift from an icon's bound bit to its "no token" bit


def icon_said(game: RibbonOfBone, card: int, slot: int) -> Message:
    """A Marquis's icon as a message: its ability in that slot, or its Lord icon."""
    if slot == LORD_ICON:
        return Message(LORD_WORD)
    return Message(ABILITY_TITLES[game.abilities[card][slot]])


def attuned(game: RibbonOfBone, why: Message | None, lord: int, before: int, after: int) -> Message:
    """An attunement point's move (RB-29) in words."""
    names = game.lord_words
    where = tracker.said(after, names)
    if after != before:
        return msg(
            "{why}: your attunement moves toward {lord} ({where}).",
            why=why,
            lord=names[lord],
            where=where,
        )
    return msg(
        "{why}: your attunement stays toward {lord} ({where}).",
        why=why,
        lord=names[lord],
        where=where,
    )


def roll_said(game: RibbonOfBone, card: int, rolled: int) -> Message:
    """``3 → Loss``: the ability a roll selects on a constituent (4: a basic attack)."""
    if rolled > 3:
        return msg("{roll} → basic attack", roll=rolled)
    ability = Message(ABILITY_TITLES[game.abilities[card][rolled - 1]])
    return msg("{roll} → {ability}", roll=rolled, ability=ability)


class Components(State):
    game: RibbonOfBone
    FIELDS: ClassVar[dict[str, str]] = {
        "identity": INT,  # your identity card (-1 until chosen)
        "decks": INTS2,  # the three Marquis decks, top card last
        "set_aside": INT_TUPLE,  # identities not chosen (RB-3)
        "perished": INT_TUPLE,
        "constituency": INT_TUPLE,
        "court": INT_TUPLE,  # the loop of court cards, by position
        "sides": INT_TUPLE,  # 0 the Lord side up, 1 the ability side
        "tokens": INT_TUPLE,  # memory tokens on each court position
        "pos": INT,
        "sheet": INT,  # memory tokens on the character sheet
        "health": INT,
        "wrath": INT,  # 1 once the alignment card shows The Wrath
        "att": INT,  # the attunement tracker's position (tracker.py)
        "memories": INT_TUPLE,  # ability icons written in the notebook
        "crossed": INT_TUPLE,  # spent memories, crossed out
        "scenes": INT_TUPLE,  # game.scene_names indices
        "opponents": FROZEN,  # the notebook's (card, health) per opponent faced
        "health_log": INT_TUPLE,
        "turn": INT,
        "event": INT,  # this turn's D4 roll
        "rounds": INT,  # combat rounds played this game (R11's safety limit)
        "foes": FROZEN,  # (card, health, bound bits) per opposing Marquis
        "predicted": INT_TUPLE,  # per foe: the slot it will use (LORD_ICON: a basic attack)
        "party": INT_TUPLE,
        "binder": INT,
        "last_binder": INT,
        "action": FROZEN,  # (card, roll) per prosecutor this combat turn
        "target": INT,  # index into foes
        "rogue": INT,  # a rogue identity faced (-1: none)
        "forced": INT,  # 1 when this combat was forced by court tokens (RB-14)
        "ending": STR,
        "detail": STR,
        "imprison": INT_TUPLE,  # constituents lost to the envelope at death (RB-62)
        "release": INT,  # the Lord whose Marquis an Escape frees (-1: none)
    }
    DECISIONS = (
        DecisionKind("identity", "options_identity", N_("Choose your identity")),
        DecisionKind(
            "turn", "options_turn", N_("Follow the roll, move or stay"), ("roll", "second")
        ),
        DecisionKind("answer", "options_answer", N_("Answer the thought"), ("second",)),
        DecisionKind(
            "v-thought", "options_v_thought", N_("V thought: a free memory or attunement")
        ),
        DecisionKind("v-decision", "options_v_decision", N_("V decision: heal, or flip to Favour")),
        DecisionKind("pick", "options_pick", N_("Choose constituents to fight with")),
        DecisionKind("binder", "options_binder", N_("Shuffling: choose the binder")),
        DecisionKind("bind", "options_bind", N_("Binding: bind matching icons")),
        DecisionKind("attribute", "options_attribute", N_("Action: give the roll"), ("roll",)),
        DecisionKind("target", "options_target", N_("Choose the Marquis to strike")),
        DecisionKind("reaction", "options_reaction", N_("Reaction: spend a memory to bind?")),
        DecisionKind("escape", "options_escape", N_("Escape: open the envelope?")),
    )
    SHAPE_KEYS = ("turn",)
    # what the view shows (a solo game: the one seat sees all but the decks' order, RB-5);
    # lists of records (``opponents``, ``foes``, ``action``) by their length only; not
    # ``perished``, ``target``, ``forced``, ``rounds`` (not shown), nor ``imprison`` and
    # ``release`` (the summary's, at the end), nor the words (``ending``, ``detail``)
    PUBLIC_FIELDS = (
        "identity",
        "constituency",
        "court",
        "sides",
        "tokens",
        "pos",
        "sheet",
        "health",
        "wrath",
        "att",
        "memories",
        "crossed",
        "scenes",
        "opponents",
        "health_log",
        "turn",
        "event",
        "foes",
        "predicted",
        "party",
        "binder",
        "last_binder",
        "action",
        "rogue",
    )
    VIEW_OF = PLACES  # where the view shows each of them and each zone
    TRANSIENT = ("recent",)  # the latest action's narration, for the view (``say``)
    __slots__ = slots_for(FIELDS, TRANSIENT)  # more than CPython keeps inline: see slots_for

    identity: int
    decks: list[list[int]]
    set_aside: tuple[int, ...]
    perished: tuple[int, ...]
    constituency: tuple[int, ...]
    court: tuple[int, ...]
    sides: tuple[int, ...]
    tokens: tuple[int, ...]
    pos: int
    sheet: int
    health: int
    wrath: int
    att: int
    memories: tuple[int, ...]
    crossed: tuple[int, ...]
    scenes: tuple[int, ...]
    opponents: tuple[tuple[int, int], ...]
    health_log: tuple[int, ...]
    turn: int
    event: int
    rounds: int
    foes: tuple[tuple[int, int, int], ...]
    predicted: tuple[int, ...]
    party: tuple[int, ...]
    binder: int
    last_binder: int
    action: tuple[tuple[int, int], ...]
    target: int
    rogue: int
    forced: int
    ending: str
    detail: str
    imprison: tuple[int, ...]
    release: int
    recent: tuple[int, list[Event]]  # not a field: the latest narration (``happened``)

    # ------------------------------------------------------------------ narration
    def narrate(
        self, message: Message, to: tuple[int, ...] | None = None, others: Message | None = None
    ) -> None:
        """Narrate a message (only when asked; worded when read, in the reader's language),
        and keep the narration of the latest action for the view's "happened": ``(actions
        applied, events)``, outside the declared fields, so it is never saved or compared; a
        clone shares it; an action applied without narration leaves it stale, and the view
        then shows nothing (the counts differ)."""
        log = self.log
        if log is not None:
            if not log:  # the action's first event: the log is the latest narration
                self.recent = (len(self.history), log)
            log.append(Event.of(message, to, others))

    def narrate_later(self, make: Callable[..., Message], args: tuple[Any, ...]) -> None:
        """Narrate the message ``make(*args)``, made only when the line is read."""
        log = self.log
        if log is not None:
            if not log:
                self.recent = (len(self.history), log)
            log.append(Event.later(make, args))

    def happened(self, seat: int | None) -> list[str]:
        """What the latest action brought about, as ``seat`` may read it, in the reader's
        language."""
        recent = getattr(self, "recent", None)
        if recent is None or recent[0] != len(self.history):
            return []
        return [t for t in (e.read(seat) for e in recent[1]) if t]

    # ------------------------------------------------------------------ small moves
    def d4(self) -> int:
        return self.roll(4)

    def name(self, card: int) -> str:
        return self.game.names[card]

    def said_name(self, card: int) -> Name:
        """A card's name as a message argument (worded for each reader)."""
        return self.game.name_words[card]

    def icon_name(self, card: int, slot: int) -> str:
        """A Marquis's icon in words: its ability in that slot, or its Lord icon."""
        return self.icon_said(card, slot).english()

    def icon_said(self, card: int, slot: int) -> Message:
        return icon_said(self.game, card, slot)

    def roll_said(self, card: int, rolled: int) -> Message:
        return roll_said(self.game, card, rolled)

    def court_name(self, position: int) -> str:
        card = self.game.content.court[self.court[position]]
        return card.sides[self.sides[position]]

    def court_said(self, position: int) -> Name:
        """The side a court card shows, by its name (worded for each reader)."""
        return self.game.court_words[self.court[position]][self.sides[position]]

    def bag(self) -> int:
        """Memory tokens left in the bag (R2; a very large number when there is no limit)."""
        total = self.game.config.memory_tokens
        if total == 0:
            return 1 << 30
        bound = 0
        for foe in self.foes:
            bound += TOKENS[foe[2]]
        return total - sum(self.tokens) - self.sheet - bound

    def reading(self, lord: int) -> int:
        return self.game.readings[self.att][lord]

    def attune(self, lord: int, why: Message | None) -> None:
        """RB-29: one attunement point moves the token one step toward that Lord; ``why``
        (narration only: None when not narrating) says what moved it."""
        before = self.att
        self.att = tracker.STEP[before][lord]
        if self.log is not None:
            self.narrate_later(attuned, (self.game, why, lord, before, self.att))

    def add_health(self, amount: int) -> None:
        """Heal (or lose) ``amount``, never above the maximum (R1); the notebook records it."""
        self.health = min(self.game.config.max_health, self.health + amount)
        self.health_log = (*self.health_log, self.health)

    def draw_marquis(self, lord: int) -> int:
        """The top Marquis of a deck (identities stay where they lie, R12); -1 if none."""
        deck = self.decks[lord]
        identity = self.game.identity
        for i in range(len(deck) - 1, -1, -1):
            if not identity[deck[i]]:
                return deck.pop(i)
        return -1

    def has_marquis(self, lord: int) -> bool:
        """Whether the deck holds a Marquis: not every card in it is an identity."""
        return not all(map(self.game.identity.__getitem__, self.decks[lord]))

    def marquis_left(self) -> bool:
        return self.has_marquis(0) or self.has_marquis(1) or self.has_marquis(2)

    def random_deck(self) -> int:
        """A random deck still holding a Marquis (RB-12, RB-30); -1 if none does."""
        decks = [lord for lord in range(3) if self.has_marquis(lord)]
        return decks[self.below(len(decks))] if decks else -1

    def usable(self) -> list[int]:
        """Constituents that can fight: an aligned identity cannot (RB-61)."""
        identity = self.game.identity
        usable = []
        for c in self.constituency:  # a loop, not a comprehension: every combat asks
            if not identity[c]:
                usable.append(c)
        return usable

    def constituency_value(self) -> int:
        """RB-61: an aligned identity counts as 2 Marquis toward a victory by size."""
        constituency = self.constituency  # each counts 1, an aligned identity 1 more
        return len(constituency) + sum(map(self.game.identity.__getitem__, constituency))

    def most_attuned(self) -> list[int]:
        values = [tracker.strength(self.att, lord) for lord in range(3)]
        top = max(values)
        return [lord for lord in range(3) if values[lord] == top]

    def notebook_name(self) -> str:
        if self.game.config.name:
            return self.game.config.name
        return self.name(self.identity) if self.identity >= 0 else ""

    def notebook_said(self) -> Name | str:
        """``notebook_name`` as a message argument: a name you chose reads as you wrote it."""
        if self.game.config.name:
            return self.game.config.name
        return self.said_name(self.identity) if self.identity >= 0 else ""

    def clear_combat(self) -> None:
        self.foes, self.predicted, self.party, self.action = (), (), (), ()
        self.binder = self.last_binder = self.target = self.rogue = -1

    # ------------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        """Every card in exactly one place; tokens, health and the tracker within bounds."""
        g = self.game
        places = [
            *self.set_aside,
            *self.perished,
            *self.constituency,
            *(f[0] for f in self.foes),
            *g.imprisoned,
        ]
        for deck in self.decks:
            places.extend(deck)
        if self.identity >= 0:
            places.append(self.identity)
        if self.rogue >= 0:
            places.append(self.rogue)
        if sorted(places) != list(range(len(g.names))):
            raise ValueError("a card is missing or in two places")
        if len(self.decks) != 3:
            raise ValueError("three Marquis decks expected")
        if any(self.game.identity[f[0]] for f in self.foes):
            raise ValueError("an identity cannot be an opposing Marquis")
        if self.identity >= 0 and sorted(self.court) != list(range(len(g.court_lord))):
            raise ValueError("the court loop lost a card")
        if self.bag() < 0:
            raise ValueError("more memory tokens in play than the bag holds")
        if not 0 <= self.att < 10 or self.health > g.config.max_health:
            raise ValueError("tracker or health out of bounds")
        if self.turn > g.config.max_turns or self.rounds > g.config.max_rounds:
            raise ValueError("turn or round counter out of bounds")

    # ------------------------------------------------------------------ parts of the rules
    # Each is written in its own module; these declare them for the modules that call across.
    def start_turn(self) -> None:
        raise NotImplementedError

    def end_turn(self) -> None:
        raise NotImplementedError

    def start_combat(self, forced: bool) -> None:
        raise NotImplementedError

    def combat_turn(self) -> None:
        raise NotImplementedError

    def bind(self, card: int, slot: int, who: int, by: object = None) -> bool:
        raise NotImplementedError

    def resolution(self) -> bool:
        raise NotImplementedError

    def end_combat(self, how: str) -> None:
        raise NotImplementedError

    def victory(self, why: Message) -> None:
        raise NotImplementedError

    def end_game(self, ending: str, detail: Message) -> None:
        raise NotImplementedError

    def lasting(self) -> dict[str, Any]:
        raise NotImplementedError
