"""Endings of the game: victory, Escape, Unleash and rogue identities, Death and Capture
(RB-56..RB-63)."""

from __future__ import annotations

import rulebook
from rulebook.games.ribbon_of_bone import tracker
from tests.games.ribbon_of_bone.helpers import act, names, start, texts

ROGUE_DECKS = {
    "cinder": ["kimaris"],
    "hollow": ["naberius", "the-advocate", "gamigin"],
    "vellum": ["sabnock"],
}


def _rogue(dice: list[int], **config: object):  # type: ignore[no-untyped-def]
    """Unleashed: The Advocate lies under Naberius in Lord Hollow's deck; walk onto The Drowned
    Chapel (Lord Hollow's) and face what is there."""
    state = start([1, 4, *dice], decks=ROGUE_DECKS, unleashed=True, **config)
    act(state, "Move on to the next court card (stillness: no token)")
    act(state, "Face the Marquis")
    return state


def test_rb57_unleashed_identities_join_their_lords_decks() -> None:
    state = start([1], unleashed=True)
    in_decks = [c for deck in state.decks for c in deck]
    assert sorted(
        names(state, [c for c in in_decks if state.game.content.fighters[c].identity])
    ) == ["The Advocate", "The Heretic"]
    assert state.set_aside == []


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
    act(state, "Give the first roll to Naberius")
    assert state.view(0)["decision"]["kind"] == "target" and len(texts(state)) == 2


def test_rb60_rb61_six_binds_align_the_identity_worth_two() -> None:
    state = _rogue([4, 4])
    state.foes[0] = (state.foes[0][0], 9, 0b0111)
    second = state.foes[1]
    state.foes[1] = (second[0], 9, 0b0011)
    fighters = state.game.content.fighters
    binder = next(c for c in state.party if fighters[c].lord == fighters[state.foes[0][0]].lord)
    act(state, f"Make {fighters[binder].name} the binder")
    events = act(state, "Bind Gamigin's Lord icon")
    assert "Six binds: The Advocate aligns with you." in events
    assert "The Advocate" in names(state, state.constituency)
    assert "Gamigin" not in names(state, state.constituency)  # no Marquis is captured
    assert state._constituency_value() == 5
    assert "The Advocate" not in names(state, state._usable())  # never fights


def test_rb63_victory_by_constituency_size() -> None:
    state = _rogue([4, 4])
    state.constituency.append(state.decks[0].pop())  # a fourth Marquis: 4 + 2 = 6
    state.foes[0] = (state.foes[0][0], 9, 0b0111)
    state.foes[1] = (state.foes[1][0], 9, 0b0011)
    act(state, "Make Naberius the binder")  # Lord Hollow, like Gamigin
    act(state, "Bind Gamigin's Lord icon")
    assert state.is_over() and state.ending == "escape" and state.returns() == [1.0]
    assert "constituency sways the court" in state.detail
    assert state.outcome()["unleash"] is True


def test_rb58_a_rogue_identity_that_is_the_last_card_ends_in_victory() -> None:
    starters = {"kimaris", "naberius", "sabnock"}
    others = tuple(
        f.id
        for f in rulebook.load("ribbon-of-bone").content.fighters
        if not f.identity and f.id not in starters
    )
    state = start([2, 1], imprisoned=others, unleashed=True, decks={})
    state.tokens[3] = 3
    events = act(state, "Move on to the next court card (leave a memory token)")
    assert "A rogue identity: The Advocate!" in events
    assert state.detail == "the rogue identity was the court's last card"
    assert state.view(0)["decision"]["kind"] == "escape"  # the envelope holds nine Marquis
    act(state, "Leave the envelope closed")
    assert state.is_over() and state.returns() == [1.0] and state.outcome()["release"] == []


def test_rb63_victory_by_clearing_the_court() -> None:
    state = start([4, 2, 2, 2])
    for deck in state.decks:
        keep = [c for c in deck if state.game.content.fighters[c].name == "Orias"]
        state.perished.extend(c for c in deck if c not in keep)
        deck[:] = keep
    state._legal = None
    act(state, "Face the Marquis")
    state.foes[0] = (state.foes[0][0], 1, 0)
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    act(state, "Give the first roll to Kimaris")
    assert state.is_over() and state.detail == "the court is cleared to complete stillness"


def test_rb56_escape_frees_the_most_attuned_lords_marquis() -> None:
    state = start([4, 2, 2, 2], imprisoned=("amon", "forneus"))
    for deck in state.decks:  # only Ronove (Lord Vellum) is left in the court
        keep = [c for c in deck if state.game.content.fighters[c].name == "Ronove"]
        state.perished.extend(c for c in deck if c not in keep)
        deck[:] = keep
    state._legal = None
    state.att = tracker.CORNER[2]  # completely attuned to Lord Vellum
    act(state, "Face the Marquis")
    state.foes[0] = (state.foes[0][0], 1, 0)
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    act(state, "Give the first roll to Kimaris")
    assert texts(state) == [
        "Open the envelope: free Lord Vellum's Marquis",
        "Leave the envelope closed",
    ]
    act(state, "Open the envelope: free Lord Vellum's Marquis")
    assert state.outcome()["release"] == ["forneus"] and state.returns() == [1.0]


def test_rb56_tied_attunement_lets_you_choose_any_lord_in_the_envelope() -> None:
    state = start([1], imprisoned=("amon", "forneus"))
    state.decisions = []
    state._victory("test", [])
    assert texts(state) == [
        "Open the envelope: free Lord Cinder's Marquis",
        "Open the envelope: free Lord Vellum's Marquis",
        "Leave the envelope closed",
    ]


def test_imprisoned_marquis_are_absent_from_the_game() -> None:
    state = start([1], imprisoned=("amon", "orias"), decks={"hollow": ["naberius"]})
    present = [state.game.content.fighters[c].id for d in state.decks for c in d]
    assert "amon" not in present and "orias" not in present
    assert len(present) + len(state.constituency) == 10


def test_rb62_death_captures_the_most_attuned_lords_constituents() -> None:
    state = start([4, 1, 3, 3])
    state.health, state.wrath = 3, 1
    state.att = tracker.CORNER[1]  # Lord Hollow: Naberius goes into the envelope
    act(state, "Face the Marquis")
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    act(state, "Give the first roll to Naberius")
    assert state.ending == "death" and state.outcome()["imprison"] == ["naberius"]
    assert state.outcome()["unleash"] is False


def test_rb62_tied_attunement_takes_the_lord_with_most_constituents() -> None:
    state = start(
        [4, 1, 3, 3],
        decks={
            "cinder": ["kimaris", "orias", "amon"],
            "hollow": ["naberius"],
            "vellum": ["sabnock"],
        },
    )
    state.constituency.append(
        state.decks[0].pop(state.decks[0].index(state.game.content.card("amon")))
    )
    state.health, state.wrath = 3, 1
    act(state, "Face the Marquis")
    for name in ("Kimaris", "Naberius", "Sabnock"):
        act(state, f"Take {name} into the fight")
    act(state, "Make Kimaris the binder")
    act(state, "Done binding")
    act(state, "Give the first roll to Naberius")
    assert sorted(state.outcome()["imprison"]) == ["amon", "kimaris"]


def test_turn_limit_ends_as_other() -> None:
    state = start([1, 1, 1], max_turns=2)
    act(state, "Stay where you are")
    act(state, "Stay where you are")
    assert state.is_over() and state.ending == "other" and state.returns() == [0.0]


def test_an_unknown_imprisoned_card_is_refused() -> None:
    try:
        rulebook.load("ribbon-of-bone", imprisoned=("azazel",))
    except rulebook.ContentError as exc:
        assert "no Marquis or identity 'azazel'" in str(exc)
    else:
        raise AssertionError("an unknown Marquis in the envelope must be refused")
