"""The terminal table explains itself to someone who has read only the rulebook: the actions
say what they mean, the narration shows its arithmetic and why a step is skipped, and the
table fits an 80x24 terminal. Driven through the public protocol only."""

from __future__ import annotations

import io
import re

from rich.console import Console

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
        "Make Kimaris the binder (binds Orias's Lord)",
        "Make Naberius the binder (binds Orias's Time)",
        "Make Sabnock the binder (binds Orias's Time)",
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
        "Play as The Pilgrim (Lord Cinder): "
        "You walked in from the outskirts and forgot the way back." in words(state)
    )


# ---------------------------------------------------------------- the table at 80 columns
def _table(state: rulebook.State, width: int = 80) -> list[str]:
    console = Console(width=width, file=io.StringIO(), record=True)
    game = state.game
    console.print(type(game).frontend().render(game, state.view(0)))  # type: ignore[misc]
    return console.export_text().rstrip("\n").split("\n")


def _fits(lines: list[str]) -> None:
    # rich wraps to 80 columns, so a line too wide shows as more lines: 24 rows less the
    # choices and the prompt
    assert len(lines) <= 17, "\n".join(lines)


def test_a_movement_turn_fits_80x24_with_court_tracker_and_what_happened() -> None:
    state = start([2, 3, 4])  # a thought (2-3), answered; then an encounter
    act(state, "Indulge the thought")
    act(state, "2-3: answer 'yes' (Lord Cinder)")
    lines = _table(state)
    _fits(lines)
    text = "\n".join(lines)
    for card in ("The Ember Hall", "The Drowned Chapel", "The Vellum Archive"):  # the court
        assert card in text
    assert "◉" in text and "Cinder+" in text  # the tracker, halfway to Lord Cinder
    assert "· Turn 2: you roll 4, an encounter." in text  # what just happened


def test_a_combat_turn_fits_80x24_with_the_fight_and_its_arithmetic() -> None:
    state = start([2, 3, 4, 2, 1, 4, 3])
    act(state, "Indulge the thought")
    act(state, "2-3: answer 'yes' (Lord Cinder)")
    act(state, "Face the Marquis")
    pick(state)
    _fits(_table(state))
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    _fits(_table(state))
    act(state, "Give the roll to Kimaris")
    lines = _table(state)
    _fits(lines)
    text = "\n".join(lines)
    assert "The Ember Hall" in text and "◉" in text  # court and tracker stay in view
    assert "Orias (Cinder) 8 health" in text
    assert "· Prediction: you roll 3; Orias will use Gravity." in text
    wide = "\n".join(_table(state, width=120))
    assert "Constituency" in wide and "Notebook" in wide  # the full layout from 100 columns


def test_damage_lines_show_their_breakdown() -> None:
    # halfway to Lord Cinder (+1 for Kimaris); Orias predicts Loss; Kimaris rolls 1 (Balance),
    # Sabnock 4 (a basic attack, +1 for Kimaris's Construction)
    state = start([2, 3, 4, 2, 1, 4, 3])
    act(state, "Indulge the thought")
    act(state, "2-3: answer 'yes' (Lord Cinder)")
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    events = act(state, "Give the roll to Kimaris")
    assert (
        "Kimaris's Balance 2 + 1 attunement to Lord Cinder − 2 (Orias's Loss) = 1 to Orias."
        in events
    )
    assert "Sabnock's basic attack 1 + 1 Construction − 2 (Orias's Loss) = 0 to Orias." in events


def test_incoming_damage_shows_its_reductions() -> None:
    state = start([4, 4, 1, 1])  # a basic attack predicted; both attackers roll Balance
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    events = act(state, "Give the roll to Kimaris")
    assert (
        "Orias's basic attack 1 − 1 (Kimaris's Balance) − 1 (Sabnock's Balance) = 0 to you."
        in events
    )


# ---------------------------------------------------------------- no internal tags
def test_no_action_text_carries_an_internal_tag() -> None:
    game = rulebook.load("ribbon-of-bone")
    tag = re.compile(r"\((turn|spend|give|pick|bind|binder|react\w*|note|court|[a-z]+-[a-z-]+)\)")
    for action in game.actions:
        assert not tag.search(action.text), action.text
    state = start([1])
    for text in words(state):
        assert not tag.search(text), text


# ---------------------------------------------------------------- the death ending
def _lose_to_orias(state: rulebook.State) -> None:
    """Orias predicts Time (1); Naberius and Sabnock both roll Reliance (3, 3)."""
    act(state, "Face the Marquis")
    pick(state, "Kimaris", "Naberius", "Sabnock")
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    act(state, "Give the roll to Naberius")


def test_the_death_ending_names_the_marquis_not_its_card_id() -> None:
    # lose once, a thought toward Lord Hollow, lose again in The Wrath: Naberius is sealed
    dice = [4, 1, 3, 3, 2, 4, 4, 1, 3, 3]
    state = start(dice, starting_health=3, imprisoned=("amon", "marchosias"))
    _lose_to_orias(state)
    act(state, "Indulge the thought")
    act(state, "2-4: answer 'yes' (Lord Hollow)")
    _lose_to_orias(state)
    assert state.is_over()
    game = state.game
    console = Console(width=80, file=io.StringIO(), record=True)
    console.print(type(game).frontend().summary(game, state.view(0)))  # type: ignore[misc]
    text = console.export_text()
    assert "Sealed in the imprisonment envelope: Naberius" in text
    assert "naberius" not in text


# ---------------------------------------------------------------- an empty bag (R2, R31)
def _empty_bag_fight(**config: object) -> tuple[rulebook.State, list[str]]:
    """One memory token in all: the opportunity 3-4 writes Gravity and puts it on the sheet.
    Orias (Time, Loss, Gravity) is faced; Naberius binds (his Time matches); a basic attack
    is predicted; Kimaris and Sabnock roll Balance."""
    state = start([3, 4, 4, 4, 1, 1, 4], memory_tokens=1, **config)
    act(state, "Resolve the decision")
    assert state.view(0)["bag"] == 0
    act(state, "Face the Marquis")
    pick(state)
    events = act(state, "Make Naberius the binder")
    events += act(state, "Give the roll to Kimaris")
    return state, events


def test_an_empty_bag_says_why_binding_and_the_reaction_are_skipped() -> None:
    state, events = _empty_bag_fight()
    assert (
        "Binding: no memory tokens left in the bag: no binding this turn "
        "(Naberius could have bound Orias's Time icon)." in events
    )
    assert (
        "Reaction: your Gravity memory matches Orias's Gravity icon, but no memory tokens "
        "are left in the bag to bind it with: no reaction this turn." in events
    )
    assert state.view(0)["notebook"]["memories"] == ["gravity"]  # not spent


def test_r31_free_a_notebook_memory_binds_with_the_bag_empty() -> None:
    state, _ = _empty_bag_fight(notebook_reaction="free")
    assert "Spend your Gravity memory to bind Orias's Gravity icon (cross it out)" in words(state)
    act(state, "Spend your Gravity memory to bind Orias")
    view = state.view(0)
    assert view["combat"]["foes"][0]["bound"] == ["gravity"]
    assert view["bag"] == 0 and view["notebook"]["crossed_out"] == ["gravity"]
    state.check_invariants()  # type: ignore[attr-defined]


def test_the_binder_choice_says_the_bag_is_empty() -> None:
    state = start([3, 4, 4, 4], memory_tokens=1)
    act(state, "Resolve the decision")
    act(state, "Face the Marquis")
    pick(state)
    assert "Make Naberius the binder (could bind Orias's Time, but the bag is empty)" in words(
        state
    )


def test_binding_the_predicted_ability_says_it_turns_basic_but_the_lord_icon_does_not() -> None:
    state = start([4, 4])  # a basic attack predicted: binding the Lord icon changes nothing
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Kimaris the binder")
    lord = [w for w in words(state) if "Lord" in w]
    assert lord and not any("basic attack" in w for w in lord)
    state = start([4, 1])  # Time predicted: binding it turns the attack basic (RB-37)
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Naberius the binder")
    assert any("Time" in w and "it becomes a basic attack" in w for w in words(state))
