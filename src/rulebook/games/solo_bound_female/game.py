"""Solo Bound Female as a configured game: rule parameters, card content, action table, zones.

Rule ids (SB-n) and readings (A-n) refer to ``docs/rules/solo-bound-female.md``. Card
*instances* are numbered: the character deck's cards first, then the scenario deck's, then
the character card and the scenario card (they too can be triggered or carry effects). Actions
name card *types* (identical copies are interchangeable; ``playing.py`` says which copy).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from rulebook.engine.actions import ActionTable
from rulebook.engine.errors import ContentError
from rulebook.engine.frontend import Frontend
from rulebook.engine.game import Game, param
from rulebook.engine.zones import EVERYONE, NOBODY, OWNER, Zone
from rulebook.games.solo_bound_female.cards import Card, load_content

PLAYER = 0


@dataclass(frozen=True)
class Config:
    """Rule parameters (rulebook defaults) and a switch for every reading in the register."""

    cards: str | None = param(None, "a designer's card file (TOML)")
    character: str = param("", "SB-1: the character card's id (default: the file's first)")
    scenario: str = param("", "SB-1: the scenario card's id (default: the file's first)")
    character_deck: str = param("", "SB-1: the character deck list (default: the first)")
    scenario_deck: str = param("", "SB-1: the scenario deck list (default: the first)")
    deck_size: int = param(40, "SB-1: cards in a character deck")
    scenario_deck_size: int = param(25, "SB-1: cards in a scenario deck")
    max_copies: int = param(3, "SB-1: copies of one card a deck may hold")
    hand_size: int = param(6, "SB-3/SB-26: cards drawn at setup and the hand limit")
    above_ten: Literal["over-ten", "at-ten"] = param(
        "over-ten", "A1: 'above ten' means past ten, or reaching ten"
    )
    person_check: Literal["every-change", "rulebook-events"] = param(
        "every-change",
        "A2: person cards are checked after every visibility change, or only after a "
        "visibility cost and a bondage trigger",
    )
    denial_loss: Literal["point", "card"] = param(
        "point", "A3: a denied orgasm costs a point of progress, or only the card's progress"
    )
    denial_persists: bool = param(
        True, "A4: a denied character stays denied until stimulation exceeds by two or more"
    )
    denied_on_orgasm: bool = param(False, "A5: On Orgasm effects also happen on a denied orgasm")
    orgasm_order: Literal["play-order", "newest-first"] = param(
        "play-order", "A6: the order of On Orgasm effects ('in any order')"
    )
    ignore_ends: Literal["reset", "leaves-play"] = param(
        "reset", "A7: an ignored card is back when it resets, or only when it leaves play"
    )
    ignored_duration: Literal["runs", "paused"] = param(
        "runs", "A8: an ignored card loses duration as normal, or its clock stops"
    )
    unused_bondage: Literal["stays", "discard"] = param(
        "stays",
        "A9: a bondage card played in the initial step and never triggered (a person card "
        "ended the step) stays in play, or is discarded at the end of the turn",
    )
    tie_order: Literal["play-order", "newest-first"] = param(
        "play-order", "A10: the order of tied person cards' Once-triggered effects"
    )
    deck_out: Literal["on-draw", "when-empty"] = param(
        "on-draw", "A11: you lose drawing from an empty deck, or the moment a deck is empty"
    )
    competence_from_hand: bool = param(
        False, "A12: a Competence card discarded from the hand also becomes aptitude"
    )
    max_turns: int = param(200, "A13: safety turn limit (a loss)")

    def __post_init__(self) -> None:
        for name in ("deck_size", "scenario_deck_size", "max_copies", "hand_size", "max_turns"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")


class SoloBoundFemale(Game):
    config: Config
    slug = "solo-bound-female"
    title = "Solo Bound Female"
    summary = "Solo: a character deck against a scenario deck; progress, visibility, stimulation."
    min_players = 1
    max_players = 1
    information = "imperfect"  # the decks' order
    utility = "solo"
    config_class = Config
    deck_names = ("character", "scenario")

    def __init__(self, config: Config) -> None:
        content = self.content = load_content(
            config.cards, config.deck_size, config.scenario_deck_size, config.max_copies
        )
        self.content_notice = content.notice or None
        self.character = _pick(content.characters, config.character, "character")
        self.scenario = _pick(content.scenarios, config.scenario, "scenario")
        cdeck = _deck(content.character_decks, config.character_deck, "character")
        sdeck = _deck(content.scenario_decks, config.scenario_deck, "scenario")
        # every card of the file, one type index each: deck cards, characters, scenarios
        self.types: tuple[Card, ...] = (*content.cards, *content.characters, *content.scenarios)
        index = {c.id: t for t, c in enumerate(self.types)}
        self.deck_cards = len(content.cards)
        self.type_of: list[int] = [index[i] for i, n in cdeck.items() for _ in range(n)]
        self.chars = len(self.type_of)
        self.type_of += [index[i] for i, n in sdeck.items() for _ in range(n)]
        self.scens = len(self.type_of) - self.chars
        self.char_card = len(self.type_of)
        self.type_of.append(index[self.character.id])
        self.scen_card = len(self.type_of)
        self.type_of.append(index[self.scenario.id])
        self.card_of: list[Card] = [self.types[t] for t in self.type_of]
        self.instances = len(self.type_of)
        self.card_of_ids = [c.id for c in self.card_of]
        self.max_decisions = 400 * config.max_turns
        super().__init__(config)

    # ------------------------------------------------------------------ action table
    def build_actions(self, table: ActionTable) -> None:
        types = self.types
        n = self.deck_cards
        table.block("end-step", 1, lambda _: "End the initial step")
        table.block("end-turn", 1, lambda _: "End the turn")
        table.block("play", n, lambda t: f"Play {types[t].name}", args=lambda t: (types[t].id,))
        table.block(
            "aptitude",
            n,
            lambda t: f"Play {types[t].name} as aptitude",
            args=lambda t: (types[t].id,),
        )
        table.block(
            "trigger", n, lambda t: f"Trigger {types[t].name}", args=lambda t: (types[t].id,)
        )
        table.block(
            "ability",
            len(types),
            lambda t: f"Use {types[t].name}: {_ability_words(types[t])}",
            args=lambda t: (types[t].id,),
        )
        table.block(
            "choose", len(types), lambda t: f"Choose {types[t].name}", args=lambda t: (types[t].id,)
        )
        table.block(
            "discard", n, lambda t: f"Discard {types[t].name}", args=lambda t: (types[t].id,)
        )
        self.base = {name: block.base for name, block in table.blocks.items()}

    # ------------------------------------------------------------------ seats and zones
    def role(self, seat: int) -> str:
        return "Player"

    def zones(self) -> tuple[Zone, ...]:
        """SB-49/50: decks face down, the hand private, aptitude and inaptitude face down
        (aptitude came from your own hand), every card in play and the discards face up."""
        return (
            Zone("deck", NOBODY, pool="character"),
            Zone("hand", OWNER, owner=PLAYER, pool="character"),
            Zone("aptitude", OWNER, owner=PLAYER, pool="character"),
            Zone("cdiscard", EVERYONE, ordered=True, pool="character"),
            Zone("sdeck", NOBODY, pool="scenario"),
            Zone("inaptitude", NOBODY, pool="inaptitude"),
            Zone("sdiscard", EVERYONE, ordered=True, pool="scenario"),
            Zone("cplay", EVERYONE, ordered=True, pool="in-play"),
            Zone("splay", EVERYONE, ordered=True, pool="in-play"),
            Zone("pending", EVERYONE, ordered=True, pool="in-play"),
        )

    def card_ids(self, deck: str) -> list[str]:
        """Stable card id of every instance that starts in ``deck``."""
        if deck == "character":
            return [self.card_of[i].id for i in range(self.chars)]
        if deck == "scenario":
            return [self.card_of[i].id for i in range(self.chars, self.chars + self.scens)]
        raise KeyError(deck)

    @classmethod
    def frontend(cls) -> Frontend:
        from rulebook.games.solo_bound_female import table
        from rulebook.games.solo_bound_female.agents import HeuristicAgent

        def summary(game: Any, view: dict[str, Any]) -> Any:
            return table.render_summary(game, view)

        return Frontend(render=table.render, summary=summary, agents={"heuristic": HeuristicAgent})


def _ability_words(card: Card) -> str:
    if card.ability is None:
        return "ability"
    a = card.ability
    cost = f"pay {a.cost}" if a.cost else ""
    trig = "trigger it" if a.trigger else ""
    paid = " and ".join(p for p in (cost, trig) if p)
    return f"{a.text or 'ability'} ({paid})" if paid else (a.text or "ability")


def _pick(cards: tuple[Card, ...], wanted: str, what: str) -> Card:
    if not wanted:
        return cards[0]
    for card in cards:
        if card.id == wanted:
            return card
    raise ContentError(f"no {what} card '{wanted}' (known: {', '.join(c.id for c in cards)})")


def _deck(decks: dict[str, dict[str, int]], wanted: str, what: str) -> dict[str, int]:
    if not wanted:
        return next(iter(decks.values()))
    if wanted not in decks:
        raise ContentError(f"no {what} deck '{wanted}' (known: {', '.join(decks)})")
    return decks[wanted]
