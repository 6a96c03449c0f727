"""Two-Player Game, Standard (SB-61..SB-64): each player has a character deck and a scenario
deck that opposes the other player's character as in Basic; the first to complete her
scenario wins; if both lose, the most progress gained wins, a tie going to whoever lost last."""

from __future__ import annotations

from tests.games.solo_bound_female.helpers import act_as, play_out, start2
from tests.games.solo_bound_female.test_basic import CHARACTER_PLAYS, WINNING_HAND

IDLE = ["End the initial", "End the turn", "Discard Test Filler", "Place"]


def test_sb61_each_scenario_deck_is_run_by_the_other_player() -> None:
    state = start2("standard", {"scenario": ["door", "nothing"], "scenario2": ["chill", "wait"]})
    g = state.game
    assert (g.role(0), g.role(1)) == ("Player 1", "Player 2")
    # Player 1's Opposing Turn: Player 2 holds the scenario deck opposing her
    assert state.to_move == 1 and state.view(1)["scenario_hand"] == ["door", "nothing"]
    # each seat sees only its own scenario hand: Player 1 holds the deck opposing Player 2
    # (its starting card so far)
    assert state.view(0)["acting"] == "Player 1" and state.view(0)["scenario_hand"] == ["chill"]
    assert "scenario_hand" not in state.view(None)
    act_as(state, 1, "Place Test Door")
    assert state.to_move == 0 and state.view(0)["decision"]["kind"] == "initial"
    act_as(state, 0, "End the initial step")
    act_as(state, 0, "End the turn")
    while state.view(0)["decision"]["kind"] == "discard":
        act_as(state, 0, "Discard Test Filler")
    # Player 2's Opposing Turn: now Player 1 runs the deck opposing Player 2
    assert state.to_move == 0 and state.view(0)["acting"] == "Player 2"
    assert state.view(0)["scenario_hand"] == ["chill", "wait"]
    assert state.view(1)["scenario_hand"] == ["nothing"]  # what she kept
    act_as(state, 0, "Play Test Chill")
    assert state.view(1)["stimulation"] == 2 and state.view(1)["other"]["stimulation"] == 0
    assert state.to_move == 1 and state.view(1)["decision"]["kind"] == "initial"
    # each seat sees its own hand, whichever character is acting
    assert sorted(state.view(1)["hand"]) == state.view(1)["hand"]
    assert state.view(0)["hand"] != [] and state.view(None).get("hand") is None


def test_sb62_the_first_to_complete_her_scenario_wins() -> None:
    state = start2("standard", {"character2": WINNING_HAND})
    play_out(state, {0: IDLE, 1: [*CHARACTER_PLAYS, "Place"]})
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "progress" and outcome.winners == (1,)
    assert state.returns() == [0.0, 1.0]


def test_sb63_both_lose_and_the_most_progress_gained_wins() -> None:
    """Player 1 runs out first, but she gained progress (Loud Step) and Player 2 none."""
    state = start2("standard", {"character": ["loud"] + ["filler"] * 9})
    play_out(state, {0: ["Play Test Loud", *IDLE], 1: IDLE})
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "both-lost" and outcome.winners == (0,)
    assert "gained more progress" in outcome.text


def test_sb64_a_tie_goes_to_whoever_lost_last() -> None:
    """Neither gains anything; Player 1's deck runs out first (her turns come first)."""
    state = start2("standard")
    play_out(state, {0: IDLE, 1: IDLE})
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "both-lost" and outcome.winners == (1,)
    assert "lost last" in outcome.text


def test_a17_a_player_who_lost_drops_out_and_still_runs_her_scenario_deck() -> None:
    """Player 1 keeps triggering her Egg (2 stimulation, no progress) until exhausted."""
    state = start2("standard", {"character": ["egg"] + ["filler"] * 9})
    for _ in range(5000):
        if state.view(0).get("out"):
            break
        seat = state.to_move
        assert seat is not None
        options = [a.text for a in state.legal_actions()]
        prefs = ["Play Test Egg", "Trigger Test Egg", *IDLE]
        want = next((o for p in prefs for o in options if o.startswith(p)), options[0])
        act_as(state, seat, want)
    assert state.view(0)["out"] == ["Player 1"] and not state.is_over()
    assert state.view(0)["other"]["vitality"] == 0
    # from now on only Player 2's turns: Player 1 runs the deck opposing her
    assert state.view(0)["acting"] == "Player 2" and state.to_move == 0
    act_as(state, 0, "Place")
    assert state.to_move == 1 and state.view(1)["acting"] == "Player 2"


def test_a17_ends_reading_the_first_loss_ends_the_game() -> None:
    state = start2("standard", standard_loss="ends")
    play_out(state, {0: IDLE, 1: IDLE})
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "deck-out" and outcome.winners == (1,)


def test_a16_automatic_reading_each_scenario_deck_reveals_its_top_card() -> None:
    state = start2("standard", {"scenario2": ["chill"]}, standard_scenarios="automatic")
    assert state.to_move == 0 and state.view(0)["decision"]["kind"] == "initial"
    assert "scenario_hand" not in state.view(0) and "scenario_hand" not in state.view(1)
    act_as(state, 0, "End the initial step")
    act_as(state, 0, "End the turn")
    while state.to_move == 0:
        act_as(state, 0, "Discard Test Filler")
    assert state.view(1)["acting"] == "Player 2" and state.view(1)["stimulation"] == 2


def test_each_seat_reads_the_narration_as_its_own() -> None:
    """What Player 1 does reads "You ..." to her and "Player 1 ..." to Player 2 and to a
    spectator; a drawn card stays its drawer's (the others read that she draws a card)."""
    state = start2("standard", {"character": ["cuffs"] + ["filler"] * 9})
    act_as(state, 1, "Place")
    said: dict[int | None, list[str]] = {0: [], 1: [], None: []}
    steps = ("Play Test Cuffs", "Trigger Test Cuffs", "End the initial step", "End the turn")
    for text in (*steps, "Place"):
        action = next(a for a in state.legal_actions() if a.text.startswith(text))
        for event in state.apply(action):
            for seat, lines in said.items():
                line = event.for_seat(seat)
                if line:
                    lines.append(line)
    assert "You play Test Cuffs." in said[0] and "You trigger Test Cuffs." in said[0]
    for seat in (1, None):
        assert "Player 1 plays Test Cuffs." in said[seat]
        assert "Player 1 triggers Test Cuffs." in said[seat]
        assert "Player 1 gains 1 stimulation (now 1 of 4)." in said[seat]
        assert "Player 1 draws a scenario card." in said[seat]
    # Player 2's begin step: her draw is hers, and the only line that speaks to her
    you = [line for line in said[1] if "you" in line.lower().split()]
    assert you and all(line.startswith("You draw Test") for line in you)
    assert "Player 2 draws a card." in said[0] and "Player 2 draws a card." in said[None]
    assert not [line for line in said[None] if "you" in line.lower().split()]


def test_the_estimate_knows_whose_turn_it_is_and_weighs_progress() -> None:
    """The search scores an unfinished Standard rollout by ``estimate()``. At even figures
    the character whose turn it is leads the race (she completes her turn before the other
    plays hers): Player 1 in her turn, Player 2 in hers, never an even split; progress
    raises a character's chances and the two always add up to one."""
    state = start2("standard", {"character": ["cuffs"] + ["filler"] * 9})
    act_as(state, 1, "Place")  # Player 2 runs Player 1's scenario deck
    first = state.estimate()
    assert first[0] > 0.5 and abs(sum(first) - 1.0) < 1e-9
    act_as(state, 0, "Play Test Cuffs")
    before = state.estimate()[0]
    act_as(state, 0, "Trigger Test Cuffs")  # one progress, one stimulation
    assert before < state.estimate()[0] < 1.0
    state = start2("standard")
    for seat, text in ((1, "Place"), (0, "End the initial"), (0, "End the turn")):
        act_as(state, seat, text)
    while state.to_move == 0 and state.view(0)["decision"]["kind"] == "discard":
        act_as(state, 0, "Discard Test Filler")
    act_as(state, 0, "Place")  # Player 1 runs Player 2's; no one has gained anything
    assert state.view(1)["decision"]["kind"] == "initial"
    second = state.estimate()
    assert second[1] > 0.5 and abs(sum(second) - 1.0) < 1e-9
