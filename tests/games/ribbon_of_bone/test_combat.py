"""Combat: every ability's arithmetic (RB-48..RB-55) and the six phases (RB-30..RB-47)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rulebook.games.ribbon_of_bone import tracker
from rulebook.games.ribbon_of_bone.cards import (
    BALANCE,
    BASIC,
    CONSTRUCTION,
    GRAVITY,
    LOSS,
    RELIANCE,
    SUPPORT,
    TIME,
)
from rulebook.games.ribbon_of_bone.combat import Outcome, Use, resolve
from tests.games.ribbon_of_bone.helpers import act, foe, names, start, texts

ME, THEM = 0, 1


def fight(
    mine: list[int],
    theirs: int,
    dice: list[int] | None = None,
    bonus: int = 0,
    basic: int = 1,
    their_basic: int = 1,
    extra: int = 0,
) -> Outcome:
    rolls: Iterator[int] = iter(dice or [])
    player = [Use(a, ME, bonus, basic) for a in mine]
    return resolve(
        player,
        [Use(theirs, THEM, 0, their_basic)],
        0,
        [extra],
        lambda: next(rolls),
        lambda c: "me" if c == ME else "them",
    )


def test_rb48_balance_deals_2_and_softens_each_incoming_instance() -> None:
    out = fight([BALANCE], TIME)
    assert out.to_foe == [2 + 1]  # their Time makes them take +1 per instance
    assert out.to_player == 4 - 1


def test_rb49_time_deals_4_and_hardens_each_incoming_instance() -> None:
    out = fight([TIME], BASIC)
    assert out.to_foe == [4] and out.to_player == 1 + 1


def test_rb50_construction_rolled_deals_basic_minus_1() -> None:
    assert fight([CONSTRUCTION], LOSS, basic=3).to_foe == [max(0, 2 - 2)]
    assert fight([CONSTRUCTION], BASIC, basic=3).to_foe == [2]
    assert fight([CONSTRUCTION], BASIC, basic=1).to_foe == [0]


def test_rb51_gravity_deals_a_d4() -> None:
    assert fight([GRAVITY], BASIC, dice=[3]).to_foe == [3]
    assert fight([GRAVITY], BASIC, dice=[1]).to_foe == [1]


def test_rb52_reliance_copies_the_opponents_first_action_and_deals_1() -> None:
    out = fight([RELIANCE], TIME)
    assert out.to_foe == [(4 + 1) + (1 + 1)]  # a copied Time (4) and 1, each +1 for their Time
    assert out.to_player == 4 + 1  # my copied Time raises what I take too


def test_rb52_reliance_is_negated_by_reliance() -> None:
    out = fight([RELIANCE], RELIANCE)
    assert out.to_foe == [0] and out.to_player == 0


def test_rb52_their_reliance_copies_my_first_action() -> None:
    out = fight([GRAVITY, BALANCE], RELIANCE, dice=[2, 4])
    assert out.to_foe == [2 + 2]  # my Gravity 2 and Balance 2 (their copied Gravity: no mod)
    assert out.to_player == max(0, 4 - 1) + max(0, 1 - 1)  # their Gravity 4, their 1; Balance -1


def test_rb53_support_heals_half_a_d4_rounded_up() -> None:
    assert fight([SUPPORT], BASIC, dice=[3]).player_heal == 2
    assert fight([SUPPORT], BASIC, dice=[4]).player_heal == 2
    assert fight([BASIC], SUPPORT, dice=[1]).foe_heal == [1]


def test_rb54_loss_reduces_each_incoming_instance_by_2() -> None:
    assert fight([LOSS], TIME).to_player == 2
    assert fight([LOSS], BASIC).to_player == 0  # never below 0


def test_rb55_basic_attack_is_1_plus_alignment_plus_construction() -> None:
    assert fight([BASIC], LOSS, basic=2, bonus=1).to_foe == [max(0, 3 - 2)]
    assert fight([BASIC], BASIC, basic=2, bonus=2).to_foe == [4]


def test_rb27_attunement_bonus_on_every_damage_instance() -> None:
    assert fight([BALANCE, TIME], BASIC, bonus=1).to_foe == [3 + 5]


def test_rb28_negative_attunement_adds_1_per_incoming_instance() -> None:
    assert fight([BASIC], TIME, extra=1).to_player == 5


def test_two_actions_combine_their_modifiers() -> None:
    out = fight([BALANCE, LOSS], TIME)
    assert out.to_player == max(0, 4 - 3) and out.to_foe == [3]


# ---------------------------------------------------------------- the phases in play


def _faced(prediction: int, dice: list[int] | None = None, **config: object):  # type: ignore[no-untyped-def]
    """Turn 1 rolls an encounter; Orias of Lord Cinder (Time, Loss, Gravity) is faced by
    Kimaris (Balance, Construction, Support), Naberius (Time, Support, Reliance) and Sabnock
    (Balance, Time, Reliance)."""
    state = start([4, prediction, *(dice or [])], **config)
    act(state, "Face the Marquis")
    return state


def test_rb30_rb31_rb32_combat_setup_with_a_party_of_three() -> None:
    state = _faced(1)
    view = state.view(0)
    assert foe(state)["health"] == 9 and names(state, state.party) == [
        "Kimaris",
        "Naberius",
        "Sabnock",
    ]
    assert view["notebook"]["opponents"] == [{"name": "Orias", "health": 9}]


def test_rb32_a_larger_constituency_chooses_three() -> None:
    state = start(
        [4, 1],
        decks={"cinder": ["kimaris", "orias"], "hollow": ["naberius"], "vellum": ["sabnock"]},
    )
    state.constituency.append(state.decks[2].pop())
    act(state, "Face the Marquis")
    assert state.view(0)["decision"]["kind"] == "pick" and len(texts(state)) == 4
    for name in ("Kimaris", "Naberius", "Sabnock"):
        act(state, f"Take {name} into the fight")
    assert state.view(0)["decision"]["kind"] == "binder"


def test_rb33_rb41_six_phases_in_order_then_a_new_turn() -> None:
    state = _faced(2, [4, 4, 1], court_start="ability")
    state.tokens[0] = 1  # so that a Reaction is on offer
    log = []
    log += act(state, "Make Naberius the binder")
    log += act(state, "Done binding")
    log += act(state, "Give the first roll to Kimaris")
    assert state.view(0)["decision"]["kind"] == "reaction"
    log += act(state, "Spend no memory")
    heads = [line.split(":")[0] for line in log]
    phases = [h for h in heads if h in ("Shuffling", "Action", "Resolution", "Prediction")]
    assert phases == ["Shuffling", "Action", "Resolution", "Prediction"]
    assert state.view(0)["decision"]["kind"] == "binder"  # the next turn's Shuffling


@pytest.mark.parametrize(
    ("roll", "predicted"), [(1, "time"), (2, "loss"), (3, "gravity"), (4, "basic attack")]
)
def test_rb34_prediction(roll: int, predicted: str) -> None:
    assert foe(_faced(roll))["predicted"] == predicted


def test_rb35_two_prosecute_one_binds_never_twice_running() -> None:
    state = _faced(4, [1, 1, 4])
    assert texts(state) == [
        "Make Kimaris the binder",
        "Make Naberius the binder",
        "Make Sabnock the binder",
    ]
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")  # Kimaris matches Orias's Lord icon
    act(state, "Give the first roll to Naberius")
    assert state.view(0)["decision"]["kind"] in ("binder", "reaction")
    if state.view(0)["decision"]["kind"] == "reaction":
        act(state, "Spend no memory")
    assert "Make Kimaris the binder" not in texts(state)


def test_rb36_rb37_binding_matching_icons_and_the_predicted_turns_basic() -> None:
    state = _faced(1)  # Orias will use Time
    act(state, "Make Naberius the binder")
    assert texts(state) == ["Bind Orias's Time icon", "Done binding"]
    act(state, "Bind Orias's Time icon")
    assert foe(state)["predicted"] == "basic attack" and foe(state)["bound"] == ["time"]
    state = _faced(4)
    act(state, "Make Kimaris the binder")
    assert texts(state) == ["Bind Orias's Lord icon", "Done binding"]


def test_rb37_a_bound_ability_rolled_later_is_a_basic_attack() -> None:
    state = _faced(1, [1, 1, 1])
    act(state, "Make Naberius the binder")
    act(state, "Bind Orias's Time icon")  # binding ends: no more matches
    act(state, "Give the first roll to Kimaris")  # Kimaris Balance, Sabnock Balance
    if state.view(0)["decision"]["kind"] == "reaction":
        act(state, "Spend no memory")
    assert foe(state)["predicted"] == "basic attack"  # rolled 1 = Time, but bound


def test_rb38_rb39_action_rolls_combine_and_resolve() -> None:
    # prediction 2 (Orias: Loss); rolls 1 -> Kimaris Balance, 2 -> Sabnock Time
    state = _faced(2, [1, 2])
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    events = act(state, "Give the first roll to Kimaris")
    assert "Kimaris takes the 1; you roll 2 for Sabnock." in events
    # Kimaris Balance 2 and Sabnock Time 4, each -2 for Orias's Loss: 0 + 2
    assert foe(state)["health"] == 9 - 2
    assert state.health == 14  # Orias's Loss deals nothing


def test_rb40_reaction_spends_a_court_memory_and_flips_the_card() -> None:
    state = _faced(2, [4, 4], court_start="ability")
    state.tokens[0] = 1  # a memory on The Outskirts (Loss side)
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    act(state, "Give the first roll to Kimaris")
    option = "Spend the memory at The Ember Hall / The Outskirts to bind Orias"
    assert option in texts(state)
    act(state, option)
    assert foe(state)["bound"] == ["loss"] and state.sides[0] == 0 and state.tokens[0] == 0


def test_rb40_reaction_spends_a_notebook_memory_and_crosses_it_out() -> None:
    state = _faced(2, [4, 4])
    state.memories.append(3)  # Gravity
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    act(state, "Give the first roll to Kimaris")
    act(state, "Spend your Gravity memory to bind Orias")
    assert foe(state)["bound"] == ["gravity"]
    assert state.view(0)["notebook"]["crossed_out"] == ["gravity"] and state.memories == []


def test_rb42_rb43_victory_heals_2_and_attunes_to_the_opponents_lord() -> None:
    state = _faced(2, [2, 2, 1])
    state.foes[0] = (state.foes[0][0], 1, 0)
    state.health = 10
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    events = act(state, "Give the first roll to Kimaris")
    assert "Victory." in events
    assert state.health == 12 and state.att == tracker.STEP[tracker.CENTER][0]
    assert names(state, state.perished) == ["Orias"] and state.foes == []


def test_rb44_full_bind_captures_into_the_constituency() -> None:
    state = _faced(4)
    state.foes[0] = (state.foes[0][0], 9, 0b0111)
    act(state, "Make Kimaris the binder")
    events = act(state, "Bind Orias's Lord icon")
    assert "Full bind: Orias joins your constituency." in events
    assert "Orias" in names(state, state.constituency)
    assert state.health == 15  # R6: healed 2, up to the cap of 15 (R1)


def test_rb45_loss_flips_to_the_wrath_and_resets_attunement() -> None:
    state = _faced(1, [3, 3])  # Orias uses Time: 4 damage
    state.health, state.att = 3, tracker.CORNER[1]
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    act(state, "Give the first roll to Naberius")
    assert state.wrath == 1 and state.att == tracker.CENTER and state.health == 14
    assert state.view(0)["alignment"] == "The Wrath"
    assert sorted(names(state, state.decks[0])) == ["Amon", "Marchosias", "Orias"]  # R8


def test_rb46_a_loss_in_the_wrath_is_death() -> None:
    state = _faced(1, [3, 3])
    state.health, state.wrath = 3, 1
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    act(state, "Give the first roll to Naberius")
    assert state.is_over() and state.ending == "death" and state.returns() == [0.0]


def test_rb47_court_memories_on_lord_icons_shift_attunement_and_flip() -> None:
    state = _faced(2, [2, 2])
    state.foes[0] = (state.foes[0][0], 1, 0)
    state.tokens[2] = 2  # The Paper Throne: Lord Vellum's side
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    act(state, "Give the first roll to Kimaris")
    # victory pushes toward Cinder, then two memories toward Vellum
    assert state.att == tracker.STEP[tracker.STEP[tracker.STEP[0][0]][2]][2]
    assert state.tokens[2] == 0 and state.sides[2] == 1


def test_r7_wrath_health_keep() -> None:
    state = _faced(1, [3, 3], wrath_health="keep")
    state.health = 3
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    act(state, "Give the first roll to Naberius")
    assert state.wrath == 1 and state.health <= 0


def test_r9_simultaneous_knockout_is_a_loss_by_default() -> None:
    for how, wrath in (("loss", 1), ("victory", 0)):
        state = _faced(1, [3, 3], simultaneous_ko=how)
        state.health = 3
        state.foes[0] = (state.foes[0][0], 1, 0)
        act(state, "Make Kimaris the binder")
        act(state, "Done binding")
        act(state, "Give the first roll to Naberius")
        assert state.wrath == wrath
