"""The designer's pages in Chromium: a sweep of six seats reads whole on a laptop's screen, its
table of every setting not cut off behind a sideways scroll (it scrolled at 1,100 px when each
figure and its interval shared a line). The browser fixture is test_browser's."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser

from tests.cli.helpers import run
from tests.web.test_browser import browser

__all__ = ["browser"]  # the module's fixture, shared with test_browser

LAPTOP = {"width": 1100, "height": 900}


def test_a_six_seat_sweep_table_fits_a_laptop_screen(browser: Browser, tmp_path: Path) -> None:
    page_file = tmp_path / "sweep.html"
    args = ("sweep", "swing", "--players", "6", "--vary", "max-rounds=8,10", "--games", "6")
    code, _out, err = run(*args, "--out", str(page_file))
    assert code == 0, err
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = context.new_page()
        page.goto(page_file.as_uri())
        box = page.locator("div.scroll")
        assert box.count() == 1
        wide, shown = box.evaluate("el => [el.scrollWidth, el.clientWidth]")
        assert wide <= shown, f"the table needs {wide} px and shows {shown}"
        cells = page.locator("table tr").nth(1).locator("td")
        assert cells.count() == 1 + 6 + 2 + 1  # the setting, six seats, draws, turns, note
        assert "–" in cells.nth(1).inner_text()  # each figure with its interval
    finally:
        context.close()
