"""One connection's sender: what it is sent goes out in order, at once unless a send before it
still waits, so a slow reader stalls no one else (``rulebook.web.live`` holds one a
connection)."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Coroutine, Generator
from contextlib import suppress
from typing import Any

import orjson
from fastapi import WebSocket

from rulebook.i18n import ENGLISH_LANGUAGE, Language

SEND_TIMEOUT = 10.0  # seconds a connection may take to accept one message


def dumps(message: dict[str, Any]) -> str:
    """A message as the text a socket sends (compact, like Starlette's send_json; orjson:
    a table is 2 KB of JSON, which the standard library takes 22 µs to write, orjson 3).
    Keys that are not strings (a view keyed by seat) are written as strings, by orjson's
    slower option, taken only when a message has one."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Finish:
    """Awaiting it finishes a coroutine that was started by hand and stopped at ``waiter``
    (what it yielded to the event loop): a send that blocked, handed to a task then. Like an
    eager task (3.12; 3.11 has none), except that its first step ran while the caller's task
    was current: so a send must tie nothing to the current task (``asyncio.timeout``, a
    cancel scope) before its first wait. uvicorn's and websockets' sends tie nothing."""

    __slots__ = ("coro", "waiter")

    def __init__(self, coro: Coroutine[Any, Any, None], waiter: Any) -> None:
        self.coro = coro
        self.waiter = waiter

    def __await__(self) -> Generator[Any, None, None]:
        coro, waiter = self.coro, self.waiter
        while True:
            try:
                yield waiter  # the very object the coroutine yielded, so the task waits on it
            except BaseException as exc:  # (cancelled): to the coroutine, as a task would
                try:
                    waiter = coro.throw(exc)
                except StopIteration:
                    return
                continue
            try:
                waiter = coro.send(None)
            except StopIteration:
                return


class Outbox:
    """One connection's sender: its messages go out in order. A message is written to the
    socket at once, from the room's own flow, when nothing is waiting to go out before it
    (almost always: the socket takes it without waiting); a send that has to wait is finished
    by a task of its own, and what comes meanwhile waits in the queue behind it, so a slow
    reader stalls no one else. A table still queued is dropped for a newer one (the newer
    holds everything the older did), so a slow reader builds no backlog; one that takes no
    message for SEND_TIMEOUT is closed by the table's watch (one timer for all connections
    rather than one for each message)."""

    def __init__(
        self,
        socket: WebSocket,
        seat: int | None,
        gone: Callable[[], object],
        language: Language = ENGLISH_LANGUAGE,
    ) -> None:
        self.socket = socket
        self.seat = seat
        self.language = language  # the reader's: its tables and errors are worded in it
        self.gone = gone
        self.queue: deque[tuple[bool, str]] = deque()  # (a table a newer one replaces, text)
        self.task: asyncio.Task[None] | None = None  # sending (a send that waited), or closing
        self.sending_since: float | None = None  # loop time the waiting send started

    def put(self, text: str, table: bool = False) -> None:
        if self.task is None:  # nothing before it: straight to the socket
            self.send(text)
            return
        queue = self.queue
        if table and queue and any(replaceable for replaceable, _ in queue):
            self.queue = queue = deque(item for item in queue if not item[0])
        queue.append((table, text))

    def send(self, text: str) -> None:
        """Write ``text`` now; if the socket makes the send wait, a task finishes it and then
        sends the queue. (A task for every message, woken for each, cost the loop more than
        the rest of a send.)"""
        coro = self.socket.send_text(text)
        try:
            waiter = coro.send(None)
        except StopIteration:
            return  # sent
        except Exception:  # closed: drop it (its reader ends on its own)
            self.task = asyncio.get_running_loop().create_task(self.drop())
            return
        loop = asyncio.get_running_loop()
        self.sending_since = loop.time()
        self.task = loop.create_task(self.run(Finish(coro, waiter)))

    def error(self, message: dict[str, Any]) -> None:
        self.put(dumps(message))

    async def run(self, sending: Finish) -> None:
        """Finish the send that waited, then send what queued behind it."""
        loop = asyncio.get_running_loop()
        try:
            await sending
            while self.queue:
                _, text = self.queue.popleft()
                self.sending_since = loop.time()
                await self.socket.send_text(text)
        except Exception:  # closed: drop it (its reader ends on its own)
            await self.drop()
            return
        self.sending_since = None
        self.task = None  # (no await since the queue was seen empty: nothing is left behind)

    def stalled(self, now: float) -> bool:
        return self.sending_since is not None and now - self.sending_since > SEND_TIMEOUT

    def cancel(self) -> None:
        """Stop sending (the connection is gone or stalled)."""
        if self.task is not None:
            self.task.cancel()

    async def drop(self) -> None:
        """Forget the connection and close it (a close waits for a stalled socket too, so
        it is given SEND_TIMEOUT and no more)."""
        self.gone()
        with suppress(Exception):
            async with asyncio.timeout(SEND_TIMEOUT):
                await self.socket.close(code=1013)
