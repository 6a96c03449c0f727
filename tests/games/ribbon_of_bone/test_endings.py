"""Endings of the game: victory, Escape, Unleash and rogue identities, Death and Capture
(RB-56..RB-63)."""

from __future__ import annotations

from pathlib import Path

import rulebook
import rulebook.games.ribbon_of_bone
from rulebook.engine.random import Rng
from rulebook.games.ribbon_of_bone.state import RibbonState
from tests.games.ribbon_of_bone.helpers import (
    COURT,
    DECKS,
    STARTERS,
    act,
    all_but,
    capture_amon,
    constituents,
    decision,
    pick,
    start,
    texts,
)

CARDS = Path(rulebook.games.ribbon_of_bone.__file__).parent / "cards.toml"

ROGUE_DECKS = {
    "cinder": ["kimaris"],
    "hollow": ["naberius", "the-advocate", "gamigin"],
    "vellum": ["sabnock"],
}


def _rogue(dice: list[int], **config: object):  # type: ignore[no-untyped-def]
    """Unleashed: The Advocate lies under Naberius in Lord Hollow's deck; walk onto The Drowned
    Chapel (Lord Hollow's) and face what is there with the three starters."""
    state = start([1, 4, *dice], decks=ROGUE_DECKS, unleashed=True, **config)
    act(state, "Move on to the next court card (stillness: no token)")
    act(state, "Face the Marquis")
    pick(state)
    return state


def _win_the_last_fight(state: RibbonState) -> None:
    """Orias or Ronove at 1 health, predicted to make a basic attack, falls to your two basic
    attacks (rolls 4, 4 and 4 scripted)."""
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Naberius the binder")
    if decision(state) == "bind":
        act(state, "Done binding")
    act(state, "Give the roll to Kimaris")


def _lose_to_orias(state: RibbonState) -> list[str]:
    """Orias predicts Time (1); Naberius and Sabnock both roll Reliance (3, 3)."""
    act(state, "Face the Marquis")
    pick(state, "Kimaris", "Naberius", "Sabnock")
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    return act(state, "Give the roll to Naberius")


def test_rb57_unleashed_identities_join_their_lords_decks() -> None:
    state = start([1], unleashed=True)
    view = state.view(0)
    assert view["identities"] == []  # none is set aside: The Advocate and The Heretic
    assert view["decks"] == {"Lord Cinder": 3, "Lord Hollow": 4, "Lord Vellum": 4}


def test_rb58_rb59_a_rogue_identity_brings_two_marquis() -> None:
    state = _rogue([1, 2])
    view = state.view(0)["combat"]
    assert view["rogue"] == "The Advocate"
    assert view["foes"][0]["name"] == "Gamigin" and len(view["foes"]) == 2
    assert all("predicted" in f for f in view["foes"])  # a prediction for each


def test_r14_two_standing_marquis_choose_a_target() -> None:
    state = _rogue([4, 4, 1, 1])
    act(state, "Make Kimaris the binder")
    if state.view(0)["decision"]["kind"] == "bind":
        act(state, "Done binding")
    act(state, "Give the roll to Naberius")
    assert state.view(0)["decision"]["kind"] == "target" and len(texts(state)) == 2


def test_rb60_rb61_binds_align_the_identity_worth_two() -> None:
    state = _rogue([4, 4, 4], identity_align_binds=2)
    act(state, "Make Naberius the binder")  # Lord Hollow, like Gamigin: Lord, Reliance, Support
    act(state, "Bind Gamigin's Lord icon")
    events = act(state, "Bind Gamigin's Reliance icon")
    assert "2 binds: The Advocate aligns with you." in events
    assert constituents(state) == [*STARTERS, "The Advocate"]  # no Marquis is captured
    assert state.view(0)["scenario"]["constituency_value"] == 5
    act(state, "Face the Marquis")
    assert texts(state) == [f"Take {name} into the fight" for name in STARTERS]  # never fights


def test_rb63_victory_by_constituency_size(tmp_path: Path) -> None:
    cards = tmp_path / "cards.toml"
    cards.write_text(CARDS.read_text().replace("constituency_goal = 6", "constituency_goal = 5"))
    state = _rogue([4, 4], identity_align_binds=2, cards=str(cards))
    act(state, "Make Naberius the binder")
    act(state, "Bind Gamigin's Lord icon")
    act(state, "Bind Gamigin's Reliance icon")  # three Marquis and an identity worth 2: 5
    assert state.is_over() and state.view(0)["ending"] == "escape" and state.returns() == [1.0]
    summary = state.view(0)["summary"]
    assert "constituency sways the court" in summary["detail"] and summary["unleash"] is True


def test_rb58_a_rogue_identity_that_is_the_last_card_ends_in_victory() -> None:
    starters = {"kimaris", "naberius", "sabnock"}
    others = tuple(
        f.id
        for f in rulebook.load("ribbon-of-bone").content.fighters
        if not f.identity and f.id not in starters
    )
    state = start([2, 2, 2, 2], imprisoned=others, unleashed=True, decks={})
    for _ in range(4):  # the fourth token forces an encounter on The Hollow Nave
        events = act(state, "Move on to the next court card (leave a memory token)")
    assert "A rogue identity: The Advocate!" in events
    assert state.view(0)["decision"]["kind"] == "escape"  # the envelope holds nine Marquis
    act(state, "Leave the envelope closed")
    assert state.is_over() and state.returns() == [1.0]
    summary = state.view(0)["summary"]
    assert summary["detail"] == "the rogue identity was the court's last card"
    assert summary["release"] == []


def test_rb63_victory_by_clearing_the_court() -> None:
    state = start([4, 4, 4, 4], imprisoned=all_but("orias"), opponent_health=1)
    _win_the_last_fight(state)
    act(state, "Leave the envelope closed")
    assert state.is_over() and state.returns() == [1.0]
    assert state.view(0)["summary"]["detail"] == "the court is cleared to complete stillness"


def test_rb56_escape_frees_the_most_attuned_lords_marquis() -> None:
    # two thoughts toward Lord Vellum (2-1 'yes', 2-4 'no'); a stillness back to The Vellum
    # Archive, where Ronove, the last Marquis in the court, is faced
    dice = [2, 1, 2, 4, 1, 4, 4, 4, 4]
    decks = {"cinder": ["kimaris"], "hollow": ["naberius"], "vellum": ["sabnock"]}
    state = start(dice, decks=decks, imprisoned=all_but("ronove"), opponent_health=1)
    act(state, "Indulge the thought")
    act(state, "2-1: answer 'yes' (Lord Vellum)")
    act(state, "Indulge the thought")
    act(state, "2-4: answer 'no' (Lord Vellum)")
    act(state, "Move back to the previous court card (stillness: no token)")
    _win_the_last_fight(state)
    assert state.view(0)["tracker"] == "on Lord Vellum's corner"
    assert texts(state) == [
        "Open the envelope: free Lord Vellum's Marquis",
        "Leave the envelope closed",
    ]
    act(state, "Open the envelope: free Lord Vellum's Marquis")
    assert state.view(0)["summary"]["release"] == ["forneus", "phenex"]
    assert state.returns() == [1.0]


def test_rb56_tied_attunement_lets_you_choose_any_lord_in_the_envelope() -> None:
    # a thought toward Lord Hollow (2-3 'no'), then the victory toward Lord Cinder: a tie
    state = start([2, 3, 4, 4, 4, 4], imprisoned=all_but("orias"), opponent_health=1)
    act(state, "Indulge the thought")
    act(state, "2-3: answer 'no' (Lord Hollow)")
    _win_the_last_fight(state)
    assert state.view(0)["tracker"] == "between Lord Cinder and Lord Hollow"
    assert texts(state) == [
        "Open the envelope: free Lord Cinder's Marquis",
        "Open the envelope: free Lord Hollow's Marquis",
        "Open the envelope: free Lord Vellum's Marquis",
        "Leave the envelope closed",
    ]


def test_imprisoned_marquis_are_absent_from_the_game() -> None:
    state = start([1], imprisoned=("amon", "orias"), decks={"hollow": ["naberius"]})
    assert {"amon", "orias"}.isdisjoint(state.game.card_ids("cinder"))
    view = state.view(0)
    assert view["decks"] == {"Lord Cinder": 1, "Lord Hollow": 3, "Lord Vellum": 3}
    assert sum(view["decks"].values()) + len(view["constituency"]) == 10


def test_rb62_death_captures_the_most_attuned_lords_constituents() -> None:
    # lose once (The Wrath; attunement back to the middle), a thought toward Lord Hollow
    # (2-4 'yes'), lose again: Naberius goes into the envelope
    dice = [4, 1, 3, 3, 2, 4, 4, 1, 3, 3]
    state = start(dice, starting_health=3, imprisoned=("amon", "marchosias"))
    _lose_to_orias(state)
    assert state.view(0)["alignment"] == "The Wrath"
    act(state, "Indulge the thought")
    act(state, "2-4: answer 'yes' (Lord Hollow)")
    events = _lose_to_orias(state)
    text = "Death. Lord Hollow claims your constituents: Naberius goes into the imprisonment "
    assert text + "envelope." in events  # one card: "goes"
    summary = state.view(0)["summary"]
    assert summary["ending"] == "death" and summary["imprison"] == ["naberius"]
    assert summary["unleash"] is False


def test_rb62_tied_attunement_takes_the_lord_with_most_constituents() -> None:
    # Amon captured (no attunement: R6 switched off), then two losses to Orias with the
    # tracker in the middle: Lord Cinder holds two constituents, Kimaris and Amon
    state = capture_amon(
        [4, 1, 3, 3, 4, 1, 3, 3],
        starting_health=3,
        capture_is_victory=False,
        imprisoned=("marchosias",),
    )
    assert state.view(0)["tracker"] == "the middle"
    _lose_to_orias(state)
    events = _lose_to_orias(state)
    assert sorted(state.view(0)["summary"]["imprison"]) == ["amon", "kimaris"]
    assert any("Kimaris, Amon go into" in e or "Amon, Kimaris go into" in e for e in events)


def _die_with_a_cinder_memory(seed: int, **config: object) -> RibbonState:
    """Lose to Orias (The Wrath, the tracker in the middle); a thought passed by moving on
    leaves a memory on The Ember Hall (Lord Cinder's side), a stillness walks back without
    one; lose again: death, with one Cinder memory in the court and every Lord tied with one
    constituent."""
    game = rulebook.load(
        "ribbon-of-bone", starting_health=3, imprisoned=("amon", "marchosias"), **config
    )
    dice = [4, 1, 3, 3, 2, 1, 4, 1, 3, 3]
    state = game.new_state(seed=seed, stack={"court": COURT, **DECKS}, dice=dice)
    act(state, "Play as The Pilgrim")
    _lose_to_orias(state)
    act(state, "Move on to the next court card (leave a memory token)")
    act(state, "Move back to the previous court card (stillness: no token)")
    assert state.view(0)["court"][0]["tokens"] == 1
    _lose_to_orias(state)
    assert state.view(0)["ending"] == "death"
    return state


def test_rb47_r33_at_death_court_memories_come_after_the_capture() -> None:
    """RB-47's "Afterward" follows the loss, which at death is the Capture: the memory moves
    nothing (R33). ``death_memories=before``: it moves the tracker toward Lord Cinder first,
    and Cinder's Kimaris goes into the envelope."""
    state = _die_with_a_cinder_memory(1, court_start="lord")
    view = state.view(0)
    assert view["tracker"] == "the middle" and view["court"][0]["tokens"] == 1
    for seed in range(4):
        state = _die_with_a_cinder_memory(seed, court_start="lord", death_memories="before")
        view = state.view(0)
        assert view["tracker"] == "halfway to Lord Cinder"
        assert view["summary"]["imprison"] == ["kimaris"]


def test_rb62_otherwise_one_lord_at_random() -> None:
    """Tied attunement (the middle) and tied constituents (one each): the Lord is drawn at
    random, so seeds send different constituents into the envelope."""
    imprisoned = set()
    for seed in range(8):
        state = _die_with_a_cinder_memory(seed, court_start="lord")
        imprisoned.add(tuple(state.view(0)["summary"]["imprison"]))
    assert imprisoned == {("kimaris",), ("naberius",), ("sabnock",)}


def test_turn_limit_ends_as_other() -> None:
    state = start([1, 1, 1], max_turns=2)
    act(state, "Stay where you are")
    act(state, "Stay where you are")
    assert state.is_over() and state.view(0)["ending"] == "other" and state.returns() == [0.0]


def test_an_unknown_imprisoned_card_is_refused() -> None:
    try:
        rulebook.load("ribbon-of-bone", imprisoned=("azazel",))
    except rulebook.ContentError as exc:
        assert "no Marquis or identity 'azazel'" in str(exc)
    else:
        raise AssertionError("an unknown Marquis in the envelope must be refused")


def test_a_fight_of_thousands_of_rounds_ends_at_the_round_limit() -> None:
    """R11: combat turns without a decision follow one another in a loop, so a fight far
    longer than Python's recursion limit still ends cleanly, at ``max_rounds``."""
    game = rulebook.load(
        "ribbon-of-bone",
        starting_health=10**6,
        max_health=10**6,
        opponent_health=10**6,
        max_rounds=5000,
        memory_tokens=1,  # the bag soon empties: no Reaction, so no decision between turns
    )
    state = game.new_state(seed=4)
    rng = Rng(4)
    while state.decisions:
        legal = state.legal_ids()
        state.apply(legal[rng.below(len(legal))], narrate=False)
    assert state.view(0)["ending"] == "other"
    assert state.outcome() is not None and state.outcome().reason == "other"


def test_rb59_a_second_roll_for_the_second_marquis() -> None:
    # prediction rolls 1 and 2: Gamigin's first ability, Amon's second (Time, Gravity, ...)
    foes = _rogue([1, 2]).view(0)["combat"]["foes"]
    assert [(f["name"], f["predicted"]) for f in foes] == [
        ("Gamigin", "balance"),
        ("Amon", "gravity"),
    ]


def test_r34_a_rogues_two_marquis_combine_what_they_receive() -> None:
    """RB-59 "These two Marquis will be combining abilities": Amon's Time (+1 on each
    instance received) reaches your blows on Gamigin too (R34); ``rogue_combine=own``: only
    those on Amon. Predictions 4 (Gamigin: basic attack) and 1 (Amon: Time); rolls 4, 4."""
    taken = {}
    for reading in ("side", "own"):
        state = _rogue([4, 1, 4, 4], rogue_combine=reading)
        act(state, "Make Kimaris the binder")
        act(state, "Done binding")
        act(state, "Give the roll to Naberius")
        events = act(state, "Attack Gamigin")
        foes = state.view(0)["combat"]["foes"]
        taken[reading] = 9 - foes[0]["health"]
        if reading == "side":
            blow = "Naberius's basic attack 1 + 1 Construction + 1 (Amon's Time) = 3 to Gamigin."
            assert blow in events
    assert taken == {"side": 3 + 3, "own": 2 + 2}


def _beat_the_rogue(**config: object) -> RibbonState:
    """Gamigin and Amon at 1 health, both predicted to make basic attacks: two rounds of
    basic attacks (4, 4) fell one each."""
    state = _rogue([4, 4, 4, 4, 4, 4, 4], opponent_health=1, **config)
    act(state, "Make Kimaris the binder")
    if decision(state) == "bind":
        act(state, "Done binding")
    act(state, "Give the roll to Naberius")
    act(state, "Attack Gamigin")
    if decision(state) == "reaction":
        act(state, "Spend no memory")
    act(state, "Make Naberius the binder")
    if decision(state) == "bind":
        act(state, "Done binding")
    act(state, "Give the roll to Kimaris")
    return state


def test_r35_a_won_rogue_fight_attunes_once_toward_the_identitys_lord() -> None:
    """RB-43 "attune yourself to your opponent's Lord by 1": the opponent is the identity,
    The Advocate of Lord Hollow: one point (R35). ``rogue_attunes=each``: one toward each
    Marquis's Lord (Gamigin's Hollow, Amon's Cinder)."""
    state = _beat_the_rogue()
    assert state.view(0)["tracker"] == "halfway to Lord Hollow"
    state = _beat_the_rogue(rogue_attunes="each")
    assert state.view(0)["tracker"] == "between Lord Cinder and Lord Hollow"


def test_r6_r35_an_aligned_identity_heals_2_and_attunes_once() -> None:
    """Aligning the identity is the rogue fight's full bind: as for a capture (R6), heal 2 and
    attune 1 toward the identity's Lord (R35)."""
    state = _rogue([1, 4, 1, 1], identity_align_binds=3)  # Amon's Time (1) hurts first
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    act(state, "Give the roll to Naberius")
    act(state, "Attack Gamigin")
    health = state.view(0)["health"]
    if decision(state) == "reaction":
        act(state, "Spend no memory")
    act(state, "Make Naberius the binder")  # Lord Hollow, like Gamigin: Lord, Reliance, Support
    act(state, "Bind Gamigin's Lord icon")
    act(state, "Bind Gamigin's Reliance icon")
    events = act(state, "Bind Gamigin's Support icon")
    assert "3 binds: The Advocate aligns with you." in events
    view = state.view(0)
    assert view["health"] == health + 2 and view["tracker"] == "halfway to Lord Hollow"


def test_rb58_a_rogue_last_in_its_deck_brings_two_from_the_other_decks() -> None:
    """The Advocate is the last card of Lord Hollow's deck (its other Marquis imprisoned): two
    Marquis come from the other decks, at random."""
    drawn = set()
    for seed in range(4):
        game = rulebook.load(
            "ribbon-of-bone",
            unleashed=True,
            court_start="lord",
            imprisoned=("decarabia", "gamigin", "leraje"),
        )
        decks = {
            "cinder": ["kimaris"],
            "hollow": ["naberius", "the-advocate"],
            "vellum": ["sabnock"],
        }
        state = game.new_state(seed=seed, stack={"court": COURT, **decks}, dice=[1, 4, 4, 4])
        act(state, "Play as The Pilgrim")
        act(state, "Move on to the next court card (stillness: no token)")
        act(state, "Face the Marquis")
        combat = state.view(0)["combat"]
        assert combat["rogue"] == "The Advocate" and len(combat["foes"]) == 2
        assert all(f["lord"] != "Lord Hollow" for f in combat["foes"])
        drawn.add(tuple(sorted(f["name"] for f in combat["foes"])))
    assert len(drawn) > 1


def test_rb56_none_of_the_most_attuned_lords_in_the_envelope_choose_any(tmp_path: Path) -> None:
    """Aligning The Advocate attunes toward Lord Hollow (R35) and sways the court (goal 5);
    the envelope holds only Lord Cinder's Orias: you may free Cinder's Marquis."""
    cards = tmp_path / "cards.toml"
    cards.write_text(CARDS.read_text().replace("constituency_goal = 6", "constituency_goal = 5"))
    state = _rogue([4, 4], identity_align_binds=2, cards=str(cards), imprisoned=("orias",))
    act(state, "Make Naberius the binder")
    act(state, "Bind Gamigin's Lord icon")
    act(state, "Bind Gamigin's Reliance icon")
    assert state.view(0)["tracker"] == "halfway to Lord Hollow"
    assert texts(state) == [
        "Open the envelope: free Lord Cinder's Marquis",
        "Leave the envelope closed",
    ]


def test_r8_discard_a_loss_to_the_courts_last_marquis_does_not_clear_it() -> None:
    """R8 "discard": Orias, the court's last Marquis, beats you and is discarded. You cleared
    nothing ("clear it to complete stillness"), and no Marquis is left to face: the game ends,
    not in a victory."""
    state = start(
        [4, 1, 3, 3], starting_health=3, imprisoned=all_but("orias"), lost_opponent="discard"
    )
    events = _lose_to_orias(state)
    assert "Survival: the court is cleared to complete stillness." not in events
    assert state.is_over() and state.returns() == [0.0]
    assert state.view(0)["summary"]["detail"] == (
        "no Marquis is left to face, and the court was not cleared"
    )
