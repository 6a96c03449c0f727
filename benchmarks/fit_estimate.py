"""Fit Solo Bound Female Standard's estimate (``STANDARD_WEIGHTS``, ``STANDARD_STEP`` in
``games/solo_bound_female/view.py``) and compare it with the estimate in the code.

Run: ``python benchmarks/fit_estimate.py [--train 2000] [--test 600] [--random 0.2]``. It plays
Standard games of the heuristic against itself, a share of the moves random (so the positions
look like the ones a search's rollouts stop in), records at every decision what the estimate
reads (``standard_sides`` of each character, the step, whose turn it is) and who won, fits a
logistic model of "the character whose turn it is wins" by Newton's method, and prints the
weights with the held-out games' log loss, Brier score and AUC for the fitted model and for
the estimate the code has now. Same arguments, same numbers (seeded games). Needs numpy (the
dev extra).
"""

from __future__ import annotations

import argparse
import random

import numpy as np
from numpy.typing import NDArray

import rulebook
from rulebook.agents import decide, make_agent
from rulebook.games.solo_bound_female.view import View

STEPS = 5  # Opposing Turn, begin, initial, clean-up, end


def positions(
    first: int, games: int, share: float
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """Rows of (step one-hot, acting minus other), the acting character's result (1 won),
    and the code's estimate for her, at every decision of ``games`` seeded games."""
    game = rulebook.load("solo-bound-female", mode="standard")
    rows: list[list[float]] = []
    won: list[float] = []
    now: list[float] = []
    for index in range(first, first + games):
        rng = random.Random(index)
        state = game.new_state(seed=1000003 * index + 7, players=2)
        assert isinstance(state, View)
        agents = [make_agent("heuristic", game, seat, index) for seat in range(2)]
        acting: list[int] = []
        while state.to_move is not None:
            seat = state.to_move
            me = state.me
            mine, theirs = state.standard_sides(me), state.standard_sides(1 - me)
            step = [1.0 if s == state.step else 0.0 for s in range(STEPS)]
            rows.append(step + [a - b for a, b in zip(mine, theirs, strict=True)])
            now.append(state.estimate()[me])
            acting.append(me)
            if rng.random() < share:
                state.apply(rng.choice(state.legal_ids()), narrate=False)
            else:
                state.apply(decide(agents[seat], state, seat), narrate=False)
        result = state.returns()
        won.extend(result[me] for me in acting)
    return np.array(rows), np.array(won), np.array(now)


def fit(x: NDArray[np.float64], y: NDArray[np.float64], ridge: float) -> NDArray[np.float64]:
    """Logistic regression by Newton's method, a small ridge keeping the steps stable."""
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        hessian = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        w -= np.linalg.solve(hessian, x.T @ (p - y))
    return w


def scores(p: NDArray[np.float64], y: NDArray[np.float64]) -> str:
    """Log loss, Brier score and AUC (the chance a won position reads above a lost one)."""
    q = np.clip(p, 1e-6, 1 - 1e-6)
    loss = -np.mean(y * np.log(q) + (1 - y) * np.log(1 - q))
    order = np.argsort(p, kind="stable")
    ranks = np.empty(len(p))
    ranks[order] = np.arange(len(p))
    wins = y.sum()
    auc = (ranks[y == 1].sum() - wins * (wins - 1) / 2) / (wins * (len(y) - wins))
    return f"log loss {loss:.4f}, Brier {np.mean((p - y) ** 2):.4f}, AUC {auc:.4f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=int, default=2000, help="games to fit on")
    parser.add_argument("--test", type=int, default=600, help="held-out games")
    parser.add_argument("--random", type=float, default=0.2, help="share of random moves")
    args = parser.parse_args()
    x, y, _ = positions(0, args.train, args.random)
    tx, ty, now = positions(100_000, args.test, args.random)
    w = fit(x, y, 1e-2)
    print(f"{len(y)} positions to fit, {len(ty)} held out")
    print("STANDARD_STEP =", tuple(round(float(v), 2) for v in w[:STEPS]))
    print("STANDARD_WEIGHTS =", tuple(round(float(v), 2) for v in w[STEPS:]))
    print("fitted:  ", scores(1.0 / (1.0 + np.exp(-tx @ w)), ty))
    print("the code:", scores(now, ty))


if __name__ == "__main__":
    main()
