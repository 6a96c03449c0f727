"""PettingZoo env steps per second against the raw protocol's hot path, per game.

Run: ``python benchmarks/rl_bench.py [--seconds S] [--game SLUG] [--players N] [--set
KEY=VALUE]`` (``--set`` passes rule parameters, e.g. ``--set mode=cooperative``). The raw
loop is ``bench.py``'s (``legal_ids``, ``apply(..., narrate=False)``, a uniform choice); the
env loop is a PettingZoo user's: ``last()`` (the observation: view, encoding and mask), a
uniform choice among the mask's legal ids, ``step()``, through the wrappers ``env()`` puts on.
Both alternate in short rounds and the ratio is the median of the rounds' ratios (the shared
machine's speed drifts from one second to the next). The issue's bar: The GAME at >= 0.5.
"views alone" is the hot path plus the mover's ``view()`` at each decision, over the hot path:
the ceiling of any observation read from views. Both loops play the same games: game ``n``
of a round has seed ``round + n`` in both, and the same generator picks the same index among
the same legal ids (the mask's nonzero entries are the sorted legal ids). ``--clock cpu``
times the process's own CPU time instead of the wall clock (steadier when other work shares
the cores).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import rulebook
from rulebook.rl.pettingzoo import env as make_env

ROUNDS = 6
clock = time.perf_counter  # --clock cpu: time.process_time
DEFAULTS = [
    ("the-game", 2, {}),
    ("ribbon-of-bone", 1, {}),
    ("solo-bound-female", 1, {}),
    ("solo-bound-female", 2, {"mode": "standard"}),
    ("susumuka-modoruka", 2, {}),
    ("susumuka-modoruka", 6, {}),
    ("swing", 2, {}),
    ("swing", 6, {}),
]


def raw_rate(
    slug: str, players: int, config: dict[str, str], seconds: float, seed: int, view: bool = False
) -> float:
    """The hot path; with ``view``, also the mover's ``view()`` at every decision (the least
    any observation read from views costs, before encoding it)."""
    game = rulebook.load(slug, **config)
    rng = random.Random(seed)
    decisions = 0
    games = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_state(seed=seed + games, players=players)
        games += 1
        while state.decisions:
            if view:
                state.view(state.to_move)
            legal = state.legal_ids()
            state.apply(legal[rng.randrange(len(legal))], narrate=False)
            decisions += 1
    return decisions / (clock() - start)


def env_rate(env: object, seconds: float, seed: int) -> float:
    """Env steps a second: ``last()`` (the view, its encoding and the mask, every step), a
    uniform choice among the mask's legal ids (Python's generator, as in the raw loop), and
    ``step()``."""
    rng = random.Random(seed)
    decisions = 0
    games = 0
    start = clock()
    while clock() - start < seconds:
        env.reset(seed=seed + games)  # type: ignore[attr-defined]
        games += 1
        for _agent in env.agent_iter():  # type: ignore[attr-defined]
            obs, _reward, terminated, truncated, _info = env.last()  # type: ignore[attr-defined]
            if terminated or truncated:
                action = None
            else:
                legal = obs["action_mask"].nonzero()[0]
                action = int(legal[rng.randrange(len(legal))])
                decisions += 1
            env.step(action)  # type: ignore[attr-defined]
    return decisions / (clock() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--game", action="append", help="a game slug (repeatable)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="a rule parameter"
    )
    args = parser.parse_args()
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    runs = DEFAULTS
    if args.game:
        config = dict(item.split("=", 1) for item in args.set)
        runs = [
            (s, args.players or rulebook.load(s, **config).min_players, config) for s in args.game
        ]
    for slug, players, config in runs:
        env = make_env(slug, players, **config)
        raws, envs, views = [], [], []
        for r in range(ROUNDS):
            raws.append(raw_rate(slug, players, config, args.seconds / ROUNDS / 3, r))
            envs.append(env_rate(env, args.seconds / ROUNDS / 3, r))
            views.append(raw_rate(slug, players, config, args.seconds / ROUNDS / 3, r, True))
        ratios = sorted(e / w for e, w in zip(envs, raws, strict=True))
        ceiling = statistics.median(v / w for v, w in zip(views, raws, strict=True))
        label = f"{slug} {players}p" + "".join(f" {k}={v}" for k, v in config.items())
        raw, stepped = statistics.median(raws), statistics.median(envs)
        print(
            f"{label:34s} raw {raw:9,.0f}/s  env {stepped:9,.0f}/s  ratio "
            f"{statistics.median(ratios):.2f} (rounds {ratios[0]:.2f}-{ratios[-1]:.2f}); "
            f"views alone {ceiling:.2f}"
        )


if __name__ == "__main__":
    main()
