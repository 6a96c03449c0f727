"""The researchers' example imports and its evaluation runs (training itself needs torch and
sb3-contrib, which the suite does not install: the README's command runs it)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import gymnasium
import numpy as np

ROOT = Path(__file__).resolve().parents[2]


def load_example():
    spec = importlib.util.spec_from_file_location("maskable_ppo", ROOT / "examples/maskable_ppo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_evaluates_a_policy_through_the_mask():
    example = load_example()
    first_legal = lambda obs, mask: int(np.flatnonzero(mask)[0])  # noqa: E731
    mean, half_width = example.evaluate(first_legal, seat=1, games=2, seed=5)
    assert 0.0 <= mean <= 1.0 and half_width >= 0.0


def test_action_masks_is_the_info_mask_as_booleans():
    env = gymnasium.make("rulebook/the-game-v0", opponents="random")
    _obs, info = env.reset(seed=1)
    masks = env.unwrapped.action_masks()
    assert masks.dtype == bool and np.array_equal(masks, info["action_mask"].astype(bool))


def test_without_its_libraries_the_example_says_what_to_install_in_one_line():
    """It raised ModuleNotFoundError from inside train(), a traceback, exit 1."""
    import subprocess
    import sys

    hide = "import sys, runpy; sys.modules['sb3_contrib'] = None; sys.argv = ['maskable_ppo.py']; "
    run = f"runpy.run_path({str(ROOT / 'examples/maskable_ppo.py')!r}, run_name='__main__')"
    done = subprocess.run([sys.executable, "-c", hide + run], capture_output=True, text=True)
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.strip().splitlines()  # one line, no traceback
    assert line.startswith("error: this example needs torch's CPU build and sb3-contrib (")
    assert line.endswith(
        "is missing): pip install torch --index-url https://download.pytorch.org/whl/cpu, "
        "then pip install sb3-contrib"
    ), line


def test_the_comparison_reads_in_a_sentence_with_its_interval():
    example = load_example()
    assert example.verdict(0.7, 0.15, 0.233, 0.128).startswith(
        "In a sentence: the trained policy beats random play (difference +0.467, 95% interval"
    )
    assert "not told apart" in example.verdict(0.5, 0.2, 0.45, 0.2)
