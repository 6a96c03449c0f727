"""The GAME as a configured game: rule parameters, card content, action table and zones.

Rule ids (TG-n) and readings (A-n) refer to ``docs/rules/the-game.md``. Seat 0 is Player 1
(builds the Queue), seat 1 is Player 2 (collects pleasure cards). Actions name card *types*,
because identical cards are interchangeable (so no two legal actions ever read the same).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from rulebook.engine.actions import ActionTable
from rulebook.engine.frontend import Frontend
from rulebook.engine.game import Game, param
from rulebook.engine.zones import EVERYONE, NOBODY, OWNER, PER_SEAT, Zone
from rulebook.games.the_game.cards import KINDS, THEMES, CardType, Content, load_content
from rulebook.i18n import N_, Message, Name, _, msg, msgn

# Turn.options_turn's option lists by (card types held, hand full), per option-table signature
TURN_IDS: dict[tuple[Any, ...], dict[int, tuple[int, ...]]] = {}

P1, P2 = 0, 1


def article(word: str) -> str:
    """'a Time', 'an Intensity'."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def label(text: str) -> Message:
    """A theme's word for a thing ("Queue", "Curse Queue"): the catalog's translation of a
    classic label (they are extracted in ``cards.DEFAULT_LABELS``), a theme's own as written."""
    return Message(text)


def a_label(text: str) -> Message:
    """A label with its English article ("an Intensity"), so a translation may drop it."""
    if article(text).startswith("an "):
        return msg("an {kind}", kind=label(text))
    return msg("a {kind}", kind=label(text))


def theme_endings(content: Content) -> dict[str, Message]:
    """Each ending in the theme's own words (a fantasy report names the Curse Queue and
    Teleport Home, not the classic Queue and Stop Game), worded in the reader's language
    where it is shown (a theme's own labels as its card file writes them)."""
    words = content.labels
    stop = next((c.name for c in content.pleasure if c.effect == "stop-game"), "Stop Game")
    return {
        "queue": msg(
            "the {queue} held enough {punishments}",
            queue=label(words["queue"]),
            punishments=label(words["punishments"]),
        ),
        "pleasures": msg(
            "{player} collected enough {pleasures}",
            player=label(words["player2"]),
            pleasures=label(words["pleasures"]),
        ),
        "stop-game": msg("a {card} card was played", card=Name(stop)),
        "turn-limit": msg("the safety limit on turns stopped the game (not a rule of the game)"),
    }


@dataclass(frozen=True)
class Config:
    """Rule parameters (rulebook defaults) and a switch for every reading in the register."""

    theme: str = param("classic", "card theme: classic or fantasy")
    cards: str | None = param(None, "a designer's card file (TOML)")
    without: tuple[str, ...] = param((), "card ids left out of play")
    hand_size: int = param(5, "TG-7/TG-40: cards dealt and hand limit")
    punishments_to_win: int = param(5, "TG-35: Player 1's goal")
    pleasures_to_win: int = param(5, "TG-36: Player 2's goal")
    random_cost: int = param(1, "TG-14/TG-21: points for a random card")
    chosen_cost: int = param(3, "TG-14/TG-21: points for a chosen card")
    player2_reward: Literal["point", "pleasure-card"] = param(
        "point", "A1: Player 2's set earns a point, or a pleasure card"
    )
    player2_set_destination: Literal["shuffle-into-deck", "discard"] = param(
        "shuffle-into-deck", "A2: where Player 2's set goes"
    )
    draw_before_action: bool = param(
        False, "A3: each turn opens with a draw (the Example's reading)"
    )
    special_replaces_discard: bool = param(False, "A4: a played special card is replaced by a draw")
    enforce_hand_limit: bool = param(
        True, "A5: discard down to the hand limit at the end of a turn"
    )
    discard_specials: bool = param(True, "A6: Option C may discard a special card")
    spend_points_anytime: bool = param(False, "A7: points may be spent at any point of your turn")
    effects_on_draw: bool = param(False, "A8: pleasure effects resolve the moment they are drawn")
    used_pleasures_count: bool = param(
        False, "A9: used effect cards still count toward Player 2's win"
    )
    asked_player_chooses: bool = param(True, "A10: the asked player picks which card to give")
    pleasures_public: bool = param(False, "A11: Player 2's pleasure cards are face up")
    stop_game_winner: Literal["none", "player2"] = param(
        "none", "A12: result of Stop Game: none (a draw), or a Player 2 win"
    )
    max_turns: int = param(400, "A13: safety turn limit (a draw)")

    def __post_init__(self) -> None:
        for name in ("hand_size", "punishments_to_win", "pleasures_to_win", "max_turns"):
            if getattr(self, name) < 1:
                raise ValueError(_("{name} must be at least 1", name=name))
        if self.random_cost < 0 or self.chosen_cost < 0:
            raise ValueError(_("card costs cannot be negative"))


class TheGame(Game):
    config: Config
    slug = "the-game"
    safety_limits = ("turn-limit",)  # the safety limit's outcome reason
    title = N_("The GAME")
    themes = tuple(THEMES)
    summary = N_("Complete Position + Intensity + Time sets; Queue vs pleasure cards.")
    min_players = 2
    max_players = 2
    information = "imperfect"
    utility = "constant-sum"
    config_class = Config
    deck_names = ("main", "equipment", "pleasure")
    # Random rollouts end in draws: a uniform Player 2 holding Stop Game plays it within a
    # few moves, pulling every line toward 0.5. ismcts scores its leaves by estimate() alone.
    search_defaults: ClassVar[Mapping[str, str]] = {"rollout": "0"}

    def seen_by_all(self, aid: int) -> bool:
        """Both players see which move the other made: discards go face up, a set, a special
        card, a kind asked for, an equipment card bought and a card used are shown, a card
        given goes to the one other player, and a draw is seen as a draw (the card drawn
        stays hidden: it is not part of the move's id). All but one: a pleasure card Player 2
        buys by name goes to its hidden pleasure cards, and Player 1 reads only that Player
        2 gains one."""
        return aid not in self.hidden_buys

    def __init__(self, config: Config) -> None:
        content = self.content = load_content(
            config.theme,
            config.cards,
            config.without,
            config.hand_size,
            config.pleasures_to_win,
            config.punishments_to_win,
        )
        self.content_notice = content.notice or None
        self.labels = content.labels
        self.endings = theme_endings(content)
        self.main_types: tuple[CardType, ...] = content.main
        self.main_type = [t for t, c in enumerate(content.main) for _ in range(c.count)]
        self.main_kind = [KINDS.index(content.main[t].kind) for t in self.main_type]
        self.equipment_type = [t for t, c in enumerate(content.equipment) for _ in range(c.count)]
        self.pleasure_type = [t for t, c in enumerate(content.pleasure) for _ in range(c.count)]
        self.pleasure_effect = [content.pleasure[t].effect for t in self.pleasure_type]
        self.effect_cards = frozenset(c for c, e in enumerate(self.pleasure_effect) if e)
        # card instance -> its id (views map whole piles through these: the RL hot path)
        self.main_id = [content.main[t].id for t in self.main_type]
        self.equipment_id = [content.equipment[t].id for t in self.equipment_type]
        self.pleasure_id = [content.pleasure[t].id for t in self.pleasure_type]
        self.kind_types = [[t for t, c in enumerate(content.main) if c.kind == k] for k in KINDS]
        # the main cards of each kind, as the classes of hidden_reads (shared by every read)
        self.kind_cards = tuple(
            frozenset(c for c, k in enumerate(self.main_kind) if k == kind)
            for kind in range(len(KINDS))
        )
        self.specials = self.kind_types[3]
        self.effect_types = [t for t, c in enumerate(content.pleasure) if c.effect]
        self.max_decisions = 40 * config.max_turns
        super().__init__(config)

    # ------------------------------------------------------------------ action table
    def build_actions(self, table: ActionTable) -> None:
        c, lab, cfg = self.content, self.labels, self.config
        main, equipment, pleasure = c.main, c.equipment, c.pleasure

        def spend(cost: int, what: object) -> Message:
            return msgn(
                "Spend {count} {points}: {what}",
                "Spend {count} {points}: {what}",
                cost,
                points=label(lab["point"] if cost == 1 else lab["points"]),
                what=what,
            )

        def card(ctype: CardType) -> Name:
            return Name(ctype.name)

        table.block("draw", 1, lambda _: msg("Draw a card"))
        table.block("pass", 1, lambda _: msg("End turn"))
        table.block("done", 1, lambda _: msg("Done spending"))
        table.block(
            "buy-random-equipment",
            1,
            lambda _: spend(cfg.random_cost, msg("random {what}", what=label(lab["equipment"]))),
        )
        table.block(
            "buy-random-pleasure",
            1,
            lambda _: spend(cfg.random_cost, msg("random {what}", what=label(lab["pleasure"]))),
        )
        n = len(main)
        table.block(
            "discard-and-draw",
            n,
            lambda t: msg("Discard {card} and draw a replacement", card=card(main[t])),
            args=lambda t: (main[t].id,),
        )
        table.block(
            "discard",
            n,
            lambda t: msg("Discard {card}", card=card(main[t])),
            args=lambda t: (main[t].id,),
        )
        pos, inten, tim = self.kind_types[:3]
        table.block(
            "set",
            (len(pos), len(inten), len(tim)),
            lambda p, i, t: msg(
                "Play set: {position} + {intensity} + {time}",
                position=card(main[pos[p]]),
                intensity=card(main[inten[i]]),
                time=card(main[tim[t]]),
            ),
            args=lambda p, i, t: tuple(main[x].id for x in (pos[p], inten[i], tim[t])),
        )
        specials = self.specials
        table.block(
            "special",
            len(specials),
            lambda s: msg("Play {card}", card=card(main[specials[s]])),
            args=lambda s: (main[specials[s]].id,),
        )
        table.block(
            "ask",
            len(KINDS),
            lambda k: msg("Ask for {a_kind} card", a_kind=a_label(lab[KINDS[k]])),
            args=lambda k: (KINDS[k],),
        )
        table.block(
            "give",
            n,
            lambda t: msg("Give {card}", card=card(main[t])),
            args=lambda t: (main[t].id,),
        )
        table.block(
            "buy-equipment",
            len(equipment),
            lambda e: spend(cfg.chosen_cost, card(equipment[e])),
            args=lambda e: (equipment[e].id,),
        )
        table.block(
            "buy-pleasure",
            len(pleasure),
            lambda p: spend(cfg.chosen_cost, card(pleasure[p])),
            args=lambda p: (pleasure[p].id,),
        )
        effects = self.effect_types
        table.block(
            "use",
            len(effects),
            lambda u: msg("Use {card}", card=card(pleasure[effects[u]])),
            args=lambda u: (pleasure[effects[u]].id,),
        )
        q = cfg.punishments_to_win
        table.block(
            "skip",
            q,
            lambda i: msg(
                "Remove {punishment} {number} from the {queue}",
                punishment=label(lab["punishment"]),
                number=i + 1,
                queue=label(lab["queue"]),
            ),
            args=lambda i: (i,),
        )
        table.block(
            "remove",
            (q, len(equipment)),
            lambda i, e: msg(
                "Remove {card} from {punishment} {number}",
                card=card(equipment[e]),
                punishment=label(lab["punishment"]),
                number=i + 1,
            ),
            args=lambda i, e: (i, equipment[e].id),
        )
        # ids the options methods list, looked up once (the hot path)
        self.set_ids = {
            (pos[p], inten[i], tim[t]): table["set"].id(p, i, t)
            for p in range(len(pos))
            for i in range(len(inten))
            for t in range(len(tim))
        }
        n = len(main)
        self.set_id = [[[-1] * n for _ in range(n)] for _ in range(n)]  # [p][i][t] by type
        for (p, i, t), aid in self.set_ids.items():
            self.set_id[p][i][t] = aid
        self.type_kind = [KINDS.index(card.kind) for card in main]
        self.special_ids = {t: table["special"].id(s) for s, t in enumerate(specials)}
        self.use_ids = {t: table["use"].id(u) for u, t in enumerate(effects)}
        self.base = {name: block.base for name, block in table.blocks.items()}
        self.draw_id, self.pass_id = self.base["draw"], self.base["pass"]
        bought = table["buy-pleasure"]
        self.hidden_buys = range(bought.base, bought.base + bought.size)  # seen_by_all
        self.discard_base = self.base["discard"]
        self.discard_and_draw_base = self.base["discard-and-draw"]
        # Turn.options_turn's key: a bit for each type held (card -> its type's bit), above the
        # lowest, which says the hand is full (A3: with the draw before the action, a hand is
        # only trimmed when over the size)
        self.type_bit = [2 << t for t in self.main_type]
        self.full_hand = cfg.hand_size + 1 if cfg.draw_before_action else cfg.hand_size
        # see Turn.options_turn: shared by every game loaded with the same option tables, so a
        # game loaded afresh (a worker, a room, a benchmark round) starts with it filled
        signature = (
            tuple(sorted(self.set_ids.items())),
            tuple(self.type_kind),
            tuple(sorted(self.special_ids.items())),
            (self.draw_id, self.pass_id, self.discard_base, self.discard_and_draw_base),
            (cfg.draw_before_action, cfg.discard_specials),
        )
        self.turn_ids: dict[int, tuple[int, ...]] = TURN_IDS.setdefault(signature, {})

    # ------------------------------------------------------------------ seats and zones
    def role(self, seat: int) -> str:
        return self.labels["player1" if seat == P1 else "player2"]

    def who(self, seat: int) -> Message:
        """A seat as narration names it (the theme's word, in the reader's language)."""
        return label(self.role(seat))

    def role_words(self, seat: int) -> str:
        return self.who(seat).text()

    def zones(self) -> tuple[Zone, ...]:
        """TG-8: decks face down; hands private; A11: Player 2's pleasures private or public,
        shown to all at the end (TG-39); the Queue, discards and used cards are public."""
        public = self.config.pleasures_public
        return (
            Zone("main", NOBODY, pool="main"),
            Zone("hands", OWNER, PER_SEAT, pool="main"),
            Zone("discard", EVERYONE, ordered=True, pool="main"),
            Zone("equipment_deck", NOBODY, pool="equipment"),
            Zone("equipment_out", EVERYONE, pool="equipment"),
            Zone("pleasure_deck", NOBODY, pool="pleasure"),
            Zone(
                "pleasures",
                EVERYONE if public else OWNER,
                owner=P2,
                pool="pleasure",
                revealed_at_end=True,
            ),
            Zone("used", EVERYONE, ordered=True, pool="pleasure"),
        )

    def pool_card_ids(self, pool: str) -> list[str] | None:
        """The zones' pools are the three decks."""
        return self.card_ids(pool) if pool in self.deck_names else None

    def card_catalog(self) -> dict[str, str]:
        return self.content.names()

    def card_ids(self, deck: str) -> list[str]:
        """Stable card id of every instance of ``deck`` (indexed by instance number)."""
        c = self.content
        if deck == "main":
            return [c.main[t].id for t in self.main_type]
        if deck == "equipment":
            return [c.equipment[t].id for t in self.equipment_type]
        return [c.pleasure[t].id for t in self.pleasure_type]

    @classmethod
    def frontend(cls) -> Frontend:
        from rulebook.games.the_game import table
        from rulebook.games.the_game.agents import HeuristicAgent

        def summary(game: Any, view: dict[str, Any]) -> Any:
            return table.render_summary(game, view["summary"])

        return Frontend(
            render=table.render,
            summary=summary,
            compact=table.compact,
            card_texts=table.card_texts,
            agents={"heuristic": HeuristicAgent},
            words=table.view_words,
        )
