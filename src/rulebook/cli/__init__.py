"""The ``rulebook`` command: games, rules, play, simulate, replay."""

from rulebook.cli.commands import app, main

__all__ = ["app", "main"]
