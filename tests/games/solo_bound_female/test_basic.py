"""Two-Player Game, Basic (SB-57..SB-60): the second player runs the scenario deck with a
one-card hand; the character player's loss is her win. Also the seat count rule (SB-57)."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.engine.errors import ConfigError
from tests.games.solo_bound_female.helpers import act_as, game, play_out, start2, texts

WINNING_HAND = ["cuffs", "cuffs", "heavy", "scarf", "scarf", "cuffs", "heavy", "heavy"]
CHARACTER_PLAYS = [
    "Trigger",
    "Play Test Cuffs",
    "Play Test Scarf",
    "Play Test Heavy",
    "End the initial",
    "End the turn",
    "Discard Test Filler",
]


def test_sb57_solo_is_one_player_and_every_two_player_mode_two() -> None:
    assert rulebook.load("solo-bound-female").new_state(seed=1).players == 1
    for mode in ("basic", "standard", "cooperative"):
        g = rulebook.load("solo-bound-female", mode=mode)
        assert g.info.min_players == g.info.max_players == 2
        assert g.new_state(seed=1).players == 2  # the mode decides the default
        with pytest.raises(ConfigError, match=f"mode={mode} is for 2 players, not 1") as err:
            g.new_state(seed=1, players=1)
        assert "\n" not in str(err.value)
    with pytest.raises(ConfigError, match="mode=solo is for 1 player, not 2"):
        rulebook.load("solo-bound-female").new_state(seed=1, players=2)


def test_sb57_sb58_the_scenario_player_starts_with_a_card_hidden_from_the_other() -> None:
    state = start2("basic", {"scenario": ["door", "nothing"]})
    g = state.game
    assert (g.role(0), g.role(1)) == ("Character player", "Scenario player")
    # her starting card, then the Opposing Turn's draw: two cards, her decision
    assert state.to_move == 1 and state.view(1)["scenario_hand"] == ["door", "nothing"]
    character = state.view(0)
    assert "scenario_hand" not in character and character["scenario_hand_size"] == 2
    assert "hand" in character and "hand" not in state.view(1)  # each hand its owner's
    assert "scenario_hand" not in state.view(None) and "hand" not in state.view(None)


def test_sb59_play_one_card_for_its_cost_or_as_inaptitude_and_keep_the_other() -> None:
    state = start2("basic", {"scenario": ["door", "costly", "nothing"]})
    # Door costs 1, Costly 2, no inaptitude yet: only placing is open
    assert sorted(texts(state)) == [
        "Place Test Costly face down as inaptitude",
        "Place Test Door face down as inaptitude",
    ]
    act_as(state, 1, "Place Test Door")
    assert state.view(1)["scenario_hand"] == ["costly"]  # kept the other
    assert state.view(0)["inaptitude"]["count"] == 1 and state.to_move == 0
    play_out_turn(state)
    # next Opposing Turn: draws Quiet Moment; two cards again, one to play or place
    assert state.to_move == 1 and state.view(1)["scenario_hand"] == ["costly", "nothing"]
    act_as(state, 1, "Play Test Quiet Moment from the scenario hand")
    assert state.view(1)["scenario_hand"] == ["costly"] and state.to_move == 0


def play_out_turn(state: rulebook.State) -> None:
    """The character player ends her turn doing nothing."""
    while state.to_move == 0:
        options = texts(state)
        for want in ("End the initial step", "End the turn", "Discard Test Filler"):
            if want in options:
                act_as(state, 0, want)
                break
        else:
            act_as(state, 0, options[0])


def test_sb59_she_can_neither_keep_both_nor_play_both() -> None:
    """Every option plays or places exactly one card; once one is gone the turn moves on."""
    state = start2("basic", {"scenario": ["nothing", "chill"]})
    assert all(t.startswith(("Play ", "Place ")) for t in texts(state))
    act_as(state, 1, "Play Test Chill")
    assert state.to_move == 0 and state.view(0)["stimulation"] == 2
    assert state.view(1)["scenario_hand_size"] == 1


def test_sb60_the_character_completes_her_scenario_and_wins() -> None:
    state = start2("basic", {"character": WINNING_HAND, "scenario": ["door", "nothing"]})
    play_out(state, {0: CHARACTER_PLAYS, 1: ["Place"]})
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "progress" and outcome.winners == (0,)
    assert state.returns() == [1.0, 0.0]


def test_sb60_the_character_deck_loses_and_the_scenario_player_wins() -> None:
    state = start2("basic")
    play_out(state, {0: ["End the initial", "End the turn", "Discard Test Filler"], 1: ["Place"]})
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and state.returns() == [0.0, 1.0]
    assert outcome.reason == "deck-out" and "Scenario player wins" in outcome.describe(
        state.game.role
    )


def _scenario_runs_out(**config: object) -> rulebook.State:
    """A Basic game on the reference cards in which the character player only ends her
    turns and the scenario player only places cards: the scenario deck runs out first."""
    state = rulebook.load("solo-bound-female", mode="basic", **config).new_state(seed=3, players=2)
    play_out(state, {0: ["End the initial", "End the turn", "Discard"], 1: ["Place "]})
    return state


def test_sb55_sb60_a25_the_scenario_deck_running_out_and_who_wins() -> None:
    """A25: by default the scenario player wins (the character "runs out of cards in either
    deck"); with ``basic_scenario_out=character-player`` the character player does."""
    state = _scenario_runs_out()
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "scenario-out"
    assert state.view(0)["scenario_deck"] == 0 and state.view(0)["deck"] > 0
    assert outcome.winners == (1,) and state.returns() == [0.0, 1.0]
    other = _scenario_runs_out(basic_scenario_out="character-player")
    outcome = other.outcome()
    assert outcome is not None and outcome.reason == "scenario-out"
    assert outcome.winners == (0,) and other.returns() == [1.0, 0.0]


def lockout_game(**config: object) -> rulebook.State:
    """Cuffs and Scarf in play; then the scenario player plays Lockout ('during your begin
    step, ignore a bondage card of your choice')."""
    stack = {"character": ["cuffs", "scarf"], "scenario": ["nothing", "lockout", "nothing"]}
    state = start2("basic", stack, **config)
    act_as(state, 1, "Place Test Quiet")
    act_as(state, 0, "End the initial step")
    act_as(state, 0, "Play Test Cuffs")
    act_as(state, 0, "Play Test Scarf")
    play_out_turn(state)
    act_as(state, 1, "Play Test Lockout")
    return state


def test_a14_the_scenario_player_makes_her_cards_choices() -> None:
    state = lockout_game()
    assert state.to_move == 1 and state.view(1)["decision"]["kind"] == "choose"
    act_as(state, 1, "Choose Test Scarf")
    other = lockout_game(scenario_choices="character")
    assert other.to_move == 0 and other.view(0)["decision"]["kind"] == "choose"


def test_a15_her_inaptitude_cards_are_hers_to_see() -> None:
    state = start2("basic", {"scenario": ["door", "nothing"]})
    act_as(state, 1, "Place Test Door")
    assert state.view(1)["inaptitude"]["cards"] == ["door"]
    assert "cards" not in state.view(0)["inaptitude"]
    hidden = start2("basic", {"scenario": ["door", "nothing"]}, scenario_inaptitude="hidden")
    act_as(hidden, 1, "Place Test Door")
    assert "cards" not in hidden.view(1)["inaptitude"]


def test_basic_is_constant_sum() -> None:
    assert game(mode="basic").info.utility == "constant-sum"
