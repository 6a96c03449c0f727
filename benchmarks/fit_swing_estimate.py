"""Fit SWING!'s estimate at one table size (``SIX_WEIGHTS``, ``FIVE_WEIGHTS``, ``FOUR_WEIGHTS``
in ``games/swing/view.py``) and compare it
with the estimate in the code.

Run: ``python benchmarks/fit_swing_estimate.py [--players 6] [--train 3000] [--test 1000]
[--random 0.2]``. It plays seeded games of the heuristic against itself, a share of the moves
random (so the positions look like the ones a search's rollouts stop in), records at every
decision each seat's figures (``View.seat_figures``), what the code's estimate reads and each
seat's share of the win, fits a conditional logit (each seat's chance to win is a softmax over
the seats of a weighted sum of its figures) by Newton's method, and prints the weights with
the held-out games' log loss, Brier score and AUC for the fitted model and for the estimate the
code has now, over every held-out position and over those in the middle of a turn. Same
arguments, same numbers (seeded games). Needs numpy (the dev extra).
"""

from __future__ import annotations

import argparse
import random

import numpy as np
from numpy.typing import NDArray

import rulebook
from rulebook.agents import decide, make_agent
from rulebook.games.swing.room import PH_FOREPLAY_TOP
from rulebook.games.swing.view import View

Array = NDArray[np.float64]


def positions(
    first: int, games: int, players: int, share: float
) -> tuple[Array, Array, Array, Array, Array]:
    """Per decision of ``games`` seeded games: every seat's figures (positions x seats x
    figures), the seats' shares of the win, the code's estimate, the share estimate (the
    one before the fit, still the estimate below six players), and whether the turn is
    under way (past the Top's first Foreplay decision)."""
    game = rulebook.load("swing")
    rows: list[list[list[float]]] = []
    won: list[list[float]] = []
    now: list[list[float]] = []
    old: list[list[float]] = []
    mid: list[float] = []
    for index in range(first, first + games):
        rng = random.Random(index)
        state = game.new_state(seed=1000003 * index + 7, players=players)
        assert isinstance(state, View)
        agents = [make_agent("heuristic", game, seat, index) for seat in range(players)]
        count = 0
        while state.to_move is not None:
            seat = state.to_move
            rows.append(state.seat_figures())
            now.append(state.estimate())
            old.append(state.share_estimate())
            mid.append(0.0 if state.phase == PH_FOREPLAY_TOP and not state.placed else 1.0)
            count += 1
            if rng.random() < share:
                state.apply(rng.choice(state.legal_ids()), narrate=False)
            else:
                state.apply(decide(agents[seat], state, seat), narrate=False)
        won.extend([list(state.returns())] * count)
    return np.array(rows), np.array(won), np.array(now), np.array(old), np.array(mid)


def chances(x: Array, w: Array) -> Array:
    """Each seat's chance: a softmax over the seats of its figures' weighted sum."""
    z = x @ w
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]


def fit(x: Array, y: Array, ridge: float) -> Array:
    """Conditional logit by Newton's method, a small ridge keeping the steps stable."""
    w = np.zeros(x.shape[2])
    for _ in range(25):
        p = chances(x, w)
        mean = np.einsum("ns,nsf->nf", p, x)
        grad = np.einsum("ns,nsf->f", p - y, x) + ridge * w
        second = np.einsum("ns,nsf,nsg->fg", p, x, x) - mean.T @ mean
        step = np.linalg.solve(second + ridge * np.eye(len(w)), grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def scores(p: Array, y: Array) -> str:
    """Per position: log loss of the seats' shares of the win, Brier score (summed over the
    seats); AUC over every (position, seat): the chance a winning seat reads above a losing
    one."""
    q = np.clip(p, 1e-6, 1.0)
    loss = -np.mean((y * np.log(q)).sum(axis=1))
    brier = np.mean(((p - y) ** 2).sum(axis=1))
    flat, won = p.ravel(), (y.ravel() > 0).astype(float)
    order = np.argsort(flat, kind="stable")
    ranks = np.empty(len(flat))
    ranks[order] = np.arange(len(flat))
    wins = won.sum()
    auc = (ranks[won == 1].sum() - wins * (wins - 1) / 2) / (wins * (len(won) - wins))
    return f"log loss {loss:.4f}, Brier {brier:.4f}, AUC {auc:.4f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--train", type=int, default=3000, help="games to fit on")
    parser.add_argument("--test", type=int, default=1000, help="held-out games")
    parser.add_argument("--random", type=float, default=0.2, help="share of random moves")
    args = parser.parse_args()
    x, y, _, _, _ = positions(0, args.train, args.players, args.random)
    tx, ty, now, old, mid = positions(100_000, args.test, args.players, args.random)
    w = fit(x, y, 1e-2)
    print(f"{len(y)} positions to fit, {len(ty)} held out ({int(mid.sum())} in mid-turn)")
    name = {4: "FOUR", 5: "FIVE", 6: "SIX"}.get(args.players, str(args.players))
    print(f"{name}_WEIGHTS =", tuple(round(float(v), 3) for v in w))
    fitted = chances(tx, w)
    inside = mid == 1
    for name, p in (("fitted now", fitted), ("the code", now), ("share estimate", old)):
        print(f"{name:15}", scores(p, ty), "| mid-turn:", scores(p[inside], ty[inside]))


if __name__ == "__main__":
    main()
