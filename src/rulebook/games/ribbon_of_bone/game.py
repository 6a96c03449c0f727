"""Ribbon of Bone as a configured game: rule parameters, card content, action table, zones.

Rule ids (RB-n) and readings (R-n) refer to ``docs/rules/ribbon-of-bone.md``. Cards
("fighters") are numbered Marquis first, then identities; the blocks that name a fighter in a
fight (pick, binder, bind, attribute, target, reactions) hold the Marquis only. Every id the
options methods list is looked up here once, from the engine's blocks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Literal

from rulebook.engine.actions import ActionTable
from rulebook.engine.frontend import Frontend, Keeps
from rulebook.engine.game import Game, param
from rulebook.engine.zones import EVERYONE, NOBODY, PILES, Zone
from rulebook.games.ribbon_of_bone import profile, tracker
from rulebook.games.ribbon_of_bone.cards import (
    ABILITIES,
    ABILITY_TITLES,
    CONSTRUCTION,
    Court,
    load_content,
)
from rulebook.games.ribbon_of_bone.profile import Profile
from rulebook.i18n import N_, Message, Name, _, msg

LORD_ICON = 3  # bits 0-2 a Marquis's abilities top to bottom, bit 3 its Lord icon
FULL = 0b1111
V = 5  # the second roll ignored: the V prompt applies (RB-20)
EVENTS = ("", N_("a stillness"), N_("a thought"), N_("an opportunity"), N_("an encounter"))
LORD_WORD = N_("Lord")  # a Marquis's Lord icon


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
    court_memories: Literal["loss", "every"] = param(
        "loss", "R32: court memories on Lord icons shift attunement after a loss, or every fight"
    )
    death_memories: Literal["after", "before"] = param(
        "after", "R33: at death, court memories shift after the Capture (no effect), or before"
    )
    rogue_combine: Literal["side", "own"] = param(
        "side", "R34: a rogue's two Marquis pool Balance/Time/Loss, or each keeps its own"
    )
    rogue_attunes: Literal["identity", "each"] = param(
        "identity", "R35: a won rogue fight attunes 1 to the identity's Lord, or 1 per Marquis"
    )
    v_resets_sheet: bool = param(True, "R10: a V prompt returns the sheet's tokens to the bag")
    notebook_reaction: Literal["token", "free"] = param(
        "token", "R31: a notebook memory binds only with a token from the bag to mark it"
    )
    identity_align_binds: int = param(6, "RB-60: binds to align")
    max_turns: int = param(300, "R11: safety turn limit ('other')")
    max_rounds: int = param(2000, "R11: safety limit on combat rounds in a game ('other')")

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
            "max_rounds",
        ):
            if getattr(self, name) < 1:
                raise ValueError(_("{name} must be at least 1", name=name))
        if self.memory_tokens < 0:
            raise ValueError(_("memory_tokens cannot be negative"))
        if self.starting_health > self.max_health:  # R1: health never exceeds the maximum
            raise ValueError(
                _(
                    "starting_health ({start}) cannot exceed max_health ({most})",
                    start=self.starting_health,
                    most=self.max_health,
                )
            )


class RibbonOfBone(Game):
    config: Config
    slug = "ribbon-of-bone"
    safety_limits = ("other",)  # the safety limit's outcome reason
    # saves written before these switches were played so (RB-47: after every fight, never
    # at death; a rogue's Marquis each keeping its own modifiers, and a won rogue fight
    # attuning per Marquis): they go on so when resumed
    legacy_config: ClassVar[Mapping[str, Any]] = {
        "court_memories": "every",
        "death_memories": "after",
        "rogue_combine": "own",
        "rogue_attunes": "each",
    }
    endings: Mapping[str, str] = {
        "escape": N_("you escaped (a win)"),
        "death": N_("you died (a loss)"),
        "other": N_(
            "the safety limit on turns or combat rounds stopped the game (not a rule); or, "
            "under lost_opponent=discard, no Marquis was left to face (R8)"
        ),
    }
    title = N_("Ribbon of Bone")
    summary = N_("Roam a demon court, fight and bind Marquis, sway three Lords.")
    min_players = 1
    max_players = 1
    information = "imperfect"  # the Marquis decks' order
    utility = "solo"
    config_class = Config
    content_notice = N_("Dark fantasy: demons, combat and death; nothing graphic.")  # cards.toml's
    # The search rolls out two decisions, not six, and its estimate judges a fight in
    # progress (``Endings.estimate``): a move then costs about two thirds (issue 21) and the
    # search at 300 iterations still escapes as often as the heuristic, 100 of 100 games
    # (docs/search.md, "Ribbon of Bone's estimate"); two-decision rollouts without the
    # fight's odds escaped 7%.
    search_defaults: ClassVar[Mapping[str, str]] = {"rollout": "2"}

    def __init__(self, config: Config) -> None:
        content = self.content = load_content(config.cards)
        fighters = content.fighters
        self.imprisoned = frozenset(content.card(c) for c in config.imprisoned)
        self.lord_names = tuple(lord.name for lord in content.lords)
        self.deck_names = (*(lord.id for lord in content.lords), "court")
        self.marquis = sum(1 for f in fighters if not f.identity)  # Marquis come first
        if any(f.identity for f in fighters[: self.marquis]):
            raise ValueError(_("card content must list every Marquis before the identities"))
        self.names = tuple(f.name for f in fighters)
        # the names as messages are worded for each reader (the content's names as written)
        self.name_words = tuple(Name(f.name) for f in fighters)
        self.lord_words = tuple(Name(name) for name in self.lord_names)
        self.court_words = tuple(  # per court card, the name of each side
            (Name(c.sides[0]), Name(c.sides[1])) for c in content.court
        )
        self.fighter_ids = tuple(f.id for f in fighters)
        self.lord = tuple(f.lord for f in fighters)
        self.identity = tuple(f.identity for f in fighters)
        self.abilities = tuple(f.abilities for f in fighters)
        self.construction_slot = tuple(
            f.abilities.index(CONSTRUCTION) if CONSTRUCTION in f.abilities else -1 for f in fighters
        )
        projection = config.attunement_reading == "projection"
        self.readings = tuple(  # [tracker position][lord]: 2, 1, 0 or -1 (RB-23..RB-25, R4)
            tuple(tracker.reading(p, lord, projection) for lord in range(3)) for p in range(10)
        )
        self.envelope_lords = tuple(sorted({self.lord[c] for c in self.imprisoned}))
        self.court_lord = tuple(c.lord for c in content.court)
        self.court_ability = tuple(c.ability for c in content.court)
        # the scenes a notebook records: each answer of each thought, each decision, V prompts
        scene_words: tuple[Message | str, ...] = (
            *(
                msg("{code} ({answer})", code=t.code, answer=Name(answer))
                for t in content.thoughts
                for answer, _ in t.answers
            ),
            *(d.code for d in content.decisions),
            msg("V thought"),
            msg("V decision"),
        )
        self.scene_names = tuple(w.english() if isinstance(w, Message) else w for w in scene_words)
        # a scene as the notebook (the view) names it, in the reader's words
        self.scene_words = dict(zip(self.scene_names, scene_words, strict=True))
        scenes: list[tuple[int, ...]] = []
        first_decision = 0
        for t in content.thoughts:
            scenes.append(tuple(range(first_decision, first_decision + len(t.answers))))
            first_decision += len(t.answers)
        self.answer_scene = tuple(scenes)
        self.decision_scene = tuple(first_decision + i for i in range(len(content.decisions)))
        self.v_thought_scene = first_decision + len(content.decisions)
        self.v_decision_scene = self.v_thought_scene + 1
        # R11: a real bound on decisions (identity, escape; per turn a move and a thought's
        # answer; per turn up to two fights, each with its picks; per combat round a binder,
        # at most 8 binds and done, the rolls given, a target and a reaction)
        p = config.party_size
        self.max_decisions = (
            2 + config.max_turns * (2 + 2 * (p + 1)) + config.max_rounds * (12 + max(0, p - 2))
        )
        super().__init__(config)

    # ------------------------------------------------------------------ action table
    def build_actions(self, table: ActionTable) -> None:
        c, names, lords = self.content, self.name_words, self.lord_words
        fighters, court, m = c.fighters, c.court, self.marquis
        ident = [f for f in fighters if f.identity]
        court_words = [court_card(k) for k in court]
        table.block(
            "identity",
            len(ident),
            lambda i: msg("Play as {card}", card=Name(ident[i].name)),
            args=lambda i: (ident[i].id,),
        )
        table.block("stay", 1, lambda _: msg("Stay where you are"))
        moves = (
            N_("Move on to the next court card (leave a memory token)"),
            N_("Move back to the previous court card (leave a memory token)"),
        )
        table.block("move", 2, lambda i: Message(moves[i]), args=lambda i: (1 - 2 * i,))
        free = (
            N_("Move on to the next court card (stillness: no token)"),
            N_("Move back to the previous court card (stillness: no token)"),
        )
        table.block("free-move", 2, lambda i: Message(free[i]), args=lambda i: (1 - 2 * i,))
        table.block("indulge", 1, lambda _: msg("Indulge the thought"))
        table.block("resolve", 1, lambda _: msg("Resolve the decision"))
        table.block("face", 1, lambda _: msg("Face the Marquis"))
        thoughts = c.thoughts

        def answer(t: int, i: int) -> Message:
            code = thoughts[t].code
            if i < len(thoughts[t].answers):
                text, lord = thoughts[t].answers[i]
                return msg(
                    "{code}: answer '{answer}' ({lord})",
                    code=code,
                    answer=Name(text),
                    lord=lords[lord],
                )
            return msg("{code}: (no answer {number})", code=code, number=i + 1)

        table.block("answer", (len(thoughts), 3), answer, args=lambda t, i: (thoughts[t].code, i))
        table.block(
            "free-memory",
            len(ABILITIES),
            lambda a: msg("Take a free memory: {ability}", ability=Message(ABILITY_TITLES[a])),
            args=lambda a: (a,),
        )
        table.block(
            "free-attune",
            3,
            lambda lord: msg("Take a free attunement toward {lord}", lord=lords[lord]),
            args=lambda lord: (self.lord_names[lord],),
        )
        table.block("heal", 1, lambda _: msg("Heal up to {count} points", count=self.config.v_heal))
        table.block("flip", 1, lambda _: msg("Flip back to The Favour"))
        fid = [f.id for f in fighters]
        table.block(
            "pick",
            m,
            lambda f: msg("Take {card} into the fight", card=names[f]),
            args=lambda f: (fid[f],),
        )
        table.block(
            "binder",
            m,
            lambda f: msg("Make {card} the binder", card=names[f]),
            args=lambda f: (fid[f],),
        )

        def icon(f: int, slot: int) -> Message:
            if slot == LORD_ICON:
                return Message(LORD_WORD)
            return Message(ABILITY_TITLES[fighters[f].abilities[slot]])

        table.block(
            "bind",
            (m, 4),
            lambda f, s: msg("Bind {card}'s {icon} icon", card=names[f], icon=icon(f, s)),
            args=lambda f, s: (fid[f], s),
        )
        table.block("done-binding", 1, lambda _: msg("Done binding"))
        table.block(
            "attribute",
            m,
            lambda f: msg("Give the roll to {card}", card=names[f]),
            args=lambda f: (fid[f],),
        )
        table.block(
            "target", m, lambda f: msg("Attack {card}", card=names[f]), args=lambda f: (fid[f],)
        )
        table.block(
            "react-court",
            (len(court), m),
            lambda k, f: msg(
                "Spend the memory at {place} to bind {card}", place=court_words[k], card=names[f]
            ),
            args=lambda k, f: (court[k].id, fid[f]),
        )
        table.block(
            "react-note",
            (len(ABILITIES), m),
            lambda a, f: msg(
                "Spend your {ability} memory to bind {card}",
                ability=Message(ABILITY_TITLES[a]),
                card=names[f],
            ),
            args=lambda a, f: (a, fid[f]),
        )
        table.block("no-reaction", 1, lambda _: msg("Spend no memory"))
        table.block(
            "escape",
            3,
            lambda lord: msg("Open the envelope: free {lord}'s Marquis", lord=lords[lord]),
            args=lambda lord: (self.lord_names[lord],),
        )
        table.block("keep-envelope", 1, lambda _: msg("Leave the envelope closed"))
        table.block("done-picking", 1, lambda _: msg("Fight with the chosen constituents"))
        table.block(
            "free-move-to",
            len(court),
            lambda k: msg("Move to {place} (stillness: no token)", place=court_words[k]),
            args=lambda k: (court[k].id,),
        )
        self._look_up_ids(table)

    def _look_up_ids(self, t: ActionTable) -> None:
        """Every id an options method lists, per card, once (the hot path only indexes)."""
        m, lords = self.marquis, range(3)
        one = {name: t[name].id(0) for name in ("stay", "indulge", "resolve", "face", "heal")}
        self.stay, self.indulge_id, self.resolve_id = one["stay"], one["indulge"], one["resolve"]
        self.face_id, self.heal_id = one["face"], one["heal"]
        self.flip_id = t["flip"].id(0)
        self.done_binding_id = t["done-binding"].id(0)
        self.no_reaction_id = t["no-reaction"].id(0)
        self.keep_envelope_id = t["keep-envelope"].id(0)
        self.done_picking_id = t["done-picking"].id(0)
        self.identity_id = tuple(
            t["identity"].id(f - m) if f >= m else -1 for f in range(len(self.names))
        )
        self.pick_id = tuple(t["pick"].id(f) for f in range(m))
        self.binder_id = tuple(t["binder"].id(f) for f in range(m))
        self.attribute_id = tuple(t["attribute"].id(f) for f in range(m))
        self.target_id = tuple(t["target"].id(f) for f in range(m))
        self.bind_id = tuple(tuple(t["bind"].id(f, s) for s in range(4)) for f in range(m))
        self.react_court_id = tuple(
            tuple(t["react-court"].id(k, f) for f in range(m)) for k in range(len(self.court_lord))
        )
        self.react_note_id = tuple(
            tuple(t["react-note"].id(a, f) for f in range(m)) for a in range(len(ABILITIES))
        )
        self.escape_id = tuple(t["escape"].id(lord) for lord in lords)
        self.free_to_id = tuple(t["free-move-to"].id(k) for k in range(len(self.court_lord)))
        thoughts = self.content.thoughts
        self.answer_ids = tuple(
            tuple(t["answer"].id(i, a) for a in range(len(th.answers)))
            for i, th in enumerate(thoughts)
        )
        self.v_thought_ids = (
            *(t["free-memory"].id(a) for a in range(len(ABILITIES))),
            *(t["free-attune"].id(lord) for lord in lords),
        )
        # the turn's options by the roll (RB-8..RB-13; R13, R21, R27)
        moves = (one["stay"], t["move"].id(0), t["move"].id(1))
        free = (t["free-move"].id(0), t["free-move"].id(1))
        self.moves = moves
        self.turn_ids = (
            moves,
            (*moves, *free) if self.config.stillness_move == "adjacent" else moves,
            tuple(sorted((*moves, one["indulge"]))),
            tuple(sorted((*moves, one["resolve"]))),
            tuple(sorted((*moves, one["face"]))),
        )
        # binder f against a Marquis g: the (slot of g, bind id) its icons match (RB-36)
        abilities, lord = self.abilities, self.lord
        self.bind_pairs = tuple(
            tuple(
                tuple(
                    (s, self.bind_id[g][s])
                    for s in range(4)
                    if (s == LORD_ICON and lord[g] == lord[f])
                    or (s < 3 and abilities[g][s] in abilities[f])
                )
                for g in range(m)
            )
            for f in range(m)
        )
        # the slot of each ability on each Marquis (-1: it has none)
        self.slot = tuple(
            tuple(abilities[f].index(a) if a in abilities[f] else -1 for a in range(len(ABILITIES)))
            for f in range(m)
        )

    # ------------------------------------------------------------------ seats and zones
    def zones(self) -> tuple[Zone, ...]:
        """RB-5: the three Marquis decks lie face down (their order is hidden, their make-up
        known). RB-3: the identities set aside are the ones you did not choose: face up."""
        return (Zone("decks", NOBODY, PILES), Zone("set_aside", EVERYONE))

    def pool_card_ids(self, pool: str) -> list[str] | None:
        """The identities set aside, by fighter card (the decks' cards are never seen)."""
        return [f.id for f in self.content.fighters] if pool == "set_aside" else None

    def role(self, seat: int) -> str:
        return "You"

    def role_words(self, seat: int) -> str:
        return _("You")

    def card_catalog(self) -> dict[str, str]:
        """The Marquis and identities (the court cards are the board, not played)."""
        return {f.id: f.name for f in self.content.fighters}

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

    @classmethod
    def open_profile(cls, path: Path | None) -> Profile:
        """The lasting state between playthroughs (the table reads and writes it)."""
        return Profile(path)

    @classmethod
    def frontend(cls) -> Frontend:
        from rulebook.games.ribbon_of_bone import browser, table
        from rulebook.games.ribbon_of_bone.agents import HeuristicAgent

        def summary(game: Any, view: dict[str, Any]) -> Any:
            return table.render_summary(game, view["summary"])

        return Frontend(
            render=table.render,
            summary=summary,
            asks_name=True,
            agents={"heuristic": HeuristicAgent},
            profile=cls.open_profile,
            keeps=Keeps(profile.next_config, profile.record_document),
            shows_latest=True,
            words=browser.view_words,
        )


def court_card(card: Court) -> Message:
    """A court card by both its sides ("The Ashen Stair / The Outskirts"), as options name it."""
    return msg("{side} / {other}", side=Name(card.sides[0]), other=Name(card.sides[1]))
