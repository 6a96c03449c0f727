"""Engine 2 pieces through their public faces: fields, action table, decisions, outcomes,
zones, infosets, the registry and agent specs — driven through the toy game where a game
is needed."""

from __future__ import annotations

import json
import pickle
from collections import Counter

import pytest

import rulebook
from rulebook.agents import make_agent, parse_agents, parse_spec
from rulebook.engine.actions import ActionTable
from rulebook.engine.decisions import any_order, any_order_acted, any_order_passed
from rulebook.engine.fields import INT, INTS, INTS2, STRS, TUPLES, FieldCode
from rulebook.engine.outcome import Outcome
from rulebook.engine.random import Rng
from rulebook.engine.zones import (
    NOBODY,
    OWNER,
    PER_SEAT,
    PILES,
    Read,
    Zone,
    hidden_slots,
    redistribute,
)
from tests.engine.toy import Config, Toy


class Bag:
    pass


def test_fields_copy_dump_and_load_from_one_declaration() -> None:
    code = FieldCode({"n": INT, "xs": INTS, "hands": INTS2, "pairs": TUPLES, "names": STRS})
    a = Bag()
    a.n, a.xs, a.hands, a.pairs, a.names = 3, [1, 2], [[1], [2, 3]], [(1, 2)], ["x"]
    b = Bag()
    code.copy_into(a, b)
    b.xs.append(9)
    b.hands[1].append(9)
    assert a.xs == [1, 2] and a.hands == [[1], [2, 3]]  # deep where it must be
    data = json.loads(json.dumps(code.dump(a)))
    c = Bag()
    code.load(c, data)
    assert (c.n, c.xs, c.hands, c.pairs, c.names) == (3, [1, 2], [[1], [2, 3]], [(1, 2)], ["x"])
    with pytest.raises(TypeError, match="expected an integer"):
        code.load(c, {**data, "n": "3"})
    with pytest.raises(ValueError, match="unknown shape"):
        FieldCode({"x": "blob"})


def test_action_table_encodes_decodes_and_names_every_id() -> None:
    table = ActionTable()
    draw = table.block("draw", 1, lambda _: "Draw")
    sets = table.block("set", (2, 3), lambda p, t: f"Set {p}/{t}", args=lambda p, t: (p, t))
    assert (draw.id(0), sets.id(0, 0), sets.id(1, 2), len(table)) == (0, 1, 6, 7)
    assert table.decode(sets.id(1, 1)) == (sets, (1, 1))
    assert table.actions[sets.id(1, 2)].text == "Set 1/2"
    assert table.actions[sets.id(1, 2)].args == (1, 2) and table.actions[0].kind == "draw"
    with pytest.raises(ValueError, match="out of range"):
        sets.id(2, 0)
    with pytest.raises(ValueError, match="declared twice"):
        table.block("draw", 1, str)


def test_any_order_ends_when_everyone_has_passed_since_the_last_act() -> None:
    d = any_order(7, [1, 2, 0], 42)
    assert d[:2] == (7, 1) and d[-1] == 42
    d2 = any_order_passed(d)
    assert d2 is not None and d2[1] == 2
    d3 = any_order_acted(d2)  # seat 2 acts: all three must pass again
    d4 = any_order_passed(d3)
    assert d4 is not None and d4[1] == 0
    d5 = any_order_passed(d4)
    assert d5 is not None and d5[1] == 1
    assert any_order_passed(d5) is None and d5[-1] == 42


def test_outcomes_split_share_or_fail_together() -> None:
    assert Outcome.win("queue", [0], 2).scores == (1.0, 0.0)
    assert Outcome.win("tie", [0, 1], 2).scores == (0.5, 0.5)
    assert Outcome.draw("stop", 2).scores == (0.5, 0.5)
    assert Outcome.team("escape", True, 2).scores == (1.0, 1.0)
    lost = Outcome.team("death", False, 1, "slain")
    assert lost.describe(str) == "Lost: slain"
    assert Outcome.win("queue", [1], 2, "five punishments").describe(
        lambda s: f"Player {s + 1}"
    ) == ("Player 2 wins: five punishments")
    assert Outcome.from_json(json.loads(json.dumps(lost.to_json()))) == lost


def test_redistribute_keeps_sizes_pools_and_known_cards() -> None:
    class World:
        def __init__(self) -> None:
            self.deck = [1, 2, 3, 4]
            self.hands = [[10, 11], [5, 6]]
            self.piles = [[20, 21], [30, 31]]

    zones = (
        Zone("deck", NOBODY, pool="main"),
        Zone("hands", OWNER, PER_SEAT, pool="main"),
        Zone("piles", NOBODY, PILES),
    )
    world = World()
    pools = hidden_slots(zones, world, 0, False)
    assert sorted(pools) == ["main", "piles[0]", "piles[1]"]
    redistribute(pools, Rng(4), {"main": {5}})
    assert world.hands[0] == [10, 11]  # seat 0 sees its own hand
    assert 5 in world.hands[1] and len(world.hands[1]) == 2
    assert sorted(world.deck + world.hands[1]) == [1, 2, 3, 4, 5, 6]
    assert sorted(world.piles[0]) == [20, 21] and sorted(world.piles[1]) == [30, 31]


def test_toy_state_is_plain_data() -> None:
    state = Toy(Config()).new_state(seed=1)
    state.apply(state.legal_ids()[0])
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.clone() == state


def test_infoset_gives_view_options_and_consistent_samples() -> None:
    state = Toy(Config()).new_state(seed=2)
    mine, theirs = state.infoset(0), state.infoset(1)
    assert mine.legal_ids() == state.legal_ids() and theirs.legal_ids() == ()
    assert theirs.legal_actions() == []
    sample = mine.sample(Rng(9))
    assert sample.view(0) == state.view(0)
    assert any(mine.sample(Rng(k)).view(1) != state.view(1) for k in range(10))


def test_narration_is_built_only_when_asked_and_never_changes_the_game() -> None:
    game = Toy(Config())
    loud, quiet = game.new_state(seed=3), game.new_state(seed=3)
    draw = loud.legal_ids()[0]
    events = loud.apply(draw)
    assert events and events[0].for_seat(1) == "Player 1 draws a card."
    assert quiet.apply(draw, narrate=False) == [] and quiet == loud


def test_effects_resolve_in_order_after_the_action() -> None:
    game = Toy(Config())
    state = game.new_state(seed=0, stack={"deck": ["c5", "c0", "c1", "c2", "c3"]})
    assert game.actions[state.legal_ids()[-1]].text == "Play a 5"
    before = len(state.view(0)["hands"][0]["cards"])
    events = state.apply(state.legal_ids()[-1])
    assert [e.text for e in events] == ["Player 1 plays a 5.", "Player 1 takes a bonus card."]
    assert len(state.view(0)["hands"][0]["cards"]) == before  # played one, took one


def test_registry_finds_games_through_entry_points_and_registered_extras() -> None:
    slugs = [cls.slug for cls in rulebook.games()]
    assert {"the-game", "ribbon-of-bone", "toy"} <= set(slugs)
    with pytest.raises(rulebook.UnknownGame, match="unknown game 'chess'"):
        rulebook.load("chess")


def test_a_game_installed_after_the_registry_was_read_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The installed games' entry points are read once (a scan of every distribution), and
    again when a slug is missing: a package installed since is still found."""
    from importlib.metadata import EntryPoint

    from rulebook.engine import registry

    assert "toy-installed" not in {cls.slug for cls in rulebook.games()}  # the registry read
    installed = EntryPoint("toy-installed", "tests.engine.toy:Toy", registry.GROUP)
    read = registry.entry_points
    monkeypatch.setattr(registry, "entry_points", lambda group: [*read(group=group), installed])
    try:
        assert rulebook.load("toy-installed").title == "Toy"
    finally:  # uninstalled again, and read again, for the other tests
        monkeypatch.undo()
        registry._targets(fresh=True)
    assert "toy-installed" not in {cls.slug for cls in rulebook.games()}


def test_agent_specs_parse_and_reject_bad_input() -> None:
    assert parse_spec("ismcts:iterations=50:exploration=0.5") == (
        "ismcts",
        {"iterations": "50", "exploration": "0.5"},
    )
    assert parse_agents("ismcts:iterations=5,random") == ["ismcts:iterations=5", "random"]
    for bad in (",", "random,", ""):
        with pytest.raises(rulebook.UnknownAgent, match="one agent per seat"):
            parse_agents(bad)
    game = Toy(Config())
    with pytest.raises(rulebook.UnknownAgent, match="KEY=VALUE"):
        make_agent("ismcts:fast", game, 0, 0)
    with pytest.raises(rulebook.UnknownAgent, match="no option 'depth'"):
        make_agent("ismcts:depth=3", game, 0, 0)
    with pytest.raises(rulebook.UnknownAgent, match="must be an integer"):
        make_agent("ismcts:iterations=many", game, 0, 0)
    with pytest.raises(rulebook.UnknownAgent, match="takes no options"):
        make_agent("random:x=1", game, 0, 0)
    with pytest.raises(rulebook.UnknownAgent, match="opponents must be search or random"):
        make_agent("ismcts:opponents=smart", game, 0, 0)


@pytest.mark.parametrize("spec", ["ismcts:iterations=60", "ismcts:iterations=60:opponents=random"])
def test_ismcts_acts_legally_and_beats_random_in_the_toy(spec: str) -> None:
    game = Toy(Config())
    wins = 0
    for seed in range(30):
        state = game.new_state(seed=seed)
        agents = [
            make_agent(spec, game, 0, seed),
            make_agent("random", game, 1, seed),
        ]
        while state.to_move is not None:
            seat = state.to_move
            aid = int(agents[seat].act(state.infoset(seat)))
            assert aid in state.legal_ids()
            state.apply(aid, narrate=False)
        wins += state.returns()[0] == 1.0
    assert wins >= 20


def test_a_read_list_gets_each_consistent_deal_as_often_as_rejection_would() -> None:
    """Four hidden cards, a hand of two that holds at most one of {0, 1} (certain): each of
    the five hands that keep it comes about a fifth of the time; a guess weighted 0.5 that
    it holds neither halves the four others."""

    class World:
        def __init__(self) -> None:
            self.deck = [0, 1]
            self.hands = [[9], [2, 3]]

    zones = (Zone("deck", NOBODY, pool="main"), Zone("hands", OWNER, PER_SEAT, pool="main"))
    pair = frozenset({0, 1})
    fact = (Read("hands", 1, ((pair, 1),)), 0.0)
    guess = (Read("hands", 1, ((pair, 0),), certain=False), 0.5)
    rng = Rng(3)
    for reads, expected in (
        ([fact], dict.fromkeys([(0, 2), (0, 3), (1, 2), (1, 3), (2, 3)], 0.2)),
        ([fact, guess], {**dict.fromkeys([(0, 2), (0, 3), (1, 2), (1, 3)], 1 / 6), (2, 3): 1 / 3}),
    ):
        seen: Counter[tuple[int, ...]] = Counter()
        for _ in range(6000):
            world = World()
            redistribute(hidden_slots(zones, world, 0, False), rng, {}, [(world.hands[1], reads)])
            seen[tuple(sorted(world.hands[1]))] += 1
            assert sorted(world.deck + world.hands[1]) == [0, 1, 2, 3] and world.hands[0] == [9]
        assert set(seen) == set(expected)
        for hand, share in expected.items():
            assert abs(seen[hand] / 6000 - share) < 0.025, (hand, seen)


def test_cards_drawn_since_a_read_are_dealt_blindly() -> None:
    """Read when the hand held one card (none of {0, 1}); one card drawn since: that card
    is any of the rest, so {2, 3} comes about a third of the time (a cap of one of {0, 1}
    over the whole hand would give it a fifth)."""

    class World:
        def __init__(self) -> None:
            self.deck = [0, 1]
            self.hands = [[9], [2, 3]]

    zones = (Zone("deck", NOBODY, pool="main"), Zone("hands", OWNER, PER_SEAT, pool="main"))
    read = (Read("hands", 1, ((frozenset({0, 1}), 0),), fresh=1), 0.0)
    rng = Rng(5)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        world = World()
        redistribute(hidden_slots(zones, world, 0, False), rng, {}, [(world.hands[1], [read])])
        seen[tuple(sorted(world.hands[1]))] += 1
    expected = {**dict.fromkeys([(0, 2), (0, 3), (1, 2), (1, 3)], 1 / 6), (2, 3): 1 / 3}
    assert set(seen) == set(expected)
    for hand, share in expected.items():
        assert abs(seen[hand] / 6000 - share) < 0.025, (hand, seen)


def test_a_read_keeps_fixed_cards_and_counts_them() -> None:
    """A card the seat knows is in the hand counts toward the bound: with 0 known to be
    there and at most one of {0, 1}, the hand never also gets 1."""

    class World:
        def __init__(self) -> None:
            self.deck = [1, 2, 3, 4]
            self.hands = [[9], [0, 5, 6]]

    zones = (Zone("deck", NOBODY, pool="main"), Zone("hands", OWNER, PER_SEAT, pool="main"))
    read = (Read("hands", 1, ((frozenset({0, 1}), 1),)), 0.0)
    rng = Rng(8)
    for _ in range(300):
        world = World()
        redistribute(
            hidden_slots(zones, world, 0, False), rng, {"main": {0}}, [(world.hands[1], [read])]
        )
        assert 0 in world.hands[1] and 1 not in world.hands[1] and len(world.hands[1]) == 3
