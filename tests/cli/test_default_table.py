"""The default terminal table (issue 24): a game with no terminal code is drawn from its view,
declared zones and browser layout, one line a part, within 80×24: the status, the seat's own
hand, the public parts and the other seats, never the raw view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from rulebook.cli.autotable import Words, default_table
from rulebook.engine.game import Game, load
from tests.cli.helpers import run, script_input
from tests.engine.toy import Toy

GAMES = ("the-game", "ribbon-of-bone", "solo-bound-female", "swing", "susumuka-modoruka")


def lines_of(game: Game, view: dict[str, Any]) -> list[str]:
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(default_table(game, view))
    return console.export_text().splitlines()


def test_the_toy_table_puts_the_status_and_own_hand_first_and_hides_the_rest() -> None:
    game = Toy.from_options()
    state = game.new_state(seed=1, stack={"deck": ["c3", "c7", "c1", "c8"]})
    lines = lines_of(game, state.view(0))
    assert lines[0] == "Player 1: Draw or play"
    assert lines[1] == "Your hand: 1, 3"  # c3 and c1 are ranks 3 and 1
    assert "Player 2's hand: 2 cards, face down" in lines
    assert "Deck: 8" in lines and "Table: none" in lines
    assert not any("{" in line for line in lines)
    spectator = lines_of(game, state.view(None))
    assert not any(line.startswith("Your hand") for line in spectator)
    assert "Player 1's hand: 2 cards, face down" in spectator


def test_the_end_shows_how_it_ended_and_the_points() -> None:
    game = Toy.from_options(points="general")
    state = game.new_state(seed=2)
    while not state.is_over():
        state.apply(state.legal_ids()[0])
    first = lines_of(game, state.view(None))[0]
    outcome = state.outcome()
    assert outcome is not None and outcome.points is not None
    assert first.startswith(outcome.describe(game.role))
    assert first.endswith(f"(points: {outcome.points[0]:g}, {outcome.points[1]:g})")


def test_a_decision_screen_fits_80_by_24_without_the_raw_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    script_input(monkeypatch, [])
    args = ["play", "toy", "--seat", "human", "--seat", "random", "--seed", "1"]
    _, out, err = run(*args)
    screen = out.split("choose 1-")[0].splitlines()
    assert len(screen) <= 23 and all(len(line) <= 80 for line in screen), out + err
    assert screen[0] == "Player 1: Draw or play" and screen[1].startswith("Your hand: ")
    assert "{'game'" not in out


def test_replay_draws_the_table_for_a_game_without_a_render(tmp_path: Path) -> None:
    save = tmp_path / "toy.json"
    args = ["play", "toy", "--seat", "random", "--seat", "random", "--seed", "1"]
    assert run(*args, "--save", str(save), "--pace", "0")[0] == 0
    code, out, err = run("replay", str(save), "--no-step")
    assert code == 0, err
    assert "{" not in out and "Player 1's hand: " in out


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_can_be_drawn_by_the_default_table_within_80_columns(slug: str) -> None:
    game = load(slug)
    state = game.new_state(seed=3, players=game.min_players)
    for _ in range(30):
        if state.is_over():
            break
        lines = lines_of(game, state.view(state.to_move))
        assert lines and all(len(line) <= 80 for line in lines)
        state.apply(state.legal_ids()[0])


def test_a_fact_keyed_by_seat_reads_apart_when_each_holds_a_list() -> None:
    words = Words({})
    assert words.value({"Player 1": [2, 3], "Player 2": [1]}) == "Player 1 2, 3; Player 2 1"
    assert words.value({"Player 1": 4, "Player 2": 5}) == "Player 1 4, Player 2 5"
