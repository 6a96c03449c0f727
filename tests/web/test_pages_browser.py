"""The designer's pages in Chromium: a sweep and a report of six seats read whole on a
laptop's screen, their tables not cut off behind a sideways scroll (they scrolled at 1,100 px
when each figure and its interval shared a line). The browser fixture is conftest.py's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page

from tests.cli.helpers import run

LAPTOP = {"width": 1100, "height": 900}


@contextmanager
def laptop_page(browser: Browser, page_file: Path) -> Iterator[Page]:
    """``page_file`` open in a laptop-sized browser window."""
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = context.new_page()
        page.goto(page_file.as_uri())
        yield page
    finally:
        context.close()


def test_a_six_seat_sweep_table_fits_a_laptop_screen(browser: Browser, tmp_path: Path) -> None:
    page_file = tmp_path / "sweep.html"
    args = ("sweep", "swing", "--players", "6", "--vary", "max-rounds=8,10", "--games", "6")
    code, _out, err = run(*args, "--out", str(page_file))
    assert code == 0, err
    with laptop_page(browser, page_file) as page:
        box = page.locator("div.scroll")
        assert box.count() == 1
        wide, shown = box.evaluate("el => [el.scrollWidth, el.clientWidth]")
        assert wide <= shown, f"the table needs {wide} px and shows {shown}"
        cells = page.locator("table tr").nth(1).locator("td")
        assert cells.count() == 1 + 6 + 2 + 1  # the setting, six seats, draws, turns, note
        assert "–" in cells.nth(1).inner_text()  # each figure with its interval


def test_a_six_seat_report_reads_without_a_sideways_scroll(
    browser: Browser, tmp_path: Path
) -> None:
    """The report's card table at six seats scrolled too: its effect column was off screen."""
    page_file = tmp_path / "report.html"
    args = ("report", "swing", "--players", "6", "--games", "8", "--no-ladder")
    code, _out, err = run(*args, "--estimate-every", "0", "--out", str(page_file))
    assert code == 0, err
    with laptop_page(browser, page_file) as page:
        boxes = page.locator("div.scroll")
        assert boxes.count() >= 4  # seats, endings, length, decisions, cards
        for i in range(boxes.count()):
            wide, shown = boxes.nth(i).evaluate("el => [el.scrollWidth, el.clientWidth]")
            assert wide <= shown, f"table {i + 1} needs {wide} px and shows {shown}"
