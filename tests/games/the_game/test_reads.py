"""What a seat reads about the other hand from public play, and the worlds its search samples:
told "none" of a kind is a fact until that player draws; asking for a kind and playing no
set are guesses (``State.hidden_reads``, ``InfoSet.sample``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import rulebook
from rulebook.engine.conformance import permute_hidden
from rulebook.engine.random import Rng
from rulebook.engine.zones import hidden_slots
from rulebook.games.the_game import TheGameState
from tests.games.the_game.helpers import act, event_texts, new_state

P1_ASKS = ["ask-for-card", "over-knee", "medium", "steal-card", "steal-card"]
P2_NO_TIME = ["against-wall", "bent-over-table", "light", "hard", "very-hard"]


def kinds(world: rulebook.State, seat: int) -> Counter[str]:
    """The kinds in ``seat``'s hand of a sampled world, read through that seat's view."""
    kind = {c.id: c.kind for c in world.game.content.main}  # type: ignore[attr-defined]
    return Counter(kind[c] for c in world.view(seat)["players"][seat]["hand"])


def told_none_of_time() -> TheGameState:
    """Player 1 asks for a Time card; Player 2, holding none, says so. Player 2's next draw
    is a Time card (10 Minutes)."""
    state = new_state([*P1_ASKS, *P2_NO_TIME, "10-minutes"])
    act(state, "Play Ask For Card")
    events = act(state, "Ask for a Time card")
    assert "Player 2 has no Time card." in event_texts(events, 0)
    return state


def test_told_none_no_sampled_world_gives_that_kind_until_they_draw() -> None:
    state = told_none_of_time()
    worlds = [state.infoset(0).sample(Rng(i)) for i in range(300)]
    assert all(kinds(w, 1)["time"] == 0 for w in worlds)
    assert all(len(w.view(1)["players"][1]["hand"]) == 5 for w in worlds)
    # the rest of the hidden cards still vary: the fact rules out Time cards, nothing more
    assert len({tuple(w.view(1)["players"][1]["hand"]) for w in worlds}) > 50
    act(state, "Discard Hard and draw a replacement")  # Player 2 draws 10 Minutes
    worlds = [state.infoset(0).sample(Rng(i)) for i in range(300)]
    times = Counter(kinds(w, 1)["time"] for w in worlds)
    assert set(times) == {0, 1} and times[1] > 30  # one draw: at most one Time card now


def test_a_blind_deal_would_give_them_time_cards() -> None:
    """The test above can fail: the hidden pool is full of Time cards, and a spectator's
    resample (which has read nothing) deals Player 2 some."""
    state = told_none_of_time()
    worlds = [state.redeterminize(None, Rng(i)) for i in range(300)]
    assert sum(kinds(w, 1)["time"] > 0 for w in worlds) > 200


def test_guesses_are_kept_only_when_asked_for() -> None:
    """Player 2 guesses that Player 1 asked for Time because it lacked one: trusted as a
    fact (``guess=0``), no world gives Player 1 a Time card; left out, many do."""
    state = told_none_of_time()
    trusted = [state.infoset(1).sample(Rng(i), 0.0) for i in range(300)]
    assert all(kinds(w, 0)["time"] == 0 for w in trusted)
    blind = [state.infoset(1).sample(Rng(i)) for i in range(300)]
    assert sum(kinds(w, 0)["time"] > 0 for w in blind) > 100
    weighted = [state.infoset(1).sample(Rng(i), 0.2) for i in range(300)]
    some = sum(kinds(w, 0)["time"] > 0 for w in weighted)
    assert 0 < some < sum(kinds(w, 0)["time"] > 0 for w in blind)


def test_the_same_seed_samples_the_same_world() -> None:
    state = told_none_of_time()
    for guess in (None, 0.0, 0.5):
        one = state.infoset(0).sample(Rng(7), guess)
        two = state.infoset(0).sample(Rng(7), guess)
        assert one.snapshot() == two.snapshot() and one.rng_state == two.rng_state


def test_a_player_who_plays_no_set_is_guessed_to_lack_a_set_kind() -> None:
    """Player 1 discards a Position and draws: Player 2 guesses it lacked an Intensity or a
    Time before that draw (not a Position: it showed one), so few worlds give it a set."""
    state = new_state([*P1_ASKS, *P2_NO_TIME, "10-minutes"])
    act(state, "Discard Over Knee and draw a replacement")
    (read,) = [r for r in state.hidden_reads(1) if not r.certain]
    kind = {c.id: c.kind for c in state.game.content.main}
    lacking = {kind[state.game.main_id[min(cls)]] for cls, _ in read.alternatives}
    assert lacking == {"intensity", "time"} and read.fresh == 1

    def sets(guess: float | None) -> int:
        worlds = [state.infoset(1).sample(Rng(i), guess) for i in range(400)]
        return sum(all(kinds(w, 0)[k] for k in ("position", "intensity", "time")) for w in worlds)

    assert sets(0.0) < 0.6 * sets(None)


def sampler_input(state: rulebook.State, seat: int) -> tuple[Any, ...]:
    """Everything a seat's sampler starts from: its reads, the hidden cards of each pool (by
    card id), the cards it knows the place of (by id) and the hidden lists' sizes."""
    game = state.game
    world = state.clone()
    pools = hidden_slots(game.zone_list, world, seat, state.is_over())
    hidden = {
        pool: (
            sorted(game.card_ids(pool)[c] for cards in lists for c in cards),
            [len(x) for x in lists],
        )
        for pool, lists in pools.items()
    }
    known = {
        p: sorted(game.card_ids(p)[c] for c in cards)
        for p, cards in state.known_cards(seat).items()
    }
    return state.hidden_reads(seat), hidden, known


def consistent_permutation(state: rulebook.State, seat: int, rng: Rng) -> rulebook.State | None:
    """The harness's permutation of what ``seat`` cannot see, drawn again until it keeps
    every fact the seat has read and the cards it saw change hands where they went (a world
    consistent with what the seat saw)."""
    known = sampler_input(state, seat)[2]
    for _ in range(200):
        world = permute_hidden(state, seat, rng)
        if world is None:
            return None
        facts = all(r.holds(r.slot(world)) for r in state.hidden_reads(seat) if r.certain)
        if facts and sampler_input(world, seat)[2] == known:
            return world
    return None


def test_what_a_seat_reads_depends_only_on_what_it_saw() -> None:
    """Seeded heuristic games: at every decision, a world with the hidden cards moved
    (consistently with public information) gives each seat the same sampler input, and so
    does the same action applied in both, where the seat's view and narration agree."""
    game = rulebook.load("the-game")
    from rulebook.agents import make_agent

    rng = Rng(11)
    checked = after = 0
    for seed in range(6):
        state = game.new_state(seed=seed, reads=True)  # kept: each world's are its own
        agents = [make_agent("heuristic", game, s, seed) for s in (0, 1)]
        while not state.is_over():
            mover = state.to_move
            assert mover is not None
            action = agents[mover].act(state.infoset(mover))
            for seat in (0, 1):
                world = consistent_permutation(state, seat, rng)
                if world is None:
                    continue
                assert world.view(seat) == state.view(seat)
                assert sampler_input(world, seat) == sampler_input(state, seat)
                checked += 1
                true = state.clone()
                if action.id not in world.legal_ids():
                    continue
                told = event_texts(true.apply(action.id), seat)
                other = event_texts(world.apply(action.id), seat)
                if told == other and true.view(seat) == world.view(seat):
                    assert sampler_input(world, seat) == sampler_input(true, seat)
                    after += 1
            state.apply(action)
    assert checked > 300 and after > 300


def played(seed: int, reads: bool, moves: int = 60) -> rulebook.State:
    """A seeded heuristic game ``moves`` decisions in, reads kept from the start or not."""
    from rulebook.agents import make_agent

    game = rulebook.load("the-game")
    state = game.new_state(seed=seed, reads=reads)
    agents = [make_agent("heuristic", game, s, seed) for s in (0, 1)]
    for _ in range(moves):
        mover = state.to_move
        if mover is None:
            break
        state.apply(agents[mover].act(state.infoset(mover)), narrate=False)
    return state


def test_plain_play_keeps_no_reads_and_rebuilds_the_same_when_asked() -> None:
    """Plain play pays nothing for the reads: asked, a state replays its history and reads
    what a state that kept them from the start reads; then it keeps them as play goes."""
    read_any = 0
    for seed in range(8):
        kept, plain = played(seed, True), played(seed, False)
        assert kept.reads is not None and plain.reads is None
        for seat in (0, 1):
            assert plain.hidden_reads(seat) == kept.hidden_reads(seat)
            read_any += bool(kept.hidden_reads(seat))
        assert plain.reads == kept.reads  # rebuilt, and kept from now on
        for state in (kept, plain):
            if not state.is_over():
                state.apply(state.legal_ids()[0], narrate=False)
        assert plain.reads == kept.reads
    assert read_any > 4  # the games did read something


def test_a_restored_save_rebuilds_its_reads() -> None:
    state = played(3, True)
    again = state.game.state_from_json(state.to_json())
    assert again.reads is None
    assert [again.hidden_reads(s) for s in (0, 1)] == [state.hidden_reads(s) for s in (0, 1)]


def test_clones_and_worlds_keep_their_own_reads() -> None:
    """A clone's record is its own; a sampled world keeps the record of the state it came
    from; a world whose record was dropped (a search's) cannot be asked: it does not
    replay from its seed, and says so rather than read the real game's cards."""
    state = played(5, False)
    state.hidden_reads(0)
    assert state.reads is not None
    twin = state.clone()
    assert twin.reads == state.reads and twin.reads is not state.reads
    assert all(a is not b for a, b in zip(twin.reads, state.reads, strict=True))
    world = state.infoset(0).sample(Rng(1))
    assert world.reads == state.reads and world.reads is not state.reads
    world.drop_reads()
    with pytest.raises(RuntimeError, match=r"new_state\(reads=True\)"):
        world.hidden_reads(0)
