"""The shared conformance harness over Ribbon of Bone and every rule switch."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.engine.conformance import check


def test_conformance_500_seeded_games() -> None:
    report = check(rulebook.load("ribbon-of-bone"), games=500, seed=2026)
    assert report.games == 500 and report.stacked_games == 100 and report.longest < 5000


@pytest.mark.parametrize(
    "config",
    [
        {"unleashed": True, "imprisoned": ("orias", "amon", "phenex")},
        {"court_start": "ability", "attunement_reading": "projection"},
        {"binds_per_turn": "one", "capture_is_victory": False},
        {"wrath_health": "keep", "lost_opponent": "discard", "simultaneous_ko": "victory"},
        {"v_resets_sheet": False, "memory_tokens": 0},
        {"memory_tokens": 3, "forced_encounter_tokens": 2, "max_turns": 40},
        {"party_size": 2, "identity_align_binds": 3, "unleashed": True},
        {"stillness_move": "any", "negative_attunement": "attack", "party_size": 4},
    ],
    ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()),
)
def test_conformance_under_every_switch(config: dict[str, object]) -> None:
    report = check(rulebook.load("ribbon-of-bone", **config), games=40, seed=7)
    assert report.games == 40
