"""The observation read from the declarations (``rulebook.engine.observation``): the
generated code writes what the general code does at every decision, across games; the seat
sees its own hand's cards and only the count of the other; ranges hold."""

from __future__ import annotations

import numpy as np
import pytest

import rulebook
from rulebook.engine.observation import ObservationSpec
from rulebook.engine.observation_code import changed_entries
from rulebook.engine.random import Rng
from rulebook.rl.encoding import ZoneEncoder, encoder_for

# every game and config that declares its observation (State.PUBLIC_FIELDS)
DECLARED = [
    ("the-game", 2, {}),
    ("the-game", 2, {"pleasures_public": True}),
    ("susumuka-modoruka", 2, {}),
    ("susumuka-modoruka", 6, {}),
    ("swing", 3, {}),
    ("ribbon-of-bone", 1, {}),
    ("solo-bound-female", 1, {}),
    ("solo-bound-female", 2, {"mode": "standard"}),
    ("solo-bound-female", 2, {"mode": "basic"}),
    ("solo-bound-female", 2, {"mode": "cooperative"}),
]


def test_every_game_that_declares_its_observation_is_checked_here():
    for cls in rulebook.games():
        if cls.state_class.PUBLIC_FIELDS is not None:
            assert cls.slug in {slug for slug, _, _ in DECLARED}, cls.slug


@pytest.mark.parametrize(
    "case", DECLARED, ids=lambda c: "-".join([c[0], f"{c[1]}p", *map(str, c[2].values())])
)
def test_generated_code_matches_the_general_code_at_every_decision(case):
    """One observer per seat over several games in a row (its generated code, the end of a
    game and the next game's start), each vector against a fresh general write; the same for
    the environments' reader (the same code returning a numpy copy)."""
    slug, players, config = case
    game = rulebook.load(slug, **config)
    spec = ObservationSpec(game, players)
    seats = range(players)
    observers = [spec.observer(seat) for seat in seats]
    encoder = ZoneEncoder(game, players)
    readers = [encoder.reader(seat) for seat in seats]
    low = np.array([f.low for f in spec.features], dtype=np.float32)
    high = np.array([f.high for f in spec.features], dtype=np.float32)
    rng = Rng(5)
    checked = 0
    for seed in range(4 if players <= 2 else 1):  # six seats: one long game
        state = game.new_state(seed=seed, players=players)
        while True:
            for seat in seats:
                got = np.array(state.infoset(seat).observe_into(observers[seat]))
                want = np.array(spec.observer(seat).general(state))
                assert np.array_equal(got, want), (seed, len(state.history), seat)
                assert np.array_equal(readers[seat](state), want), (seed, seat)
                assert np.all(got >= low) and np.all(got <= high)
                checked += 1
            if state.is_over():
                break
            legal = state.legal_ids()
            state.apply(legal[rng.below(len(legal))], narrate=False)
    assert checked > 100


def test_the_seat_sees_its_own_hand_and_only_the_count_of_the_other():
    game = rulebook.load("the-game")
    encoder = encoder_for(game, 2)
    assert isinstance(encoder, ZoneEncoder)
    state = game.new_state(seed=7, stack={"main": ["over-knee", "medium", "5-minutes"]})
    obs, mask = encoder.encode(state.infoset(0))
    names = {f.name: i for i, f in enumerate(encoder.features)}
    assert obs[names["hands[0][over-knee]"]] == 1
    assert obs[names["len(hands[1])"]] == 5
    assert obs[names["seat=0"]] == 1 and obs[names["decision.kind=turn"]] == 1
    assert obs[[i for n, i in names.items() if n.startswith("hands[1][")]].sum() == 0
    assert obs[names["len(main)"]] == len(state.main)  # a deck: its count only
    assert not any(n.startswith("main[") for n in names)
    assert np.flatnonzero(mask).tolist() == list(state.legal_ids())


def test_the_ending_reveals_player_twos_pleasures():
    """TG-39: once over, every seat counts Player 2's pleasure cards (hidden before)."""
    game = rulebook.load("the-game")
    spec = ObservationSpec(game, 2)
    names = {f.name: i for i, f in enumerate(spec.features)}
    pleasures = [i for n, i in names.items() if n.startswith("pleasures[")]
    rng = Rng(1)
    observer = spec.observer(0)
    for seed in range(20):
        state = game.new_state(seed=seed, players=2)
        while not state.is_over():
            running = np.array(state.infoset(0).observe_into(observer))
            assert running[pleasures].sum() == 0
            legal = state.legal_ids()
            state.apply(legal[rng.below(len(legal))], narrate=False)
        final = np.array(state.infoset(0).observe_into(observer))
        assert final[names["over"]] == 1
        if len(state.pleasures):
            assert final[pleasures].sum() == len(state.pleasures)
            return
    raise AssertionError("no game ended with pleasure cards in hand")


@pytest.mark.parametrize(
    "case", DECLARED, ids=lambda c: "-".join([c[0], f"{c[1]}p", *map(str, c[2].values())])
)
def test_observing_reads_no_states_dict(case):
    """On CPython 3.11 reading a state's ``__dict__`` moves its attributes out of line, and
    every later attribute access of the game's own rules on that state is slower (a fifth of
    The GAME's hot path, in a learning loop that observes at every decision): the observation
    reads the fields by name. While each seat observes, the state's class refuses ``__dict__``."""
    slug, players, config = case
    game = rulebook.load(slug, **config)
    spec = ObservationSpec(game, players)
    observers = [spec.observer(seat) for seat in range(players)]
    state = game.new_state(seed=2, players=players)
    plain = type(state)

    class Watched(plain):  # type: ignore[misc, valid-type]
        __slots__ = ()  # the same layout as the game's (a slotted state has no ``__dict__``)

        @property
        def __dict__(self):  # type: ignore[override]
            raise AssertionError("the observation read the state's __dict__")

    rng = Rng(4)
    observed = 0
    for _ in range(400):
        state.__class__ = Watched
        for seat in range(players):
            state.infoset(seat).observe_into(observers[seat])
        state.__class__ = plain
        observed += 1
        if state.is_over():
            break
        legal = state.legal_ids()
        state.apply(legal[rng.below(len(legal))], narrate=False)
    assert observed > 10


def test_a_long_lists_changed_entries_are_found_or_it_is_written_whole():
    """``changed_entries`` (a long public list's entries stored one by one): the indices that
    changed, below the observation's count; None (write it whole) on a first write, another
    length, a value that is not a byte or too many changes."""
    bits: list[int | None] = [None]
    was = [0, 1, 2, 0] * 10
    assert changed_entries(was, None, bits, 0, 40) is None  # the first write
    now = was[:]
    now[3], now[17], now[39] = 2, 0, 7
    assert changed_entries(now, was, bits, 0, 40) == [3, 17, 39]
    assert changed_entries(now, now, bits, 0, 40) == []  # bits kept the last one
    later = now[:]
    later[39], later[5] = 0, 9
    assert changed_entries(later, now, bits, 0, 39) == [5]  # index 39 is past the count
    assert changed_entries([*later, 1], later, bits, 0, 40) is None  # another length
    assert changed_entries([300] * 41, [*later, 1], bits, 0, 40) is None  # not a byte
    assert bits[0] is None  # so the next one is written whole too
    assert changed_entries([1] * 41, [300] * 41, bits, 0, 40) is None
    assert changed_entries([0] * 41, [1] * 41, bits, 0, 40) is None  # too many changed


def test_every_entry_stays_within_its_bounds_when_the_sampled_ranges_are_narrow():
    """A range sampled from seeded games may be passed later (none sampled here: every public
    number's range is [0, 1]). Every entry is clipped to its bounds, the sums per card id
    included (``State.PER_CARD``: a card instance's value clipped before it is summed, so a sum
    over n copies stays within n times the range; Solo Bound Female's marks passed it, seed
    0, move 36), and the generated code still writes what the general code does."""
    game = rulebook.load("solo-bound-female")
    spec = ObservationSpec(game, 1, samples=0)
    low = np.array([f.low for f in spec.features], dtype=np.float32)
    high = np.array([f.high for f in spec.features], dtype=np.float32)
    observer = spec.observer(0)
    rng = Rng(3)
    outside: set[str] = set()
    for seed in range(3):
        state = game.new_state(seed=seed, players=1)
        while True:
            got = np.array(state.infoset(0).observe_into(observer))
            assert np.array_equal(got, np.array(spec.observer(0).general(state)))
            outside.update(
                spec.features[i].name for i in np.flatnonzero((got < low) | (got > high))
            )
            if state.is_over():
                break
            legal = state.legal_ids()
            state.apply(legal[rng.below(len(legal))], narrate=False)
    assert not outside, sorted(outside)[:8]
