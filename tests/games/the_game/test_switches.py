"""Every Config switch of the ambiguity register changes play exactly as documented (A-n)."""

from __future__ import annotations

import pytest

import rulebook
from tests.games.the_game.helpers import P1_SET_HAND, P2_NO_SET, act, hand, new_state, texts

P2_SET = ["bent-over-table", "light", "15-minutes", "steal-card", "ask-for-card"]
P1_NO_SET = ["over-knee", "against-wall", "medium", "hard", "very-hard"]


def _p2_after_set(**config: object) -> rulebook.State:
    state = new_state([*P1_NO_SET, *P2_SET, "2-minutes"], pleasure=["skip-punishment"], **config)
    act(state, "Discard Very Hard and draw a replacement")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    return state


def test_a1_player_2_reward_pleasure_card_directly() -> None:
    state = _p2_after_set(player2_reward="pleasure-card")
    assert state.points == [0, 0] and state.view(1)["pleasures"]["cards"] == ["skip-punishment"]
    assert state.to_move == 0  # no spending step: Player 2 has nothing to spend


def test_a2_player_2_set_discarded_instead_of_shuffled_in() -> None:
    state = _p2_after_set(player2_set_destination="discard")
    assert state.view(0)["discard"][-3:] == ["bent-over-table", "light", "15-minutes"]


def test_a3_draw_before_action() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET + ["2-minutes"], draw_before_action=True)
    assert len(hand(state, 0)) == 6 and "Draw a card" not in texts(state)
    assert "Discard Hard" in texts(state)  # above the limit: discard without replacement


def test_a3_draw_before_action_pass_when_within_the_limit() -> None:
    state = new_state(
        P1_SET_HAND + P2_NO_SET + ["2-minutes", "10-minutes", "on-all-fours"],
        draw_before_action=True,
    )
    act(state, "Play set: Over Knee + Medium + 5 Minutes")
    act(state, "Done spending")
    act(state, "Discard Light")
    assert len(hand(state, 0)) == 4 and "End turn" in texts(state)


def test_a4_special_replaced_by_a_draw() -> None:
    p1 = ["steal-card", "medium", "hard", "light", "2-minutes"]
    plain = new_state(p1 + P2_NO_SET)
    act(plain, "Play Steal Card")
    assert len(hand(plain, 0)) == 5
    drawn = new_state(p1 + P2_NO_SET, special_replaces_discard=True, enforce_hand_limit=False)
    act(drawn, "Play Steal Card")
    assert len(hand(drawn, 0)) == 6 and drawn.to_move == 1  # A5 off: the hand may exceed 5


def test_a6_discarding_specials_can_be_forbidden() -> None:
    state = new_state(
        [*P1_NO_SET[:3], "steal-card", "ask-for-card", *P2_NO_SET], discard_specials=False
    )
    assert not any(t.startswith("Discard Steal") for t in texts(state))
    assert "Discard Medium and draw a replacement" in texts(state)


def test_a7_spend_points_anytime() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET, spend_points_anytime=True)
    act(state, "Play set: Over Knee + Medium + 5 Minutes")
    act(state, "Done spending")
    act(state, "Discard Light and draw a replacement")
    assert "Spend 1 point: random equipment" in texts(state)
    act(state, "Spend 1 point: random equipment")
    assert state.to_move == 0 and len(state.queue[0]) == 4  # a free action


def test_a8_effects_on_draw_resolve_at_once() -> None:
    state = new_state(
        [*P1_SET_HAND, *P2_SET[:3], "steal-card", "lying-flat", "2-minutes"],
        pleasure=["skip-punishment"],
        effects_on_draw=True,
    )
    act(state, "Play set: Over Knee + Medium + 5 Minutes")
    act(state, "Done spending")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    act(state, "Spend 1 point: random pleasure card")
    assert texts(state) == ["Remove punishment 1 from the Queue"]
    act(state, "Remove punishment 1 from the Queue")
    assert state.queue == [] and state.view(1)["pleasures"]["count"] == 0
    assert state.to_move == 0  # nothing left to buy: the turn has passed


def test_a8_effects_on_draw_with_direct_reward_finishes_the_turn_after_the_target() -> None:
    state = new_state(
        [*P1_SET_HAND, *P2_SET[:3], "steal-card", "lying-flat", "2-minutes"],
        pleasure=["skip-punishment"],
        effects_on_draw=True,
        player2_reward="pleasure-card",
    )
    act(state, "Play set: Over Knee + Medium + 5 Minutes")
    act(state, "Done spending")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    assert state.to_move == 1 and texts(state) == ["Remove punishment 1 from the Queue"]
    act(state, "Remove punishment 1 from the Queue")
    assert state.to_move == 0 and state.turn == 3


@pytest.mark.parametrize(("counts", "over"), [(False, False), (True, True)])
def test_a9_used_pleasures_count_toward_the_win(counts: bool, over: bool) -> None:
    """Player 2 uses Skip Punishment, then buys a second card: two counted only under A9."""
    draws = ["lying-flat", "against-wall", "very-hard", "medium", "over-pillow", "2-minutes"]
    state = new_state(
        [*P1_SET_HAND, *P2_SET, *draws],
        pleasure=["skip-punishment", "cuddle-and-kiss"],
        pleasures_to_win=2,
        used_pleasures_count=counts,
        player2_set_destination="discard",  # keeps the stacked draws in order
    )
    act(state, "Play set: Over Knee + Medium + 5 Minutes")
    act(state, "Done spending")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    act(state, "Spend 1 point: random pleasure card")  # Skip Punishment; the turn passes
    act(state, "Draw a card")  # Player 1: Lying Flat
    act(state, "Use Skip Punishment")
    act(state, "Remove punishment 1 from the Queue")
    assert state.view(1)["used_pleasures"] == ["skip-punishment"] and state.to_move == 1
    for _ in range(5):  # Player 2 draws Against Wall, Medium, 2 Minutes between Player 1's
        act(state, "Draw a card")
    act(state, "Discard Very Hard and draw a replacement")  # Player 1
    act(state, "Play set: Against Wall + Medium + 2 Minutes")
    act(state, "Spend 1 point: random pleasure card")
    assert state.is_over() is over


def test_a10_asked_player_gives_a_random_card_when_switched() -> None:
    p1 = ["ask-for-card", "over-knee", "medium", "steal-card", "steal-card"]
    p2 = ["2-minutes", "15-minutes", "light", "against-wall", "hard"]
    state = new_state(p1 + p2, asked_player_chooses=False)
    act(state, "Play Ask For Card")
    act(state, "Ask for a Time card")
    assert state.to_move == 1 and {"2-minutes", "15-minutes"} & set(hand(state, 0))


def test_a11_pleasures_public() -> None:
    state = _p2_after_set(pleasures_public=True)
    act(state, "Spend 1 point: random pleasure card")
    assert state.view(0)["pleasures"]["cards"] == ["skip-punishment"]


def test_a12_stop_game_winner_is_a_switch() -> None:
    assert rulebook.load("the-game").config.stop_game_winner == "none"
    with pytest.raises(rulebook.ConfigError, match="must be one of none, player2"):
        rulebook.load("the-game", stop_game_winner="player1")


def test_a13_turn_limit_ends_in_a_draw() -> None:
    state = new_state(P1_NO_SET + P2_NO_SET, max_turns=2)
    act(state, "Discard Very Hard and draw a replacement")
    act(state, "Discard Light and draw a replacement")
    assert (
        state.is_over() and state.outcome().reason == "turn-limit" and state.returns() == [0.5, 0.5]
    )
