"""Issue 7: `rulebook replay` shows the table at each step from one seat's point of view (1-based
--seat, or a role name) or a spectator's, narrates without revealing hidden cards, stops on q,
and with --no-step prints only the moves and the final table."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import rulebook.cli.commands as cli
from rulebook.cli.saves import read_save
from tests.cli.helpers import agent_save, assert_one_line_error, run

TABLE = "Queue ("  # The GAME's table shows its Queue panel once per rendering
# a move's header starts a line, or follows the prompt (CliRunner does not echo the Enter)
HEADER = re.compile(r"(?:^|q: quit )\s*(\d+)\. Player [12]\b", re.MULTILINE)


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """No wrapped lines: a card name broken over two lines would slip past the checks."""
    monkeypatch.setattr(cli.console, "_width", 250)  # read once, at import: set it here


@pytest.fixture
def save(tmp_path: Path) -> Path:
    return agent_save(tmp_path / "game.json")


def moves_in(save: Path) -> int:
    return len(read_save(save)[1].history)


def steps(out: str) -> list[str]:
    """The output after each move header, one chunk per move (the narration and the table)."""
    starts = [m.start() for m in HEADER.finditer(out)]
    return [out[a:b] for a, b in zip(starts, [*starts[1:], len(out)], strict=True)]


# --------------------------------------------------------------------------- the table


def test_stepping_shows_the_table_after_every_move_and_enter_moves_on(save: Path) -> None:
    moves = moves_in(save)
    code, out, err = run("replay", str(save), "--step", input="\n" * moves)
    assert code == 0, err
    assert "Replay stopped." not in out
    # the opening table, then one after each move but the last, then the final table
    assert out.count(TABLE) == moves + 1
    assert [f"{n}/{moves}" for n in range(1, moves + 1)] == re.findall(
        r"Enter: move (\d+/\d+)", out
    )
    assert len(steps(out)) == moves
    assert "Your hand" not in out  # a spectator holds no hand
    assert "After the game" in out and "No one wins" in out


def test_a_seat_sees_its_own_hand_on_the_table(save: Path) -> None:
    moves = moves_in(save)
    code, out, _ = run("replay", str(save), "--step", "--seat", "2", input="\n" * moves)
    assert code == 0
    assert out.count("Your hand") == moves + 1
    assert "Point of view: Player 2 (seat 2)" in out


# --------------------------------------------------------------------------- quitting


@pytest.mark.parametrize("answer", ["q", "quit", " Q "])
def test_q_at_the_prompt_stops_the_replay(save: Path, answer: str) -> None:
    code, out, err = run("replay", str(save), "--step", input=f"\n\n{answer}\n")
    assert code == 0, err
    assert out.rstrip().endswith("Replay stopped.")
    assert [int(n) for n in HEADER.findall(out)] == [1, 2]  # two moves, then q
    assert "After the game" not in out


def test_end_of_input_stops_the_replay_too(save: Path) -> None:
    code, out, _ = run("replay", str(save), "--step", input="\n")
    assert code == 0 and "Replay stopped." in out
    assert [int(n) for n in HEADER.findall(out)] == [1]


# --------------------------------------------------------------------------- --no-step


def test_no_step_prints_the_moves_and_only_the_final_table(save: Path) -> None:
    moves = moves_in(save)
    for args in (["--no-step"], []):  # CliRunner's input is no terminal: --no-step by default
        code, out, _ = run("replay", str(save), *args)
        assert code == 0
        assert len(steps(out)) == moves
        assert out.count(TABLE) == 1 and "Enter: move" not in out
        assert out.index(TABLE) > out.index(f"{moves:>3}. Player")  # after the last move
        assert "After the game" in out


def test_help_says_what_no_step_prints() -> None:
    code, out, _ = run("replay", "--help")
    assert code == 0
    flat = " ".join(re.sub(r"[│╭╮╰╯─]", " ", out).split())
    assert "only the moves and the final table" in flat
    assert "(1 = Player 1)" in flat


# --------------------------------------------------------------------------- --seat


@pytest.mark.parametrize(
    ("given", "role"),
    [("1", "Player 1"), ("2", "Player 2"), ("Player 2", "Player 2"), ("player1", "Player 1")],
)
def test_seat_is_numbered_as_the_table_shows_or_named_by_role(
    save: Path, given: str, role: str
) -> None:
    code, out, err = run("replay", str(save), "--seat", given)
    assert code == 0, err
    assert f"Point of view: {role}" in out
    # the seat's own moves are spelt out; the other seat's are not
    mine = re.findall(r"^\s*\d+\. (Player [12]):", out, re.MULTILINE)
    assert mine and set(mine) == {role}


@pytest.mark.parametrize("given", ["0", "3", "-1", "Player 3", "x"])
def test_a_seat_out_of_range_is_one_line_naming_the_range(save: Path, given: str) -> None:
    assert_one_line_error(
        run("replay", str(save), "--seat", given),
        f"--seat {given}: this game's seats are 1-2 (1 = Player 1, 2 = Player 2)",
    )


def test_a_one_player_game_has_one_seat_and_shows_the_players_view(tmp_path: Path) -> None:
    save = tmp_path / "solo.json"
    code, out, err = run(
        "play", "ribbon-of-bone", "--seat", "heuristic", "--seed", "1", "--no-profile",
        "--save", str(save),
    )  # fmt: skip
    assert code == 0, out + err
    assert_one_line_error(
        run("replay", str(save), "--seat", "2"), "--seat 2: this game has one seat, 1 (You)"
    )
    code, out, _ = run("replay", str(save))
    assert code == 0 and "Point of view: You (seat 1)" in out
    assert "1. You: Play as" in out


# --------------------------------------------------------------------------- hidden cards


def card_names(game: Any, data: Any) -> set[str]:
    """Every card named anywhere in ``data`` (a view: card ids among its strings)."""
    names: dict[str, str] = game.content.names()
    found: set[str] = set()
    if isinstance(data, str):
        if data in names:
            found.add(names[data])
    elif isinstance(data, dict):
        for value in data.values():
            found |= card_names(game, value)
    elif isinstance(data, list):
        for value in data:
            found |= card_names(game, value)
    return found


def named(game: Any, text: str) -> set[str]:
    """The card names ``text`` mentions, each read as the longest name at its place (so
    "Medium Plug" is not also "Medium")."""
    names = sorted(game.content.names().values(), key=len, reverse=True)
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w-])")
    return set(pattern.findall(text))


def check_hidden(save: Path, seat_option: list[str], watcher: int | None) -> int:
    """Step through the replay; in each move's output no card may be named that the watcher
    could not know: in the other seats' views but neither in the watcher's view nor in what the
    events of that move tell the watcher. Returns how many hidden names were checked."""
    game, final, _ = read_save(save)
    moves = len(final.history)
    code, out, err = run("replay", str(save), "--step", *seat_option, input="\n" * moves)
    assert code == 0, err
    chunks = steps(out)
    assert len(chunks) == moves
    state = game.new_state(seed=final.seed, players=final.players, stack=final.stack)
    others = [s for s in range(final.players) if s != watcher]
    checked = 0
    for chunk, action in zip(chunks, final.history, strict=True):
        mover = state.to_move
        allowed = named(game, game.action_text(state, action)) if mover == watcher else set()
        events = state.apply(action)
        allowed |= card_names(game, state.view(watcher))
        for event in events:
            allowed |= named(game, event.for_seat(watcher) or "")
        hidden = set().union(*(card_names(game, state.view(s)) for s in others)) - allowed
        shown = named(game, chunk)
        assert not shown & hidden, (chunk, shown & hidden)
        checked += len(hidden)
        for event in events:  # a private text for others never reaches the watcher
            if event.to is not None and watcher not in event.to:
                assert event.text not in chunk, chunk
    return checked


def test_seat_1_never_sees_the_names_of_seat_2s_hand(save: Path) -> None:
    assert check_hidden(save, ["--seat", "1"], 0) > 0


def test_seat_2_never_sees_the_names_of_seat_1s_hand(save: Path) -> None:
    assert check_hidden(save, ["--seat", "2"], 1) > 0


def test_the_spectators_replay_shows_no_hand_card_of_either_player(save: Path) -> None:
    assert check_hidden(save, [], None) > 0


def test_the_spectators_narration_is_the_public_text_naming_movers_by_role(save: Path) -> None:
    code, out, _ = run("replay", str(save))
    assert code == 0
    assert "You " not in out and "Your hand" not in out
    assert "Player 1 draws a card." in out and "Player 2 draws a card." in out
    # what each player drew is theirs: seat 1 reads its own draws, and never seat 2's
    code, mine, _ = run("replay", str(save), "--seat", "1")
    assert code == 0 and "You draw " in mine and "Player 2 draws a card." in mine
    assert "Player 1 draws a card." not in mine


def test_every_step_in_a_stepped_replay_matches_the_seats_narration(save: Path) -> None:
    """Each move's output holds the narration ``event.for_seat`` gives that seat."""
    game, final, _ = read_save(save)
    moves = len(final.history)
    code, out, _ = run("replay", str(save), "--step", "--seat", "1", input="\n" * moves)
    assert code == 0
    state = game.new_state(seed=final.seed, players=final.players, stack=final.stack)
    for chunk, action in zip(steps(out), final.history, strict=True):
        for event in state.apply(action):
            text = event.for_seat(0)
            if text:
                assert text in chunk
