"""Random self-play decisions per second, clone time and ISMCTS move time, per game.

Run: ``.venv/bin/python benchmarks/bench.py [--seconds S] [--game SLUG] [--set KEY=VALUE]
[--ismcts N]`` (ISMCTS is timed only with ``--ismcts``; ``make bench`` gives 1000; ``--set``
passes rule parameters, e.g. ``--set mode=standard``). One core, the simulation hot path:
``legal_ids``, ``apply(..., narrate=False)``, ``clone``. Each figure is
also given as a ratio to OpenSpiel's Python ``kuhn_poker`` random self-play, measured in the
same run (``pip install -e '.[bench]'``); kuhn counts player decisions only, not chance nodes,
as our games roll their dice inside ``apply``. kuhn and each game alternate in ten short
rounds and the ratio is the median of the rounds' ratios (their range is printed): on a
shared virtual machine the speed drifts by a third from one second to the next.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import rulebook
from rulebook.agents import make_agent
from rulebook.engine.game import games
from rulebook.engine.random import Rng

ROUNDS = 10  # alternating kuhn/game rounds per game


def kuhn_decisions_per_second(seconds: float) -> float | None:
    """OpenSpiel's Python kuhn_poker, uniform random play; None if open_spiel is missing."""
    try:
        import pyspiel
        from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_kuhn_poker")
    rng = random.Random(0)
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
    return decisions / (time.perf_counter() - start)


def decisions_per_second(
    slug: str, seconds: float, players: int | None, config: dict[str, str], narrated: bool = False
) -> tuple[float, int]:
    """Random self-play: the hot path (``legal_ids`` + ``apply(id, narrate=False)``), or with
    ``narrated`` the public path a table takes (``legal_actions()`` + ``apply(action)``)."""
    game = rulebook.load(slug, **config)
    rng = Rng(1)
    decisions = played = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(seed=seed, players=players)
        seed += 1
        if narrated:
            while state.decisions:
                actions = state.legal_actions()
                state.apply(actions[rng.below(len(actions))])
                decisions += 1
        else:
            while state.decisions:
                legal = state.legal_ids()
                state.apply(legal[rng.below(len(legal))], narrate=False)
                decisions += 1
        played += 1
    return decisions / (time.perf_counter() - start), played


def mid_game_states(
    slug: str, players: int | None, config: dict[str, str], count: int = 200
) -> list[rulebook.State]:
    game = rulebook.load(slug, **config)
    rng = Rng(2)
    states = []
    for seed in range(count):
        state = game.new_state(seed=seed, players=players)
        path = []
        while state.decisions:
            path.append(state)
            legal = state.legal_ids()
            state = state.clone()
            state.apply(legal[rng.below(len(legal))], narrate=False)
        states.append(path[len(path) // 2])
    return states


def clone_time_us(states: list[rulebook.State], samples: int = 2000) -> float:
    times = []
    for i in range(samples):
        state = states[i % len(states)]
        start = time.perf_counter_ns()
        for _ in range(20):
            state.clone()
        times.append((time.perf_counter_ns() - start) / 20 / 1000)
    return statistics.median(times)


def ismcts_ms_per_move(
    states: list[rulebook.State], iterations: int, moves: int = 10
) -> tuple[float, float]:
    """Median wall and CPU milliseconds a move (CPU time: on a shared machine the wall time
    also counts the other processes' turns); positions with one legal move are skipped."""
    walls, cpus = [], []
    for state in states:
        seat = state.to_move
        assert seat is not None
        if len(state.legal_ids()) < 2:
            continue
        agent = make_agent(f"ismcts:iterations={iterations}", state.game, seat, 1)
        start, cpu = time.perf_counter(), time.process_time()
        agent.act(state.infoset(seat))
        cpus.append((time.process_time() - cpu) * 1000)
        walls.append((time.perf_counter() - start) * 1000)
        if len(walls) == moves:
            break
    return statistics.median(walls), statistics.median(cpus)


def self_play(
    slug: str,
    label: str,
    args: argparse.Namespace,
    config: dict[str, str],
    rounds: int,
    narrated: bool,
) -> str:
    """One line: decisions/s and the ratio to kuhn. kuhn and the game alternate in short
    rounds, each ratio taken within its round: on a shared machine the load changes from
    second to second, not within a round."""
    kuhns, rates, played = [], [], 0
    for _ in range(rounds):
        if rounds > 1:
            kuhns.append(kuhn_decisions_per_second(args.seconds / rounds) or 0.0)
        rate, games_played = decisions_per_second(
            slug, args.seconds / rounds, args.players, config, narrated
        )
        rates.append(rate)
        played += games_played
    rate = statistics.median(rates)
    path = "narrated" if narrated else "hot path"
    line = f"{slug + label:32s} {path:9s} {rate:10,.0f} decisions/s"
    if rounds > 1:
        ratios = sorted(r / k for r, k in zip(rates, kuhns, strict=True))
        line += (
            f"  {statistics.median(ratios):5.2f}x kuhn (rounds {ratios[0]:.2f}-"
            f"{ratios[-1]:.2f}; kuhn {statistics.median(kuhns):,.0f}/s)"
        )
    return line + f" ({played} games)\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--game", action="append", help="a game slug (repeatable)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--ismcts", type=int, default=0, help="also time ISMCTS at N iterations")
    parser.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="a rule parameter"
    )
    args = parser.parse_args()
    config = dict(item.split("=", 1) for item in args.set)
    label = "".join(f" {k}={v}" for k, v in config.items())
    slugs = args.game or [cls.slug for cls in games()]
    rounds = ROUNDS if kuhn_decisions_per_second(0.01) is not None else 1
    if rounds == 1:
        print("kuhn_poker: open_spiel not installed (pip install -e '.[bench]'): no ratios")
    for slug in slugs:
        line = ""
        for narrated in (False, True):
            line += self_play(slug, label, args, config, rounds, narrated)
        states = mid_game_states(slug, args.players, config)
        line += f"{'':42s} clone median {clone_time_us(states):.2f} µs"
        if args.ismcts:
            wall, cpu = ismcts_ms_per_move(states, args.ismcts)
            line += (
                f"   ismcts:{args.ismcts} {wall:.0f} ms/move (CPU {cpu:.0f} ms, "
                f"{args.ismcts / cpu * 1000:,.0f} iterations/s)"
            )
        print(line.rstrip("\n"))


if __name__ == "__main__":
    main()
