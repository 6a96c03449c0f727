"""The shape of a game's views, learnt from seeded play through the public protocol.

A view is JSON-like data: dicts, lists, strings, numbers, booleans, None. Which keys, list
lengths, strings and number ranges a game's views hold follows from the game's declarations
(zones, decisions, card lists) and its ``observe``; rather than a hand-written spec per game,
the schema is read off the views of seeded games (half played at random, half by the game's
own heuristic where it has one) for every seat, so it is deterministic per game, config and
player count. ``rulebook.rl.encoding`` compiles it into a fixed-length vector.

Only views are read here: nothing of a state's private fields.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rulebook.engine.game import Game
from rulebook.engine.random import Rng

SAMPLE_GAMES = 16  # seeded games read per game, config and player count
SAMPLE_SEED = 20_250  # fixed: the schema must not change from one run to the next


@dataclass
class Seen:
    """Everything observed at one path of the views: its types, values and sizes."""

    samples: int = 0  # times the path held a value (None included)
    nones: int = 0
    lo: float = float("inf")  # numbers seen
    hi: float = float("-inf")
    numbers: bool = False
    bools: bool = False
    strings: Counter[str] = field(default_factory=Counter)
    keys: dict[str, Seen] | None = None  # a dict's entries
    items: list[Seen] | None = None  # a list's entries by position (not strings)
    bag: Counter[str] | None = None  # a list of strings: each value's most copies in one list
    longest: int = 0
    numeric_items: bool = False  # a list held numbers


def record(seen: Seen, value: Any) -> None:
    """Fold one value into what was seen at its path."""
    seen.samples += 1
    if value is None:
        seen.nones += 1
    elif isinstance(value, bool):
        seen.bools = True
    elif isinstance(value, int | float):
        seen.numbers = True
        seen.lo = min(seen.lo, float(value))
        seen.hi = max(seen.hi, float(value))
    elif isinstance(value, str):
        seen.strings[value] += 1
    elif isinstance(value, dict):
        keys = seen.keys if seen.keys is not None else {}
        seen.keys = keys
        for key, inner in value.items():
            child = keys.get(key)
            if child is None:
                child = keys[key] = Seen()
            record(child, inner)
    elif isinstance(value, list | tuple):
        _record_list(seen, list(value))


def _record_list(seen: Seen, value: list[Any]) -> None:
    seen.longest = max(seen.longest, len(value))
    if not value:
        return
    if all(isinstance(v, str) for v in value):
        bag = seen.bag if seen.bag is not None else Counter()
        seen.bag = bag
        for text, copies in Counter(value).items():
            bag[text] = max(bag[text], copies)
        return
    items = seen.items if seen.items is not None else []
    seen.items = items
    for i, inner in enumerate(value):
        if i == len(items):
            items.append(Seen())
        if isinstance(inner, int | float) and not isinstance(inner, bool):
            seen.numeric_items = True
        record(items[i], inner)


def sample_views(game: Game, players: int, games: int = SAMPLE_GAMES) -> Seen:
    """The schema of ``game``'s views at ``players`` seats, from seeded games."""
    from rulebook.agents import agent_names, make_agent

    root = Seen()
    rng = Rng(SAMPLE_SEED)
    heuristic = "heuristic" in agent_names(game)
    for n in range(games):
        seed = SAMPLE_SEED + n
        state = game.new_state(seed=seed, players=players)
        agents = None
        if heuristic and n % 2:
            agents = [make_agent("heuristic", game, s, seed) for s in range(players)]
        step = 0
        while not state.is_over():
            if step % players == 0:  # one view every ``players`` decisions, seats in turn
                record(root, state.view(step // players % players))
            seat = state.to_move
            assert seat is not None
            if agents is not None:
                action = int(agents[seat].act(state.infoset(seat)))
            else:
                legal = state.legal_ids()
                action = legal[rng.below(len(legal))]
            state.apply(action, narrate=False)
            step += 1
        for seat in range(players):
            record(root, state.view(seat))
    return root
