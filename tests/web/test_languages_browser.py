"""The browser table in Chromium in the reader's language (issue 25): a phone whose browser
asks for Japanese plays Susumuka & Modoruka in Japanese only, within 390 px; the pseudo-locale
rendered table shows no text that skipped translation. One server and one browser for the
module (the fixtures of conftest.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

from tests.web.live import PHONE, STEP_MS, Server, post_room

WORD = re.compile(r"[A-Za-z]{2,}")
BRAND = {"rulebook"}  # the page's name, the same in every language
# the games whose every message is extracted: their tables must show only translated text
PSEUDO_GAMES = ["susumuka-modoruka", "the-game", "swing", "solo-bound-female", "ribbon-of-bone"]
ROOMS = {
    "the-game": {"seed": 2, "seats": ["human", "random"]},
    "ribbon-of-bone": {"seed": 4, "seats": ["human"]},
    # standard: two characters, the other's table and the scenario player's hand shown too
    "solo-bound-female": {
        "seed": 1,
        "settings": {"mode": "standard"},
        "seats": ["human", "random"],
    },
    "swing": {"seed": 1, "settings": {"first-top": "first-seat"}, "seats": ["human", "random"]},
    "susumuka-modoruka": {"seed": 3, "seats": ["human", "random", "random"]},
}
ENDS = {"the-game": 20}  # seeds whose game of AIs ends with every part of the summary shown
MOVES = {"solo-bound-female": 8}  # moves until the seat's page shows every part (aptitude cards)


def seat_page(browser: Browser, server: Server, slug: str, locale: str, lang: str = "") -> Page:
    """Seat 0 of a new room of ``slug`` in a browser that asks for ``locale``; ``lang``: the
    language the seat's link names (none: the browser's)."""
    made = post_room(server, {"game": slug, **ROOMS[slug]})
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, locale=locale)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.problems = problems  # type: ignore[attr-defined]
    link = made["seats"][0]["link"]
    if lang:
        link = link.replace("#t=", f"?lang={lang}#t=")
    page.goto(server.url + link)
    page.wait_for_selector("body[data-n]", timeout=STEP_MS)
    return page


def play_some(page: Page, moves: int) -> None:
    """``moves`` of seat 0's options (its first button each time), waiting out the AIs."""
    for _ in range(moves):
        page.wait_for_function(
            "document.body.dataset.acting === '1' || document.body.dataset.over === '1'",
            timeout=STEP_MS,
        )
        if page.evaluate("document.body.dataset.over") == "1":
            return
        n = int(page.evaluate("document.body.dataset.n"))
        page.locator("button.action").first.click()
        page.wait_for_function(f"Number(document.body.dataset.n) > {n}", timeout=STEP_MS)


def page_text(page: Page) -> str:
    """Everything the page shows in words, but the language choice (each language is named
    in its own words there)."""
    page.evaluate("document.querySelectorAll('.lang-pick').forEach((n) => n.remove())")
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    text: str = page.inner_text("body")
    return text


def untransformed(text: str) -> set[str]:
    """Latin words outside every ⟦pseudo-translated⟧ stretch (they nest)."""
    plain, depth = [], 0
    for char in text:
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0:
            plain.append(char)
    return set(WORD.findall("".join(plain))) - BRAND


def stray(text: str) -> str:
    """The lines of ``text`` that hold an untransformed word (what a failure names)."""
    return "\n".join(line for line in text.splitlines() if untransformed(line))


def test_a_japanese_phone_shows_susumuka_modoruka_in_japanese_only(
    server: Server, browser: Browser
) -> None:
    page = seat_page(browser, server, "susumuka-modoruka", "ja-JP")
    play_some(page, 4)
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # the top bar says who you are in full ("あなたはプレイヤー1" is not cut to "あ…")
    who = "(n => [n.scrollWidth, n.clientWidth])(document.getElementById('who'))"
    width, room = page.evaluate(who)
    assert 0 < width <= room, (width, room)
    text = page_text(page)
    # HP and AI as the rulebook and the page write them; the game's own name and the terminal's
    # option (code) in "How to play" (as `rulebook rules --lang ja` shows them)
    allowed = {"HP", "AI", "Susumuka", "Modoruka", "set"}
    assert untransformed(text) - allowed == set(), text
    for term in ("ダンジョン", "階層", "戦闘力", "プレイヤー1", "あなた"):
        assert term in text, term
    # a list and a label read with Japanese punctuation ("、" and "："), not ", " and ": "
    facts = page.evaluate("[...document.querySelectorAll('.chip, .facts')].map(n => n.innerText)")
    assert not [f for f in facts if ", " in f or ": " in f], facts
    assert page.problems == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("slug", PSEUDO_GAMES)
def test_the_pseudo_locale_table_shows_no_untranslated_text(
    server: Server, browser: Browser, slug: str
) -> None:
    """Every word a seat's page shows went through a catalog (card ids and numbers aside),
    and every word a spectator reads at the end of a game of AIs (the outcome, the summary)."""
    page = seat_page(browser, server, slug, "en-GB", "x-pseudo")
    play_some(page, MOVES.get(slug, 4))
    text = page_text(page)
    assert "⟦" in text and untransformed(text) == set(), stray(text)
    assert page.problems == []  # type: ignore[attr-defined]
    seats = ["random"] * len(ROOMS[slug]["seats"])
    seed = ENDS.get(slug, ROOMS[slug]["seed"])
    made = post_room(server, {"game": slug, **ROOMS[slug], "seats": seats, "seed": seed})
    page.goto(server.url + made["spectate"] + "?lang=x-pseudo")
    page.wait_for_selector("body[data-over='1']", timeout=60_000)
    text = page_text(page)
    assert "⟦" in text and untransformed(text) == set(), stray(text)
