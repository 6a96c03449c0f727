"""ISMCTS against each game's heuristic, every game and player count, with the targets of issue 23.

Run: ``python benchmarks/ladder.py [--games N] [--iterations 300] [--game SLUG] [--players N]
[--jobs 2] [--seed S] [--agent SPEC] [--set KEY=VALUE]`` (``--set mode=standard``: Solo Bound
Female's two-player Standard line). For each game and player count it prints the search's
result against the heuristic with a 95% Wilson interval and whether the target holds:

- two players: the search's share of the decided games (draws left out), half the games in
  each seat order; target: the interval's lower bound above 50%;
- three to six players: one search against heuristics, the search in each seat in turn; its
  win rate counts a shared win as its share; target: the lower bound above the fair share 1/n;
- solo: the search's win rate and the heuristic's over the same seeds; target: the search's
  rate at least the heuristic's.

Same seed, same numbers (``rulebook simulate`` underneath). Long: a few hundred games a line
take minutes on two cores; ``--game`` and ``--players`` pick lines.
"""

from __future__ import annotations

import argparse
import time

import rulebook
from rulebook.agents import parse_spec
from rulebook.sim.runner import GameResult, simulate_results
from rulebook.sim.stats import wilson

GAMES = ("the-game", "susumuka-modoruka", "swing", "ribbon-of-bone", "solo-bound-female")


def counts(slug: str, players: int | None, config: dict[str, str]) -> list[int]:
    game = rulebook.load(slug, **config)
    low, high = game.min_players, game.max_players
    return [p for p in range(low, high + 1) if players is None or p == players]


def seat_results(
    slug: str, agents: list[str], games: int, args: argparse.Namespace, seat: int
) -> list[float]:
    """The returns of ``seat`` over ``games`` seeded games with these agents."""
    results: list[GameResult] = simulate_results(
        slug, agents, games, args.seed, args.jobs, config=args.config
    )
    return [r.returns[seat] for r in results]


def solo_line(slug: str, args: argparse.Namespace) -> str:
    search = seat_results(slug, [args.agent], args.games, args, 0)
    base = seat_results(slug, ["heuristic"], args.games, args, 0)
    s, h = sum(search) / len(search), sum(base) / len(base)
    lo, hi = wilson(sum(search), len(search))
    hlo, hhi = wilson(sum(base), len(base))
    ok = "yes" if s >= h else "NO"
    return (
        f"{slug:18} 1p  search {s:6.1%} [{lo:.1%}, {hi:.1%}]  "
        f"heuristic {h:6.1%} [{hlo:.1%}, {hhi:.1%}]  target {ok}"
    )


def duel_line(slug: str, args: argparse.Namespace) -> str:
    half = args.games // 2
    first = seat_results(slug, [args.agent, "heuristic"], half, args, 0)
    second = seat_results(slug, ["heuristic", args.agent], half, args, 1)
    won = sum(1 for r in first + second if r == 1.0)
    lost = sum(1 for r in first + second if r == 0.0)
    decided = won + lost
    share = won / decided if decided else 0.0
    lo, hi = wilson(won, decided)
    w1, l1 = first.count(1.0), first.count(0.0)
    w2, l2 = second.count(1.0), second.count(0.0)
    ok = "yes" if lo > 0.5 else "NO"
    return (
        f"{slug:18} 2p  search {won}-{lost} of {decided} decided: {share:6.1%} "
        f"[{lo:.1%}, {hi:.1%}] (as P1 {w1}-{l1} of {half}, as P2 {w2}-{l2} of {half})  "
        f"target {ok}"
    )


def table_line(slug: str, players: int, args: argparse.Namespace) -> str:
    each = max(1, args.games // players)
    scores: list[float] = []
    for seat in range(players):
        agents = ["heuristic"] * players
        agents[seat] = args.agent
        scores += seat_results(slug, agents, each, args, seat)
    rate = sum(scores) / len(scores)
    lo, hi = wilson(sum(scores), len(scores))
    ok = "yes" if lo > 1 / players else "NO"
    return (
        f"{slug:18} {players}p  search {rate:6.1%} [{lo:.1%}, {hi:.1%}] of {len(scores)} "
        f"(fair {1 / players:.1%})  target {ok}"
    )


def with_iterations(spec: str, iterations: int) -> str:
    """The spec with ``--iterations`` added unless it names its own (before, ``--agent``
    without ``iterations=`` ran at the agent's default 1,000, whatever ``--iterations`` said)."""
    _name, options = parse_spec(spec)
    return spec if "iterations" in options else f"{spec}:iterations={iterations}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games a line")
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument(
        "--agent",
        default=None,
        help="the search's spec (default: ismcts; --iterations added unless it names iterations=)",
    )
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--players", type=int)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="a rule parameter"
    )
    args = parser.parse_args()
    args.config = dict(item.split("=", 1) for item in args.set)
    args.agent = with_iterations(args.agent or "ismcts", args.iterations)
    print(f"{args.agent} against the heuristic, {args.games} games a line, seed {args.seed}")
    for slug in args.game or GAMES:
        for players in counts(slug, args.players, args.config):
            start = time.perf_counter()
            if players == 1:
                line = solo_line(slug, args)
            elif players == 2:
                line = duel_line(slug, args)
            else:
                line = table_line(slug, players, args)
            print(f"{line}  ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
