"""A rule parameter named ``cards`` is a card file (a path on the server, never the browser's
to name) only when it takes text; a game whose ``cards`` counts cards gets it offered in the
lobby and taken by a room like any other number (a newcomer's Goofspiel had ``cards: int``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import rulebook.engine.registry as registry
from rulebook.engine.game import param, register
from rulebook.engine.parameters import takes_card_file
from rulebook.web.server import create_app, describe
from tests.engine.toy import Config, Toy


@dataclass(frozen=True)
class CountedConfig(Config):
    cards: int = param(12, "how many cards there are (a number, not a card file)")


class Counted(Toy):
    slug = "toy-counted"
    config_class = CountedConfig


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setattr(registry, "_REGISTERED", dict(registry._REGISTERED))  # undone after
    register("toy-counted", "tests.web.test_card_count:Counted")
    with TestClient(create_app(tmp_path / "tables.sqlite3", ai_pause=0)) as c:
        yield c


def test_only_a_text_cards_parameter_is_a_card_file() -> None:
    assert takes_card_file(type(registry.load("the-game").config))
    assert not takes_card_file(CountedConfig)


def test_the_lobby_offers_a_number_of_cards_and_a_room_takes_it(client: TestClient) -> None:
    offered = {p["name"]: p["file"] for p in describe("toy-counted")["parameters"]}
    assert offered["cards"] is False
    assert {p["name"]: p["file"] for p in describe("the-game")["parameters"]}["cards"] is True
    body = {"game": "toy-counted", "seats": ["human", "random"], "settings": {"cards": "8"}}
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 200, response.text
    refused = {"game": "the-game", "seats": ["human"] * 2, "settings": {"cards": "/etc/x.toml"}}
    response = client.post("/api/rooms", json=refused)
    assert response.status_code == 400 and "only be given at the terminal" in response.text
