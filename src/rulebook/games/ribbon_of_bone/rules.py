"""Ribbon of Bone's rules in the rulebook's order: setup, the turn's D4 roll, thoughts and
decisions with their V prompts, the attunement tracker, the six combat phases, the endings of a
combat and of the whole game. Rule ids (RB-n) and readings (R-n) refer to
``docs/rules/ribbon-of-bone.md``.

Cards ("fighters") are numbered: Marquis first, then identities. An opposing Marquis has four
icons, bits 0-2 its abilities top to bottom and bit 3 its Lord icon; ``foes`` holds
``(card, health, bound bits)``. Memory tokens come from one bag: what is not in the court, on
the character sheet or on a bound icon.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from rulebook.engine.events import Event
from rulebook.engine.game import Action, Game, param
from rulebook.engine.outcome import Outcome
from rulebook.engine.state import State
from rulebook.engine.zones import NOBODY, PILES, Zone, check_stack_names, stack_deck
from rulebook.games.ribbon_of_bone import tracker
from rulebook.games.ribbon_of_bone.cards import (
    ABILITIES,
    BASIC,
    CONSTRUCTION,
    Content,
    load_content,
)
from rulebook.games.ribbon_of_bone.combat import NAMES as USE_NAMES
from rulebook.games.ribbon_of_bone.combat import Use, resolve
from rulebook.games.ribbon_of_bone.profile import Profile

SEAT = 0
LORD_ICON = 3
FULL = 0b1111
V = 99  # the second roll ignored: the V prompt applies

# decision kinds: (kind, 0, *payload)
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
DECISION_NAMES = (
    "identity",
    "turn",
    "answer",
    "v-thought",
    "v-decision",
    "pick",
    "binder",
    "bind",
    "attribute",
    "target",
    "reaction",
    "escape",
)
EVENTS = ("", "a stillness", "a thought", "an opportunity", "an encounter")


@dataclass(frozen=True)
class Config:
    """Rule parameters (rulebook defaults) and a switch for every reading in the register."""

    cards: str | None = param(None, "a designer's card file (TOML)")
    name: str = param("", "your name in the notebook")
    imprisoned: tuple[str, ...] = param((), "profile: Marquis sealed in the imprisonment envelope")
    unleashed: bool = param(False, "profile: unused identities join the Marquis decks")
    starting_health: int = param(14, "RB-7: your health at setup")
    max_health: int = param(15, "R1: health cap ('heal up to 15')")
    opponent_health: int = param(9, "RB-31: a Marquis's health")
    memory_tokens: int = param(10, "R2: tokens in the bag (0: no limit)")
    forced_encounter_tokens: int = param(4, "RB-14: court tokens")
    v_prompt_tokens: int = param(5, "RB-20: sheet tokens for V")
    party_size: int = param(3, "RB-32: constituents taken to a fight (at most)")
    v_heal: int = param(15, "RB-22: points the V decision heals (up to max_health)")
    stillness_move: Literal["adjacent", "any"] = param(
        "adjacent", "R27: where a stillness's tokenless move may go"
    )
    negative_attunement: Literal["instance", "attack"] = param(
        "instance", "R28: +1 per damage instance, or once per attack"
    )
    court_start: Literal["random", "lord", "ability"] = param(
        "random", "R3: which side of each court card starts up"
    )
    attunement_reading: Literal["lines", "projection"] = param(
        "lines", "R4: how the tracker is read"
    )
    binds_per_turn: Literal["all", "one"] = param(
        "all", "R5: matching icons the binder may bind per turn"
    )
    capture_is_victory: bool = param(True, "R6: a full bind also heals 2 and attunes")
    wrath_health: Literal["reset", "keep"] = param("reset", "R7: health after the first loss")
    lost_opponent: Literal["reshuffle", "discard"] = param(
        "reshuffle", "R8: a Marquis that beat you returns to its deck"
    )
    simultaneous_ko: Literal["loss", "victory"] = param(
        "loss", "R9: both at 0 health in one resolution"
    )
    v_resets_sheet: bool = param(True, "R10: a V prompt returns the sheet's tokens to the bag")
    identity_align_binds: int = param(6, "RB-60: binds to align")
    max_turns: int = param(300, "R11: safety turn limit ('other')")

    def __post_init__(self) -> None:
        for name in (
            "starting_health",
            "max_health",
            "opponent_health",
            "party_size",
            "v_heal",
            "forced_encounter_tokens",
            "v_prompt_tokens",
            "identity_align_binds",
            "max_turns",
        ):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        if self.memory_tokens < 0:
            raise ValueError("memory_tokens cannot be negative")


class Layout:
    """Offsets of the action-id blocks."""

    def __init__(self, content: Content) -> None:
        self.F = len(content.fighters)
        self.C = len(content.court)
        self.T = len(content.thoughts)
        sizes = [
            ("identity", self.F),
            ("stay", 1),
            ("move_next", 1),
            ("move_prev", 1),
            ("free_next", 1),
            ("free_prev", 1),
            ("indulge", 1),
            ("resolve", 1),
            ("face", 1),
            ("answer", self.T * 3),
            ("free_memory", len(ABILITIES)),
            ("free_attune", 3),
            ("heal", 1),
            ("flip", 1),
            ("pick", self.F),
            ("binder", self.F),
            ("bind", self.F * 4),
            ("done_binding", 1),
            ("attribute", self.F),
            ("target", self.F),
            ("react_court", self.C * self.F),
            ("react_note", len(ABILITIES) * self.F),
            ("no_reaction", 1),
            ("escape", 3),
            ("keep_envelope", 1),
            ("done_picking", 1),
            ("free_to", self.C),
        ]
        self.base: dict[str, int] = {}
        self.blocks: list[tuple[int, str]] = []
        offset = 0
        for name, size in sizes:
            self.base[name] = offset
            if size:
                self.blocks.append((offset, name))
            offset += size
        self.size = offset
        self.starts = [start for start, _ in self.blocks]

    def decode(self, aid: int) -> tuple[str, int]:
        """(block name, offset within the block) of an action id."""
        start, name = self.blocks[bisect_right(self.starts, aid) - 1]
        return name, aid - start


class RibbonOfBone(Game):
    config: Config
    slug = "ribbon-of-bone"
    title = "Ribbon of Bone"
    summary = "Solo: roam a demon court, fight and bind Marquis, sway three Lords."
    min_players = 1
    max_players = 1
    information = "imperfect"  # the Marquis decks' order
    utility = "solo"
    config_class = Config
    content_notice = "Dark fantasy with demons, combat and death; nothing graphic."

    def __init__(self, config: Config) -> None:
        self.content = load_content(config.cards)
        content = self.content
        self.imprisoned = frozenset(content.card(c) for c in config.imprisoned)
        self.lord_names = tuple(lord.name for lord in content.lords)
        self.deck_names = (*(lord.id for lord in content.lords), "court")
        self.layout = Layout(content)
        super().__init__(config)

    def zones(self) -> tuple[Zone, ...]:
        """RB-5: the three Marquis decks lie face down; everything else is on the table."""
        return (Zone("decks", NOBODY, PILES),)

    def _build_actions(self) -> list[Action]:
        c = self.content
        acts: list[Action] = []

        def add(text: str, kind: str, *args: Any) -> None:
            acts.append(Action(len(acts), text, kind, args))

        for f in c.fighters:
            add(
                f"Play as {f.name}" if f.identity else f"(not an identity: {f.name})",
                "identity",
                f.id,
            )
        add("Stay where you are", "stay")
        add("Move on to the next court card (leave a memory token)", "move", 1)
        add("Move back to the previous court card (leave a memory token)", "move", -1)
        add("Move on to the next court card (stillness: no token)", "free-move", 1)
        add("Move back to the previous court card (stillness: no token)", "free-move", -1)
        add("Indulge the thought", "indulge")
        add("Resolve the decision", "resolve")
        add("Face the Marquis", "face")
        for t in c.thoughts:
            for i in range(3):
                if i < len(t.answers):
                    answer, lord = t.answers[i]
                    add(
                        f"{t.code}: answer '{answer}' ({self.lord_names[lord]})",
                        "answer",
                        t.code,
                        i,
                    )
                else:
                    add(f"{t.code}: (no answer {i + 1})", "answer", t.code, i)
        for a in ABILITIES:
            add(f"Take a free memory: {a.capitalize()}", "free-memory", a)
        for name in self.lord_names:
            add(f"Take a free attunement toward {name}", "free-attune", name)
        add(f"Heal up to {self.config.v_heal} points", "heal")
        add("Flip back to The Favour", "flip")
        for f in c.fighters:
            add(f"Take {f.name} into the fight", "pick", f.id)
        for f in c.fighters:
            add(f"Make {f.name} the binder", "binder", f.id)
        for f in c.fighters:
            for slot in range(4):
                icon = ABILITIES[f.abilities[slot]] if slot < 3 and f.abilities else "Lord"
                add(f"Bind {f.name}'s {icon.capitalize()} icon", "bind", f.id, slot)
        add("Done binding", "done-binding")
        for f in c.fighters:
            add(f"Give the roll to {f.name}", "attribute", f.id)
        for f in c.fighters:
            add(f"Attack {f.name}", "target", f.id)
        for court in c.court:
            for f in c.fighters:
                add(
                    f"Spend the memory at {court.sides[0]} / {court.sides[1]} to bind {f.name}",
                    "react-court",
                    court.id,
                    f.id,
                )
        for a in ABILITIES:
            for f in c.fighters:
                add(f"Spend your {a.capitalize()} memory to bind {f.name}", "react-note", a, f.id)
        add("Spend no memory", "no-reaction")
        for name in self.lord_names:
            add(f"Open the envelope: free {name}'s Marquis", "escape", name)
        add("Leave the envelope closed", "keep-envelope")
        add("Fight with the chosen constituents", "done-picking")
        for court in c.court:
            add(
                f"Move to {court.sides[0]} / {court.sides[1]} (stillness: no token)",
                "free-move-to",
                court.id,
            )
        return acts

    def role(self, seat: int) -> str:
        return "You"

    @classmethod
    def open_profile(cls, path: Path | None) -> Profile:
        """The lasting state between playthroughs (the table reads and writes it)."""
        return Profile(path)

    def card_ids(self, deck: str) -> list[str]:
        if deck == "court":
            return [c.id for c in self.content.court]
        lord = self.deck_names.index(deck)
        fighters = self.content.fighters
        return [
            f.id
            for i, f in enumerate(fighters)
            if f.lord == lord and not f.identity and i not in self.imprisoned
        ]


class RibbonState(State):
    game: RibbonOfBone
    identity: int
    decks: list[list[int]]
    set_aside: list[int]
    perished: list[int]
    constituency: list[int]
    court: list[int]
    sides: list[int]
    tokens: list[int]
    pos: int
    sheet: int
    health: int
    wrath: int
    att: int
    memories: list[int]
    crossed: list[int]
    scenes: list[str]
    opponents: list[tuple[int, int]]
    health_log: list[int]
    turn: int
    event: int
    foes: list[tuple[int, int, int]]
    predicted: list[int]
    party: list[int]
    binder: int
    last_binder: int
    action: list[tuple[int, int]]
    target: int
    rogue: int
    forced: int
    ending: str
    detail: str
    imprison: list[int]
    release: int

    # ================================================================== setup (RB-1..RB-7)
    def setup(self) -> None:
        check_stack_names(self.stack, self.game.deck_names)
        n = len(self.game.content.fighters)
        self.identity, self.decks, self.set_aside = -1, [[], [], []], []
        self.perished, self.constituency = [], []
        self.court, self.sides, self.tokens = [], [], []
        self.pos = self.sheet = self.wrath = 0
        self.health = self.game.config.starting_health
        self.att = tracker.CENTER
        self.memories, self.crossed, self.scenes, self.opponents = [], [], [], []
        self.health_log = [self.health]
        self.turn = self.event = 0
        self._clear_combat()
        self.forced = 0
        self.ending, self.detail = "", ""
        self.imprison, self.release = [], -1
        fighters = self.game.content.fighters
        self.set_aside = [i for i in range(n) if fighters[i].identity]
        for index, fighter in enumerate(fighters):  # RB-5: three piles by Lord
            if index not in self.game.imprisoned and not fighter.identity:
                self.decks[fighter.lord].append(index)
        self.decisions = [(IDENTITY, SEAT)]  # RB-1: choose an identity card

    def _clear_combat(self) -> None:
        self.foes, self.predicted, self.party, self.action = [], [], [], []
        self.binder = self.last_binder = self.target = self.rogue = -1

    def _lay_out(self, events: list[Event]) -> None:
        """RB-3..RB-7, once the identity is chosen."""
        g = self.game
        content, cfg, stack = g.content, g.config, self.stack or {}
        self.set_aside.remove(self.identity)
        self.court = list(range(len(content.court)))
        self.rng.shuffle(self.court)  # RB-4: shuffle the Court cards into a loop
        if "court" in stack:
            stack_deck(self.court, "court", stack["court"], g.card_ids("court"))
            self.court.reverse()  # the stacked cards are laid out first
        if cfg.court_start == "random":
            self.sides = [self.rng.below(2) for _ in self.court]
        else:
            self.sides = [0 if cfg.court_start == "lord" else 1] * len(self.court)
        self.tokens = [0] * len(self.court)
        if cfg.unleashed:  # RB-57: unused identities shuffled into their Lord's deck
            for index in self.set_aside:
                self.decks[content.fighters[index].lord].append(index)
            self.set_aside = []
        ids = [f.id for f in content.fighters]
        for lord, deck in enumerate(self.decks):  # RB-5
            self.rng.shuffle(deck)
            name = g.deck_names[lord]
            if name in stack:
                stack_deck(deck, name, stack[name], ids)
        for deck in self.decks:  # RB-6: one starting constituent from each deck
            card = self._draw_marquis(deck)
            if card is not None:
                self.constituency.append(card)
        names = ", ".join(self._name(c) for c in self.constituency)
        events.append(Event(f"Your starting constituents: {names}."))
        events.append(Event(f"You begin on {self._court_name(0)}."))

    # ================================================================== copying and data
    _LISTS = (
        "set_aside",
        "perished",
        "constituency",
        "court",
        "sides",
        "tokens",
        "memories",
        "crossed",
        "health_log",
        "predicted",
        "party",
        "imprison",
    )
    _INTS = (
        "identity",
        "pos",
        "sheet",
        "health",
        "wrath",
        "att",
        "turn",
        "event",
        "binder",
        "last_binder",
        "target",
        "rogue",
        "forced",
        "release",
    )

    def clone(self) -> RibbonState:
        new = RibbonState.__new__(RibbonState)
        self._clone_base(new)
        for name in self._LISTS:
            setattr(new, name, getattr(self, name)[:])
        for name in self._INTS:
            setattr(new, name, getattr(self, name))
        new.decks = [d[:] for d in self.decks]
        new.scenes = self.scenes[:]
        new.opponents = self.opponents[:]
        new.foes = self.foes[:]
        new.action = self.action[:]
        new.ending = self.ending
        new.detail = self.detail
        return new

    def _snapshot(self) -> dict[str, Any]:
        data: dict[str, Any] = {n: list(getattr(self, n)) for n in self._LISTS}
        data.update({n: getattr(self, n) for n in self._INTS})
        data["decks"] = [list(d) for d in self.decks]
        data["scenes"] = list(self.scenes)
        data["opponents"] = [list(o) for o in self.opponents]
        data["foes"] = [list(f) for f in self.foes]
        data["action"] = [list(a) for a in self.action]
        data["ending"], data["detail"] = self.ending, self.detail
        return data

    def _restore(self, data: dict[str, Any]) -> None:
        for n in self._LISTS:
            setattr(self, n, [int(x) for x in data[n]])
        for n in self._INTS:
            setattr(self, n, int(data[n]))
        self.decks = [[int(x) for x in d] for d in data["decks"]]
        self.scenes = [str(s) for s in data["scenes"]]
        self.opponents = [(int(a), int(b)) for a, b in data["opponents"]]
        self.foes = [(int(a), int(b), int(c)) for a, b, c in data["foes"]]
        self.action = [(int(a), int(b)) for a, b in data["action"]]
        self.ending, self.detail = str(data["ending"]), str(data["detail"])
        if len(self.decks) != 3:
            raise ValueError("three Marquis decks expected")
        self.check_invariants()

    def check_invariants(self) -> None:
        """Every card in exactly one place; tokens, health and the tracker within bounds."""
        g = self.game
        n = len(g.content.fighters)
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
        if sorted(places) != list(range(n)):
            raise ValueError("a card is missing or in two places")
        if self.identity >= 0 and sorted(self.court) != list(range(len(g.content.court))):
            raise ValueError("the court loop lost a card")
        if self._bag() < 0:
            raise ValueError("more memory tokens in play than the bag holds")
        if not 0 <= self.att < 10 or self.health > g.config.max_health:
            raise ValueError("tracker or health out of bounds")
        if self.turn > g.config.max_turns:
            raise ValueError("turn counter out of bounds")

    # ================================================================== helpers
    def _name(self, card: int) -> str:
        return self.game.content.fighters[card].name

    def _court_name(self, position: int) -> str:
        card = self.game.content.court[self.court[position]]
        return card.sides[self.sides[position]]

    def _bag(self) -> int:
        total = self.game.config.memory_tokens
        if total == 0:
            return 1 << 30
        bound = sum(bin(mask).count("1") for _, _, mask in self.foes)
        return total - sum(self.tokens) - self.sheet - bound

    def _reading(self, lord: int) -> int:
        return tracker.reading(self.att, lord, self.game.config.attunement_reading == "projection")

    def _attune(self, lord: int, events: list[Event], why: str) -> None:
        """RB-29: one attunement point moves the token one step toward that Lord."""
        before = self.att
        self.att = tracker.STEP[self.att][lord]
        where = tracker.describe(self.att, self.game.lord_names)
        moved = "moves" if self.att != before else "stays"
        events.append(
            Event(f"{why}: your attunement {moved} toward {self.game.lord_names[lord]} ({where}).")
        )

    def _draw_marquis(self, deck: list[int]) -> int | None:
        """The top card of ``deck`` that is a Marquis (identities stay where they lie, R12)."""
        fighters = self.game.content.fighters
        for i in range(len(deck) - 1, -1, -1):
            if not fighters[deck[i]].identity:
                return deck.pop(i)
        return None

    def _marquis_left(self) -> bool:
        fighters = self.game.content.fighters
        return any(not fighters[c].identity for deck in self.decks for c in deck)

    def _random_deck(self, exclude: int = -1) -> list[int] | None:
        """A random deck still holding a Marquis (RB-12, RB-30)."""
        fighters = self.game.content.fighters
        decks = [
            d
            for i, d in enumerate(self.decks)
            if i != exclude and any(not fighters[c].identity for c in d)
        ]
        return decks[self.rng.below(len(decks))] if decks else None

    def _constituency_value(self) -> int:
        """RB-61: an aligned identity counts as 2 Marquis toward a victory by size."""
        fighters = self.game.content.fighters
        return sum(2 if fighters[c].identity else 1 for c in self.constituency)

    # ================================================================== legal actions
    def _legal_ids(self) -> list[int]:
        d = self.decisions[-1]
        kind = d[0]
        g = self.game
        base, F = g.layout.base, g.layout.F
        if kind == IDENTITY:
            return [base["identity"] + c for c in self.set_aside]
        if kind == TURN:
            return self._turn_options(d[2])
        if kind == ANSWER:
            answers = len(g.content.thoughts[d[2]].answers)
            return [base["answer"] + d[2] * 3 + i for i in range(answers)]
        if kind == VTHOUGHT:
            return [base["free_memory"] + a for a in range(len(ABILITIES))] + [
                base["free_attune"] + lord for lord in range(3)
            ]
        if kind == VDECISION:
            return [base["heal"]] + ([base["flip"]] if self.wrath else [])
        if kind == PICK:  # RB-32: up to party_size; stop once at least one is chosen
            ids = [base["pick"] + c for c in self._usable() if c not in self.party]
            return sorted(ids + ([base["done_picking"]] if self.party else []))
        if kind == BINDER:
            return sorted(base["binder"] + c for c in self.party if c != self.last_binder)
        if kind == BIND:
            return sorted(
                [base["bind"] + f * 4 + s for f, s in self._bindable()] + [base["done_binding"]]
            )
        if kind == ATTRIBUTE:
            return sorted(base["attribute"] + c for c in self._unrolled())
        if kind == TARGET:
            return sorted(base["target"] + card for card, health, _ in self.foes if health > 0)
        if kind == REACTION:
            ids = [base["no_reaction"]]
            ids += [base["react_court"] + c * F + f for c, f in self._court_reactions()]
            ids += [base["react_note"] + a * F + f for a, f in self._note_reactions()]
            return sorted(ids)
        return self._escape_options()

    def _turn_options(self, event: int) -> list[int]:
        """RB-8..RB-13: follow what the roll presents, or move (leaving a token), or stay."""
        base = self.game.layout.base
        ids = [base["stay"], base["move_next"], base["move_prev"]]  # R21, RB-13 (R13)
        if event == 1:  # RB-9: a tokenless move, to an adjacent card or any other (R27)
            if self.game.config.stillness_move == "adjacent":
                ids += [base["free_next"], base["free_prev"]]
            else:
                ids += [
                    base["free_to"] + card
                    for position, card in enumerate(self.court)
                    if position != self.pos
                ]
        elif event == 2:
            ids.append(base["indulge"])
        elif event == 3:
            ids.append(base["resolve"])
        elif event == 4 and self._marquis_left():
            ids.append(base["face"])
        return sorted(ids)

    def _usable(self) -> list[int]:
        """Constituents that can fight: an aligned identity cannot (RB-61)."""
        fighters = self.game.content.fighters
        return [c for c in self.constituency if not fighters[c].identity]

    def _prosecutors(self) -> list[int]:
        return [c for c in self.party if c != self.binder]

    def _unrolled(self) -> list[int]:
        """Prosecutors still without an action roll this turn."""
        rolled = {card for card, _ in self.action}
        return [c for c in self._prosecutors() if c not in rolled]

    def _bindable(self) -> list[tuple[int, int]]:
        """RB-36: icons of the binder that match an unbound icon of a standing opponent."""
        if self.binder < 0 or self._bag() <= 0:
            return []
        fighters = self.game.content.fighters
        mine = fighters[self.binder]
        out = []
        for card, health, mask in self.foes:
            if health <= 0:
                continue
            foe = fighters[card]
            for slot, ability in enumerate(foe.abilities):
                if ability in mine.abilities and not mask >> slot & 1:
                    out.append((card, slot))
            if foe.lord == mine.lord and not mask >> LORD_ICON & 1:
                out.append((card, LORD_ICON))
        return out

    def _matching(self, icon_lord: int, ability: int) -> list[int]:
        """Standing opponents with an unbound icon matching a Lord icon or an ability."""
        fighters = self.game.content.fighters
        out = []
        for card, health, mask in self.foes:
            if health <= 0:
                continue
            foe = fighters[card]
            if icon_lord >= 0:
                if foe.lord == icon_lord and not mask >> LORD_ICON & 1:
                    out.append(card)
            elif ability in foe.abilities and not mask >> foe.abilities.index(ability) & 1:
                out.append(card)
        return out

    def _court_reactions(self) -> list[tuple[int, int]]:
        """RB-40: a court memory binds the icon its card now shows."""
        content = self.game.content
        out: list[tuple[int, int]] = []
        for position, count in enumerate(self.tokens):
            if count:
                card = content.court[self.court[position]]
                lord, ability = (card.lord, -1) if self.sides[position] == 0 else (-1, card.ability)
                out.extend((self.court[position], f) for f in self._matching(lord, ability))
        return out

    def _note_reactions(self) -> list[tuple[int, int]]:
        """RB-40: a notebook memory binds a matching ability icon (it needs a token to mark)."""
        if self._bag() <= 0:
            return []
        return [(a, f) for a in sorted(set(self.memories)) for f in self._matching(-1, a)]

    def _escape_options(self) -> list[int]:
        base = self.game.layout.base
        held = self._envelope_lords()
        best = self._most_attuned()
        lords = best if len(best) == 1 and best[0] in held else sorted(held)
        return [base["escape"] + lord for lord in lords] + [base["keep_envelope"]]

    def _envelope_lords(self) -> set[int]:
        fighters = self.game.content.fighters
        return {fighters[c].lord for c in self.game.imprisoned}

    def _most_attuned(self) -> list[int]:
        values = [tracker.strength(self.att, lord) for lord in range(3)]
        top = max(values)
        return [lord for lord in range(3) if values[lord] == top]

    # ================================================================== applying
    def _apply(self, aid: int) -> list[Event]:
        block, offset = self.game.layout.decode(aid)  # e.g. ("bind", card * 4 + slot)
        events: list[Event] = []
        getattr(self, "_on_" + block)(offset, events)
        return events

    # -- setup decision
    def _on_identity(self, card: int, events: list[Event]) -> None:
        self.identity = card
        self.decisions.pop()
        events.append(Event(f"You are {self._name(card)}, called {self.notebook_name()}."))
        self._lay_out(events)
        self._start_turn(events)

    def notebook_name(self) -> str:
        if self.game.config.name:
            return self.game.config.name
        return self._name(self.identity) if self.identity >= 0 else ""

    # -- the turn (RB-8..RB-14)
    def _start_turn(self, events: list[Event]) -> None:
        cfg = self.game.config
        if self.turn >= cfg.max_turns:
            self._end_game("other", "the turn limit was reached", events)
            return
        self.turn += 1
        self.event = self.roll(4)
        extra = -1
        text = f"Turn {self.turn}: you roll {self.event}, {EVENTS[self.event]}."
        if self.event == 3:  # RB-11: roll again for the decision on offer
            if self.sheet >= cfg.v_prompt_tokens:
                extra = V
                text += " Five memories weigh on you: the V decision is on offer."
            else:
                second = self.roll(4)
                extra = second - 1
                decision = self.game.content.decisions[extra]
                text += f" You roll {second}: {decision.code} — {decision.text}"
        events.append(Event(text))
        self.decisions = [(TURN, SEAT, self.event, extra)]

    def _end_turn(self, events: list[Event]) -> None:
        """RB-14: with enough memory tokens in the court, the turn ends in an encounter."""
        if self.ending:
            return
        if sum(self.tokens) >= self.game.config.forced_encounter_tokens:
            events.append(
                Event(
                    f"{sum(self.tokens)} memory tokens lie in the court: you can "
                    "only run for so long. A Marquis finds you."
                )
            )
            self._start_combat(True, events)
        else:
            self._start_turn(events)

    def _on_stay(self, _: int, events: list[Event]) -> None:
        self.decisions.pop()
        events.append(Event(f"You stay on {self._court_name(self.pos)}."))
        self._end_turn(events)

    def _move(self, step: int, token: bool, events: list[Event]) -> None:
        self._move_to((self.pos + step) % len(self.court), token, events)

    def _move_to(self, position: int, token: bool, events: list[Event]) -> None:
        self.decisions.pop()
        left = self.pos
        self.pos = position
        text = f"You move to {self._court_name(self.pos)}"
        if token and self._bag() > 0:  # RB-13
            self.tokens[left] += 1
            text += f", leaving a memory token on {self._court_name(left)}"
        events.append(Event(text + "."))
        self._end_turn(events)

    def _on_move_next(self, _: int, events: list[Event]) -> None:
        self._move(1, True, events)

    def _on_move_prev(self, _: int, events: list[Event]) -> None:
        self._move(-1, True, events)

    def _on_free_next(self, _: int, events: list[Event]) -> None:
        self._move(1, False, events)  # RB-9

    def _on_free_prev(self, _: int, events: list[Event]) -> None:
        self._move(-1, False, events)

    def _on_free_to(self, court_card: int, events: list[Event]) -> None:
        self._move_to(self.court.index(court_card), False, events)  # RB-9 under R27 "any"

    # -- thoughts and decisions (RB-15..RB-22)
    def _on_indulge(self, _: int, events: list[Event]) -> None:
        if self.sheet >= self.game.config.v_prompt_tokens:  # RB-20
            self.decisions[-1] = (VTHOUGHT, SEAT)
            events.append(Event("Five memories weigh on you: the V thought."))
            return
        second = self.roll(4)  # RB-10
        thought = self.game.content.thoughts[second - 1]
        events.append(Event(f"You roll {second}: {thought.code} — {thought.text}"))
        self.decisions[-1] = (ANSWER, SEAT, second - 1)

    def _on_answer(self, offset: int, events: list[Event]) -> None:
        thought = self.game.content.thoughts[offset // 3]
        answer, lord = thought.answers[offset % 3]
        self.decisions.pop()
        self._attune(lord, events, f"You answer '{answer}'")  # RB-17
        self._scene(f"{thought.code} ({answer})", events)
        self._end_turn(events)

    def _on_resolve(self, _: int, events: list[Event]) -> None:
        extra = self.decisions[-1][3]
        if extra == V:
            self.decisions[-1] = (VDECISION, SEAT)
            return
        decision = self.game.content.decisions[extra]
        self.decisions.pop()
        self.memories.append(decision.icon)  # RB-18
        events.append(Event(f"You write {ABILITIES[decision.icon].capitalize()} in your Memories."))
        self._scene(decision.code, events)
        self._end_turn(events)

    def _scene(self, code: str, events: list[Event]) -> None:
        """RB-19: the Scenes record, then a memory token on the character sheet."""
        self.scenes.append(code)
        if self._bag() > 0:
            self.sheet += 1
            events.append(Event(f"A memory token joins your character sheet ({self.sheet})."))

    def _v_done(self, code: str) -> None:
        self.scenes.append(code)
        if self.game.config.v_resets_sheet:  # R10
            self.sheet = 0

    def _on_free_memory(self, ability: int, events: list[Event]) -> None:
        self.decisions.pop()
        self.memories.append(ability)  # RB-21
        events.append(
            Event(f"V thought: you write {ABILITIES[ability].capitalize()} in your Memories.")
        )
        self._v_done("V thought")
        self._end_turn(events)

    def _on_free_attune(self, lord: int, events: list[Event]) -> None:
        self.decisions.pop()
        self._attune(lord, events, "V thought")
        self._v_done("V thought")
        self._end_turn(events)

    def _on_heal(self, _: int, events: list[Event]) -> None:
        self.decisions.pop()
        cfg = self.game.config
        before = self.health
        self.health = min(cfg.max_health, self.health + cfg.v_heal)  # RB-22: up to 15 points
        self.health_log.append(self.health)
        events.append(Event(f"V decision: you heal {self.health - before} ({self.health} health)."))
        self._v_done("V decision")
        self._end_turn(events)

    def _on_flip(self, _: int, events: list[Event]) -> None:
        self.decisions.pop()
        self.wrath = 0  # RB-22
        events.append(Event("V decision: your alignment card flips back to The Favour."))
        self._v_done("V decision")
        self._end_turn(events)

    # -- combat setup (RB-12, RB-30..RB-32, RB-58..RB-60)
    def _on_face(self, _: int, events: list[Event]) -> None:
        self.decisions.pop()
        self._start_combat(False, events)

    def _start_combat(self, forced: bool, events: list[Event]) -> None:
        self.forced = int(forced)
        lord = self.game.content.court[self.court[self.pos]].lord
        deck: list[int] | None = self.decks[lord]
        if not deck:
            deck = self._random_deck()
            if deck is None:
                self._victory("the court is cleared to complete stillness", events)
                return
            events.append(
                Event(f"{self.game.lord_names[lord]}'s deck is empty: you draw from a random deck.")
            )
        card = deck.pop()
        cfg = self.game.config
        if self.game.content.fighters[card].identity:  # RB-58: a rogue identity
            self.rogue = card
            events.append(Event(f"A rogue identity: {self._name(card)}!"))
            own = self._draw_marquis(deck)
            foes = [] if own is None else [own]
            while len(foes) < 2:
                other = self._random_deck(-1)
                if other is None:
                    break
                drawn = self._draw_marquis(other)
                assert drawn is not None
                foes.append(drawn)
            if not foes:  # RB-58: it was the last card: the game ends in victory
                self.perished.append(card)
                self.rogue = -1
                self._victory("the rogue identity was the court's last card", events)
                return
        else:
            foes = [card]
        self.foes = [(c, cfg.opponent_health, 0) for c in foes]
        for c in foes:
            self.opponents.append((c, cfg.opponent_health))  # RB-31: the notebook
            events.append(
                Event(
                    f"{self._name(c)} of {self._lord_of(c)} stands before you "
                    f"({cfg.opponent_health} health)."
                )
            )
        usable = self._usable()
        if len(usable) > 1:
            self.decisions = [(PICK, SEAT)]  # RB-32: choose up to party_size
        else:
            self.party = usable
            self._combat_turn(events)

    def _lord_of(self, card: int) -> str:
        return self.game.lord_names[self.game.content.fighters[card].lord]

    def _on_pick(self, card: int, events: list[Event]) -> None:
        self.party.append(card)
        full = len(self.party) == self.game.config.party_size
        if full or all(c in self.party for c in self._usable()):
            self._on_done_picking(0, events)

    def _on_done_picking(self, _: int, events: list[Event]) -> None:
        self.decisions.pop()
        events.append(Event("Your party: " + ", ".join(self._name(c) for c in self.party)))
        self._combat_turn(events)

    # -- the six phases (RB-33..RB-41)
    def _combat_turn(self, events: list[Event]) -> None:
        fighters = self.game.content.fighters
        self.predicted = []
        for card, health, mask in self.foes:  # 1. Prediction
            if health <= 0:
                self.predicted.append(-1)
                continue
            rolled = self.roll(4)
            slot = rolled - 1
            if slot < 3 and mask >> slot & 1:
                slot = LORD_ICON  # RB-37: a bound ability acts as a 4
            self.predicted.append(slot)
            shown = (
                "a basic attack"
                if slot == LORD_ICON
                else ABILITIES[fighters[card].abilities[slot]].capitalize()
            )
            events.append(
                Event(f"Prediction: you roll {rolled}; {self._name(card)} will use {shown}.")
            )
        self.binder = -1
        options = [c for c in self.party if c != self.last_binder]
        if len(self.party) < 3:  # no one to spare for binding
            self._action_phase(events)
        elif len(options) == 1:
            self._choose_binder(options[0], events)
        else:
            self.decisions = [(BINDER, SEAT)]  # 2. Shuffling

    def _on_binder(self, card: int, events: list[Event]) -> None:
        self.decisions.pop()
        self._choose_binder(card, events)

    def _choose_binder(self, card: int, events: list[Event]) -> None:
        self.binder = self.last_binder = card  # RB-35: never the binder twice running
        events.append(
            Event(
                f"Shuffling: {self._name(card)} binds; "
                + " and ".join(self._name(c) for c in self._prosecutors())
                + " prosecute."
            )
        )
        self._binding_phase(events)

    def _binding_phase(self, events: list[Event]) -> None:
        if self._bindable():
            self.decisions = [(BIND, SEAT)]  # 3. Binding
        else:
            self._action_phase(events)

    def _on_bind(self, offset: int, events: list[Event]) -> None:
        card, slot = divmod(offset, 4)
        if self._bind(card, slot, f"{self._name(self.binder)} binds", events):
            return
        if self.game.config.binds_per_turn == "one" or not self._bindable():  # R5
            self.decisions.pop()
            self._action_phase(events)

    def _on_done_binding(self, _: int, events: list[Event]) -> None:
        self.decisions.pop()
        self._action_phase(events)

    def _bind(self, card: int, slot: int, who: str, events: list[Event]) -> bool:
        """Place a token on an icon; a bound predicted ability turns into a basic attack.
        True when that bind ended the combat (whatever follows is already under way)."""
        fighters = self.game.content.fighters
        for i, (c, health, mask) in enumerate(self.foes):
            if c == card:
                self.foes[i] = (c, health, mask | 1 << slot)
                if self.predicted[i] == slot:
                    self.predicted[i] = LORD_ICON  # RB-37
                icon = "Lord" if slot == LORD_ICON else ABILITIES[fighters[c].abilities[slot]]
                events.append(Event(f"{who} {self._name(c)}'s {icon.capitalize()} icon."))
        return self._check_binds(events)

    def _check_binds(self, events: list[Event]) -> bool:
        """RB-44 full bind; RB-60 six binds across a rogue identity's two Marquis."""
        if self.rogue >= 0:
            bound = sum(bin(mask).count("1") for _, _, mask in self.foes)
            if bound >= self.game.config.identity_align_binds:
                self._end_combat("align", events)
                return True
        elif any(mask == FULL for _, _, mask in self.foes):
            self._end_combat("capture", events)
            return True
        return False

    def _action_phase(self, events: list[Event]) -> None:
        """4. Action: a roll given to a prosecutor of your choice, again while two or more
        wait; the last prosecutor takes the last roll (RB-38, every prosecutor of a party)."""
        prosecutors = self._prosecutors()
        self.action = []
        if not prosecutors:  # an empty constituency (every Marquis imprisoned) cannot strike
            self._target_phase(events)
            return
        first = self.roll(4)
        if len(prosecutors) >= 2:
            events.append(Event(f"Action: you roll {first}."))
            self.decisions = [(ATTRIBUTE, SEAT, first)]
            return
        self.action = [(prosecutors[0], first)]
        events.append(Event(f"Action: you roll {first} for {self._name(prosecutors[0])}."))
        self._target_phase(events)

    def _on_attribute(self, card: int, events: list[Event]) -> None:
        first = self.decisions.pop()[2]
        self.action.append((card, first))
        waiting = self._unrolled()
        rolled = self.roll(4)
        if len(waiting) > 1:
            events.append(Event(f"{self._name(card)} takes the {first}; you roll {rolled}."))
            self.decisions = [(ATTRIBUTE, SEAT, rolled)]
            return
        other = waiting[0]
        self.action.append((other, rolled))
        events.append(
            Event(
                f"{self._name(card)} takes the {first}; you roll {rolled} for {self._name(other)}."
            )
        )
        self._target_phase(events)

    def _target_phase(self, events: list[Event]) -> None:
        standing = [card for card, health, _ in self.foes if health > 0]
        if len(standing) > 1:
            self.decisions = [(TARGET, SEAT)]  # R14: two Marquis: choose whom to strike
            return
        self.target = next(i for i, f in enumerate(self.foes) if f[1] > 0)
        self._resolution(events)

    def _on_target(self, card: int, events: list[Event]) -> None:
        self.decisions.pop()
        self.target = next(i for i, f in enumerate(self.foes) if f[0] == card)
        self._resolution(events)

    def _player_uses(self) -> list[Use]:
        fighters = self.game.content.fighters
        construction = sum(1 for c in self.party if CONSTRUCTION in fighters[c].abilities)
        uses = []
        for card, rolled in self.action:
            fighter = fighters[card]
            ability = fighter.abilities[rolled - 1] if rolled <= 3 else BASIC
            bonus = max(0, self._reading(fighter.lord))  # RB-27: +1 positive, +2 complete
            uses.append(Use(ability, card, bonus, 1 + construction))  # RB-50 passive
        return uses

    def _foe_uses(self) -> tuple[list[Use], list[int], list[int]]:
        fighters = self.game.content.fighters
        uses, extra, index = [], [], []
        for i, (card, health, mask) in enumerate(self.foes):
            if health <= 0:
                continue
            foe = fighters[card]
            slot = self.predicted[i]
            ability = BASIC if slot == LORD_ICON else foe.abilities[slot]
            passive = sum(
                1 for s, a in enumerate(foe.abilities) if a == CONSTRUCTION and not mask >> s & 1
            )  # removed if bound
            uses.append(Use(ability, card, 0, 1 + passive))
            extra.append(1 if self._reading(foe.lord) < 0 else 0)  # RB-28, R28
            index.append(i)
        return uses, extra, index

    def _resolution(self, events: list[Event]) -> None:
        """5. Resolution: both sides' damage at once, then the endings (RB-39, RB-42)."""
        cfg = self.game.config
        player = self._player_uses()
        foes, extra, index = self._foe_uses()
        target = index.index(self.target)
        described = " + ".join(f"{self._name(u.card)}'s {USE_NAMES[u.ability]}" for u in player)
        events.append(
            Event(
                f"Resolution: you use {described}; "
                + ", ".join(f"{self._name(u.card)} uses {USE_NAMES[u.ability]}" for u in foes)
                + "."
            )
        )
        once = cfg.negative_attunement == "attack"  # R28
        outcome = resolve(player, foes, target, extra, lambda: self.roll(4), self._name, once)
        events.extend(Event(line) for line in outcome.lines)
        for k, i in enumerate(index):
            card, health, mask = self.foes[i]
            health = min(cfg.opponent_health, health - outcome.to_foe[k] + outcome.foe_heal[k])
            self.foes[i] = (card, health, mask)
            self._log_opponent(card, health)
            if outcome.to_foe[k] or outcome.foe_heal[k]:
                events.append(
                    Event(
                        f"{self._name(card)} takes {outcome.to_foe[k]} and heals "
                        f"{outcome.foe_heal[k]}: {max(health, 0)} health."
                    )
                )
        self.health = min(cfg.max_health, self.health - outcome.to_player + outcome.player_heal)
        self.health_log.append(self.health)
        events.append(
            Event(
                f"You take {outcome.to_player} and heal {outcome.player_heal}: "
                f"{self.health} health."
            )
        )
        fallen = self.health <= 0
        cleared = all(health <= 0 for _, health, _ in self.foes)
        if fallen and (not cleared or cfg.simultaneous_ko == "loss"):  # R9
            self._end_combat("loss", events)
        elif cleared:
            self._end_combat("victory", events)
        else:
            self._reaction_phase(events)

    def _log_opponent(self, card: int, health: int) -> None:
        for i in range(len(self.opponents) - 1, -1, -1):
            if self.opponents[i][0] == card:
                self.opponents[i] = (card, max(health, 0))
                return

    def _reaction_phase(self, events: list[Event]) -> None:
        if self._court_reactions() or self._note_reactions():
            self.decisions = [(REACTION, SEAT)]  # 6. Reaction
        else:
            self._combat_turn(events)

    def _on_react_court(self, offset: int, events: list[Event]) -> None:
        court_card, card = divmod(offset, self.game.layout.F)
        position = self.court.index(court_card)
        name = self._court_name(position)
        self.tokens[position] -= 1  # the token moves onto the opponent's icon
        if self.sides[position] == 0:
            slot = LORD_ICON
        else:
            ability = self.game.content.court[court_card].ability
            slot = self.game.content.fighters[card].abilities.index(ability)
        self.sides[position] ^= 1  # RB-40: the card flips
        self.decisions.pop()
        if not self._bind(card, slot, f"Reaction: the memory at {name} binds", events):
            self._combat_turn(events)

    def _on_react_note(self, offset: int, events: list[Event]) -> None:
        ability, card = divmod(offset, self.game.layout.F)
        self.memories.remove(ability)
        self.crossed.append(ability)  # RB-40: crossed out, spent
        slot = self.game.content.fighters[card].abilities.index(ability)
        self.decisions.pop()
        if not self._bind(card, slot, f"Reaction: your {ABILITIES[ability]} memory binds", events):
            self._combat_turn(events)

    def _on_no_reaction(self, _: int, events: list[Event]) -> None:
        self.decisions.pop()
        self._combat_turn(events)

    # -- the endings of a combat (RB-42..RB-47)
    def _end_combat(self, how: str, events: list[Event]) -> None:
        cfg = self.game.config
        fighters = self.game.content.fighters
        self.decisions.clear()
        foes = [card for card, _, _ in self.foes]
        if how == "loss":
            events.append(Event("You lose all your health."))
            for card in foes + ([self.rogue] if self.rogue >= 0 else []):
                self._return_to_deck(card)  # R8
            self._clear_combat()
            if self.wrath:  # RB-46: a loss in The Wrath is death
                self._death(events)
                return
            self.wrath = 1  # RB-45
            self.att = tracker.CENTER
            if cfg.wrath_health == "reset":  # R7
                self.health = cfg.starting_health
                self.health_log.append(self.health)
            events.append(
                Event(
                    "Your alignment card flips to The Wrath and your attunement "
                    f"returns to the middle ({self.health} health)."
                )
            )
        else:
            captured = -1
            if how == "capture":  # RB-44
                captured = next(c for c, _, mask in self.foes if mask == FULL)
                self.constituency.append(captured)
                events.append(Event(f"Full bind: {self._name(captured)} joins your constituency."))
            elif how == "align":  # RB-60
                self.constituency.append(self.rogue)
                binds = self.game.config.identity_align_binds
                events.append(Event(f"{binds} binds: {self._name(self.rogue)} aligns with you."))
            else:
                events.append(Event("Victory."))
            self.perished.extend(c for c in foes if c != captured)
            if self.rogue >= 0 and how != "align":
                self.perished.append(self.rogue)
            if how == "victory" or cfg.capture_is_victory:  # RB-43, R6
                self.health = min(cfg.max_health, self.health + 2)
                self.health_log.append(self.health)
                events.append(Event(f"You heal 2 ({self.health} health)."))
                for card in foes:
                    self._attune(fighters[card].lord, events, "Victory")
            self._clear_combat()
        self._court_memories(events)
        if self._constituency_value() >= self.game.content.goal:
            self._victory(
                f"your constituency sways the court ({self._constituency_value()})", events
            )
        elif not self._marquis_left():
            self._victory("the court is cleared to complete stillness", events)
        elif self.forced:
            self._start_turn(events)
        else:
            self._end_turn(events)

    def _return_to_deck(self, card: int) -> None:
        if self.game.config.lost_opponent == "discard" and card != self.rogue:
            self.perished.append(card)
            return
        deck = self.decks[self.game.content.fighters[card].lord]
        deck.append(card)
        self.rng.shuffle(deck)

    def _court_memories(self, events: list[Event]) -> None:
        """RB-47: memory tokens on Lord icons shift attunement, return, and the card flips."""
        content = self.game.content
        for position, count in enumerate(self.tokens):
            if count and self.sides[position] == 0:
                lord = content.court[self.court[position]].lord
                for _ in range(count):
                    self._attune(lord, events, f"A memory at {self._court_name(position)}")
                self.tokens[position] = 0
                self.sides[position] = 1

    # -- the endings of the game (RB-56..RB-63)
    def _victory(self, why: str, events: list[Event]) -> None:
        events.append(Event(f"Survival: {why}."))
        self.detail = why
        if self.game.imprisoned:
            self.ending = "escape"
            self.decisions = [(ESCAPE, SEAT)]  # RB-56
            return
        self._end_game("escape", why, events)

    def _on_escape(self, lord: int, events: list[Event]) -> None:
        self.release = lord
        events.append(
            Event(f"You open the envelope: {self.game.lord_names[lord]}'s Marquis go free.")
        )
        self._end_game("escape", self.detail, events)

    def _on_keep_envelope(self, _: int, events: list[Event]) -> None:
        self._end_game("escape", self.detail, events)

    def _death(self, events: list[Event]) -> None:
        """RB-62: constituents of your most attuned Lord go into the envelope."""
        tied = self._most_attuned()
        fighters = self.game.content.fighters
        usable = self._usable()
        counts = {lord: sum(1 for c in usable if fighters[c].lord == lord) for lord in tied}
        most = max(counts.values())
        choices = [lord for lord in tied if counts[lord] == most]
        lord = choices[self.rng.below(len(choices))]
        self.imprison = [c for c in usable if fighters[c].lord == lord]
        names = ", ".join(self._name(c) for c in self.imprison) or "no one"
        events.append(
            Event(
                f"Death. {self.game.lord_names[lord]} claims your constituents: "
                f"{names} go into the imprisonment envelope."
            )
        )
        self._end_game("death", "you fell while in The Wrath", events)

    def _end_game(self, ending: str, detail: str, events: list[Event]) -> None:
        self.ending = ending
        self.detail = detail
        self.finish(Outcome.team(ending, ending == "escape", 1, detail))
        events.append(Event(f"The game ends: {ending} ({detail})."))

    # ================================================================== outcome and views

    def decision_text(self) -> str:
        if not self.decisions:
            return "the game is over"
        return f"to decide: {DECISION_NAMES[self.decisions[-1][0]]}"

    def lasting(self) -> dict[str, Any]:
        """What lasts between playthroughs (RB-56, RB-57, RB-62): for the player profile."""
        g = self.game
        fighters = g.content.fighters
        released = sorted(fighters[c].id for c in g.imprisoned if fighters[c].lord == self.release)
        return {
            "ending": self.ending,
            "detail": self.detail,
            "imprison": [fighters[c].id for c in self.imprison],
            "release": released,
            "unleash": self.ending == "escape",
            "name": self.notebook_name(),
            "turns": self.turn,
        }

    summary = lasting  # the table's end-of-game summary

    def notebook(self) -> dict[str, Any]:
        """The notebook page, like the rulebook's example sheet."""
        return {
            "name": self.notebook_name(),
            "memories": [ABILITIES[a] for a in self.memories],
            "crossed_out": [ABILITIES[a] for a in self.crossed],
            "scenes": list(self.scenes),
            "opponents": [{"name": self._name(c), "health": h} for c, h in self.opponents],
            "health": list(self.health_log),
        }

    def _fighter_view(self, card: int) -> dict[str, Any]:
        f = self.game.content.fighters[card]
        return {
            "id": f.id,
            "name": f.name,
            "lord": self.game.lord_names[f.lord],
            "abilities": [ABILITIES[a] for a in f.abilities],
            "identity": f.identity,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        content = g.content
        court = []
        for position, card in enumerate(self.court):
            c = content.court[card]
            court.append(
                {
                    "id": c.id,
                    "showing": c.sides[self.sides[position]],
                    "side": "lord" if self.sides[position] == 0 else "ability",
                    "lord": g.lord_names[c.lord],
                    "icon": g.lord_names[c.lord]
                    if self.sides[position] == 0
                    else ABILITIES[c.ability],
                    "tokens": self.tokens[position],
                    "here": position == self.pos,
                }
            )
        decision: dict[str, Any] | None = None
        if self.decisions:
            d = self.decisions[-1]
            decision = {"kind": DECISION_NAMES[d[0]], "seat": SEAT}
            if d[0] == TURN:
                decision["event"] = EVENTS[d[2]]
                if d[2] == 3:
                    decision["offer"] = "V decision" if d[3] == V else content.decisions[d[3]].code
            if d[0] == ANSWER:
                decision["thought"] = content.thoughts[d[2]].code
            if d[0] == ATTRIBUTE:
                decision["roll"] = d[2]
        attunement = {
            g.lord_names[lord]: ("complete", "positive", "neutral", "negative")[
                (2, 1, 0, -1).index(self._reading(lord))
            ]
            for lord in range(3)
        }
        data: dict[str, Any] = {
            "game": g.slug,
            "seat": seat,
            "turn": self.turn,
            "to_move": self.to_move,
            "decision": decision,
            "identity": self._fighter_view(self.identity) if self.identity >= 0 else None,
            "identities": [self._fighter_view(c) for c in self.set_aside]
            if self.identity < 0
            else [],
            "roll": self.event,
            "court": court,
            "position": self.pos,
            "health": self.health,
            "alignment": "The Wrath" if self.wrath else "The Favour",
            "tracker": tracker.describe(self.att, g.lord_names),
            "tracker_position": self.att,
            "attunement": attunement,
            "sheet_tokens": self.sheet,
            "bag": min(self._bag(), g.config.memory_tokens or 99),
            "constituency": [self._fighter_view(c) for c in self.constituency],
            "decks": {g.lord_names[i]: len(d) for i, d in enumerate(self.decks)},
            "notebook": self.notebook(),
            "combat": self._combat_view(),
            "scenario": {
                "name": content.scenario,
                "goal": content.goal,
                "constituency_value": self._constituency_value(),
            },
            "over": self.is_over(),
            "ending": self.ending if self.is_over() else "",
        }
        if self.is_over():
            data["summary"] = self.lasting()
            result = self.outcome()
            data["outcome"] = result.to_json() if result else None
        return data

    def _combat_view(self) -> dict[str, Any] | None:
        if not self.foes:
            return None
        fighters = self.game.content.fighters
        foes = []
        for i, (card, health, mask) in enumerate(self.foes):
            entry = self._fighter_view(card)
            entry["health"] = max(health, 0)
            entry["bound"] = [
                ("Lord" if s == LORD_ICON else ABILITIES[fighters[card].abilities[s]])
                for s in range(4)
                if mask >> s & 1
            ]
            if i < len(self.predicted) and self.predicted[i] >= 0:
                slot = self.predicted[i]
                entry["predicted"] = (
                    "basic attack"
                    if slot == LORD_ICON
                    else ABILITIES[fighters[card].abilities[slot]]
                )
            foes.append(entry)
        return {
            "foes": foes,
            "rogue": self._name(self.rogue) if self.rogue >= 0 else None,
            "party": [self._name(c) for c in self.party],
            "binder": self._name(self.binder) if self.binder >= 0 else None,
            "last_binder": self._name(self.last_binder) if self.last_binder >= 0 else None,
            "action": [{"card": self._name(c), "roll": r} for c, r in self.action],
        }


RibbonOfBone.state_class = RibbonState
