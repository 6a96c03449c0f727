"""Solo Bound Female as a configured game: card content, action table, zones (its rule
parameters: ``config.py``).

Rule ids (SB-n) and readings (A-n) refer to ``docs/rules/solo-bound-female.md``. Card
*instances* are numbered: the character deck's cards first, then the scenario deck's, then
the character card and the scenario card (they too can be triggered or carry effects). Actions
name card *types* (identical copies are interchangeable; ``playing.py`` says which copy).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rulebook.engine.actions import ActionTable
from rulebook.engine.errors import ConfigError, ContentError
from rulebook.engine.frontend import Frontend
from rulebook.engine.game import Game
from rulebook.engine.state import State
from rulebook.engine.zones import EVERYONE, NOBODY, OWNER, Zone
from rulebook.games.solo_bound_female.cards import Card, load_content
from rulebook.games.solo_bound_female.config import Config as Config
from rulebook.i18n import N_, Message, Name, _, msg, n_

PLAYER = 0
DECKS = (("character", "character2"), ("scenario", "scenario2"))
# SB-69: a Cooperative game's proxy inaptitude card (not a card of any file)
PROXY = Card("proxy", "Proxy", "scenario", "proxy", text="A face-down inaptitude card.")


class SeatZone(Zone):
    """A hand, aptitude or inaptitude whose owner follows play: the state says which seat's
    cards the field holds now (``seats.py`` moves the characters' fields as turns pass)."""

    __slots__ = ()

    def slots(self, state: Any) -> list[tuple[list[int], int | None, str]]:
        return [(getattr(state, self.field), state.owner_of(self.field), self.pool)]


ONE_DECISION: Mapping[str, str] = {"rollout": "1"}  # solo and Standard: search_defaults_for


class SoloBoundFemale(Game):
    config: Config
    slug = "solo-bound-female"
    safety_limits = ("turn-limit",)  # the safety limit's outcome reason
    # A27's once-a-turn reading came after saves were written: theirs played it in each step
    legacy_config: ClassVar[Mapping[str, Any]] = {"coop_begin": "each"}
    endings: Mapping[str, str] = {
        "progress": N_("a scenario was completed"),
        "vitality": N_("a character's vitality ran out"),
        "deck-out": N_("a character's deck ran out"),
        "scenario-out": N_("the scenario deck ran out"),
        "both-lost": N_("both characters lost; the one who gained more progress won"),
        "turn-limit": N_("the safety limit on turns stopped the game (not a rule of the game)"),
    }
    title = N_("Solo Bound Female")
    summary = N_(
        "Solo, or two players in the basic, standard or cooperative mode: a character deck "
        "against a scenario deck; progress, visibility, stimulation."
    )
    min_players = 1  # the mode decides: solo is 1 player, every two-player mode 2
    mode_parameter = "mode"
    max_players = 2
    information = "imperfect"  # the decks' order, the hands
    utility = "solo"
    config_class = Config
    mode_classes: ClassVar[dict[str, type[State]]] = {}  # state.py: a State class per mode

    def __init__(self, config: Config) -> None:
        content = self.content = load_content(
            config.cards, config.deck_size, config.scenario_deck_size, config.max_copies
        )
        self.content_notice = content.notice or None
        mode = self.mode = config.mode
        # the mode decides the seats (an instance's range shadows the class's 1-2)
        # (instance values shadow the class's 1-2 and "solo": the CLI, the browser lobby's
        # rooms and the harness read them from the configured game)
        seats = 1 if mode == "solo" else 2
        utility = {"solo": "solo", "cooperative": "cooperative"}.get(mode, "constant-sum")
        self.__dict__.update(min_players=seats, max_players=seats, utility=utility)
        self.seat_names = self.name_seats()
        # two characters (Standard, Cooperative); two scenario cards (Standard, Cooperative)
        self.chars_n = 2 if mode in ("standard", "cooperative") else 1
        self.scens_n = 2 if mode in ("standard", "cooperative") else 1
        self.characters = (
            _pick(content.characters, config.character, "character", 0),
            _pick(content.characters, config.character2, "character", 1),
        )[: self.chars_n]
        self.scenarios = (
            _pick(content.scenarios, config.scenario, "scenario", 0),
            _pick(content.scenarios, config.scenario2, "scenario", 1),
        )[: self.scens_n]
        self.character, self.scenario = self.characters[0], self.scenarios[0]
        cdecks = [_deck(content.character_decks, config.character_deck, "character", 0)]
        cdecks.append(_deck(content.character_decks, config.character_deck2, "character", 1))
        sdecks = [_deck(content.scenario_decks, config.scenario_deck, "scenario", 0)]
        sdecks.append(_deck(content.scenario_decks, config.scenario_deck2, "scenario", 1))
        # every card of the file, one type index each: deck cards, characters, scenarios,
        # and the Cooperative proxy inaptitude card (SB-69)
        proxies = mode == "cooperative" and config.coop_inaptitude == "proxy"
        self.types: tuple[Card, ...] = (
            *content.cards,
            *content.characters,
            *content.scenarios,
            *((PROXY,) if proxies else ()),
        )
        index = {c.id: t for t, c in enumerate(self.types)}
        self.deck_cards = len(content.cards)
        # card instances: the character decks, the scenario decks (a second one in Standard;
        # Cooperative's proxies or second deck), the character cards, the scenario cards
        self.type_of: list[int] = []
        self.deck_ranges: dict[str, range] = {}
        for k in range(self.chars_n):
            start = len(self.type_of)
            self.type_of += [index[i] for i, n in cdecks[k].items() for _ in range(n)]
            self.deck_ranges[DECKS[0][k]] = range(start, len(self.type_of))
        self.chars = len(self.type_of)
        start = len(self.type_of)
        self.type_of += [index[i] for i, n in sdecks[0].items() for _ in range(n)]
        self.deck_ranges["scenario"] = range(start, len(self.type_of))
        if mode == "standard" or (mode == "cooperative" and not proxies):
            start = len(self.type_of)
            self.type_of += [index[i] for i, n in sdecks[1].items() for _ in range(n)]
            self.deck_ranges["scenario2"] = range(start, len(self.type_of))
        elif proxies:
            start = len(self.type_of)
            self.type_of += [index[PROXY.id]] * config.scenario_deck_size
            self.deck_ranges["proxies"] = range(start, len(self.type_of))
        self.scens = len(self.type_of) - self.chars
        self.char_cards = tuple(range(len(self.type_of), len(self.type_of) + self.chars_n))
        self.type_of += [index[c.id] for c in self.characters]
        self.scen_cards = tuple(range(len(self.type_of), len(self.type_of) + self.scens_n))
        self.type_of += [index[c.id] for c in self.scenarios]
        self.char_card, self.scen_card = self.char_cards[0], self.scen_cards[0]
        self.card_of: list[Card] = [self.types[t] for t in self.type_of]
        # each instance's name as narration shows it, made once (narration names cards often)
        self.card_names: tuple[Name, ...] = tuple(Name(c.name) for c in self.card_of)
        self.instances = len(self.type_of)
        self.card_of_ids = [c.id for c in self.card_of]
        self.deck_names = tuple(d for d in self.deck_ranges if d != "proxies")
        # per instance: 0 a character-side card, 1 a scenario-side one; and its board (the
        # character or scenario deck it belongs to: 0, or 1 for the second)
        self.side_of = [0 if i < self.chars else 1 for i in range(self.instances)]
        self.board_of = [0] * self.instances
        for name, span in self.deck_ranges.items():
            for i in span:
                self.board_of[i] = 1 if name in ("character2", "scenario2", "proxies") else 0
        for k, inst in enumerate(self.char_cards):
            self.side_of[inst], self.board_of[inst] = 0, k
        for k, inst in enumerate(self.scen_cards):
            self.side_of[inst], self.board_of[inst] = 1, k
        # the scenario cards each character plays against, and the progress she needs
        self.scen_cards_of: tuple[tuple[int, ...], ...]
        self.goals: tuple[int, ...]
        if mode == "cooperative":  # SB-70: both scenario cards, the sum of their progress
            both = sum(c.progress for c in self.scenarios)
            self.scen_cards_of = (self.scen_cards, self.scen_cards)
            self.goals = (both, both)
        else:
            self.scen_cards_of = tuple((c,) for c in self.scen_cards)
            self.goals = tuple(c.progress for c in self.scenarios)
        self.max_decisions = 400 * config.max_turns * self.chars_n
        # who plays what: the seat of each character, the seat running each scenario deck
        # (None: it reveals its top card by itself, as in solo)
        self.controller: tuple[int | None, ...] = (None,)
        if mode == "basic":
            self.controller = (1,)
        elif mode == "standard" and config.standard_scenarios == "opponent":
            self.controller = (1, 0)  # scenario deck k opposes character k: the other seat
        elif mode == "standard":
            self.controller = (None, None)
        self.controller_of_any = any(c is not None for c in self.controller)
        # every deck card (check_invariants), and the character and scenario cards
        self.deck_instances = list(range(self.chars + self.scens))
        self.fixed_cards = (*self.char_cards, *self.scen_cards)
        # per instance, what the view shows that never changes (view.py)
        self.faces = [_face(c) for c in self.card_of]
        self.items: dict[tuple[int, ...], dict[str, Any]] = {}  # view.py's built entries
        # per instance, what the option lists ask on every decision (the hot path)
        self.need = [c.cost + c.competence for c in self.card_of]
        self.is_bondage = [c.type == "bondage" for c in self.card_of]
        self.ability_cost = [c.ability.cost if c.ability else None for c in self.card_of]
        self.ability_trigger = [bool(c.ability and c.ability.trigger) for c in self.card_of]
        self.with_ability = frozenset(i for i, c in enumerate(self.ability_cost) if c is not None)
        self.is_supernatural = [c.type == "supernatural" for c in self.card_of]
        self.begins = [bool(c.when("begin")) for c in self.card_of]
        self.when_played = [c.when("played") for c in self.card_of]  # its effects' indices
        self.when_triggered = [c.when("triggered") for c in self.card_of]
        self.lasting = [any(e.when == "while" for e in c.effects) for c in self.card_of]
        self.forcing = [_lasting(c, "forced-orgasm") for c in self.card_of]  # SB-42
        self.denying = [_lasting(c, "orgasm-denial") for c in self.card_of]  # SB-42
        self.costs = [  # SB-6: what each card in play adds to a scenario card's cost
            tuple((e.of, e.amount) for e in c.effects if e.when == "while" and e.do == "cost")
            for c in self.card_of
        ]
        self.orgasmic = [bool(c.when("orgasm") or c.when("orgasm-passive")) for c in self.card_of]
        # each character's own character and scenario cards, and those of them whose ability
        # she may use (SB-18)
        self.fixed_of = tuple(
            (self.char_cards[k], *self.scen_cards_of[k]) for k in range(self.chars_n)
        )
        self.fixed_abilities = tuple(
            tuple(c for c in fixed if self.ability_cost[c] is not None) for fixed in self.fixed_of
        )
        # each mode plays on its own State subclass (state.py)
        self.__dict__["state_class"] = type(self).mode_classes.get(mode, type(self).state_class)
        super().__init__(config)
        # who sees each character's hand: the narration of a card drawn or found (the hand
        # lines of a narrated game), looked up here once
        self.hand_seers = tuple(self.zone("hand").seers(k, seats) for k in range(2))

    def search_defaults_for(self, players: int) -> Mapping[str, str]:
        """Solo: the search rolls out one decision, not six. A move then costs about half
        (ISMCTS at 1,000 iterations within 60 ms, issue 21) and the search still wins more
        often than the heuristic at 300 iterations: 82.5% (76.6-87.1%) of 200 games against
        its 78.5%, where six-decision rollouts win 93.0% (docs/search.md, "ISMCTS at 1,000
        iterations"). No rollout at all falls below the heuristic (73.5%).

        Standard: one decision, scored by an estimate that knows whose turn it is
        (``View.estimate``). A move then costs about 482 million instructions at 1,000
        iterations where two decisions took 529 million (59-60 ms idle, on the 60 ms line) and
        six 774 million, and at 300 iterations the search wins 67.5% (62.8-71.9%) of 400
        decided games against the heuristic, where two decisions won 68.2% (63.5-72.6%) on the
        same seeds and six with the old estimate 62.0% (57.2-66.6%) (docs/search.md, "Solo
        Bound Female Standard: one-decision rollouts with the turn-aware estimate").
        Basic and Cooperative keep six (not laddered)."""
        if self.mode in ("solo", "standard"):
            return ONE_DECISION
        return self.search_defaults

    def check_players(self, players: int | None) -> int:
        """Solo is one player; Basic, Standard and Cooperative are two (the mode decides)."""
        if players is None:
            return self.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(_("players must be an integer, not {value}", value=repr(players)))
        if players != self.min_players:
            raise ConfigError(
                n_(
                    "{game} mode={mode} is for {count} player, not {players} "
                    "(solo: 1; basic, standard, cooperative: 2)",
                    "{game} mode={mode} is for {count} players, not {players} "
                    "(solo: 1; basic, standard, cooperative: 2)",
                    self.min_players,
                    game=self.slug,
                    mode=self.mode,
                    players=players,
                )
            )
        return players

    # ------------------------------------------------------------------ action table
    def build_actions(self, table: ActionTable) -> None:
        types = self.types
        n = self.deck_cards

        def card(t: int) -> Name:
            return Name(types[t].name)

        def ids(t: int) -> tuple[str]:
            return (types[t].id,)

        table.block("end-step", 1, lambda _: msg("End the initial step"))
        table.block("end-turn", 1, lambda _: msg("End the turn"))
        table.block("play", n, lambda t: msg("Play {card}", card=card(t)), args=ids)
        table.block("aptitude", n, lambda t: msg("Play {card} as aptitude", card=card(t)), args=ids)
        table.block("trigger", n, lambda t: msg("Trigger {card}", card=card(t)), args=ids)
        table.block(
            "ability",
            len(types),
            lambda t: msg("Use {card}: {ability}", card=card(t), ability=_ability_words(types[t])),
            args=ids,
        )
        table.block("choose", len(types), lambda t: msg("Choose {card}", card=card(t)), args=ids)
        table.block("discard", n, lambda t: msg("Discard {card}", card=card(t)), args=ids)
        # two-player modes (after the solo blocks, so solo ids never move)
        table.block(
            "scenario-play",
            n,
            lambda t: msg("Play {card} from the scenario hand", card=card(t)),
            args=ids,
        )
        table.block(
            "scenario-place",
            n,
            lambda t: msg("Place {card} face down as inaptitude", card=card(t)),
            args=ids,
        )
        table.block("pass", 1, lambda _: msg("Pass to the other player"))
        table.block("done", 1, lambda _: msg("Done with the clean-up step"))
        self.base = {name: block.base for name, block in table.blocks.items()}
        # per instance, the id of each action that names its card type: the option lists
        # ask them on every decision (the hot path), an addition saved each time
        base, type_of = self.base, self.type_of
        self.play_id = [base["play"] + t for t in type_of]
        self.trigger_id = [base["trigger"] + t for t in type_of]
        self.aptitude_id = [base["aptitude"] + t for t in type_of]
        self.ability_id = [base["ability"] + t for t in type_of]

    # ------------------------------------------------------------------ seats and zones
    def role(self, seat: int) -> str:
        return self.who(seat).english()

    def who(self, seat: int) -> Message:
        """A seat as the table names it, in the reader's language (made once per seat:
        narration names the acting player in most of its lines)."""
        return self.seat_names[seat]

    def name_seats(self) -> tuple[Message, ...]:
        """Solo, the one player is "Player" whichever side acts."""
        if self.mode == "solo":
            return (msg("Player"), msg("Player"))
        if self.mode == "basic":
            return (msg("Character player"), msg("Scenario player"))
        return (msg("Player {number}", number=1), msg("Player {number}", number=2))

    def role_words(self, seat: int) -> str:
        return self.who(seat).text()

    def zones(self) -> tuple[Zone, ...]:
        """SB-47: decks face down, the hand private, aptitude and inaptitude face down
        (aptitude came from your own hand), every card in play and the discards face up.

        Two characters (Standard, Cooperative): the fields of the character whose turn it is
        and the other's (``_b``) trade places as play passes (``seats.py``), so their owner
        is worked out from the state (``SeatZone``). The scenario player's hand (Basic,
        Standard) is hers alone; A15: she sees her own inaptitude. Fixed per config: built
        once (tools that check hidden information ask for them at every decision)."""
        built = self.__dict__.get("zone_list")
        if built is not None:
            return built  # type: ignore[no-any-return]
        inapt = (
            OWNER
            if self.controller_of_any and self.config.scenario_inaptitude == "seen"
            else NOBODY
        )
        zones = [*_side_zones("", inapt), Zone("pending", EVERYONE, ordered=True, pool="in-play")]
        zones += _side_zones("_b", inapt)  # Standard's second character and scenario
        # SB-66: identical proxy cards hide nothing (a second scenario deck does)
        zones.append(
            Zone("proxies", EVERYONE if self.config.coop_inaptitude == "proxy" else NOBODY)
        )
        return tuple(zones)

    def pool_card_ids(self, pool: str) -> list[str | None] | None:
        """Each pool's card instances (``_b``: the same pools, the other character's side):
        the character decks' for ``character``, the scenario decks' (and proxies') for
        ``scenario`` and ``inaptitude``, every deck's for the cards in play, and with the
        character and scenario cards for ``every-card``; None at the other numbers. The
        proxies are alike: counted by their number only."""
        base = pool.removesuffix("_b")
        if base == "character":
            numbers = range(self.chars)
        elif base in ("scenario", "inaptitude"):
            numbers = range(self.chars, self.chars + self.scens)
        elif base == "in-play":
            numbers = range(self.chars + self.scens)
        elif base == "every-card":  # the character and scenario cards too (PER_CARD)
            numbers = range(len(self.type_of))
        else:
            return None
        ids: list[str | None] = [None] * len(self.type_of)
        for i in numbers:
            ids[i] = self.card_of[i].id
        return ids

    def card_catalog(self) -> dict[str, str]:
        """The cards of the decks in play, character decks first, then scenario decks."""
        names: dict[str, str] = {}
        for instances in self.deck_ranges.values():
            for inst in instances:
                card = self.card_of[inst]
                if card is not PROXY:
                    names.setdefault(card.id, card.name)
        return names

    def card_ids(self, deck: str) -> list[str]:
        """Stable card id of every instance that starts in ``deck``."""
        if deck not in self.deck_ranges:
            raise KeyError(deck)
        return [self.card_of[i].id for i in self.deck_ranges[deck]]

    @classmethod
    def frontend(cls) -> Frontend:
        from rulebook.games.solo_bound_female import table
        from rulebook.games.solo_bound_female.agents import HeuristicAgent

        def summary(game: Any, view: dict[str, Any]) -> Any:
            return table.render_summary(game, view)

        return Frontend(
            render=table.render,
            summary=summary,
            compact=table.compact,
            card_texts=table.card_texts,
            agents={"heuristic": HeuristicAgent},
            words=table.view_words,
        )


def _lasting(card: Card, do: str) -> int:
    """How many of ``card``'s lasting (while-in-play) effects are ``do``."""
    return sum(1 for e in card.effects if e.when == "while" and e.do == do)


def _face(card: Card) -> dict[str, Any]:
    """The printed part of a card in play as the view shows it."""
    data: dict[str, Any] = {
        "id": card.id,
        "name": card.name,
        "type": f"{card.type} ({card.mode})" if card.mode else card.type,
    }
    if card.type == "person":
        data["visibility"] = card.visibility
    if card.text:
        data["text"] = card.text
    return data


def _ability_words(card: Card) -> Message | Name:
    """An ability's text (the card file's words) and what using it costs."""
    a = card.ability
    said: Message | Name = msg("ability") if a is None or not a.text else Name(a.text)
    if a is None:
        return said
    if a.cost and a.trigger:
        return msg("{ability} (pay {cost} and trigger it)", ability=said, cost=a.cost)
    if a.cost:
        return msg("{ability} (pay {cost})", ability=said, cost=a.cost)
    if a.trigger:
        return msg("{ability} (trigger it)", ability=said)
    return said


def _pick(cards: tuple[Card, ...], wanted: str, what: str, nth: int) -> Card:
    if not wanted:
        return cards[min(nth, len(cards) - 1)]
    for card in cards:
        if card.id == wanted:
            return card
    raise ContentError(f"no {what} card '{wanted}' (known: {', '.join(c.id for c in cards)})")


def _deck(decks: dict[str, dict[str, int]], wanted: str, what: str, nth: int) -> dict[str, int]:
    if not wanted:
        lists = list(decks.values())
        return lists[min(nth, len(lists) - 1)]
    if wanted not in decks:
        raise ContentError(f"no {what} deck '{wanted}' (known: {', '.join(decks)})")
    return decks[wanted]


def _side_zones(suffix: str, inapt: str) -> list[Zone]:
    """One side's zones (fields and pools end in ``suffix``: "" or Standard's "_b")."""
    return [
        SeatZone(f"deck{suffix}", NOBODY, pool=f"character{suffix}"),
        SeatZone(f"hand{suffix}", OWNER, pool=f"character{suffix}"),
        SeatZone(f"aptitude{suffix}", OWNER, pool=f"character{suffix}"),
        Zone(f"cdiscard{suffix}", EVERYONE, ordered=True, pool=f"character{suffix}"),
        Zone(f"sdeck{suffix}", NOBODY, pool=f"scenario{suffix}"),
        SeatZone(f"shand{suffix}", OWNER, pool=f"scenario{suffix}"),
        SeatZone(f"inaptitude{suffix}", inapt, pool=f"inaptitude{suffix}"),
        Zone(f"sdiscard{suffix}", EVERYONE, ordered=True, pool=f"scenario{suffix}"),
        Zone(f"cplay{suffix}", EVERYONE, ordered=True, pool="in-play"),
        Zone(f"splay{suffix}", EVERYONE, ordered=True, pool="in-play"),
    ]
