"""Self-play-free training with a maintained RL library: sb3-contrib's MaskablePPO learns to
play The GAME as one seat against a uniformly random opponent, through the Gymnasium env and
its action mask, then plays fresh games and is compared with a uniformly random policy in the
same seat (mean return: 1 a win, 0.5 a draw, 0 a loss; 95% normal intervals).

Setup (torch's CPU build, tested with 2.13.0; on Linux a plain ``pip install torch`` fetches
the CUDA build, so name PyTorch's CPU index):

    pip install torch --index-url https://download.pytorch.org/whl/cpu
    pip install -e '.[rl]' sb3-contrib

(torch first: sb3-contrib requires torch and would otherwise fetch the CUDA build.)

Run: ``python examples/maskable_ppo.py [--steps 30000] [--games 300] [--seat 1]`` (a few
minutes on two cores).
"""

from __future__ import annotations

import argparse
import importlib
import math
import sys
import time
from collections.abc import Callable

import gymnasium
import numpy as np

import rulebook.rl.gymnasium  # noqa: F401  (registers rulebook/SLUG-v0)

Policy = Callable[[np.ndarray, np.ndarray], int]


def make_env(seat: int, seed: int) -> gymnasium.Env:
    from sb3_contrib.common.wrappers import ActionMasker

    env = gymnasium.make("rulebook/the-game-v0", seat=seat, opponents="random")
    env.reset(seed=seed)
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


def evaluate(policy: Policy, seat: int, games: int, seed: int) -> tuple[float, float]:
    """Mean return of ``policy`` over ``games`` new games, and its 95% half-width."""
    env = gymnasium.make("rulebook/the-game-v0", seat=seat, opponents="random")
    returns = []
    for n in range(games):
        obs, info = env.reset(seed=seed + n)
        terminated = False
        reward = 0.0
        while not terminated:
            obs, reward, terminated, _truncated, info = env.step(policy(obs, info["action_mask"]))
        returns.append(float(reward))
    mean = float(np.mean(returns))
    return mean, 1.96 * float(np.std(returns)) / math.sqrt(len(returns))


def train(seat: int, steps: int, seed: int):  # type: ignore[no-untyped-def]
    from sb3_contrib import MaskablePPO

    model = MaskablePPO(
        "MlpPolicy",
        make_env(seat, seed),
        n_steps=512,
        batch_size=128,
        n_epochs=4,
        gamma=0.995,
        learning_rate=3e-4,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=seed,
        device="cpu",
        verbose=0,
    )
    model.learn(total_timesteps=steps)
    return model


def check_libraries() -> None:
    """One line and exit 2 when training's libraries are missing, not a traceback half-way."""
    for module in ("torch", "sb3_contrib"):
        try:
            importlib.import_module(module)
        except ImportError:
            sys.stderr.write(
                f"error: this example needs torch's CPU build and sb3-contrib ({module} is "
                "missing): pip install torch --index-url https://download.pytorch.org/whl/cpu, "
                "then pip install sb3-contrib\n"
            )
            raise SystemExit(2) from None


def verdict(ppo: float, ppo_ci: float, rnd: float, rnd_ci: float) -> str:
    """The comparison in a sentence: the difference of the mean returns, with its 95% interval
    (the two are measured on the same deals, but treated as independent: a wider interval)."""
    gap = ppo - rnd
    half = math.hypot(ppo_ci, rnd_ci)
    if gap - half > 0:
        said = "the trained policy beats random play"
    elif gap + half < 0:
        said = "the trained policy plays worse than random"
    else:
        said = "the trained policy is not told apart from random play at this many games"
    interval = f"95% interval {gap - half:+.3f} to {gap + half:+.3f}"
    return f"In a sentence: {said} (difference {gap:+.3f}, {interval})."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=30_000, help="training decisions")
    parser.add_argument("--games", type=int, default=300, help="evaluation games per policy")
    parser.add_argument("--seat", type=int, default=1, help="0: Player 1, 1: Player 2")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    check_libraries()
    start = time.perf_counter()
    model = train(args.seat, args.steps, args.seed)
    trained_at = time.perf_counter() - start

    def learned(obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def uniform(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    eval_seed = 10_000_000 + args.seed  # games the training never saw
    ppo, ppo_ci = evaluate(learned, args.seat, args.games, eval_seed)
    rnd, rnd_ci = evaluate(uniform, args.seat, args.games, eval_seed)
    print(f"trained {args.steps} decisions in {trained_at:.0f} s")
    who = f"Player {args.seat + 1} (seat={args.seat})"  # the table's name, the env's index
    print(f"MaskablePPO as {who} vs random: mean return {ppo:.3f} ± {ppo_ci:.3f}")
    print(f"random      as {who} vs random: mean return {rnd:.3f} ± {rnd_ci:.3f}")
    print(verdict(ppo, ppo_ci, rnd, rnd_ci))


if __name__ == "__main__":
    main()
