"""The files ``rulebook new`` writes: a plugin package with one small two-player game.

Each text uses four placeholders, filled by ``render``: ``__slug__`` (kebab-case),
``__package__`` (the import name), ``__Class__`` (the Game class) and ``__Title__``.
The game is deliberately tiny but touches every part a real one needs: a Config switch, an
action table, declared zones (hidden hands, a public pile), one decision kind, narration
private to a seat, a stackable deck and an outcome.
"""

from __future__ import annotations

PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "__slug__"
version = "0.1.0"
description = "__Title__: a game for rulebook"
requires-python = ">=3.11"
# The game runs on rulebook, installed in the same environment (see README.md).
dependencies = []

[project.optional-dependencies]
test = ["pytest>=8"]

# How rulebook finds the game: `rulebook games`, `play`, `serve`, `conformance` all use it.
[project.entry-points."rulebook.games"]
__slug__ = "__package__.game:__Class__"

[tool.setuptools.packages.find]
where = ["src"]

[tool.ruff]
line-length = 100

[tool.mypy]
strict = true
files = ["src", "tests"]
"""

README = """\
# __Title__

A game for [rulebook](https://example.invalid/rulebook), made with `rulebook new __slug__`.

Install it into the environment that has rulebook (from this folder):

```sh
pip install -e '.[test]'                    # the game, and pytest for its tests
rulebook rules __slug__                     # the rules: src/__package__/__init__.py's docstring
rulebook conformance __slug__ --games 200   # every promise of the game protocol
python -m pytest tests                      # the conformance test and a stacked-deck scenario
rulebook play __slug__ --seat human --seat random
rulebook serve                              # the browser table lists it too
```

The game lives in `src/__package__/game.py`. Change the rules there and in the docstring of
`src/__package__/__init__.py`, and keep `tests/` passing.
"""

INIT = '''\
"""__Title__: two players, ten cards numbered 1 to 10. (Made with `rulebook new`: replace these
rules with your own; `rulebook rules __slug__` prints this text.)

Setup: shuffle the deck and deal each player one card, face down.

Play: Player 1, then Player 2, either keeps their card or swaps it: the old card is put
aside face up and the player takes the top card of the deck.

End: both cards are shown. The higher card wins: its player scores the difference between
the two cards, and the other player loses as much.
"""

from __package__.game import __Class__

__all__ = ["__Class__"]
'''

GAME = '''\
"""__Title__\'s rules on the rulebook engine: the Game (what the game is) and its State."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulebook.engine.actions import ActionTable
from rulebook.engine.decisions import DecisionKind
from rulebook.engine.game import Game, param
from rulebook.engine.outcome import Outcome
from rulebook.engine.state import State
from rulebook.engine.zones import (
    EVERYONE,
    NOBODY,
    OWNER,
    PER_SEAT,
    Zone,
    check_stack_names,
    stack_deck,
)

CHOOSE = 0  # the one decision kind (its index in DECISIONS): keep or swap


@dataclass(frozen=True)
class Config:
    """Rule parameters (`rulebook rules` lists them; `--set highest=12` changes one)."""

    highest: int = param(10, "the deck\'s cards are numbered 1 to this")

    def __post_init__(self) -> None:
        if self.highest < 4:
            raise ValueError("highest must be at least 4 (two dealt, two to swap)")


class __Class__(Game):
    slug = "__slug__"
    title = "__Title__"
    summary = "keep your card or swap it; the higher card wins"
    min_players = max_players = 2
    information = "imperfect"
    utility = "zero-sum"  # the points always add to zero
    max_decisions = 2  # the conformance harness fails a game that runs longer
    config_class = Config
    deck_names = ("deck",)  # decks a test (or a designer) may stack
    endings: Mapping[str, str] = {"showdown": "the higher card won"}  # for simulate
    config: Config

    def __init__(self, config: Config) -> None:
        super().__init__(config)
        # the points a seat can end with: returns() are the points on this scale, so search
        # plays for the score, not only for the win
        self.score_range = (1.0 - config.highest, config.highest - 1.0)

    def build_actions(self, table: ActionTable) -> None:
        # one block per kind of move; the order of blocks fixes the stable action ids
        table.block("keep", 1, lambda _: "Keep your card")
        table.block("swap", 1, lambda _: "Swap it for the top card of the deck")

    def zones(self) -> tuple[Zone, ...]:
        # who sees which cards: views, search and the harness all follow this
        return (
            Zone("deck", NOBODY),
            Zone("hands", OWNER, PER_SEAT, pool="deck", revealed_at_end=True),
            Zone("aside", EVERYONE, ordered=True),
        )

    def role(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def card_ids(self, deck: str) -> list[str]:
        # the stable id of each card instance: instance n is the card numbered n + 1
        return [str(n + 1) for n in range(self.config.highest)]

    def card_catalog(self) -> dict[str, str]:
        return {card: f"the {card}" for card in self.card_ids("deck")}


class __Class__State(State):
    game: __Class__
    DECISIONS = (DecisionKind("choose", "options_choose", "Keep your card or swap it?"),)
    # every attribute the rules read, declared once by its annotation: clone, save and
    # equality follow (int, str, list[int], list[str], list[list[int]], tuple[int, ...]…)
    deck: list[int]  # card instances; the last one is the top card
    hands: list[list[int]]
    aside: list[int]

    def setup(self) -> None:
        self.deck = list(range(self.game.config.highest))
        self.shuffle(self.deck)
        if self.stack:  # a test's or designer's chosen cards on top (first id = top card)
            check_stack_names(self.stack, self.game.deck_names)
            stack_deck(self.deck, "deck", self.stack.get("deck", []), self.game.card_ids("deck"))
        self.hands = [[self.deck.pop()] for _ in range(self.players)]
        self.aside = []
        for seat, hand in enumerate(self.hands):  # each player reads only their own card
            self.say(f"You are dealt the {hand[0] + 1}.", self.seers("hands", seat), None)
        self.decisions = [(CHOOSE, 0)]  # (kind, seat): Player 1 decides first

    # -- the options of each decision kind, as sorted action ids
    def options_choose(self, decision: tuple[int, ...]) -> list[int]:
        table = self.game.table
        ids = [table["keep"].id(0)]
        if self.deck:
            ids.append(table["swap"].id(0))
        return ids

    def option_text(self, aid: int) -> str:
        """An option's words now, as the deciding player reads them: it names their card."""
        if not self.decisions:
            return super().option_text(aid)
        card = self.hands[self.decisions[-1][1]][0] + 1
        if aid == self.game.table["keep"].id(0):
            return f"Keep your {card}"
        return f"Swap your {card} for the top card of the deck"

    # -- one handler per action block: on_<block>
    def on_keep(self, _: int) -> None:
        seat = self.decisions[-1][1]
        self.say(f"{self.role(seat)} keeps their card.")
        self.next_player(seat)

    def on_swap(self, _: int) -> None:
        seat = self.decisions[-1][1]
        old = self.hands[seat].pop()
        self.aside.append(old)
        new = self.deck.pop()
        self.hands[seat].append(new)
        if self.log is not None:  # narration costs time; build it only when asked for
            role = self.role(seat)
            self.say(f"{role} puts the {old + 1} aside and takes the top card.")
            self.say(f"You take the {new + 1}.", self.seers("hands", seat), None)
        self.next_player(seat)

    # -- the flow of play
    def next_player(self, seat: int) -> None:
        if seat + 1 < self.players:
            self.decisions[-1] = (CHOOSE, seat + 1)
            return
        cards = [hand[0] + 1 for hand in self.hands]
        winner = 0 if cards[0] > cards[1] else 1
        won = cards[winner] - cards[1 - winner]
        points = [won if seat == winner else -won for seat in range(self.players)]
        text = f"the {cards[winner]} beats the {cards[1 - winner]} by {won}"
        self.finish(Outcome.scored("showdown", points, text))

    # -- what a seat sees (the engine adds the decision, who is to move and the outcome)
    def observe(self, seat: int | None) -> dict[str, Any]:
        hands = []
        for owner, hand in enumerate(self.hands):
            # who sees a hand: its owner, and everyone once the game is over (the zone's
            # revealed_at_end; an ending may choose otherwise with Outcome.revealing)
            shown = [c + 1 for c in hand] if self.sees("hands", owner, seat) else None
            hands.append({"count": len(hand), "cards": shown})
        return {"deck": len(self.deck), "hands": hands, "aside": [c + 1 for c in self.aside]}

    def check_invariants(self) -> None:
        cards = sorted([*self.deck, *self.aside, *(c for h in self.hands for c in h)])
        if cards != list(range(self.game.config.highest)):
            raise ValueError("a card is lost or doubled")


__Class__.state_class = __Class__State
'''

TEST_CONFORMANCE = '''\
"""Every promise of the game protocol (hidden information, copies, saves, replays), checked
by rulebook\'s own harness over seeded random games."""

from rulebook.engine.conformance import check
from rulebook.engine.game import load


def test_every_promise_holds() -> None:
    report = check(load("__slug__"), games=100, seed=0)
    assert report.games == 100
'''

TEST_SCENARIOS = '''\
"""Scenarios from the rules, played with a stacked deck (the first card id is the top card)."""

from rulebook.engine.events import Event
from rulebook.engine.game import load


def test_a_swap_can_win() -> None:
    game = load("__slug__")
    # Player 1 is dealt the 9, Player 2 the 2; the 10 is left on top of the deck
    dealt: list[Event] = []
    state = game.new_state(seed=1, stack={"deck": ["9", "2", "10"]}, events=dealt)
    assert [e.for_seat(1) for e in dealt] == [None, "You are dealt the 2."]
    assert state.view(1)["hands"][1]["cards"] == [2]
    assert state.view(1)["hands"][0]["cards"] is None  # Player 1\'s card is hidden
    keep, swap = game.table["keep"].id(0), game.table["swap"].id(0)
    assert game.action_text(state, keep) == "Keep your 9"  # options are worded by state
    state.apply(keep)
    assert game.action_text(state, swap) == "Swap your 2 for the top card of the deck"
    events = state.apply(swap)
    assert [e.text for e in events if e.to == (1,)] == ["You take the 10."]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.points == (-1.0, 1.0)  # the 10 beats the 9 by one point
    assert state.view(0)["hands"][1]["cards"] == [10]  # shown at the end


def test_keeping_the_higher_card_wins() -> None:
    game = load("__slug__")
    state = game.new_state(seed=1, stack={"deck": ["9", "2"]})
    state.apply(game.table["keep"].id(0))
    state.apply(game.table["keep"].id(0))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.points == (7.0, -7.0)
    assert state.returns() == [16 / 18, 2 / 18]  # the points on the range -9..9
'''

GITIGNORE = """\
build/
*.egg-info/
__pycache__/
.pytest_cache/
"""

FILES = {
    ".gitignore": GITIGNORE,
    "pyproject.toml": PYPROJECT,
    "README.md": README,
    "src/__package__/__init__.py": INIT,
    "src/__package__/game.py": GAME,
    "tests/test_conformance.py": TEST_CONFORMANCE,
    "tests/test_scenarios.py": TEST_SCENARIOS,
}


def render(text: str, slug: str) -> str:
    """One file's text for ``slug``."""
    package = slug.replace("-", "_")
    words = slug.split("-")
    return (
        text.replace("__slug__", slug)
        .replace("__package__", package)
        .replace("__Class__", "".join(w.capitalize() for w in words))
        .replace("__Title__", " ".join(w.capitalize() for w in words))
    )
