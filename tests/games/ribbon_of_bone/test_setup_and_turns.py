"""Setup (RB-1..RB-7), the turn (RB-8..RB-14), thoughts, decisions and V prompts (RB-15..22)."""

from __future__ import annotations

import rulebook
from rulebook.games.ribbon_of_bone import tracker
from tests.games.ribbon_of_bone.helpers import act, names, start, texts


def test_rb1_rb3_choose_an_identity_and_set_the_others_aside() -> None:
    state = rulebook.load("ribbon-of-bone").new_state(seed=3)
    assert texts(state) == ["Play as The Pilgrim", "Play as The Advocate", "Play as The Heretic"]
    act(state, "Play as The Advocate")
    view = state.view(0)
    assert view["identity"]["name"] == "The Advocate"
    assert names(state, state.set_aside) == ["The Pilgrim", "The Heretic"]
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
    assert state.pos == 5  # the loop wraps around


def test_rb5_rb6_three_decks_by_lord_and_one_starting_constituent_each() -> None:
    state = start([1])
    assert names(state, state.constituency) == ["Kimaris", "Naberius", "Sabnock"]
    assert state.view(0)["decks"] == {"Lord Cinder": 3, "Lord Hollow": 3, "Lord Vellum": 3}
    fighters = state.game.content.fighters
    assert all(fighters[c].lord == lord for lord, deck in enumerate(state.decks) for c in deck)
    shuffled = {tuple(rulebook.load("ribbon-of-bone").new_state(seed=s).decks[0]) for s in range(3)}
    assert len(shuffled) == 1  # decks are shuffled only once the identity is chosen
    orders = set()
    for seed in range(6):
        other = rulebook.load("ribbon-of-bone").new_state(seed=seed)
        act(other, "Play as The Pilgrim")
        orders.add(tuple(other.decks[0]))
    assert len(orders) > 1


def test_rb7_health_14_and_the_tracker_in_the_middle() -> None:
    view = start([1]).view(0)
    assert view["health"] == 14 and view["tracker"] == "the middle"


def test_rb8_rb9_a_stillness_moves_without_a_token() -> None:
    state = start([1])
    assert texts(state) == [
        "Stay where you are",
        "Move on to the next court card (stillness: no token)",
        "Move back to the previous court card (stillness: no token)",
    ]
    act(state, "Move on to the next court card (stillness: no token)")
    assert state.pos == 1 and sum(state.tokens) == 0 and state.turn == 2


def test_rb10_rb15_rb16_rb17_rb19_a_thought_indulged_answered_and_recorded() -> None:
    state = start([2, 3, 1])
    assert "Indulge the thought" in texts(state)
    act(state, "Indulge the thought")
    assert texts(state) == ["2-3: answer 'yes' (Lord Cinder)", "2-3: answer 'no' (Lord Hollow)"]
    act(state, "2-3: answer 'yes' (Lord Cinder)")
    assert state.att == tracker.STEP[tracker.CENTER][0]
    assert state.scenes == ["2-3 (yes)"] and state.sheet == 1


def test_rb11_rb18_rb19_an_opportunity_resolved_writes_its_icon() -> None:
    state = start([3, 2, 1])
    view = state.view(0)
    assert view["decision"]["offer"] == "3-2"
    act(state, "Resolve the decision")
    assert state.view(0)["notebook"]["memories"] == ["balance"]
    assert state.scenes == ["3-2"] and state.sheet == 1


def test_rb11_an_opportunity_may_be_declined() -> None:
    state = start([3, 2, 1])
    act(state, "Stay where you are")
    assert state.memories == [] and state.scenes == [] and state.sheet == 0


def test_rb12_an_encounter_draws_from_the_current_cards_lord() -> None:
    state = start([4, 1])
    act(state, "Face the Marquis")
    assert state.view(0)["combat"]["foes"][0]["name"] == "Orias"  # Ember Hall is Lord Cinder's
    assert state.view(0)["notebook"]["opponents"] == [{"name": "Orias", "health": 9}]


def test_rb12_an_empty_deck_sends_you_to_a_random_deck() -> None:
    state = start([4, 1])
    state.perished.extend(state.decks[0])
    state.decks[0].clear()
    events = act(state, "Face the Marquis")
    assert "Lord Cinder's deck is empty: you draw from a random deck." in events
    assert state.game.content.fighters[state.foes[0][0]].lord != 0


def test_rb12_an_encounter_may_be_declined() -> None:
    state = start([4, 1])
    act(state, "Stay where you are")
    assert state.foes == [] and state.turn == 2


def test_rb13_moving_leaves_a_memory_token_on_the_card_left() -> None:
    state = start([2, 1])
    act(state, "Move on to the next court card (leave a memory token)")
    assert state.tokens[0] == 1 and state.pos == 1


def test_rb14_four_court_tokens_at_the_end_of_a_turn_force_an_encounter() -> None:
    state = start([2, 1])
    state.tokens[3] = 3
    events = act(state, "Move on to the next court card (leave a memory token)")
    assert any("you can only run for so long" in e for e in events)
    assert state.foes and state.view(0)["decision"]["kind"] == "binder"


def test_rb20_rb21_v_thought_at_five_sheet_tokens() -> None:
    state = start([2, 1])
    state.sheet = 5
    act(state, "Indulge the thought")
    options = texts(state)
    assert "Take a free memory: Loss" in options and len(options) == 10
    act(state, "Take a free memory: Loss")
    assert state.memories == [6] and state.scenes == ["V thought"] and state.sheet == 0
    state = start([2, 1])
    state.sheet = 5
    act(state, "Indulge the thought")
    act(state, "Take a free attunement toward Lord Vellum")
    assert state.att == tracker.STEP[tracker.CENTER][2]


def test_rb20_rb22_v_decision_heals_up_to_15_or_flips_back_to_favour() -> None:
    state = start([1, 3, 1])
    state.sheet, state.health = 5, 6
    act(state, "Stay where you are")  # turn 2 rolls 3 with five tokens on the sheet
    assert state.view(0)["decision"]["offer"] == "V decision"
    act(state, "Resolve the decision")
    assert texts(state) == ["Heal up to 15"]  # in The Favour there is nothing to flip
    act(state, "Heal up to 15")
    assert state.health == 15 and state.scenes == ["V decision"] and state.sheet == 0
    state = start([1, 3, 1])
    state.sheet, state.wrath = 5, 1
    act(state, "Stay where you are")
    act(state, "Resolve the decision")
    act(state, "Flip back to The Favour")
    assert state.wrath == 0
