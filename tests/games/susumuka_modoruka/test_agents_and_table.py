"""The heuristic player beats random ones; the terminal table shows the board and only the
seat's own hand."""

from __future__ import annotations

from rich.console import Console

import rulebook
from rulebook.agents import make_agent
from rulebook.engine.random import derive_seed
from tests.games.susumuka_modoruka.helpers import ADVANCE, act, start


def test_heuristic_beats_three_random_players() -> None:
    game = rulebook.load("susumuka-modoruka")
    names = ["heuristic", "random", "random", "random"]
    shares = [0.0] * 4
    for number in range(80):
        seed = derive_seed(31, number)
        state = game.new_state(seed=seed, players=4)
        agents = [make_agent(n, game, seat, seed) for seat, n in enumerate(names)]
        while not state.is_over():
            seat = state.to_move
            state.apply(agents[seat].act(state.infoset(seat)), narrate=False)
        shares = [a + b for a, b in zip(shares, state.returns(), strict=True)]
    assert shares[0] / 80 > 0.4 and shares[0] > 2 * max(shares[1:])


def render(view: dict[str, object]) -> str:
    game = rulebook.load("susumuka-modoruka")
    console = Console(width=140, record=True, color_system=None)
    console.print(game.frontend().render(game, view))  # type: ignore[misc]
    return console.export_text()


def test_the_board_shows_depth_flag_trophy_and_only_the_own_hand() -> None:
    state = start(dungeon=["slime", "ogre", "tengu"], dice=[6])
    act(state, "Investigate")
    act(state, ADVANCE)
    mine, theirs = render(state.view(0)), render(state.view(1))
    assert "Your hand" in mine and "Slime" in mine and "Ogre" in mine
    assert "Slime" not in theirs and "Tengu" in theirs  # Player 2 battles the Tengu
    assert "In battle" in theirs and "Difficulty 5" in theirs
    for text in (mine, theirs):
        assert "depth" in text and "flag" in text and "trophy" in text and "20/20" in text
    summary = rulebook.load("susumuka-modoruka").frontend().summary
    assert summary is not None


def test_the_table_says_what_a_battle_risks_and_who_is_returning() -> None:
    """Player 1 plants a flag at 5 and meets the Tengu (2+3, Difficulty 5) on the way back:
    the board marks the return, the battle says what a roll needs and where each result
    leads (for every seat); inside, the prompt is Advance alone; a hand card shows its power
    at the holder's depth after nullification (the Clay Charm, brought home, nullifies brown)."""
    dungeon = ["ogre", "slime", "tengu", "bat-swarm", "tsuchikappa", "kappa"]
    state = start(dungeon=dungeon, dice=[6, 6], items={"bronze": ["clay-charm"]})
    act(state, ADVANCE)
    act(state, "Fight")
    act(state, "Declare")
    act(state, ADVANCE)
    act(state, "Flee")  # Player 2 stays outside
    assert "Player 1: Advance (inside the dungeon there is nothing else)" in render(state.view(0))
    act(state, ADVANCE)
    for seat in (0, 1):
        text = render(state.view(seat))
        assert "5 ↑ returning" in text and "Player 1: 1D6+0" in text
        assert "Only a 6 wins · win: escape · lose: -5 HP · flee: down to depth 10" in text
    act(state, "Fight")  # the escape: the Clay Charm
    act(state, ADVANCE)
    act(state, "Flee")
    act(state, "Investigate")
    assert "Tsuchikappa: difficulty 6, 3+4 (brown) = 3 at your depth" in render(state.view(0))
    assert "Investigate or advance" in render(state.view(1))
