"""The examples under examples/ pass their own tests: Kuhn poker against a reference (OpenSpiel's
kuhn_poker where pyspiel is installed, else the rules' payoff table) and the harness."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import tests.test_docs  # noqa: F401 - puts the example on the path and registers it

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "kuhn_poker"


def example_tests() -> ModuleType:
    spec = importlib.util.spec_from_file_location("kuhn_tests", EXAMPLE / "tests" / "test_kuhn.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_kuhn_poker_matches_its_reference_and_passes_the_harness() -> None:
    kuhn = example_tests()
    kuhn.test_every_deal_and_line_matches_the_rules()
    kuhn.test_every_deal_and_line_matches_openspiel_where_it_is_installed()
    kuhn.test_every_promise_of_the_protocol_holds()


def test_the_reference_check_has_teeth() -> None:
    """A rule broken in the game (a fold that pays 2) is caught by the comparison."""
    kuhn = example_tests()

    def wrong(deal: tuple[int, int], line: list[int]) -> tuple[list[int], list[float] | None]:
        legal, returns = kuhn.rules_reference(deal, line)
        if returns is not None and line[-1] == 0 and 1 in line:  # a fold
            returns = [2 * r for r in returns]
        return legal, returns

    try:
        kuhn.compare(wrong)
    except AssertionError:
        return
    raise AssertionError("a wrong reference passed")


def test_the_example_is_clean() -> None:
    ruff = Path(sys.executable).parent / "ruff"
    done = subprocess.run(
        [ruff, "check", "--no-cache", str(EXAMPLE)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout
