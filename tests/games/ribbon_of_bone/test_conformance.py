"""The shared conformance harness over Ribbon of Bone and every rule switch."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.engine.conformance import check


@pytest.mark.parametrize("chunk", range(3))
def test_conformance_seeded_games(chunk: int) -> None:
    """300 seeded games in three chunks of 100 (so the suite can spread them over cores);
    `make conformance` plays 500."""
    report = check(rulebook.load("ribbon-of-bone"), games=100, seed=2026 + chunk)
    assert report.games == 100 and report.stacked_games == 20 and report.longest < 5000
    assert report.player_counts == (1,) and report.redeterminize_changed > 0
    assert report.continued > 0  # restored saves and clones played on beside the game


@pytest.mark.parametrize(
    "config",
    [
        {"unleashed": True, "imprisoned": ("orias", "amon", "phenex")},
        {"court_start": "ability", "attunement_reading": "projection"},
        {"binds_per_turn": "one", "capture_is_victory": False},
        {"wrath_health": "keep", "lost_opponent": "discard", "simultaneous_ko": "victory"},
        {"v_resets_sheet": False, "memory_tokens": 0},
        {"memory_tokens": 3, "forced_encounter_tokens": 2, "max_turns": 40},
        {"memory_tokens": 2, "notebook_reaction": "free"},
        {"party_size": 2, "identity_align_binds": 3, "unleashed": True},
        {"stillness_move": "any", "negative_attunement": "attack", "party_size": 4},
        {"court_memories": "every", "death_memories": "before", "unleashed": True},
        {"rogue_combine": "own", "rogue_attunes": "each", "unleashed": True},
    ],
    ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()),
)
def test_conformance_under_every_switch(config: dict[str, object]) -> None:
    report = check(rulebook.load("ribbon-of-bone", **config), games=40, seed=7)
    assert report.games == 40
