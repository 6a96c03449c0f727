"""A25: what everyone saw go into a hand stays known. A card returned from a (public) Laundry
to its owner's hand is in that hand in every world a Co-Host's search samples, until it
leaves the hand again."""

from __future__ import annotations

import rulebook
from rulebook.engine.random import Rng
from tests.games.swing.helpers import act, done_until, host, start
from tests.games.swing.test_rules import fox_waits

WORLDS = 100


def _party_crasher_returned() -> rulebook.engine.state.State:
    """P2's Party Crasher seduces P1 and has an orgasm against the Silver Fox (turn 2); P2
    returns it from the Laundry to hand in its Aftercare of turn 4, in everyone's sight."""
    state = start()
    fox_waits(state)
    act(state, "Place Hot Tub")
    act(state, "Introduce Party Crasher")
    act(state, "Done")
    act(state, "Seduce Player 1")
    act(state, "Block with Silver Fox")  # the Crasher goes to P2's Laundry
    done_until(state, "foreplay-top", 1)
    act(state, "Place Garden Terrace")
    act(state, "Done")
    act(state, "Done")
    act(state, "Return Party Crasher")
    return state


def _without(worlds: list[rulebook.engine.state.State], card: str) -> int:
    """How many sampled worlds lack ``card`` in P2's hand (read from P2's view of each)."""
    return sum(card not in host(world, 1, viewer=1)["hand"] for world in worlds)


def test_a25_a_card_returned_from_the_laundry_stays_in_every_sampled_hand() -> None:
    state = _party_crasher_returned()
    assert "party-crasher" in host(state, 1, viewer=1)["hand"]
    assert "party-crasher" not in host(state, 1, viewer=0)  # the hand itself stays hidden
    worlds = [state.redeterminize(0, seed) for seed in range(WORLDS)]
    assert _without(worlds, "party-crasher") == 0
    infoset = state.infoset(0)
    assert _without([infoset.sample(Rng(seed)) for seed in range(WORLDS)], "party-crasher") == 0
    spectator = [state.redeterminize(None, seed) for seed in range(WORLDS)]
    assert _without(spectator, "party-crasher") == 0
    # the rest of the hand is still resampled
    hands = {tuple(host(world, 1, viewer=1)["hand"]) for world in worlds}
    assert len(hands) > 1


def test_a25_the_knowledge_ends_when_the_card_leaves_the_hand() -> None:
    """Turn 6: P2 introduces its Party Crasher; the other Crasher of its deck may be anywhere
    unseen, so some sampled worlds hold none in P2's hand."""
    state = _party_crasher_returned()
    done_until(state, "foreplay-top", 1)  # turn 5: P1; turn 6: P2's Locations untagged
    act(state, "Introduce Party Crasher")
    worlds = [state.redeterminize(0, seed) for seed in range(WORLDS)]
    assert 0 < _without(worlds, "party-crasher") < WORLDS
