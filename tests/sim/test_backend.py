"""Backends change only the speed: the same tasks give the same results; a missing extra, an
unknown backend or a dead worker is one clear line."""

from __future__ import annotations

import os
import re
import sys

import pytest

from rulebook.engine.errors import ConfigError
from rulebook.extras import install_hint
from rulebook.sim import runner
from rulebook.sim.backend import Processes, WorkerFailed, open_backend
from rulebook.sim.runner import GameFailed, run_games
from tests.cli.helpers import assert_one_line_error, run

VARY = {
    "simulate": [],
    "conformance": [],
    "report": ["--no-ladder"],
    "sweep": ["--vary", "hand-size=4"],
    "tune": ["--vary", "hand-size=4,5", "--target", "balance", "--budget", "1"],
}


def square(n: int) -> int:
    return n * n


def die(n: int) -> int:
    if n == 3:
        os._exit(1)  # a worker that crashes outright, as a segfault would
    return n


def test_processes_run_every_task_once() -> None:
    with open_backend("processes", jobs=2) as backend:
        assert sorted(backend.run(square, list(range(10)))) == [n * n for n in range(10)]
        assert sorted(backend.run(square, [7, 8])) == [49, 64]  # the pool serves a second batch


def test_a_dead_worker_process_names_its_task() -> None:
    with Processes(2) as backend, pytest.raises(WorkerFailed) as caught:
        list(backend.run(die, [3]))
    assert caught.value.task == 3
    assert "died" in str(caught.value)


def test_same_games_on_one_process_and_two() -> None:
    args = ("the-game", ["heuristic", "random"], 30)
    assert run_games(*args, seed=4, jobs=1) == run_games(*args, seed=4, jobs=2)


def test_a_failing_game_names_its_number_and_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    real = runner.play_game

    def play(game, agents, seed, index=0, watch=None):  # type: ignore[no-untyped-def]
        if index == 7:
            raise ValueError("the deck ran dry")
        return real(game, agents, seed, index, watch)

    monkeypatch.setattr(runner, "play_game", play)
    with pytest.raises(GameFailed, match=r"game 7 of seed 5 failed: ValueError: the deck ran dry"):
        run_games("the-game", ["random", "random"], 10, seed=5, jobs=1)


def test_ray_without_its_extra_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails as if not installed
    with pytest.raises(ConfigError, match=re.escape(install_hint("ray"))):
        open_backend("ray", jobs=2)
    for command in VARY:
        result = run(command, "the-game", "--games", "2", "--backend", "ray", *VARY[command])
        assert_one_line_error(result, "needs the optional extra 'ray'")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backend", "dask"], "unknown backend 'dask' (known: processes, ray)"),
        (["--address", "10.0.0.1:6379"], "--address is for --backend ray"),
    ],
)
def test_backend_options_are_checked(args: list[str], message: str) -> None:
    for command in VARY:
        result = run(command, "the-game", "--games", "2", *args, *VARY[command])
        assert_one_line_error(result, message)
