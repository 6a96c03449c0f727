"""Combat: every ability's arithmetic (RB-48..RB-55) and the six phases (RB-30..RB-47)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

import rulebook
from rulebook.engine.random import Rng
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
from tests.games.ribbon_of_bone.helpers import (
    STARTERS,
    act,
    capture_amon,
    constituents,
    decision,
    foe,
    pick,
    start,
    texts,
)

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
    pick(state)
    return state


def _faced_after_two_moves(prediction: int, dice: list[int], **config: object):  # type: ignore[no-untyped-def]
    """Two thoughts passed by moving on and back: memory tokens on The Ember Hall (position 0,
    where Orias is then faced) and The Drowned Chapel (position 1)."""
    state = start([2, 2, 4, prediction, *dice], **config)
    act(state, "Move on to the next court card (leave a memory token)")
    act(state, "Move back to the previous court card (leave a memory token)")
    act(state, "Face the Marquis")
    pick(state)
    return state


def test_rb30_rb31_rb32_combat_setup_with_a_party_of_three() -> None:
    state = _faced(1)
    view = state.view(0)
    assert foe(state)["health"] == 9 and view["combat"]["party"] == list(STARTERS)
    assert view["notebook"]["opponents"] == [{"name": "Orias", "health": 9}]


def test_rb32_choose_up_to_three_fewer_is_allowed() -> None:
    state = start([4, 1, 4])
    act(state, "Face the Marquis")
    assert texts(state) == [f"Take {name} into the fight" for name in STARTERS]
    act(state, "Take Sabnock into the fight")
    assert "Fight with the chosen constituents" in texts(state)  # stop early: up to 3
    act(state, "Take Kimaris into the fight")
    act(state, "Fight with the chosen constituents")
    view = state.view(0)
    assert view["combat"]["party"] == ["Sabnock", "Kimaris"]
    assert view["decision"]["kind"] == "attribute"  # two prosecute; no one to spare (R25)
    state = start([4, 1, 4])
    act(state, "Face the Marquis")
    act(state, "Take Naberius into the fight")
    events = act(state, "Fight with the chosen constituents")
    assert "Action: you roll 4 for Naberius (4 → basic attack)." in events  # a party of one


def test_rb32_a_larger_constituency_chooses_three() -> None:
    state = capture_amon([4, 1])
    assert constituents(state) == [*STARTERS, "Amon"]
    act(state, "Face the Marquis")
    assert decision(state) == "pick" and len(texts(state)) == 4
    pick(state, "Kimaris", "Naberius", "Amon")
    assert decision(state) == "binder"  # the party is full at three
    assert state.view(0)["combat"]["party"] == ["Kimaris", "Naberius", "Amon"]


def test_rb32_rb38_a_party_of_four_gives_every_prosecutor_a_roll() -> None:
    state = capture_amon([4, 2, 1, 1, 2, 3], party_size=4)
    act(state, "Face the Marquis")  # Orias (Time, Loss, Gravity); prediction 2: Loss
    pick(state, "Kimaris", "Naberius", "Sabnock", "Amon")
    act(state, "Make Sabnock the binder")
    act(state, "Done binding")
    assert len(texts(state)) == 3  # the first roll (1) to any of the three prosecutors
    events = act(state, "Give the roll to Kimaris")
    assert "Kimaris takes the 1 (1 → Balance); you roll 1." in events
    assert texts(state) == ["Give the roll to Amon", "Give the roll to Naberius"]
    events = act(state, "Give the roll to Naberius")
    assert "Naberius takes the 1 (1 → Time); you roll 2 for Amon (2 → Gravity)." in events
    assert state.view(0)["combat"]["action"] == [
        {"card": "Kimaris", "roll": 1},
        {"card": "Naberius", "roll": 1},
        {"card": "Amon", "roll": 2},
    ]
    # Cinder positive after the capture (+1): Balance 2+1, Time 4, Amon's Gravity 3+1; each -2
    assert foe(state)["health"] == 9 - (1 + 2 + 2)


def test_rb33_rb41_six_phases_in_order_then_a_new_turn() -> None:
    state = _faced_after_two_moves(2, [4, 4, 1], court_start="ability")
    log = []
    log += act(state, "Make Naberius the binder")
    log += act(state, "Done binding")
    log += act(state, "Give the roll to Kimaris")
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
    act(state, "Give the roll to Naberius")
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


def test_rb37_a_bound_lord_icon_does_not_stop_basic_attacks() -> None:
    # Kimaris shares Orias's Lord: his Lord icon bound, Orias still attacks (prediction 4)
    state = _faced(4, [4, 4])
    act(state, "Make Kimaris the binder")
    act(state, "Bind Orias's Lord icon")
    assert foe(state)["bound"] == ["Lord"]  # the only match: binding passes on
    events = act(state, "Give the roll to Naberius")
    assert "Orias's basic attack 1 = 1 to you." in events
    assert state.view(0)["health"] == 13


def test_rb26_health_persists_between_combats() -> None:
    """Orias's Time (1) deals 4 while two basic attacks (4, 4) fell him at 1 health: 10, and
    the victory heals 2. The next fight (Amon) starts at 12, not at the starting 14."""
    decks = {"cinder": ["kimaris", "orias", "amon"], "hollow": ["naberius"], "vellum": ["sabnock"]}
    state = start([4, 1, 4, 4, 4, 4], decks=decks, opponent_health=1)
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Naberius the binder")
    if decision(state) == "bind":
        act(state, "Done binding")
    act(state, "Give the roll to Kimaris")
    assert state.view(0)["health"] == 12
    act(state, "Face the Marquis")
    pick(state)
    view = state.view(0)
    assert foe(state)["name"] == "Amon" and view["health"] == 12
    assert view["notebook"]["health"] == [14, 10, 12]


def test_rb37_a_bound_ability_rolled_later_is_a_basic_attack() -> None:
    state = _faced(1, [1, 1, 1])
    act(state, "Make Naberius the binder")
    act(state, "Bind Orias's Time icon")  # binding ends: no more matches
    act(state, "Give the roll to Kimaris")  # Kimaris Balance, Sabnock Balance
    if state.view(0)["decision"]["kind"] == "reaction":
        act(state, "Spend no memory")
    assert foe(state)["predicted"] == "basic attack"  # rolled 1 = Time, but bound


def test_rb38_rb39_action_rolls_combine_and_resolve() -> None:
    # prediction 2 (Orias: Loss); rolls 1 -> Kimaris Balance, 2 -> Sabnock Time
    state = _faced(2, [1, 2])
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    events = act(state, "Give the roll to Kimaris")
    assert "Kimaris takes the 1 (1 → Balance); you roll 2 for Sabnock (2 → Time)." in events
    # Kimaris Balance 2 and Sabnock Time 4, each -2 for Orias's Loss: 0 + 2
    assert foe(state)["health"] == 9 - 2
    assert state.view(0)["health"] == 14  # Orias's Loss deals nothing


def test_rb40_reaction_spends_a_court_memory_and_flips_the_card() -> None:
    state = _faced_after_two_moves(2, [4, 4], court_start="ability")
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    act(state, "Give the roll to Kimaris")
    option = "Spend the memory at The Ember Hall / The Outskirts to bind Orias"
    assert option in texts(state)  # The Outskirts shows Loss; The Weighing Room's Balance: no
    assert len(texts(state)) == 2
    act(state, option)
    court = state.view(0)["court"][0]
    assert foe(state)["bound"] == ["loss"] and court["side"] == "lord" and court["tokens"] == 0


def test_rb40_reaction_spends_a_notebook_memory_and_crosses_it_out() -> None:
    state = start([3, 4, 4, 2, 4, 4])  # an opportunity, 3-4, writes Gravity first
    act(state, "Resolve the decision")
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    act(state, "Give the roll to Kimaris")
    act(state, "Spend your Gravity memory to bind Orias")
    assert foe(state)["bound"] == ["gravity"]
    note = state.view(0)["notebook"]
    assert note["crossed_out"] == ["gravity"] and note["memories"] == []


def test_rb42_rb43_victory_heals_2_and_attunes_to_the_opponents_lord() -> None:
    state = _faced(2, [2, 2, 1], starting_health=10, opponent_health=1)
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    events = act(state, "Give the roll to Kimaris")
    assert "Victory." in events
    view = state.view(0)
    assert view["health"] == 12 and view["tracker_position"] == tracker.STEP[tracker.CENTER][0]
    assert view["combat"] is None and view["notebook"]["opponents"] == [
        {"name": "Orias", "health": 0}
    ]


def test_rb44_full_bind_captures_into_the_constituency() -> None:
    state = capture_amon()  # Time and Reliance, then Gravity, then the Lord icon
    assert constituents(state) == [*STARTERS, "Amon"]
    assert state.view(0)["health"] == 15  # R6: healed 2 (14 - 1 + 2), up to the cap of 15 (R1)
    assert state.view(0)["tracker"] == "halfway to Lord Cinder"  # R6: attuned as a victory


def test_rb45_loss_flips_to_the_wrath_and_resets_attunement() -> None:
    # two thoughts toward Lord Hollow (2-4 'yes', 2-3 'no'), then Orias's Time (4) beats 3 health
    state = start([2, 4, 2, 3, 4, 1, 3, 3], starting_health=3)
    act(state, "Indulge the thought")
    act(state, "2-4: answer 'yes' (Lord Hollow)")
    act(state, "Indulge the thought")
    act(state, "2-3: answer 'no' (Lord Hollow)")
    assert state.view(0)["tracker"] == "on Lord Hollow's corner"
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    act(state, "Give the roll to Naberius")
    view = state.view(0)
    assert view["alignment"] == "The Wrath" and view["tracker"] == "the middle"
    assert view["health"] == 3  # R7: restored to the starting health
    assert view["decks"]["Lord Cinder"] == 3  # R8: Orias went back into his deck


def test_rb46_a_loss_in_the_wrath_is_death() -> None:
    # Lord Cinder's deck holds only Orias; he wins twice
    state = start([4, 1, 3, 3, 4, 1, 3, 3], starting_health=3, imprisoned=("amon", "marchosias"))
    for _ in range(2):
        act(state, "Face the Marquis")
        pick(state)
        act(state, "Make Kimaris the binder")
        act(state, "Done binding")
        act(state, "Give the roll to Naberius")
    assert state.is_over() and state.view(0)["ending"] == "death" and state.returns() == [0.0]


def test_rb47_r32_court_memories_stay_after_a_victory() -> None:
    """RB-47 stands under LOSS: a won fight leaves the court's memories where they lie (R32);
    ``court_memories=every`` spends them after every fight, as before."""
    step = tracker.STEP
    for reading in ("loss", "every"):
        # tokens on The Ember Hall (Lord Cinder's side) and The Drowned Chapel (Lord Hollow's)
        state = _faced_after_two_moves(2, [2, 2], opponent_health=1, court_memories=reading)
        act(state, "Make Naberius the binder")
        act(state, "Done binding")
        act(state, "Give the roll to Kimaris")
        view = state.view(0)
        court = view["court"]
        if reading == "loss":  # the victory alone moves the tracker, toward Lord Cinder
            assert view["tracker"] == "halfway to Lord Cinder"
            assert [c["tokens"] for c in court] == [1, 1, 0, 0, 0, 0]
            assert [c["side"] for c in court[:3]] == ["lord", "lord", "lord"]
        else:  # then the two memories toward Cinder and Hollow, spent, their cards flipped
            assert view["tracker_position"] == step[step[step[tracker.CENTER][0]][0]][1]
            assert [c["tokens"] for c in court] == [0] * 6
            assert [c["side"] for c in court[:3]] == ["ability", "ability", "lord"]


def test_rb47_court_memories_on_lord_icons_shift_attunement_after_a_loss() -> None:
    # the same two memories; Orias's Time (1) and two Reliances (3, 3) beat 3 health
    state = _faced_after_two_moves(1, [3, 3], starting_health=3)
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    events = act(state, "Give the roll to Naberius")
    assert "You lose all your health." in events
    view = state.view(0)
    # RB-45 puts the tracker back in the middle; afterward the memories: Cinder, then Hollow
    assert view["alignment"] == "The Wrath"
    assert view["tracker"] == "between Lord Cinder and Lord Hollow"
    assert [c["tokens"] for c in view["court"]] == [0] * 6
    assert [c["side"] for c in view["court"][:3]] == ["ability", "ability", "lord"]


def test_rb28_r28_negative_attunement_per_instance_or_once_per_attack() -> None:
    # thoughts toward Vellum (2-1 'yes') and Hollow (2-4 'yes'): negative with Lord Cinder.
    # Amon of Lord Cinder relies (prediction 3): he copies Kimaris's Balance (2) and deals 1.
    decks = {"cinder": ["kimaris", "amon"], "hollow": ["naberius"], "vellum": ["sabnock"]}
    taken = {}
    for reading in ("instance", "attack"):
        state = start([2, 1, 2, 4, 4, 3, 1, 4], decks=decks, negative_attunement=reading)
        act(state, "Indulge the thought")
        act(state, "2-1: answer 'yes' (Lord Vellum)")
        act(state, "Indulge the thought")
        act(state, "2-4: answer 'yes' (Lord Hollow)")
        assert state.view(0)["attunement"]["Lord Cinder"] == "negative"
        act(state, "Face the Marquis")
        pick(state)
        act(state, "Make Sabnock the binder")
        act(state, "Done binding")
        act(state, "Give the roll to Kimaris")  # Balance: each instance you take -1
        taken[reading] = 14 - state.view(0)["health"]
    assert taken == {"instance": (2 - 1 + 1) + (1 - 1 + 1), "attack": (2 - 1 + 1) + (1 - 1)}


def test_r7_wrath_health_keep() -> None:
    state = _faced(1, [3, 3], wrath_health="keep", starting_health=3)
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    act(state, "Give the roll to Naberius")
    view = state.view(0)
    assert view["alignment"] == "The Wrath" and view["health"] <= 0


def test_r7_keep_a_resolution_that_deals_you_nothing_does_not_kill() -> None:
    """R7 "keep": at 0 health in The Wrath you stand until damage reaches you. Orias's Time
    and two Reliances (3, 3) beat 3 health; he is faced again (Lord Cinder's deck holds only
    him) and uses Loss (2) while two Balances (1, 1) deal him nothing: you live; next turn his
    Time (1) against Naberius's Time and Sabnock's Balance (1, 1) deals 4 and kills."""
    dice = [3, 3, 4, 2, 1, 1, 1, 1, 1]
    state = _faced(
        1, dice, wrath_health="keep", starting_health=3, imprisoned=("amon", "marchosias")
    )
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    act(state, "Give the roll to Naberius")
    assert state.view(0)["alignment"] == "The Wrath" and state.view(0)["health"] == 0
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Naberius the binder")
    if decision(state) == "bind":
        act(state, "Done binding")
    events = act(state, "Give the roll to Kimaris")
    assert "You take 0 and heal 0: 0 health." in events
    assert not state.is_over() and state.view(0)["health"] == 0
    act(state, "Make Kimaris the binder")
    if decision(state) == "bind":
        act(state, "Done binding")
    events = act(state, "Give the roll to Naberius")
    assert "You take 4 and heal 0: 0 health." in events
    assert state.is_over() and state.view(0)["ending"] == "death"


def test_r9_victory_at_0_health_the_state_and_the_words_agree() -> None:
    """R9 "victory": both fall in one Resolution and you win; your health stops at 0 (you
    cannot lose more than all of it), as the narration says, and the victory's 2 heal it."""
    state = _faced(1, [3, 3], simultaneous_ko="victory", starting_health=3, opponent_health=1)
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    events = act(state, "Give the roll to Naberius")
    assert "You take 6 and heal 0: 0 health." in events
    assert "You heal 2 (2 health)." in events
    view = state.view(0)
    assert view["alignment"] == "The Favour" and view["health"] == 2
    assert view["notebook"]["health"][-2:] == [0, 2]


def test_r9_simultaneous_knockout_is_a_loss_by_default() -> None:
    for how, alignment in (("loss", "The Wrath"), ("victory", "The Favour")):
        state = _faced(1, [3, 3], simultaneous_ko=how, starting_health=3, opponent_health=1)
        act(state, "Make Kimaris the binder")
        act(state, "Done binding")
        act(state, "Give the roll to Naberius")
        assert state.view(0)["alignment"] == alignment


@pytest.mark.parametrize(
    "config",
    [
        {},
        {"negative_attunement": "attack"},
        {"unleashed": True, "party_size": 4},
        {"unleashed": True, "rogue_combine": "own"},
    ],
)
def test_unnarrated_resolution_matches_the_narrated_one(config: dict[str, object]) -> None:
    """Simulation and search resolve combat by a one-pass path with no narration; seeded
    games played both ways must stay equal at every step, Reliance, Gravity, Support, both
    readings of R28 and two Marquis at once (a rogue identity, unleashed; both readings of
    R34) included."""
    game = rulebook.load("ribbon-of-bone", **config)
    rng = Rng(5)
    told: Counter[str] = Counter()
    for seed in range(150):
        narrated, quiet = game.new_state(seed=seed), game.new_state(seed=seed)
        while narrated.decisions:
            legal = narrated.legal_ids()
            action = legal[rng.below(len(legal))]
            told["target"] += game.actions[action].kind == "target"  # whom to strike (R14)
            for event in narrated.apply(action):
                for word in ("Reliance", "Gravity", "Support", "Resolution"):
                    told[word] += word in event.text
            quiet.apply(action, narrate=False)
            assert quiet == narrated, f"seed {seed}: the unnarrated game went another way"
    two_at_once = told.pop("target")
    assert min(told.values()) > 20, told
    if config.get("unleashed"):
        assert two_at_once > 20
