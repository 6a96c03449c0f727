"""The live side of the browser table: connections per room, what each is sent, the store's
group commit, and the task per room that plays its AI seats.

Many rooms share one event loop, so each step costs it as little as it can: a seat's table
is built and encoded once per change, however many connections show it, and written to
each socket at once unless a send before it still waits (a stalled reader stalls no one);
the actions of every room that arrive together are written in one SQLite transaction, and
none is acknowledged before it is committed; an agent that answers quickly moves on the loop
(handing a move to a thread costs more than a heuristic's whole move), with no AI pause in
the very commit of the person's move it answers, a search, or any agent seen to be slow, on
its own threads. Memory is bounded: rooms not in use are set aside (they stay in the store).
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from rulebook.agents import parse_spec
from rulebook.engine.errors import RulebookError
from rulebook.i18n import Message, _, msg, reading
from rulebook.web import language as languages
from rulebook.web.commit import GroupCommit
from rulebook.web.messages import error, hello, receive
from rulebook.web.outbox import Outbox, dumps
from rulebook.web.rooms import MAX_SEATS, NoRoom, Room, RoomError, Rooms

MAX_SOCKETS = 64  # connections to one room (seats, spectators, reconnects)
MAX_ROOMS = 2_000  # rooms in memory at once (about 0.2 MB each); idle ones make way first
IDLE = 600.0  # seconds a room nobody uses stays in memory (it stays in the store for good)
SEARCHING = frozenset({"ismcts"})  # agents that always think on the search threads
SLOW_MOVE = 0.005  # seconds: an agent that took longer three moves running, or
VERY_SLOW_MOVE = 0.05  # longer than this once, moves on the search threads after


class Table:
    """The live side of the rooms: connections per room and the AI tasks."""

    def __init__(
        self, rooms: Rooms, ai_pause: float, max_rooms: int = MAX_ROOMS, idle: float = IDLE
    ) -> None:
        self.rooms = rooms
        self.ai_pause = ai_pause
        self.max_rooms = max_rooms
        self.idle = idle
        self.sockets: dict[str, dict[WebSocket, Outbox]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.commits = GroupCommit(rooms, None if ai_pause else self.answer)
        self.tasks: set[asyncio.Task[None]] = set()
        self.thinking: dict[str, asyncio.Task[None]] = {}  # room -> its AI task
        self.slow: set[tuple[str, int]] = set()  # (room, seat) whose agent thinks on threads
        self.slowness: dict[tuple[str, int], int] = {}  # (room, seat): slow moves running
        self.watching: asyncio.Task[None] | None = None
        self.search = ThreadPoolExecutor(max_workers=2, thread_name_prefix="ai")  # AI's own

    def lock(self, room: Room) -> asyncio.Lock:
        lock = self.locks.get(room.id)
        if lock is None:  # (not setdefault: that would make a Lock on every call)
            lock = self.locks[room.id] = asyncio.Lock()
        return lock

    async def watch(self) -> None:
        """Close every connection that has taken no message for SEND_TIMEOUT: a stalled
        reader must not keep its sender, and the memory of what it was sent, for ever."""
        loop = asyncio.get_running_loop()
        for tick in itertools.count(1):
            await asyncio.sleep(1.0)
            now = loop.time()
            for connected in list(self.sockets.values()):
                for box in list(connected.values()):
                    if box.stalled(now):  # closed on a task of its own: a close waits too
                        box.cancel()
                        self.spawn(box.drop())
            if tick % 60 == 0:
                self.set_aside(self.idle)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def busy(self, rid: str) -> bool:
        """Whether a room is in use: a connection, its AI at work, or a move being stored."""
        lock = self.locks.get(rid)
        return (
            bool(self.sockets.get(rid))
            or rid in self.thinking
            or (lock is not None and lock.locked())
        )

    def set_aside(self, idle: float) -> int:
        """Take out of memory the rooms not in use for ``idle`` seconds (they stay in the
        store and are rebuilt, exactly, when next asked for); returns how many."""
        now = time.monotonic()
        quiet = [rid for rid, r in self.rooms.rooms.items() if now - r.touched >= idle]
        return sum(self.forget(rid) for rid in quiet)

    def forget(self, rid: str) -> bool:
        if self.busy(rid):
            return False
        self.rooms.drop(rid)
        self.sockets.pop(rid, None)
        self.locks.pop(rid, None)
        for seat in range(MAX_SEATS):
            self.slow.discard((rid, seat))
            self.slowness.pop((rid, seat), None)
        return True

    def make_room(self) -> None:
        """Before a room is created: space in memory for it, made by setting aside the
        rooms least recently used (a tenth at a time), or a RoomError if all are in use."""
        held = self.rooms.rooms
        if len(held) < self.max_rooms:
            return
        by_age = sorted(held, key=lambda rid: held[rid].touched)
        wanted = max(len(held) - self.max_rooms + 1, self.max_rooms // 10)
        for rid in by_age:
            if wanted <= 0:
                break
            wanted -= self.forget(rid)
        if len(held) >= self.max_rooms:
            raise RoomError(_("every room at this table is in use: try again later"))

    def broadcast(self, room: Room, extra: Message | None = None) -> None:
        """Each connection its seat's table in its reader's language, built and encoded once
        per seat and language; ``extra``: an error every reader is told first. A broken room
        (its failed move not undone) sends no table of its half-changed state, only why."""
        connected = self.sockets.get(room.id)
        if not connected:
            return
        if room.broken is not None:
            why = msg("room '{room}' cannot be resumed ({why})", room=room.id, why=room.broken)
            for box in list(connected.values()):
                if extra:
                    box.error(error(extra.text(box.language)))
                box.error(error(why.text(box.language)))
            return
        tables: dict[tuple[int | None, str], str] = {}
        for box in list(connected.values()):
            key = (box.seat, box.language.code)
            text = tables.get(key)
            if text is None:
                with reading(box.language):
                    text = tables[key] = dumps(room.table(box.seat))
            if extra:
                box.error(error(extra.text(box.language)))
            box.put(text, table=True)

    def wake(self, room: Room) -> None:
        """Let the room's AI seats play, if one is to move (one task a room at a time)."""
        if room.ai_to_move() and room.id not in self.thinking:
            task = asyncio.get_running_loop().create_task(self.play_ai(room))
            self.thinking[room.id] = task
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def play_ai(self, room: Room) -> None:
        """The room's AI seats move until a person is to move; a failure is told to the
        room and retried after a while, never left to freeze it."""
        try:
            await self.ai_turns(room)
        finally:  # no await between the last check and this: wake() never misses a turn
            self.thinking.pop(room.id, None)

    async def ai_turns(self, room: Room) -> None:
        failures = 0
        while room.ai_to_move():
            await asyncio.sleep(self.ai_pause if not failures else min(60, 2**failures))
            try:
                async with self.lock(room):
                    action = await self.ai_move(room)
                    if action is None:
                        return  # a person is to move after all: nothing changed
                    await self.commits.store(self.rooms.prepare(room, action))
            except Exception as exc:  # an agent or the store failed: say so, try again
                failures += 1
                self.broadcast(room, msg("the AI could not move ({error})", error=str(exc)))
                if failures >= 6:
                    return
                continue
            failures = 0
            self.broadcast(room)

    async def ai_move(self, room: Room) -> int | None:
        """The AI's choice: on the loop if its agent is quick, else on the search threads."""
        seat = self.ai_seat(room)
        if seat is None:
            return None
        if not self.quick(room, seat):
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.search, self.rooms.ai_move, room)
        return self.quick_move(room, seat)

    def answer(self, room: Room) -> int | None:
        """With no pause for the AI (the group commit asks only then), a quick AI seat's move
        now, in answer to a person's (see ``GroupCommit``); None when no AI is to move, or
        its agent searches or was seen to be slow (those move on the AI's own task, off the
        loop)."""
        seat = self.ai_seat(room) if room.ai_to_move() else None
        if seat is None or not self.quick(room, seat):
            return None
        return self.quick_move(room, seat)

    @staticmethod
    def ai_seat(room: Room) -> int | None:
        """The seat to move, if an agent sits there."""
        seat = room.state.to_move
        return seat if seat is not None and seat in room.agents else None

    def quick(self, room: Room, seat: int) -> bool:
        """Whether the agent at ``seat`` moves on the loop: it does not search and was not
        seen to be slow."""
        return (room.id, seat) not in self.slow and parse_spec(room.agents[seat])[
            0
        ] not in SEARCHING

    def quick_move(self, room: Room, seat: int) -> int | None:
        """A quick agent's move, on the loop; one seen to be slow moves on the search
        threads after."""
        start = time.perf_counter()
        action = self.rooms.ai_move(room)
        took = time.perf_counter() - start  # wall time, so one move preempted is not slowness
        running = self.slowness.pop((room.id, seat), 0) + 1  # slow moves in a row
        if took > VERY_SLOW_MOVE or (took > SLOW_MOVE and running >= 3):
            self.slow.add((room.id, seat))
        elif took > SLOW_MOVE:
            self.slowness[room.id, seat] = running
        return action

    async def session(self, socket: WebSocket, rid: str) -> None:
        """One connection: its hello, its seat's tables, its actions, until it closes; all
        in its reader's language (the hello's ``lang``, else the lobby's cookie, else the
        browser's languages: the hello's ``accept`` (the page's ``navigator.languages``),
        else the handshake's Accept-Language)."""
        await socket.accept()
        # the page's ?lang= and its browser's languages ride on the socket's URL too (as in
        # the hello): a refusal before the hello (no such room) reads in the reader's language
        query = socket.query_params
        header = query.get("accept", "")[:400] or socket.headers.get("accept-language")
        language, note = languages.choose(query.get("lang"), socket.cookies, header)
        try:
            with reading(language):  # before the hello: a room that is not there is said at once
                self.rooms.get(rid)
            said = await hello(socket)
            accept = said.get("accept")  # the page's own list, where the handshake's may differ
            if isinstance(accept, str) and accept:
                header = accept[:400]
            language, note = languages.choose(said.get("lang"), socket.cookies, header)
            with reading(language):
                seat = self.rooms.get(rid).seat_of(said.get("token"))
                room = self.rooms.get(rid)  # the same room, unless it was set aside meanwhile
        except (RoomError, WebSocketDisconnect) as exc:
            with suppress(Exception):  # with the page's words: a refused page has no table
                await socket.send_json({**error(str(exc)), **languages.page(language)})
                await socket.close(code=4404 if isinstance(exc, NoRoom) else 4403)
            return
        with reading(language):
            await self.seated(socket, room, seat, note)

    async def seated(
        self, socket: WebSocket, room: Room, seat: int | None, note: str | None
    ) -> None:
        """A connection that said hello: its tables and actions, in the current language."""
        rid = room.id
        connected = self.sockets.setdefault(rid, {})
        if len(connected) >= MAX_SOCKETS:
            await socket.send_json(error(_("this room has too many viewers")))
            await socket.close(code=4429)
            return
        language = languages.current()
        box = Outbox(socket, seat, lambda: connected.pop(socket, None), language)
        connected[socket] = box
        if self.watching is None:
            self.watching = asyncio.get_running_loop().create_task(self.watch())
            self.tasks.add(self.watching)
        self.wake(room)  # a room just rebuilt, or whose AI gave up: its AI plays again
        try:
            first = room.table(seat, first=True)
            first["layout"] = room.layout()  # once per connection: the client keeps it
            first.update(languages.page(language))
            if note is not None:
                box.error(error(note))
            box.put(dumps(first))
            while True:
                message = await receive(socket, box.error)
                if message is None:
                    continue
                try:
                    await self.act(room, seat, message)
                except RulebookError as exc:
                    box.error(error(str(exc)))
                    if room.broken is None:
                        box.put(dumps(room.table(seat)), table=True)
        except WebSocketDisconnect:
            pass
        finally:
            connected.pop(socket, None)
            box.cancel()

    async def act(self, room: Room, seat: int | None, message: dict[str, Any]) -> None:
        if message.get("type") != "act":
            kind = repr(str(message.get("type"))[:30])
            raise RoomError(_("unknown message type {kind}", kind=kind))
        async with self.lock(room):
            action = self.rooms.check(room, seat, message.get("action"), message.get("n"))
            try:
                await self.commits.store(self.rooms.prepare(room, action), answered=True)
            except RulebookError:
                if room.broken is not None:  # every connection told, not only the mover
                    self.broadcast(room)
                raise
        failed = self.commits.failed.pop(room.id, None)
        if failed is not None and room.broken is not None:  # else the AI's task retries, says
            self.broadcast(room, msg("the AI could not move ({error})", error=str(failed)))
        else:
            self.broadcast(room)
        self.wake(room)
