"""Searches that compare the root's moves without one shared tree (options of ``ismcts``):
``paired=1``, rollouts of every move with common random numbers, and ``pimc=K``, a tree per
guessed world (docs/search.md, thirteenth and fifteenth rounds)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import partial
from math import sqrt
from time import perf_counter
from typing import TYPE_CHECKING

from rulebook.agents import Agent, make_agent
from rulebook.engine.actions import Action
from rulebook.engine.game import Game
from rulebook.engine.random import Rng, derive_seed
from rulebook.engine.state import InfoSet, State

if TYPE_CHECKING:
    from rulebook.agents.ismcts import Node

TURN_CAP = 1000  # decisions at most in a rollout counted in turns (a game's turn may stall)


class RootSearches:
    """``paired_search`` and ``pimc_search`` (a mixin of ``IsmctsAgent``)."""

    if TYPE_CHECKING:  # what these read of the agent they are part of
        game: Game
        seat: int
        rng: Rng
        guess: float | None
        iterations: int
        budget: float | None
        policies: list[Agent]
        policy: str
        margin: float
        pimc: int
        rollout: int
        rollout_turns: int
        model_random: bool

        def _replayed(self) -> AbstractContextManager[None]: ...
        def _grown(
            self,
            sample: Callable[[], State],
            own: InfoSet | None,
            iterations: int,
            budget: float | None,
        ) -> Node: ...
        @staticmethod
        def _score(state: State) -> list[float]: ...

    def pimc_search(self, legal: tuple[int, ...], infoset: InfoSet) -> int:
        """``pimc=K``: perfect-information Monte Carlo over the other seats' cards, the
        decks still hidden. K worlds are sampled from the seat's information set (as the
        tree search samples them); each is searched by a tree of its own as
        ``oracle:sees=hands`` searches the true state (every seat's cards kept as they lie in
        that world, the lists no seat sees re-dealt in each of its worlds:
        ``State.unseen_redealt``), with ``iterations // K`` iterations (at least one) and a
        K-th of any ``time``. The move played has the best mean over the K trees, their
        root returns and visits added (a move no tree tried counts last). So a seat in a
        tree plays on the cards it holds in that world, not on statistics pooled over every
        hand the searcher cannot see."""
        rng, guess, count = self.rng, self.guess, self.pimc
        iterations = max(1, self.iterations // count)
        budget = None if self.budget is None else self.budget / count
        visits = dict.fromkeys(legal, 0)
        reward = dict.fromkeys(legal, 0.0)
        for _k in range(count):
            redealt = partial(infoset.sample(rng, guess).unseen_redealt, rng)
            root = self._grown(redealt, infoset, iterations, budget)
            for aid, child in root.children.items():
                visits[aid] += child.visits
                reward[aid] += child.reward
        return max(legal, key=lambda a: reward[a] / visits[a] if visits[a] else -1.0)

    def paired_search(self, legal: tuple[int, ...], infoset: InfoSet) -> int:
        """``paired=1``: one step of policy improvement over the rollout policy, with common
        random numbers. Each sampled world (from the seat's information set, as the tree
        search samples them) is played out after *every* legal move, each rollout with the
        same seed (the same dice and shuffles in the world, the same rollout draws, rollout
        agents made afresh with the same seeds), so the moves are compared on paired
        differences: a world's luck is common to every move and cancels, which the tree's
        unpaired means (differences of 0.01-0.03 under world-to-world noise) could not
        separate. ``iterations`` counts rollouts (``iterations // moves`` worlds, at least
        one); ``time`` stops between worlds. The move with the best mean is played, unless
        the policy's own move (a quick agent's, on this information set) is within
        ``margin`` standard errors of the paired difference: then the policy's move."""
        rng, guess = self.rng, self.guess
        base = -1
        if self.policies:
            base = action_id(self.policies[self.seat].act(infoset))
        worlds = max(1, self.iterations // len(legal))
        deadline = None if self.budget is None else perf_counter() + self.budget
        rows: list[list[float]] = []  # per world: the searcher's return after each move
        with self._replayed():
            for k in range(worlds):
                if k and deadline is not None and perf_counter() >= deadline:
                    break
                world = listed(infoset.sample(rng, guess))
                seed = rng.next64()
                rows.append([self._paired_rollout(world, aid, seed) for aid in legal])
        return paired_choice(legal, rows, base, self.margin)

    def _paired_rollout(self, world: State, aid: int, seed: int) -> float:
        """The searcher's return after ``aid`` in a copy of ``world``, the rest played out to
        the horizon by the rollout policy for every seat (each from its own information set
        in the world; uniform moves where there is none, or for the other seats under
        ``opponents=random``), with draws and agents all seeded by ``seed``: every move of a
        world is played out with the same luck."""
        state = world.clone()
        state.play(aid)
        rng = Rng(seed)
        agents: list[Agent] = []
        if self.policies:
            agents = [
                make_agent(self.policy, self.game, s, derive_seed(seed, 0x9011C7, s))
                for s in range(state.players)
            ]
        turns = self.rollout_turns
        steps = TURN_CAP if turns else self.rollout
        until = state.turns() + turns
        while steps and state.decisions:
            if turns and state.turns() >= until:
                break
            mover = state.decisions[-1][1]
            if agents and not (self.model_random and mover != self.seat):
                state.apply(action_id(agents[mover].act(state.infoset(mover))), narrate=False)
            else:
                legal = state.legal_ids()
                state.play(legal[rng.below(len(legal))])
            steps -= 1
        return self._score(state)[self.seat]


def paired_choice(legal: tuple[int, ...], rows: list[list[float]], base: int, margin: float) -> int:
    """``paired=1``'s choice from ``rows`` (per world, the return after each of ``legal``):
    the move with the best mean (the earliest on a tie), unless ``base`` (the rollout
    policy's own move; -1: none) does as well, or the best beats it by no more than
    ``margin`` standard errors of their paired differences (world by world)."""
    count = len(rows)
    means = [sum(row[i] for row in rows) / count for i in range(len(legal))]
    best = max(range(len(legal)), key=lambda i: means[i])
    if base < 0 or legal[best] == base:
        return legal[best]
    b = legal.index(base)
    gain = means[best] - means[b]
    if gain <= 0.0:
        return base
    if margin > 0.0 and count > 1:
        diffs = [row[best] - row[b] for row in rows]
        spread = sum((d - gain) ** 2 for d in diffs) / (count - 1)
        if gain <= margin * sqrt(spread / count):
            return base
    return legal[best]


def listed(world: State) -> State:
    """A sampled world with its legal ids listed once: every clone of it starts an iteration
    with them (a clone carries the list until its first move) instead of listing them again.
    It keeps no record of what seats read (``State.drop_reads``): the search samples only at
    the root, so its iterations need not pay for one."""
    world.legal_ids()
    world.drop_reads()
    return world


def action_id(action: Action | int) -> int:
    return action if isinstance(action, int) else action.id
