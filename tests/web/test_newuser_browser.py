"""What a new user's run found in the browser (three problems), checked in Chromium: Ribbon
of Bone's ability words in Japanese, the "no such room" page in the reader's language, and
SWING!'s Phase chip in plain words. One server and one browser for the module (conftest.py);
screenshots in the ``shots`` folder."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page

from tests.web.live import STEP_MS, Server, post_room
from tests.web.test_languages_browser import play_some

DESKTOP = {"width": 1366, "height": 900}
ABILITIES = ("Balance", "Time", "Construction", "Gravity", "Reliance", "Support", "Loss")
ABILITIES_JA = ("均衡", "時間", "構築", "重力", "依存", "支援", "喪失")


def seat(browser: Browser, server: Server, body: dict[str, object], locale: str, lang: str) -> Page:
    """Seat 0 of a new room on a desktop browser that asks for ``locale``, its link naming
    ``lang`` (none: the browser decides)."""
    made = post_room(server, body)
    context = browser.new_context(viewport=DESKTOP, device_scale_factor=1, locale=locale)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.problems = problems  # type: ignore[attr-defined]
    link = made["seats"][0]["link"]  # type: ignore[index]
    if lang:
        link = link.replace("#t=", f"?lang={lang}#t=")
    page.goto(server.url + link)
    page.wait_for_selector("body[data-n]", timeout=STEP_MS)
    return page


def card_facts(page: Page) -> list[str]:
    facts: list[str] = page.evaluate(
        "[...document.querySelectorAll('.card-fact')].map((n) => n.textContent)"
    )
    return facts


def test_ribbon_of_bone_in_japanese_words_its_abilities_as_the_terminal_does(
    server: Server, browser: Browser, shots: Path
) -> None:
    """A card's abilities and a court card's showing face read 均衡, 時間…, not Balance, Time."""
    body = {"game": "ribbon-of-bone", "seed": 4, "seats": ["human"]}
    page = seat(browser, server, body, "ja-JP", "ja")
    for _ in range(12):  # until the supporters (with their abilities) are on the table
        if any(f.startswith("能力") for f in card_facts(page)):
            break
        play_some(page, 1)
    facts = card_facts(page)
    abilities = [f for f in facts if f.startswith("能力")]
    assert abilities, facts
    english = [f for f in facts if any(word in f for word in ABILITIES)]
    assert english == [], english
    assert any(word in " ".join(abilities) for word in ABILITIES_JA), abilities
    page.screenshot(path=str(shots / "ribbon-of-bone-ja-desktop-after.png"))
    assert page.problems == []  # type: ignore[attr-defined]
    page.context.close()
    # in English they stay titled as before ("Time", not "time")
    page = seat(browser, server, body, "en-US", "")
    for _ in range(12):
        if any(f.startswith("Abilities") for f in card_facts(page)):
            break
        play_some(page, 1)
    abilities = [f for f in card_facts(page) if f.startswith("Abilities")]
    words = [w for f in abilities for w in f.split(": ")[1].split(", ")]
    assert abilities and all(w in ABILITIES for w in words), abilities
    page.context.close()


def test_the_no_such_room_page_reads_in_the_readers_language(
    server: Server, browser: Browser, shots: Path
) -> None:
    """The link's ?lang=, else the browser's languages, as a table does."""
    for locale, query, name in (
        ("ja-JP", "?lang=ja", "bad-room-ja-after.png"),
        ("en-US", "?lang=ja", "bad-room-ja-link-after.png"),
        ("ja-JP", "", "bad-room-ja-browser-after.png"),
    ):
        context = browser.new_context(viewport=DESKTOP, device_scale_factor=1, locale=locale)
        page = context.new_page()
        page.goto(f"{server.url}/room/nosuchroom{query}")
        page.wait_for_selector("#to-lobby", state="visible")
        assert page.inner_text("#title") == "このテーブルに参加できません"
        assert "ルーム 'nosuchroom' はありません" in page.inner_text("#error")
        assert page.inner_text("#to-lobby") == "ロビーに戻る"
        assert page.evaluate("document.documentElement.lang") == "ja"
        page.screenshot(path=str(shots / name))
        context.close()
    context = browser.new_context(viewport=DESKTOP, device_scale_factor=1, locale="en-US")
    page = context.new_page()
    page.goto(f"{server.url}/room/nosuchroom")
    page.wait_for_selector("#to-lobby", state="visible")
    assert page.inner_text("#title") == "Cannot join this table"
    context.close()


def phase_chip(page: Page) -> str:
    chips: list[str] = page.evaluate(
        "[...document.querySelectorAll('#facts .chip')].map((n) => n.innerText)"
    )
    return next(c for c in chips if c.startswith(("Phase", "フェーズ")))


def test_swings_phase_chip_says_the_phase_and_whose_part_once(
    server: Server, browser: Browser, shots: Path
) -> None:
    """ "Phase Foreplay, the Top's part" (as the terminal), not "Phase Foreplay: Power: Top"
    beside the "Holds Power" chip."""
    body = {
        "game": "swing",
        "seed": 1,
        "settings": {"first-top": "first-seat"},
        "seats": ["human", "random"],
    }
    page = seat(browser, server, body, "en-US", "")
    assert phase_chip(page) == "Phase Foreplay, the Top's part"
    page.screenshot(path=str(shots / "swing-en-desktop-after.png"))
    page.context.close()
    page = seat(browser, server, body, "ja-JP", "ja")
    chip = phase_chip(page)
    assert chip == "フェーズ フォアプレイ、トップの番", chip
    assert "パワー" not in chip
    page.screenshot(path=str(shots / "swing-ja-desktop-after.png"))
    page.context.close()
