"""The games and player counts the research interfaces are tested on (issue 20)."""

from __future__ import annotations

from typing import Any

# (slug, players, config): every multi-player game and count the issue lists
MULTI: list[tuple[str, int, dict[str, Any]]] = [
    ("the-game", 2, {}),
    ("susumuka-modoruka", 2, {}),
    ("susumuka-modoruka", 4, {}),
    ("susumuka-modoruka", 6, {}),
    ("swing", 2, {}),
    ("swing", 4, {}),
    ("swing", 6, {}),
    ("solo-bound-female", 2, {"mode": "basic"}),
    ("solo-bound-female", 2, {"mode": "standard"}),
    ("solo-bound-female", 2, {"mode": "cooperative"}),
]
SOLO: list[tuple[str, int, dict[str, Any]]] = [
    ("ribbon-of-bone", 1, {}),
    ("solo-bound-female", 1, {}),
]
ALL = MULTI + SOLO


def label(case: tuple[str, int, dict[str, Any]]) -> str:
    slug, players, config = case
    return f"{slug}-{players}p" + "".join(f"-{v}" for v in config.values())
