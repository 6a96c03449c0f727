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
