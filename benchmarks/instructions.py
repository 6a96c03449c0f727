"""Instructions per random decision under callgrind: the hot path's cost free of the load.

Run: ``.venv/bin/python benchmarks/instructions.py [--decisions N] [--game SLUG] [--set
KEY=VALUE] [--players N] [--narrated] [--warm N]`` (needs ``valgrind``; kuhn needs ``pip install -e
'.[bench]'``).
On a shared machine wall-clock rates drift by a third from one second to the next, while
the instructions a loop executes do not. Each game (and OpenSpiel's Python ``kuhn_poker``)
plays the same seeded random self-play as ``bench.py`` (``legal_ids`` + ``apply(id,
narrate=False)``; kuhn counts player decisions only) in two runs under callgrind, one of a
single decision and one of N; the difference divided by the decisions between them is the
cost of one decision, setup included, start-up excluded. ``kuhn / game`` is then the same
ratio bench.py prints, counted in instructions (about 20x slower than a plain run).
``--narrated`` counts the public path instead (``legal_actions()`` + ``apply(action)``,
narrated), bench.py's second line. ``--ismcts N`` counts a search move instead: ISMCTS at N
iterations (with ``--options K=V:K=V``, more of its spec) over the first three of
``bench.py``'s mid-game positions with a choice, less the same at one iteration (setup and
sampling of the first world left out), per move.
``--warm N`` first plays N uncounted random decisions of other seeds in both runs, so that
caches shared across games (The GAME's turn options) are as warm as in bench.py's longer
runs (a cold 3,000-decision run charges The GAME for filling a quarter of that cache).
Both runs hash strings alike (``PYTHONHASHSEED=0``) and find every module compiled (one
uncounted import first): otherwise the first run after an edit pays for writing the
bytecode and the count drifts by a thousand or two instructions a decision. ``--no-gc``
switches the cycle collector off in both runs (a collection landing in one run only is
another such drift; the collector's share of the cost is then left out). With both, a game's
count repeats to the instruction (Solo Bound Female, 1,000 decisions: 67,517 three times);
kuhn's does not (83,769-107,242 over five runs of the same seed, OpenSpiel's own work varying
under callgrind), so the ``x kuhn`` column is best read against a median of several runs.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

LOOP = """
import gc, random, sys
if sys.argv[6] == "1":
    gc.disable()
slug, n, players, narrated = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1"
config = dict(a.split("=", 1) for a in sys.argv[7:])
decisions = 0
if slug == "kuhn":
    import pyspiel
    from open_spiel.python.games import kuhn_poker  # noqa: F401
    game = pyspiel.load_game("python_kuhn_poker")
    rng = random.Random(0)
    while decisions < n:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
else:
    import rulebook
    from rulebook.engine.random import Rng
    game = rulebook.load(slug, **config)
    rng, seed = Rng(1), 0
    warm, warm_rng, warm_seed = int(sys.argv[5]), Rng(2), 10**9
    while warm > 0:  # caches shared across games (The GAME's options) as in a long run
        state = game.new_state(seed=warm_seed, players=int(players) if players else None)
        warm_seed += 1
        while state.decisions and warm > 0:
            legal = state.legal_ids()
            state.apply(legal[warm_rng.below(len(legal))], narrate=False)
            warm -= 1
    while decisions < n:
        state = game.new_state(seed=seed, players=int(players) if players else None)
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
print(decisions)
"""


SEARCH = """
import sys
sys.path.insert(0, sys.argv[1])
from bench import mid_game_states
from rulebook.agents import make_agent
slug, iterations, players, options = sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
config = dict(a.split("=", 1) for a in sys.argv[6:])
states = mid_game_states(slug, int(players) if players else None, config, count=40)
states = [s for s in states if len(s.legal_ids()) > 1][:3]
for state in states:
    seat = state.to_move
    spec = f"ismcts:iterations={iterations}{options}"
    make_agent(spec, state.game, seat, 1).act(state.infoset(seat))
print(len(states))
"""


SAME = {**os.environ, "PYTHONHASHSEED": "0"}  # every counted run hashes alike


def compiled(slug: str) -> None:
    """Import the game once, uncounted, so no counted run pays for writing bytecode."""
    code = f"import rulebook; rulebook.load({slug!r})"
    if slug == "kuhn":
        code = "import pyspiel; from open_spiel.python.games import kuhn_poker"
    subprocess.run([sys.executable, "-c", code], check=True, env=SAME)


def counted(
    slug: str,
    decisions: int,
    players: int | None,
    config: list[str],
    narrated: bool,
    warm: int,
    no_gc: bool = False,
) -> tuple[int, int]:
    """(decisions played, instructions executed) for one run of the loop under callgrind,
    after ``warm`` uncounted random decisions of other games (the same in every run)."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    command += [sys.executable, "-c", LOOP, slug, str(decisions), str(players or "")]
    command += [str(int(narrated)), str(warm), str(int(no_gc)), *config]
    run = subprocess.run(command, capture_output=True, text=True, check=True, env=SAME)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"callgrind gave no count: {run.stderr[-300:]}")
    return int(run.stdout.split()[-1]), int(found.group(1))


def search_counted(
    slug: str, iterations: int, players: int | None, config: list[str], options: str = ""
) -> int:
    """Instructions of one run of ISMCTS moves at ``iterations`` under callgrind
    (``options``: more of the agent's spec, such as ``:rollout=3``)."""
    here = str(Path(__file__).parent)
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    command += [sys.executable, "-c", SEARCH, here, slug, str(iterations), str(players or "")]
    command.append(options)
    run = subprocess.run([*command, *config], capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"callgrind gave no count: {run.stderr[-300:]}")
    return int(found.group(1)) // max(1, int(run.stdout.split()[-1]))


def per_search_move(
    slug: str, iterations: int, players: int | None, config: list[str], options: str = ""
) -> float:
    """Instructions of an ISMCTS move at ``iterations``, less one at a single iteration."""
    return search_counted(slug, iterations, players, config, options) - search_counted(
        slug, 1, players, config, options
    )


def per_decision(
    slug: str,
    decisions: int,
    players: int | None,
    config: list[str],
    narrated: bool = False,
    warm: int = 0,
    no_gc: bool = False,
) -> float:
    compiled(slug)
    d0, i0 = counted(slug, 1, players, config, narrated, warm, no_gc)
    d1, i1 = counted(slug, decisions, players, config, narrated, warm, no_gc)
    return (i1 - i0) / (d1 - d0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decisions", type=int, default=3000)
    parser.add_argument("--game", action="append", help="a game slug (repeatable)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="a rule parameter"
    )
    parser.add_argument(
        "--narrated", action="store_true", help="the public path: legal_actions() + apply(action)"
    )
    parser.add_argument("--ismcts", type=int, default=0, help="count ISMCTS moves at N iterations")
    parser.add_argument(
        "--options", default="", metavar="K=V:K=V", help="more ismcts options, e.g. rollout=3"
    )
    parser.add_argument(
        "--warm",
        type=int,
        default=0,
        help="play N uncounted decisions first (caches shared across games warm, as in bench.py)",
    )
    parser.add_argument(
        "--no-gc", action="store_true", help="the cycle collector off in both counted runs"
    )
    args = parser.parse_args()
    from rulebook.engine.game import games

    if args.ismcts:
        label = "".join(f" {item}" for item in args.set) + (f" {args.options}" * bool(args.options))
        options = f":{args.options}" if args.options else ""
        for slug in args.game or [cls.slug for cls in games()]:
            cost = per_search_move(slug, args.ismcts, args.players, args.set, options)
            print(f"{slug + label:32s} {cost / 1e6:8.1f} million instructions/move")
        return

    kuhn = per_decision("kuhn", args.decisions, None, [], warm=args.warm, no_gc=args.no_gc)
    print(f"{'kuhn_poker':32s} {kuhn:10,.0f} instructions/decision")
    label = "".join(f" {item}" for item in args.set) + (" narrated" if args.narrated else "")
    for slug in args.game or [cls.slug for cls in games()]:
        cost = per_decision(
            slug, args.decisions, args.players, args.set, args.narrated, args.warm, args.no_gc
        )
        print(f"{slug + label:32s} {cost:10,.0f} instructions/decision  {kuhn / cost:5.2f}x kuhn")


if __name__ == "__main__":
    main()
