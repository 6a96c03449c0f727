"""ISMCTS's ``chance`` option: a sampled world's future (dice, later shuffles) is either kept
for every iteration that reuses the world (``world``, the default) or drawn afresh at every
iteration (``fresh``). With the future kept and few worlds, a search knows the dice of its
worlds, and more search learns them better (Susumuka & Modoruka read weaker at 1,000
iterations than at 300: docs/search.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from rulebook.agents import make_agent
from rulebook.engine.actions import ActionTable
from rulebook.engine.decisions import DecisionKind
from rulebook.engine.errors import UnknownAgent
from rulebook.engine.game import Game
from rulebook.engine.outcome import Outcome
from rulebook.engine.state import State

ODD, EVEN, SAFE = 0, 1, 2


@dataclass(frozen=True)
class Config:
    """No rule parameters."""


class Bet(Game):
    """Solo, one choice, one die: call its parity (wins half the time) or play safe (wins on
    1-4, two times in three). Knowing the die, a parity call always wins."""

    slug = "bet"
    title = "Bet"
    summary = "call a die's parity or play safe"
    min_players = max_players = 1
    utility = "constant-sum"
    max_decisions = 1
    config_class = Config

    def build_actions(self, table: ActionTable) -> None:
        table.block("odd", 1, lambda _: "Call odd")
        table.block("even", 1, lambda _: "Call even")
        table.block("safe", 1, lambda _: "Play safe")

    def role(self, seat: int) -> str:
        return "Player"


class BetState(State):
    game: Bet
    DECISIONS = (DecisionKind("bet", "options_bet", "Your call"),)

    def setup(self) -> None:
        self.decisions = [(0, 0)]

    def options_bet(self, decision: tuple[int, ...]) -> list[int]:
        return [ODD, EVEN, SAFE]

    def on_odd(self, _: int) -> None:
        self.settle(self.roll(6) % 2 == 1)

    def on_even(self, _: int) -> None:
        self.settle(self.roll(6) % 2 == 0)

    def on_safe(self, _: int) -> None:
        self.settle(self.roll(6) <= 4)

    def settle(self, won: bool) -> None:
        self.finish(Outcome.team("die", won, 1))

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {}


Bet.state_class = BetState


def choices(chance: str, games: int = 12) -> list[int]:
    """The search's call in ``games`` fresh games, one sampled world each."""
    game = Bet(Config())
    calls = []
    for seed in range(games):
        agent = make_agent(f"ismcts:iterations=200:worlds=1:chance={chance}", game, 0, seed)
        state = game.new_state(seed=seed, players=1)
        calls.append(agent.act(state.infoset(0)))
    return calls


def test_a_fresh_future_plays_the_odds_a_kept_one_bets_on_the_known_die() -> None:
    assert choices("fresh") == [SAFE] * 12
    kept = choices("world")
    assert kept.count(SAFE) < 6  # mostly a call on the die its one world holds


def test_chance_must_be_world_or_fresh() -> None:
    message = "agent option chance must be world or fresh, not 'maybe'"
    with pytest.raises(UnknownAgent, match=message):
        make_agent("ismcts:chance=maybe", Bet(Config()), 0, 1)
