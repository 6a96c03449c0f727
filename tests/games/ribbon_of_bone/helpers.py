"""Scenario helpers: a stacked court and decks, scripted dice, actions named by their text.

Tests drive a game only through the public protocol (``legal_actions``, ``apply``, ``view``);
whatever a scenario needs — a token in the court, a memory in the notebook, a Marquis
captured — is played there with stacked cards and scripted dice.
"""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.games.ribbon_of_bone.state import RibbonState

COURT = [
    "ember-hall",
    "drowned-chapel",
    "paper-throne",
    "ash-gallery",
    "hollow-nave",
    "vellum-archive",
]
# Kimaris, Naberius and Sabnock start; Orias waits on top of Lord Cinder's deck.
DECKS = {"cinder": ["kimaris", "orias"], "hollow": ["naberius"], "vellum": ["sabnock"]}
STARTERS = ("Kimaris", "Naberius", "Sabnock")
MARQUIS = (
    "orias",
    "kimaris",
    "amon",
    "marchosias",
    "naberius",
    "decarabia",
    "gamigin",
    "leraje",
    "ronove",
    "forneus",
    "phenex",
    "sabnock",
)
# five opportunities, each rolling 3-1 (Time), fill the character sheet for a V prompt
FILL_SHEET = [3, 1] * 5


def start(
    dice: list[int],
    identity: str = "The Pilgrim",
    decks: dict[str, list[str]] | None = None,
    **config: Any,
) -> RibbonState:
    config.setdefault("court_start", "lord")
    game = rulebook.load("ribbon-of-bone", **config)
    stack: dict[str, list[str]] = {"court": COURT, **(DECKS if decks is None else decks)}
    state = game.new_state(seed=1, stack=stack, dice=dice)
    assert isinstance(state, RibbonState)
    act(state, f"Play as {identity}")
    return state


def all_but(*kept: str) -> tuple[str, ...]:
    """``imprisoned``: every Marquis except the starters and ``kept``."""
    starters = {"kimaris", "naberius", "sabnock"}
    return tuple(m for m in MARQUIS if m not in starters and m not in kept)


def texts(state: rulebook.State) -> list[str]:
    """The legal actions by their stable names (the action table's texts)."""
    table = state.game.actions
    return [table[a.id].text for a in state.legal_actions()]


def words(state: rulebook.State) -> list[str]:
    """The legal actions as the table shows them now (where a move goes, what a roll picks)."""
    return [str(a) for a in state.legal_actions()]


def act(state: rulebook.State, text: str) -> list[str]:
    """Apply the legal action named ``text``: its stable name or its words at the table."""
    table = state.game.actions
    for action in state.legal_actions():
        if text in (str(action), table[action.id].text):
            return [e.text for e in state.apply(action)]
    raise AssertionError(f"'{text}' is not legal; legal: {texts(state)} / {words(state)}")


def decision(state: rulebook.State) -> str:
    pending = state.view(0)["decision"]
    return str(pending["kind"]) if pending else ""


def pick(state: rulebook.State, *names: str) -> list[str]:
    """Choose the party (RB-32): the named constituents, then stop if the party is not full."""
    events: list[str] = []
    for name in names or STARTERS:
        events += act(state, f"Take {name} into the fight")
    if decision(state) == "pick":
        events += act(state, "Fight with the chosen constituents")
    return events


def fill_sheet(state: rulebook.State) -> None:
    """Resolve the five opportunities scripted by ``FILL_SHEET``: five sheet tokens."""
    for _ in range(5):
        act(state, "Resolve the decision")


def foe(state: RibbonState) -> dict[str, Any]:
    combat = state.view(0)["combat"]
    assert combat is not None
    first: dict[str, Any] = combat["foes"][0]
    return first


def constituents(state: rulebook.State) -> list[str]:
    return [c["name"] for c in state.view(0)["constituency"]]


def capture_amon(dice: list[int] | None = None, **config: Any) -> RibbonState:
    """A fourth constituent, won by a full bind: an opportunity writes Gravity (3-4); Amon of
    Lord Cinder (Time, Gravity, Reliance) is faced; Naberius binds his Time and Reliance, the
    Gravity memory binds his Gravity in the Reaction, and Kimaris binds his Lord icon next
    turn. Orias then waits on top of Lord Cinder's deck; the game goes on with ``dice``."""
    decks = {"cinder": ["kimaris", "amon", "orias"], "hollow": ["naberius"], "vellum": ["sabnock"]}
    state = start([3, 4, 4, 4, 4, 4, 4, *(dice or [])], decks=decks, **config)
    act(state, "Resolve the decision")
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Naberius the binder")
    act(state, "Bind Amon's Time icon")
    act(state, "Bind Amon's Reliance icon")
    act(state, "Give the roll to Kimaris")
    act(state, "Spend your Gravity memory to bind Amon")
    act(state, "Make Kimaris the binder")
    events = act(state, "Bind Amon's Lord icon")
    assert "Full bind: Amon joins your constituency." in events
    return state
