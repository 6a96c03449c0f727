"""Solo Bound Female's rule parameters: the rulebook's numbers and a switch for every reading in
the ambiguity register (``docs/rules/solo-bound-female.md``: SB-n rules, A-n readings)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rulebook.engine.game import param
from rulebook.i18n import _


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
    hand_size: int = param(6, "SB-4/SB-27: cards drawn at setup and the hand limit")
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
    orgasm_progress: Literal["lost", "kept"] = param(
        "lost",
        "A26: a bondage trigger that brings an orgasm gains no progress, or still gains it "
        "(only the visibility is skipped)",
    )
    max_turns: int = param(200, "A13: safety turn limit (a loss)")
    mode: Literal["solo", "basic", "standard", "cooperative"] = param(
        "solo",
        "SB-57..SB-75: solo (1 player), or a two-player game: basic (the second player runs "
        "the scenario deck), standard (two characters, each against the other's scenario "
        "deck) or cooperative (two characters against one scenario deck)",
    )
    character2: str = param("", "SB-61/SB-65: the second character (default: the file's second)")
    scenario2: str = param("", "SB-61/SB-65: the second scenario card (default: the second)")
    character_deck2: str = param("", "SB-61/SB-65: the second character deck (default: second)")
    scenario_deck2: str = param("", "SB-61/SB-65: the second scenario deck (default: the second)")
    scenario_choices: Literal["controller", "character"] = param(
        "controller",
        "A14: a scenario card's 'of your choice' is chosen by the scenario deck's player, or "
        "by the character player",
    )
    scenario_inaptitude: Literal["seen", "hidden"] = param(
        "seen",
        "A15: the scenario player may look at her own face-down inaptitude cards, or not",
    )
    standard_scenarios: Literal["opponent", "automatic"] = param(
        "opponent",
        "A16: in Standard each scenario deck is run by the opposing player (one-card hand), "
        "or reveals its top card as in solo",
    )
    standard_loss: Literal["plays-on", "ends"] = param(
        "plays-on",
        "A17: in Standard a player who loses drops out and the other plays on, or the other "
        "wins at once",
    )
    basic_scenario_out: Literal["scenario-player", "character-player"] = param(
        "scenario-player",
        "A25: in Basic the scenario deck running out is the character's loss (the scenario "
        "player wins), or the scenario player's (the character player wins)",
    )
    coop_step_end: Literal["both-clear", "either"] = param(
        "both-clear",
        "A23: the Cooperative initial step may be ended once neither player has a reset "
        "bondage card, or by either player with none of her own (ending it for both)",
    )
    coop_begin: Literal["once", "each"] = param(
        "once",
        "A27: a Cooperative scenario card's begin-step effect on what the players share "
        "(visibility, progress...) and a supernatural card's begin-step count happen once a "
        "turn, or in each player's begin step",
    )
    coop_inaptitude: Literal["proxy", "second-deck"] = param(
        "proxy", "A20: Cooperative inaptitude comes from 25 proxy cards, or a second scenario deck"
    )
    coop_unpaid: Literal["discard", "inaptitude"] = param(
        "discard",
        "A21: a Cooperative scenario card that cannot be paid is discarded, or becomes "
        "inaptitude as in solo",
    )
    coop_start: Literal["one-each", "first-player"] = param(
        "one-each",
        "A22: each Cooperative scenario card's START effect applies to one player: the first's "
        "to player 1 and the second's to player 2, or both to player 1",
    )

    def __post_init__(self) -> None:
        for name in ("deck_size", "scenario_deck_size", "max_copies", "hand_size", "max_turns"):
            if getattr(self, name) < 1:
                raise ValueError(_("{name} must be at least 1", name=name))
