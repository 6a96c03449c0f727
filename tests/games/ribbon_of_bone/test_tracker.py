"""The attunement tracker (RB-23..RB-25, RB-29) and its two readings (R4, R15)."""

from __future__ import annotations

import pytest

from rulebook.games.ribbon_of_bone import tracker

C, H, V = 0, 1, 2  # the three Lords


def walk(*lords: int) -> int:
    pos = tracker.CENTER
    for lord in lords:
        pos = tracker.STEP[pos][lord]
    return pos


def test_rb29_two_steps_from_the_middle_reach_a_corner() -> None:
    assert walk(C) == 1 and walk(C, C) == tracker.CORNER[C]
    assert walk(C, C, C) == tracker.CORNER[C]  # completely attuned already


def test_rb29_one_step_toward_each_lord_cancels_out() -> None:
    assert walk(C, H, V) == tracker.CENTER


def test_rb29_a_push_that_would_leave_the_triangle_slides_along_the_side() -> None:
    between = walk(C, H)
    assert tracker.describe(between, ("C", "H", "V")) == "between C and H"
    assert tracker.STEP[between][C] == tracker.CORNER[C]
    assert tracker.STEP[tracker.CORNER[C]][H] == between


def test_every_position_is_reachable_and_steps_stay_inside() -> None:
    seen = {tracker.CENTER}
    frontier = [tracker.CENTER]
    while frontier:
        pos = frontier.pop()
        for lord in range(3):
            nxt = tracker.STEP[pos][lord]
            assert 0 <= nxt < 10
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    assert seen == set(range(10))


@pytest.mark.parametrize(
    ("path", "lines", "projection"),
    [
        ((), (0, 0, 0), (0, 0, 0)),
        ((C,), (1, 0, 0), (1, -1, -1)),  # RB-23: between Cinder and the middle
        ((C, C), (2, 0, 0), (2, -1, -1)),  # on Cinder's corner: complete
        ((C, H), (1, 1, -1), (1, 1, -1)),  # RB-25: between two Lords, negative with the third
        ((V, V, H), (-1, 1, 1), (-1, 1, 1)),  # slid from Vellum's corner to the H-V side
    ],
)
def test_rb23_rb24_rb25_readings(
    path: tuple[int, ...], lines: tuple[int, ...], projection: tuple[int, ...]
) -> None:
    pos = walk(*path)
    assert tuple(tracker.reading(pos, lord) for lord in range(3)) == lines
    assert tuple(tracker.reading(pos, lord, projection=True) for lord in range(3)) == projection


def test_rb24_negative_when_the_middle_lies_between_token_and_lord() -> None:
    opposite_vellum = walk(C, H)
    assert tracker.reading(opposite_vellum, V) == -1
    assert tracker.strength(opposite_vellum, V) == -1.0
