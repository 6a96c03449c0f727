"""The search in Susumuka & Modoruka: on the way back, depth is distance still to climb.

The old estimate counted depth as worth having also while returning, so a returning search
fled every battle (fleeing goes down) and never came home: 5 wins in 160 games against the
heuristic (issue 23)."""

from __future__ import annotations

import rulebook
from rulebook.agents import make_agent
from rulebook.agents.ismcts import IsmctsAgent
from rulebook.engine.state import State
from tests.games.susumuka_modoruka.helpers import ADVANCE, act, battle, me, start


def returning_at_five(then: str, turns: int = 20) -> State:
    """Player 1 beats an Ogre (depth 5) and declares; Player 2 flees a Slime outside;
    Player 1 advances into ``then`` on the way back and is to fight or flee."""
    state = start(dungeon=["ogre", "slime", then], dice=[6, 6], turns=turns)
    act(state, ADVANCE)
    battle(state, declare=True)
    act(state, ADVANCE)
    battle(state, fight=False)
    act(state, ADVANCE)
    assert me(state)["flag"] == 5 and state.view(0)["decision"]["kind"] == "battle"
    return state


def test_on_the_way_back_climbing_is_worth_more_than_fleeing_deeper() -> None:
    state = returning_at_five("goblin")
    now = state.estimate()[0]
    won, fled = state.clone(), state.clone()
    act(won, "Fight")  # the scripted 6 beats the Goblin: up by 3, to depth 2
    act(fled, "Flee")  # down by 3, to depth 8
    assert me(won)["depth"] == 2 and me(fled)["depth"] == 8
    assert won.estimate()[0] > now > fled.estimate()[0]


def test_a_trophy_home_is_worth_more_than_a_flag_in_the_dungeon() -> None:
    state = returning_at_five("collapsing-floor")
    home = state.clone()
    act(home, "Fight")  # the 6 beats the Collapsing Floor (4+1): up and out, trophy 5
    assert me(home)["trophy"] == 5
    assert home.estimate()[0] > state.estimate()[0] > 0.5


def test_the_search_fights_its_way_home_when_that_wins_the_game() -> None:
    """Last round: beating the Collapsing Floor escapes with the only trophy; fleeing leaves
    a draw."""
    state = returning_at_five("collapsing-floor", turns=2)
    agent = make_agent("ismcts:iterations=200", state.game, 0, seed=1)
    chosen = int(agent.act(state.infoset(0)))
    assert state.game.action_text(state, chosen) == "Fight: roll the die"


def returning_at_five_of_six(then: str) -> State:
    """Six players, twenty rounds: Player 1 beats an Ogre (depth 5) and declares; the other
    five flee a weak card outside each; Player 1 advances into ``then`` on the way back."""
    outside = ["slime", "bat-swarm", "loose-stone", "kappa", "spike-pit"]
    state = start(players=6, dungeon=["ogre", *outside, then], dice=[6, 6])
    act(state, ADVANCE)
    battle(state, declare=True)
    for _ in range(5):
        act(state, ADVANCE)
        battle(state, fight=False)
    act(state, ADVANCE)
    assert me(state)["flag"] == 5 and state.view(0)["decision"]["kind"] == "battle"
    return state


def test_with_many_turns_left_a_flight_deeper_still_costs_the_battles_it_adds() -> None:
    """At six players the clock never pressed, so depth cost nothing while HP was spared:
    the search fled every battle on the way back and sank until it died (issue 23: 4% of
    6-player games against a fair 17%)."""
    state = returning_at_five_of_six("goblin")
    fled = state.clone()
    act(fled, "Flee")  # down by 3, to depth 8, no HP lost
    assert me(fled)["depth"] == 8 and me(fled)["hp"] == me(state)["hp"]
    assert state.estimate()[0] - fled.estimate()[0] > 0.05  # was 0.0001: a flight was free
    agent = make_agent("ismcts:iterations=200", state.game, 0, seed=1)
    assert state.game.action_text(state, int(agent.act(state.infoset(0)))) == "Fight: roll the die"


def test_early_in_a_long_game_declaring_is_no_gain_over_going_deeper() -> None:
    """A flag not yet planted was worth 0.8 of its depth and a planted one all of it, so
    declaring always looked like a gain: at 5-6 players the search declared at depth 4 on
    its first turn and won 1-6% of games against a fair 17-20% (issue 23). Going on keeps
    every depth declaring now could bring home, and the chance of a deeper one."""
    state = start(players=6, dungeon=["ogre"], dice=[6, 6])
    act(state, ADVANCE)
    act(state, "Fight")  # the 6 beats the Ogre: depth 5, asked whether to return
    assert state.view(0)["decision"]["kind"] == "return"
    declared, deeper = state.clone(), state.clone()
    act(declared, "Declare")
    act(deeper, "Keep going deeper")
    assert me(declared)["flag"] == 5 and not me(deeper)["flag"]
    assert deeper.estimate()[0] > declared.estimate()[0]


def test_the_search_rolls_out_three_decisions_and_two_at_six_players() -> None:
    """Three-decision rollouts at two to five players (a quarter cheaper a move at two
    players, a tenth at three to five), two at six (a twentieth cheaper again: ISMCTS at
    1,000 iterations within 60 ms), all still well ahead of the heuristics (docs/search.md)."""
    game = rulebook.load("susumuka-modoruka")
    horizons = []
    for players in (2, 3, 5, 6):
        state = game.new_state(seed=1, players=players)
        seat = state.to_move
        assert seat is not None
        agent = make_agent("ismcts:iterations=20", game, seat, 0)
        assert isinstance(agent, IsmctsAgent)
        assert agent.act(state.infoset(seat)) in state.legal_ids()
        horizons.append(agent.rollout)
    assert horizons == [3, 3, 3, 2]
    state = game.new_state(seed=1, players=2)
    seat = state.to_move
    assert seat is not None
    told = make_agent("ismcts:iterations=20:rollout=6", game, seat, 0)
    assert isinstance(told, IsmctsAgent)
    told.act(state.infoset(seat))
    assert told.rollout == 6  # the spec's own horizon wins


def _moves(spec: str, players: int, seed: int) -> list[int]:
    """A whole game: ``spec`` in the first seat, the heuristic in the others."""
    game = rulebook.load("susumuka-modoruka")
    state = game.new_state(seed=seed, players=players)
    agents = [make_agent(spec if s == 0 else "heuristic", game, s, seed) for s in range(players)]
    moves = []
    while state.decisions:
        seat = state.to_move
        assert seat is not None
        move = agents[seat].act(state.infoset(seat))
        state.apply(move, narrate=False)
        moves.append(move)
    return moves


def test_the_search_models_the_other_seats_as_random_players_at_every_table() -> None:
    """The default search models the other seats as random players (a second search in
    their place made 1,000 iterations weaker than 300: docs/search.md), at two players with
    its three-decision rollouts; an ``opponents`` in the spec wins over it."""
    quick = "ismcts:iterations=30"
    for players in (2, 3):
        games = [
            _moves(quick + extra, players, 3)
            for extra in ("", ":opponents=random", ":opponents=search")
        ]
        assert games[0] == games[1] != games[2]
    assert _moves(quick, 2, 3) != _moves(quick + ":rollout=6", 2, 3)
    assert (
        _moves(quick, 3, 3)
        == _moves(quick + ":rollout=3", 3, 3)
        != _moves(quick + ":rollout=6", 3, 3)
    )


def test_at_six_players_the_search_plays_its_two_decision_rollouts() -> None:
    """The six-player default plays as ``rollout=2`` does, not as the other tables' three
    (a spec's own horizon still wins)."""
    quick = "ismcts:iterations=30"
    assert (
        _moves(quick, 6, 3)
        == _moves(quick + ":rollout=2", 6, 3)
        != _moves(quick + ":rollout=3", 6, 3)
    )
