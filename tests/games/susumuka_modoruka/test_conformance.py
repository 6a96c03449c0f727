"""The shared conformance harness over Susumuka & Modoruka: 2, 4 and 6 players, whole games
and short ones, and every rule switch. The harness costs ~1 ms (2 players) to ~2 ms (6 players)
a decision and a whole game runs 80-250 decisions, so CI plays a share of the 500 seeded games
per player count that were checked once in full (see docs/rules/susumuka-modoruka.md)."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.engine.conformance import check


@pytest.mark.parametrize("chunk", range(2))
@pytest.mark.parametrize("players", [2, 4, 6])
def test_conformance_whole_games(players: int, chunk: int) -> None:
    """SM-1..SM-34: whole 20-turn games, seeded, a fifth from stacked decks."""
    report = check(rulebook.load("susumuka-modoruka"), games=10, seed=1010 + chunk, players=players)
    assert report.games == 10 and report.player_counts == (players,)
    assert report.redeterminize_changed > 0 and report.after_action_checks > 0
    assert report.continued > 0  # restored saves and clones played on beside the game


@pytest.mark.parametrize("players", [2, 4, 6])
def test_conformance_short_games(players: int) -> None:
    """Many more seeds over the first three turns, where setup and stacks matter most."""
    report = check(rulebook.load("susumuka-modoruka", turns=3), games=60, seed=20, players=players)
    assert report.games == 60 and report.stacked_games == 12


@pytest.mark.parametrize(
    "config",
    [
        {"turn_counts": "move", "turns": 30},
        {"first_player": "choose", "hand_battle_discards": "if-any"},
        {"hand_battle": "blind", "hand_battle_discards": "if-any", "skill_budget": "per-visit"},
        {"declare_on_entry": False, "flag_at": "deepest"},
        {"flag_at": "game-deepest", "skill_budget": "per-visit", "hp": 10},
        {"escape_items": "each", "death_keeps_trophy": False, "hp": 8},
        {"score_by": "trophy-or-flag", "ties": "hp"},
        {"score_by": "deepest", "turns": 10},
    ],
    ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()),
)
def test_conformance_under_every_switch(config: dict[str, object]) -> None:
    report = check(rulebook.load("susumuka-modoruka", **config), games=6, seed=7, players=3)
    assert report.games == 6
