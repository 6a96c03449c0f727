"""TG-46: the rulebook's "Example Game Flow", reproduced with stacked decks.

The Example draws a card at the start of every turn before acting (turn 1: "Draws Medium ...
Completes set!"), which the Turn Structure's one-action rule does not allow; it replays under
the Example's own reading, ``draw_before_action=True`` (ambiguity A3). In turn 2 Player 2 holds
Bent Over Table, Light and 15 Minutes — a full set, despite "Doesn't have full set yet" — so the
discard is played as the "won't play" half of Option C (A18).
"""

from __future__ import annotations

from tests.games.the_game.helpers import act, hand, new_state

P1_DEAL = ["over-knee", "5-minutes", "hard", "2-minutes", "steal-card"]
P2_DEAL = ["bent-over-table", "15-minutes", "ask-for-card", "steal-card", "10-minutes"]
DRAWS = ["medium", "light", "against-wall", "5-minutes"]


def test_tg46_example_game_flow() -> None:
    state = new_state(
        P1_DEAL + P2_DEAL + DRAWS,
        equipment=["small-plug"],
        pleasure=["oral-receive"],
        draw_before_action=True,
    )
    # Turn 1 - Player 1: draws Medium, completes a set, earns and spends a point on a plug.
    assert "medium" in hand(state, 0)
    act(state, "Play set: Over Knee + Medium + 5 Minutes")
    assert len(state.queue) == 1 and state.points[0] == 1
    act(state, "Spend 1 point: random equipment")
    assert state.view(1)["queue"] == [
        {"set": ["over-knee", "medium", "5-minutes"], "equipment": ["small-plug"]}
    ]
    # Turn 2 - Player 2: draws Light, discards 15 minutes.
    assert state.to_move == 1 and "light" in hand(state, 1)
    act(state, "Discard 15 Minutes")
    assert "15-minutes" not in hand(state, 1) and len(hand(state, 1)) == 5
    # Turn 3 - Player 1: draws Against Wall, plays another set, saves the point.
    assert "against-wall" in hand(state, 0)
    act(state, "Play set: Against Wall + Hard + 2 Minutes")
    act(state, "Done spending")
    assert len(state.queue) == 2 and state.points[0] == 1
    # Turn 4 - Player 2: draws 5 minutes, plays a set that does not go to the Queue, and
    # spends the point on a random pleasure card: Oral - Receive, the first one.
    assert "5-minutes" in hand(state, 1)
    act(state, "Play set: Bent Over Table + Light + 5 Minutes")
    act(state, "Spend 1 point: random pleasure card")
    assert state.view(1)["pleasures"]["cards"] == ["oral-receive"]
    assert len(state.queue) == 2 and state.to_move == 0 and not state.is_over()
