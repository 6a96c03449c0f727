"""The Ray backend against a local Ray with 2 CPUs (started once for the session: Ray takes
seconds to start). Same seed, same numbers as worker processes, for every command that
takes --backend."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulebook.engine.game import load
from rulebook.lab.ladder import ladder
from rulebook.sim.backend import Backend, open_backend
from tests.cli.helpers import run


@pytest.fixture(scope="session")
def local_ray() -> Iterator[Backend]:
    """A local Ray started the way ``--backend ray`` starts one; the commands find it running
    and use it (they start none of their own)."""
    with open_backend("ray", jobs=2) as backend:
        yield backend


def niceness(_: int) -> int:
    return os.nice(0)


def both(*args: str) -> tuple[str, str]:
    """The command's output on worker processes and on Ray."""
    code, on_processes, err = run(*args, "--jobs", "2")
    assert code == 0, err
    code, on_ray, err = run(*args, "--jobs", "2", "--backend", "ray")
    assert code == 0, err
    return on_processes, on_ray


@pytest.mark.usefixtures("local_ray")
def test_every_command_gives_the_same_numbers_on_ray(tmp_path: Path) -> None:
    sim = ("simulate", "the-game", "--games", "40", "--agents", "heuristic,random", "--seed", "9")
    on_processes, on_ray = both(*sim, "--json")
    assert json.loads(on_ray) == json.loads(on_processes)
    sweep = ("sweep", "the-game", "--vary", "hand-size=4,5", "--games", "20", "--json")
    on_processes, on_ray = both(*sweep)
    assert json.loads(on_ray) == json.loads(on_processes)
    tune = (
        "tune", "the-game", "--vary", "hand-size=4..6", "--target", "balance", "--budget", "2",
        "--games", "8", "--verify-games", "8", "--verify-best", "1", "--json",
    )  # fmt: skip
    on_processes, on_ray = both(*tune)
    assert json.loads(on_ray) == json.loads(on_processes)
    report = ("report", "the-game", "--games", "20", "--no-ladder", "--seed", "3")
    code, _, err = run(*report, "--json", str(tmp_path / "p.json"), "--jobs", "2")
    assert code == 0, err
    code, _, err = run(*report, "--json", str(tmp_path / "r.json"), "--backend", "ray")
    assert code == 0, err
    assert (tmp_path / "r.json").read_bytes() == (tmp_path / "p.json").read_bytes()
    check = ("conformance", "the-game", "--games", "4", "--backend", "ray")
    code, out, err = run(*check, "--jobs", "2")
    assert code == 0, err
    assert "every promise held" in out


def test_a_local_ray_runs_its_workers_at_the_drivers_priority(local_ray: Backend) -> None:
    """Ray's default niceness of 15 starves a local sweep behind anything else running."""
    assert set(local_ray.run(niceness, [0, 1, 2, 3])) == {os.nice(0)}


@pytest.mark.usefixtures("local_ray")
def test_the_report_ladder_gives_the_same_rungs_on_ray() -> None:
    game = load("the-game")
    args = ("the-game", game, 2, 4, 0, 1, {})
    with open_backend("ray", jobs=2) as backend:
        on_ray = ladder(*args, budgets=(2, 4), extras=(), backend=backend)
    assert on_ray == ladder(*args, budgets=(2, 4), extras=())
    assert len(on_ray["rows"]) == 4
