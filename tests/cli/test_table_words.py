"""Issue 17, item 12 (the terminal's words): Ribbon of Bone's start screen names the Marquis
sealed away, health never reads below 0, SWING! says plainly who acts and what "Done" does,
and The GAME's end box names every pleasure card Player 2 still holds."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console

import rulebook
from rulebook.agents import make_agent


def shown(renderable: Any, width: int = 80) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def test_ribbon_of_bone_start_screen_names_the_marquis_sealed_away() -> None:
    plain = rulebook.load("ribbon-of-bone")
    sealed = [f for f in plain.content.fighters if not f.identity][:2]
    game = rulebook.load("ribbon-of-bone", imprisoned=tuple(f.id for f in sealed))
    state = game.new_state(seed=1, players=1)
    front = type(game).frontend()
    assert front.render is not None
    for width in (80, 120):  # the compact and the wide table
        text = " ".join(shown(front.render(game, state.view(0)), width).split())
        assert "Sealed in the imprisonment envelope" in text, text
        assert all(f.name in text for f in sealed), text


def test_ribbon_of_bone_health_never_reads_below_zero() -> None:
    """Seed 4 (random play) takes the player below 0: the table and the narration say 0."""
    game = rulebook.load("ribbon-of-bone")
    state = game.new_state(seed=4, players=1)
    agent = make_agent("random", game, 0, 4)
    front = type(game).frontend()
    assert front.render is not None and front.summary is not None
    said: list[str] = []
    while not state.is_over():
        events = state.apply(agent.act(state.infoset(0)))
        said += [text for e in events if (text := e.for_seat(0))]
        if not state.is_over():
            said.append(shown(front.render(game, state.view(0))))
    said.append(shown(front.summary(game, state.view(0))))
    negative = [t for t in said if re.search(r"-\d+ health|Health -\d|: -\d+ health", t)]
    assert not negative, negative[:3]
    assert any("0 health" in t for t in said)


def test_swing_says_who_acts_in_plain_words_and_what_done_does() -> None:
    game = rulebook.load("swing")
    state = game.new_state(seed=1, players=3)
    front = type(game).frontend()
    assert front.render is not None and front.compact is not None
    seat = state.to_move
    for draw in (front.render, front.compact):
        text = " ".join(shown(draw(game, state.view(seat)), 100).split())
        assert "Power: Player" not in text, text
        assert f"Player {seat + 1} to act: " in text and "(Power: " in text, text
    texts = [str(a) for a in state.legal_actions()]
    assert "Done: end your part of this phase" in texts, texts
    assert not any("pass control" in t for t in texts)


def test_the_game_end_box_names_a_pleasure_card_player_2_never_used() -> None:
    """Seed 0 (heuristic against heuristic) ends with Remove Equipment unused in Player 2's
    hand: the end box names it, beside the cards Player 2 redeems."""
    game = rulebook.load("the-game")
    state = game.new_state(seed=0, players=2)
    agents = [make_agent("heuristic", game, seat, 0) for seat in (0, 1)]
    while not state.is_over():
        seat = state.to_move
        assert seat is not None
        state.apply(agents[seat].act(state.infoset(seat)))
    front = type(game).frontend()
    assert front.summary is not None
    text = " ".join(shown(front.summary(game, state.view(None))).split())
    assert "Remove Equipment" in text, text
