"""The shared conformance harness over SWING! (every check at every decision).

Budget: the harness looks at every seat at every decision, so a 6-player game on the rulebook's
24-point meters costs it about 4 s here (2 players: 0.4 s). CI plays the rulebook's rules at
2, 3 and 6 players, and many more short games (6-point meters: every rule still happens, and
orgasms, Hosts leaving the Room and the Round's end come often) — far fewer than the issue's
500 a player count, which would take about 40 CPU-minutes (see docs/rules/swing.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import rulebook
from rulebook.engine.conformance import check
from rulebook.games.swing.cards import DEFAULT_CARDS


@pytest.mark.parametrize(
    ("players", "games", "chunk"),
    [(2, 10, 0), (2, 10, 1), (3, 5, 0), (3, 5, 1), (6, 1, 0), (6, 1, 1)],
)
def test_conformance_rulebook_meters(players: int, games: int, chunk: int) -> None:
    report = check(rulebook.load("swing"), games=games, seed=900 + chunk, players=players)
    assert report.games == games and report.player_counts == (players,)
    assert report.redeterminize_changed > 0 and report.after_action_checks > 0
    assert report.continued > 0  # restored saves and clones played on beside the game


@pytest.mark.parametrize("chunk", range(3))
@pytest.mark.parametrize(("players", "games"), [(2, 20), (3, 13), (6, 3)])
def test_conformance_short_meters(players: int, games: int, chunk: int) -> None:
    """6-point Pleasure Meters: short games, so many more of them (every player count)."""
    game = rulebook.load("swing", pleasure_meter=6)
    report = check(game, games=games, seed=1000 * players + chunk, players=players)
    assert report.games == games and report.stacked_games == games // 5


def test_conformance_every_player_count() -> None:
    report = check(rulebook.load("swing", pleasure_meter=4), games=2, seed=5)
    assert report.player_counts == (2, 3, 4, 5, 6)


@pytest.mark.parametrize(
    "config",
    [
        {"first_top": "first-seat", "top_draw": "one", "untag": "top", "blockers": "guests"},
        {"untag_from": "second-turn", "respond_needs_surprise": True, "blockers": "any"},
        {"laundry_cost": "one", "aftercare_mix": False, "winner": "host", "block": "required"},
        {"ending": "at-once", "removed_host": "stays", "max_rounds": 3, "win_by": "any"},
        {"removed_host": "stays", "max_rounds": 2, "decks": ("garden-party",)},
        {"untag": "all", "pay": "smallest-cover", "reintroduce": True, "out_step": "asked"},
        {"foreplay_needs_surprise": False, "seduce_guest": "higher", "reintroduce": True},
        {"blockers_per_seducer": "several", "wear_lasts": "room", "seduce_guest": "higher"},
        {"pay": "choose", "laundry_cost": "one", "untag_from": "second-turn"},
    ],
    ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()),
)
def test_conformance_under_every_switch(config: dict[str, object]) -> None:
    game = rulebook.load("swing", pleasure_meter=6, **config)
    report = check(game, games=6, seed=7, players=3)
    assert report.games == 6


def test_conformance_with_free_cards(tmp_path: Path) -> None:
    """A26: free #Surprise Guests and a free Move: Bottoms whose decks hold them are asked
    in the Seduction Phase with no Inspiration (whether they hold one is hidden)."""
    text = DEFAULT_CARDS.read_text()
    for card in ("shy-neighbour", "sweet-whisper", "slow-dance"):
        at = text.index(f'id = "{card}"')
        cost = text.index("cost = ", at)
        text = text[:cost] + "cost = 0" + text[text.index("\n", cost) :]
    cards = tmp_path / "free.toml"
    cards.write_text(text)
    game = rulebook.load("swing", cards=str(cards), pleasure_meter=6)
    report = check(game, games=6, seed=11, players=3)
    assert report.games == 6
