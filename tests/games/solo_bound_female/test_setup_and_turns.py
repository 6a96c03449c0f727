"""Set-up, the Opposing Turn and the Player Turn's steps (SBF-1..SBF-28)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulebook
from rulebook.engine.errors import ContentError
from tests.games.solo_bound_female.helpers import (
    CARDS,
    SIZES,
    act,
    game,
    names,
    next_turn,
    orient,
    start,
    texts,
    to_cleanup,
)


def test_sbf1_setup_components_and_deck_sizes() -> None:
    g = rulebook.load("solo-bound-female")
    state = g.new_state(seed=3)
    view = state.view(0)
    assert view["character"]["name"] == "The Runaway"
    assert view["scenario"]["name"] == "A Moonlit Errand"
    assert len(g.card_ids("character")) == 40 and len(g.card_ids("scenario")) == 25
    assert view["visibility"] >= 0 and view["vitality"] == view["vitality_max"] == 12


def test_sbf2_more_than_three_copies_is_a_content_error(tmp_path: Path) -> None:
    text = Path(CARDS).read_text().replace("cuffs = 3", "cuffs = 4")
    text = text.replace("heavy = 3", "heavy = 2")
    path = tmp_path / "four.toml"
    path.write_text(text)
    with pytest.raises(ContentError, match=r"4 copies of 'cuffs'.*at most 3"):
        rulebook.load("solo-bound-female", cards=str(path), deck_size=68, scenario_deck_size=65)
    with pytest.raises(ContentError, match="holds exactly 40"):
        rulebook.load("solo-bound-female", cards=CARDS, max_copies=20, scenario_deck_size=65)


def test_sbf3_start_effects_scenario_then_character() -> None:
    # scenario START +3 visibility, then the character's -5: 0 (the other order would give 3)
    state = start(character="starter", scenario="starting")
    assert state.view(0)["visibility"] == 0
    state = start(scenario="starting")
    assert state.view(0)["visibility"] == 3


def test_sbf4_draw_six_then_the_opposing_turn() -> None:
    state = start(hand=["cuffs", "scarf"], reveals=["chill"])
    view = state.view(0)
    assert view["hand_size"] == 7  # six, then the begin step's draw
    assert view["revealed"] == "Test Chill" and view["stimulation"] == 2
    assert view["scenario_discard"] == ["chill"]


def test_sbf5_opposing_turn_resets_inaptitude_trouble_and_persons() -> None:
    state = start(hand=["loud"], reveals=["p3", "nothing", "nothing"])
    act(state, "Play Test Loud Step")  # visibility cost 3: not above the Watcher's 3
    act(state, "Play Test Cuffs") if "Play Test Cuffs" in texts(state) else None
    assert orient(state, "Test Watcher", "opposition") == "reset"


def test_sbf6_sbf7_revealed_card_paid_with_inaptitude_or_placed_as_inaptitude() -> None:
    state = start(reveals=["costly", "costly", "door"])
    view = state.view(0)
    assert view["inaptitude"] == {"count": 1, "ready": 1}  # SBF-7: cost 2, none ready
    next_turn(state)
    assert state.view(0)["inaptitude"] == {"count": 2, "ready": 2}
    next_turn(state)
    view = state.view(0)  # SBF-6: the Door (cost 1) paid by triggering one inaptitude
    assert view["revealed"] == "Test Door" and view["inaptitude"] == {"count": 2, "ready": 1}
    assert view["progress"] == 10  # its -2 progress cannot go above the scenario's


def test_sbf8_begin_step_resets_aptitude_bondage_and_actions() -> None:
    state = start(hand=["cuffs", "pricey"])
    act(state, "Play Test Cuffs")
    act(state, "Trigger Test Cuffs")
    assert orient(state, "Test Cuffs") == "triggered"
    to_cleanup(state)
    act(state, "Play Test Filler as aptitude")
    next_turn(state)
    view = state.view(0)
    assert orient(state, "Test Cuffs") == "reset" and view["aptitude"]["ready"] == 1


def test_sbf9_begin_step_effects_and_sbf10_draw() -> None:
    state = start(reveals=["creak"], draws=["planner", "cuffs"])
    view = state.view(0)
    assert view["visibility"] == 1  # the Creak's begin-step effect
    assert view["hand_size"] == 7 and "planner" in view["hand"]


def test_sbf11_orientation_in_every_view() -> None:
    state = start(hand=["cuffs"], reveals=["p5a"])
    act(state, "Play Test Cuffs")
    act(state, "Trigger Test Cuffs")
    for seat in (0, None):
        view = state.view(seat)
        assert [i["orientation"] for i in view["in_play"]] == ["triggered"]
        assert view["opposition"][0]["orientation"] == "reset"


def test_sbf12_initial_step_options() -> None:
    state = start(hand=["cuffs", "loud", "pricey"])
    options = texts(state)
    assert "Play Test Cuffs" in options and "Play Test Loud Step" in options
    assert "Play Test Pricey Harness" not in options  # no aptitude yet
    assert not any(t.endswith("as aptitude") for t in options)


def test_sbf13_playing_costs_aptitude() -> None:
    state = start(hand=["pricey"])
    to_cleanup(state)
    act(state, "Play Test Filler as aptitude")
    assert "Play Test Pricey Harness" in texts(state)
    act(state, "Play Test Pricey Harness")
    assert state.view(0)["aptitude"] == {"count": 1, "ready": 0, "played_this_turn": True} | {
        "cards": ["filler"]
    }


def test_sbf22_initial_step_cannot_end_with_reset_bondage() -> None:
    state = start(hand=["cuffs", "scarf"])
    act(state, "Play Test Cuffs")
    assert "End the initial step" not in texts(state)
    act(state, "Trigger Test Cuffs")
    assert "End the initial step" in texts(state)


def test_sbf24_cleanup_step_options() -> None:
    state = start(hand=["cuffs"])
    to_cleanup(state)
    options = texts(state)
    assert "End the turn" in options and "Play Test Cuffs" in options
    assert "Play Test Cuffs as aptitude" in options
    assert not any(t.startswith("Trigger") for t in options)


def test_sbf25_one_aptitude_card_per_turn() -> None:
    state = start()
    to_cleanup(state)
    act(state, "Play Test Filler as aptitude")
    assert not any(t.endswith("as aptitude") for t in texts(state))
    assert state.view(None)["aptitude"] == {"count": 1, "ready": 1, "played_this_turn": True}


def test_sbf27_durations_run_down_and_discard() -> None:
    state = start(reveals=["creak", "nothing", "nothing", "nothing"])
    assert state.view(0)["opposition"][0]["duration"] == 2
    next_turn(state)
    assert state.view(0)["opposition"][0]["duration"] == 1
    next_turn(state)
    assert state.view(0)["opposition"] == [] and "creak" in state.view(0)["scenario_discard"]


def test_sbf28_discard_down_to_six() -> None:
    state = start()
    to_cleanup(state)
    act(state, "End the turn")
    view = state.view(0)
    assert view["decision"]["kind"] == "discard" and view["decision"]["count"] == 1
    act(state, "Discard Test Filler")
    assert state.view(0)["hand_size"] == 7  # six, then the next begin step's draw


def test_sbf57_empty_deck_loses() -> None:
    g = game()
    state = g.new_state(seed=2)
    while not state.is_over():
        options = texts(state)
        pick = next(
            (t for t in ("End the initial step", "End the turn") if t in options), options[0]
        )
        act(state, pick)
    assert state.outcome().reason in ("deck-out", "scenario-out")  # type: ignore[union-attr]
    assert state.returns() == [0.0]


def test_sbf57_a11_when_empty_reading() -> None:
    g = game(deck_out="when-empty")
    state = g.new_state(seed=2)
    while not state.is_over():
        options = texts(state)
        pick = next(
            (t for t in ("End the initial step", "End the turn") if t in options), options[0]
        )
        act(state, pick)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason in ("deck-out", "scenario-out")


def test_sbf1_unknown_character_is_refused() -> None:
    with pytest.raises(ContentError, match="no character card 'nobody'"):
        rulebook.load("solo-bound-female", cards=CARDS, character="nobody", **SIZES)
    assert names([]) == []
