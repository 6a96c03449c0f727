"""Driving a game through the public protocol in scripted tests: the legal actions by text,
and an action chosen by its text."""

from __future__ import annotations

import pytest

from rulebook.engine.state import State


def texts(state: State) -> list[str]:
    return [a.text for a in state.legal_actions()]


def act(state: State, text: str, seat: int | None = 0) -> list[str]:
    """Apply the legal action with this text (or starting with it); the narration ``seat``
    reads (None: a spectator's)."""
    for action in state.legal_actions():
        if action.text == text or action.text.startswith(text):
            return [e.for_seat(seat) or "" for e in state.apply(action)]
    pytest.fail(f"no legal action '{text}' among {texts(state)}")
