"""One scripted scenario per rule item of docs/rules/the-game.md (TG-n)."""

from __future__ import annotations

from collections import Counter

import pytest

import rulebook
from rulebook.games.the_game import TheGameState
from tests.games.the_game.helpers import (
    P1_SET_HAND,
    P2_NO_SET,
    act,
    event_texts,
    hand,
    new_state,
    texts,
)

SET_P1 = "Play set: Over Knee + Medium + 5 Minutes"


def test_tg1_tg4_tg7_both_players_draw_from_one_shuffled_main_deck() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET + ["on-all-fours"])
    assert sorted(hand(state, 0)) == sorted(P1_SET_HAND)
    assert sorted(hand(state, 1)) == sorted(P2_NO_SET)
    assert state.view(0)["main_deck"] == 28 - 10
    # TG-4: different seeds give different decks
    decks = {tuple(new_state(seed=s).main) for s in range(5)}
    assert len(decks) == 5


def test_tg5_tg6_tg8_side_decks_are_shuffled_and_face_down() -> None:
    a, b = new_state(seed=1), new_state(seed=2)
    assert a.equipment_deck != b.equipment_deck and a.pleasure_deck != b.pleasure_deck
    view = a.view(0)
    assert view["equipment_deck"] == 20 and view["pleasure_deck"] == 25
    assert view["main_deck"] == 18  # counts only: no order, no identities


def test_tg9_queue_starts_empty_and_player_1_moves_first() -> None:
    state = new_state()
    assert state.view(None)["queue"] == [] and state.to_move == 0


def test_tg10_a_set_needs_one_position_one_intensity_one_time() -> None:
    no_time = ["over-knee", "medium", "against-wall", "hard", "steal-card"]
    state = new_state(no_time + P2_NO_SET)
    assert not any(t.startswith("Play set") for t in texts(state))
    state = new_state(P1_SET_HAND + P2_NO_SET)
    assert [t for t in texts(state) if t.startswith("Play set")] == [
        "Play set: Over Knee + Medium + 5 Minutes",
        "Play set: Over Knee + Hard + 5 Minutes",
    ]


def test_tg11_one_action_then_the_turn_passes() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET, equipment=["small-plug"])
    act(state, SET_P1)
    act(state, "Done spending")
    assert state.to_move == 1 and state.turn == 2
    assert not any(t.startswith("Play set") for t in texts(state))


def test_tg12_tg13_player_1_set_joins_the_queue_and_earns_a_point() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET)
    events = act(state, SET_P1)
    assert state.view(1)["queue"] == [
        {"set": ["over-knee", "medium", "5-minutes"], "equipment": []}
    ]
    assert state.points == [1, 0]
    assert "Player 1 plays Over Knee + Medium + 5 Minutes" in event_texts(events, 1)[0]


def test_tg14_one_point_buys_random_equipment_three_a_chosen_one() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET, equipment=["ice"])
    act(state, SET_P1)
    assert texts(state) == ["Done spending", "Spend 1 point: random equipment"]
    act(state, "Spend 1 point: random equipment")
    assert state.view(1)["queue"][0]["equipment"] == ["ice"]
    assert state.points[0] == 0 and state.to_move == 1  # nothing left to buy: turn ends
    chosen = new_state(P1_SET_HAND + P2_NO_SET, chosen_cost=1)  # a point buys a chosen card
    act(chosen, SET_P1)
    assert "Spend 1 point: Blindfold" in texts(chosen)
    act(chosen, "Spend 1 point: Blindfold")
    assert chosen.view(0)["queue"][0]["equipment"] == ["blindfold"]
    assert chosen.view(0)["players"][0]["points"] == 0


def test_tg15_tg44_special_card_played_without_a_set() -> None:
    p1 = ["steal-card", "medium", "hard", "light", "2-minutes"]
    state = new_state(p1 + P2_NO_SET)
    assert "Play Steal Card" in texts(state)
    act(state, "Play Steal Card")
    assert state.view(0)["discard"] == ["steal-card"]
    assert len(hand(state, 0)) == 5 and len(hand(state, 1)) == 4


def test_tg16_five_cards_discard_one_and_draw_a_replacement() -> None:
    p1 = ["over-knee", "against-wall", "medium", "hard", "light"]
    state = new_state([*p1, *P2_NO_SET, "10-minutes"])
    assert "Draw a card" not in texts(state)  # TG-41
    act(state, "Discard Light and draw a replacement")
    assert "light" not in hand(state, 0) and "10-minutes" in hand(state, 0)
    assert state.view(1)["discard"] == ["light"] and state.to_move == 1


def test_tg17_tg41_fewer_than_five_cards_draw_one() -> None:
    state = new_state([*P1_SET_HAND, *P2_NO_SET, "on-all-fours", "2-minutes"])
    act(state, SET_P1)
    act(state, "Done spending")
    act(state, "Discard Light and draw a replacement")  # Player 2 draws on-all-fours
    assert texts(state)[0] == "Draw a card"
    assert not any(t.startswith("Discard") for t in texts(state))
    act(state, "Draw a card")
    assert sorted(hand(state, 0)) == ["2-minutes", "hard", "steal-card"]


def test_tg18_turns_alternate() -> None:
    state = new_state([*P1_SET_HAND, *P2_NO_SET])
    seats = []
    for _ in range(4):
        seats.append(state.to_move)
        act(state, next(t for t in texts(state) if t.startswith(("Discard", "Draw"))))
    assert seats == [0, 1, 0, 1]


def test_tg19_tg20_tg26_player_2_set_goes_back_into_the_deck_not_the_queue() -> None:
    p2 = ["bent-over-table", "light", "15-minutes", "steal-card", "ask-for-card"]
    p1 = ["over-knee", "against-wall", "medium", "hard", "very-hard"]
    state = new_state([*p1, *p2, "2-minutes"], pleasure=["neck-kisses"])
    act(state, "Discard Very Hard and draw a replacement")
    deck_before = state.view(0)["main_deck"]
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    view = state.view(None)
    assert view["queue"] == [] and view["main_deck"] == deck_before + 3
    assert [p["points"] for p in view["players"]] == [0, 1]
    seen = [*hand(state, 0), *hand(state, 1), *view["discard"]]
    assert not {"bent-over-table", "light", "15-minutes"} & set(seen)  # back in the deck


def test_tg19_a_player_2_sets_cards_go_back_at_random_depths_of_the_deck() -> None:
    """ "Randomly back into main deck": each card at its own depth, top and bottom included,
    different from game to game (not all on top, where Player 2 would draw them again)."""
    p2 = ["bent-over-table", "light", "15-minutes", "steal-card", "ask-for-card"]
    p1 = ["over-knee", "against-wall", "medium", "hard", "very-hard"]
    depths: set[int] = set()
    for seed in range(30):
        state = new_state([*p1, *p2, "2-minutes"], seed=seed)
        act(state, "Discard Very Hard and draw a replacement")
        act(state, "Play set: Bent Over Table + Light + 15 Minutes")
        ids = [state.card_id(card) for card in reversed(state.main)]  # top first
        depths |= {ids.index(card) for card in ("bent-over-table", "light", "15-minutes")}
    assert 0 in depths and len(state.main) - 1 in depths and len(depths) > 10, depths


def test_tg21_player_2_buys_pleasure_cards() -> None:
    p2 = ["bent-over-table", "light", "15-minutes", "steal-card", "ask-for-card"]
    p1 = ["over-knee", "against-wall", "medium", "hard", "very-hard"]
    state = new_state([*p1, *p2, "2-minutes"], pleasure=["neck-kisses"])
    act(state, "Discard Very Hard and draw a replacement")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    assert texts(state) == ["Done spending", "Spend 1 point: random pleasure card"]
    events = act(state, "Spend 1 point: random pleasure card")
    assert state.view(1)["pleasures"]["cards"] == ["neck-kisses"]
    assert "cards" not in state.view(0)["pleasures"]  # A11: hidden from Player 1
    spent = "Player 2 spends 1 point (0 left)."  # points are public (TG-21)
    assert event_texts(events, 0) == [spent, "Player 2 gains a pleasure card."]
    assert event_texts(events, 1) == [spent, "You gain Neck Kisses."]


def test_tg21_three_points_choose_a_pleasure_card() -> None:
    p2 = ["bent-over-table", "light", "15-minutes", "steal-card", "ask-for-card"]
    p1 = ["over-knee", "against-wall", "medium", "hard", "very-hard"]
    state = new_state([*p1, *p2, "2-minutes"], chosen_cost=1)  # a point buys a chosen card
    act(state, "Discard Very Hard and draw a replacement")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    events = act(state, "Spend 1 point: Stop Game")
    assert event_texts(events, 0)[0] == "Player 2 spends 1 point (0 left)."
    assert state.view(1)["pleasures"]["cards"] == ["stop-game"]
    assert state.view(1)["players"][1]["points"] == 0


def test_tg22_player_2_has_the_same_options_b_and_c() -> None:
    p1 = ["over-knee", "against-wall", "medium", "hard", "very-hard"]
    state = new_state([*p1, *P2_NO_SET, "2-minutes"])
    act(state, "Discard Very Hard and draw a replacement")
    options = texts(state)
    assert "Play Steal Card" in options and "Play Ask For Card" in options
    assert "Discard Light and draw a replacement" in options


def test_tg23_steal_takes_one_random_card_seen_by_thief_and_victim_only() -> None:
    p1 = ["steal-card", "medium", "hard", "light", "2-minutes"]

    def stolen_card(state: rulebook.State) -> str:
        gained = Counter(hand(state, 0)) - Counter(p1[1:])
        assert sum(gained.values()) == 1
        return next(iter(gained))

    state = new_state(p1 + P2_NO_SET)
    events = act(state, "Play Steal Card")
    card = stolen_card(state)
    assert Counter(hand(state, 1)) + Counter([card]) == Counter(P2_NO_SET)
    name = state.game.content.names()[card]
    assert f"Player 1 steals {name} from Player 2." in event_texts(events, 1)
    assert f"Player 1 steals {name} from Player 2." in event_texts(events, 0)
    assert "Player 1 steals a card from Player 2." in event_texts(events, None)
    # which card is taken is up to the state's RNG: different seeds, different cards
    taken = set()
    for seed in range(12):
        other = new_state(p1 + P2_NO_SET, seed=seed)
        act(other, "Play Steal Card")
        taken.add(stolen_card(other))
    assert len(taken) > 1


def test_tg24_ask_names_a_type_and_the_opponent_must_give_one() -> None:
    p1 = ["ask-for-card", "over-knee", "medium", "steal-card", "steal-card"]
    p2 = ["2-minutes", "15-minutes", "light", "against-wall", "hard"]
    state = new_state(p1 + p2)
    act(state, "Play Ask For Card")
    assert texts(state) == [
        "Ask for a Position card",
        "Ask for an Intensity card",
        "Ask for a Time card",
        "Ask for a Special card",
    ]
    act(state, "Ask for a Time card")
    assert state.to_move == 1 and texts(state) == ["Give 2 Minutes", "Give 15 Minutes"]
    events = act(state, "Give 15 Minutes")
    assert "15-minutes" in hand(state, 0) and "15-minutes" not in hand(state, 1)
    assert event_texts(events, None) == ["Player 2 gives a Time card."]
    assert state.to_move == 1 and state.turn == 2  # Player 1's turn is over


def test_tg25_ask_when_they_have_none_nothing_happens() -> None:
    p1 = ["ask-for-card", "over-knee", "medium", "steal-card", "steal-card"]
    p2 = ["against-wall", "bent-over-table", "light", "hard", "very-hard"]
    state = new_state(p1 + p2)
    act(state, "Play Ask For Card")
    events = act(state, "Ask for a Time card")
    assert "Player 2 has no Time card." in event_texts(events, 0)
    assert len(hand(state, 1)) == 5 and len(hand(state, 0)) == 4 and state.to_move == 1


def test_tg27_the_queue_is_public() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET)
    act(state, SET_P1)
    assert state.view(0)["queue"] == state.view(1)["queue"] == state.view(None)["queue"]


def test_tg28_tg29_tg30_equipment_goes_on_the_most_recent_punishment_several_allowed() -> None:
    p1 = ["over-knee", "medium", "5-minutes", "against-wall", "hard"]
    stack = [*p1, *P2_NO_SET, "10-minutes", "2-minutes"]
    state = new_state(stack, equipment=["gag", "ice", "beads"])
    act(state, SET_P1)
    act(state, "Done spending")  # saves the point (TG-43)
    act(state, "Discard Light and draw a replacement")
    act(state, "Draw a card")  # Player 1 draws 2 Minutes
    act(state, "Discard Lying Flat and draw a replacement")
    act(state, "Play set: Against Wall + Hard + 2 Minutes")
    assert state.points[0] == 2
    act(state, "Spend 1 point: random equipment")
    act(state, "Spend 1 point: random equipment")
    queue = state.view(1)["queue"]
    assert queue[0]["equipment"] == [] and queue[1]["equipment"] == ["gag", "ice"]
    assert state.to_move == 1


def test_tg31_skip_punishment_removes_one_punishment() -> None:
    state = _p2_holding("skip-punishment")
    act(state, "Use Skip Punishment")
    assert texts(state) == ["Remove punishment 1 from the Queue"]
    act(state, "Remove punishment 1 from the Queue")
    assert state.view(0)["queue"] == [] and state.view(0)["used_pleasures"] == ["skip-punishment"]
    assert state.to_move == 1  # a free action: Player 2 still takes the turn
    assert sorted(state.view(0)["discard"])[-3:] == ["5-minutes", "medium", "over-knee"]


def test_tg32_remove_equipment_removes_one_equipment_card() -> None:
    state = _p2_holding("remove-equipment", equipment=["gag"])
    act(state, "Use Remove Equipment")
    assert texts(state) == ["Remove Gag from punishment 1"]
    act(state, "Remove Gag from punishment 1")
    assert state.view(0)["queue"][0]["equipment"] == [] and state.equipment_out


def _two_punishments(card: str) -> TheGameState:
    """Over Knee + Medium + 5 Minutes [+ Gag] and then Against Wall + Hard + 10 Minutes [+ Ice]
    in the Queue; Player 2, to move, holds ``card``. (Player 2's set is discarded, A2, so the
    stacked deck stays in order.)"""
    p1 = ["over-knee", "medium", "5-minutes", "against-wall", "hard"]
    p2 = ["bent-over-table", "light", "15-minutes", "steal-card", "ask-for-card"]
    main = [*p1, *p2, "10-minutes", "2-minutes", "lying-flat"]
    state = new_state(
        main, equipment=["gag", "ice"], pleasure=[card], player2_set_destination="discard"
    )
    act(state, SET_P1)
    act(state, "Spend 1 point: random equipment")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    act(state, "Spend 1 point: random pleasure card")
    act(state, "Draw a card")  # Player 1: 10 Minutes
    act(state, "Draw a card")  # Player 2
    act(state, "Play set: Against Wall + Hard + 10 Minutes")
    act(state, "Spend 1 point: random equipment")
    return state


def test_tg31_skip_punishment_removes_any_one_punishment_not_only_the_last() -> None:
    state = _two_punishments("skip-punishment")
    act(state, "Use Skip Punishment")
    assert texts(state) == [
        "Remove punishment 1 from the Queue",
        "Remove punishment 2 from the Queue",
    ]
    act(state, "Remove punishment 1 from the Queue")
    queue = state.view(0)["queue"]
    assert queue == [{"set": ["against-wall", "hard", "10-minutes"], "equipment": ["ice"]}]


def test_tg32_remove_equipment_takes_it_from_any_punishment_not_only_the_last() -> None:
    state = _two_punishments("remove-equipment")
    act(state, "Use Remove Equipment")
    assert texts(state) == ["Remove Gag from punishment 1", "Remove Ice from punishment 2"]
    act(state, "Remove Gag from punishment 1")
    assert [p["equipment"] for p in state.view(0)["queue"]] == [[], ["ice"]]


def test_tg38_the_summary_carries_out_several_punishments_in_the_queues_order() -> None:
    state = _two_punishments("stop-game")
    act(state, "Use Stop Game")
    assert state.view(None)["summary"]["queue"] == [
        {"set": ["over-knee", "medium", "5-minutes"], "equipment": ["gag"]},
        {"set": ["against-wall", "hard", "10-minutes"], "equipment": ["ice"]},
    ]


def test_tg33_stop_game_ends_the_game_immediately() -> None:
    state = _p2_holding("stop-game")
    act(state, "Use Stop Game")
    assert state.is_over() and state.to_move is None and state.returns() == [0.5, 0.5]
    assert state.legal_actions() == []
    won = _p2_holding("stop-game", stop_game_winner="player2")
    act(won, "Use Stop Game")
    assert won.returns() == [0.0, 1.0]


def test_tg34_tg42_other_pleasures_are_kept_not_queued() -> None:
    state = _p2_holding("cuddle-and-kiss")
    assert not any(t.startswith("Use") for t in texts(state))
    assert state.view(1)["pleasures"]["cards"] == ["cuddle-and-kiss"]
    assert len(state.view(1)["queue"]) == 1


def test_tg35_tg37_player_1_wins_with_the_queue_full_immediately() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET, punishments_to_win=1)
    act(state, SET_P1)
    assert state.is_over() and state.returns() == [1.0, 0.0]
    assert state.outcome().reason == "queue"  # no spending step after the winning set


def test_tg35_a_queue_short_of_the_goal_does_not_win() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET, punishments_to_win=2)
    act(state, SET_P1)
    assert not state.is_over() and len(state.queue) == 1


def test_tg36_player_2_wins_with_enough_pleasure_cards() -> None:
    p2 = ["bent-over-table", "light", "15-minutes", "steal-card", "ask-for-card"]
    p1 = ["over-knee", "against-wall", "medium", "hard", "very-hard"]
    state = new_state([*p1, *p2, "2-minutes"], pleasures_to_win=1)
    act(state, "Discard Very Hard and draw a replacement")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    act(state, "Spend 1 point: random pleasure card")
    assert (
        state.is_over() and state.returns() == [0.0, 1.0] and state.outcome().reason == "pleasures"
    )


def test_tg38_tg39_summary_lists_the_queue_in_order_then_the_pleasures() -> None:
    p2 = ["bent-over-table", "light", "15-minutes", "steal-card", "ask-for-card"]
    state = new_state(
        [*P1_SET_HAND, *p2],
        equipment=["gag"],
        pleasure=["stop-game", "lovemaking"],
        random_cost=0,  # free random cards: Player 2 draws two
    )
    act(state, SET_P1)
    act(state, "Spend 0 points: random equipment")
    act(state, "Done spending")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    act(state, "Spend 0 points: random pleasure card")
    act(state, "Spend 0 points: random pleasure card")
    act(state, "Use Stop Game")
    summary = state.view(None)["summary"]
    assert summary["queue"] == [{"set": ["over-knee", "medium", "5-minutes"], "equipment": ["gag"]}]
    assert summary["redeem"] == ["lovemaking"]  # Stop Game was used, not redeemed
    assert state.view(0)["pleasures"]["cards"] == ["lovemaking"]  # revealed at the end


def test_a26_an_effect_card_never_used_is_listed_apart_not_redeemed() -> None:
    p2 = ["bent-over-table", "light", "15-minutes", "steal-card", "ask-for-card"]
    state = new_state([*P1_SET_HAND, *p2], pleasure=["stop-game", "skip-punishment"], random_cost=0)
    act(state, SET_P1)
    act(state, "Done spending")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    act(state, "Spend 0 points: random pleasure card")
    act(state, "Spend 0 points: random pleasure card")
    act(state, "Use Stop Game")
    summary = state.view(None)["summary"]
    assert summary["redeem"] == [] and summary["unused"] == ["skip-punishment"]


def test_tg40_hand_limit_trims_down_to_five() -> None:
    p1 = ["steal-card", "medium", "hard", "light", "2-minutes"]
    state = new_state([*p1, *P2_NO_SET, "on-all-fours"], special_replaces_discard=True)
    act(state, "Play Steal Card")  # 4 + stolen + replacement = 6 cards
    assert state.to_move == 0 and len(hand(state, 0)) == 6
    assert all(t.startswith("Discard ") and "replacement" not in t for t in texts(state))
    act(state, "Discard Light")
    assert len(hand(state, 0)) == 5 and state.to_move == 1


def test_tg43_unspent_points_carry_over() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET)
    act(state, SET_P1)
    act(state, "Done spending")
    act(state, "Discard Light and draw a replacement")
    assert state.points[0] == 1


def test_a25_player_2s_unspent_points_carry_over_too() -> None:
    p2 = ["bent-over-table", "light", "15-minutes", "steal-card", "ask-for-card"]
    p1 = ["over-knee", "against-wall", "medium", "hard", "very-hard"]
    state = new_state([*p1, *p2, "2-minutes", "lying-flat"])
    act(state, "Discard Very Hard and draw a replacement")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    act(state, "Done spending")  # saved
    act(state, "Discard Hard and draw a replacement")  # Player 1's turn
    assert state.view(0)["players"][1]["points"] == 1 and state.to_move == 1


def test_tg45_reference_card_counts_match_the_rulebook() -> None:
    game = rulebook.load("the-game")
    kinds = [game.main_types[t].kind for t in game.main_type]
    assert len(kinds) == 28
    assert [kinds.count(k) for k in ("position", "intensity", "time", "special")] == [8, 8, 8, 4]
    assert len(game.equipment_type) == 20 and len(game.pleasure_type) == 25


def test_illegal_action_names_the_problem_and_changes_nothing() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET)
    before = state.to_json()
    with pytest.raises(rulebook.IllegalAction, match="Draw a card' is not legal now"):
        state.apply(0)
    with pytest.raises(rulebook.IllegalAction, match="no action has id 99999"):
        state.apply(99999)
    with pytest.raises(rulebook.IllegalAction, match="not an action"):
        state.apply("draw")  # type: ignore[arg-type]
    assert state.to_json() == before


def test_empty_main_deck_reshuffles_the_discard_pile() -> None:
    keep = {"over-knee", "against-wall", "light", "medium", "2-minutes", "5-minutes"}
    game = rulebook.load("the-game", hand_size=1, punishments_to_win=1)
    others = tuple(c for c in dict.fromkeys(game.card_ids("main")) if c not in keep)
    state = new_state(["over-knee", "light"], hand_size=1, punishments_to_win=1, without=others)
    deck = state.view(0)["main_deck"]
    for _ in range(deck):  # each discards and draws a replacement until the deck is empty
        act(state, texts(state)[0])
    assert state.view(0)["main_deck"] == 0 and len(state.view(0)["discard"]) == deck
    events = state.apply(state.legal_ids()[0])  # the next discard makes deck + 1 to reshuffle
    assert "The discard pile is shuffled to form a new Main Deck." in event_texts(events, 1)
    assert state.view(0)["main_deck"] == deck and state.view(0)["discard"] == []


def test_a23_a_player_may_decline_a_set() -> None:
    state = new_state(P1_SET_HAND + P2_NO_SET)
    act(state, "Discard Hard and draw a replacement")
    assert state.queue == [] and state.to_move == 1


def _p2_holding(card: str, equipment: list[str] | None = None, **config: object):  # type: ignore[no-untyped-def]
    """Player 1 has queued Over Knee + Medium + 5 Minutes (with ``equipment``); it is now
    Player 2's turn and Player 2 holds the pleasure card ``card``."""
    p2 = ["bent-over-table", "light", "15-minutes", "steal-card", "ask-for-card"]
    main = [*P1_SET_HAND, *p2, "lying-flat", "2-minutes"]
    state = new_state(main, equipment=equipment or [], pleasure=[card], **config)
    act(state, SET_P1)
    if equipment:
        act(state, "Spend 1 point: random equipment")
    else:
        act(state, "Done spending")
    act(state, "Play set: Bent Over Table + Light + 15 Minutes")
    act(state, "Spend 1 point: random pleasure card")  # the turn passes: no points left
    act(state, "Draw a card")  # Player 1
    return state
