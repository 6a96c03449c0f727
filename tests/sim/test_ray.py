"""The Ray backend against a local Ray with 2 CPUs (started once for this module: Ray takes
seconds to start). Same seed, same numbers as worker processes."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
import ray  # the dev extra installs it

from tests.cli.helpers import run


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    for attempt in range(3):  # Ray gives its node 30 s to start: a busy machine may need more
        try:
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
            break
        except Exception:
            ray.shutdown()
            if attempt == 2:
                raise
    yield
    ray.shutdown()


def test_simulate_sweep_and_conformance_give_the_same_numbers_on_ray() -> None:
    args = ("simulate", "the-game", "--games", "40", "--agents", "heuristic,random", "--json")
    code, on_processes, err = run(*args, "--jobs", "2", "--seed", "9")
    assert code == 0, err
    code, on_ray, err = run(*args, "--jobs", "2", "--seed", "9", "--backend", "ray")
    assert code == 0, err
    assert json.loads(on_ray) == json.loads(on_processes)
    check = ("conformance", "the-game", "--games", "4", "--jobs", "2")
    code, out, err = run(*check, "--backend", "ray")
    assert code == 0, err
    assert "every promise held" in out
    sweep = ("sweep", "the-game", "--vary", "hand-size=4,5", "--games", "20", "--json")
    code, on_processes, err = run(*sweep, "--jobs", "2")
    assert code == 0, err
    code, on_ray, err = run(*sweep, "--jobs", "2", "--backend", "ray")
    assert code == 0, err
    assert json.loads(on_ray) == json.loads(on_processes)
