"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration takes a full state consistent with the agent's information set (one of
``worlds`` sampled once per move, cycled: sampling costs more than a clone), walks one
shared tree by UCB over the actions available in that sample (availability counts, so an
action seen in few samples is not over-explored), expands one node, plays a random rollout
and backs up each mover's return. It sees only ``infoset``: its view, its legal actions and
``sample(rng)``. Rollouts stop after ``rollout`` decisions; an unfinished one is scored by
the state's ``estimate()`` when the game offers one, else as an even split.

A sampled world keeps its own future (die rolls, later shuffles) for every iteration that
reuses it (``chance=world``, the default); ``chance=fresh`` draws it afresh at each iteration,
so that more iterations do not teach the tree the dice of its few worlds. With kept futures,
a world's draws are computed once and looked up when an iteration replays it
(``rulebook.engine.random.remembered_draws``): the same draws, cheaper. The search's own draws
(random moves, the untried child to expand, a fresh future) are made ahead in batches
(``rulebook.engine.random.Draws``): the numbers its Rng would give one by one, and its state
after the search the same.

``iterations`` is the reproducible budget (simulations use it: same seed, same moves);
``time=SECONDS`` stops a move's search once that much wall time has passed (tables use it),
at most ``iterations`` when both are given.

``opponents=search`` (the default) searches every seat's moves alike: it assumes opponents who
play well, and takes a sure draw when that is worth more against them. ``opponents=random`` is
an opponent model: other seats' moves in the tree and the rollouts are drawn uniformly, as a
random player's are, so it presses for the win against weak play. ``policy=heuristic`` (any
quick agent of the game) plays the rollouts instead of uniform moves: slower, better informed.
``prior=heuristic`` (any quick agent) adds ``prior_weight / (visits + 1)`` to that agent's
move at the root (progressive bias): the search leans on it until the visits say otherwise.
A game's ``search_defaults`` replace these defaults where they serve it badly (The GAME: no
rollouts), per table size where it needs (``search_defaults_for``: SWING! at six players
scores each new node by its fitted estimate without a rollout and explores less,
``rollout=0:exploration=0.4``, and at four and five rolls out two decisions;
Susumuka & Modoruka models the other seats as random players, ``opponents=random``, and at six
players rolls out two decisions, not three);
options in the agent spec win over both.

Worlds keep what the seat has read as fact about hidden cards from public play
(``State.hidden_reads``: in The GAME, a player asked for a kind and told "none" holds none but
what it has drawn since). ``guess=W`` also trusts the game's guesses (what the other players'
own moves suggest: asked for a kind, so it lacked one), a world breaking one weighted by W.

``trees=seat`` keeps a tree per seat (after multiple-observer ISMCTS, Cowling, Powley &
Whitehouse 2012): the searcher's moves are chosen in the shared tree as before, another
seat's from its own node, the shared node split by that seat's information set in the world
(its view there), so it plays on the cards it would hold rather than on statistics pooled
over every hand the searcher cannot see. ``share=K`` lends such a node the shared node's
mean as K visits (0, the default: its own statistics only). ``trees=one`` is the default.

``paired=1`` searches no tree: one step of policy improvement over the rollout policy
(``policy=heuristic``), with common random numbers. Each sampled world is played out after
every legal move with the same seed, so the moves are compared on paired differences and a
world's luck cancels; the policy's own move is kept unless another beats its mean (by
``margin`` standard errors of the paired differences, 2 by default: always taking the best
mean lost, the winner's curse). ``iterations`` counts the rollouts. Off by default
(``paired=0``; docs/search.md, thirteenth round).

``pimc=K`` searches no shared tree: perfect-information Monte Carlo over the other seats'
cards (as card programs for Bridge and Skat do), the decks still hidden. K worlds are sampled
from the information set and each is searched by a tree of its own, every seat's cards as
they lie in that world and the lists no seat sees re-dealt as ``oracle:sees=hands`` re-deals
them (``State.unseen_redealt``), ``iterations // K`` iterations each; the move with the best
mean over the K trees' roots is played. Off by default (``pimc=0``; docs/search.md,
fifteenth round).

``keep=1`` keeps the tree from one decision to the next: the agent walks it down the moves
made since, as its seat knows them (its own, then each the game says every seat sees,
``InfoSet.moves_seen``), and searches on from the node reached, else afresh; a move it
cannot see is never followed (``rulebook.agents.kept_tree``). Off by default (``keep=0``;
docs/search.md, sixteenth round).

Its options are read in ``rulebook.agents.search_options``; ``paired=1`` and ``pimc=K``,
which search without one shared tree, live in ``rulebook.agents.root_searches``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, nullcontext
from json import dumps
from math import log, sqrt
from time import perf_counter

from rulebook.agents import (
    Agent,
    check_options,
    float_option,
    int_option,
    make_agent,
)
from rulebook.agents.root_searches import TURN_CAP, RootSearches, action_id, listed
from rulebook.agents.search_options import (
    MARGIN_ALONE,
    OPTIONS,
    PAIRED,
    PAIRED_MUST,
    PIMC_MORE,
    PIMC_PAIRED,
    TREES,
    TREES_MUST,
    SearchOptions,
    guess_option,
    time_option,
)
from rulebook.engine.errors import UnknownAgent
from rulebook.engine.game import Game
from rulebook.engine.random import Draws, Rng, derive_seed, remembered_draws
from rulebook.engine.state import InfoSet, State
from rulebook.i18n import _

UNTIMED = 1 << 40  # iterations when only a time budget bounds the search


# A fresh line's moves after a node: (their ids, their movers, the returns of the iteration
# that played them, the index of the node's own child in them); see ``Node.grow``.
Tail = tuple[list[int], list[int], list[float], int]


class Node:
    __slots__ = ("avail", "children", "reward", "tail", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.tail: Tail | None = None

    def grow(self) -> None:
        """Make this node's child on its fresh line (``tail``), as the iteration that played
        the line would have made it (one visit, one availability, that iteration's return
        for its mover), and hand the rest of the line to it. A line of the other seats'
        random moves that the tree had never seen is kept as moves (``_fresh_line``): most
        such lines are never walked again, and at six players they were most of a move's
        nodes; a later iteration that walks into one grows it a node at a time."""
        tail = self.tail
        assert tail is not None
        aids, movers, returns, i = tail
        self.tail = None
        child = self.children[aids[i]] = Node()
        child.visits = child.avail = 1
        child.reward += returns[movers[i]]
        if i + 1 < len(aids):
            child.tail = (aids, movers, returns, i + 1)


def most_visited(legal: tuple[int, ...], root: Node) -> int:
    """The legal move whose child of ``root`` holds the most visits (the first on a tie)."""
    children = root.children
    return max(legal, key=lambda a: children[a].visits if a in children else -1)


class IsmctsAgent(SearchOptions, RootSearches):
    name = "ismcts"
    known_options: tuple[str, ...] = OPTIONS

    def __init__(self, game: Game, seat: int, seed: int, options: Mapping[str, str]) -> None:
        given = options
        options = {**game.search_defaults, **options}
        check_options(self.name, options, self.known_options)
        self.budget = time_option(options)
        timed_only = self.budget is not None and "iterations" not in given
        self.iterations = int_option(options, "iterations", UNTIMED if timed_only else 1000)
        self.given, self.game, self.fitted = dict(given), game, 0
        self.rollout, self.rollout_turns, self.exploration = self._per_table(options)
        self.worlds = int_option(options, "worlds", 64)
        self.fresh = self._chance(options.get("chance", "world"))
        self.model_random = self._opponents(options)
        self.seat = seat
        policy = options.get("policy", "random")
        if policy in ("ismcts", "oracle"):
            raise UnknownAgent(
                _(
                    "{agent}: policy names a quick agent for rollouts, not {value}",
                    agent=self.name,
                    value=policy,
                )
            )
        self.policies: list[Agent] = []
        if policy != "random":  # an informed rollout: that agent plays every seat
            self.policies = [
                make_agent(policy, game, s, derive_seed(seed, 0x9011C7, s))
                for s in range(game.max_players)
            ]
        self.rng = Rng(derive_seed(seed, 0x15C75, seat))
        self.prior = self._prior_agent(game, seat, seed, options.get("prior"))
        self.prior_weight = float_option(options, "prior_weight", 5.0)
        self.hint = -1  # the prior's move at the root being searched (-1: none)
        self.guess = guess_option(options)
        self.per_seat = self._one_of(options, "trees", TREES, TREES_MUST) == "seat"
        self.share = float_option(options, "share", 0.0)
        # trees=seat: (id of the shared node, the mover's key in the world) -> its own node
        self.own: dict[tuple[int, int], Node] = {}
        self.keys: dict[str, int] = {}  # a seat's view in a world -> its key (one search)
        self.paired = self._one_of(options, "paired", PAIRED, PAIRED_MUST) == "1"
        if "margin" in options and not self.paired:  # refused, not silently ignored
            raise UnknownAgent(_(MARGIN_ALONE, agent=self.name))
        self.margin = float_option(options, "margin", 2.0)
        self.policy = policy
        self.pimc = int_option(options, "pimc", 0, low=0)  # 0: one tree over every world
        if self.pimc and self.paired:
            raise UnknownAgent(_(PIMC_PAIRED, agent=self.name))
        if self.pimc > self.iterations:  # each world gets an iteration at least: over budget
            raise UnknownAgent(
                _(PIMC_MORE, agent=self.name, worlds=self.pimc, iterations=self.iterations)
            )
        # keep=1: the tree carried from one decision to the next (rulebook.agents.kept_tree)
        self.kept = self._kept_tree(options, self.per_seat, self.pimc, self.paired)

    @property
    def carried(self) -> int:
        """``keep=1``: the visits the last search's root already held from the search
        before (0: it began a fresh tree, or the tree is not kept)."""
        return self.kept.carried if self.kept is not None else 0

    def fit(self, players: int) -> None:
        """Take the game's options for this table size (``Game.search_defaults_for``): what
        judges a position well at two players may not at six."""
        if players != self.fitted:
            options = {**self.game.search_defaults_for(players), **self.given}
            self.rollout, self.rollout_turns, self.exploration = self._per_table(options)
            self.model_random = self._opponents(options)
            self.fitted = players

    def act(self, infoset: InfoSet) -> int:
        legal = infoset.legal_ids()
        kept = self.kept
        if len(legal) == 1:
            if kept is not None:  # its own move, walked past at the next decision
                kept.keep(kept.start(infoset), legal[0])
            return legal[0]
        self.fit(infoset.players)
        rng = self.rng
        guess = self.guess
        if self.paired:
            return self.paired_search(legal, infoset)
        if self.pimc:
            return self.pimc_search(legal, infoset)
        if kept is None:
            return self.search(legal, lambda: infoset.sample(rng, guess), infoset)
        start = kept.start(infoset)  # the kept tree's node here, or None: a fresh tree
        root = self._grown(
            lambda: infoset.sample(rng, guess), infoset, self.iterations, self.budget, start
        )
        move = most_visited(legal, root)
        kept.keep(root, move)
        return move

    def search(
        self, legal: tuple[int, ...], sample: Callable[[], State], own: InfoSet | None = None
    ) -> int:
        """The most visited root action after the search (worlds from ``sample``); the
        prior's move on ``own`` gets a bonus of ``prior_weight / (visits + 1)`` at the root."""
        return most_visited(legal, self._grown(sample, own, self.iterations, self.budget))

    def _grown(
        self,
        sample: Callable[[], State],
        own: InfoSet | None,
        iterations: int,
        budget: float | None,
        root: Node | None = None,
    ) -> Node:
        """The root of one search: ``iterations`` over worlds from ``sample``, or as many
        as ``budget`` seconds allow (at most ``iterations``). ``root``: a kept tree's node to
        search on from (``keep=1``), else a fresh one."""
        if root is None:
            root = Node()
        self.hint = -1
        if self.per_seat:  # the seats' own trees live for one search
            self.own, self.keys = {}, {}
        if self.prior is not None and own is not None and self.prior_weight > 0:
            self.hint = action_id(self.prior.act(own))
        if budget is None:
            self._fixed(root, sample, iterations)
        else:
            self._timed(root, sample, iterations, perf_counter() + budget)
        return root

    def _fixed(self, root: Node, sample: Callable[[], State], iterations: int) -> None:
        """``iterations`` iterations over worlds all sampled first (reproducible)."""
        worlds = [listed(sample()) for _ in range(min(self.worlds, iterations))]
        with self._replayed(), Draws(self.rng) as draws:
            outputs = draws.outputs
            if self.per_seat:
                keys = [self._world_keys(world) for world in worlds]
                for i in range(iterations):
                    k = i % len(worlds)
                    self._iterate(root, self._clone(worlds[k], outputs), outputs, keys[k])
                return
            for i in range(iterations):
                self._iterate(root, self._clone(worlds[i % len(worlds)], outputs), outputs)

    def _replayed(self) -> AbstractContextManager[None]:
        """Each world's draws remembered across the iterations that replay it (the same
        outputs, looked up: ``remembered_draws``); with ``chance=fresh`` no world's future
        repeats, so nothing is kept."""
        return nullcontext() if self.fresh else remembered_draws()

    def _clone(self, world: State, outputs: Iterator[int]) -> State:
        """A copy of ``world`` to search once: its own future, or a fresh one (``chance``:
        the agent's next output, ``rng.next64()``)."""
        new = world.clone()
        if self.fresh:
            new.rng_state = next(outputs)
        return new

    def _timed(
        self, root: Node, sample: Callable[[], State], iterations: int, deadline: float
    ) -> None:
        """Iterations until the deadline, a world sampled when first needed (sampling all
        first could spend a short budget on worlds never searched)."""
        worlds: list[State] = []
        keys: list[tuple[int, ...]] = []  # trees=seat: each world's seat keys
        limit = min(self.worlds, iterations)
        with self._replayed(), Draws(self.rng) as draws:
            outputs = draws.outputs
            for i in range(iterations):
                if i and perf_counter() >= deadline:
                    return
                if len(worlds) < limit:
                    draws.settle()  # sampling reads the Rng itself
                    worlds.append(listed(sample()))
                    if self.per_seat:
                        keys.append(self._world_keys(worlds[-1]))
                world = self._clone(worlds[i % limit], outputs)
                self._iterate(root, world, outputs, keys[i % limit] if self.per_seat else None)

    def _iterate(
        self,
        root: Node,
        state: State,
        outputs: Iterator[int],
        keys: tuple[int, ...] | None = None,
    ) -> None:
        """One iteration in ``state``, drawing from ``outputs`` (the agent's Rng, made ahead:
        ``(next(outputs) * n) >> 64`` is ``rng.below(n)``); with ``keys`` (``trees=seat``:
        each seat's key in this world) another seat's moves come from its own tree
        (``_own_move``)."""
        c = self.exploration
        model_random, seat = self.model_random, self.seat
        node = root
        path: list[tuple[Node, int]] = []  # (node entered, seat that moved into it)
        fresh: Node | None = None  # a new node after which the walk is a fresh line
        hinted = self.hint >= 0
        while state.decisions:
            legal = state.legal_ids()
            mover = state.decisions[-1][1]
            if model_random and mover != seat:  # the opponent model: uniform play
                children = node.children
                if children:  # availability still counted: the seat may move here elsewhere
                    for a in legal:
                        child = children.get(a)
                        if child is not None:
                            child.avail += 1
                aid = legal[(next(outputs) * len(legal)) >> 64]
                child = children.get(aid)
                state.play(aid)
                if child is None:  # a move the tree never saw: the rest is a fresh line
                    child = children[aid] = Node()
                    child.avail = 1
                    path.append((child, mover))
                    fresh = child
                    break
                if child.tail is not None:
                    child.grow()
                node = child
                path.append((node, mover))
                continue
            if keys is not None and mover != seat:
                node, mine, expanded = self._own_move(node, state, legal, keys[mover], outputs)
                path.append((node, mover))
                path.append((mine, mover))
                if expanded:
                    break
                continue
            children = node.children
            # UCB here, scored in the same pass unless the root's prior chooses (the scores
            # are the same floats as scored after the pass)
            by_ucb = not (hinted and node is root)
            untried = []  # in legal order (the draw among them depends on it)
            best_score = -1.0
            aid = legal[0]
            for a in legal:  # one pass: what is untried, availability and UCB for the rest
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    avail = child.avail = child.avail + 1
                    if by_ucb and not untried:  # once one is untried, no score is needed
                        visits = child.visits
                        score = child.reward / visits + c * sqrt(log(avail) / visits)
                        if score > best_score:
                            best_score, aid = score, a
            if untried:
                aid = untried[(next(outputs) * len(untried)) >> 64]
                child = children[aid] = Node()
                child.avail = 1
                state.play(aid)
                path.append((child, mover))
                break
            if not by_ucb:  # the root, with the prior's bias
                aid = self._best_with_hint(children, legal)
            node = children[aid]
            if node.tail is not None:
                node.grow()
            state.play(aid)
            path.append((node, mover))
        if fresh is None:
            returns = self._rollout(state, outputs)
        else:
            aids, movers = self._fresh_line(state, outputs)
            returns = self._rollout(state, outputs)
            if aids:
                fresh.tail = (aids, movers, returns, 0)
        for child, mover in path:
            child.visits += 1
            child.reward += returns[mover]

    def _fresh_line(self, state: State, outputs: Iterator[int]) -> tuple[list[int], list[int]]:
        """The moves after one the tree never saw, to the searcher's next move (its
        expansion) or the game's end: the same uniform draws the walk makes in new nodes
        (no statistics yet, so every move untried), returned as (ids, movers) instead of
        made into nodes (``Node.grow`` makes them when a later iteration walks there)."""
        seat = self.seat
        aids: list[int] = []
        movers: list[int] = []
        while state.decisions:
            legal = state.legal_ids()
            mover = state.decisions[-1][1]
            aid = legal[(next(outputs) * len(legal)) >> 64]
            state.play(aid)
            aids.append(aid)
            movers.append(mover)
            if mover == seat:
                break
        return aids, movers

    def _world_keys(self, world: State) -> tuple[int, ...]:
        """``trees=seat``: each seat's information set in ``world`` at the root, as a small
        int: its view (exactly what it may see there, hands sorted), so two worlds that
        differ only in what a seat cannot see give it the same key. The searcher's own is
        0: every world is in its information set."""
        keys = self.keys
        found = []
        for seat in range(world.players):
            if seat == self.seat:
                found.append(0)
                continue
            seen = dumps(world.view(seat), sort_keys=True, separators=(",", ":"))
            found.append(keys.setdefault(seen, len(keys) + 1))
        return tuple(found)

    def _own_move(
        self,
        node: Node,
        state: State,
        legal: tuple[int, ...],
        key: int,
        outputs: Iterator[int],
    ) -> tuple[Node, Node, bool]:
        """Another seat's move with a tree per seat (``trees=seat``, after multiple-observer
        ISMCTS), applied to ``state``: chosen in its own node, the shared node (the moves so
        far) split by that seat's information set in this world (``_world_keys``), so it
        chooses from what it would know there, not from statistics pooled over its hands.
        Returns the shared child, its own child (both are updated) and whether the move
        expands the tree. ``share=K`` lends its own node the shared node's mean as K visits
        (0: its own statistics only, each action tried once first)."""
        own = self.own
        mine = own.get((id(node), key))
        if mine is None:
            mine = own[(id(node), key)] = Node()
        aid, expanded = self._choose_own(node, mine, legal, outputs)
        children = node.children
        child = children.get(aid)
        if child is None:
            child = children[aid] = Node()
            child.avail = 1
        state.play(aid)
        return child, mine.children[aid], expanded

    def _choose_own(
        self, shared: Node, mine: Node, legal: tuple[int, ...], outputs: Iterator[int]
    ) -> tuple[int, bool]:
        """Another seat's move from its own node ``mine`` (``trees=seat``), and whether it
        expands the tree (the iteration then rolls out). Untried first, at random: an
        action its own node never took (``share=0``), or one the shared node never took
        (``share`` above 0: the shared mean stands in for it until then). Then UCB over its
        own statistics, the shared node's mean counted as ``share`` visits."""
        c, share = self.exploration, self.share
        mine_children, shared_children = mine.children, shared.children
        untried = []
        best_score = -1.0
        aid = legal[0]
        for a in legal:
            child = mine_children.get(a)
            if child is None:
                child = mine_children[a] = Node()
            child.avail += 1
            if share > 0:
                other = shared_children.get(a)
                if other is None:
                    untried.append(a)
                    continue
                visits = child.visits + share
                mean = (child.reward + share * other.reward / other.visits) / visits
            elif child.visits == 0:
                untried.append(a)
                continue
            else:
                visits = child.visits
                mean = child.reward / visits
            if not untried:
                score = mean + c * sqrt(log(child.avail) / visits)
                if score > best_score:
                    best_score, aid = score, a
        if untried:
            return untried[(next(outputs) * len(untried)) >> 64], True
        return aid, False

    def _best_with_hint(self, children: dict[int, Node], legal: tuple[int, ...]) -> int:
        """UCB at the root, the prior's move given its progressive bias."""
        c, hint = self.exploration, self.hint
        best_score = -1.0
        aid = legal[0]
        for a in legal:
            child = children[a]
            score = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
            if a == hint:
                score += self.prior_weight / (child.visits + 1)
            if score > best_score:
                best_score, aid = score, a
        return aid

    def _rollout(self, state: State, outputs: Iterator[int]) -> list[float]:
        """Moves to the horizon, uniform ones drawn from ``outputs`` (``(next(outputs) *
        n) >> 64`` is the agent's ``rng.below(n)``), then the score."""
        policies = self.policies
        turns = self.rollout_turns  # above 0: the horizon in turns, not decisions
        steps = TURN_CAP if turns else self.rollout
        if not policies and not turns:  # the default: uniform moves, nothing else asked
            while steps and state.decisions:
                legal = state.legal_ids()
                state.play(legal[(next(outputs) * len(legal)) >> 64])
                steps -= 1
            return self._score(state)
        until = state.turns() + turns
        if not policies:  # uniform moves to a horizon in turns: the same draws, fewer tests
            while steps and state.decisions and state.turns() < until:
                legal = state.legal_ids()
                state.play(legal[(next(outputs) * len(legal)) >> 64])
                steps -= 1
            return self._score(state)
        while state.decisions and steps:
            if turns and state.turns() >= until:
                break
            mover = state.decisions[-1][1] if policies else -1
            if mover >= 0 and not (self.model_random and mover != self.seat):
                state.apply(int(policies[mover].act(state.infoset(mover))), narrate=False)
            else:  # uniform moves (the default: no policy, nothing read but the legal ids)
                legal = state.legal_ids()
                state.play(legal[(next(outputs) * len(legal)) >> 64])
            steps -= 1
        return self._score(state)

    @staticmethod
    def _score(state: State) -> list[float]:
        """A rollout's end: the returns of a finished game, else the game's estimate (an
        even split when it has none)."""
        if not state.decisions:
            return state.returns()
        values = state.estimate()
        return values if values is not None else [1.0 / state.players] * state.players
