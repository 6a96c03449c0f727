"""The oracle's ``sees`` option (issue 23): ``sees=all``, the default, searches the true state;
``sees=hands`` keeps every card a seat sees where it lies (each player's hand) and re-deals
every list no seat sees (the decks), so it knows the other players' cards but not the order
of the decks. An instrument like the oracle itself: simulations take it, tables refuse it."""

from __future__ import annotations

from collections import Counter

import pytest

import rulebook
from rulebook.agents import decide, make_agent
from rulebook.engine.random import Rng
from rulebook.engine.zones import EVERYONE
from rulebook.sim.runner import simulate_results
from tests.cli.helpers import assert_one_line_error, run
from tests.engine.peek import Config, Peek

SEEDS = range(16)


def named(spec: str, target: str) -> list[tuple[int, int, int]]:
    """Per seed of the Peek test game: (the card the spec names as Player 1, Player 2's
    card, the deck's top card)."""
    game = Peek(Config(target=target))  # type: ignore[arg-type]
    found = []
    for seed in SEEDS:
        state = game.new_state(seed=seed)
        agent = make_agent(spec, game, 0, seed)
        card = int(decide(agent, state, 0)) - game.table["name"].id(0)
        found.append((card, state.hands[1][0], state.deck[-1]))
    return found


@pytest.mark.parametrize("spec", ["oracle:iterations=100", "oracle:iterations=100:sees=all"])
def test_the_full_oracle_names_the_other_hand_and_the_decks_top_card(spec: str) -> None:
    assert all(card == hand for card, hand, _ in named(spec, "hand"))
    assert all(card == top for card, _, top in named(spec, "deck"))


def test_seeing_the_hands_names_the_other_players_card() -> None:
    assert all(card == hand for card, hand, _ in named("oracle:iterations=100:sees=hands", "hand"))
    # the fair search cannot: it names Player 2's card by chance (one in five)
    right = sum(card == hand for card, hand, _ in named("ismcts:iterations=100", "hand"))
    assert right <= len(SEEDS) // 2


def test_seeing_the_hands_does_not_see_the_order_of_the_deck() -> None:
    found = named("oracle:iterations=100:sees=hands", "deck")
    # it names the top card by chance (one in four: the deck's four cards)...
    assert sum(card == top for card, _, top in found) <= len(SEEDS) // 2
    # ...but never Player 2's card, which it sees is not in the deck
    assert all(card != hand for card, hand, _ in found)
    # the fair search does not see that hand, so sometimes names that card
    assert any(card == hand for card, hand, _ in named("ismcts:iterations=100", "deck"))


TABLES = (
    ("the-game", {}, 2),
    ("swing", {}, 3),
    ("susumuka-modoruka", {}, 3),
    ("ribbon-of-bone", {}, 1),
    ("solo-bound-female", {}, 1),
    ("solo-bound-female", {"mode": "standard"}, 2),
    ("solo-bound-female", {"mode": "cooperative"}, 2),
)


def test_every_shipped_game_has_a_table_below() -> None:
    shipped = {cls.slug for cls in rulebook.games() if cls.__module__.startswith("rulebook.")}
    assert shipped == {slug for slug, _, _ in TABLES}


@pytest.mark.parametrize(("slug", "config", "players"), TABLES)
def test_a_world_keeps_what_some_seat_sees_and_redeals_what_none_does(
    slug: str, config: dict[str, str], players: int
) -> None:
    game = rulebook.load(slug, **config)
    state = game.new_state(seed=7, players=players)
    rng = Rng(7)
    for _ in range(12):  # a few random moves in
        legal = state.legal_ids()
        if not legal:
            break
        state.apply(legal[rng.below(len(legal))], narrate=False)
    moved = 0
    for k in range(8):
        world = state.unseen_redealt(Rng(k))
        assert world.legal_ids() == state.legal_ids()
        pools: dict[str, Counter[int]] = {}
        for zone in game.zone_list:
            for (cards, owner, pool), (dealt, _, _) in zip(
                zone.slots(state), zone.slots(world), strict=True
            ):
                seen = zone.seen_by == EVERYONE or any(
                    zone.visible(owner, seat, False) for seat in range(players)
                )
                if seen:  # a hand, a face-up pile: as it lies
                    assert dealt == cards, (zone.field, owner)
                    continue
                assert len(dealt) == len(cards)
                pools.setdefault(pool, Counter()).update(cards)
                pools[pool].subtract(dealt)
                moved += dealt != cards
        # the cards no seat sees only trade places within their pool
        assert all(not +count and not -count for count in pools.values())
    assert moved  # and they do move


@pytest.mark.parametrize("slug", ["ribbon-of-bone", "solo-bound-female"])
def test_alone_at_the_table_seeing_the_hands_is_the_fair_search(slug: str) -> None:
    # solo, no list is another seat's: the worlds are the ones the fair search samples,
    # dealt by the same draws, so the same seed plays the same games (the full oracle not)
    fair = simulate_results(slug, ["ismcts:iterations=30"], 3, seed=2)
    assert simulate_results(slug, ["oracle:iterations=30:sees=hands"], 3, seed=2) == fair
    assert simulate_results(slug, ["oracle:iterations=30"], 3, seed=2) != fair


def test_seeing_the_hands_is_an_instrument_simulations_take_and_tables_refuse() -> None:
    specs = ["oracle:iterations=20:sees=hands", "heuristic"]
    first = simulate_results("the-game", specs, 2, seed=5)
    assert first == simulate_results("the-game", specs, 2, seed=5)
    default = simulate_results("the-game", ["oracle:iterations=20", "heuristic"], 2, seed=5)
    explicit = simulate_results("the-game", ["oracle:iterations=20:sees=all", "heuristic"], 2, 5)
    assert default == explicit
    code, _, err = run(
        "simulate", "swing", "--games", "1", "--agents", "oracle:iterations=5:sees=hands,random"
    )
    assert code == 0, err
    assert_one_line_error(
        run("play", "swing", "--seat", "human", "--seat", "oracle:sees=hands"),
        "'oracle' cannot take a seat",
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("oracle:sees=everything", "oracle: sees must be all or hands, not 'everything'"),
        ("oracle:sees=Hands", "oracle: sees must be all or hands, not 'Hands'"),
        ("ismcts:sees=hands", "agent 'ismcts' has no option 'sees'"),
    ],
)
def test_a_bad_sees_is_named_in_one_line(spec: str, message: str) -> None:
    with pytest.raises(rulebook.UnknownAgent, match=message):
        make_agent(spec, rulebook.load("swing"), 0, 0)
    assert_one_line_error(
        run("simulate", "swing", "--games", "1", "--agents", f"{spec},random"), message
    )
