"""The ``rulebook`` command: each command lives in its own module and registers on ``app``."""

from rulebook.cli import (
    conformance,
    info,
    new,
    play,
    replay,
    report,
    rl,
    serve,
    simulate,
    sweep,
    tune,
)
from rulebook.cli.app import app, console, errors

__all__ = [
    "app",
    "conformance",
    "console",
    "errors",
    "info",
    "main",
    "new",
    "play",
    "replay",
    "report",
    "rl",
    "serve",
    "simulate",
    "sweep",
    "tune",
]


def main() -> None:
    app()
