"""What a room keeps between tables to build them cheaply (the part every seat's table shares,
made once per state and language; option words, each list of options and layouts made once
per game and language) never changes what a seat is sent: each table equals one built
afresh from a replay of the same actions, for every seat and spectator, in two languages
asked for in turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import rulebook
from rulebook.engine.random import Rng
from rulebook.engine.state import State
from rulebook.i18n import load, reading
from rulebook.web import room as room_module
from rulebook.web.rooms import EVENTS_SENT, Rooms
from rulebook.web.store import Store

LANGUAGES = ("en", "ja")


def expected(state: State, seat: int | None, lines: list[str]) -> dict[str, Any]:
    """A seat's table as the server built it before anything was kept: every part afresh."""
    game = state.game
    outcome = state.outcome()
    legal = []
    if seat is not None and state.to_move == seat:
        legal = [{"id": a.id, "text": game.action_text(state, a)} for a in state.legal_actions()]
    table: dict[str, Any] = {
        "type": "table",
        "seat": seat,
        "role": state.role_words(seat) if seat is not None else None,
        "roles": [state.role_words(s) for s in range(state.players)],
        "view": state.view(seat),
        "legal": legal,
        "events": lines[-EVENTS_SENT:],
        "n": len(state.history),
        "over": state.is_over(),
        "outcome": (
            outcome.describe(state.role_words, state.outcome_words())
            if outcome is not None
            else None
        ),
        "summary": state.view(seat).get("summary") if state.is_over() else None,
    }
    notes = type(game).frontend().notes  # a game's own lines for the decision (dice odds)
    if notes is not None and (said := notes(game, table["view"])):
        table["notes"] = said
    return table


TABLES = [
    ("the-game", 2, {}),
    ("swing", 4, {}),
    ("susumuka-modoruka", 3, {}),
    ("ribbon-of-bone", 1, {}),
    ("solo-bound-female", 1, {}),
    ("solo-bound-female", 2, {"mode": "standard"}),
    ("solo-bound-female", 2, {"mode": "basic"}),
]


@pytest.mark.parametrize(("slug", "players", "settings"), TABLES)
def test_every_table_equals_one_built_afresh(
    tmp_path: Path, slug: str, players: int, settings: dict[str, str]
) -> None:
    rooms = Rooms(Store(tmp_path / "tables.sqlite3"))
    room, _tokens = rooms.create(slug, dict(settings), 7, ["human"] * players)
    game = rulebook.load(slug, **settings)
    opening: list[Any] = []
    replay = game.new_state(seed=7, players=players, events=opening)
    events = list(opening)
    seats: list[int | None] = [None, *range(players)]
    rng = Rng(3)
    moves = 0
    while True:
        # each language after the other, starting with the one the last move ended with:
        # nothing kept for one language, or for the state before, is sent
        for code in LANGUAGES if moves % 2 == 0 else LANGUAGES[::-1]:
            language = load(code)[0]
            with reading(language):
                for seat in seats:
                    lines = [t for e in events if (t := e.read(seat, language)) is not None]
                    assert room.table(seat) == expected(replay, seat, lines), (code, seat, moves)
        if replay.is_over() or moves >= 60:
            break
        legal = replay.legal_ids()
        action = legal[rng.below(len(legal))]
        rooms.act(room, replay.to_move, action, len(replay.history))
        events.extend(replay.apply(action))
        moves += 1
    assert moves >= 20


def test_a_second_room_of_the_same_game_reads_its_own_language(tmp_path: Path) -> None:
    """Option words and layouts are kept per game and language: a Japanese reader in one
    room and an English reader in another of the same game each read their own."""
    rooms = Rooms(Store(tmp_path / "tables.sqlite3"))
    first, _ = rooms.create("the-game", {}, 1, ["human", "human"])
    second, _ = rooms.create("the-game", {}, 2, ["human", "human"])
    assert first.game is second.game  # shared, so what is kept for it is shared too
    with reading(load("ja")[0]):
        ja_options = first.table(first.state.to_move)["legal"]
        ja_layout = first.layout()
    with reading(load("en")[0]):
        en_options = second.table(second.state.to_move)["legal"]
        en_layout = second.layout()
    state = second.state
    assert en_options == [
        {"id": a.id, "text": state.game.action_text(state, a)} for a in state.legal_actions()
    ]
    assert {o["text"] for o in ja_options}.isdisjoint({o["text"] for o in en_options})
    assert ja_layout is not en_layout and ja_layout["words"] != en_layout["words"]


def test_tables_stay_the_same_when_the_kept_option_lists_are_cleared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lists of options kept per game are bounded: past the bound they are cleared and
    made again, and every table still equals one built afresh."""
    monkeypatch.setattr(room_module, "MAX_OPTION_LISTS", 2)
    test_every_table_equals_one_built_afresh(tmp_path, "the-game", 2, {})
    rooms = Rooms(Store(tmp_path / "bounded.sqlite3"))
    room, _tokens = rooms.create("the-game", {}, 7, ["human", "human"])
    kept = room.kept(room_module._OPTION_WORDS, "options")
    rng = Rng(5)
    for _ in range(30):
        state = room.state
        assert room.table(state.to_move)["legal"]
        assert len(kept) <= 2 + 1 + 1  # the bound, its words, and the list just made
        legal = state.legal_ids()
        rooms.act(room, state.to_move, legal[rng.below(len(legal))], len(state.history))
