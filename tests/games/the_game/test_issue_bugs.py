"""Bugs found when The GAME was tried against its rulebook, each pinned by a scenario."""

from __future__ import annotations

import pytest

import rulebook
from tests.games.the_game.helpers import P1_SET_HAND, P2_NO_SET, act, new_state, texts

SET_P1 = "Play set: Over Knee + Medium + 5 Minutes"
P1_NO_SET = ["over-knee", "against-wall", "medium", "hard", "very-hard"]
P2_SET = ["bent-over-table", "light", "15-minutes", "steal-card", "ask-for-card"]


@pytest.mark.parametrize("drawn", ["neck-kisses", "stop-game", "skip-punishment"])
def test_buying_a_hidden_pleasure_looks_the_same_to_player_1_whatever_it_is(drawn: str) -> None:
    """A random pleasure card bought with the last point: the turn passes the same way
    whether it is a kept pleasure or an effect card (A24)."""
    state = new_state([*P1_NO_SET, *P2_SET, "2-minutes"], pleasure=[drawn])
    act(state, "Discard Very Hard and draw a replacement")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    act(state, "Spend 1 point: random pleasure card")
    seen = state.view(0)
    assert (seen["to_move"], seen["decision"]["kind"], seen["turn"]) == (0, "turn", 3)


@pytest.mark.parametrize(
    "p2_hand",
    [
        ["bent-over-table", "light", "medium", "steal-card", "ask-for-card"],  # two Intensities
        ["bent-over-table", "light", "2-minutes", "steal-card", "ask-for-card"],  # one
    ],
)
def test_the_give_step_opens_whenever_the_asked_player_holds_the_type(p2_hand: list[str]) -> None:
    p1 = ["ask-for-card", "over-knee", "5-minutes", "against-wall", "10-minutes"]
    state = new_state([*p1, *p2_hand])
    act(state, "Play Ask For Card")
    act(state, "Ask for an Intensity card")
    seen = state.view(0)
    assert (seen["to_move"], seen["decision"]["kind"], seen["decision"]["asked"]) == (
        1,
        "give",
        "intensity",
    )
    assert all(t.startswith("Give") for t in texts(state))


def test_a8_with_a9_reaching_the_goal_by_a_used_card_wins_at_once() -> None:
    state = new_state(
        [*P1_NO_SET, *P2_SET, "2-minutes"],
        pleasure=["stop-game"],
        effects_on_draw=True,
        used_pleasures_count=True,
        pleasures_to_win=1,
    )
    act(state, "Discard Very Hard and draw a replacement")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    act(state, "Spend 1 point: random pleasure card")
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "pleasures" and state.returns() == [0, 1]


def test_removing_cards_player_1_cannot_win_without_is_refused() -> None:
    with pytest.raises(rulebook.ContentError, match="holds 5 Position cards; Player 1 needs"):
        rulebook.load("the-game", without=("on-all-fours", "lying-flat", "over-pillow"))
    assert rulebook.load("the-game", without=("on-all-fours", "lying-flat")).num_actions > 0


def test_each_theme_carries_its_own_notice_and_words() -> None:
    classic, fantasy = rulebook.load("the-game"), rulebook.load("the-game", theme="fantasy")
    assert classic.content_notice and "Adult" in classic.content_notice
    assert fantasy.content_notice is None
    state = fantasy.new_state(seed=4)
    lines: list[str] = []
    while not state.is_over():
        events = state.apply(state.legal_ids()[-1])
        lines += [e.for_seat(s) or "" for e in events for s in (0, 1, None)]
    text = " ".join(lines + [str(a) for a in fantasy.actions]).lower()
    for word in ("pleasure", "punishment", " point", "equipment", "player 2"):
        assert word not in text, word


def test_spectators_and_the_other_seat_never_see_the_hidden_pleasures() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET)
    assert "cards" not in state.view(None)["pleasures"]
