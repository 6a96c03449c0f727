"""Saves and browser rooms from before A22's switch (``hand_battle``): the hand card was
chosen before the top card was turned up. Lacking the setting, they take the value that plays
as the game then did (``SusumukaModoruka.legacy_config``: ``blind``) and go on as played."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

import rulebook
from rulebook.cli.saves import read_save
from rulebook.engine.errors import SaveFileError
from rulebook.engine.state import State
from tests.games.susumuka_modoruka.helpers import act, start
from tests.saves import older_save

NEW = ("hand_battle", "skill_budget")  # what saves written before the audit lack


def blind_hand_battle() -> State:
    """Both investigate; Player 1 then battles Ogre from hand without seeing the top card."""
    dungeon = ["slime", "ogre", "kappa", "goblin", "fox-fire"]
    state = start(dungeon=dungeon, dice=[6], hand_battle="blind")
    act(state, "Investigate")
    act(state, "Investigate")
    act(state, "Advance: discard the top card and battle Ogre from hand")
    return state


def test_a22_a_save_from_before_the_switch_goes_on_as_it_was_played(tmp_path: Path) -> None:
    state = blind_hand_battle()
    path = older_save(tmp_path / "old.json", state, ["you", "you"], NEW)
    game, resumed, _ = read_save(path)
    assert game.config.hand_battle == "blind" and game.config.skill_budget == "all-game"
    assert resumed.view(0) == state.view(0) and resumed.view(0)["battle"]["card"] == "ogre"
    data = json.loads(path.read_text())
    data["config"]["hand_battle"] = "after-reveal"  # the same history under today's rule
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match="history does not replay"):
        read_save(path)


def test_a22_a_browser_room_from_before_the_switch_is_resumed(tmp_path: Path) -> None:
    """A stored room's recipe lacking ``hand_battle`` replays as ``blind`` at a restart."""
    from fastapi.testclient import TestClient

    from rulebook.web.server import create_app

    db = tmp_path / "tables.sqlite3"
    settings = {"hand_battle": "blind", "first_player": "choose"}
    body = {"game": "susumuka-modoruka", "seats": ["human", "human"], "seed": 3}
    with TestClient(create_app(db, ai_pause=0)) as client:
        response = client.post("/api/rooms", json={**body, "settings": settings})
        assert response.status_code == 200, response.text
        room = response.json()
    rid, tok = room["room"], room["seats"][0]["link"].split("#t=", 1)[1]
    # the moves, as the room would have stored them: a hand battle chosen blind
    state = rulebook.load("susumuka-modoruka", **settings).new_state(seed=3, players=2)
    for text in ("Player 1 goes first", "Investigate", "Investigate", "Advance: discard"):
        act(state, text)
    with sqlite3.connect(db) as conn:
        (stored,) = conn.execute("SELECT recipe FROM rooms WHERE id = ?", (rid,)).fetchone()
        recipe = json.loads(stored)
        assert recipe["seed"] == 3 and recipe["config"]["hand_battle"] == "blind"
        del recipe["config"]["hand_battle"]
        conn.execute("UPDATE rooms SET recipe = ? WHERE id = ?", (json.dumps(recipe), rid))
        for n, action in enumerate(state.history):
            conn.execute("INSERT INTO actions VALUES (?, ?, ?)", (rid, n, action))
    with (
        TestClient(create_app(db, ai_pause=0)) as client,
        client.websocket_connect(f"/ws/{rid}") as ws,
    ):
        ws.send_json({"type": "hello", "token": tok})
        table = ws.receive_json()
    assert table.get("n") == len(state.history), table
    assert table["view"]["battle"] == state.view(0)["battle"]
