"""How SWING! looks at the terminal table (placeholder)."""

from __future__ import annotations

from typing import Any


def render(game: Any, view: dict[str, Any]) -> Any:
    return str(view.get("phase"))


def render_summary(game: Any, view: dict[str, Any]) -> Any:
    return str(view.get("summary"))
