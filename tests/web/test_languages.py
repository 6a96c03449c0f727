"""The browser table in each reader's language (issue 25), through the public web API: the
lobby and the tables start from Accept-Language (a link's ``?lang=`` or the lobby's cookie
first); at one table each seat and each spectator reads its own language (narration,
options, layout, card names, roles, errors); the language changes nothing a seat may see."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import rulebook
from rulebook.games.the_game.cards import KINDS
from rulebook.web.server import create_app
from tests.cli.helpers import run

GAME = "susumuka-modoruka"
WORD = re.compile(r"[A-Za-z]{2,}")
ALLOWED = {"HP", "ID"}  # the rulebook's own HP; no other Latin word reads in Japanese


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "tables.sqlite3", ai_pause=0)) as c:
        yield c


def new_room(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    response = client.post("/api/rooms", json={"game": GAME, "seats": seats, "seed": 3, **extra})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def hello(ws: Any, link: str | None = None, lang: str | None = None) -> dict[str, Any]:
    """Join as the page does: the link's token and its ``?lang=``, if any."""
    message: dict[str, Any] = {"type": "hello"}
    if link and "#t=" in link:
        message["token"] = link.split("#t=", 1)[1]
    if link and "?lang=" in link:
        message["lang"] = link.split("?lang=", 1)[1].split("#", 1)[0]
    if lang:
        message["lang"] = lang
    ws.send_json(message)
    table: dict[str, Any] = ws.receive_json()
    assert table["type"] == "table", table
    return table


def shown(table: dict[str, Any], first: dict[str, Any] | None = None) -> str:
    """What a table message says in words: its options, narration, roles and outcome, and
    the layout's headings and the words its view's values are shown by (the layout comes with
    a connection's ``first`` table)."""
    layout = (first or table)["layout"]
    parts = [a["text"] for a in table["legal"]] + table["events"] + table["roles"]
    parts += [table.get("outcome") or "", table.get("title", "")]  # (the rules: tests/games)
    parts += list(layout.get("labels", {}).values())
    parts += [v for k, v in layout.get("words", {}).items() if k in json.dumps(table["view"])]
    return "\n".join(parts)


def english(text: str) -> set[str]:
    return set(WORD.findall(text)) - ALLOWED


def test_accept_language_chooses_the_lobbys_language_unless_the_reader_chose(
    client: TestClient,
) -> None:
    ja = {"accept-language": "fr-CA, ja-JP;q=0.8, en;q=0.5"}  # no French catalog: Japanese
    words = client.get("/api/words", headers=ja).json()
    assert words["lang"] == "ja" and words["words"]["Your turn"] == "あなたの手番"
    assert [lang["code"] for lang in words["languages"]][:2] == ["en", "ja"]
    assert client.get("/api/words", headers={"accept-language": "fr"}).json()["lang"] == "en"
    assert client.get("/api/words").json()["words"]["Your turn"] == "Your turn"
    client.cookies.set("rulebook-lang", "ja")  # the lobby's choice beats the header
    assert client.get("/api/words", headers={"accept-language": "en"}).json()["lang"] == "ja"
    assert client.get("/api/words?lang=en").json()["lang"] == "en"  # and ?lang= beats both
    client.cookies.clear()
    games = {g["slug"]: g for g in client.get("/api/games", headers=ja).json()}
    assert games[GAME]["title"] == "ススムカ&モドルカ"
    assert games[GAME]["roles"][:2] == ["プレイヤー1", "プレイヤー2"]
    assert "ダンジョン" in games[GAME]["rules"]
    english_games = {g["slug"]: g for g in client.get("/api/games").json()}
    assert english_games[GAME]["roles"][:2] == ["Player 1", "Player 2"]


@pytest.mark.parametrize(
    ("slug", "words"),
    [
        ("the-game", "成人向けの題材"),
        ("swing", "成人向けの題材"),
        ("solo-bound-female", "成人向けの題材"),
        ("ribbon-of-bone", "ダークファンタジー"),
    ],
)
def test_a_games_content_notice_reads_in_japanese(
    client: TestClient, slug: str, words: str
) -> None:
    """The notice a Japanese reader most needs, in Japanese: the lobby's and a table's (and
    ``rulebook rules --lang ja``, the terminal's, from the same catalog)."""
    ja = {"accept-language": "ja"}
    games = {g["slug"]: g for g in client.get("/api/games", headers=ja).json()}
    assert games[slug]["notice"].startswith(words), games[slug]["notice"]
    assert english(games[slug]["notice"]) == set()
    code, out, _ = run("rules", slug, "--lang", "ja")
    assert code == 0 and words in out.replace("\n", "")


def test_a_table_starts_from_the_browsers_language(client: TestClient) -> None:
    room = new_room(client, ["human", "random"])
    link = room["seats"][0]["link"]
    assert "?lang=" not in link  # no language chosen for the seat: the reader's browser's
    with client.websocket_connect(f"/ws/{room['room']}", headers={"accept-language": "ja"}) as ws:
        table = hello(ws, link)
    assert table["lang"] == "ja" and table["words"]["Game over"] == "ゲーム終了"
    assert table["layout"]["labels"]["discard"] == "ダンジョンの捨て札"
    assert table["layout"]["cards"]["ogre"] == "鬼" and table["title"] == "ススムカ&モドルカ"
    assert english(shown(table)) == set(), shown(table)


def test_a_table_reads_the_languages_the_page_says_its_browser_prefers(
    client: TestClient,
) -> None:
    """The page sends its browser's ``navigator.languages`` in the hello (``accept``): a
    handshake that carries another Accept-Language (some browsers give a WebSocket's the
    default) still gets the reader's language; anything but text there is ignored."""
    room = new_room(client, ["human", "random"])
    token = room["seats"][0]["link"].split("#t=", 1)[1]
    url = f"/ws/{room['room']}"
    for accept, lang in (("fr-CA,ja-JP,en", "ja"), ("en-GB", "en"), (["ja"], "en"), ("", "en")):
        with client.websocket_connect(url, headers={"accept-language": "en-US,en"}) as ws:
            ws.send_json({"type": "hello", "token": token, "accept": accept})
            assert ws.receive_json()["lang"] == lang, accept


def play(sockets: dict[int, Any], tables: dict[int, dict[str, Any]], moves: int) -> None:
    """Each seat's first listed option, ``moves`` times; every socket gets each new table."""
    for _ in range(moves):
        mover = tables[0]["view"]["to_move"]
        if tables[0]["over"] or mover not in sockets:
            return
        mine = tables[mover]
        sockets[mover].send_json({"type": "act", "action": mine["legal"][0]["id"], "n": mine["n"]})
        for seat, ws in sockets.items():
            tables[seat] = ws.receive_json()


def test_a_mixed_table_each_seat_and_the_spectator_in_their_own_language(
    client: TestClient,
) -> None:
    room = new_room(client, ["human", "human"], languages=["ja", "en"])
    links = [seat["link"] for seat in room["seats"]]
    assert "?lang=ja#t=" in links[0] and "?lang=en#t=" in links[1]
    url = f"/ws/{room['room']}"
    with (
        client.websocket_connect(url) as a,
        client.websocket_connect(url, headers={"accept-language": "en"}) as b,
        client.websocket_connect(url, headers={"accept-language": "ja"}) as watcher,
    ):
        firsts = {0: hello(a, links[0]), 1: hello(b, links[1]), 2: hello(watcher)}
        tables = dict(firsts)
        play({0: a, 1: b, 2: watcher}, tables, 12)
        ja, en, spectator = tables[0], tables[1], tables[2]
        assert ja["n"] >= 6 and ja["events"] and en["events"] and spectator["events"]
        for seat in (0, 2):
            assert english(shown(tables[seat], firsts[seat])) == set(), shown(tables[seat])
        assert spectator["seat"] is None and firsts[2]["words"]["Watching"] == "観戦中"
        assert "Player 1" in "\n".join(en["events"]) and "プレイヤー" not in shown(en, firsts[1])
        assert firsts[1]["layout"]["cards"]["ogre"] == "Ogre" and en["roles"][0] == "Player 1"
        assert ja["roles"] == ["プレイヤー1", "プレイヤー2"]
        # the view is data, the same whoever reads it; the words its values are shown by are not
        assert firsts[0]["layout"]["words"]["Player 1"] == "プレイヤー1"
        assert firsts[1]["layout"]["words"]["Player 1"] == "Player 1"
        # errors in the reader's language, and the room as it was
        mover = ja["view"]["to_move"]
        waiting, other = (b, a) if mover == 0 else (a, b)
        waiting.send_json({"type": "act", "action": 0, "n": ja["n"]})
        said = waiting.receive_json()["message"]
        assert said == ("it is not your turn" if waiting is b else "あなたの手番ではありません")
        assert waiting.receive_json()["n"] == ja["n"]
        other.send_json({"type": "act", "action": 99999, "n": ja["n"]})
        said = other.receive_json()["message"]
        expected = "行動99999は今のあなたの選択肢にありません" if other is a else "action 99999"
        assert said.startswith(expected), said
        assert other.receive_json()["n"] == ja["n"]


def test_an_unknown_language_reads_the_browsers_with_one_line(client: TestClient) -> None:
    room = new_room(client, ["human", "random"])
    with client.websocket_connect(f"/ws/{room['room']}", headers={"accept-language": "ja"}) as ws:
        ws.send_json({"type": "hello", "lang": "klingon"})
        note = ws.receive_json()
        assert note["type"] == "error" and "klingon" in note["message"]
        assert ws.receive_json()["lang"] == "ja"
    refused = client.post(
        "/api/rooms",
        json={"game": GAME, "seats": ["human"] * 2, "languages": ["ja", "xx"], "lang": "ja"},
    )
    assert refused.status_code == 400 and refused.json()["error"].startswith(
        "言語 'xx' はありません"
    )


def test_a_seats_text_in_either_language_never_names_what_it_may_not_see(
    client: TestClient,
) -> None:
    """Each seat, read in Japanese and in English at once: the same view, and neither text
    names a card of another hand (its id, English or Japanese name)."""
    room = new_room(client, ["human", "human"])
    links = [seat["link"] for seat in room["seats"]]
    url = f"/ws/{room['room']}"
    with (
        client.websocket_connect(url) as a_ja,
        client.websocket_connect(url) as a_en,
        client.websocket_connect(url) as b_ja,
        client.websocket_connect(url) as b_en,
    ):
        sockets = {0: a_ja, 1: b_ja, 2: a_en, 3: b_en}
        tables = {
            0: hello(a_ja, links[0], "ja"),
            1: hello(b_ja, links[1], "ja"),
            2: hello(a_en, links[0], "en"),
            3: hello(b_en, links[1], "en"),
        }
        cards = rulebook.load(GAME).content.by_id()
        checked = 0
        for _ in range(10):
            play({0: a_ja, 1: b_ja}, tables, 1)
            for seat in (2, 3):  # the English pages get the same moves
                tables[seat] = sockets[seat].receive_json()
            for seat in (0, 1):
                ja, en = tables[seat], tables[seat + 2]
                assert ja["view"] == en["view"] and ja["n"] == en["n"]
                other = ja["view"]["players"][1 - seat]
                assert "hand" not in other
                hidden = hidden_cards(client, room["room"], 1 - seat, ja["view"])
                text = json.dumps([ja["legal"], ja["events"], en["legal"], en["events"]])
                for card_id in hidden:
                    card = cards[card_id]
                    for name in (card.name, card.name_ja):
                        assert name not in text, (seat, name)
                    checked += 1
        assert checked >= 10  # hands were held throughout: the check was not empty


def hidden_cards(client: TestClient, rid: str, seat: int, seen: dict[str, Any]) -> set[str]:
    """The cards of ``seat``'s hand that the other seat's view shows nowhere."""
    room = client.app.state.table.rooms.get(rid)  # type: ignore[attr-defined]
    hand = set(room.state.view(seat)["players"][seat].get("hand", []))
    public = json.dumps({k: v for k, v in seen.items() if k != "players"})
    own = seen["players"][1 - seat].get("hand", [])
    return {card for card in hand if card not in public and card not in own}


def test_a_card_a_view_names_in_english_reads_in_the_readers_language(
    client: TestClient,
) -> None:
    """A view may hold a card by its English name (not its id): the layout's words give
    the reader's name for it, in any game (here The GAME in the pseudo-language)."""
    response = client.post("/api/rooms", json={"game": "the-game", "seats": ["human", "random"]})
    room = response.json()
    with client.websocket_connect(f"/ws/{room['room']}") as ws:
        table = hello(ws, room["seats"][0]["link"], "x-pseudo")
    english = rulebook.load("the-game").card_catalog()
    words = table["layout"]["words"]
    for name in english.values():
        assert words[name].startswith("⟦") and name not in words[name]


@pytest.mark.parametrize(
    ("slug", "seats"),
    [
        ("swing", ["human", "human"]),
        ("solo-bound-female", ["human"]),
        ("the-game", ["human", "human"]),
        ("ribbon-of-bone", ["human"]),
    ],
)
def test_a_games_headings_read_in_japanese(client: TestClient, slug: str, seats: list[str]) -> None:
    """The table's own words of a game whose rules text stays English: every heading, header
    label and kind's name of its layout reads in Japanese."""
    body = {"game": slug, "seats": seats, "seed": 1}
    room = client.post("/api/rooms", json=body).json()
    with client.websocket_connect(f"/ws/{room['room']}") as ws:
        layout = hello(ws, room["seats"][0]["link"], "ja")["layout"]
    headings = [*layout["labels"].values(), *(item["label"] for item in layout["header"])]
    zones = [*layout["zones"], *layout.get("summary", [])]
    while zones:
        zone = zones.pop()
        headings += [zone[k] for k in ("label", "flag_text") if zone.get(k)]
        zones += zone.get("zones", [])
    kinds = {kind for kind in layout["kinds"].values() if not kind.startswith("lord-")}
    headings += [layout["words"][kind] for kind in kinds]  # (a Lord's colour has no name)
    assert {h for h in headings if english(h)} == set()


@pytest.mark.parametrize(
    ("slug", "seats"),
    [("swing", 2), ("solo-bound-female", 1), ("the-game", 2), ("ribbon-of-bone", 1)],
)
def test_the_words_a_table_sends_know_no_deal(client: TestClient, slug: str, seats: int) -> None:
    """The words every seat is sent (card names and texts by the English a view holds) come
    from the game's content, never its state: the same for every seat and every deal, so
    they cannot name a card a seat may not see."""
    sent = []
    for seed in (1, 2):
        body = {"game": slug, "seats": ["human"] * seats, "seed": seed}
        room = client.post("/api/rooms", json=body).json()
        for link in [seat["link"] for seat in room["seats"]] + [room["spectate"]]:
            with client.websocket_connect(f"/ws/{room['room']}") as ws:
                sent.append(hello(ws, link, "x-pseudo")["layout"]["words"])
    assert len(sent) == 2 * (seats + 1) and all(words == sent[0] for words in sent)


def test_the_games_prompts_and_asked_kind_read_in_japanese(client: TestClient) -> None:
    """The GAME's decisions as its view names them (the prompts that name the theme's things,
    the kind a give asks for) read in Japanese in the browser."""
    body = {"game": "the-game", "seats": ["human", "human"], "seed": 1}
    room = client.post("/api/rooms", json=body).json()
    with client.websocket_connect(f"/ws/{room['room']}") as ws:
        words = hello(ws, room["seats"][0]["link"], "ja")["layout"]["words"]
    shown = [
        "Choose one action",
        "Name a card type",
        "Give a card of the named type",
        "Spend points, or be done",
        "Remove which punishment?",
        "Remove which equipment?",
        "Discard down to the hand limit",
        *KINDS,
    ]
    assert {view: words[view] for view in shown if english(words[view])} == {}
    assert words["Spend points, or be done"] == "ポイントを使うか、終える"


def test_every_value_a_ribbon_of_bone_view_shows_has_its_words(client: TestClient) -> None:
    """Every English value a Ribbon of Bone view holds as words (readings, the tracker's
    position, events, the court's sides, the offer and its text, bound icons, predictions,
    the ending and how) has the reader's words in the table the browser is sent, through a
    whole random game: the client shows no value as the view's English."""
    room = client.post("/api/rooms", json={"game": "ribbon-of-bone", "seats": ["human"]}).json()
    with client.websocket_connect(f"/ws/{room['room']}") as ws:
        layout = hello(ws, room["seats"][0]["link"], "x-pseudo")["layout"]
    known = {**layout["words"], **layout["cards"]}
    game = rulebook.load("ribbon-of-bone")
    state, rng, missing, seen = game.new_state(seed=5), random.Random(5), set(), 0
    while True:
        for text in shown_values(state.view(0)):
            seen += 1
            if not known.get(text, "").startswith("⟦") and not CODE.fullmatch(text):
                missing.add(text)
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert seen > 1000 and missing == set()


CODE = re.compile(r"[0-9-]+")  # a scene's code ("2-3") reads as it is
NOT_SHOWN = {"id", "side", "game", "happened", "decision", "outcome", "roll", "deck_cards"}


def shown_values(value: Any, key: str = "") -> Iterator[str]:
    """The texts a view holds that the client shows as values (not ids, not the narration
    the server words per reader, not the decision: its prompt is checked elsewhere)."""
    if key in NOT_SHOWN:
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield from shown_values(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from shown_values(v, key)
    elif isinstance(value, str) and value:
        yield value
