"""A slow or stalled reader never holds up its room: a message is written to a socket at once
when nothing waits before it, a send that has to wait is finished on the side while the room
plays on, only the newest table queues behind it, and a reader that takes nothing for
SEND_TIMEOUT, or whose socket fails, is dropped. Played through ``Table.session`` itself
with in-memory sockets (one of them held), as ``rulebook serve`` runs each connection."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import orjson
import pytest

from rulebook.web import outbox
from rulebook.web.live import Table
from rulebook.web.rooms import Rooms
from rulebook.web.store import Store


class Socket:
    """An in-memory WebSocket: what the server sends is kept in ``sent``; while ``gate`` is
    given and not set, every send waits for it; ``broken``: every send fails."""

    def __init__(
        self, hello: dict[str, Any], gate: asyncio.Event | None = None, broken: bool = False
    ) -> None:
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.sent: list[dict[str, Any]] = []
        self.gate = gate
        self.broken = broken
        self.closed: int | None = None
        self.headers: dict[str, str] = {}
        self.cookies: dict[str, str] = {}
        self.query_params: dict[str, str] = {}
        self.say(hello)

    def say(self, message: dict[str, Any]) -> None:
        self.inbox.put_nowait({"type": "websocket.receive", "text": orjson.dumps(message).decode()})

    async def accept(self) -> None:
        pass

    async def receive(self) -> dict[str, Any]:
        return await self.inbox.get()

    async def send_text(self, text: str) -> None:
        if self.broken:
            raise RuntimeError("the connection is gone")
        if self.gate is not None:
            await self.gate.wait()
        self.sent.append(orjson.loads(text))

    async def send_json(self, data: dict[str, Any]) -> None:
        self.sent.append(data)

    async def close(self, code: int = 1000) -> None:
        self.closed = code
        self.inbox.put_nowait({"type": "websocket.disconnect", "code": code})


async def until(done: Callable[[], bool], seconds: float = 5.0) -> None:
    async with asyncio.timeout(seconds):
        while not done():
            await asyncio.sleep(0.001)


def tables(socket: Socket) -> list[dict[str, Any]]:
    return [m for m in socket.sent if m["type"] == "table"]


async def act(me: Socket) -> None:
    """My move (the first choice) and the table that comes back with it and the AI's answer."""
    table = tables(me)[-1]
    me.say({"type": "act", "action": table["legal"][0]["id"], "n": table["n"]})
    await until(lambda: tables(me)[-1]["n"] > table["n"])


def run(
    tmp_path: Path, watcher: Callable[[], Socket], test: Callable[..., Coroutine[Any, Any, None]]
) -> None:
    """A room of a person against the heuristic, watched by ``watcher()``, played by ``test``."""

    async def main() -> None:
        table = Table(Rooms(Store(tmp_path / "tables.sqlite3")), ai_pause=0)
        room, tokens = table.rooms.create("the-game", {}, 5, ["human", "heuristic"])
        me, other = Socket({"type": "hello", "token": tokens[0]}), watcher()
        sessions = [asyncio.create_task(table.session(s, room.id)) for s in (me, other)]
        try:
            await until(lambda: bool(tables(me)))
            await test(table, room.id, me, other)
        finally:
            for task in (*sessions, *table.tasks):
                task.cancel()
            await asyncio.gather(*sessions, *table.tasks, return_exceptions=True)
            table.search.shutdown(wait=False)

    asyncio.run(main())


def test_a_held_reader_stalls_no_one_and_gets_the_newest_table_after(tmp_path: Path) -> None:
    gate: list[asyncio.Event] = []

    def held() -> Socket:
        gate.append(asyncio.Event())
        return Socket({"type": "hello"}, gate[0])

    async def test(table: Table, rid: str, me: Socket, watcher: Socket) -> None:
        for _ in range(6):
            await act(me)  # the room plays on while the watcher takes nothing
        assert watcher.sent == []
        box = table.sockets[rid][watcher]
        assert box.task is not None and [table for table, _ in box.queue] == [True]
        gate[0].set()
        await until(lambda: len(watcher.sent) == 2)
        first, newest = watcher.sent
        assert "layout" in first and first["n"] == 0  # the send that waited, finished
        assert newest["n"] == tables(me)[-1]["n"]  # then only the newest table
        await until(lambda: box.task is None)  # nothing left to send: no task kept
        await act(me)
        assert watcher.sent[-1]["n"] == tables(me)[-1]["n"]  # straight to the socket again

    run(tmp_path, held, test)


def test_a_reader_stalled_past_the_timeout_is_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outbox, "SEND_TIMEOUT", 0.05)

    async def test(table: Table, rid: str, me: Socket, watcher: Socket) -> None:
        await act(me)
        await until(lambda: watcher.closed is not None)  # the watch's next tick (a second)
        assert watcher.closed == 1013 and watcher not in table.sockets[rid]
        await act(me)  # and the room plays on

    run(tmp_path, lambda: Socket({"type": "hello"}, asyncio.Event()), test)


def test_a_reader_whose_socket_fails_is_dropped(tmp_path: Path) -> None:
    async def test(table: Table, rid: str, me: Socket, watcher: Socket) -> None:
        await until(lambda: watcher.closed is not None)
        assert watcher.closed == 1013 and watcher not in table.sockets[rid]
        await act(me)
        await act(me)

    run(tmp_path, lambda: Socket({"type": "hello"}, broken=True), test)


def test_a_send_finished_on_the_side_ends_when_its_task_is_cancelled() -> None:
    """``Finish``: a send started in the room's flow that had to wait, handed to a task and
    then cancelled (its reader dropped), runs its own clean-up, leaves nothing waiting on the
    socket's event, and its task ends cancelled, not pending for ever."""

    async def scenario() -> tuple[bool, bool, int]:
        gate = asyncio.Event()
        cleaned: list[bool] = []

        async def send() -> None:
            try:
                await gate.wait()
            finally:
                cleaned.append(True)

        coro = send()
        waiter = coro.send(None)  # as Outbox.send: the first step in the caller's flow
        task = asyncio.get_running_loop().create_task(_finish(outbox.Finish(coro, waiter)))
        await asyncio.sleep(0)
        task.cancel()
        await asyncio.wait({task}, timeout=2)  # bounded: a swallowed cancel would wait for ever
        return task.cancelled(), cleaned == [True], len(gate._waiters or ())  # type: ignore[attr-defined]

    loop = asyncio.new_event_loop()  # not asyncio.run: a task that swallowed its cancel
    try:  # would hold its shutdown for ever; this loop is closed with it left pending
        cancelled, cleaned, waiting = loop.run_until_complete(scenario())
    finally:
        loop.close()
    assert cancelled and cleaned and waiting == 0


async def _finish(sending: outbox.Finish) -> None:
    await sending
