"""Issue 7, items 1-3: `rulebook cards`, --without by any theme's id, card files that are not
UTF-8 or carry an unknown field."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rulebook
from rulebook.engine.content import card_rows
from rulebook.games.the_game.cards import THEMES
from tests.cli.helpers import assert_one_line_error, run

CLASSIC = THEMES["classic"].read_text()


def test_cards_lists_ids_names_decks_and_counts() -> None:
    code, out, err = run("cards", "the-game")
    assert code == 0, err
    for text in ("Main Deck (28 cards)", "Equipment Deck (20 cards)", "Pleasure Deck (25 cards)"):
        assert text in out
    assert "stop-game" in out and "Stop Game" in out and "over-knee" in out
    assert "73 cards" in out


def test_cards_of_the_fantasy_theme_name_the_classic_card_each_stands_for() -> None:
    code, out, err = run("cards", "the-game", "--theme", "fantasy")
    assert code == 0, err
    assert "Spellbook (28 cards)" in out and "Treasure Hoard (25 cards)" in out
    line = next(x for x in out.splitlines() if "teleport-home" in x)
    assert "Teleport" in line and "stop-game" in line and " 1 " in line


def test_cards_of_another_game_come_from_its_decks() -> None:
    code, out, err = run("cards", "ribbon-of-bone")
    assert code == 0, err
    assert "court" in out and "id" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["cards", "chess"], "unknown game 'chess'"),
        (["cards", "the-game", "--theme", "space"], "unknown theme 'space'"),
    ],
)
def test_cards_bad_input_is_one_line(args: list[str], message: str) -> None:
    assert_one_line_error(run(*args), message)


def test_the_readme_fantasy_example_leaves_out_the_classic_stop_game() -> None:
    """`--without stop-game` with the fantasy theme drops Teleport Home (its same_as)."""
    args = ["play", "the-game", "--theme", "fantasy", "--without", "stop-game"]
    code, out, err = run(*args, "--seat", "random", "--seat", "random", "--seed", "1")
    assert code == 0, err
    assert "Teleport Home" not in out and "Warlock" in out


def test_without_takes_a_fantasy_id_in_the_classic_theme() -> None:
    args = ["play", "the-game", "--without", "teleport-home", "--seat", "random"]
    code, out, err = run(*args, "--seat", "random", "--seed", "1")
    assert code == 0, err
    assert "Stop Game" not in out


def test_an_unknown_card_id_names_a_few_and_the_command_that_lists_them() -> None:
    """One short line, not all 38 ids (the list hid the lobby's seat choices on a phone)."""
    result = run("play", "the-game", "--theme", "fantasy", "--without", "unicorn")
    said = "no card 'unicorn' in the fantasy theme; ids such as fireball, frost-lance"
    assert_one_line_error(result, said)
    assert "('rulebook cards the-game --theme fantasy' lists all 38)" in result[2]
    assert "teleport-home" not in result[2]


def test_a_mistyped_card_id_names_the_card_it_is_close_to_and_no_list() -> None:
    result = run("play", "the-game", "--without", "stop-gam")
    said = "no card 'stop-gam' in the classic theme; did you mean 'stop-game'?"
    assert_one_line_error(result, said)
    assert "over-knee" not in result[2]


def test_a_classic_card_without_a_fantasy_counterpart_says_so() -> None:
    result = run("play", "the-game", "--theme", "fantasy", "--without", "clamps")
    assert_one_line_error(result, "'clamps' is a card of the classic theme with no counterpart")


def test_a_card_file_that_is_not_utf8_is_one_line(tmp_path: Path) -> None:
    cards = tmp_path / "latin1.toml"
    text = CLASSIC.replace("Over Knee", "Über Knee")
    cards.write_bytes(text.encode("latin-1", errors="replace"))
    assert_one_line_error(run("play", "the-game", "--cards", str(cards)), "not UTF-8")
    assert_one_line_error(run("cards", "the-game", "--cards", str(cards)), str(cards))


def test_a_card_file_with_an_unknown_field_is_refused(tmp_path: Path) -> None:
    cards = tmp_path / "typo.toml"
    cards.write_text(CLASSIC.replace('id = "medium"\n', 'id = "medium"\ncout = 2\n'))
    result = run("simulate", "the-game", "--cards", str(cards), "--games", "1")
    assert_one_line_error(result, "unknown field 'cout'; did you mean 'count'?")
    assert str(cards) in result[2] and "'medium'" in result[2]


@pytest.mark.parametrize(
    "args",
    [
        ["the-game"],
        ["the-game", "--theme", "fantasy"],
        ["ribbon-of-bone"],
        ["solo-bound-female"],
        ["susumuka-modoruka"],
        ["swing"],
    ],
)
def test_cards_at_80_columns_never_break_an_id(args: list[str]) -> None:
    """Issue 17, item 12: ids (and the ids a theme's cards stand for) are typed back, so they
    stay whole; names and texts wrap at spaces; no line is wider than the terminal."""
    env = {**os.environ, "COLUMNS": "80", "TERM": "dumb"}
    command = [sys.executable, "-m", "rulebook.cli", "cards", *args]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    words = set(re.findall(r"[\w'-]+", out))
    theme = {"theme": args[2]} if len(args) > 1 else {}
    for row in card_rows(rulebook.load(args[0], **theme)):
        assert row.id in words, row.id
        assert not row.same_as or row.same_as in words, row.same_as
    assert max(len(line) for line in out.splitlines()) <= 80
