"""Triggering, values, person cards and every keyword (SBF-14..SBF-21, SBF-29..SBF-56)."""

from __future__ import annotations

from tests.games.solo_bound_female.helpers import (
    act,
    names,
    next_turn,
    orient,
    start,
    texts,
    to_cleanup,
)


def test_sbf18_sbf19_sbf20_trigger_bondage_full_sequence() -> None:
    state = start(hand=["cuffs", "scarf"])
    act(state, "Play Test Cuffs")
    act(state, "Trigger Test Cuffs")
    view = state.view(0)
    assert (view["stimulation"], view["visibility"], view["progress"]) == (1, 1, 9)
    act(state, "Play Test Scarf")  # stationary: loses visibility
    act(state, "Trigger Test Scarf")
    view = state.view(0)
    assert (view["stimulation"], view["visibility"], view["progress"]) == (2, 0, 8)


def test_sbf21_when_triggered_effects_always_apply_even_after_an_orgasm() -> None:
    state = start(hand=["heavy", "heavy"])
    act(state, "Play Test Heavy Rope")
    act(state, "Trigger Test Heavy Rope")  # 3 stimulation of 4: no orgasm
    to_cleanup(state)
    next_turn(state)
    act(state, "Trigger Test Heavy Rope")  # 6 of 4: an orgasm, no visibility, no progress
    view = state.view(0)
    assert view["stimulation"] == 0 and view["vitality"] == 8 and view["progress"] == 8
    assert view["hand_size"] == 7 + 1  # its when-triggered draw happened anyway


def test_sbf14_sbf15_person_triggered_by_visibility_cost_discards_the_card() -> None:
    state = start(hand=["loud", "loud"], reveals=["p3"])
    act(state, "Play Test Loud Step")  # visibility 3: not below... the Watcher needs > 3
    assert state.view(0)["progress"] == 9
    to_cleanup(state)
    act(state, "Play Test Loud Step")  # visibility 6 > 3: the Watcher triggers
    view = state.view(0)
    assert "loud" in view["discard"] and view["visibility"] == 3 and view["vitality"] == 9
    assert view["progress"] == 9  # the second Loud Step was discarded, not played


def test_sbf16_sbf23_above_ten_discards_the_card_and_caps_at_ten() -> None:
    state = start(hand=["loud", "loud", "loud", "heavy"])
    for _ in range(3):
        act(state, "Play Test Loud Step")
    assert state.view(0)["visibility"] == 9 and state.view(0)["progress"] == 7
    act(state, "Play Test Heavy Rope")
    act(state, "Trigger Test Heavy Rope")  # 11: above ten, so ten, and no progress
    view = state.view(0)
    assert view["visibility"] == 10 and view["progress"] == 7


def test_sbf16_a1_at_ten_reading() -> None:
    state = start(hand=["loud", "loud", "loud", "cuffs"], above_ten="at-ten")
    for _ in range(3):
        act(state, "Play Test Loud Step")
    act(state, "Play Test Cuffs")
    act(state, "Trigger Test Cuffs")  # 10 counts as above ten here: no progress
    assert state.view(0)["progress"] == 7


def test_sbf17_ability_pays_aptitude_and_triggers() -> None:
    state = start(character="starter", hand=["crank"])
    to_cleanup(state)
    act(state, "Play Test Filler as aptitude")
    act(state, "Play Test Crank")
    act(state, "Use Test Crank")
    view = state.view(0)
    assert orient(state, "Test Crank") == "triggered" and view["aptitude"]["ready"] == 0


def test_sbf29_sbf30_sbf31_highest_person_below_triggers_ties_together_then_cascade() -> None:
    state = start(hand=["loud", "loud"], reveals=["p5a", "p5b", "p1", "nothing"])
    # three turns bring the Neighbour (5), the Jogger (5) and the Shouter (1) into play
    next_turn(state)
    next_turn(state)
    act(state, "Play Test Loud Step")
    act(state, "Play Test Loud Step")  # visibility 6: both 5s trigger together -> 5
    view = state.view(0)
    # then the Shouter (1 < 5) triggers: visibility 1, its +4 makes 5 again, no one left
    assert [i["orientation"] for i in view["opposition"]] == ["triggered"] * 3
    assert view["visibility"] == 5 and view["progress"] == 10
    assert view["hand_size"] == 5 + 1  # the Jogger's draw


def test_sbf32_person_ends_initial_step_and_sbf36_unused_bondage() -> None:
    state = start(hand=["loud", "loud", "cuffs"], reveals=["p3"])
    act(state, "Play Test Cuffs")
    act(state, "Play Test Loud Step")
    act(state, "Play Test Loud Step")  # the Watcher triggers: the step ends
    view = state.view(0)
    assert view["decision"]["kind"] == "clean-up"
    assert orient(state, "Test Cuffs") == "reset"
    assert view["in_play"][0]["note"] == "must be used this turn"


def test_sbf36_a9_unused_bondage_discard_reading() -> None:
    state = start(hand=["loud", "loud", "cuffs"], reveals=["p3"], unused_bondage="discard")
    act(state, "Play Test Cuffs")
    act(state, "Play Test Loud Step")
    act(state, "Play Test Loud Step")
    next_turn(state)
    assert state.view(0)["in_play"] == [] and "cuffs" in state.view(0)["discard"]


def test_sbf37_bondage_played_in_cleanup_waits() -> None:
    state = start(hand=["cuffs"])
    to_cleanup(state)
    act(state, "Play Test Cuffs")
    assert state.view(0)["in_play"][0]["note"].startswith("played in clean-up")
    next_turn(state)
    assert "Trigger Test Cuffs" in texts(state)


def test_sbf38_immediate_action_is_a_stationary_trigger() -> None:
    state = start(hand=["loud", "calm"], reveals=["p1"])
    act(state, "Play Test Loud Step")  # the Shouter (1) triggers: 1, then +4 -> 5
    assert state.view(0)["visibility"] == 5
    to_cleanup(state)
    next_turn(state)  # the Shouter resets in the Opposing Turn
    act(state, "Play Test Calm")  # stimulation 1, privacy 2 (no person check), progress 1
    view = state.view(0)
    assert view["visibility"] == 3 and view["progress"] == 9 and view["stimulation"] == 1
    assert orient(state, "Test Shouter", "opposition") == "reset"


def test_sbf39_persistent_action_with_duration_and_begin_effects() -> None:
    state = start(hand=["planner"])
    act(state, "Play Test Planner")
    next_turn(state)
    assert state.view(0)["hand_size"] == 8  # six kept, its begin draw and the step's draw
    next_turn(state)
    assert state.view(0)["in_play"] == []


def test_sbf33_immediate_trouble_and_sbf34_persistent_trouble() -> None:
    state = start(reveals=["chill", "heat"])
    assert state.view(0)["stimulation"] == 2 and state.view(0)["opposition"] == []
    next_turn(state)
    assert names(state.view(0)["opposition"]) == ["Test Heat"]
    assert state.view(0)["orgasm"] == "forced"


def test_sbf35_supernatural_counters_then_effects() -> None:
    state = start(hand=["cuffs", "scarf"], reveals=["spirit"])
    assert state.view(0)["opposition"][0]["counters"] == "0/2"
    act(state, "Play Test Cuffs")
    act(state, "Trigger Test Cuffs")
    act(state, "Play Test Scarf")
    act(state, "Trigger Test Scarf")  # the second trigger: the Spirit takes effect
    view = state.view(0)
    assert view["opposition"][0]["counters"] == "2/2 active"
    assert view["progress"] == 9 and view["opposition"][0]["duration"] == 1


def test_sbf42_orgasm_costs_the_excess_and_sbf44_forced_orgasm_one_more() -> None:
    state = start(hand=["heavy", "egg"], reveals=["heat"])
    act(state, "Play Test Heavy Rope")
    act(state, "Play Test Egg")
    act(state, "Trigger Test Heavy Rope")  # 3
    act(state, "Trigger Test Egg")  # 5 of 4: excess 1, Forced: 2 vitality
    view = state.view(0)
    assert view["stimulation"] == 0 and view["vitality"] == 8


def test_sbf43_forced_and_denial_counting_ties_cancel() -> None:
    state = start(hand=["belt"], reveals=["heat"])
    assert state.view(0)["orgasm"] == "forced"
    act(state, "Play Test Belt")
    assert state.view(0)["orgasm"] == "normal"  # one each: neither applies


def test_sbf45_denial_progress_loss_and_release_at_two() -> None:
    state = start(hand=["heavy", "cuffs", "cuffs"], reveals=["strict"])
    act(state, "Play Test Heavy Rope")
    act(state, "Trigger Test Heavy Rope")  # 3 of 4, +2 progress: 8
    act(state, "Play Test Cuffs")
    act(state, "Trigger Test Cuffs")  # 4
    act(state, "Play Test Cuffs")
    act(state, "Trigger Test Cuffs")  # 5: excess 1 under denial
    view = state.view(0)
    assert view["denied"] and view["stimulation"] == 5 and view["vitality"] == 10
    assert view["progress"] == 8  # +1 from the 4th, then -1 for denial, no card progress
    next_turn(state)
    act(state, "Trigger Test Cuffs")  # 6: excess 2, released: an orgasm of 2
    view = state.view(0)
    assert not view["denied"] and view["stimulation"] == 0 and view["vitality"] == 8


def test_sbf45_a3_card_reading_keeps_the_point() -> None:
    state = start(hand=["heavy", "cuffs", "cuffs"], reveals=["strict"], denial_loss="card")
    act(state, "Play Test Heavy Rope")
    act(state, "Trigger Test Heavy Rope")
    act(state, "Play Test Cuffs")
    act(state, "Trigger Test Cuffs")
    act(state, "Play Test Cuffs")
    act(state, "Trigger Test Cuffs")
    assert state.view(0)["progress"] == 7  # only the card's progress is forfeited


def test_sbf46_on_orgasm_only_when_triggered_and_passive_always() -> None:
    state = start(hand=["egg", "glow", "heavy"])
    act(state, "Play Test Glow")  # Forced Orgasm, passive: +1 progress on an orgasm
    act(state, "Play Test Egg")
    act(state, "Play Test Heavy Rope")
    act(state, "Trigger Test Heavy Rope")  # 3
    act(state, "Trigger Test Egg")  # 5: orgasm, excess 1 + 1 forced
    view = state.view(0)
    assert view["vitality"] == 8 and view["progress"] == 7  # 2 from the rope, 1 passive
    assert view["hand_size"] == 4 + 1 + 1  # the Rope's draw, and the triggered Egg's


def test_sbf47_vitality_cap_and_zero_loses() -> None:
    state = start(hand=["calm"])
    act(state, "Play Test Calm")
    assert state.view(0)["vitality"] == 10  # never above the character's
    state = start(reveals=["chill"] * 3 + ["heat"] * 3, hand=["heavy", "heavy", "heavy"])
    for _ in range(400):
        if state.is_over():
            break
        options = texts(state)
        pick = next((t for t in options if t.startswith(("Play Test Heavy", "Trigger"))), None)
        act(
            state,
            pick
            or (
                "End the initial step"
                if "End the initial step" in options
                else "End the turn"
                if "End the turn" in options
                else options[0]
            ),
        )
    assert state.is_over() and state.outcome().reason == "vitality"  # type: ignore[union-attr]


def test_sbf40_progress_zero_wins() -> None:
    state = start(hand=["heavy", "heavy", "heavy", "loud", "loud", "loud"])
    for _ in range(3):
        act(state, "Play Test Heavy Rope")
    act(state, "Trigger Test Heavy Rope")
    for _ in range(3):
        act(state, "Play Test Loud Step")
    outcome = state.outcome()
    assert outcome is None or outcome.reason == "progress"
    while not state.is_over():
        options = texts(state)
        act(state, next((t for t in options if t.startswith("Trigger")), options[0]))
    assert state.outcome() is not None


def test_kw_abandon_and_incompetence() -> None:
    state = start(hand=["shove", "freebie"], reveals=["omen"])
    act(state, "Play Test Shove")  # abandon the Omen: Incompetence makes it inaptitude
    view = state.view(0)
    assert view["opposition"] == [] and view["inaptitude"]["count"] == 1


def test_kw_competence_and_aptitude_effect() -> None:
    state = start(hand=["freebie", "sturdy"])
    act(state, "Play Test Freebie")  # the top card of the deck goes in as aptitude
    assert state.view(0)["aptitude"]["count"] == 1
    act(state, "Play Test Sturdy")  # Competence 1: paid, then back as aptitude
    view = state.view(0)
    assert view["aptitude"]["count"] == 2 and "sturdy" in view["aptitude"]["cards"]


def test_kw_double_trouble() -> None:
    state = start(reveals=["again", "chill", "nothing"])
    view = state.view(0)
    assert view["stimulation"] == 2 and view["scenario_discard"] == ["chill", "again"]


def test_kw_ignore_and_a7_reset() -> None:
    state = start(hand=["hide", "loud", "loud"], reveals=["p3", "p5a"])
    next_turn(state)
    act(state, "Play Test Hide")
    act(state, "Choose Test Watcher")
    assert orient(state, "Test Watcher", "opposition") == "ignored"
    act(state, "Play Test Loud Step")  # 3 < 5: nothing
    act(state, "Play Test Loud Step")  # 6: only the Neighbour (the Watcher is ignored)
    assert state.view(0)["visibility"] == 5
    next_turn(state)
    assert orient(state, "Test Watcher", "opposition") == "reset"


def test_kw_ignore_a7_leaves_play_reading() -> None:
    state = start(hand=["hide"], reveals=["p3", "p5a"], ignore_ends="leaves-play")
    next_turn(state)
    act(state, "Play Test Hide")
    act(state, "Choose Test Watcher")
    next_turn(state)
    assert orient(state, "Test Watcher", "opposition") == "ignored"


def test_kw_trigger() -> None:
    state = start(hand=["duck", "loud", "loud"], reveals=["p3"])
    act(state, "Play Test Duck")
    assert orient(state, "Test Watcher", "opposition") == "triggered"
    act(state, "Play Test Loud Step")
    act(state, "Play Test Loud Step")
    assert state.view(0)["visibility"] == 6


def test_kw_skip_a_turn() -> None:
    state = start(reveals=["nothing", "wait", "nothing"])
    next_turn(state)
    view = state.view(0)  # the Player Turn was skipped; the Opposing Turn and end were not
    assert view["turn"] == 3 and view["revealed"] == "Test Quiet Moment"


def test_kw_begin_choice_from_trouble() -> None:
    state = start(hand=["cuffs", "scarf"], reveals=["nothing", "lockout"])
    to_cleanup(state)
    act(state, "Play Test Cuffs")
    act(state, "Play Test Scarf")
    next_turn(state)
    assert state.view(0)["decision"]["kind"] == "choose"
    act(state, "Choose Test Scarf")
    assert orient(state, "Test Scarf") == "ignored"
    assert "Trigger Test Scarf" not in texts(state)
