"""The browser tests' fixtures: one live server, one Chromium and one screenshot folder for
each test module that asks for them."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests import needs
from tests.web.live import ARGS, CHROMIUM, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    live = Server(tmp_path_factory.mktemp("web") / "rooms.db")
    live.start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if CHROMIUM is None:
        pytest.fail(needs.advice(["chromium"]))
    with sync_playwright() as play:
        launched = play.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def shots() -> Path:
    wanted = os.environ.get("RULEBOOK_SHOTS")
    folder = Path(wanted) if wanted else Path(tempfile.mkdtemp(prefix="rulebook-shots-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots: {folder}")
    return folder
