"""The search's tree kept from one decision to the next (``ismcts:keep=1``, issue 23): the
agent walks its last tree down the moves made since, as its seat knows them (its own move,
then each move the game says every seat sees: ``InfoSet.moves_seen``), and searches on from
the node reached; a move it cannot see, or a line the tree lacks, means a fresh tree."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.agents import Agent, decide, make_agent
from rulebook.agents.ismcts import IsmctsAgent
from rulebook.engine.game import Game
from rulebook.engine.state import State
from rulebook.sim.runner import simulate_results
from tests.cli.helpers import assert_one_line_error, run
from tests.engine.hide import Config, Hide

KEEP = "ismcts:iterations=300:keep=1"


def carried(agent: Agent) -> int:
    """The visits the agent's last search carried over from the one before (0: fresh)."""
    assert isinstance(agent, IsmctsAgent)
    return agent.carried


def named_after_a_lay(game: Hide, spec: str, seed: int) -> tuple[str, int, bool]:
    """Player 1 begins, Player 2 lays one of its cards (by the seed), Player 1 names one:
    the card named, the visits its search carried over and whether it named the laid card."""
    state = game.new_state(seed=seed)
    player = make_agent(spec, game, 0, seed)
    state.apply(player.act(state.infoset(0)), narrate=False)
    state.apply(state.legal_ids()[seed % 2], narrate=False)
    named = int(player.act(state.infoset(0)))
    state.apply(named, narrate=False)
    outcome = state.outcome()
    assert outcome is not None
    return game.actions[named].text, carried(player), outcome.winners == (0,)


def test_a_hidden_move_is_never_followed() -> None:
    game = Hide(Config())
    right = 0
    for seed in range(16):
        kept, visits, won = named_after_a_lay(game, KEEP, seed)
        # a fresh tree: the very card the search names without keeping its tree
        assert visits == 0
        assert kept == named_after_a_lay(game, "ismcts:iterations=300", seed)[0]
        right += won
    assert right < 16  # a guess, not a read of the hidden card


def test_a_move_said_to_be_seen_is_followed_and_this_game_shows_why_that_matters() -> None:
    # the same game declaring the lay seen by all (wrongly: the card stays hidden): the walk
    # follows it into the line where that card was laid, and the search names it every time
    game = Hide(Config(seen="leaky"))
    for seed in range(16):
        _, visits, won = named_after_a_lay(game, KEEP, seed)
        assert visits > 0
        assert won


def test_a_seat_sees_the_ids_of_public_moves_and_minus_one_for_a_hidden_one() -> None:
    game = Hide(Config())
    state = game.new_state(seed=1)
    state.apply(state.legal_ids()[0], narrate=False)
    state.apply(state.legal_ids()[0], narrate=False)
    begin, lay = state.history
    assert state.infoset(0).moves_seen() == (begin, -1)
    assert lay >= 0  # Player 2 remembers its own move: the engine names it to no seat
    assert state.infoset(1).moves_seen() == (begin, -1)
    the_game = rulebook.load("the-game")
    state = the_game.new_state(seed=2, players=2)
    agents = [make_agent("heuristic", the_game, s, 2) for s in range(2)]
    for _ in range(30):
        seat = state.to_move
        assert seat is not None
        state.apply(decide(agents[seat], state, seat), narrate=False)
    # every move of The GAME is shown to both players (a draw's card is not in its id)
    assert state.infoset(0).moves_seen() == tuple(state.history)
    assert state.infoset(1).moves_seen() == tuple(state.history)


def play(game: Game, state: State, agents: list[Agent], moves: int) -> list[int]:
    """Up to ``moves`` moves; Player 1's carried visits at each of its searched decisions."""
    seen = []
    for _ in range(moves):
        seat = state.to_move
        if seat is None:
            break
        searched = seat == 0 and len(state.legal_ids()) > 1
        state.apply(decide(agents[seat], state, seat), narrate=False)
        if searched:
            seen.append(carried(agents[0]))
    return seen


@pytest.mark.parametrize("spec", [KEEP, "ismcts:time=0.02:keep=1", KEEP + ":prior=heuristic"])
def test_the_game_searches_on_from_the_kept_tree_most_decisions(spec: str) -> None:
    game = rulebook.load("the-game")
    state = game.new_state(seed=4, players=2)
    agents = [make_agent(spec, game, 0, 4), make_agent("heuristic", game, 1, 4)]
    visits = play(game, state, agents, 60)
    assert visits[0] == 0  # the first search has nothing to carry
    assert sum(v > 0 for v in visits) > len(visits) // 2


def test_a_tree_never_crosses_into_another_game() -> None:
    game = rulebook.load("the-game")
    player = make_agent(KEEP, game, 1, 5)
    for seed in (5, 6):  # one agent for two games (simulate makes one per game)
        state = game.new_state(seed=seed, players=2)
        agents = [make_agent("heuristic", game, 0, seed), player]
        while state.to_move is not None:
            seat = state.to_move
            searched = seat == 1 and len(state.legal_ids()) > 1
            state.apply(decide(agents[seat], state, seat), narrate=False)
            if searched:
                break
        assert carried(player) == 0  # the new game's first search: fresh


@pytest.mark.parametrize(("slug", "players"), [("the-game", 2), ("swing", 3)])
def test_keep_repeats_with_the_seed_and_zero_is_the_default(slug: str, players: int) -> None:
    specs = ["ismcts:iterations=40:keep=1"] + ["heuristic"] * (players - 1)
    first = simulate_results(slug, specs, 2, seed=9)
    assert first == simulate_results(slug, specs, 2, seed=9, jobs=2)
    assert all(r.returns for r in first)
    default = ["ismcts:iterations=40"] + ["heuristic"] * (players - 1)
    off = ["ismcts:iterations=40:keep=0"] + ["heuristic"] * (players - 1)
    assert simulate_results(slug, off, 2, seed=9) == simulate_results(slug, default, 2, seed=9)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:keep=1:trees=seat", "keep=1 carries the one shared tree from move to move"),
        ("ismcts:keep=1:pimc=4", "which pimc does not search"),
        ("ismcts:keep=1:paired=1:policy=heuristic", "which paired=1 does not search"),
        ("ismcts:keep=2", "keep must be 0 or 1, not '2'"),
        ("oracle:keep=1", "no option 'keep'"),
    ],
)
def test_what_keep_cannot_go_with_is_named_in_one_line(spec: str, message: str) -> None:
    with pytest.raises(rulebook.UnknownAgent, match=message.replace("(", r"\(")):
        make_agent(spec, rulebook.load("the-game"), 0, 0)
    assert_one_line_error(
        run("simulate", "the-game", "--games", "1", "--agents", f"{spec},heuristic"), message
    )
