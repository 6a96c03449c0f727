"""Two-Player Game, Cooperative (SB-65..SB-75): two characters against one scenario deck with
two scenario cards; proxy inaptitude; shared visibility and progress; alternating initial
steps; a clean-up step in any order; both win or lose together."""

from __future__ import annotations

from tests.games.solo_bound_female.helpers import act_as, play_out, start2, texts
from tests.games.solo_bound_female.test_basic import CHARACTER_PLAYS, WINNING_HAND

IDLE = ["End the initial", "Done", "Discard Test Filler", "Pass"]


def test_sb65_sb68_two_characters_against_one_deck_and_two_scenario_cards() -> None:
    state = start2("cooperative")
    view = state.view(0)
    assert [s["id"] for s in view["scenario"]] == ["plain", "starting"]
    assert view["progress_goal"] == 20 and view["progress"] == 20  # SB-68: the sum
    assert view["other"]["character"]["id"] == "starter" and "progress" not in view["other"]
    assert state.game.info.utility == "cooperative" and state.players == 2
    assert "hand" in state.view(0) and "hand" in state.view(1)  # each her own
    assert state.view(0)["hand"] != [] and state.view(None).get("hand") is None


def test_sb66_sb67_a_proxy_becomes_inaptitude_then_the_top_card_is_played() -> None:
    state = start2("cooperative", {"scenario": ["chill"]})
    view = state.view(0)
    assert view["inaptitude"] == {"count": 1, "ready": 1}  # the proxy
    assert view["revealed"] == "Test Chill" and view["scenario_discard"] == ["chill"]


def test_sb67_a21_an_unpaid_card_is_discarded_or_becomes_inaptitude() -> None:
    state = start2("cooperative", {"scenario": ["costly"]})  # cost 2, one proxy ready
    assert state.view(0)["scenario_discard"] == ["costly"]
    assert state.view(0)["inaptitude"]["count"] == 1
    other = start2("cooperative", {"scenario": ["costly"]}, coop_unpaid="inaptitude")
    assert other.view(0)["scenario_discard"] == [] and other.view(0)["inaptitude"]["count"] == 2


def test_sb67_a_card_the_inaptitude_just_pays_for_is_played() -> None:
    """Test Door costs 1 and the proxy gives one inaptitude card: it is paid (the proxy
    triggered) and played, not discarded unpaid."""
    state = start2("cooperative", {"scenario": ["door"]})
    view = state.view(0)
    assert view["revealed"] == "Test Door" and view["inaptitude"] == {"count": 1, "ready": 0}


def test_sb69_a22_a_start_effect_applies_to_one_player_only() -> None:
    """The Starting Scenario's START (+3 visibility) happens once, not once per player."""
    for reading in ("one-each", "first-player"):
        state = start2("cooperative", coop_start=reading, character2="tester")
        assert state.view(0)["visibility"] == 3


def test_sb71_trouble_cards_affect_both_players() -> None:
    state = start2("cooperative", {"scenario": ["chill"]})
    view = state.view(0)
    assert view["stimulation"] == 2 and view["other"]["stimulation"] == 2


def test_sb72_a24_double_trouble_runs_one_more_opposing_turn_not_two() -> None:
    """Test Again (Double Trouble) acts on the shared scenario deck: one more Opposing Turn
    (one more proxy, one more card), not one per player."""
    state = start2("cooperative", {"scenario": ["again", "nothing", "nothing", "nothing"]})
    view = state.view(0)
    assert view["inaptitude"] == {"count": 2, "ready": 2}
    assert sorted(view["scenario_discard"]) == ["again", "nothing"]
    assert view["scenario_deck"] == 63


def test_sb72_a24_a_trouble_card_costs_the_shared_progress_once() -> None:
    """Test Door ("lose 2 progress") costs the shared progress 2, not 2 per player; Test
    Chill's stimulation, a personal value, still reaches each player."""
    stack = {
        "character": ["heavy", "heavy"] + ["filler"] * 9,
        "character2": ["heavy", "heavy"] + ["filler"] * 9,
        "scenario": ["nothing", "door", "chill", "nothing"],
    }
    state = start2("cooperative", stack, character2="tester")
    act_as(state, 0, "Play Test Heavy Rope")
    act_as(state, 1, "Play Test Heavy Rope")
    act_as(state, 0, "Trigger Test Heavy Rope")
    act_as(state, 1, "Trigger Test Heavy Rope")
    assert state.view(0)["progress"] == 16
    while state.view(0)["turn"] < 2:
        seat = state.to_move
        assert seat is not None
        option = next(o for o in texts(state) if o.startswith((*IDLE, "End the turn")))
        act_as(state, seat, option)
    view = state.view(0)
    assert view["revealed"] == "Test Door" and view["progress"] == 18


def test_sb72_a24_a_supernatural_card_costs_the_shared_progress_once() -> None:
    """Test Spirit ("after 2 triggers: lose 1 progress"): two triggers gain 2, the Spirit
    takes 1 once (20 - 2 + 1 = 19), not once per player."""
    stack = {
        "character": ["cuffs"] + ["filler"] * 9,
        "character2": ["cuffs"] + ["filler"] * 9,
        "scenario": ["spirit", "nothing", "nothing"],
    }
    state = start2("cooperative", stack, character2="tester")
    act_as(state, 0, "Play Test Cuffs")
    act_as(state, 1, "Play Test Cuffs")
    act_as(state, 0, "Trigger Test Cuffs")
    assert state.view(0)["progress"] == 19
    events = act_as(state, 1, "Trigger Test Cuffs")
    assert any("Test Spirit takes effect" in e for e in events)
    assert state.view(0)["progress"] == 19


def test_sb70_sb72_a_person_affects_only_the_player_who_triggered_it() -> None:
    """Visibility starts at 3 (the Starting Scenario); Player 1's Loud Step raises it above
    the Watcher's 3: she loses a vitality, Player 2 does not; visibility is shared."""
    stack = {"character": ["loud"] + ["filler"] * 9, "scenario": ["p3"]}
    state = start2("cooperative", stack, character2="tester")
    act_as(state, 0, "Play Test Loud")
    view = state.view(1)
    assert view["acting"] == "Player 1" and view["vitality"] == 9
    assert view["other"]["vitality"] == 10 and view["visibility"] == 3
    # SB-73: the person card ended the initial step for both: the clean-up step
    assert view["decision"]["kind"] == "clean-up" and view["decision"]["seat"] == 0


def test_sb73_the_initial_step_alternates_and_either_ends_it_for_both() -> None:
    state = start2("cooperative", {"character": ["cuffs"] + ["filler"] * 9})
    act_as(state, 0, "Play Test Cuffs")
    # Player 2 has nothing she must do while Player 1's Cuffs wait: she may pass, not end
    assert "Pass to the other player" in texts(state) and "End the initial step" not in texts(state)
    act_as(state, 1, "Pass")
    act_as(state, 0, "Trigger Test Cuffs")
    view = state.view(1)  # shared progress: 20 - 1
    assert view["progress"] == 19 and state.to_move == 1
    act_as(state, 1, "End the initial step")  # ends it for both
    assert state.view(0)["step"] == "clean-up step" and state.to_move == 0


def test_sb73_a23_either_player_may_end_the_step_with_the_switch() -> None:
    """``coop_step_end=either``: Player 2, with no bondage card of her own, may end the
    initial step for both while Player 1's Cuffs wait (or pass, as by default)."""
    stack = {"character": ["cuffs"] + ["filler"] * 9}
    state = start2("cooperative", stack, coop_step_end="either")
    act_as(state, 0, "Play Test Cuffs")
    assert "Pass to the other player" in texts(state) and "End the initial step" in texts(state)
    act_as(state, 1, "End the initial step")
    assert state.view(0)["step"] == "clean-up step"
    assert state.view(0)["in_play"][0]["orientation"] == "reset"  # the Cuffs wait, unused


def test_sb74_the_clean_up_step_in_any_order_ends_when_both_are_done() -> None:
    state = start2("cooperative")
    act_as(state, 0, "End the initial step")
    assert state.view(0)["decision"]["kind"] == "clean-up"
    act_as(state, 0, "Done")
    act_as(state, 1, "Play Test Filler as aptitude")  # an act: she may act again
    act_as(state, 1, "Done")
    assert state.to_move == 0  # everyone must be done anew after an act
    act_as(state, 0, "Done")
    # the end of turn: each discards down to six, then the next Opposing Turn
    while state.view(0)["decision"]["kind"] == "discard":
        act_as(state, state.to_move or 0, "Discard Test Filler")
    view = state.view(0)
    assert view["turn"] == 2 and view["decision"]["kind"] == "initial"
    assert view["aptitude"]["count"] == 0 and view["other"]["aptitude"] == 1


def test_sb75_both_win_together() -> None:
    stack = {"character": WINNING_HAND, "character2": WINNING_HAND}
    state = start2("cooperative", stack)
    play_out(state, {0: CHARACTER_PLAYS, 1: CHARACTER_PLAYS})
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "progress" and outcome.winners == (0, 1)
    assert state.returns() == [1.0, 1.0]


def test_sb75_running_out_of_cards_is_a_loss_for_both() -> None:
    state = start2("cooperative")
    play_out(state, {0: IDLE, 1: IDLE})
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == () and state.returns() == [0.0, 0.0]
    assert outcome.reason in ("deck-out", "scenario-out")


def test_sb71_a27_a_trouble_card_raises_the_shared_visibility_once_a_turn() -> None:
    """Test Creak ("during your begin step: gain 1 visibility") is in play from the setup's
    Opposing Turn: both players' begin steps follow, and the shared visibility rises once
    (A27), or once in each (``coop_begin=each``)."""
    quiet = start2("cooperative").view(0)["visibility"]
    stack = {"scenario": ["creak"] + ["nothing"] * 5}
    once = start2("cooperative", stack).view(0)
    each = start2("cooperative", stack, coop_begin="each").view(0)
    assert once["decision"]["kind"] == each["decision"]["kind"] == "initial"
    assert (once["visibility"], each["visibility"]) == (quiet + 1, quiet + 2)


def test_sb34_a27_a_supernatural_card_counts_one_begin_step_a_turn() -> None:
    """Test Charm waits for 2 begin steps: after the first turn's two begin steps it has
    counted one (A27), or both and taken effect (``coop_begin=each``)."""
    stack = {"scenario": ["charm"] + ["nothing"] * 5}
    once = start2("cooperative", stack).view(0)["opposition"]
    each = start2("cooperative", stack, coop_begin="each").view(0)["opposition"]
    assert [c["counters"] for c in once] == ["1/2"]
    assert [c["counters"] for c in each] == ["2/2 active"]
