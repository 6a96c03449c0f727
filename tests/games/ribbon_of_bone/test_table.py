"""The terminal table explains itself to someone who has read only the rulebook: the actions
say what they mean, the narration shows its arithmetic and why a step is skipped, and the
table fits an 80x24 terminal. Driven through the public protocol only."""

from __future__ import annotations

import rulebook
from tests.games.ribbon_of_bone.helpers import act, pick, start, words


def test_a_roll_given_names_the_roll_and_the_ability_it_selects() -> None:
    state = start([4, 4, 3, 2])  # an encounter; a basic attack predicted; action rolls 3, 2
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    assert words(state) == [
        "Give the 3 to Kimaris: 3 → Support",
        "Give the 3 to Sabnock: 3 → Reliance",
    ]


def test_the_binder_choice_names_what_it_would_bind() -> None:
    state = start([4, 4])
    act(state, "Face the Marquis")  # Orias: Time, Loss, Gravity; Lord Cinder
    pick(state)
    assert words(state) == [
        "Make Kimaris the binder: can bind Orias's Lord icon; Naberius and Sabnock attack",
        "Make Naberius the binder: can bind Orias's Time icon; Kimaris and Sabnock attack",
        "Make Sabnock the binder: can bind Orias's Time icon; Kimaris and Naberius attack",
    ]


def test_moves_name_the_court_card_moved_to_and_the_card_the_token_is_left_on() -> None:
    state = start([1])  # a stillness on The Ember Hall
    assert words(state) == [
        "Stay on The Ember Hall",
        "Move on to The Drowned Chapel (leave a memory token on The Ember Hall)",
        "Move back to The Vellum Archive (leave a memory token on The Ember Hall)",
        "Move on to The Drowned Chapel (a stillness: leave no token)",
        "Move back to The Vellum Archive (a stillness: leave no token)",
    ]


def test_the_identity_choice_shows_its_text_and_its_lord() -> None:
    state = rulebook.load("ribbon-of-bone").new_state(seed=3)
    assert (
        "Play as The Pilgrim (Lord Cinder): You walked in from the outskirts and forgot the way back."
        in words(state)
    )
