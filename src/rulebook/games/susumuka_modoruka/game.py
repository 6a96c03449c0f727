"""Susumuka & Modoruka as a configured game: rule parameters, content, action table, zones.

Rule ids (SM-n) and readings (A-n) refer to ``docs/rules/susumuka-modoruka.md``. Cards are
instance numbers: dungeon card ``i`` < ``len(content.dungeon)`` is that card, the six after it
are the seats' lost-property cards; item instances run over the four item decks together.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from rulebook.engine.actions import ActionTable
from rulebook.engine.frontend import Frontend
from rulebook.engine.game import Game, param
from rulebook.engine.random import Rng
from rulebook.engine.zones import EVERYONE, NOBODY, OWNER, PER_SEAT, PILES, Zone
from rulebook.games.susumuka_modoruka.cards import (
    ALL,
    TIERS,
    Bonus,
    DungeonCard,
    describe,
    described,
    load_content,
    named,
    tier_word,
)
from rulebook.i18n import N_, Message, _, msg

SEATS = 6
ITEM_DEPTHS = (5, 10, 20, 25)  # SM-26: Bronze, Silver, Gold, Platinum by the flag's depth


@dataclass(frozen=True)
class Config:
    """Rule parameters (rulebook defaults) and a switch for every reading in the register."""

    cards: str | None = param(None, "a designer's card file (TOML)")
    hp: int = param(20, "SM-4: starting HP")
    turns: int = param(20, "SM-1: the game ends once this many turns have passed")
    turn_counts: Literal["round", "move"] = param(
        "round", "A1: a turn is a round (everyone moves once) or one player's move"
    )
    first_player: Literal["random", "choose"] = param(
        "random", "A2: 'who loves thrills most' is drawn at random, or Player 1 names them"
    )
    hand_battle: Literal["after-reveal", "blind"] = param(
        "after-reveal",
        "A22: the top card is turned up before choosing to battle a hand card instead, or the "
        "hand card is chosen first, unseen",
    )
    hand_battle_discards: Literal["always", "if-any"] = param(
        "always", "A4: battling a hand card needs a top card to discard, or discards one if any"
    )
    declare_on_entry: bool = param(
        True, "A6: the return may be declared after the Advance that entered the dungeon"
    )
    flag_at: Literal["current", "deepest", "game-deepest"] = param(
        "current",
        "A7: the flag marks the depth where you declare, the deepest of this dive, or the "
        "deepest of the whole game",
    )
    escape_items: Literal["highest", "each"] = param(
        "highest", "A9: one item from the deepest deck the flag reaches, or one per deck reached"
    )
    death_keeps_trophy: bool = param(True, "A11: a dead player keeps their trophy")
    score_by: Literal["trophy", "trophy-or-flag", "deepest"] = param(
        "trophy", "A14: 'deepest': trophies only, also planted flags, or the deepest depth reached"
    )
    skill_budget: Literal["all-game", "per-visit"] = param(
        "all-game",
        "A20: every skill on the sheet costs no more than the turns passed, or only those "
        "gained since last entering the dungeon",
    )
    ties: Literal["share", "hp"] = param(
        "share", "A15: tied players share the win, or more HP wins"
    )

    def __post_init__(self) -> None:
        if self.hp < 1 or self.turns < 1:
            raise ValueError(_("hp and turns must be at least 1"))


@functools.cache
def player(seat: int) -> Message:
    """A seat as the table names it, in the reader's language."""
    return msg("Player {number}", number=seat + 1)


# measured: SusumukaModoruka.search_defaults and search_defaults_for
SEARCH: Mapping[str, str] = {"opponents": "random", "rollout": "3"}
SIX_SEARCH: Mapping[str, str] = {**SEARCH, "rollout": "2"}


class SusumukaModoruka(Game):
    config: Config
    slug = "susumuka-modoruka"
    title = N_("Susumuka & Modoruka")
    summary = N_("Dive into the dungeon, declare your return, escape with treasure.")
    min_players = 2
    max_players = 6
    information = "imperfect"
    utility = "constant-sum"
    config_class = Config
    deck_names = ("dungeon", *TIERS)
    # The other seats modelled as random players: searched as a second search, they made
    # 1,000 iterations play weaker than 300 at 2, 4 and 6 players (docs/search.md, "more
    # search reads weaker"); modelled as random, 1,000 iterations play at least as well as
    # 300 at every table size, and 300 still beats the heuristics. Rollouts of three
    # decisions, not six, at every table: at two players a move a quarter cheaper, still
    # 76.7% (66.8-84.4%) of decided games against the heuristic at 300 iterations; at three
    # to six a tenth cheaper, and every table's lower bound still well above its fair share
    # (docs/search.md, "Susumuka & Modoruka and SWING!: ... three-decision rollouts").
    search_defaults: ClassVar[Mapping[str, str]] = SEARCH
    # saves and rooms from before A22's switch chose the hand card before the top card was
    # turned up, and had no skill_budget (A20: the whole game's): they go on so when resumed
    legacy_config: ClassVar[Mapping[str, Any]] = {
        "hand_battle": "blind",
        "skill_budget": "all-game",
    }
    endings: Mapping[str, str] = {
        "deepest": N_(
            "the deepest result that counts won (the score-by rule parameter says what counts)"
        ),
        "no-trophy": N_("nobody had a result that counts: nobody won"),
    }

    def search_defaults_for(self, players: int) -> Mapping[str, str]:
        """At six players the rollouts stop after two decisions, not three: a move is a
        twentieth cheaper (ISMCTS at 1,000 iterations within 60 ms, issue 21), and 300
        iterations still win 40.1% (30.9-50.1%) of games against five heuristics, the fair
        share 16.7% (docs/search.md, "Susumuka & Modoruka at six players"). Since the hand
        battle is chosen after the top card is turned up (A22) the heuristics are stronger:
        24.1% (19.6-29.2%) over 300 games, three or four decisions no better (docs/search.md,
        "the hand battle chosen after the top card is turned up")."""
        return SIX_SEARCH if players >= SEATS else SEARCH

    def __init__(self, config: Config) -> None:
        content = self.content = load_content(config.cards)
        self.dungeon = content.dungeon
        self.lost_base = len(content.dungeon)  # lost-property card of seat s: lost_base + s
        self.item_type = [t for t, item in enumerate(content.items) for _ in range(item.count)]
        self.item_tier = [content.items[t].tier for t in self.item_type]
        self.item_once = [content.items[t].once for t in self.item_type]
        self.item_bonus: list[Bonus] = [content.items[t].bonus for t in self.item_type]
        self.colour_index = {c: i for i, c in enumerate(content.colours)}
        every = (1 << len(content.colours)) - 1
        self.item_nullify = [self._mask(b.nullify, every) for b in self.item_bonus]
        self.skill_nullify = [self._mask(s.bonus.nullify, every) for s in content.skills]
        self.clear_rows = [self._clear_rows(card) for card in content.dungeon]
        self.by_round = config.turn_counts == "round"  # A1, read at every move's end
        self.blind = config.hand_battle == "blind"  # A22, read at every move's options
        self.per_visit = config.skill_budget == "per-visit"  # A20
        turns = config.turns * (SEATS if self.by_round else 1)
        self.max_decisions = 4 + turns * (len(content.skills) + len(self.item_type) + 5)
        self.card_id_list = self.card_ids("dungeon")
        self.item_ids = self.card_ids("bronze")
        self.roles = [self.role(s) for s in range(SEATS)]
        self.colours = [lost.colour for lost in content.lost]
        self._skill_ids: dict[int, list[str]] = {}
        # bonuses by (items, skills), or by skills alone without items
        self.bonus_cache: dict[
            tuple[tuple[int, ...], int] | int, tuple[int, int, int, int, int]
        ] = {}
        self.skill_option_cache: dict[tuple[int, ...], tuple[int, ...]] = {}  # skill_options
        super().__init__(config)

    def skill_ids(self, owned: int) -> list[str]:
        """The ids of the skills ticked in ``owned`` (a bit per skill), a fresh list."""
        found = self._skill_ids.get(owned)
        if found is None:
            skills = self.content.skills
            found = self._skill_ids[owned] = [k.id for i, k in enumerate(skills) if owned >> i & 1]
        return found[:]

    def _clear_rows(self, card: DungeonCard) -> list[tuple[int, int, int]]:
        """SM-15: the card's clear condition at each depth from 0 to its deepest tier (deeper
        reads the last), as (power with the coloured number, power without it, the coloured
        number's colour as a bit, 0 when none): numbers for the battle's hot path."""
        rows = []
        for depth in range(card.tiers[-1].depth + 1):
            row = card.tier(depth)
            bit = 1 << self.colour_index[row.colour] if row.coloured else 0
            rows.append((row.power + row.coloured, row.power, bit))
        return rows

    def _mask(self, colours: frozenset[str], every: int) -> int:
        if ALL in colours:
            return every
        mask = 0
        for colour in colours:
            mask |= 1 << self.colour_index[colour]
        return mask

    # ------------------------------------------------------------------ action table
    def build_actions(self, table: ActionTable) -> None:
        """The action table's texts are English (the protocol's ``str(action)``); the same
        words as messages (``self.words``, one per id) are what a table shows each reader."""
        c = self.content
        colours = c.colours
        self.words: list[Message] = []

        def block(name: str, size: int, say: Callable[[int], Message], args: Any = None) -> None:
            self.words += [say(i) for i in range(size)]
            table.block(name, size, lambda i: say(i).english(), args=args)

        def skill(s: int) -> Message:
            k = c.skills[s]
            return msg(
                "Gain skill: {skill} (cost {cost}) — {effects}",
                skill=named(k),
                cost=k.cost,
                effects=described(k, colours, cost=False),
            )

        def use(t: int) -> Message:
            item = c.items[t]
            return msg("Use {item} — {effects}", item=named(item), effects=described(item, colours))

        blind = self.config.hand_battle == "blind"  # A22

        def hand(t: int) -> Message:
            card = named(c.dungeon[t])
            if blind:
                return msg("Advance: discard the top card and battle {card} from hand", card=card)
            return msg("Discard the top card and battle {card} from hand", card=card)

        block(
            "first", SEATS, lambda s: msg("{player} goes first", player=player(s)), lambda s: (s,)
        )
        block("skill", len(c.skills), skill, args=lambda s: (c.skills[s].id,))
        block("use", len(c.items), use, args=lambda t: (c.items[t].id,))
        block("investigate", 1, lambda _: msg("Investigate: draw two dungeon cards"))
        block("advance", 1, lambda _: msg("Advance: battle the top card of the dungeon deck"))
        block("advance-hand", len(c.dungeon), hand, args=lambda t: (c.dungeon[t].id,))
        block("fight", 1, lambda _: msg("Fight: roll the die"))
        block("flee", 1, lambda _: msg("Flee"))
        block("declare", 1, lambda _: msg("Declare your return (plant your flag here)"))
        block("carry-on", 1, lambda _: msg("Keep going deeper"))
        block("pass", 1, lambda _: msg("Pass (nothing to draw or battle)"))
        # A22: last, so the ids above (saves' histories) are those of the games before it
        block("battle-top", 1, lambda _: msg("Battle the card turned up"))
        # A22: Advance's words where what follows differs by state (State.option_text picks)
        self.turn_up_words = msg(
            "Advance: turn up the top card, then battle it or a card from your hand"
        )
        self.hand_alone_words = [
            msg("Advance: battle {card} from hand (no dungeon card left to discard)", card=named(d))
            for d in c.dungeon
        ]
        base = {name: block.base for name, block in table.blocks.items()}
        self.skill_base, self.use_base = base["skill"], base["use"]
        self.investigate_id, self.advance_id = base["investigate"], base["advance"]
        self.hand_base, self.pass_id = base["advance-hand"], base["pass"]
        self.battle_top_id = base["battle-top"]
        self.fight_id, self.flee_id = base["fight"], base["flee"]
        self.declare_id, self.carry_on_id = base["declare"], base["carry-on"]
        # the options of a battle and of a return declaration never change: listed once
        self.battle_options = (self.fight_id, self.flee_id)
        self.declare_options = (self.declare_id, self.carry_on_id)
        self.first_base = base["first"]

    # ------------------------------------------------------------------ seats and zones
    def role(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def role_words(self, seat: int) -> str:
        return player(seat).text()

    def zones(self) -> tuple[Zone, ...]:
        """SM-34: hands private, the dungeon deck face down; items public once gained."""
        if hasattr(self, "zone_list"):
            return self.zone_list
        return (
            Zone("deck", NOBODY, pool="dungeon"),
            Zone("hands", OWNER, PER_SEAT, pool="dungeon"),
            Zone("discard", EVERYONE, ordered=True, pool="dungeon"),
            Zone("battle", EVERYONE, pool="dungeon"),
            Zone("aside", EVERYONE, pool="dungeon"),
            Zone("item_decks", NOBODY, PILES),
            Zone("items", EVERYONE, PER_SEAT, pool="items"),
            Zone("lost", EVERYONE, PILES, pool="items"),
            Zone("used", EVERYONE, pool="items"),
        )

    def pool_card_ids(self, pool: str) -> list[str] | None:
        """The dungeon's and the items' pools (each item deck is its own pool, face down)."""
        if pool == "dungeon":
            return self.card_id_list
        return self.item_ids if pool == "items" else None

    def card_catalog(self) -> dict[str, str]:
        """Dungeon cards, items and skills (skills are ticked on the sheet, not dealt), each
        named in the reader's language (``name_ja`` for Japanese, as the table names it)."""
        c = self.content
        names = {x.id: named(x).text() for x in c.dungeon}
        names.update((x.id, named(x).text()) for x in c.items)
        names.update((x.id, named(x).text()) for x in c.skills)
        return names

    def card_ids(self, deck: str) -> list[str]:
        """Stable id of every instance of ``deck``'s kind of card (indexed by instance)."""
        c = self.content
        if deck == "dungeon":
            return [card.id for card in c.dungeon] + [lost.id for lost in c.lost]
        return [c.items[t].id for t in self.item_type]

    def deck_cards(self, deck: str) -> list[int]:
        """The instances a deck starts with."""
        if deck == "dungeon":
            return list(range(self.lost_base))
        tier = TIERS.index(deck)
        return [i for i, t in enumerate(self.item_tier) if t == tier]

    def example_stack(self, rng: Rng) -> dict[str, list[str]]:
        stack: dict[str, list[str]] = {}
        for deck in self.deck_names:
            every = self.card_ids(deck)
            ids = [every[i] for i in self.deck_cards(deck)]
            rng.shuffle(ids)
            stack[deck] = ids[: rng.below(min(len(ids), 12) + 1)]
        return stack

    @classmethod
    def how_to_play(cls) -> str:
        """The rules in short, then what each skill and item of the reference cards does (in
        the reader's language: the rulebook's own words in Japanese)."""
        content = load_content(None)
        colours = content.colours
        skills = [
            "* " + _("{skill}: {effects}", skill=named(k).text(), effects=describe(k, colours))
            for k in content.skills
        ]
        items = [
            "* "
            + _(
                "{item} ({tier}): {effects}",
                item=named(i).text(),
                tier=tier_word(i.tier).text(),
                effects=describe(i, colours),
            )
            for i in content.items
        ]
        return "\n".join(
            [
                super().how_to_play(),
                "",
                _("Skills (their costs add up to no more than the turns passed):"),
                "",
                *skills,
                "",
                _(
                    "Items (won by escaping: Bronze from a flag at depth 5, Silver 10, Gold 20, "
                    "Platinum 25):"
                ),
                "",
                *items,
            ]
        )

    @classmethod
    def frontend(cls) -> Frontend:
        from rulebook.games.susumuka_modoruka import table
        from rulebook.games.susumuka_modoruka.agents import AGENTS

        def summary(game: Any, view: dict[str, Any]) -> Any:
            return table.render_summary(game, view)

        return Frontend(
            render=table.render,
            summary=summary,
            compact=table.compact,
            card_texts=table.card_texts,
            agents=AGENTS,
            words=table.view_words,
            notes=table.notes,
        )
