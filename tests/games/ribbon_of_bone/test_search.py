"""The search in Ribbon of Bone: its estimate judges a fight in progress, so rollouts of two
decisions (the game's default, for speed) still carry it to an escape."""

from __future__ import annotations

import rulebook
from rulebook.sim.runner import simulate
from tests.games.ribbon_of_bone.helpers import act, foe, pick, start


def test_the_estimate_counts_the_damage_a_fight_has_dealt() -> None:
    # Orias (9 health) faced; prediction 2 (Loss); rolls 1 -> Kimaris Balance, 2 -> Sabnock Time
    state = start([4, 2, 1, 2])
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    before = state.estimate()
    act(state, "Give the roll to Kimaris")
    assert foe(state)["health"] == 7 and state.view(0)["health"] == 14  # only Orias was hurt
    after = state.estimate()
    assert before is not None and after is not None
    assert after[0] > before[0]  # the same health, a weaker Marquis: a better chance


def test_the_default_search_rolls_out_two_decisions_and_still_escapes() -> None:
    # Measured (benchmarks/ladder.py, 300 iterations, 100 games): 100% (96.3-100%), as the
    # heuristic; two-decision rollouts without the fight's odds escaped 7.0% (3.4-13.7%).
    assert rulebook.load("ribbon-of-bone").search_defaults_for(1)["rollout"] == "2"
    summary = simulate("ribbon-of-bone", ["ismcts:iterations=100"], 6, seed=5)
    assert summary.seats[0].wins == 6
    assert summary.mean_turns < 100  # it fights its way out, not waiting at the turn limit
