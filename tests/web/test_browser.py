"""The browser table in a real browser: Chromium (the distribution's package) driven by
Playwright against a live server on loopback.

Two phones play The GAME against each other by tapping the page, and neither page ever shows
the other's hand; a person plays Ribbon of Bone to an end; a spectator follows a game of AIs
and sees no hand. Screenshots go to a temporary directory (printed with ``-s``; kept with
RULEBOOK_SHOTS=<dir>) so a person can look at the table. The fixtures (server, browser,
screenshot folder) are in ``conftest.py``, the shared steps in ``live.py``.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.live import (
    STEP_MS,
    Server,
    check_clean,
    open_lobby,
    phone,
    post_room,
    tall_shot,
    wait_for_n,
)


def names_in(layout: dict[str, Any], text: str) -> str:
    """A table message's text with every card id replaced by its name."""
    cards: dict[str, str] = layout.get("cards", {})
    return re.sub(r"[a-z0-9]+(?:-[a-z0-9]+)*", lambda m: cards.get(m[0], m[0]), text)


def check_private(page: Page, room: Any, seat: int | None) -> None:
    """The page shows no card of another seat's hand beyond what that seat was sent (a card
    of the same name may also be public, in the queue or the discard, or in its own hand)."""
    message = room.table(seat)  # what the seat was sent (the layout, with every name, apart)
    layout = room.layout() or {}
    allowed = names_in(layout, json.dumps(message))
    shown = page.inner_text("body")
    for other in range(room.state.players):
        if other == seat:
            continue
        hand = room.state.view(other)["players"][other].get("hand", [])
        for card in hand:
            name = layout["cards"][card]
            if name in shown:
                assert name in allowed, f"{name!r} of seat {other}'s hand shows on {seat}'s page"
        faces = page.locator(f".player[data-seat='{other}'] .card:not(.back)")
        assert faces.count() == 0, f"seat {other}'s hand shows face up on {seat}'s page"


def create_in_lobby(page: Page, server: Server, slug: str, seed: int) -> list[str]:
    """Create a room through the lobby form; the seat links it shows."""
    open_lobby(page, server)
    page.click(f"button.game[data-slug='{slug}']")
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector(".invite a.seat-link")
    links: list[str] = page.eval_on_selector_all("a.seat-link", "els => els.map(e => e.href)")
    assert all(link.startswith(server.url + "/room/") and "#t=" in link for link in links)
    assert page.locator(".invite .qr svg").count() == len(links)
    return links


def play_step(page: Page, rng: random.Random, n: int, tap_cards: bool = True) -> None:
    """One action through the page: a tap on a card (which only points at its actions: it
    must not act) and then one of the buttons it highlights, or a button."""
    page.wait_for_function(
        f"document.body.dataset.n === '{n}' && document.body.dataset.acting === '1'",
        timeout=STEP_MS,
    )
    cards = page.locator(".card.playable:visible")
    if tap_cards and cards.count() and rng.random() < 0.3:
        card = cards.nth(rng.randrange(cards.count()))
        card.click()
        page.wait_for_timeout(200)  # time for a (wrong) act to come back from the server
        assert page.evaluate("document.body.dataset.n") == str(n), "a tap on a card acted"
        suggested = page.locator("button.action.suggested")
        assert suggested.count() >= 1
        suggested.nth(rng.randrange(suggested.count())).click()
    else:
        buttons = page.locator("button.action")
        buttons.nth(rng.randrange(buttons.count())).click()
    # past n, not n + 1: when AIs answer at once the page may only ever see a later table
    # (an unsent table is replaced by a newer one)
    page.wait_for_function(f"Number(document.body.dataset.n) > {n}", timeout=STEP_MS)


# --------------------------------------------------------------------------- the tests


def test_two_phones_play_the_game(server: Server, browser: Browser, shots: Path) -> None:
    lobby = phone(browser)
    links = create_in_lobby(lobby, server, "the-game", seed=11)
    tall_shot(lobby, shots / "lobby-room.png")
    assert len(links) == 2
    rid = links[0].split("/room/")[1].split("#")[0]
    room = server.room(rid)
    pages = [phone(browser), phone(browser)]
    for page, link in zip(pages, links, strict=True):
        page.goto(link)
        wait_for_n(page, 0)
        assert "#t=" in page.url
    assert "Content notice" in pages[0].inner_text("#notice")
    pages[0].screenshot(path=str(shots / "the-game-p1-start.png"))
    pages[0].click("#notice button")
    rng = random.Random(5)
    n = 0
    while not room.state.is_over():
        seat = room.state.to_move
        for watcher, page in enumerate(pages):
            wait_for_n(page, n)
            check_private(page, room, watcher)
        if n == 12:
            pages[1].screenshot(path=str(shots / "the-game-p2-mid.png"))
            pages[seat].screenshot(path=str(shots / "the-game-to-move-mid.png"))
            tall_shot(pages[seat], shots / "the-game-to-move-mid-full.png")
        if n == 20:  # a dropped connection: the page reconnects and resumes
            pages[seat].evaluate("window.__sockets.forEach(s => s.close())")
            pages[seat].wait_for_selector("#connection", state="visible", timeout=STEP_MS)
            pages[seat].wait_for_selector("#connection", state="hidden", timeout=STEP_MS)
        play_step(pages[seat], rng, n)
        n += 1
        assert n < 1000, "the game did not end"
    for watcher, page in enumerate(pages):
        wait_for_n(page, n)
        page.wait_for_selector("#end", state="visible")
        check_private(page, room, watcher)
        end = page.inner_text("#end")
        assert room.table(0)["outcome"] in end
    pages[0].screenshot(path=str(shots / "the-game-p1-end.png"))
    tall_shot(pages[1], shots / "the-game-p2-end-full.png")
    href = pages[0].get_attribute("#end a[download]", "href")
    assert href == f"/api/rooms/{rid}/save"
    saved = pages[0].request.get(server.url + href)
    assert saved.ok and saved.json()["history"] == list(room.state.history)
    for page in [lobby, *pages]:
        check_clean(page)
        page.context.close()


def check_second_roll_chip(page: Page, room: Any, n: int) -> bool | None:
    """The decision bar shows a second roll only when there is one (0 means none, RB-20):
    whether this decision had one, or None for a decision that carries no second roll."""
    decision = room.state.view(0).get("decision") or {}
    if "second" not in decision:
        return None
    wait_for_n(page, n)
    shown = "Second roll" in page.inner_text("#status")
    assert shown == (decision["second"] != 0), (decision, page.inner_text("#status"))
    return shown


def test_a_person_plays_ribbon_of_bone(server: Server, browser: Browser, shots: Path) -> None:
    page = phone(browser)
    open_lobby(page, server)
    made = page.request.post(
        server.url + "/api/rooms",
        data={"game": "ribbon-of-bone", "settings": {}, "seed": 4, "seats": ["human"]},
    ).json()
    rid = made["room"]
    room = server.room(rid)
    page.goto(server.url + made["seats"][0]["link"])
    wait_for_n(page, 0)
    page.screenshot(path=str(shots / "ribbon-start.png"))
    rng = random.Random(2)
    n = 0
    seconds: set[bool | None] = set()
    while not room.state.is_over():
        if n in (6, 30):
            page.screenshot(path=str(shots / f"ribbon-{n}.png"))
            tall_shot(page, shots / f"ribbon-{n}-full.png")
        if room.state.view(0).get("combat") and not (shots / "ribbon-combat.png").exists():
            tall_shot(page, shots / "ribbon-combat.png")
        seconds.add(check_second_roll_chip(page, room, n))
        play_step(page, rng, n)
        n += 1
        assert n < 2000, "the game did not end"
    page.wait_for_selector("#end", state="visible")
    assert room.table(0)["outcome"] in page.inner_text("#end")
    assert page.locator("#end .summary .zone").count() > 0
    assert {True, False} <= seconds, "no turn with and without a second roll was seen"
    page.screenshot(path=str(shots / "ribbon-end.png"))
    tall_shot(page, shots / "ribbon-end-full.png")
    check_clean(page)
    page.context.close()


def test_a_spectator_follows_and_sees_no_hand(
    server: Server, browser: Browser, shots: Path
) -> None:
    # AIs that wait a little before each move, so a page loading on a busy machine still
    # sees the game go by (at 0.02 s a move, it could be over before the page's first table)
    table = server.app.state.table
    pause, table.ai_pause = table.ai_pause, 0.08
    try:
        spectate(server, browser, shots)
    finally:
        table.ai_pause = pause


def spectate(server: Server, browser: Browser, shots: Path) -> None:
    desk = browser.new_context(viewport={"width": 1280, "height": 860})
    page = desk.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_lobby(page, server)
    page.click("button.game[data-slug='the-game']")
    page.select_option("select[data-seat='0']", "random")
    page.select_option("select[data-seat='1']", "heuristic")
    page.fill("#seed", "3")
    page.select_option("#p-theme", "fantasy")  # the lobby offers the game's themes
    page.click("#create")
    page.wait_for_selector(".invite a.spectate-link")
    assert page.locator("a.seat-link").count() == 0  # AIs get no links
    watch = page.get_attribute("a.spectate-link", "href")
    assert watch is not None and "#" not in watch
    rid = watch.rsplit("/", 1)[1]
    room = server.room(rid)
    page.goto(watch)
    page.wait_for_selector("body[data-n]")
    seen = set()
    while page.evaluate("document.body.dataset.over") != "1":
        seen.add(page.evaluate("document.body.dataset.n"))
        assert page.locator("button.action").count() == 0
        # the AIs keep moving meanwhile, so the page is checked for hands by its structure
        assert page.locator(".player .card:not(.back), .player .hand-label").count() == 0
        if len(seen) == 4:
            page.screenshot(path=str(shots / "spectator-desktop.png"))
        time.sleep(0.03)
    assert len(seen) > 3, "the spectator's page did not follow the game"
    check_private(page, room, None)
    page.screenshot(path=str(shots / "spectator-end.png"), full_page=True)
    assert "Watching" in page.inner_text("header")
    assert room.game.config.theme == "fantasy"
    # a forged seat link: one clear message, no table
    page.goto(f"{server.url}/room/{rid}#t=forged-token")
    page.wait_for_selector("#error", state="visible")
    assert "not valid" in page.inner_text("#error")
    assert page.locator("button.action").count() == 0
    # only why and the way back: no empty log or panel left on the page
    page.wait_for_selector("#to-lobby", state="visible")
    assert not page.locator(".log-box").is_visible() and not page.locator("#panel").is_visible()
    page.goto(f"{server.url}/room/nosuchroom")
    page.wait_for_selector("#to-lobby", state="visible")
    assert "no room 'nosuchroom'" in page.inner_text("#error")
    page.click("#to-lobby")
    page.wait_for_url(f"{server.url}/")
    assert errors == []
    desk.close()


def test_a_person_plays_solo_bound_female_standard_against_the_heuristic(
    server: Server, browser: Browser, shots: Path
) -> None:
    """Two characters (Standard): the person's page shows both boards, card orientation
    and durations, and never the heuristic player's hand; a dozen actions through the page."""
    page = phone(browser)
    open_lobby(page, server)
    made = page.request.post(
        server.url + "/api/rooms",
        data={
            "game": "solo-bound-female",
            "settings": {"mode": "standard"},
            "seed": 4,
            "seats": ["human", "heuristic"],
        },
    ).json()
    room = server.room(made["room"])
    page.goto(server.url + made["seats"][0]["link"])
    rng = random.Random(3)
    for _ in range(12):
        page.wait_for_function("document.body.dataset.acting === '1'", timeout=STEP_MS)
        n = int(page.evaluate("document.body.dataset.n"))
        if room.state.is_over():
            break
        play_step(page, rng, n, tap_cards=False)
    page.wait_for_function("document.body.dataset.acting === '1'", timeout=STEP_MS)
    text = page.inner_text("body")
    assert "THE OTHER PLAYER" in text.upper() and "Player 1" in text
    assert "Orientation: " in text and "Duration: " in text
    tall_shot(page, shots / "solo-bound-female-standard.png")
    # the heuristic's hand: a card name on the page must be one seat 0 was sent
    layout = room.layout() or {}
    allowed = names_in(layout, json.dumps(room.table(0)))
    for card in room.state.view(1)["hand"]:
        name = layout["cards"][card]
        assert name not in text or name in allowed, f"{name!r} of Player 2's hand shows"
    check_clean(page)
    page.context.close()


def test_swing_shows_power_meters_tags_and_the_room(
    server: Server, browser: Browser, shots: Path
) -> None:
    """SWING! at a glance (issue 11): who holds Power, each Host's Pleasure Meter as a bar,
    Locations tagged as their Inspiration pays for a card, the Room's cards with their owner."""
    page = phone(browser)
    open_lobby(page, server)
    made = page.request.post(
        server.url + "/api/rooms",
        data={
            "game": "swing",
            "settings": {"first-top": "first-seat"},
            "seed": 1,
            "seats": ["human", "heuristic", "heuristic"],
        },
    ).json()
    room = server.room(made["room"])
    page.goto(server.url + made["seats"][0]["link"])
    wait_for_n(page, 0)
    assert "Power Player 1" in page.inner_text("#facts")  # seat 1 is the first Top
    meters = page.locator(".player-track [role=meter]")
    assert meters.count() == 3
    assert [meters.nth(i).get_attribute("aria-valuenow") for i in range(3)] == ["24"] * 3
    page.click("button.action:has-text('Place')")
    wait_for_n(page, 1)
    page.locator("button.action:has-text('Introduce')").first.click()
    wait_for_n(page, 2)
    locations = page.locator("section.zone:has(h3:text-is('Locations in the Room')) .card")
    assert locations.count() == 1 and "tagged" in locations.first.inner_text()
    guests = page.locator("section.zone:has(h3:text-is('Guests, Objects and Moves in the Room'))")
    assert "Owner: Player 1" in guests.inner_text()
    tall_shot(page, shots / "swing-foreplay.png")
    for other in (1, 2):  # the other Hosts' hands: backs only (check_private reads "players")
        assert page.locator(f".player[data-seat='{other}'] .card:not(.back)").count() == 0
    assert page.locator(".player[data-seat='0'] .hand .card").count() == len(
        room.state.view(0)["hosts"][0]["hand"]
    )
    check_clean(page)
    page.context.close()


def test_susumuka_modoruka_shows_every_depth_flag_and_trophy(
    server: Server, browser: Browser, shots: Path
) -> None:
    """Susumuka & Modoruka at a glance (issue 10): every player's depth, flag and trophy on the
    board (a flag or trophy not yet won reads "none"), the other players' hands face down."""
    page = phone(browser)
    open_lobby(page, server)
    made = page.request.post(
        server.url + "/api/rooms",
        data={"game": "susumuka-modoruka", "seed": 7, "seats": ["human", "heuristic", "random"]},
    ).json()
    room = server.room(made["room"])
    page.goto(server.url + made["seats"][0]["link"])
    rng = random.Random(5)
    for _ in range(8):
        page.wait_for_function("document.body.dataset.acting === '1'", timeout=STEP_MS)
        if room.state.is_over():
            break
        play_step(page, rng, int(page.evaluate("document.body.dataset.n")), tap_cards=False)
    page.wait_for_function("document.body.dataset.acting === '1'", timeout=STEP_MS)
    players = page.locator(".player")
    assert players.count() == 3
    view = room.state.view(0)
    for seat in range(3):
        facts = players.nth(seat).inner_text()
        me = view["players"][seat]
        assert f"Depth: {me['depth']}" in facts
        assert (
            f"Flag: {me['flag'] or 'none'}" in facts
            and f"Trophy: {me['trophy'] or 'none'}" in facts
        )
    for other in (1, 2):
        assert page.locator(f".player[data-seat='{other}'] .card:not(.back)").count() == 0
    tall_shot(page, shots / "susumuka-modoruka.png")
    check_clean(page)
    page.context.close()


def test_an_oversized_frame_is_closed_unread_and_the_room_plays_on(server: Server) -> None:
    """A frame past the server's limit is refused by the protocol (1009, "message too big")
    before it is read into memory; the room is unchanged and its seat plays on."""
    made = post_room(server, {"game": "ribbon-of-bone", "seed": 4, "seats": ["human"]})
    room = server.room(made["room"])
    token = made["seats"][0]["link"].split("#t=", 1)[1]
    ws_url = f"ws://127.0.0.1:{server.port}/ws/{made['room']}"
    with connect(ws_url, max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "table" and first["n"] == 0
        ws.send("x" * 1_000_000)  # far past any legal message, far short of uvicorn's 16 MB
        with pytest.raises(ConnectionClosed):  # not an error message: closed unread
            ws.recv(timeout=10)
        assert ws.close_code == 1009
    assert len(room.state.history) == 0
    with connect(ws_url) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        table = json.loads(ws.recv(timeout=10))
        assert table["n"] == 0 and table["legal"]
        ws.send(json.dumps({"type": "act", "action": table["legal"][0]["id"], "n": 0}))
        while (table := json.loads(ws.recv(timeout=10)))["type"] != "table":
            pass
        assert table["n"] == 1 and len(room.state.history) == 1


def test_a_game_with_no_layout_shows_each_seat_its_hand_and_the_words_of_now(
    server: Server, browser: Browser, shots: Path
) -> None:
    """Issue 24: the toy has no layout and no front-end code. Its per-seat hands are drawn as
    the seats (own cards face up, the other's face down), the deal is told, and the options
    read as the game words them now."""
    import tests.engine.toy  # noqa: F401 - registers the toy with this server

    made = post_room(
        server,
        {"game": "toy", "seed": 1, "seats": ["human", "random"], "settings": {"worded": True}},
    )
    page = phone(browser)
    page.goto(server.url + made["seats"][0]["link"])
    page.wait_for_selector("button:has-text('Draw a card (8 left)')", timeout=STEP_MS)
    mine = page.locator(".player.mine")
    assert "Player 1" in mine.inner_text() and mine.locator(".card").count() == 2
    other = page.locator(".player:not(.mine)")
    assert "Player 2" in other.inner_text() and other.locator(".card.back").count() == 2
    assert other.locator(".card:not(.back)").count() == 0
    assert "You are dealt a " in page.locator("body").inner_text()
    tall_shot(page, shots / "toy-no-layout.png")
    check_clean(page)
    page.context.close()
