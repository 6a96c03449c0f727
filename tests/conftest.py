"""The suite reads English unless a test asks for a language (``--lang``, or an environment of
its own): the machine's LANG must not change what the tests see. LANGUAGE names the language
of messages only (LC_CTYPE, so UTF-8 in tmux, is left as it is).

A compiled catalog older than its messages (a ``.po`` changed since ``make catalogs``) stops
the run at once with one line: rulebook reads the compiled one, so new translations would
fail tests that look right.

Hypothesis keeps no deadline: an example's time says how busy the machine is (one took 376 ms
at a load of 6 where it takes 5 ms), and speed is the benchmarks' to measure, not the tests'."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

os.environ["LANGUAGE"] = "en"
settings.register_profile("rulebook", deadline=None)
settings.load_profile("rulebook")


LOCALE = Path(__file__).parent.parent / "src" / "rulebook" / "locale"


def stale_catalogs(locale: Path = LOCALE) -> list[str]:
    """The languages whose compiled catalog is missing or older than its messages."""
    stale = []
    for po in sorted(locale.glob("*/LC_MESSAGES/messages.po")):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            stale.append(po.parent.parent.name)
    return stale


def pytest_sessionstart(session: pytest.Session) -> None:
    if stale := stale_catalogs():
        raise pytest.UsageError(
            f"the compiled catalog of {', '.join(stale)} is older than its messages: run "
            "`make catalogs` (`make test` does)"
        )
