"""Setup (RB-1..RB-7), the turn (RB-8..RB-14), thoughts, decisions and V prompts (RB-15..22)."""

from __future__ import annotations

import rulebook
from rulebook.games.ribbon_of_bone import tracker
from tests.games.ribbon_of_bone.helpers import (
    FILL_SHEET,
    act,
    constituents,
    decision,
    fill_sheet,
    foe,
    pick,
    start,
    texts,
)


def test_rb1_rb3_choose_an_identity_and_set_the_others_aside() -> None:
    state = rulebook.load("ribbon-of-bone").new_state(seed=3)
    assert texts(state) == ["Play as The Pilgrim", "Play as The Advocate", "Play as The Heretic"]
    act(state, "Play as The Advocate")
    view = state.view(0)
    assert view["identity"]["name"] == "The Advocate"
    assert [c["name"] for c in view["identities"]] == ["The Pilgrim", "The Heretic"]
    assert view["alignment"] == "The Favour"  # RB-3: Favour side up


def test_rb2_name_and_notebook_sections() -> None:
    state = start([1], name="Dingo")
    note = state.view(0)["notebook"]
    assert note["name"] == "Dingo"
    assert set(note) == {"name", "memories", "crossed_out", "scenes", "opponents", "health"}
    assert start([1]).view(0)["notebook"]["name"] == "The Pilgrim"


def test_rb4_court_cards_form_a_loop_with_the_token_on_the_first() -> None:
    state = start([1, 1])
    assert [c["id"] for c in state.view(0)["court"]][:2] == ["ember-hall", "drowned-chapel"]
    assert state.view(0)["court"][0]["here"]
    act(state, "Move back to the previous court card (stillness: no token)")
    assert state.view(0)["position"] == 5  # the loop wraps around


def test_rb4_the_court_cards_are_shuffled() -> None:
    """Unstacked, the loop's order varies with the seed; every court card lies in it once."""
    orders = set()
    for seed in range(8):
        state = rulebook.load("ribbon-of-bone").new_state(seed=seed)
        act(state, "Play as The Pilgrim")
        court = [c["id"] for c in state.view(0)["court"]]
        assert sorted(court) == sorted(state.game.card_ids("court"))
        assert [c["here"] for c in state.view(0)["court"]] == [True] + [False] * 5
        orders.add(tuple(court))
    assert len(orders) > 4


def test_rb64_the_deck_of_25_and_ten_memory_tokens() -> None:
    """THE DECK: 3 identity cards, 12 Marquis, 6 court cards, 1 scenario card, 2 alignment
    cards (solo play lays out one: R36); COMPONENTS: memory tokens x 10 (RB-65, R2)."""
    state = rulebook.load("ribbon-of-bone").new_state(seed=0)
    assert len(texts(state)) == 3  # an identity to choose, of three
    view = state.view(0)
    assert sum(view["decks"].values()) == 12 and len(view["decks"]) == 3
    act(state, "Play as The Pilgrim")
    view = state.view(0)
    assert len(view["identities"]) == 2 and len(view["court"]) == 6
    assert sum(view["decks"].values()) + len(view["constituency"]) == 12
    assert view["scenario"]["name"] == "The Stalemate"
    assert view["alignment"] == "The Favour"  # one alignment card, Favour side up
    assert view["bag"] == 10  # RB-65: memory tokens x 10


def test_rb5_rb6_three_decks_by_lord_and_one_starting_constituent_each() -> None:
    state = start([1])
    assert constituents(state) == ["Kimaris", "Naberius", "Sabnock"]
    view = state.view(0)
    assert view["decks"] == {"Lord Cinder": 3, "Lord Hollow": 3, "Lord Vellum": 3}
    lords = [c["lord"] for c in view["constituency"]]
    assert lords == ["Lord Cinder", "Lord Hollow", "Lord Vellum"]  # one from each deck
    fresh = rulebook.load("ribbon-of-bone").new_state(seed=0).view(0)
    assert fresh["decks"] == {"Lord Cinder": 4, "Lord Hollow": 4, "Lord Vellum": 4}
    starters = set()
    for seed in range(6):  # each deck shuffled: the starting constituents vary by seed
        other = rulebook.load("ribbon-of-bone").new_state(seed=seed)
        act(other, "Play as The Pilgrim")
        starters.add(tuple(constituents(other)))
    assert len(starters) > 1


def test_rb7_health_14_and_the_tracker_in_the_middle() -> None:
    view = start([1]).view(0)
    assert view["health"] == 14 and view["tracker"] == "the middle"


def test_rb8_rb9_a_stillness_moves_without_a_token() -> None:
    state = start([1])
    assert texts(state) == [
        "Stay where you are",
        "Move on to the next court card (leave a memory token)",
        "Move back to the previous court card (leave a memory token)",
        "Move on to the next court card (stillness: no token)",
        "Move back to the previous court card (stillness: no token)",
    ]
    act(state, "Move on to the next court card (stillness: no token)")
    view = state.view(0)
    assert view["position"] == 1 and view["turn"] == 2
    assert [c["tokens"] for c in view["court"]] == [0] * 6


def test_rb9_r13_a_stillness_still_allows_the_move_that_leaves_a_token() -> None:
    state = start([1])  # a court token feeds Reactions and attunement: a real choice
    act(state, "Move back to the previous court card (leave a memory token)")
    view = state.view(0)
    assert view["position"] == 5 and view["court"][0]["tokens"] == 1


def test_rb9_r21_a_stillness_may_be_spent_staying() -> None:
    state = start([1])
    act(state, "Stay where you are")
    view = state.view(0)
    assert view["position"] == 0 and view["turn"] == 2 and view["bag"] == 10


def test_r27_a_stillness_moves_to_an_adjacent_card_or_to_any_card() -> None:
    state = start([1])
    assert not any(t.startswith("Move to ") for t in texts(state))  # adjacent by default
    state = start([1], stillness_move="any")
    jumps = [t for t in texts(state) if t.startswith("Move to ")]
    assert len(jumps) == 5 and "Move to The Ember Hall / The Outskirts" not in " ".join(jumps)
    assert "Move on to the next court card (stillness: no token)" not in texts(state)
    act(state, "Move to The Ash Gallery / The Clockwork Stair (stillness: no token)")
    view = state.view(0)
    assert view["position"] == 3 and sum(c["tokens"] for c in view["court"]) == 0


def test_rb10_rb15_rb16_rb17_rb19_a_thought_indulged_answered_and_recorded() -> None:
    state = start([2, 3, 1])
    assert "Indulge the thought" in texts(state)
    act(state, "Indulge the thought")
    assert texts(state) == ["2-3: answer 'yes' (Lord Cinder)", "2-3: answer 'no' (Lord Hollow)"]
    act(state, "2-3: answer 'yes' (Lord Cinder)")
    view = state.view(0)
    assert view["tracker_position"] == tracker.STEP[tracker.CENTER][0]
    assert view["notebook"]["scenes"] == ["2-3 (yes)"] and view["sheet_tokens"] == 1


def test_rb11_rb18_rb19_an_opportunity_resolved_writes_its_icon() -> None:
    state = start([3, 2, 1])
    view = state.view(0)
    assert view["offer"] == "3-2" and view["decision"]["second"] == 2
    act(state, "Resolve the decision")
    view = state.view(0)
    assert view["notebook"]["memories"] == ["balance"]
    assert view["notebook"]["scenes"] == ["3-2"] and view["sheet_tokens"] == 1


def test_rb11_an_opportunity_may_be_declined() -> None:
    state = start([3, 2, 1])
    act(state, "Stay where you are")
    view = state.view(0)
    assert view["notebook"]["memories"] == [] and view["notebook"]["scenes"] == []
    assert view["sheet_tokens"] == 0


def test_rb12_an_encounter_draws_from_the_current_cards_lord() -> None:
    state = start([4, 1])
    act(state, "Face the Marquis")
    assert state.view(0)["combat"]["foes"][0]["name"] == "Orias"  # Ember Hall is Lord Cinder's
    assert state.view(0)["notebook"]["opponents"] == [{"name": "Orias", "health": 9}]


def test_rb12_an_empty_deck_sends_you_to_a_random_deck() -> None:
    decks = {"cinder": ["kimaris"], "hollow": ["naberius"], "vellum": ["sabnock"]}
    state = start([4, 1], decks=decks, imprisoned=("orias", "amon", "marchosias"))
    assert state.view(0)["decks"]["Lord Cinder"] == 0
    events = act(state, "Face the Marquis")
    assert "Lord Cinder's deck is empty: you draw from a random deck." in events
    assert foe(state)["lord"] != "Lord Cinder"


def test_rb12_an_encounter_may_be_declined() -> None:
    state = start([4, 1])
    act(state, "Stay where you are")
    view = state.view(0)
    assert view["combat"] is None and view["turn"] == 2


def test_rb13_moving_leaves_a_memory_token_on_the_card_left() -> None:
    state = start([2, 1])
    act(state, "Move on to the next court card (leave a memory token)")
    view = state.view(0)
    assert view["court"][0]["tokens"] == 1 and view["position"] == 1


def test_rb14_four_court_tokens_at_the_end_of_a_turn_force_an_encounter() -> None:
    state = start([2, 2, 2, 2])
    for _ in range(3):
        events = act(state, "Move on to the next court card (leave a memory token)")
        assert decision(state) == "turn"  # three tokens: you may still run
    events = act(state, "Move on to the next court card (leave a memory token)")
    assert any("you can only run for so long" in e for e in events)
    assert state.view(0)["combat"] is not None and decision(state) == "pick"


def test_rb20_rb21_v_thought_at_five_sheet_tokens() -> None:
    state = start([*FILL_SHEET, 2])
    fill_sheet(state)
    assert state.view(0)["sheet_tokens"] == 5
    act(state, "Indulge the thought")
    options = texts(state)
    assert "Take a free memory: Loss" in options and len(options) == 10
    act(state, "Take a free memory: Loss")
    view = state.view(0)
    assert view["notebook"]["memories"] == ["time"] * 5 + ["loss"]
    assert view["notebook"]["scenes"][-1] == "V thought" and view["sheet_tokens"] == 0
    state = start([*FILL_SHEET, 2])
    fill_sheet(state)
    act(state, "Indulge the thought")
    act(state, "Take a free attunement toward Lord Vellum")
    assert state.view(0)["tracker_position"] == tracker.STEP[tracker.CENTER][2]


def test_rb20_rb22_v_decision_heals_up_to_15_points_or_flips_back_to_favour() -> None:
    state = start([*FILL_SHEET, 3], starting_health=6)
    fill_sheet(state)
    assert state.view(0)["offer"] == "V decision"
    act(state, "Resolve the decision")
    assert texts(state) == ["Heal up to 15 points"]  # in The Favour there is nothing to flip
    events = act(state, "Heal up to 15 points")
    assert "V decision: you heal 9 (15 health)." in events  # up to the cap of 15 (R1)
    view = state.view(0)
    assert view["health"] == 15 and view["sheet_tokens"] == 0
    assert view["notebook"]["scenes"][-1] == "V decision"
    # lose a first fight (Orias's Time deals 4 to your 3 health): The Wrath; then flip back
    state = start([4, 1, 3, 3, *FILL_SHEET, 3], starting_health=3)
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    act(state, "Give the roll to Naberius")
    assert state.view(0)["alignment"] == "The Wrath"
    fill_sheet(state)
    act(state, "Resolve the decision")
    assert texts(state) == ["Heal up to 15 points", "Flip back to The Favour"]
    act(state, "Flip back to The Favour")
    assert state.view(0)["alignment"] == "The Favour"


def test_rb22_the_v_decision_heals_15_points_not_to_full() -> None:
    state = start([*FILL_SHEET, 3], max_health=30)
    fill_sheet(state)
    act(state, "Resolve the decision")
    act(state, "Heal up to 15 points")
    assert state.view(0)["health"] == 14 + 15  # not the 30 of a full heal
