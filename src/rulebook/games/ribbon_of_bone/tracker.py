"""The attunement tracker on THE FAVOUR / THE WRATH card: a triangle, a Lord at each corner.

Ten positions: the middle, a point halfway to each Lord, each Lord's corner, and the midpoint
of each side. A position is held as counts (a, b, c) of pushes toward each Lord with the common
part removed, so one push toward every Lord cancels out. A push moves the token one step toward
the Lord; where that would leave the triangle it slides along the side to the Lord's corner.
"""

from __future__ import annotations

from rulebook.i18n import Message, msg

CENTER = 0
COUNTS: tuple[tuple[int, int, int], ...] = (
    (0, 0, 0),
    (1, 0, 0),
    (0, 1, 0),
    (0, 0, 1),  # halfway to Lord 0, 1, 2
    (2, 0, 0),
    (0, 2, 0),
    (0, 0, 2),  # each Lord's corner
    (1, 1, 0),
    (0, 1, 1),
    (1, 0, 1),  # between Lords 0-1, 1-2, 2-0
)
INDEX = {c: i for i, c in enumerate(COUNTS)}
CORNER = (4, 5, 6)
NAMES = (
    "the middle",
    "halfway to {0}",
    "halfway to {1}",
    "halfway to {2}",
    "on {0}'s corner",
    "on {1}'s corner",
    "on {2}'s corner",
    "between {0} and {1}",
    "between {1} and {2}",
    "between {2} and {0}",
)


def _midpoint(x: int, y: int) -> int:
    counts = [0, 0, 0]
    counts[x] = counts[y] = 1
    return INDEX[(counts[0], counts[1], counts[2])]


def _push(pos: int, lord: int) -> int:
    counts = list(COUNTS[pos])
    counts[lord] += 1
    low = min(counts)
    key = (counts[0] - low, counts[1] - low, counts[2] - low)
    if key in INDEX:
        return INDEX[key]
    if pos == CORNER[lord]:
        return pos  # completely attuned already
    if pos in CORNER:
        return _midpoint(CORNER.index(pos), lord)  # slide from a corner along the side
    return CORNER[lord]  # from a side's midpoint, slide on to the Lord's corner


STEP: tuple[tuple[int, ...], ...] = tuple(
    tuple(_push(p, lord) for lord in range(3)) for p in range(10)
)


def strength(pos: int, lord: int) -> float:
    """Distance travelled toward ``lord`` (projection): 2 on its corner, -1 opposite it."""
    counts = COUNTS[pos]
    return counts[lord] - (sum(counts) - counts[lord]) / 2


def reading(pos: int, lord: int, projection: bool = False) -> int:
    """2 complete, 1 positive, 0 neutral, -1 negative attunement with ``lord``.

    The rulebook's words: positive when the token lies between the Lord and the middle (or is
    between two Lords, one of them this one); negative when the middle lies between the token
    and the Lord. ``projection`` reads instead by the sign of ``strength`` (ambiguity R4).
    """
    if pos == CORNER[lord]:
        return 2
    if projection:
        value = strength(pos, lord)
        return 1 if value > 0 else -1 if value < 0 else 0
    counts = COUNTS[pos]
    if counts[lord] > 0:
        return 1
    if sum(counts) == 2 and max(counts) == 1:  # a side midpoint not touching this Lord
        return -1
    return 0


def describe(pos: int, lord_names: tuple[str, ...]) -> str:
    return NAMES[pos].format(*lord_names)


def said(pos: int, lords: tuple[object, ...]) -> Message:
    """``describe`` as a message: ``lords`` name the Lords (``Name``s, worded per reader)."""
    if pos == CENTER:
        return msg("the middle")
    if pos < 4:
        return msg("halfway to {lord}", lord=lords[pos - 1])
    if pos < 7:
        return msg("on {lord}'s corner", lord=lords[pos - 4])
    first = pos - 7
    return msg("between {lord} and {other}", lord=lords[first], other=lords[(first + 1) % 3])
