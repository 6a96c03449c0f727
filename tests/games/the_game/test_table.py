"""The GAME's terminal table at 80 columns: a header that reads line by line, in the theme's
words, with no internal decision tags."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import rulebook
from rulebook.engine.random import Rng


def rendered(game: rulebook.Game, state: rulebook.State, width: int = 80) -> list[str]:
    console = Console(width=width, file=io.StringIO(), record=True)
    seat = state.to_move
    console.print(type(game).frontend().render(game, state.view(seat)))
    return console.export_text().splitlines()


def states_along_a_game(game: rulebook.Game, seed: int) -> list[rulebook.State]:
    state, rng, seen = game.new_state(seed=seed), Rng(seed), []
    while not state.is_over():
        seen.append(state.clone())
        legal = state.legal_ids()
        state.apply(legal[rng.below(len(legal))], narrate=False)
    return seen


@pytest.mark.parametrize("theme", ["classic", "fantasy"])
def test_the_header_fits_80_columns_one_fact_per_line(theme: str) -> None:
    game = rulebook.load("the-game", theme=theme)
    labels = game.labels
    for seed in range(3):
        for state in states_along_a_game(game, seed)[::7]:
            lines = rendered(game, state)
            turn, p1, p2, decks, pleasures = lines[:5]
            assert turn.startswith(f"Turn {state.view(None)['turn']} · ")
            assert "(" not in turn  # no tags like "(spend)"; the prompt in words instead
            assert p1.startswith(labels["player1"] + ": ") and p1.endswith("in hand")
            assert p2.startswith(labels["player2"] + ": ") and p2.endswith("in hand")
            assert decks.startswith("Decks: ") and labels["pleasure_deck"] in decks
            assert pleasures.startswith(f"{labels['player2']}'s ")


def test_the_prompt_of_spending_names_the_theme_points() -> None:
    for theme, points in (("classic", "points"), ("fantasy", "mana")):
        game = rulebook.load("the-game", theme=theme)
        for state in states_along_a_game(game, 5):
            view = state.view(state.to_move)
            if view["decision"]["kind"] == "spend":
                assert rendered(game, state)[0].endswith(f": Spend {points}, or be done")
                break
        else:
            raise AssertionError("no spending decision in the game")
