"""The browser table as a newcomer meets it on a phone (issue 17), in Chromium at 390×844:
how to play and the goals on every table, every card's text on a tap, the lobby's modes for
Solo Bound Female, a panel that never buries the hand, AI seats marked, Japanese names drawn
with real glyphs. One server and one browser for the module (fixtures of conftest.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from rulebook.engine.game import game_class
from tests.web.live import PHONE, STEP_MS, Server, open_lobby, phone, post_room, wait_for_n

ROOMS = {  # a room per game, a person at seat 0
    "the-game": {"seed": 2, "seats": ["human", "heuristic"]},
    "ribbon-of-bone": {"seed": 4, "seats": ["human"]},
    "solo-bound-female": {"seed": 4, "seats": ["human"]},
    "swing": {"seed": 1, "settings": {"first-top": "first-seat"}, "seats": ["human", "random"]},
    "susumuka-modoruka": {"seed": 3, "seats": ["human", "random"]},
}


def seat_page(browser: Browser, server: Server, slug: str) -> tuple[Page, Any]:
    """A phone at seat 0 of a new room of ``slug``, its first table shown."""
    made = post_room(server, {"game": slug, **ROOMS[slug]})
    page = phone(browser)
    page.goto(server.url + made["seats"][0]["link"])
    page.wait_for_selector("body[data-n]", timeout=STEP_MS)
    return page, server.room(made["room"])


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


@pytest.mark.parametrize("slug", sorted(ROOMS))
def test_every_table_says_how_to_play_and_every_card_opens_its_text(
    server: Server, browser: Browser, slug: str
) -> None:
    """The text of ``rulebook rules`` in a "How to play" panel that fits the phone; every card
    face on the table, tapped, shows its name and more (its facts, its content's text)."""
    page, room = seat_page(browser, server, slug)
    cls = game_class(slug)
    page.click("#howto summary")
    shown = page.inner_text("#howto-text")
    first = re.sub(r"[`*]", "", cls.how_to_play().split("\n")[0])
    assert first[:40] in shown.replace("\n", " ")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.click("#howto summary")  # folded again
    texts: dict[str, str] = room.layout()["texts"]
    cards = page.locator("#zones .card:not(.back):visible")
    for _ in range(12):  # a game that deals no card face up at once: play on until one shows
        if cards.count():
            break
        page.wait_for_function("document.body.dataset.acting === '1'", timeout=STEP_MS)
        n = len(room.state.history)
        page.locator("button.action").first.click()
        page.wait_for_function(f"Number(document.body.dataset.n) > {n}", timeout=STEP_MS)
    assert cards.count() > 0
    for i in range(cards.count()):
        card = cards.nth(i)
        name = card.get_attribute("data-card") or ""
        card.click()
        info = page.locator("#card-info")
        assert info.is_visible(), f"{name}: no text opened"
        said = info.inner_text()
        assert name in said and len(said) > len(name) + 3, f"{name}: {said!r}"
        text = texts.get(card.get_attribute("data-id") or "")
        if text:
            assert text in said
        assert page.evaluate("document.body.dataset.n") == str(len(room.state.history))
    page.context.close()


def test_the_goals_show_on_the_table(server: Server, browser: Browser) -> None:
    """The GAME: the Queue and the pleasure cards count towards their goals (5 and 5)."""
    page, _room = seat_page(browser, server, "the-game")
    headings = page.locator("#zones section.zone > h3").all_inner_texts()
    assert any(re.fullmatch(r"QUEUE · 0/5", h.upper()) for h in headings), headings
    assert any(h.upper().endswith("PLEASURE CARDS · 0/5") for h in headings), headings
    page.context.close()


def test_solo_bound_female_cards_in_hand_show_cost_and_stats(
    server: Server, browser: Browser
) -> None:
    page, room = seat_page(browser, server, "solo-bound-female")
    hand = page.locator("section.zone:has(h3:text-matches('Your hand', 'i')) .card")
    assert hand.count() == len(room.state.view(0)["hand"]) > 0
    for i in range(hand.count()):
        hand.nth(i).click()
        said = page.inner_text("#card-info")
        assert re.search(r"\b(cost|stimulation|visibility|progress|clock) \d", said), said
    page.context.close()


def test_the_action_panel_is_capped_and_folds_away(server: Server, browser: Browser) -> None:
    """Eight choices take at most about two fifths of the screen; the panel folds to its
    status line and the hand is then in full view; one choice is "1 choice"."""
    page, room = seat_page(browser, server, "the-game")
    page.wait_for_function("document.body.dataset.acting === '1'", timeout=STEP_MS)
    assert len(room.state.legal_actions()) >= 8
    assert box(page, "#panel")["height"] <= 0.42 * PHONE["height"]
    page.click("#panel-toggle")
    panel = box(page, "#panel")
    assert panel["height"] <= 110
    assert "Show 8 choices" in page.inner_text("#panel-toggle")
    hand = page.locator(".player.mine .hand")
    hand.scroll_into_view_if_needed()
    panel, shown = box(page, "#panel"), box(page, ".player.mine .hand")
    assert shown["y"] + shown["height"] <= panel["y"], "the panel covers the hand"
    page.click("#panel-toggle")
    assert page.locator("#actions button.action").first.is_visible()
    page.context.close()


def test_one_choice_is_one_choice(server: Server, browser: Browser) -> None:
    """Ribbon of Bone's court: a card that one move names says "1 choice", not "1 choices"."""
    page, _room = seat_page(browser, server, "ribbon-of-bone")
    page.wait_for_function("document.body.dataset.acting === '1'", timeout=STEP_MS)
    single = page.locator(".card.playable:not([aria-label$=' actions'])")
    assert single.count() > 0
    name = single.first.get_attribute("data-card")
    single.first.click()
    assert page.inner_text("#action-hint") == f"1 choice with {name}:"
    page.context.close()


def test_the_notice_title_and_ai_seat_on_a_phone(server: Server, browser: Browser) -> None:
    """The content notice is one short line until tapped; the title keeps its words while the
    page reconnects; the AI's seat is marked AI on the table and in the status."""
    page, _room = seat_page(browser, server, "the-game")
    notice = box(page, "#notice")
    assert notice["height"] <= 0.06 * PHONE["height"]
    assert "Content notice" in page.inner_text("#notice")
    page.click("#notice .notice-text")
    assert box(page, "#notice")["height"] > notice["height"]  # the whole notice, on a tap
    assert page.locator(".player[data-seat='1'] .tag.ai").inner_text() == "AI"
    assert page.locator(".player[data-seat='0'] .tag.ai").count() == 0
    page.evaluate("window.__sockets.forEach(s => s.close())")
    page.wait_for_selector("#connection", state="visible", timeout=STEP_MS)
    title = page.locator("#title")
    assert title.evaluate("t => t.scrollWidth <= t.clientWidth"), "the title is cut"
    page.wait_for_selector("#connection", state="hidden", timeout=STEP_MS)
    page.context.close()


def test_a_spectator_of_a_solo_game_is_not_told_it_is_to_move(
    server: Server, browser: Browser
) -> None:
    solo = post_room(server, {"game": "ribbon-of-bone", "seed": 4, "seats": ["human"]})
    watch = phone(browser)
    watch.goto(server.url + solo["spectate"])
    wait_for_n(watch, 0)
    said = watch.inner_text("#status") + watch.inner_text("#actions")
    assert "You to move" not in said and "Waiting for You" not in said
    assert "The player to move" in said
    watch.context.close()


def test_the_lobby_labels_the_search_strength(server: Server, browser: Browser) -> None:
    page = phone(browser)
    open_lobby(page, server)
    page.click("button.game[data-slug='the-game']")
    page.select_option("select[data-seat='1']", "ismcts")
    strength = page.locator("input[name='iterations-1']")
    assert strength.is_visible()
    labels = strength.evaluate("i => [...i.labels].map(l => l.innerText)")
    assert any("Strength" in label for label in labels)
    page.context.close()


def test_the_lobby_shows_how_to_play_as_the_table_does(server: Server, browser: Browser) -> None:
    """The lobby's "How to play" reads as the table's: ``code`` as code, not the docstring's
    backticks (a new user saw ````--theme fantasy```` in the lobby)."""
    page = phone(browser)
    open_lobby(page, server)
    page.click("button.game[data-slug='the-game']")
    page.click(".howto summary")
    text = page.locator(".lobby-rules")
    assert "`" not in text.inner_text()
    assert "--theme fantasy" in text.locator("code").all_inner_texts()
    assert text.locator("p").count() > 1
    page.goto(server.url + "/?lang=ja")  # Japanese wraps mid-word: a break joins, no space
    page.wait_for_selector("button.game")
    page.click("button.game[data-slug='solo-bound-female']")
    page.click(".howto summary")
    said = page.locator(".lobby-rules").inner_text()
    assert "場の不適性" in said and "ロビーの「ルール設定」" in said, said
    page.context.close()


SHOWN_WHOLE = """s => {
    const style = getComputedStyle(s);
    const pen = document.createElement("canvas").getContext("2d");
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    // every option, whichever is chosen; 16: the arrow
    return [...s.options].filter(o => pen.measureText(o.text).width + 16 > room).map(o => o.text);
}"""

DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lobby_seat_choices_read_whole(
    server: Server, browser: Browser, size: dict[str, int], lang: str
) -> None:
    """Side by side on a phone, who sits and the link's language were cut off ("A person
    (invite li"); on a desktop the language, 9rem wide, read "their browser's"."""
    page = phone(browser)
    page.set_viewport_size(size)
    page.goto(f"{server.url}/?lang={lang}")
    page.wait_for_selector("button.game")
    page.click("button.game[data-slug='swing']")
    selects = page.locator(".seat-row .seat-controls select")
    assert selects.count() == 4
    for i in range(selects.count()):
        assert selects.nth(i).evaluate(SHOWN_WHOLE) == [], selects.nth(i).evaluate("s => s.name")
    page.context.close()


UNCOVERED = """c => {
    const r = c.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === c || c.contains(hit);
}"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_bad_card_id_in_the_lobby_is_one_short_line_that_covers_no_control(
    server: Server, browser: Browser, size: dict[str, int]
) -> None:
    """An id like no card listed all 41 ids in a banner pinned over the seat choices (a
    quarter of a phone's screen): now one line names the value, a few ids and the command
    that lists them, and every control of the form can be reached and tapped."""
    page = phone(browser)
    page.set_viewport_size(size)
    open_lobby(page, server)
    page.click("button.game[data-slug='the-game']")
    page.fill("#p-without", "xyz")
    page.click("#create")
    page.wait_for_selector("#error", state="visible")
    said = page.inner_text("#error")
    assert "no card 'xyz' in the classic theme" in said and "'rulebook cards the-game'" in said
    assert len(said) < 160 and "\n" not in said and "stop-game" not in said
    controls = page.locator("#setup select:visible, #setup input:visible, #setup button:visible")
    assert controls.count() >= 6
    for i in range(controls.count()):
        control = controls.nth(i)
        # each control in turn just under the page's top, where a pinned banner would lie
        control.evaluate("c => window.scrollBy(0, c.getBoundingClientRect().top - 70)")
        assert control.evaluate(UNCOVERED), control.evaluate("c => c.outerHTML.slice(0, 80)")
    page.context.close()


def test_the_lobby_offers_solo_bound_female_for_two_by_mode(
    server: Server, browser: Browser
) -> None:
    """Two players: the mode is the first choice (no rule switch to find), the seats are
    named by their roles, no command line in sight, and the table is made."""
    page = phone(browser)
    open_lobby(page, server)
    page.click("button.game[data-slug='solo-bound-female']")
    assert not page.locator("#p-mode").is_visible()  # one player: solo, nothing to choose
    page.select_option("#player-count", "2")
    mode = page.locator("#p-mode")
    assert mode.is_visible()
    assert mode.evaluate("s => [...s.options].map(o => o.value)") == [
        "basic",
        "standard",
        "cooperative",
    ]
    mode.select_option("basic")
    names = page.locator(".seat-row .seat-name").all_inner_texts()
    assert names == ["Character player", "Scenario player"]
    mode.select_option("standard")
    names = page.locator(".seat-row .seat-name").all_inner_texts()
    assert len(set(names)) == 2 and "Player" not in names
    text = page.inner_text("main")
    assert "--set" not in text and "mode=" not in text
    page.select_option("select[data-seat='1']", "heuristic")
    page.click("#create")
    page.wait_for_selector(".invite a.seat-link", timeout=STEP_MS)
    link = page.get_attribute(".invite a.seat-link", "href") or ""
    room = server.room(link.split("/room/")[1].split("#")[0])
    assert room.game.config.mode == "standard" and room.state.players == 2
    page.context.close()


def test_japanese_names_are_drawn_with_real_glyphs(server: Server, browser: Browser) -> None:
    """Susumuka & Modoruka's names in Japanese: two different kana drawn in the page's own
    font differ, and neither is the box an unassigned code point is drawn as (the "tofu")."""
    page, _room = seat_page(browser, server, "susumuka-modoruka")
    same = page.evaluate(
        """() => {
        const family = getComputedStyle(document.body).fontFamily;
        const draw = (ch) => {
          const c = document.createElement("canvas");
          c.width = c.height = 48;
          const g = c.getContext("2d");
          g.font = `32px ${family}`;
          g.fillText(ch, 4, 38);
          return Array.from(g.getImageData(0, 0, 48, 48).data).join(",");
        };
        const tofu = draw("\\u0378");
        return [draw("つ") === tofu, draw("ス") === tofu, draw("つ") === draw("ス")];
      }"""
    )
    assert same == [False, False, False], "Japanese text is drawn as boxes"
    page.context.close()
