"""`rulebook conformance`: the shared harness as a command, for a designer's own rules and
cards and for the full sweeps of `make conformance`."""

from __future__ import annotations

from rulebook.sim.sweep import sweep
from tests.cli.helpers import assert_one_line_error, run


def test_a_sweep_reports_every_player_count_it_checked() -> None:
    code, out, err = run("conformance", "swing", "--games", "2", "--players", "2", "--players", "3")
    assert code == 0, err
    assert "every promise held" in out
    rows = [line.split("│")[1:-1] for line in out.splitlines() if line.startswith("│")]
    assert [(r[0].strip(), r[1].strip()) for r in rows] == [("2", "2"), ("3", "2")]


def test_the_workers_change_the_speed_never_what_is_checked() -> None:
    one = sweep("the-game", 6, seed=3, jobs=1, chunk=2)
    two = sweep("the-game", 6, seed=3, jobs=2, chunk=4)
    fields = ("players", "games", "decisions", "longest", "stacked_games", "permuted_worlds")
    assert [[getattr(r, f) for f in fields] for r in one] == [
        [getattr(r, f) for f in fields] for r in two
    ]
    assert one[0].games == 6 and one[0].stacked_games == 1


def test_a_player_count_the_game_does_not_have_is_one_line() -> None:
    assert_one_line_error(run("conformance", "swing", "--players", "9"), "for 2-6 players, not 9")


def test_an_unknown_game_is_one_line() -> None:
    assert_one_line_error(run("conformance", "no-such-game"), "no-such-game")


def test_a_crash_in_the_game_s_own_code_is_a_broken_promise_with_its_seed() -> None:
    import tests.engine.toy  # noqa: F401 - registers the toy game, whose switch crashes it

    code, out, err = run("conformance", "toy", "--games", "20", "--set", "crash=true")
    assert code == 1, out + err
    assert "Traceback" not in out + err
    line = err.strip()
    assert len(line.splitlines()) == 1, err
    assert "conformance failed: toy 2p game" in line and "(seed " in line and "decision " in line
    assert line.endswith("the game raised ValueError: list.remove(x): x not in list")
