"""The end line's points carry a sign only where the score range allows negative points
(chips won and lost), not where a score only counts up (prize points: "7", not "+7")."""

from __future__ import annotations

import pytest

from rulebook.cli.app import console, print_outcome
from tests.engine.toy import Config, Toy


@pytest.mark.parametrize(("points", "signed"), [("general", False), ("zero-sum", True)])
def test_points_are_signed_only_when_they_can_be_negative(points: str, signed: bool) -> None:
    game = Toy(Config(points=points))  # type: ignore[arg-type]
    state = game.new_state(seed=3)
    while not state.is_over():
        state.apply(state.legal_ids()[0])
    outcome = state.outcome()
    assert outcome is not None and outcome.points is not None
    with console.capture() as captured:
        print_outcome(state)
    line = " ".join(captured.get().split())
    shown = [f"{p:+g}" if signed else f"{p:g}" for p in outcome.points]
    assert f"(points: Player 1 {shown[0]}, Player 2 {shown[1]})" in line, line
    assert ("+" in line) == (signed and any(p >= 0 for p in outcome.points)), line
