"""Triggering, values, person cards and every keyword (SBF-14..SBF-21, SBF-29..SBF-56)."""

from __future__ import annotations

from pathlib import Path

import rulebook
from tests.games.solo_bound_female.helpers import (
    CARDS,
    FILL,
    SIZES,
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


def test_sbf19_sbf20_a26_an_orgasm_cancels_the_progress_or_keeps_it() -> None:
    """Heavy Rope's second trigger brings an orgasm: no visibility either way; its progress
    (2) is lost by default, gained with ``orgasm_progress=kept``."""
    for reading, progress in (("lost", 8), ("kept", 6)):
        state = start(hand=["heavy", "heavy"], orgasm_progress=reading)
        act(state, "Play Test Heavy Rope")
        act(state, "Trigger Test Heavy Rope")
        visibility = state.view(0)["visibility"]
        to_cleanup(state)
        next_turn(state)
        act(state, "Trigger Test Heavy Rope")  # 6 of 4: an orgasm
        view = state.view(0)
        assert view["vitality"] == 8 and view["visibility"] == visibility
        assert view["progress"] == progress, reading


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
    act(state, "Play Test Loud Step")  # 3: the Shouter (1 < 3) triggers: 1, its +4 makes 5
    assert orient(state, "Test Shouter", "opposition") == "triggered"
    assert state.view(0)["visibility"] == 5
    act(state, "Play Test Loud Step")  # visibility 8: both 5s trigger together -> 5
    view = state.view(0)
    # (the repeated check after a person card, SB-30: test_sbf30_the_check_runs_again_…)
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
    said = act(state, "Trigger Test Egg")  # 5 of 4: excess 1, Forced: 2 vitality
    view = state.view(0)
    assert view["stimulation"] == 0 and view["vitality"] == 8
    # said once, with what is left (not again as a plain loss of vitality)
    lost = [line for line in said if "vitality" in line]
    assert lost == ["An orgasm: you lose 2 vitality, Forced Orgasm's one included (now 8)."]


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


# ---------------------------------------------------------------------------------------------
CARDS_FILE = Path(CARDS)

# Rules whose earlier tests could not fail (a fresh-eyes audit broke each rule in a copy of the
# code and the tests still passed): each test below fails under that break.


def variant(tmp_path: Path, *changes: tuple[str, str], deck: str = "") -> str:
    """The test card file with each ``(old, new)`` replaced (once), and its scenario deck
    list replaced by ``deck`` when given: a tiny scenario or a one-point character."""
    text = CARDS_FILE.read_text()
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    if deck:
        text = text[: text.index("[decks.scenario.all]")] + "[decks.scenario.all]\n" + deck
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return str(path)


def test_sbf20_a_person_triggered_by_the_trigger_cancels_its_progress() -> None:
    """Visibility 3 (a Loud Step); the Cuffs' +1 makes 4, above the Watcher's 3: it triggers
    (visibility back to 3, a vitality lost) and the Cuffs gain no progress."""
    state = start(hand=["loud", "cuffs"], reveals=["p3"])
    act(state, "Play Test Loud Step")
    act(state, "Play Test Cuffs")
    assert state.view(0)["progress"] == 9
    act(state, "Trigger Test Cuffs")
    view = state.view(0)
    assert orient(state, "Test Watcher", "opposition") == "triggered"
    assert view["visibility"] == 3 and view["vitality"] == 9
    assert view["progress"] == 9  # not 8: the person card cancelled the progress


def test_sbf16_a_card_whose_cost_goes_above_ten_is_discarded_unplayed() -> None:
    """Two Loud Steps make 9 visibility (from 3) and 2 progress; the third's cost would make 12:
    visibility goes to ten and the card is discarded, never played (no progress)."""
    state = start(hand=["loud", "loud", "loud"], scenario="starting")  # START: 3 visibility
    for _ in range(2):
        act(state, "Play Test Loud Step")
    assert state.view(0)["visibility"] == 9 and state.view(0)["progress"] == 8
    act(state, "Play Test Loud Step")
    view = state.view(0)
    assert view["visibility"] == 10 and view["progress"] == 8
    assert view["discard"].count("loud") == 3


def test_sbf30_the_check_runs_again_after_a_person_triggers() -> None:
    """Visibility 6: the Neighbour (5) triggers and visibility drops to 5; its effect (lose a
    progress) changes no visibility, so only the repeated check (SB-30) finds the Shouter
    (1 < 5): it triggers too (visibility 1, then its +4 makes 5)."""
    state = start(hand=["loud", "loud"], reveals=["p5a", "p1", "nothing"])
    next_turn(state)
    act(state, "Play Test Loud Step")  # 3: the Shouter (1) triggers: 1, then +4: 5
    assert orient(state, "Test Shouter", "opposition") == "triggered"
    next_turn(state)  # both reset
    assert orient(state, "Test Shouter", "opposition") == "reset"
    act(state, "Play Test Loud Step")  # 5 + 3 = 8: the Neighbour (5) first
    view = state.view(0)
    assert [i["orientation"] for i in view["opposition"]] == ["triggered", "triggered"]
    assert view["visibility"] == 5


def test_sbf13_sbf49_competence_is_paid_besides_the_cost() -> None:
    """Test Sturdy costs 0 with Competence 1: it cannot be played without aptitude; with one
    aptitude card it is played and that card is triggered (paid), then Sturdy itself comes
    into play as aptitude."""
    state = start(hand=["sturdy", "freebie"])
    assert "Play Test Sturdy" not in texts(state)
    act(state, "Play Test Freebie")
    aptitude = state.view(0)["aptitude"]
    assert (aptitude["count"], aptitude["ready"]) == (1, 1)
    act(state, "Play Test Sturdy")
    aptitude = state.view(0)["aptitude"]
    assert aptitude["count"] == 2 and aptitude["ready"] == 1  # one paid, Sturdy back


def test_sbf42_forced_and_denial_tied_neither_applies_to_an_orgasm() -> None:
    """One Forced Orgasm card (Heat) and one Orgasm Denial card (Belt): an excess of one is
    a plain orgasm, one vitality lost (Forced would make it two; Denial none)."""
    state = start(hand=["belt", "heavy", "cuffs", "cuffs"], reveals=["heat"])
    for card in ("Belt", "Heavy Rope", "Cuffs", "Cuffs"):
        act(state, f"Play Test {card}")
    act(state, "Trigger Test Heavy Rope")  # 3
    act(state, "Trigger Test Cuffs")  # 4
    act(state, "Trigger Test Cuffs")  # 5 of 4: excess 1
    view = state.view(0)
    assert view["stimulation"] == 0 and view["vitality"] == 9 and not view["denied"]


def test_sbf45_on_orgasm_of_a_card_not_triggered_does_not_apply() -> None:
    """The Egg's On Orgasm (draw a card) applies only when the Egg is triggered: an orgasm
    from the Rope and the Cuffs, the Egg untouched, draws only the Rope's card."""
    state = start(hand=["egg", "heavy", "cuffs", "cuffs"])
    for card in ("Egg", "Heavy Rope", "Cuffs", "Cuffs"):
        act(state, f"Play Test {card}")
    hand = state.view(0)["hand_size"]
    act(state, "Trigger Test Heavy Rope")  # 3, and the Rope's draw
    act(state, "Trigger Test Cuffs")  # 4
    act(state, "Trigger Test Cuffs")  # 5: an orgasm
    view = state.view(0)
    assert view["vitality"] == 9 and orient(state, "Test Egg") == "reset"
    assert view["hand_size"] == hand + 1


def test_sbf48_sbf52_abandon_and_incompetence() -> None:
    """The Omen (cost 0, Incompetence 1) costs 1: with no inaptitude it becomes inaptitude.
    Revealed again with that inaptitude it comes into play; the Shove abandons it and, by
    Incompetence, it comes back as inaptitude instead of the discard pile."""
    state = start(hand=["shove"], reveals=["omen", "omen", "nothing"])
    view = state.view(0)
    assert view["opposition"] == [] and view["inaptitude"]["count"] == 1
    next_turn(state)
    view = state.view(0)
    assert names(view["opposition"]) == ["Test Omen"] and view["inaptitude"]["ready"] == 0
    act(state, "Play Test Shove")
    view = state.view(0)
    assert view["opposition"] == [] and view["inaptitude"]["count"] == 2
    assert "omen" not in view["scenario_discard"]


def test_sbf50_double_trouble_does_not_reset_inaptitude(tmp_path: Path) -> None:
    """Test Second Again (cost 1, Double Trouble) is paid with the one inaptitude card; the
    Opposing Turn it runs again does not reset it, so the Door (cost 1) cannot be paid and
    becomes inaptitude."""
    again = (
        '[[card]]\nid = "again1"\nname = "Test Second Again"\ndeck = "scenario"\n'
        'type = "trouble"\nmode = "immediate"\ncost = 1\n'
        'effects = [{ do = "double-trouble" }]\n\n[[card]]\nid = "wait"'
    )
    cards = variant(
        tmp_path,
        ('[[card]]\nid = "wait"', again),
        ("[decks.scenario.all]\n", "[decks.scenario.all]\nagain1 = 1\n"),
    )
    g = rulebook.load(
        "solo-bound-female", cards=cards, deck_size=68, scenario_deck_size=66, max_copies=20
    )
    stack = {"character": ["filler"] * 10, "scenario": ["costly", "again1", "door", "nothing"]}
    state = g.new_state(seed=1, stack=stack)
    assert state.view(0)["inaptitude"]["count"] == 1  # the Costly
    next_turn(state)
    view = state.view(0)
    assert view["scenario_discard"] == ["again1"]
    assert view["inaptitude"] == {"count": 2, "ready": 1}  # the Door joined, unpaid


def test_sbf53_a_skipped_turn_still_ends(tmp_path: Path) -> None:
    """Skip a Turn skips the Player Turn, not its end: the Planner's duration (2) runs down
    at the end of turn 1 and of the skipped turn 2, and it is discarded there."""
    state = start(hand=["planner"], reveals=["nothing", "wait", "nothing", "nothing"])
    to_cleanup(state)
    act(state, "Play Test Planner")
    next_turn(state)
    view = state.view(0)
    assert view["turn"] == 3 and view["in_play"] == [] and "planner" in view["discard"]


def test_sbf55_the_scenario_deck_running_out_loses(tmp_path: Path) -> None:
    """A scenario deck of three quiet cards: the fourth Opposing Turn reveals from an empty
    deck and the character loses."""
    cards = variant(tmp_path, deck="nothing = 3\n")
    g = rulebook.load(
        "solo-bound-female", cards=cards, deck_size=68, scenario_deck_size=3, max_copies=20
    )
    state = g.new_state(seed=1)
    for _ in range(3):
        next_turn(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "scenario-out" and state.returns() == [0.0]


def test_sbf56_vitality_exactly_zero_loses(tmp_path: Path) -> None:
    """A one-vitality Tester: an orgasm of excess one (Rope 3, Cuffs 4, Cuffs 5 of 4) takes
    her to exactly zero, and she loses."""
    cards = variant(tmp_path, ("vitality = 10", "vitality = 1"))
    g = rulebook.load("solo-bound-female", cards=cards, **SIZES)
    stack = {"character": ["heavy", "cuffs", "cuffs", *FILL], "scenario": ["nothing"] * 4}
    state = g.new_state(seed=1, stack=stack)
    for card in ("Heavy Rope", "Cuffs", "Cuffs"):
        act(state, f"Play Test {card}")
    act(state, "Trigger Test Heavy Rope")
    act(state, "Trigger Test Cuffs")
    assert not state.is_over()
    act(state, "Trigger Test Cuffs")
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "vitality" and state.returns() == [0.0]


def test_sbf39_progress_exactly_zero_wins(tmp_path: Path) -> None:
    """A two-point scenario: the Heavy Rope's 2 progress leaves exactly zero, and she wins."""
    cards = variant(tmp_path, ("progress = 10", "progress = 2"))
    g = rulebook.load("solo-bound-female", cards=cards, **SIZES)
    stack = {"character": ["heavy", *FILL], "scenario": ["nothing"] * 4}
    state = g.new_state(seed=1, stack=stack)
    act(state, "Play Test Heavy Rope")
    act(state, "Trigger Test Heavy Rope")
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "progress" and state.returns() == [1.0]


def test_sbf24_no_bondage_trigger_in_the_cleanup_step() -> None:
    """A person card ends the initial step with the Cuffs unused: the clean-up step offers
    no trigger of them (SB-24), though they wait to be used."""
    state = start(hand=["loud", "loud", "cuffs"], reveals=["p3"])
    act(state, "Play Test Cuffs")
    act(state, "Play Test Loud Step")
    act(state, "Play Test Loud Step")  # the Watcher: the step ends
    assert state.view(0)["decision"]["kind"] == "clean-up"
    assert not [t for t in texts(state) if t.startswith("Trigger")]


def test_sbf9_begin_step_effects_come_before_the_draw() -> None:
    """The Lockout's begin-step choice is asked before the begin step's draw."""
    state = start(hand=["cuffs", "scarf"], reveals=["nothing", "lockout"])
    to_cleanup(state)
    act(state, "Play Test Cuffs")
    act(state, "Play Test Scarf")
    next_turn(state)
    before = state.view(0)["hand_size"]
    assert state.view(0)["decision"]["kind"] == "choose"
    act(state, "Choose Test Scarf")
    assert state.view(0)["hand_size"] == before + 1  # the draw came after the choice
