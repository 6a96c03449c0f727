"""What the designer's report watches in one game, as a listener on the runner's game loop.

A ``Watch`` is the report's settings (plain data, sent to every worker); its ``listener``
follows one game: the pending decision's kind and option count before each action, the card
facts the rules declare (``State.mark``) and, every ``estimate_every`` decisions, who the
game's own ``estimate()`` says leads. ``finish`` hands back a ``Detail``: small plain data,
identical whatever process played the game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rulebook.engine.game import Game
from rulebook.engine.state import State

OPTIONS_CAP = 30  # the option-count histogram's last bucket holds every count from here up


@dataclass(frozen=True, slots=True)
class Watch:
    """The report's settings for one batch of games. ``estimate_every``: 0 asks no
    ``estimate()`` (lead changes off), N asks it before every Nth decision."""

    estimate_every: int = 4

    def listener(self, game: Game, players: int) -> Listener:
        return Listener(self, game, players)


@dataclass(frozen=True, slots=True)
class Detail:
    """One game as the report needs it.

    ``kinds``: (decision kind, decisions, options summed, forced ones);
    ``options``: (option count, decisions), capped at OPTIONS_CAP;
    ``cards``: (card id, seat, fact kind, times) for every card fact of the game;
    ``leads``: the leader changes seen by ``estimate()`` (None: no estimate was asked or
    the game gave none); ``settled``: the share of the game after which the leader was
    always the eventual winner (None: a draw, or no estimate).
    """

    kinds: tuple[tuple[str, int, int, int], ...]
    options: tuple[tuple[int, int], ...]
    cards: tuple[tuple[str, int, str, int], ...]
    leads: int | None
    settled: float | None


class Listener:
    """Follows one game for a Watch (lives in the worker, never pickled)."""

    def __init__(self, watch: Watch, game: Game, players: int) -> None:
        self.every = watch.estimate_every
        self.kind_names = [k.name for k in game.state_class.DECISIONS]
        self.solo = players == 1 or game.utility in ("solo", "cooperative")
        self.facts: list[tuple[str, str, int]] = []
        self.seen: list[tuple[int, int]] = []  # (kind, options) a decision; counted at the end
        self.leaders: list[tuple[int, int]] = []  # (decision index, leader) where one leads
        self.has_estimate = True

    def decision(self, state: State, index: int) -> None:
        """Before decision ``index``: its kind, its options and, when due, the estimate."""
        self.seen.append((state.decisions[-1][0], len(state.legal_ids())))
        if self.every and index % self.every == 0 and self.has_estimate:
            self.look(state, index)

    def look(self, state: State, index: int) -> None:
        values = state.estimate()
        if values is None:
            self.has_estimate = False
            return
        leader = leading(values, self.solo)
        if leader is not None:
            self.leaders.append((index, leader))

    def finish(self, state: State, decisions: int) -> Detail:
        counts = Counter(self.facts)
        cards = tuple(sorted((card, seat, kind, n) for (kind, card, seat), n in counts.items()))
        seen = Counter(self.seen)
        count: Counter[int] = Counter()
        option_sums: Counter[int] = Counter()
        forced: Counter[int] = Counter()
        options: Counter[int] = Counter()
        for (kind, n), times in seen.items():
            count[kind] += times
            option_sums[kind] += n * times
            forced[kind] += times if n == 1 else 0
            options[min(n, OPTIONS_CAP)] += times
        kinds = tuple(
            (self.kind_names[k], count[k], option_sums[k], forced[k]) for k in sorted(count)
        )
        leads, settled = self.drama(state, decisions)
        return Detail(kinds, tuple(sorted(options.items())), cards, leads, settled)

    def drama(self, state: State, decisions: int) -> tuple[int | None, float | None]:
        if not self.every or not self.has_estimate:
            return None, None
        changes = sum(
            1 for a, b in zip(self.leaders, self.leaders[1:], strict=False) if a[1] != b[1]
        )
        winner = leading(state.returns(), self.solo)
        if winner is None or decisions == 0:
            return changes, None
        last_wrong = max((i for i, who in self.leaders if who != winner), default=-1)
        later = [i for i, _ in self.leaders if i > last_wrong]
        settled = (later[0] if later else decisions) / decisions
        return changes, round(settled, 4)


def leading(values: list[float], solo: bool) -> int | None:
    """The leading seat (solo and cooperative games: 1 if the estimate favours a win, 0 if
    not); None where the lead is shared."""
    if solo:
        v = values[0]
        return None if v == 0.5 else int(v > 0.5)
    best = max(values)
    top = [s for s, v in enumerate(values) if v == best]
    return top[0] if len(top) == 1 else None
