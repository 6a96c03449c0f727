"""The shared conformance harness over Solo Bound Female, both reference decks and the switches."""

from __future__ import annotations

import pytest

from rulebook.engine.conformance import check
from tests.games.solo_bound_female.helpers import game


@pytest.mark.parametrize("chunk", range(5))
def test_conformance_500_seeded_games(chunk: int) -> None:
    """500 seeded games in five chunks of 100 on the reference content."""
    import rulebook

    report = check(rulebook.load("solo-bound-female"), games=100, seed=4040 + chunk)
    assert report.games == 100 and report.stacked_games == 20
    assert report.player_counts == (1,) and report.redeterminize_changed > 0


@pytest.mark.parametrize(
    "config",
    [
        {"above_ten": "at-ten", "person_check": "rulebook-events", "denial_loss": "card"},
        {"denial_persists": False, "denied_on_orgasm": True, "orgasm_order": "newest-first"},
        {"ignore_ends": "leaves-play", "ignored_duration": "paused", "tie_order": "newest-first"},
        {"unused_bondage": "discard", "deck_out": "when-empty", "competence_from_hand": True},
        {
            "character": "the-daydreamer",
            "scenario": "the-old-manor",
            "character_deck": "daydreamer-kit",
            "scenario_deck": "manor-haunts",
        },
    ],
    ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()),
)
def test_conformance_under_every_switch(config: dict[str, object]) -> None:
    import rulebook

    report = check(rulebook.load("solo-bound-female", **config), games=40, seed=7)
    assert report.games == 40


def test_conformance_on_the_test_cards() -> None:
    """The one-rule test cards reach every keyword far more often than the reference deck."""
    report = check(game(), games=60, seed=11)
    assert report.games == 60
