"""Issue 24: the reveal at the end decided by how the game ended (``Outcome.revealing``,
honoured by views through ``State.sees``, by the harness and by resampling), setup's
narration reaching each seat (private per zone), and fields declared once by annotation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from rulebook.engine.conformance import ConformanceError, check
from rulebook.engine.errors import DeclarationError
from rulebook.engine.events import Event
from rulebook.engine.fields import (
    FROZEN,
    INT,
    INT_TUPLE,
    INTS,
    INTS2,
    STR,
    STRS,
    TUPLES,
    VALUE,
    shape_of,
)
from rulebook.engine.random import Rng
from rulebook.engine.state import State
from rulebook.web.server import create_app
from tests.cli.helpers import run, script_input
from tests.engine.toy import Toy, ToyState


def ended(seed: int) -> Any:
    game = Toy.from_options(showdown=True)
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    while not state.is_over():
        legal = state.legal_ids()
        state.apply(legal[rng.below(len(legal))])
    return state


def test_the_ending_decides_what_is_shown() -> None:
    shown = hidden = None
    for seed in range(40):
        state = ended(seed)
        holders = sum(1 for hand in state.view(None)["hands"] if hand["count"])
        if holders >= 2 and shown is None:
            shown = state
        if holders == 1 and hidden is None:
            hidden = state
    assert shown is not None and hidden is not None
    assert shown.outcome().reveal == ("hands",)
    assert all(h["cards"] is not None for h in shown.view(None)["hands"])  # a showdown
    assert hidden.outcome().reveal == ()
    holder = next(s for s, h in enumerate(hidden.view(None)["hands"]) if h["count"])
    assert hidden.view(None)["hands"][holder]["cards"] is None  # kept hidden at this end
    assert hidden.view(holder)["hands"][holder]["cards"] is not None  # from its owner only
    again = hidden.game.state_from_json(hidden.to_json(), verify=True)
    assert again.view(None) == hidden.view(None)  # the reveal survives a save


def test_the_harness_honours_the_reveal_and_catches_a_view_that_ignores_it() -> None:
    assert check(Toy.from_options(showdown=True), games=12).games == 24
    with pytest.raises(ConformanceError, match="a leak"):
        check(Toy.from_options(showdown_leak=True), games=12)


def test_setup_narration_reaches_each_seat_and_no_other() -> None:
    game = Toy.from_options()
    told: list[Event] = []
    state = game.new_state(seed=1, stack={"deck": ["c3", "c7", "c1", "c8"]}, events=told)
    assert [e.for_seat(0) for e in told] == ["You are dealt a 3 and a 1.", None]
    assert [e.for_seat(1) for e in told] == [None, "You are dealt a 1 and a 2."]
    assert [e.for_seat(None) for e in told] == [None, None]
    assert state == game.new_state(seed=1, stack={"deck": ["c3", "c7", "c1", "c8"]})


def test_replay_tells_the_deal_to_its_seat_only(tmp_path: Path) -> None:
    save = tmp_path / "toy.json"
    args = ["play", "toy", "--seat", "random", "--seat", "random", "--seed", "1"]
    assert run(*args, "--save", str(save), "--pace", "0")[0] == 0
    seen = run("replay", str(save), "--seat", "2", "--no-step")[1]
    assert seen.count("You are dealt a ") == 1
    assert "You are dealt a " not in run("replay", str(save), "--no-step")[1]


def test_the_terminal_and_the_browser_tell_the_deal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    script_input(monkeypatch, [])
    args = ["play", "toy", "--seat", "human", "--seat", "random", "--seed", "1"]
    _, out, _ = run(*args)
    assert "· You are dealt a " in out.split("choose 1-")[0]
    with TestClient(create_app(tmp_path / "t.sqlite3", ai_pause=0)) as client:
        made = client.post("/api/rooms", json={"game": "toy", "seats": ["human", "human"]})
        links = [seat["link"].split("#t=", 1)[1] for seat in made.json()["seats"]]
        room = made.json()["room"]
        for seat, link in enumerate(links):
            with client.websocket_connect(f"/ws/{room}") as ws:
                ws.send_json({"type": "hello", "token": link})
                table = ws.receive_json()
            hand = sorted(table["view"]["hands"][seat]["cards"])
            assert table["events"] == [f"You are dealt a {hand[0]} and a {hand[1]}."] or table[
                "events"
            ] == [f"You are dealt a {hand[1]} and a {hand[0]}."], (seat, table["events"])


class Annotated(State):
    """Fields declared by their annotations alone."""

    turn: int
    name: str
    deck: list[int]
    names: list[str]
    hands: list[list[int]]
    queue: list[tuple[int, ...]]
    seen: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]


def test_fields_are_declared_once_by_annotation_and_the_old_way_still_works() -> None:
    assert Annotated.FIELDS == {
        "turn": INT,
        "name": STR,
        "deck": INTS,
        "names": STRS,
        "hands": INTS2,
        "queue": TUPLES,
        "seen": INT_TUPLE,
        "rows": FROZEN,
    }
    assert set(Annotated.saved_fields()) >= set(Annotated.FIELDS)
    assert ToyState.FIELDS["hands"] == INTS2  # FIELDS written out, as before
    evaluated = {"deck": list[int], "rows": tuple[tuple[int, ...], ...], "turn": int}
    spelled = {"spare": int | None}  # annotations as objects (no `from __future__`)
    assert {k: shape_of(k, v) for k, v in {**evaluated, **spelled}.items()} == {
        "deck": INTS,
        "rows": FROZEN,
        "turn": INT,
        "spare": VALUE,
    }
    with pytest.raises(DeclarationError, match="field 'table': no shape"):

        class Bad(State):
            table: dict[str, int]

        del Bad
