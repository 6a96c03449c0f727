"""SWING!'s rules, one scripted scenario each (rule ids SW-n: docs/rules/swing.md)."""

from __future__ import annotations

import pathlib

import pytest

import rulebook
from rulebook.engine.errors import IllegalAction
from rulebook.games.swing.cards import DEFAULT_CARDS
from tests.games.swing.helpers import (
    P1_HAND,
    P2_HAND,
    act,
    decision,
    done_until,
    host,
    locations,
    room,
    start,
    texts,
)


def fox_seduces_p2(state: rulebook.engine.state.State) -> None:
    """Turn 1 of the stacked game: P1 places the bed, introduces Silver Fox, seduces P2."""
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Silver Fox")
    act(state, "Done")
    act(state, "Seduce Player 2 with Silver Fox")


def fox_waits(state: rulebook.engine.state.State) -> None:
    """Turn 1 of the stacked game: P1 places the bed and introduces Silver Fox, but keeps it
    back (untagged) to block in P2's turn; the bed stays tagged through Round 1 (A4)."""
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Silver Fox")
    act(state, "Done")
    act(state, "Done")  # nothing seduces; no Inspiration left for Aftercare


def bed_kept(state: rulebook.engine.state.State) -> None:
    """Turn 1 of the stacked game: P1 places the bed and spends nothing, so the bed is
    untagged and its 3 Inspiration are P1's in P2's turn (A4: nothing untags in Round 1)."""
    act(state, "Place Four-Poster Bed")
    act(state, "Done")  # nothing in the Room to seduce with
    assert decision(state) == ("aftercare", 0)
    act(state, "Done")  # the bed's Inspiration is left unspent


def test_setup_each_host_has_own_deck_and_seven_cards() -> None:
    """SW-1/SW-4: each Host plays their own deck; seven cards each, the Top draws to eight."""
    state = rulebook.load("swing").new_state(seed=1, players=4)
    view = state.view(None)
    top = state.to_move
    for seat, entry in enumerate(view["hosts"]):
        assert entry["hand_size"] == (8 if seat == top else 7)
        assert entry["pleasure_meter"] == 24 and "hand" not in entry
        assert entry["deck"] + entry["hand_size"] == 30


def test_first_top_is_highest_revealed_guest() -> None:
    """SW-2 / A1: reveal until a Guest; the highest Prowess is the first Top."""
    game = rulebook.load("swing")
    for seed in range(30):
        state = game.new_state(seed=seed, players=3)
        reveal = state.view(None)["first_top_reveal"]
        prowess = [game.types[[c.id for c in game.types].index(r)].prowess for r in reveal]
        assert prowess[state.to_move] == max(prowess)
        assert state.view(None)["hosts"][state.to_move]["role"] == "Top"


def test_hands_private_room_and_laundries_public() -> None:
    """SW-3: a hand only its owner's; the Room, Locations and Laundries everyone's."""
    state = start()
    fox_seduces_p2(state)
    assert "hand" in host(state, 1, viewer=1) and "hand" not in host(state, 1, viewer=0)
    assert "hand" not in host(state, 0, viewer=None)
    assert [c["card"] for c in room(state, 0)] == ["silver-fox"]
    assert [c["card"] for c in locations(state, 0)] == ["four-poster-bed"]


def test_top_draws_up_to_eight() -> None:
    """SW-6: the Top draws so that they hold eight cards (A2: fill, or one card)."""
    state = start()
    assert host(state, 0)["hand_size"] == 8
    fox_seduces_p2(state)
    assert decision(state) == ("foreplay-top", 1) and host(state, 1)["hand_size"] == 8
    one = start(top_draw="one", hand_size=5)
    assert host(one, 0)["hand_size"] == 6


def test_roles_follow_the_top() -> None:
    """SW-7/SW-32: the Bottoms are everyone but the Top; the Top rotates left."""
    state = start(players=3)
    assert [state.role(s) for s in range(3)] == [
        "Player 1 (Top)",
        "Player 2 (Bottom)",
        "Player 3 (Bottom)",
    ]
    act(state, "Done")  # no Room cards: nothing to seduce, no Inspiration to spend
    assert decision(state) == ("foreplay-top", 1)
    assert state.role(1) == "Player 2 (Top)" and state.role(0) == "Player 1 (Bottom)"


def test_one_free_location_per_foreplay() -> None:
    """SW-9: a Location costs nothing, and only one is placed per Foreplay."""
    state = start()
    act(state, "Place Hardwood Floor")
    assert not [t for t in texts(state) if t.startswith("Place")]
    assert host(state, 0)["inspiration"] == 1


def test_introducing_tags_locations_for_inspiration() -> None:
    """SW-10..SW-12: Locations are tagged for their Inspiration; cards cost exactly that."""
    state = start()
    act(state, "Place Four-Poster Bed")
    assert "Introduce The Muse" not in " ".join(texts(state))
    act(state, "Introduce Charming Stranger")
    assert locations(state, 0)[0]["tagged"] and host(state, 0)["inspiration"] == 2
    act(state, "Introduce Dance Instructor")
    assert host(state, 0)["inspiration"] == 0
    assert not [t for t in texts(state) if t.startswith("Introduce")]  # SW-12: all used
    with pytest.raises(IllegalAction):
        state.apply(rulebook.load("swing").table["introduce"].id(0))


def test_bottoms_answer_foreplay_with_surprise_only() -> None:
    """SW-14: in Foreplay a Bottom with Inspiration may answer with #Surprise cards only."""
    state = start()
    bed_kept(state)
    act(state, "Place Hot Tub")
    act(state, "Done")
    assert decision(state) == ("foreplay-bottom", 0)  # P1's bed is untagged: 3 Inspiration
    assert texts(state) == ["Done: end your part of this phase"]  # no #Surprise card in P1's hand
    two = start(hands=[P1_HAND, ["hot-tub", "shy-neighbour", "massage-oil", "charming-stranger"]])
    act(two, "Done")  # P1 places nothing: P2 cannot answer without Inspiration
    act(two, "Place Hot Tub")
    act(two, "Done")
    act(two, "Done")  # P2's Aftercare: the Hot Tub's Inspiration is left unspent
    assert decision(two) == ("foreplay-top", 0)  # turn 3: P1 had no Inspiration to answer
    act(two, "Place Velvet Sofa")
    act(two, "Done")
    assert decision(two) == ("foreplay-bottom", 1)
    options = [t for t in texts(two) if t.startswith("Introduce")]
    assert "Introduce Shy Neighbour (Guest 1: 1P/2E #Surprise)" in options
    assert "Introduce Massage Oil (Object 2: 2P/2E #Surprise)" in options
    assert all(t.endswith("#Surprise)") for t in options)  # not the Charming Stranger
    act(two, "Introduce Shy Neighbour")
    assert [c["card"] for c in room(two, 1)] == ["shy-neighbour"]


def test_top_tags_seducers_at_co_hosts() -> None:
    """SW-16/SW-17: each untagged Guest, Object or Move may seduce one Co-Host; once."""
    state = start(players=3)
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Charming Stranger")
    act(state, "Introduce Dance Instructor")
    act(state, "Done")
    assert decision(state) == ("seduce", 0)
    assert texts(state) == [
        "Done: end your part of this phase",
        "Seduce Player 2 with Charming Stranger",
        "Seduce Player 3 with Charming Stranger",
        "Seduce Player 2 with Dance Instructor",
        "Seduce Player 3 with Dance Instructor",
    ]
    act(state, "Seduce Player 3 with Dance Instructor")
    assert room(state, 0)[1]["seducing"] == "Player 3" and room(state, 0)[1]["tagged"]
    assert "Seduce Player 2 with Dance Instructor" not in texts(state)


def test_unblocked_seduction_lowers_the_pleasure_meter() -> None:
    """SW-25/SW-26: no Blocker: the Prowess comes off the Host's 24."""
    state = start()
    fox_seduces_p2(state)
    assert host(state, 1)["pleasure_meter"] == 21


def test_blocking_arithmetic_both_ways() -> None:
    """SW-22..SW-24: Prowess off Endurance both ways; at 0 a card goes to the Laundry."""
    state = start()
    fox_waits(state)
    act(state, "Place Hot Tub")
    act(state, "Introduce Night-Owl Bartender")  # 1P/3E
    act(state, "Done")  # P1 (bed tagged, no Inspiration) is not asked in Foreplay
    act(state, "Seduce Player 1 with Night-Owl Bartender")
    assert decision(state) == ("block", 0)  # nor to respond: straight to the block
    assert state.view(0)["decision"]["seducer"] == "night-owl-bartender"
    assert texts(state) == ["No blocker: the Host takes it", "Block with Silver Fox"]
    act(state, "Block with Silver Fox")  # 3P/2E: takes 1, deals 3
    assert host(state, 1)["laundry"] == ["night-owl-bartender"]
    # A10: the Fox's wear (1) ended with the turn; it stays tagged (P1 is the Top of Round 2)
    assert room(state, 0)[0]["stats"] == "3P/2E" and room(state, 0)[0]["tagged"]
    assert room(state, 1) == [] and host(state, 0)["pleasure_meter"] == 24


def test_both_cards_can_go_to_the_laundry() -> None:
    """SW-24: seducer and blocker both at 0 Endurance: both have an orgasm."""
    state = start()
    fox_waits(state)
    act(state, "Place Hot Tub")
    act(state, "Introduce Party Crasher")  # 2P/1E vs Silver Fox 3P/2E
    act(state, "Done")
    act(state, "Seduce Player 1 with Party Crasher")
    act(state, "Block with Silver Fox")
    assert host(state, 0)["laundry"] == ["silver-fox"]
    assert host(state, 1)["laundry"] == ["party-crasher"]
    tallies = state.tallies()  # simulation figures: orgasms by cause
    assert tallies["seducer cards to the Laundry"] == tallies["blocker cards to the Laundry"] == 1


def test_bottom_responds_with_objects_moves_and_surprise_guests() -> None:
    """SW-21 / A8: in their step a Bottom may introduce Objects and Moves (no #Surprise
    needed) and #Surprise Guests; the switch asks #Surprise of all."""
    for needs, expect in ((False, 2), (True, 0)):
        state = start(respond_needs_surprise=needs)
        bed_kept(state)  # P1 has the bed's 3 Inspiration in P2's turn
        act(state, "Place Hot Tub")
        act(state, "Introduce Party Crasher")
        act(state, "Done")
        act(state, "Done")  # P1's Foreplay answer
        act(state, "Seduce Player 1")
        assert decision(state) == ("respond", 0)
        options = [t for t in texts(state) if t.startswith("Introduce")]
        # P1 holds Slow Dance and Tango (Moves), and Guests without #Surprise
        assert len(options) == expect, options
        assert not [t for t in options if "Dance Instructor" in t]


def test_surprise_window_for_recipients() -> None:
    """SW-19 / A5: a recipient whose step is not next may answer with #Surprise at once."""
    hands = [
        P1_HAND,
        ["hot-tub", "shy-neighbour", "charming-stranger", "back-rub", "massage-oil"],
        ["velvet-sofa", "shy-neighbour", "charming-stranger", "silk-scarf"],
    ]
    state = start(players=3, hands=hands)
    act(state, "Done")  # turn 1: P1 passes
    act(state, "Place Hot Tub")  # turn 2: P2
    done_until(state, "foreplay-top", 2)
    act(state, "Place Velvet Sofa")  # turn 3: P3
    done_until(state, "foreplay-top", 0)
    act(state, "Place Four-Poster Bed")  # turn 4: P1 seduces P2 and P3
    act(state, "Introduce Charming Stranger")
    act(state, "Introduce Dance Instructor")
    done_until(state, "seduce", 0)
    act(state, "Seduce Player 2 with Charming Stranger")
    act(state, "Seduce Player 3 with Dance Instructor")
    assert decision(state) == ("surprise", 2)  # P3 (not next) may answer now
    act(state, "Introduce Shy Neighbour")
    act(state, "Done")
    assert decision(state) == ("respond", 1)  # then P2, on the Top's left, responds


def test_host_at_zero_has_an_orgasm_and_leaves() -> None:
    """SW-27 / A17: at 0 the Host has an orgasm and leaves the Room; with two Hosts the
    game is then over, won by the seducing Top (A15)."""
    state = start(pleasure_meter=3)
    fox_seduces_p2(state)
    assert state.is_over()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "orgasm"
    assert state.returns() == [1.0, 0.0]
    assert host(state, 1)["pleasure_meter"] == 0 and host(state, 1)["orgasms"] == 1
    assert state.tallies() == {
        "rounds": 1,
        "host orgasms": 1,
        "seducer cards to the Laundry": 0,
        "blocker cards to the Laundry": 0,
    }


def test_switch_winner_host() -> None:
    """A15: winner=host: the Host who had the orgasm wins."""
    state = start(pleasure_meter=3, winner="host")
    fox_seduces_p2(state)
    assert state.returns() == [0.0, 1.0]


def test_switch_removed_host_stays() -> None:
    """A17: removed_host=stays: the Host keeps playing with a full meter."""
    state = start(pleasure_meter=3, removed_host="stays", ending="round-end")
    fox_seduces_p2(state)
    assert not state.is_over() and host(state, 1)["pleasure_meter"] == 3
    done_until(state, "over", None)  # P2's turn ends the Round: the game ends, P1 scored
    assert state.is_over() and state.returns() == [1.0, 0.0]


def test_game_ends_when_the_round_of_the_orgasm_is_complete() -> None:
    """SW-34 / A16: Rounds repeat until an orgasm; the Round is played out first."""
    state = start(players=3, pleasure_meter=3)
    fox_seduces_p2(state)
    assert not state.is_over() and host(state, 1)["role"] == "left the Room"
    assert decision(state) == ("foreplay-top", 2)  # P2 left: P3 is the next Top
    done_until(state, "over", None)
    assert state.is_over() and state.returns() == [1.0, 0.0, 0.0]
    at_once = start(players=3, pleasure_meter=3, ending="at-once")
    fox_seduces_p2(at_once)
    assert at_once.is_over()


def test_aftercare_introduces_guests_and_objects_not_moves() -> None:
    """SW-29/SW-31: remaining Inspiration buys Guests or Objects for blocking, not Moves."""
    state = start()
    act(state, "Place Four-Poster Bed")
    act(state, "Done")
    assert decision(state) == ("aftercare", 0)  # nothing in the Room to seduce with
    options = texts(state)
    assert "Introduce Silver Fox (Guest 3: 3P/2E)" in options
    assert not [t for t in options if "Tango" in t or "Slow Dance" in t]
    act(state, "Introduce Silver Fox")
    assert decision(state) == ("foreplay-top", 1)  # SW-31: Inspiration exhausted: Switch


def test_aftercare_returns_cards_from_the_laundry() -> None:
    """SW-30 / A12 / A13: return cards from the Laundry to hand for their cost."""
    state = start()
    fox_waits(state)
    act(state, "Place Hot Tub")
    act(state, "Introduce Party Crasher")
    act(state, "Done")
    act(state, "Seduce Player 1")
    act(state, "Block with Silver Fox")  # both to the Laundry
    done_until(state, "foreplay-top", 1)  # turn 3 (Round 2): P1 passes, P2 untags
    act(state, "Place Garden Terrace")  # turn 4: P2, Hot Tub untagged again (2 + 1)
    act(state, "Done")
    act(state, "Done")  # P1 (bed untagged at this Top Phase) answers nothing
    assert decision(state) == ("aftercare", 1)
    assert "Return Party Crasher from the Laundry to your hand" in texts(state)
    act(state, "Return Party Crasher")
    assert host(state, 1)["laundry"] == [] and host(state, 1)["inspiration"] == 1
    assert "party-crasher" in host(state, 1, viewer=1)["hand"]
    act(state, "Done")


def test_switch_aftercare_one_kind_and_laundry_cost_one() -> None:
    """A12/A13: returning costs 1; after a return, nothing may be introduced."""
    state = start(laundry_cost="one", aftercare_mix=False)
    fox_waits(state)
    act(state, "Place Hot Tub")
    act(state, "Introduce Party Crasher")
    act(state, "Done")
    act(state, "Seduce Player 1")
    act(state, "Block with Silver Fox")
    done_until(state, "foreplay-top", 1)
    act(state, "Place Garden Terrace")
    act(state, "Done")
    act(state, "Done")
    act(state, "Return Party Crasher")
    assert host(state, 1)["inspiration"] == 2
    assert not [t for t in texts(state) if t.startswith("Introduce")]


def _tags(state: rulebook.engine.state.State) -> list[list[bool]]:
    """Per seat: the tags of its Locations, then of its Room cards."""
    return [[c["tagged"] for c in (*locations(state, s), *room(state, s))] for s in range(2)]


def _untag_rounds(**config: object) -> rulebook.engine.state.State:
    """Round 1: P1 seduces P2 with Silver Fox, P2 seduces P1 with Party Crasher (no blocker
    is free); everything the two Hosts have in the Room is tagged. Turn 3 (Round 2) starts."""
    state = start(**config)
    fox_seduces_p2(state)
    assert state.view(None)["round"] == 1 and _tags(state) == [[True, True], []]
    act(state, "Place Hot Tub")
    act(state, "Introduce Party Crasher")
    done_until(state, "seduce", 1)
    act(state, "Seduce Player 1 with Party Crasher")  # the Fox is tagged: it reaches P1
    assert host(state, 0)["pleasure_meter"] == 22
    assert decision(state) == ("foreplay-top", 0) and state.view(None)["round"] == 2
    return state


def test_bottoms_untag_from_the_second_round() -> None:
    """SW-8 / A3 / A4: "In all Rounds after the first, all Bottoms will un-tag": nothing is
    untagged in Round 1 (P1's bed and Fox stay tagged in P2's turn); from Round 2 the
    Bottoms untag their own cards at each Top Phase and the Top's stay tagged, so the first
    Top starts Round 2 with its Locations still spent."""
    state = start()
    fox_seduces_p2(state)
    assert decision(state) == ("foreplay-top", 1)
    assert _tags(state)[0] == [True, True] and host(state, 0)["inspiration"] == 0
    state = _untag_rounds()
    assert _tags(state) == [[True, True], [False, False]]  # turn 3: P2 (a Bottom) untags
    assert host(state, 0)["inspiration"] == 0 and host(state, 1)["inspiration"] == 2
    done_until(state, "foreplay-top", 1)
    assert _tags(state) == [[False, False], [False, False]]  # turn 4: P1 untags
    assert host(state, 0)["inspiration"] == 3


def test_switch_untag_top() -> None:
    """A3: untag=top: from Round 2 the Top untags its own cards at its Top Phase, the
    Bottoms' stay tagged."""
    state = _untag_rounds(untag="top")
    assert _tags(state) == [[False, False], [True, True]]
    assert host(state, 0)["inspiration"] == 3


def test_switch_untag_from_second_turn() -> None:
    """A4: untag_from=second-turn: untagging starts with the game's second turn, so P1's
    bed and Fox are fresh in P2's turn (Round 1) and the Fox can block."""
    state = start(untag_from="second-turn")
    fox_seduces_p2(state)
    assert _tags(state)[0] == [False, False] and host(state, 0)["inspiration"] == 3
    act(state, "Place Hot Tub")
    act(state, "Introduce Party Crasher")
    done_until(state, "seduce", 1)
    act(state, "Seduce Player 1 with Party Crasher")
    done_until(state, "block", 0)
    assert "Block with Silver Fox" in texts(state)


def test_switch_blockers_any() -> None:
    """A9: blockers=any: Objects and Moves block too."""
    state = start(blockers="any")
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Tango")
    act(state, "Done")
    act(state, "Done")  # Tango does not seduce (the bed stays tagged: no Inspiration)
    act(state, "Place Hot Tub")
    act(state, "Introduce Party Crasher")
    act(state, "Done")
    act(state, "Seduce Player 1")
    assert decision(state) == ("block", 0)
    assert "Block with Tango" in texts(state)


def test_full_three_player_round() -> None:
    """SW-5/SW-13/SW-15/SW-18/SW-28/SW-32/SW-33: control passes as written, a full Round.
    SW-8 / A4: every Location placed in Round 1 was spent, so no Bottom can answer until
    Round 2 untags them; the first Top starts Round 2 with its own cards still tagged."""
    state = start(players=3)
    seen = []

    def step(text: str) -> None:
        seen.append(decision(state))
        act(state, text)

    step("Place Four-Poster Bed")
    step("Introduce Silver Fox")
    step("Done")
    step("Seduce Player 2 with Silver Fox")  # no card left to tag: P2 (no Guest) takes it
    assert host(state, 1)["pleasure_meter"] == 21
    step("Place Hot Tub")  # turn 2: P2 is Top
    step("Introduce Party Crasher")
    step("Done")  # P1's bed is still tagged (Round 1): no Bottom has Inspiration
    step("Seduce Player 3 with Party Crasher")
    assert host(state, 2)["pleasure_meter"] == 22
    step("Place Velvet Sofa")  # turn 3: P3 is Top
    step("Introduce Dance Instructor")
    step("Done")  # nor here: P1's bed and P2's Hot Tub are tagged
    step("Seduce Player 1 with Dance Instructor")  # P1's Fox is tagged: no blocker
    assert host(state, 0)["pleasure_meter"] == 22
    view = state.view(None)  # SW-33: the Round is complete
    assert view["round"] == 2 and view["top"] == "Player 1" and decision(state)[1] == 0
    tagged = {c["card"]: c["tagged"] for c in (*view["locations"], *view["room"])}
    assert tagged == {
        "four-poster-bed": True,  # the Top's own cards stay tagged (A3)
        "silver-fox": True,
        "hot-tub": False,  # the Bottoms untag theirs at the Top Phase of Round 2
        "party-crasher": False,
        "velvet-sofa": False,
        "dance-instructor": False,
    }
    step("Place Hardwood Floor")  # turn 4
    step("Introduce Charming Stranger")
    step("Done")
    step("Done")  # P2 (Hot Tub untagged) answers nothing
    step("Done")  # nor does P3 (Velvet Sofa untagged)
    assert seen == [
        ("foreplay-top", 0),
        ("foreplay-top", 0),
        ("foreplay-top", 0),
        ("seduce", 0),
        ("foreplay-top", 1),
        ("foreplay-top", 1),
        ("foreplay-top", 1),
        ("seduce", 1),
        ("foreplay-top", 2),
        ("foreplay-top", 2),
        ("foreplay-top", 2),
        ("seduce", 2),
        ("foreplay-top", 0),
        ("foreplay-top", 0),
        ("foreplay-top", 0),
        ("foreplay-bottom", 1),
        ("foreplay-bottom", 2),
    ]
    assert decision(state) == ("seduce", 0)  # SW-15: control returns to the Top


def test_reference_content() -> None:
    """SW-20: Locations with and without Furniture, 1-3 Inspiration; Guests, Objects, Moves
    with #Surprise among them; two ready decks."""
    game = rulebook.load("swing")
    locs = [c for c in game.types if c.kind_name == "location"]
    assert {c.furniture for c in locs} == {True, False}
    assert {c.inspiration for c in locs} == {1, 2, 3}
    for kind in ("guest", "object", "move"):
        cards = [c for c in game.types if c.kind_name == kind]
        assert cards and any(c.surprise for c in cards) and not all(c.surprise for c in cards)
    assert len(game.content.decks) >= 2


def _both_bottoms_have_locations(**config: object) -> rulebook.engine.state.State:
    """Turns 1-3 of a 3-player game in which P2 and P3 place Locations; turn 4: P1 places the
    bed and introduces Charming Stranger and Dance Instructor (seduce is pending)."""
    hands = [
        P1_HAND,
        ["hot-tub", "shy-neighbour", "charming-stranger", "back-rub", "massage-oil"],
        ["velvet-sofa", "shy-neighbour", "charming-stranger", "silk-scarf"],
    ]
    state = start(players=3, hands=hands, **config)
    act(state, "Done")  # turn 1: P1 passes
    act(state, "Place Hot Tub")  # turn 2: P2
    done_until(state, "foreplay-top", 2)
    act(state, "Place Velvet Sofa")  # turn 3: P3
    done_until(state, "foreplay-top", 0)
    act(state, "Place Four-Poster Bed")  # turn 4: P1
    act(state, "Introduce Charming Stranger")
    act(state, "Introduce Dance Instructor")
    done_until(state, "seduce", 0)
    return state


def test_power_returns_to_the_top_between_bottoms() -> None:
    """SW-18/SW-21/SW-28: the Top names seducers, the Bottom on the left responds and blocks,
    Power returns to the Top (3.a again, now only at the Bottoms still to come), then the
    next Bottom. A Bottom who receives no advance is not asked (SW-19). Blocking arithmetic
    both ways with wear that lasts the turn (SW-23, A10), and an Object blocks (A9)."""
    state = _both_bottoms_have_locations()
    seen = []

    def step(text: str) -> None:
        seen.append((*decision(state), state.view(2)["power"]))
        act(state, text)

    step("Seduce Player 2 with Charming Stranger")
    step("Done")  # P3 has Inspiration but no advance: no #Surprise window for P3
    step("Introduce Massage Oil")  # P2 responds with an Object (2P/2E), Inspiration spent...
    assert texts(state) == ["No blocker: the Host takes it", "Block with Massage Oil"]
    step("Block with Massage Oil")  # ...and blocks with it: 1P/1E vs 2P/2E
    assert host(state, 1)["laundry"] == [] and host(state, 0)["laundry"] == ["charming-stranger"]
    assert [(c["card"], c["stats"], c["tagged"]) for c in room(state, 1)] == [
        ("massage-oil", "2P/1E", True)  # took 1 of its 2 Endurance, this turn
    ]
    assert texts(state) == [
        "Done: end your part of this phase",
        "Seduce Player 3 with Dance Instructor",
    ]
    step("Seduce Player 3 with Dance Instructor")
    step("Introduce Shy Neighbour")  # P3's #Surprise Guest (1P/2E)...
    step("Done")
    step("Block with Shy Neighbour")  # ...blocks the Instructor (2P/2E): 2 dealt, 1 taken
    assert host(state, 2)["laundry"] == ["shy-neighbour"]
    assert [c["card"] for c in room(state, 0)] == ["dance-instructor"]  # 1 taken of 2
    assert [s["pleasure_meter"] for s in state.view(None)["hosts"]] == [24, 24, 24]
    assert seen == [
        ("seduce", 0, "Player 1"),
        ("seduce", 0, "Player 1"),
        ("respond", 1, "Player 2"),
        ("block", 1, "Player 2"),
        ("seduce", 0, "Player 1"),
        ("respond", 2, "Player 3"),
        ("respond", 2, "Player 3"),
        ("block", 2, "Player 3"),
    ]
    assert decision(state) == ("foreplay-top", 1)  # P1 has no Inspiration left: Switch
    assert room(state, 1)[0]["stats"] == "2P/2E"  # A10: the Oil's wear ended with the turn


def test_surprise_guest_from_the_window_blocks() -> None:
    """SW-19/SW-22: a #Surprise Guest introduced in the window answers the advance as a
    blocker when that Bottom's step comes."""
    state = _both_bottoms_have_locations()
    act(state, "Seduce Player 2 with Charming Stranger")
    act(state, "Seduce Player 3 with Dance Instructor")
    assert decision(state) == ("surprise", 2)
    assert texts(state) == [
        "Done: end your part of this phase",
        "Introduce Shy Neighbour (Guest 1: 1P/2E #Surprise)",
    ]  # only #Surprise cards in the window (not the Silk Scarf, an Object)
    act(state, "Introduce Shy Neighbour")
    act(state, "Done")
    assert decision(state) == ("respond", 1)  # P2, on the Top's left, has no blocker:
    act(state, "Done")
    assert host(state, 1)["pleasure_meter"] == 23  # the Stranger reaches P2
    assert decision(state) == ("respond", 2)
    act(state, "Done")
    assert texts(state) == ["No blocker: the Host takes it", "Block with Shy Neighbour"]


def test_switch_blockers() -> None:
    """A9: Guests and Objects block (3.b and Aftercare's "Guests or Objects … as Blockers"),
    Moves do not; blockers=guests: Guests only; blockers=any: Moves too."""
    p1 = ["four-poster-bed", "slow-dance", "silk-scarf", "charming-stranger", "tango"]
    expected = {
        "guests-objects": ["Block with Charming Stranger", "Block with Silk Scarf"],
        "guests": ["Block with Charming Stranger"],
        "any": ["Block with Charming Stranger", "Block with Silk Scarf", "Block with Slow Dance"],
    }
    for rule, blocks in expected.items():
        state = start(hands=[p1, P1_HAND], blockers=rule, decks=("velvet-lounge",))
        act(state, "Place Four-Poster Bed")
        act(state, "Introduce Slow Dance")
        act(state, "Introduce Silk Scarf")
        act(state, "Introduce Charming Stranger")
        act(state, "Done")
        act(state, "Done")  # nothing seduces
        act(state, "Place Four-Poster Bed")  # P2 (playing velvet-lounge too)
        act(state, "Introduce Silver Fox")
        done_until(state, "seduce", 1)
        act(state, "Seduce Player 1 with Silver Fox")
        done_until(state, "block", 0)
        assert sorted(t for t in texts(state) if t.startswith("Block")) == blocks, rule


def test_switch_block_required() -> None:
    """A20: block=required: a Bottom with a free blocker must block."""
    state = start(block="required")
    fox_waits(state)
    act(state, "Place Hot Tub")
    act(state, "Introduce Night-Owl Bartender")
    act(state, "Done")
    act(state, "Seduce Player 1 with Night-Owl Bartender")
    assert texts(state) == ["Block with Silver Fox"]


def test_removed_host_cards_go_to_the_laundry() -> None:
    """SW-27 / A17: the Host who leaves the Room takes nothing with them: their Room cards
    and Locations go to their Laundry (public), and the Room no longer shows them."""
    state = start(pleasure_meter=3)
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Charming Stranger")
    act(state, "Done")
    act(state, "Seduce Player 2 with Charming Stranger")  # P2: 3 -> 2
    act(state, "Done")  # P1's Aftercare: 2 Inspiration left unspent
    act(state, "Place Hot Tub")  # turn 2: P2
    act(state, "Introduce Party Crasher")
    done_until(state, "seduce", 1)
    act(state, "Done")  # P2 keeps the Crasher back
    act(state, "Place Velvet Sofa")  # turn 3 (Round 2): P1's bed and Stranger still tagged
    act(state, "Introduce Dance Instructor")
    done_until(state, "seduce", 0)
    assert texts(state) == [
        "Done: end your part of this phase",
        "Seduce Player 2 with Dance Instructor",
    ]
    act(state, "Seduce Player 2 with Dance Instructor")
    done_until(state, "block", 1)
    act(state, "No blocker")  # 2 - 2: P2 has an orgasm
    assert state.is_over() and state.returns() == [1.0, 0.0]
    assert host(state, 1)["laundry"] == ["hot-tub", "party-crasher"]
    assert room(state, 1) == [] and locations(state, 1) == []
    assert state.tallies()["rounds"] == 2  # cards that leave with their Host had no orgasm:
    assert state.tallies()["seducer cards to the Laundry"] == 0  # not counted


def test_switch_win_by_any() -> None:
    """A15/A21: P1 brings two Hosts to orgasm, P4 one: the most win (P1), or, with
    win_by=any, everyone who brought one about shares the win."""
    for win_by, returns in (("most", [1.0, 0.0, 0.0, 0.0]), ("any", [0.5, 0.0, 0.0, 0.5])):
        state = start(4, [P1_HAND] * 4, pleasure_meter=1, win_by=win_by, decks=("velvet-lounge",))
        act(state, "Place Four-Poster Bed")
        act(state, "Introduce Charming Stranger")
        act(state, "Introduce Dance Instructor")
        act(state, "Done")
        act(state, "Seduce Player 2 with Charming Stranger")
        act(state, "Seduce Player 3 with Dance Instructor")
        assert [h["role"] for h in state.view(None)["hosts"]][1:3] == ["left the Room"] * 2
        assert decision(state) == ("foreplay-top", 3)  # P2 and P3 left: P4 is Top
        act(state, "Place Four-Poster Bed")
        act(state, "Introduce Silver Fox")
        done_until(state, "seduce", 3)
        act(state, "Seduce Player 1 with Silver Fox")  # P1's Guests are tagged (Round 1):
        # no blocker; P1 leaves, one Host is left in the Room and the game is over
        assert state.is_over() and state.returns() == returns, win_by


@pytest.mark.parametrize("laundry_cost", ["card-cost", "one"])
def test_the_rules_number_tables_read_as_the_cards(laundry_cost: str) -> None:
    """The per-instance and per-type numbers the hot path reads (a list index instead of a
    card's attribute) are the cards' own, and A12's Laundry cost follows the switch."""
    game = rulebook.load("swing", laundry_cost=laundry_cost)
    for i, card in enumerate(game.card_of):
        assert game.inspiration_of[i] == card.inspiration
        assert game.prowess_of[i] == card.prowess
        assert game.endurance_of[i] == card.endurance
        assert game.strength_of[i] == card.prowess + card.endurance
    for t, card in enumerate(game.types):
        assert (game.cost_of[t], game.type_kind[t], game.surprise_of[t]) == (
            card.cost,
            card.kind,
            card.surprise,
        )
        assert game.laundry_cost_of[t] == (1 if laundry_cost == "one" else card.cost)


def _two_seducers_at_p1(**config: object) -> rulebook.engine.state.State:
    """Turn 1: P1 introduces Charming Stranger (1P/1E) and Dance Instructor (2P/2E) and keeps
    them back; turn 2: P2 introduces Shy Neighbour (1P/2E) and Charming Stranger (1P/1E) and
    keeps them back; turn 3 (Round 2): nothing; turn 4: P2 seduces P1 with both, and P1
    (who answers nothing) is asked to block the first, the Shy Neighbour."""
    state = start(**config)
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Charming Stranger")
    act(state, "Introduce Dance Instructor")
    done_until(state, "foreplay-top", 1)
    act(state, "Place Hot Tub")
    act(state, "Introduce Shy Neighbour")
    act(state, "Introduce Charming Stranger")
    done_until(state, "foreplay-top", 1)  # turn 3: P1 places and seduces nothing
    done_until(state, "seduce", 1)  # turn 4
    act(state, "Seduce Player 1 with Shy Neighbour")
    act(state, "Seduce Player 1 with Charming Stranger")
    done_until(state, "block", 0)
    assert state.view(None)["decision"]["seducer"] == "shy-neighbour"
    return state


def test_sw26_each_seduction_attempt_in_turn() -> None:
    """SW-26 "Repeat for each seduction attempt": two seducers at one Host; the first is
    blocked (both cards take Prowess; the Shy Neighbour goes to the Laundry), the second is
    let through and reaches the Pleasure Meter."""
    state = _two_seducers_at_p1()
    act(state, "Block with Dance Instructor")  # 2P/2E against the Neighbour's 1P/2E
    assert host(state, 1)["laundry"] == ["shy-neighbour"] and host(state, 0)["laundry"] == []
    assert decision(state) == ("block", 0)  # the second attempt: the Charming Stranger
    assert state.view(None)["decision"]["seducer"] == "charming-stranger"
    assert [(c["card"], c["stats"]) for c in room(state, 0)] == [
        ("charming-stranger", "1P/1E"),
        ("dance-instructor", "2P/1E"),  # took the Neighbour's 1 (this turn)
    ]
    act(state, "No blocker")
    assert host(state, 0)["pleasure_meter"] == 23 and host(state, 1)["pleasure_meter"] == 24
    # with no blocker at all, both attempts reach the Host without asking
    bare = start()
    act(bare, "Done")  # turn 1: P1 places nothing
    act(bare, "Place Hot Tub")
    act(bare, "Introduce Shy Neighbour")
    act(bare, "Introduce Charming Stranger")
    act(bare, "Done")
    act(bare, "Seduce Player 1 with Shy Neighbour")
    act(bare, "Seduce Player 1 with Charming Stranger")
    assert host(bare, 0)["pleasure_meter"] == 22


def test_sw22_blockers_must_be_untagged() -> None:
    """SW-22 / A11: a blocker is tagged when it blocks; a tagged card is no blocker, so the
    second seduction is offered only the Guest still untagged."""
    state = _two_seducers_at_p1()
    assert texts(state) == [
        "No blocker: the Host takes it",
        "Block with Charming Stranger",
        "Block with Dance Instructor",
    ]
    act(state, "Block with Dance Instructor")
    assert texts(state) == ["No blocker: the Host takes it", "Block with Charming Stranger"]
    act(state, "Block with Charming Stranger")  # 1P/1E each: both to the Laundry
    assert host(state, 0)["laundry"] == ["charming-stranger"]
    assert sorted(host(state, 1)["laundry"]) == ["charming-stranger", "shy-neighbour"]
    assert host(state, 0)["pleasure_meter"] == 24


VELVET = [
    "four-poster-bed",
    "charming-stranger",
    "dance-instructor",
    "silver-fox",
    "slow-dance",
    "tango",
    "velvet-sofa",
    "hardwood-floor",
]


def _p1_seduces_p2_and_p3(players: int, **config: object) -> rulebook.engine.state.State:
    """1-point meters: P1 brings P2 and P3 to orgasm in turn 1; then every Host answers
    "Done" (or lets a seduction through) until the game is over."""
    state = start(players, [VELVET] * players, pleasure_meter=1, decks=("velvet-lounge",), **config)
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Charming Stranger")
    act(state, "Introduce Dance Instructor")
    act(state, "Done")
    act(state, "Seduce Player 2 with Charming Stranger")
    act(state, "Seduce Player 3 with Dance Instructor")
    while not state.is_over():
        act(state, "Done" if "Done: end your part of this phase" in texts(state) else "No blocker")
    return state


@pytest.mark.parametrize("removed_host", ["leaves", "stays"])
def test_a19_perfect_performance_every_co_host_in_one_turn(removed_host: str) -> None:
    """A19: with three Hosts, P1 brings both Co-Hosts to orgasm in one turn: a Perfect
    Performance (whether they leave the Room, A17, or stay)."""
    state = _p1_seduces_p2_and_p3(3, removed_host=removed_host)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "perfect-performance"
    assert state.returns() == [1.0, 0.0, 0.0]
    assert state.view(None)["summary"]["perfect_performance"] is True


@pytest.mark.parametrize("removed_host", ["leaves", "stays"])
def test_a19_two_of_three_co_hosts_is_a_plain_orgasm(removed_host: str) -> None:
    """A19: with four Hosts, two of P1's three Co-Hosts in one turn is no Perfect
    Performance: the game ends by a plain orgasm."""
    state = _p1_seduces_p2_and_p3(4, removed_host=removed_host)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "orgasm"
    assert state.returns()[0] == 1.0
    assert state.view(None)["summary"]["perfect_performance"] is False


def test_sw28_a_host_out_of_the_room_has_no_step() -> None:
    """SW-28 ("repeat for each Bottom"): P3 left the Room in turn 1; in P2's turn the Top's
    step for the Bottom on its left (P3) is skipped, so the Top is not asked the same
    question twice in a row. ``out_step=asked`` (saves made before) asks it again."""
    for out_step in ("skipped", "asked"):
        state = start(
            4, [VELVET] * 4, pleasure_meter=1, decks=("velvet-lounge",), out_step=out_step
        )
        act(state, "Place Four-Poster Bed")
        act(state, "Introduce Charming Stranger")
        act(state, "Done")
        act(state, "Seduce Player 3 with Charming Stranger")  # P3 leaves the Room
        done_until(state, "foreplay-top", 1)
        assert host(state, 2)["role"] == "left the Room"
        act(state, "Place Four-Poster Bed")
        act(state, "Introduce Silver Fox")
        act(state, "Done")
        asked = texts(state)
        assert decision(state) == ("seduce", 1)
        assert asked[1:] == ["Seduce Player 1 with Silver Fox", "Seduce Player 4 with Silver Fox"]
        act(state, "Done")  # P4 (no advance) is passed; Power returns to the Top
        again = (decision(state), texts(state))
        if out_step == "skipped":
            assert again == (("seduce", 1), asked[:2])  # now only P1 is still to come
        else:
            assert again == (("seduce", 1), asked)  # the very same question


def test_a6_payment_leaves_the_most_inspiration() -> None:
    """A6: P1 owns the Four-Poster Bed (3) and two Hardwood Floors (1 each) and pays 2 as a
    Bottom: ``least-waste`` tags the two Floors (no Inspiration lost at the Switch), so P1
    starts its own turn with the Bed's 3; ``smallest-cover`` tags the Bed, 1 is lost, and
    P1 starts with 2."""
    p1 = ["four-poster-bed", "hardwood-floor", "hardwood-floor", "feather-boa", "slow-dance"]
    p1 += ["tango", "silk-scarf", "dance-instructor", "silver-fox", "velvet-sofa"]
    p2 = ["velvet-sofa", "charming-stranger", "slow-dance", "tango", "silk-scarf"]
    p2 += ["dance-instructor", "silver-fox", "hardwood-floor"]
    for pay, tags, left in (("least-waste", [False, True, True], 3), ("smallest-cover", None, 2)):
        state = start(2, [p1, p2], decks=("velvet-lounge",), pay=pay)
        for n, place in enumerate(("Four-Poster Bed", "Hardwood Floor", "Hardwood Floor")):
            act(state, f"Place {place}")  # turns 1, 3, 5: P1 places and spends nothing
            done_until(state, "foreplay-top", 1)
            if n < 2:  # turns 2 and 4: P2 does nothing
                done_until(state, "foreplay-top", 0)
        act(state, "Place Velvet Sofa")  # turn 6: P2 seduces P1
        act(state, "Introduce Charming Stranger")
        done_until(state, "seduce", 1)
        act(state, "Seduce Player 1 with Charming Stranger")
        assert decision(state) == ("respond", 0)
        act(state, "Introduce Feather Boa")  # cost 2
        paid = [loc["tagged"] for loc in locations(state, 0)]
        assert paid == (tags or [True, False, False]), pay
        act(state, "Done")
        act(state, "Block with Feather Boa")
        done_until(state, "foreplay-top", 0)
        assert host(state, 0)["inspiration"] == left, pay


def test_a6_switch_the_player_tags_the_locations() -> None:
    """A6: pay=choose: the Feather Boa (cost 2) is put in the Room, and P1 tags Locations one
    by one until it is paid for; a payment with no choice (only the Bed could pay, or every
    Location is needed) is made at once."""
    p1 = ["four-poster-bed", "hardwood-floor", "hardwood-floor", "feather-boa", "slow-dance"]
    p1 += ["tango", "silk-scarf", "dance-instructor", "silver-fox", "velvet-sofa"]
    p2 = ["velvet-sofa", "charming-stranger", "slow-dance", "tango", "silk-scarf"]
    p2 += ["dance-instructor", "silver-fox", "hardwood-floor"]
    state = start(2, [p1, p2], decks=("velvet-lounge",), pay="choose")
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Slow Dance")  # cost 1, one Location: no choice, the Bed is tagged
    assert decision(state) == ("foreplay-top", 0) and locations(state, 0)[0]["tagged"]
    done_until(state, "foreplay-top", 1)
    done_until(state, "foreplay-top", 0)  # turn 3: P1's Bed untagged again (Round 2)
    act(state, "Place Hardwood Floor")
    done_until(state, "foreplay-top", 1)
    done_until(state, "foreplay-top", 0)
    act(state, "Place Hardwood Floor")  # turn 5: the Bed and two Floors, all untagged
    done_until(state, "foreplay-top", 1)
    act(state, "Place Velvet Sofa")  # turn 6: P2 seduces P1
    act(state, "Introduce Charming Stranger")
    done_until(state, "seduce", 1)
    act(state, "Seduce Player 1 with Charming Stranger")
    act(state, "Introduce Feather Boa")
    assert decision(state) == ("pay", 0)
    assert state.view(1)["decision"]["card"] == "feather-boa"
    assert [c["card"] for c in room(state, 0)] == ["slow-dance", "feather-boa"]
    assert texts(state) == [
        "Tag Hardwood Floor (Location: 1 Inspiration) for its Inspiration",
        "Tag Four-Poster Bed (Location: 3 Inspiration, Furniture) for its Inspiration",
    ]
    act(state, "Tag Hardwood Floor")
    assert decision(state) == ("pay", 0)  # 1 still owed: a Floor or the Bed
    act(state, "Tag Hardwood Floor")
    assert decision(state) == ("respond", 0)  # paid: P1 responds on
    assert [c["tagged"] for c in locations(state, 0)] == [False, True, True]
    assert host(state, 0)["inspiration"] == 3


def test_a3_untag_all() -> None:
    """A3: untag=all: from Round 2 every card in the Room is untagged at the Top Phase, the
    Top's own too."""
    state = _untag_rounds(untag="all")
    assert _tags(state) == [[False, False], [False, False]]
    assert host(state, 0)["inspiration"] == 3 and host(state, 1)["inspiration"] == 2


def test_a8_foreplay_answers_without_surprise_switch() -> None:
    """A8 in 2.b: by default a Bottom's Foreplay answers need #Surprise (P1 holds none);
    foreplay_needs_surprise=false: its Objects and Moves answer without it, not its Guests."""
    for needs, expect in ((True, []), (False, ["Introduce Slow Dance", "Introduce Tango"])):
        state = start(foreplay_needs_surprise=needs)
        bed_kept(state)
        act(state, "Place Hot Tub")
        act(state, "Done")
        assert decision(state) == ("foreplay-bottom", 0)
        options = [t.split(" (")[0] for t in texts(state) if t.startswith("Introduce")]
        assert options == expect, needs


def test_a23_reintroduce_before_the_next_bottom() -> None:
    """A23: reintroduce=true (the publisher's newer rules): when Power returns to the Top
    after P2's step, it may introduce cards again (2 Inspiration left) and seduce P3 with
    them; by default it goes on to Aftercare."""
    for again in (False, True):
        state = start(players=3, reintroduce=again)
        act(state, "Place Four-Poster Bed")
        act(state, "Introduce Charming Stranger")  # 2 Inspiration left
        act(state, "Done")
        act(state, "Seduce Player 2 with Charming Stranger")  # no card left to tag
        assert host(state, 1)["pleasure_meter"] == 23  # P2 had no blocker
        if not again:
            assert decision(state) == ("aftercare", 0)
            continue
        assert decision(state) == ("seduce", 0)
        assert texts(state) == [
            "Done: end your part of this phase",
            "Introduce Dance Instructor (Guest 2: 2P/2E)",
            "Introduce Slow Dance (Move 1: 1P/1E)",
        ]
        act(state, "Introduce Dance Instructor")
        assert texts(state) == [
            "Done: end your part of this phase",
            "Seduce Player 3 with Dance Instructor",
        ]
        act(state, "Seduce Player 3 with Dance Instructor")
        assert host(state, 2)["pleasure_meter"] == 22


def test_a24_seducing_a_blocker_needs_a_higher_prowess() -> None:
    """A24: seduce_guest=higher (the publisher's newer rules): the Dance Instructor's 2
    Prowess does not beat the Shy Neighbour's 2 Endurance, so the Neighbour stays (to-zero:
    it goes to the Laundry)."""
    for rule, laundry in (("to-zero", ["shy-neighbour"]), ("higher", [])):
        state = _both_bottoms_have_locations(seduce_guest=rule)
        act(state, "Seduce Player 2 with Charming Stranger")
        act(state, "Done")
        act(state, "Done")  # P2 answers nothing; the Stranger reaches P2 (no blocker)
        act(state, "Seduce Player 3 with Dance Instructor")
        act(state, "Introduce Shy Neighbour")
        act(state, "Done")
        act(state, "Block with Shy Neighbour")
        assert host(state, 2)["laundry"] == laundry, rule
        assert host(state, 2)["pleasure_meter"] == 24, rule


def test_a24_the_host_takes_the_prowess_beyond_the_endurance() -> None:
    """A24: seduce_guest=higher: the Silver Fox (3P) seduces P1's blocking Charming Stranger
    (1E): the Stranger goes to the Laundry and P1 takes 3 - 1 = 2 (to-zero: nothing)."""
    p1 = ["four-poster-bed", "slow-dance", "silk-scarf", "charming-stranger", "tango"]
    for rule, meter in (("to-zero", 24), ("higher", 22)):
        state = start(hands=[p1, P1_HAND], decks=("velvet-lounge",), seduce_guest=rule)
        act(state, "Place Four-Poster Bed")
        act(state, "Introduce Charming Stranger")
        done_until(state, "foreplay-top", 1)
        act(state, "Place Four-Poster Bed")
        act(state, "Introduce Silver Fox")
        done_until(state, "seduce", 1)
        act(state, "Seduce Player 1 with Silver Fox")
        done_until(state, "block", 0)
        act(state, "Block with Charming Stranger")
        assert host(state, 0)["laundry"] == ["charming-stranger"], rule
        assert host(state, 0)["pleasure_meter"] == meter, rule


def test_a26_a_free_card_answers_without_inspiration(tmp_path: pathlib.Path) -> None:
    """A26: a designer's Shy Neighbour (#Surprise) that costs 0: P2, with no Inspiration in
    Round 1, is asked to respond to the Silver Fox because its deck holds a free card (its
    hand is hidden, its deck list is not), introduces the Neighbour and blocks with it;
    free_answers=false: a Bottom without Inspiration is not asked, and the Fox gets through."""
    text = DEFAULT_CARDS.read_text()
    block = 'id = "shy-neighbour"\nname = "Shy Neighbour"\nkind = "guest"\ncost = 1\n'
    assert block in text
    mine = tmp_path / "mine.toml"
    mine.write_text(text.replace(block, block.replace("cost = 1", "cost = 0")))
    for free, meter in ((True, 24), (False, 21)):
        state = start(cards=str(mine), free_answers=free)
        fox_seduces_p2(state)
        if not free:
            assert host(state, 1)["pleasure_meter"] == meter
            continue
        assert decision(state) == ("respond", 1) and host(state, 1)["inspiration"] == 0
        assert texts(state) == [
            "Done: end your part of this phase",
            "Introduce Shy Neighbour (Guest 0: 1P/2E #Surprise)",
        ]
        act(state, "Introduce Shy Neighbour")
        act(state, "Done")
        act(state, "Block with Shy Neighbour")  # 1P/2E against the Fox's 3P: to the Laundry
        assert host(state, 1)["laundry"] == ["shy-neighbour"]
        assert host(state, 1)["pleasure_meter"] == meter


def test_a11_several_blockers_on_one_seducer() -> None:
    """A11: blockers_per_seducer=several: the Shy Neighbour (1P/2E) survives P1's Charming
    Stranger, and P1 may block it again with the Dance Instructor, which sends it to the
    Laundry; P2's second seducer then finds no free blocker and reaches P1. By default one
    blocker meets a seducer and the next attempt comes at once."""
    state = _two_seducers_at_p1(blockers_per_seducer="several")
    act(state, "Block with Charming Stranger")  # 1P/1E: it goes, the Neighbour stands
    assert host(state, 0)["laundry"] == ["charming-stranger"]
    assert state.view(None)["decision"]["seducer"] == "shy-neighbour"
    assert texts(state) == ["Done: end your part of this phase", "Block with Dance Instructor"]
    act(state, "Block with Dance Instructor")
    assert host(state, 1)["laundry"] == ["shy-neighbour"]
    assert host(state, 0)["pleasure_meter"] == 23  # the Stranger: no blocker left
    one = _two_seducers_at_p1()
    act(one, "Block with Charming Stranger")
    assert one.view(None)["decision"]["seducer"] == "charming-stranger"
    assert texts(one) == ["No blocker: the Host takes it", "Block with Dance Instructor"]


def test_a10_wear_that_lasts_while_the_card_is_in_the_room() -> None:
    """A10: the Silver Fox (3P/2E) blocks the Night-Owl Bartender (1P) in turn 2 and the
    Charming Stranger (1P) in turn 4. By default its wear ends with each turn and it stays;
    wear_lasts=room: the first 1 is still there in turn 4, and the second sends it to the
    Laundry."""
    for lasts, stats, laundry in (("turn", "3P/2E", []), ("room", "3P/1E", ["silver-fox"])):
        state = start(wear_lasts=lasts)
        fox_waits(state)
        act(state, "Place Hot Tub")
        act(state, "Introduce Night-Owl Bartender")
        act(state, "Done")
        act(state, "Seduce Player 1 with Night-Owl Bartender")
        act(state, "Block with Silver Fox")
        assert decision(state) == ("foreplay-top", 0)  # turn 3 (Round 2)
        assert room(state, 0)[0]["stats"] == stats, lasts
        done_until(state, "foreplay-top", 1)  # turn 4: P2's Hot Tub untagged, P1's too
        act(state, "Place Garden Terrace")
        act(state, "Introduce Charming Stranger")
        done_until(state, "seduce", 1)
        act(state, "Seduce Player 1 with Charming Stranger")
        done_until(state, "block", 0)
        act(state, "Block with Silver Fox")
        assert host(state, 0)["laundry"] == laundry, lasts


def test_a10_the_copy_with_the_most_endurance_left_acts() -> None:
    """A10: wear_lasts=room: copies of a card may differ, and the actions name the card, so
    the copy with the most Endurance left acts: P1's two Shy Neighbours (1P/2E), one worn
    to 1P/1E in turn 2; in turn 4 "Block with Shy Neighbour" takes the fresh one, which the
    Party Crasher's 2 Prowess sends to the Laundry."""
    p1 = ["four-poster-bed", "shy-neighbour", "shy-neighbour", "slow-dance", "tango"]
    state = start(hands=[p1, P2_HAND], wear_lasts="room")
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Shy Neighbour")
    act(state, "Introduce Shy Neighbour")
    done_until(state, "foreplay-top", 1)
    act(state, "Place Hot Tub")
    act(state, "Introduce Charming Stranger")
    done_until(state, "seduce", 1)
    act(state, "Seduce Player 1 with Charming Stranger")
    done_until(state, "block", 0)
    act(state, "Block with Shy Neighbour")  # 1P against its 2E: it keeps 1
    done_until(state, "foreplay-top", 1)  # turn 4
    assert [c["stats"] for c in room(state, 0)] == ["1P/1E", "1P/2E"]
    act(state, "Place Garden Terrace")
    act(state, "Introduce Party Crasher")
    done_until(state, "seduce", 1)
    act(state, "Seduce Player 1 with Party Crasher")
    done_until(state, "block", 0)
    act(state, "Block with Shy Neighbour")
    assert host(state, 0)["laundry"] == ["shy-neighbour"]
    assert [(c["stats"], c["tagged"]) for c in room(state, 0)] == [("1P/1E", False)]
