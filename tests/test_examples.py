"""The examples under examples/ pass their own tests: Kuhn poker against a reference (OpenSpiel's
kuhn_poker where pyspiel is installed, else the rules' payoff table) and the harness. They run
in a fresh interpreter with the example installed (tests/test_docs.py's ``run_with_example``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.test_docs import run_with_example

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "kuhn_poker"
TESTS = EXAMPLE / "tests" / "test_kuhn.py"
LOAD = f"""
import importlib.util
spec = importlib.util.spec_from_file_location("kuhn_tests", {str(TESTS)!r})
kuhn = importlib.util.module_from_spec(spec)
spec.loader.exec_module(kuhn)
"""


def test_kuhn_poker_matches_its_reference_and_passes_the_harness() -> None:
    done = run_with_example(
        LOAD
        + """
kuhn.test_every_deal_and_line_matches_the_rules()
kuhn.test_every_deal_and_line_matches_openspiel_where_it_is_installed()
kuhn.test_every_promise_of_the_protocol_holds()
print("pyspiel" if kuhn.spiel_reference() else "rules", kuhn.compare(kuhn.rules_reference))
"""
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "54", done.stdout  # 6 deals x 9 positions


def test_the_reference_check_has_teeth() -> None:
    """A rule broken in the reference (a fold that pays 2) is caught by the comparison."""
    done = run_with_example(
        LOAD
        + """
def wrong(deal, line):
    legal, returns = kuhn.rules_reference(deal, line)
    if returns is not None and line[-1] == 0 and 1 in line:
        returns = [2 * r for r in returns]
    return legal, returns
kuhn.compare(wrong)
"""
    )
    assert done.returncode != 0 and "AssertionError" in done.stderr, done.stderr


def test_the_example_is_clean() -> None:
    ruff = Path(sys.executable).parent / "ruff"
    done = subprocess.run(
        [ruff, "check", "--no-cache", str(EXAMPLE)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout
