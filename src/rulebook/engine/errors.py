"""Narrow error types: every one of them carries a one-line message meant for a person."""

from __future__ import annotations


class RulebookError(Exception):
    """Base of every error rulebook raises on purpose (the CLI turns these into exit code 2)."""


class IllegalAction(RulebookError):
    """An action that is not legal in the current state; the state is left unchanged."""


class UnknownGame(RulebookError):
    """A game slug that is not registered."""


class UnknownAgent(RulebookError):
    """An agent name that no game or the generic registry knows."""


class ConfigError(RulebookError):
    """A rule parameter that does not exist or has a value of the wrong kind."""


class ContentError(RulebookError):
    """A card file that is missing, malformed or breaks the game's deck-building limits."""


class ScriptError(RulebookError):
    """A stacked deck or scripted die that cannot be honoured."""


class SaveFileError(RulebookError):
    """A save file that is corrupted, foreign or does not reproduce its own history."""


class DeclarationError(TypeError):
    """A game's state that breaks its own declaration (an attribute outside its FIELDS): a
    programming error in the game, found when a game is set up, not bad input."""
