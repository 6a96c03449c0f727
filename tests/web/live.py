"""What the browser tests share: a live server on loopback, Chromium's launch options, a
phone-sized page that records its own errors and off-host requests, and small steps through
the table (the fixtures that start them are in ``conftest.py``)."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import Browser, Page

from rulebook.web.server import create_app, uvicorn_options
from tests import needs

CHROMIUM = needs.chromium()  # $RULEBOOK_CHROMIUM, or chromium / chromium-browser / google-chrome
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
STEP_MS = 10_000  # the longest a page may take to show the next table

# Test-only instrumentation: remember the page's WebSockets so a test can cut them.
TRACK_SOCKETS = """
(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); window.__sockets.push(this); }
  };
})();
"""


class Server:
    def __init__(self, db: Path) -> None:
        self.app = create_app(db, ai_pause=0.02)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, **uvicorn_options())
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def room(self, rid: str) -> Any:
        """The server's own room object (tests only: to know the true hands)."""
        return self.app.state.table.rooms.get(rid)


def phone(browser: Browser) -> Page:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
    context.add_init_script(TRACK_SOCKETS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("requestfailed", lambda req: problems.append(f"request failed: {req.url}"))
    page.on(
        "request",
        lambda req: (
            req.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:"))
            or problems.append(f"off-host request: {req.url}")
        ),
    )
    page.problems = problems  # type: ignore[attr-defined]
    return page


def tall_shot(page: Page, path: Path) -> None:
    """The whole page at the phone's width: the viewport made as tall as the page (a plain
    full-page shot would paint the sticky action panel over the middle)."""
    size = page.viewport_size or PHONE
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": min(height, 6000)})
    page.screenshot(path=str(path))
    page.set_viewport_size(size)


def open_lobby(page: Page, server: Server) -> None:
    """The lobby, with its list of games loaded: leaving it sooner aborts that request."""
    page.goto(server.url + "/")
    page.wait_for_selector("button.game")


def check_clean(page: Page) -> None:
    assert page.problems == [], page.problems  # type: ignore[attr-defined]


def wait_for_n(page: Page, n: int) -> None:
    page.wait_for_function(f"document.body.dataset.n === '{n}'", timeout=STEP_MS)


def post_room(server: Server, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        server.url + "/api/rooms",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        made: dict[str, Any] = json.load(answer)
    return made
