"""Bugs found when The GAME was tried against its rulebook, each pinned by a scenario."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulebook
from rulebook.agents import make_agent
from rulebook.games.the_game.cards import THEMES
from tests.games.the_game.helpers import (
    P1_SET_HAND,
    P2_NO_SET,
    act,
    event_texts,
    new_state,
    texts,
)

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


def test_player_1_sees_the_same_table_whichever_pleasure_card_is_bought() -> None:
    """The same game four times, only the bought card differs — a kept pleasure or an effect
    card with a target on the table (a punishment with equipment): Player 1's view and
    narration are identical (A24)."""
    seen = []
    for drawn in ("neck-kisses", "stop-game", "skip-punishment", "remove-equipment"):
        state = new_state([*P1_SET_HAND, *P2_SET], equipment=["clamps"], pleasure=[drawn])
        act(state, SET_P1)
        act(state, "Spend 1 point: random equipment")
        act(state, "Play set: Bent Over Table + Light + 15 Minutes")
        events = act(state, "Spend 1 point: random pleasure card")
        assert state.view(1)["pleasures"]["cards"] == [drawn]  # Player 2 has it
        seen.append((state.view(0), event_texts(events, 0)))
    assert all(other == seen[0] for other in seen[1:])
    assert (seen[0][0]["to_move"], seen[0][0]["decision"]["kind"]) == (0, "turn")


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


@pytest.mark.parametrize("drawn", ["stop-game", "skip-punishment"])
def test_a8_with_a9_a_card_earned_by_a_set_under_a1_wins_at_once(drawn: str) -> None:
    """A1's direct reward is the other path where the count grows: the win comes before the
    card acts (no Stop Game draw, no Skip target step)."""
    state = new_state(
        [*P1_SET_HAND, *P2_SET],
        pleasure=[drawn],
        player2_reward="pleasure-card",
        effects_on_draw=True,
        used_pleasures_count=True,
        pleasures_to_win=1,
    )
    act(state, SET_P1)
    act(state, "Done spending")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "pleasures" and state.returns() == [0, 1]
    assert len(state.view(None)["queue"]) == 1


FOUR_POSITIONS = ("on-all-fours", "lying-flat", "over-pillow", "against-wall")
FOUR_FANTASY = ("fireball", "frost-lance", "arc-lightning", "stone-skin")


def test_removing_cards_player_1_cannot_win_without_is_refused() -> None:
    """Four Positions left: no fifth punishment can ever join the Queue (A21)."""
    with pytest.raises(rulebook.ContentError) as info:
        rulebook.load("the-game", without=FOUR_POSITIONS)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("the classic theme: the Main Deck holds 4 Position cards, so ")
    assert "Player 1 can never have the 5 punishments in the Queue needed to win" in message
    assert message.endswith(f"(after removing {', '.join(FOUR_POSITIONS)})")
    with pytest.raises(rulebook.ContentError, match="holds 4 Intensity cards"):
        rulebook.load("the-game", without=("medium", "very-hard"))
    with pytest.raises(rulebook.ContentError, match=r"holds 8 Position cards.* the 9 punish"):
        rulebook.load("the-game", punishments_to_win=9)
    with pytest.raises(rulebook.ContentError, match="Spellbook holds 4 Spell cards, so Warlock"):
        rulebook.load("the-game", theme="fantasy", without=FOUR_FANTASY)


def test_exactly_enough_of_a_kind_is_accepted_and_player_1_can_still_win() -> None:
    """Five Positions for five punishments is enough: the Queue can still fill."""
    game = rulebook.load("the-game", without=FOUR_POSITIONS[:3])
    assert game.card_ids("main").count("over-knee") == 1
    reasons = []
    for seed in range(3):
        state = game.new_state(seed=seed)
        agents = [make_agent("heuristic", game, 0, seed), make_agent("random", game, 1, seed)]
        while not state.is_over():
            state.apply(agents[state.to_move].act(state.infoset(state.to_move)))
        outcome = state.outcome()
        assert outcome is not None
        reasons.append(outcome.reason)
    assert "queue" in reasons
    assert rulebook.load("the-game", punishments_to_win=8).num_actions > 0


def test_each_theme_carries_its_own_notice(tmp_path: Path) -> None:
    """The notice is the loaded card file's ``[meta] notice``, not the game's (A23)."""
    classic, fantasy = rulebook.load("the-game"), rulebook.load("the-game", theme="fantasy")
    assert classic.content_notice and "Adult" in classic.content_notice
    assert fantasy.content_notice is None
    text = THEMES["classic"].read_text().replace(classic.content_notice, "Mild teasing only.")
    path = tmp_path / "cards.toml"
    path.write_text(text)
    assert rulebook.load("the-game", cards=str(path)).content_notice == "Mild teasing only."


CLASSIC_WORDS = ("pleasure", "punishment", " point", "equipment", "player 1", "player 2")


@pytest.mark.parametrize(
    "config",
    [
        {},
        {"effects_on_draw": True, "used_pleasures_count": True},
        {"spend_points_anytime": True, "player2_reward": "pleasure-card"},
        {"draw_before_action": True, "special_replaces_discard": True},
    ],
)
def test_a_fantasy_game_speaks_only_the_fantasy_words(config: dict[str, object]) -> None:
    """Seeded fantasy games played out with narration: every event line for each seat and
    for spectators, every action offered and every decision prompt use the theme's words."""
    game = rulebook.load("the-game", theme="fantasy", **config)
    lines = [game.content.title]
    for seed in range(6):
        pick = random.Random(seed)
        state = game.new_state(seed=seed)
        while not state.is_over():
            decision = state.view(state.to_move)["decision"]
            lines += [decision.get("prompt", ""), *texts(state)]
            events = state.apply(pick.choice(state.legal_ids()))
            lines += [e.for_seat(s) or "" for e in events for s in (0, 1, None)]
        outcome = state.outcome()
        assert outcome is not None
        lines.append(outcome.describe(game.role))
    text = " ".join(lines).lower()
    for word in (*CLASSIC_WORDS, "main deck"):
        assert word not in text, word
    assert "a new spellbook" in text and "spend mana" in text and "curse queue" in text


def test_spectators_and_the_other_seat_never_see_the_hidden_pleasures() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET)
    assert "cards" not in state.view(None)["pleasures"]
