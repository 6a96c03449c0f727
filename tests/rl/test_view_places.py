"""The observation is a function of the seat's view: every entry of every seat's vector,
rebuilt from ``state.view(seat)`` alone through the places the game declares
(``State.VIEW_OF``, ``rulebook.engine.view_places``), equals the fast vector at every decision
of seeded games (random and heuristic agents, ends included), and the mask equals the one made
from the seat's own legal ids. A field declared public that the view does not show fails."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest

import rulebook
from rulebook.agents import agent_names, make_agent
from rulebook.engine.errors import DeclarationError
from rulebook.engine.game import Game
from rulebook.engine.observation import ObservationSpec
from rulebook.engine.random import Rng
from rulebook.engine.view_places import observation_from_view
from rulebook.rl.encoding import ZoneEncoder
from tests.rl.configs import ALL, label


def disagreements(game: Game, players: int, seeds: range, spec: ObservationSpec | None = None):
    """(feature name -> decisions where the view and the fast vector disagree, entries checked)
    over seeded games: even seeds random, odd ones the game's heuristic (when it has one)."""
    encoder = ZoneEncoder(game, players) if spec is None else None
    spec = spec or encoder.spec  # type: ignore[union-attr]
    observers = [spec.observer(seat) for seat in range(players)]
    heuristic = "heuristic" in agent_names(game)
    bad: Counter[str] = Counter()
    checked = 0
    rng = Rng(11)
    for seed in seeds:
        state = game.new_state(seed=seed, players=players)
        agents: list[Any] | None = None
        if heuristic and seed % 2:
            agents = [make_agent("heuristic", game, s, seed) for s in range(players)]
        while True:
            for seat in range(players):
                infoset = state.infoset(seat)
                fast = np.array(infoset.observe_into(observers[seat]), dtype=np.float32)
                slow = np.array(observation_from_view(spec, infoset.view()), dtype=np.float32)
                for i in np.flatnonzero(fast != slow):
                    bad[spec.features[i].name] += 1
                if encoder is not None:
                    mask = np.zeros(game.num_actions, dtype=np.int8)
                    mask[list(infoset.legal_ids())] = 1
                    assert np.array_equal(encoder.mask(infoset.legal_ids()), mask)
                checked += spec.size
            if state.is_over():
                break
            seat = state.to_move
            if agents is not None:
                action = int(agents[seat].act(state.infoset(seat)))
            else:
                legal = state.legal_ids()
                action = legal[rng.below(len(legal))]
            state.apply(action, narrate=False)
    return bad, checked


CASES = [*ALL, ("the-game", 2, {"pleasures_public": True})]


@pytest.mark.parametrize("case", CASES, ids=label)
def test_every_entry_is_rebuilt_from_the_view_alone(case):
    slug, players, config = case
    game = rulebook.load(slug, **config)
    bad, checked = disagreements(game, players, range(4 if players <= 2 else 2))
    assert not bad, dict(bad.most_common(8))
    assert checked > 10_000


def _with(game: Game, **declared: Any) -> Game:
    """``game`` whose State declares more (a subclass: the game's own classes untouched)."""
    base = game.state_class
    state = type(f"Declared{base.__name__}", (base,), {"__slots__": (), **declared})
    cls = type(f"Declared{type(game).__name__}", (type(game),), {"state_class": state})
    if hasattr(cls, "mode_classes"):
        cls.mode_classes = {}  # type: ignore[attr-defined]
    return cls(game.config)


def test_a_public_field_without_a_place_in_the_view_is_refused():
    """The GAME's record of the cards a player knows in the other's hand declared public:
    no place in the view, no observation."""
    game = rulebook.load("the-game")
    hidden = _with(game, PUBLIC_FIELDS=(*game.state_class.PUBLIC_FIELDS, "known"))
    with pytest.raises(DeclarationError, match="'known'"):
        ObservationSpec(hidden, 2)


def test_a_deck_order_declared_public_fails_the_check():
    """The GAME's deck order declared public (its place in the view, the deck's count, does
    not give the order): the check finds the entries the view cannot give."""
    game = rulebook.load("the-game")
    hidden = _with(game, PUBLIC_FIELDS=(*game.state_class.PUBLIC_FIELDS, "main"))
    bad, _checked = disagreements(hidden, 2, range(1))
    assert bad and all(name.startswith("main[") for name in bad), dict(bad)


def test_a_public_field_the_view_does_not_show_fails_the_check():
    """Solo Bound Female's ``flags`` declared public with the view's notes as its place
    (must be used, no trigger, a supernatural card's condition met): the flags also hold
    what no view shows (a supernatural card's effects waiting for an action to finish), so
    the check finds entries the view cannot give."""
    from rulebook.games.solo_bound_female import places
    from rulebook.games.solo_bound_female.components import ACTIVE, MUST_USE, NO_TRIGGER

    def flags(view, _i, _game):
        notes = {"must be used this turn": MUST_USE}
        notes["played in clean-up: no trigger this turn"] = NO_TRIGGER
        return [
            (
                "every-card",
                c["id"],
                notes.get(c.get("note", ""), 0)
                | (ACTIVE if c.get("counters", "").endswith("active") else 0),
            )
            for c in places._items(view)
        ]

    game = rulebook.load("solo-bound-female", mode="standard")
    base = game.state_class
    hidden = _with(
        game,
        PUBLIC_FIELDS=(*base.PUBLIC_FIELDS, "flags"),
        VIEW_OF={**base.VIEW_OF, "flags": flags},
        PER_CARD={**base.PER_CARD, "flags": ("every-card",)},
    )
    bad, _checked = disagreements(hidden, 2, range(11, 12))  # a game where it shows
    assert bad and all(name.startswith("flags[") for name in bad), dict(bad)
