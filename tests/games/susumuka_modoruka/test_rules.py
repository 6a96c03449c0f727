"""Scripted scenarios for every rule item (SM-n) and the rulebook's own examples, through the
public protocol: stacked dungeon and item decks, scripted dice."""

from __future__ import annotations

import pytest

import rulebook
from rulebook import i18n
from rulebook.engine.errors import ScriptError
from rulebook.engine.random import Rng
from tests.games.susumuka_modoruka.helpers import ADVANCE, act, battle, me, start, texts

FILL = ["slime", "bat-swarm", "loose-stone", "kappa", "spike-pit", "fox-fire", "goblin"]
FILL += ["mud-doll", "flooded-hall", "kamaitachi", "skeleton", "poison-mist", "rolling-boulder"]
FILL += ["umibozu", "cursed-armour", "flame-jet", "jorogumo", "stone-golem", "whirlpool"]


def flee(state: rulebook.engine.state.State) -> None:  # type: ignore[name-defined]
    """The player to move advances and flees: outside, a move that changes nothing."""
    act(state, ADVANCE)
    battle(state, fight=False, declare=False)


def test_sm4_sm5_sm6_sm8_setup() -> None:
    """Everyone outside with 20 HP and no skill; the dungeon deck and four item decks; each
    player's lost-property card set aside."""
    state = rulebook.load("susumuka-modoruka").new_state(seed=1, players=4)
    view = state.view(None)
    assert [p["hp"] for p in view["players"]] == [20] * 4
    assert all(p["depth"] == 0 and p["skills"] == [] and p["items"] == [] for p in view["players"])
    assert view["deck"] == 26 and view["item_decks"] == {
        "bronze": 12,
        "silver": 12,
        "gold": 6,
        "platinum": 6,
    }
    assert view["lost_cards_in_deck"] == [] and view["lost_property"] == {}
    assert [p["colour"] for p in view["players"]] == ["red", "blue", "green", "yellow"]


def test_sm7_a2_first_player_random_or_chosen() -> None:
    game = rulebook.load("susumuka-modoruka")
    firsts = {game.new_state(seed=s, players=4).to_move for s in range(20)}
    assert len(firsts) > 1
    chosen = rulebook.load("susumuka-modoruka", first_player="choose").new_state(seed=1, players=3)
    assert chosen.to_move == 0 and texts(chosen)[2] == "Player 3 goes first"
    act(chosen, "Player 3 goes first")
    assert chosen.to_move == 2


def test_sm7_a_first_player_drawn_at_random_is_said_at_setup() -> None:
    """The terminal and the browser show setup's narration: a drawn first player is named."""
    opening: list[rulebook.Event] = []
    state = rulebook.load("susumuka-modoruka").new_state(seed=5, players=3, events=opening)
    said = f"Player {state.to_move + 1} loves thrills the most and goes first."
    assert [e.for_seat(None) for e in opening] == [said]


def test_sm10_sm34_investigate_draws_two_into_a_private_hand() -> None:
    state = start(dungeon=["ogre", "slime"])
    events = [e for e in state.apply(state.game.table["investigate"].id(0))]
    assert me(state)["hand"] == ["ogre", "slime"]
    other = state.view(1)["players"][0]
    assert "hand" not in other and other["count"] == 2
    assert [e.for_seat(1) for e in events] == ["Player 1 investigates and draws 2 cards."]
    assert [e.for_seat(0) for e in events] == ["You investigate and draw Ogre and Slime."]


def test_sm11_sm13_advance_battles_the_top_card_a_difficulty_5_win_reaches_depth_5() -> None:
    """Rulebook example: beating a Difficulty-5 card takes you to depth 5."""
    state = start(dungeon=["ogre"], dice=[6])
    act(state, ADVANCE)
    assert state.view(1)["battle"]["card"] == "ogre"
    battle(state, declare=False)
    assert me(state)["depth"] == 5 and state.view(0)["discard"] == ["ogre"]


def test_sm12_a22_the_top_card_is_turned_up_then_a_hand_card_may_be_battled_instead() -> None:
    """Rulebook: the top card is turned face up, and at this point (もしこのとき) a player
    holding dungeon cards may send it to the discard pile and battle a hand card instead: the
    choice is made with the top card in sight, not before."""
    state = start(dungeon=["slime", "ogre", "kappa", "goblin"], dice=[6])
    act(state, "Investigate")
    flee(state)  # Player 2 flees the Kappa
    assert texts(state) == ["Investigate: draw two dungeon cards", ADVANCE + " of the dungeon deck"]
    said = act(state, ADVANCE, seat=1)
    assert said == ["Player 1 turns up Goblin (difficulty 3, clear 2+1 (green): power 3)."]
    view = state.view(1)  # everyone sees the card turned up, and what is asked
    assert view["battle"]["card"] == "goblin" and view["decision"]["kind"] == "hand-battle"
    assert texts(state) == [
        "Discard the top card and battle Slime from hand",
        "Discard the top card and battle Ogre from hand",
        "Battle the card turned up",
    ]
    act(state, "Discard the top card and battle Ogre from hand")
    view = state.view(1)
    assert view["battle"]["card"] == "ogre" and view["discard"] == ["kappa", "goblin"]
    battle(state, declare=False)
    assert me(state)["depth"] == 5 and me(state)["hand"] == ["slime"]


def test_sm11_a22_the_card_turned_up_may_be_battled_and_the_hand_kept() -> None:
    state = start(dungeon=["slime", "ogre", "kappa", "goblin"], dice=[6])
    act(state, "Investigate")
    flee(state)
    act(state, ADVANCE)
    act(state, "Battle the card turned up")
    assert state.view(1)["battle"]["card"] == "goblin" and texts(state) == [
        "Fight: roll the die",
        "Flee",
    ]
    battle(state, declare=False)
    assert me(state)["depth"] == 3 and me(state)["hand"] == ["ogre", "slime"]


def test_sm11_a22_sm34_nothing_is_asked_of_an_empty_hand_whose_size_is_public() -> None:
    """The question exists exactly when the player holds cards, and every seat sees how many
    cards each hand holds: its presence tells nobody anything new."""
    game = rulebook.load("susumuka-modoruka")
    asked = {True: 0, False: 0}
    for seed in range(6):
        state = game.new_state(seed=seed, players=3)
        while not state.is_over() and sum(asked.values()) < 200:
            options = state.legal_actions()
            seat = state.to_move
            advance = [a for a in options if a.kind == "advance"]
            action = advance[0] if advance and seed % 2 else options[seed % len(options)]
            count = state.view(None)["players"][seat]["count"]
            state.apply(action)
            if action.kind == "advance" and state.view(None)["battle"]:
                kind = state.view(None)["decision"]["kind"]
                assert (kind == "hand-battle") is (count > 0)
                asked[count > 0] += 1
    assert asked[True] and asked[False]


def test_a22_blind_hand_battle_switch() -> None:
    """``hand_battle=blind`` (the order before A22): the hand card is chosen before the top
    card is turned up, as a move of its own."""
    state = start(dungeon=["slime", "ogre", "kappa", "goblin"], dice=[6], hand_battle="blind")
    act(state, "Investigate")
    flee(state)
    assert texts(state)[2:] == [
        "Advance: discard the top card and battle Slime from hand",
        "Advance: discard the top card and battle Ogre from hand",
    ]
    act(state, ADVANCE)
    assert state.view(1)["decision"]["kind"] == "battle"  # nothing asked: the Goblin it is
    state = start(dungeon=["slime", "ogre", "kappa", "goblin"], dice=[6], hand_battle="blind")
    act(state, "Investigate")
    flee(state)
    act(state, "Advance: discard the top card and battle Ogre from hand")
    view = state.view(1)
    assert view["battle"]["card"] == "ogre" and view["discard"] == ["kappa", "goblin"]
    battle(state, declare=False)
    assert me(state)["depth"] == 5 and me(state)["hand"] == ["slime"]


def words(state: rulebook.engine.state.State, language: str = "en") -> list[str]:  # type: ignore[name-defined]
    """The options as a person choosing reads them (``Game.action_text``)."""
    with i18n.reading(i18n.load(language)[0]):
        return [state.game.action_text(state, a) for a in state.legal_actions()]


def test_a22_advance_says_what_follows_with_cards_in_hand_or_no_top_card() -> None:
    """Advance reads as it goes: with dungeon cards in hand the top card is only turned up and
    a choice follows (every seat sees the hand's size, so nothing new is told); an empty hand
    battles it. With no dungeon card left anywhere, a hand card is battled, nothing
    discarded."""
    state = start(dungeon=["slime", "ogre", "kappa", "goblin"], dice=[6])
    assert words(state)[1] == "Advance: battle the top card of the dungeon deck"
    act(state, "Investigate")
    flee(state)
    assert state.view(1)["players"][0]["count"] == 2  # the hand's size: public
    turn_up = "Advance: turn up the top card, then battle it or a card from your hand"
    assert words(state)[1] == turn_up
    turned = "進む：一番上を表向きにし、そのカードか手札のカード一枚と戦闘する"
    assert words(state, "ja")[1] == turned
    blind = start(dungeon=["slime", "ogre", "kappa", "goblin"], dice=[6], hand_battle="blind")
    act(blind, "Investigate")
    flee(blind)  # blind: the hand card is its own option, Advance battles the top card
    assert words(blind)[1:] == [
        "Advance: battle the top card of the dungeon deck",
        "Advance: discard the top card and battle Slime from hand",
        "Advance: discard the top card and battle Ogre from hand",
    ]
    for hand_battle in ("blind", "after-reveal"):
        state = start(hand_battle=hand_battle, hand_battle_discards="if-any")
        while state.view(0)["deck"] or state.view(0)["discard"]:
            act(state, "Investigate")
        hand = [w for w in words(state) if w.startswith("Advance")]
        assert hand and all(w.endswith("from hand (no dungeon card left to discard)") for w in hand)
        assert all("（捨て札に送るカードなし）" in w for w in words(state, "ja")[-3:])


def test_a22_the_last_card_turned_up_is_still_the_top_card_a_hand_battle_discards() -> None:
    """When Advance turns up the dungeon's last card (deck and discard pile empty), a hand
    card's option still discards it: the words say so, not "no dungeon card left" (a review
    found 36 of 3,471 such choices over 150 random three-player games worded wrongly)."""
    game = rulebook.load("susumuka-modoruka")
    last = 0
    for seed in range(150):
        state = game.new_state(seed=seed, players=3)
        rng = Rng(seed)
        while state.decisions:
            actions = state.legal_actions()
            if any(str(a) == "Battle the card turned up" for a in actions):
                said = [game.action_text(state, a) for a in actions if a.kind == "advance-hand"]
                assert said and all(w.startswith("Discard the top card and battle") for w in said)
                view = state.view(None)
                last += not (view["deck"] or view["discard"])
            ids = state.legal_ids()
            state.apply(ids[rng.below(len(ids))], narrate=False)
    assert last > 0  # the case itself came up


def test_sm15_tsuchikappa_3_plus_4_from_depth_0_and_5_plus_4_from_depth_20() -> None:
    """Rulebook example: Tsuchikappa is 3+4 (brown) at depth 0 or deeper, 5+4 from depth 20."""
    shallow = start(dungeon=["tsuchikappa"])
    act(shallow, ADVANCE)
    assert shallow.view(0)["battle"]["condition"] == "3+4 (brown)"
    assert shallow.view(0)["battle"]["power"] == 7
    # four Difficulty-5 wins (6 beats each card's 5) take Player 1 to depth 20
    deep = ["ogre", *FILL[:2], "tengu", *FILL[2:4], "will-o-wisp", *FILL[4:6]]
    deep += ["collapsing-floor", *FILL[6:8], "tsuchikappa"]
    state = start(dungeon=deep, dice=[6, 6, 6, 6])
    for _ in range(4):
        act(state, ADVANCE)
        battle(state, declare=False)
        act(state, "Investigate")  # Player 2
    assert me(state)["depth"] == 20
    act(state, ADVANCE)
    assert state.view(1)["battle"]["condition"] == "5+4 (brown)"
    assert state.view(1)["battle"]["power"] == 9


def idle_rounds(state: rulebook.engine.state.State, rounds: int) -> None:  # type: ignore[name-defined]
    for _ in range(rounds * state.players):
        flee(state)


def test_sm19_nullify_brown_makes_tsuchikappa_3_plus_0() -> None:
    """Rulebook example: with a 'nullify brown' item (the Clay Charm, a Bronze item drawn on
    escaping with a flag at 5) Tsuchikappa at depth 0 is 3+0, and a 4 beats it."""
    dungeon = ["ogre", "slime", "tengu", "bat-swarm", "tsuchikappa"]
    state = start(dungeon=dungeon, dice=[6, 6, 4], items={"bronze": ["clay-charm"]})
    act(state, ADVANCE)
    battle(state, declare=True)
    flee(state)
    act(state, ADVANCE)
    battle(state)  # back to depth 0: the escape
    assert me(state)["items"] == ["clay-charm"]
    flee(state)
    act(state, ADVANCE)
    assert state.view(1)["battle"]["condition"] == "3+4 (brown)"
    assert state.view(1)["battle"]["power"] == 3
    battle(state, declare=False)
    assert me(state)["depth"] == 6


def test_sm19_a13_a_nullify_skill_works_like_the_item() -> None:
    """The reference skill sheet's Earth Sense nullifies brown as the item does."""
    state = start(dungeon=[*FILL[:8], "tsuchikappa"], dice=[4])
    idle_rounds(state, 4)
    act(state, "Gain skill: Earth Sense (cost 4)")
    act(state, ADVANCE)
    assert state.view(0)["battle"]["power"] == 3
    battle(state, declare=False)
    assert me(state)["depth"] == 6


def test_sm16_sm17_strictly_more_wins_a_loss_costs_the_cards_power_after_nullification() -> None:
    state = start(dungeon=["ogre", *FILL[:7], "tsuchikappa"], dice=[5, 3])
    act(state, ADVANCE)
    act(state, "Fight")  # 5 does not beat the Ogre's 5
    assert me(state)["hp"] == 15 and me(state)["depth"] == 0
    assert state.view(1)["last_battle"] == {
        "player": "Player 1",
        "card": "ogre",
        "card_power": 5,
        "result": "lost",
        "roll": 5,
        "power": 5,
    }
    flee(state)
    idle_rounds(state, 3)
    act(state, "Gain skill: Earth Sense")
    act(state, ADVANCE)
    act(state, "Fight")  # 3 against 3+0: lost, 3 HP (the nullified 4 costs nothing)
    assert me(state)["hp"] == 12


def test_sm14_fleeing_difficulty_3_at_depth_5_goes_back_to_depth_2() -> None:
    """Rulebook example: at depth 5, fleeing a Difficulty-3 card takes you back to depth 2."""
    state = start(dungeon=["ogre", *FILL[:2], "goblin"], dice=[6])
    act(state, ADVANCE)
    battle(state, declare=False)
    act(state, "Investigate")
    act(state, ADVANCE)
    battle(state, fight=False, declare=False)
    assert me(state)["depth"] == 2


def test_sm14_a5_fleeing_outside_stays_outside() -> None:
    state = start(dungeon=["orochi"])
    flee(state)
    assert me(state)["depth"] == 0 and state.to_move == 1


def test_sm20_sm21_inside_only_advance_then_a_return_declaration() -> None:
    state = start(dungeon=["ogre", "slime", "bat-swarm", "goblin"], dice=[6, 1])
    act(state, ADVANCE)
    act(state, "Fight")
    assert texts(state) == ["Declare your return (plant your flag here)", "Keep going deeper"]
    act(state, "Keep going deeper")
    act(state, "Investigate")
    # no Investigate (no skill is affordable yet: test_sm32_no_skill_inside_the_dungeon_…
    # checks skills inside)
    assert texts(state) == [ADVANCE + " of the dungeon deck"]
    act(state, ADVANCE)
    act(state, "Fight")  # a loss inside: still inside, and may still declare
    assert texts(state)[0].startswith("Declare")


def test_sm21_no_declaration_outside() -> None:
    state = start(dungeon=["ogre"], dice=[1])
    act(state, ADVANCE)
    act(state, "Fight")
    assert state.to_move == 1 and state.view(0)["decision"]["kind"] == "turn"


def escape_at_10(**config: object) -> rulebook.engine.state.State:  # type: ignore[name-defined]
    """Player 1: 5, 10, declares, back to 5 (Difficulty 5), then out (Difficulty 5)."""
    dungeon = ["ogre", *FILL[:2], "tengu", *FILL[2:4], "will-o-wisp", *FILL[4:6]]
    dungeon += ["collapsing-floor"]
    items = {"bronze": ["leather-gloves"], "silver": ["iron-sword"]}
    state = start(dungeon=dungeon, dice=[6, 6, 6, 6], items=items, **config)
    act(state, ADVANCE)
    battle(state, declare=False)
    act(state, "Investigate")
    act(state, ADVANCE)
    battle(state, declare=True)
    assert me(state)["flag"] == 10 and me(state)["returning"]
    act(state, "Investigate")
    act(state, ADVANCE)
    battle(state)
    assert me(state)["depth"] == 5 and me(state)["flag"] == 10
    act(state, "Investigate")
    act(state, ADVANCE)
    battle(state)
    return state


def test_sm22_sm23_sm25_sm26_sm27_return_clears_difficulty_5_at_10_to_5_then_escapes() -> None:
    """Rulebook example: at depth 10 after declaring, clearing Difficulty 5 goes to depth 5;
    the escape draws a Silver item (flag at 10) and the flag becomes the trophy."""
    state = escape_at_10()
    player = me(state)
    assert player["depth"] == 0 and player["flag"] is None and player["trophy"] == 10
    assert player["items"] == ["iron-sword"] and player["power"] == "1D6+2"


def test_sm26_a9_one_item_per_deck_reached_switch() -> None:
    assert me(escape_at_10(escape_items="each"))["items"] == ["leather-gloves", "iron-sword"]


def test_sm24_fleeing_while_returning_goes_deeper() -> None:
    state = start(dungeon=["ogre", *FILL[:2], "goblin"], dice=[6])
    act(state, ADVANCE)
    battle(state, declare=True)
    act(state, "Investigate")
    act(state, ADVANCE)
    act(state, "Flee")
    assert me(state)["depth"] == 8 and me(state)["flag"] == 5


def test_a7_flag_at_deepest_switch() -> None:
    for flag_at, expected in (("current", 7), ("deepest", 10)):
        dungeon = ["ogre", *FILL[:2], "tengu", *FILL[2:4], "goblin"]
        state = start(dungeon=dungeon, dice=[6, 6], flag_at=flag_at)
        act(state, ADVANCE)
        battle(state, declare=False)
        act(state, "Investigate")
        act(state, ADVANCE)
        battle(state, declare=False)
        act(state, "Investigate")
        act(state, ADVANCE)
        battle(state, fight=False, declare=True)
        assert me(state)["depth"] == 7 and me(state)["flag"] == expected


def test_a6_no_declaration_after_the_entering_advance_switch() -> None:
    state = start(dungeon=["ogre"], dice=[6], declare_on_entry=False)
    act(state, ADVANCE)
    act(state, "Fight")
    assert state.to_move == 1 and me(state)["depth"] == 5


def die_with_gloves(**config: object) -> rulebook.engine.state.State:  # type: ignore[name-defined]
    """Player 1 escapes from depth 5 with Leather Gloves, then loses 8 HP of 6 to Orochi."""
    dungeon = ["ogre", "slime", "tengu", "bat-swarm", "orochi"]
    items = {"bronze": ["leather-gloves"]}
    state = start(dungeon=dungeon, dice=[6, 6, 1], items=items, hp=6, **config)
    act(state, ADVANCE)
    battle(state, declare=True)
    flee(state)
    act(state, ADVANCE)
    battle(state)
    assert me(state)["trophy"] == 5 and me(state)["items"] == ["leather-gloves"]
    flee(state)
    act(state, ADVANCE)
    act(state, "Fight")
    return state


def test_sm28_sm29_sm30_a11_death_drops_items_and_shuffles_in_the_lost_property_card() -> None:
    state = die_with_gloves()
    view = state.view(1)
    player = view["players"][0]
    assert player["items"] == [] and player["deaths"] == 1
    assert view["lost_property"] == {"Player 1": ["leather-gloves"]}
    assert view["lost_cards_in_deck"] == ["Player 1"]
    # A11: back outside at full HP, the trophy kept
    assert player["hp"] == 6 and player["depth"] == 0 and player["trophy"] == 5


def test_sm31_whoever_draws_the_lost_property_card_takes_the_items() -> None:
    state = die_with_gloves()
    said: list[str] = []
    for _ in range(40):
        if not state.view(0)["lost_property"]:
            break
        said += act(state, "Investigate")
    view = state.view(0)
    finder = [p for p in view["players"] if p["items"] == ["leather-gloves"]]
    assert len(finder) == 1 and view["lost_cards_in_deck"] == []
    assert f"{finder[0]['name']} finds Player 1's lost property and takes: Leather Gloves." in said
    assert all("lost" not in card for p in [me(state)] for card in p["hand"])


def test_a11_death_loses_the_trophy_switch() -> None:
    assert me(die_with_gloves(death_keeps_trophy=False))["trophy"] is None


def test_sm32_eight_turns_passed_buy_one_skill_of_8_or_two_of_4() -> None:
    """Rulebook example: after 8 turns, one skill costing 8 or two costing 4."""
    state = start(dungeon=FILL[:16])
    idle_rounds(state, 8)
    skills = [t.split(" — ")[0] for t in texts(state) if t.startswith("Gain skill")]
    assert "Gain skill: Iron Skin (cost 8)" in skills
    assert "Gain skill: Spirit Ward (cost 9)" not in skills
    act(state, "Gain skill: Earth Sense (cost 4)")
    skills = [t.split(" — ")[0] for t in texts(state) if t.startswith("Gain skill")]
    assert "Gain skill: Flame Ward (cost 4)" in skills
    assert "Gain skill: Iron Skin (cost 8)" not in skills
    act(state, "Gain skill: Flame Ward (cost 4)")
    assert me(state)["skills"] == ["earth-sense", "flame-ward"]
    assert not [t for t in texts(state) if t.startswith("Gain skill")]


def skills_offered(state: rulebook.engine.state.State) -> list[str]:  # type: ignore[name-defined]
    return [t for t in texts(state) if t.startswith("Gain skill")]


def test_sm32_no_skill_inside_the_dungeon_even_when_affordable() -> None:
    """Skills are gained only outside: inside, with turns passed to afford one, none is
    offered (the same player is offered them outside the turn before)."""
    state = start(dungeon=[*FILL[:8], "ogre", "tengu"], dice=[6])
    idle_rounds(state, 4)  # 4 turns passed, nothing bought
    assert skills_offered(state)  # outside: offered
    act(state, ADVANCE)
    battle(state, declare=False)  # depth 5
    flee(state)  # Player 2
    assert me(state)["depth"] == 5 and state.view(0)["turns_passed"] == 5
    assert not skills_offered(state)  # inside: none, though 5 turns passed


def test_sm33_skills_stay_through_a_death() -> None:
    """A skill once gained cannot be removed: dying keeps it, and its bonus."""
    state = start(dungeon=[*FILL[:4], "orochi"], dice=[1], hp=6)
    idle_rounds(state, 2)
    act(state, "Gain skill: Steady Hands")
    act(state, ADVANCE)
    act(state, "Fight")  # Orochi's 8 against 6 HP: dies
    assert me(state)["deaths"] == 1 and me(state)["skills"] == ["steady-hands"]
    assert me(state)["power"] == "1D6+1"


def test_sm28_exactly_0_hp_is_death() -> None:
    """HP 0 or less (0以下) is death: losing 5 HP of 5 kills."""
    state = start(dungeon=["ogre"], dice=[1], hp=5)
    act(state, ADVANCE)
    act(state, "Fight")  # the Ogre's 5 of 5 HP
    assert me(state)["deaths"] == 1 and me(state)["hp"] == 5


def test_sm30_the_lost_property_card_is_shuffled_in_not_placed() -> None:
    """混ぜます: the lost-property card lands at different places in the deck across seeds
    (counted by the Investigates it takes to find it)."""
    spots = set()
    for seed in range(12):
        game = rulebook.load("susumuka-modoruka", first_player="choose", hp=5)
        state = game.new_state(seed=seed, players=2, stack={"dungeon": ["ogre"]}, dice=[1])
        act(state, "Player 1 goes first")
        act(state, ADVANCE)
        act(state, "Fight")
        n = 0
        while state.view(0)["lost_cards_in_deck"]:
            act(state, "Investigate", seat=None)
            n += 1
        spots.add(n)
    assert len(spots) > 2


def test_sm1_a1_the_game_ends_after_20_rounds_each_player_moving_20_times() -> None:
    state = start(players=3)
    moves = 0
    while not state.is_over():
        flee(state)
        moves += 1
    assert moves == 60 and state.outcome().reason == "no-trophy"
    assert state.returns() == pytest.approx([1 / 3] * 3)


def test_a1_turns_counted_per_move_switch() -> None:
    state = start(players=3, turn_counts="move")
    moves = 0
    while not state.is_over():
        flee(state)
        moves += 1
    assert moves == 20


def race(**config: object) -> rulebook.engine.state.State:  # type: ignore[name-defined]
    """Three rounds: both escape with a flag at 5; Player 2 lost 1 HP to a Slime."""
    dungeon = ["ogre", "slime", "tengu", "will-o-wisp", "kappa", "collapsing-floor"]
    state = start(dungeon=dungeon, dice=[6, 1, 6, 6, 6], turns=3, **config)
    act(state, ADVANCE)
    battle(state, declare=True)
    act(state, ADVANCE)
    act(state, "Fight")  # Player 2 loses to the Slime
    act(state, ADVANCE)
    battle(state)  # Player 1 escapes
    act(state, ADVANCE)
    battle(state, declare=True)
    flee(state)
    act(state, ADVANCE)
    battle(state)  # Player 2 escapes
    return state


def test_sm1_a14_a15_the_deepest_trophy_wins_ties_share() -> None:
    state = race()
    assert state.is_over() and [p["trophy"] for p in state.view(None)["players"]] == [5, 5]
    assert state.returns() == [0.5, 0.5] and state.outcome().reason == "deepest"
    assert state.outcome_words() == "the deepest trophy brought home, depth 5"
    assert race(ties="hp").returns() == [1.0, 0.0]


def test_sm1_a14_score_by_trophy_flag_or_deepest() -> None:
    """Player 1 reaches depth 5 and plants a flag there, Player 2 reaches 2 and does not: by
    trophies nobody won; counting planted flags or the deepest depth, Player 1 did."""
    for score_by, returns in (("trophy", [0.5, 0.5]), ("trophy-or-flag", [1.0, 0.0])):
        state = start(dungeon=["ogre", "spike-pit"], dice=[6, 6], turns=1, score_by=score_by)
        act(state, ADVANCE)
        battle(state, declare=True)
        act(state, ADVANCE)
        battle(state, declare=False)
        assert me(state, 1)["depth"] == 2 and state.returns() == returns
    assert state.outcome_words() == "the deepest trophy or planted flag, depth 5"
    state = start(dungeon=["ogre", "spike-pit"], dice=[6, 6], turns=1, score_by="deepest")
    act(state, ADVANCE)
    battle(state, declare=False)
    act(state, ADVANCE)
    battle(state, declare=False)
    assert state.returns() == [1.0, 0.0] and state.outcome().reason == "deepest"
    assert state.outcome_words() == "the deepest dive, depth 5"


def test_a3_the_discard_pile_becomes_the_new_deck() -> None:
    state = start()
    said: list[str] = []
    for _ in range(27):
        said += act(state, ADVANCE)
        said += act(state, "Flee")
    assert "The discard pile is shuffled into a new dungeon deck." in said


def test_one_use_items_heal() -> None:
    items = {"silver": ["healing-potion"]}
    dungeon = ["ogre", *FILL[:2], "tengu", *FILL[2:4], "will-o-wisp", *FILL[4:6]]
    dungeon += ["collapsing-floor", "goblin", "mud-doll", "orochi", "flooded-hall"]
    state = start(dungeon=dungeon, dice=[6] * 4 + [1], items=items)
    for declare in (False, True, False, False):  # 5, 10 (declare), 5, out with the potion
        act(state, ADVANCE)
        battle(state, declare=declare)
        act(state, "Investigate")
    assert me(state)["items"] == ["healing-potion"]
    assert not [t for t in texts(state) if t.startswith("Use Healing Potion")]
    act(state, ADVANCE)
    act(state, "Fight")  # Orochi's 3+5: a loss of 8
    assert me(state)["hp"] == 12
    flee(state)
    act(state, "Use Healing Potion")
    assert me(state)["hp"] == 20 and state.view(0)["used_items"] == ["healing-potion"]
    assert me(state)["items"] == []


def test_a4_battling_a_hand_card_needs_a_top_card_unless_switched() -> None:
    for setting, offered in (("always", False), ("if-any", True)):
        state = start(hand_battle_discards=setting)
        while state.view(0)["deck"] or state.view(0)["discard"]:
            act(state, "Investigate")
        assert any(t.endswith("from hand") for t in texts(state)) is offered
        assert ("Pass (nothing to draw or battle)" in texts(state)) is not offered


def test_bad_stacks_are_refused() -> None:
    game = rulebook.load("susumuka-modoruka")
    with pytest.raises(ScriptError, match="not a card of deck 'dungeon'"):
        game.new_state(players=2, stack={"dungeon": ["lost-property-red"]})
    with pytest.raises(ScriptError, match="not a card of deck 'bronze'"):
        game.new_state(players=2, stack={"bronze": ["holy-sword"]})
    with pytest.raises(rulebook.ConfigError, match="for 2-6 players"):
        game.new_state(players=7)


def test_the_clear_condition_table_reads_as_the_cards() -> None:
    """SM-15/SM-19: the battle's numbers per depth (built once per game for the hot path) give
    every card's clear condition at every depth, with and without its colour nullified."""
    game = rulebook.load("susumuka-modoruka")
    state = game.new_state(seed=1, players=2)
    colours = game.content.colours
    for card, dungeon_card in enumerate(game.content.dungeon):
        for depth in range(dungeon_card.tiers[-1].depth + 12):
            row = dungeon_card.tier(depth)
            state.depth[0] = depth
            for nullified in (0, (1 << len(colours)) - 1):
                blanked = row.coloured and nullified
                expected = row.power + (0 if blanked else row.coloured)
                assert state.card_power(0, card, nullified) == expected


def back_outside_after_8_turns(**config: object) -> rulebook.engine.state.State:  # type: ignore[name-defined]
    """Player 1 gains Earth Sense (4) after 4 turns, dives to depth 5 and flees the Tengu
    (Difficulty 5) back outside; then 8 turns have passed."""
    dungeon = [*FILL[:8], "ogre", FILL[8], "tengu", *FILL[9:]]
    state = start(dungeon=dungeon, dice=[6], **config)
    idle_rounds(state, 4)
    act(state, "Gain skill: Earth Sense (cost 4)")
    act(state, ADVANCE)
    battle(state, declare=False)
    flee(state)  # Player 2
    act(state, ADVANCE)
    battle(state, fight=False)
    assert me(state)["depth"] == 0
    while not (state.view(0)["turns_passed"] == 8 and state.to_move == 0):
        flee(state)
    return state


def test_sm32_a20_the_skill_budget_is_all_game_or_per_visit_switch() -> None:
    """A20: by default every skill on the sheet counts against the turns passed (8 passed,
    4 spent: nothing above 4); ``skill_budget=per-visit``: only those gained since last
    entering the dungeon (none: up to 8)."""
    offered = [t.split(" — ")[0] for t in skills_offered(back_outside_after_8_turns())]
    assert "Gain skill: Flame Ward (cost 4)" in offered
    assert "Gain skill: Water Ward (cost 5)" not in offered
    state = back_outside_after_8_turns(skill_budget="per-visit")
    offered = [t.split(" — ")[0] for t in skills_offered(state)]
    assert "Gain skill: Iron Skin (cost 8)" in offered
    act(state, "Gain skill: Flame Ward (cost 4)")  # this visit: 4 of 8 spent
    offered = [t.split(" — ")[0] for t in skills_offered(state)]
    assert "Gain skill: Toughness (cost 3)" in offered
    assert "Gain skill: Water Ward (cost 5)" not in offered


def test_sm22_a7_the_flag_shows_where_you_stand_this_dives_or_the_games_deepest() -> None:
    """A7: 自身の最高深度 read three ways. Player 1 dives to 10 and flees back out (6, then
    7), dives again to 5 and declares there: a flag of 5 (where they stand, and this dive's
    deepest) or of 10 (``flag_at=game-deepest``, the whole game's deepest)."""
    for flag_at, expected in (("current", 5), ("deepest", 5), ("game-deepest", 10)):
        dungeon = ["ogre", *FILL[:2], "tengu", *FILL[2:4], "umibozu", *FILL[4:6], "jorogumo"]
        dungeon += [*FILL[6:8], "will-o-wisp"]
        state = start(dungeon=dungeon, dice=[6, 6, 6], flag_at=flag_at)
        for fight, declare in ((True, False), (True, False), (False, False), (False, False)):
            act(state, ADVANCE)
            battle(state, fight=fight, declare=declare)
            act(state, "Investigate")  # Player 2
        assert me(state)["depth"] == 0
        act(state, ADVANCE)
        battle(state, declare=True)
        assert me(state)["depth"] == 5 and me(state)["flag"] == expected, flag_at


def test_sm30_a12_a_second_death_adds_no_card_and_says_so() -> None:
    """A player who dies again while their lost-property card is still in the dungeon deck
    adds nothing to the deck, and the narration does not say the card is shuffled in."""
    state = start(dungeon=["ogre", "slime", "orochi"], dice=[1, 1], hp=5)
    act(state, ADVANCE)
    said = act(state, "Fight", seat=None)  # the Ogre's 5 of 5 HP
    assert said[-1] == (
        "Player 1 dies: 0 items go to the lost-property area, and their lost-property card is "
        "shuffled into the dungeon deck. They start again outside at full HP."
    )
    deck = state.view(None)["deck"]
    flee(state)  # Player 2 flees the Slime
    assert state.view(None)["lost_cards_in_deck"] == ["Player 1"]
    act(state, ADVANCE)
    said = act(state, "Fight", seat=None)  # Orochi's 8 of 5 HP
    assert me(state)["deaths"] == 2 and state.view(None)["deck"] == deck - 2
    assert said[-1] == (
        "Player 1 dies: 0 items go to the lost-property area; their lost-property card is "
        "still in the dungeon deck. They start again outside at full HP."
    )
