"""Kuhn poker against a reference: the same legal moves and the same returns for every deal
and every line of play. The reference is OpenSpiel's ``kuhn_poker`` where pyspiel is
installed (``pip install open_spiel``), else the rules' own table of payoffs below."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from rulebook.engine.conformance import check
from rulebook.engine.game import load

NAMES = ("jack", "queen", "king")
Reference = Callable[[tuple[int, int], list[int]], tuple[list[int], list[float] | None]]


def rules_reference(deal: tuple[int, int], line: list[int]) -> tuple[list[int], list[float] | None]:
    """(legal moves, returns at the end or None) from the rules: 0 pass, 1 bet."""
    if line in ([], [0], [1], [0, 1]):
        return [0, 1], None
    if line in ([1, 0], [0, 1, 0]):  # a fold: the bettor takes the ante
        bettor = 0 if line == [1, 0] else 1
        return [], [1.0 if s == bettor else -1.0 for s in (0, 1)]
    stake = 2.0 if 1 in line else 1.0
    winner = 0 if deal[0] > deal[1] else 1
    return [], [stake if s == winner else -stake for s in (0, 1)]


def spiel_reference() -> Reference | None:
    try:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("kuhn_poker")

    def reference(deal: tuple[int, int], line: list[int]) -> tuple[list[int], list[float] | None]:
        state = game.new_initial_state()
        for action in [*deal, *line]:
            state.apply_action(action)
        if state.is_terminal():
            return [], [float(r) for r in state.returns()]
        return list(state.legal_actions()), None

    return reference


def compare(reference: Reference) -> int:
    """Walk every line of play the reference allows, for every deal; the number of positions."""
    game = load("kuhn-poker")
    compared = 0
    for deal in itertools.permutations(range(3), 2):
        stack = {"deck": [NAMES[deal[0]], NAMES[deal[1]]]}
        lines: list[list[int]] = [[]]
        while lines:
            line = lines.pop()
            want_legal, want_returns = reference(deal, line)
            state = game.new_state(stack=stack)
            for action in line:
                state.apply(action)
            assert list(state.legal_ids()) == want_legal, (deal, line)
            outcome = state.outcome()
            points = list(outcome.points) if outcome and outcome.points else None
            assert points == want_returns, (deal, line, points, want_returns)
            compared += 1
            lines += [[*line, action] for action in want_legal]
    return compared


def test_every_deal_and_line_matches_the_rules() -> None:
    assert compare(rules_reference) == 6 * 9  # 6 deals, 9 positions each (5 of them final)


def test_every_deal_and_line_matches_openspiel_where_it_is_installed() -> None:
    reference = spiel_reference()
    assert compare(reference or rules_reference) == 6 * 9


def test_every_promise_of_the_protocol_holds() -> None:
    assert check(load("kuhn-poker"), games=60).games == 60
