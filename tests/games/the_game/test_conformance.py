"""The shared conformance harness over The GAME, its theme and every rule switch."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.engine.conformance import check


@pytest.mark.parametrize("chunk", range(3))
def test_conformance_seeded_games(chunk: int) -> None:
    """300 seeded games in three chunks of 100 (so the suite can spread them over cores);
    `make conformance` plays 500."""
    report = check(rulebook.load("the-game"), games=100, seed=2026 + chunk)
    assert report.games == 100 and report.stacked_games == 20 and report.player_counts == (2,)
    assert report.longest < 5000 and report.redeterminize_changed > 0
    assert report.after_action_checks > 0 and report.continued > 0


@pytest.mark.parametrize(
    "config",
    [
        {"theme": "fantasy"},
        {"player2_reward": "pleasure-card", "player2_set_destination": "discard"},
        {"draw_before_action": True},
        {"special_replaces_discard": True},
        {"special_replaces_discard": True, "enforce_hand_limit": False},
        {"discard_specials": False, "asked_player_chooses": False},
        {"spend_points_anytime": True, "pleasures_public": True},
        {"effects_on_draw": True},
        {"effects_on_draw": True, "player2_reward": "pleasure-card"},
        {"used_pleasures_count": True, "stop_game_winner": "player2"},
        {"max_turns": 12, "punishments_to_win": 2, "pleasures_to_win": 2},
        {"without": ("stop-game", "steal-card", "light")},
    ],
    ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()),
)
def test_conformance_under_every_switch(config: dict[str, object]) -> None:
    report = check(rulebook.load("the-game", **config), games=40, seed=7)
    assert report.games == 40
