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
from collections import deque
from collections.abc import Callable, Coroutine, Generator
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from typing import Any

import orjson
from fastapi import WebSocket, WebSocketDisconnect

from rulebook.agents import parse_spec
from rulebook.engine.errors import RulebookError
from rulebook.i18n import ENGLISH_LANGUAGE, Language, Message, _, msg, reading
from rulebook.web import language as languages
from rulebook.web.messages import error, hello, receive
from rulebook.web.rooms import MAX_SEATS, Move, NoRoom, Room, RoomError, Rooms
from rulebook.web.store import StoreError

MAX_SOCKETS = 64  # connections to one room (seats, spectators, reconnects)
SEND_TIMEOUT = 10.0  # seconds a connection may take to accept one message
MAX_ROOMS = 2_000  # rooms in memory at once (about 0.2 MB each); idle ones make way first
IDLE = 600.0  # seconds a room nobody uses stays in memory (it stays in the store for good)
SEARCHING = frozenset({"ismcts"})  # agents that always think on the search threads
SLOW_MOVE = 0.005  # seconds: an agent that took longer three moves running, or
VERY_SLOW_MOVE = 0.05  # longer than this once, moves on the search threads after


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


class GroupCommit:
    """The moves of every room that arrive in one turn of the event loop, stored in one
    transaction (one commit a turn rather than one a move). A move is applied to its room's
    state only once its transaction is committed, so nothing is shown before it is stored.

    ``answer``: a quick AI seat's move, chosen at once after a person's (None: it is not to
    move now, or takes its time). The answers to a batch's moves are stored in a transaction
    of their own right after it, still in the same turn, and applied, and then the people's
    moves are acknowledged: their rooms are sent one table of both, with no turn of the loop
    in between (the table of the person's move alone would be replaced before anyone could
    act on it, and the turns taken to store the answer apart made the person wait longer)."""

    def __init__(self, rooms: Rooms, answer: Callable[[Room], int | None] | None = None) -> None:
        self.rooms = rooms
        self.answer = answer
        self.waiting: list[tuple[Move, asyncio.Future[None], bool]] = []
        self.failed: dict[str, Exception] = {}  # room -> its answer's failure, for its mover

    async def store(self, move: Move, answered: bool = False) -> None:
        """Store the move, then apply it to its room's state; a StoreError: neither
        happened. ``answered``: and a quick AI's answer to it, if it has one (a StoreError
        or a failure of the AI there leaves the person's move stored, without the answer)."""
        loop = asyncio.get_running_loop()
        if not self.waiting:
            loop.call_soon(self.flush)
        done: asyncio.Future[None] = loop.create_future()
        self.waiting.append((move, done, answered))
        await done

    def flush(self) -> None:
        batch, self.waiting = self.waiting, []
        problems = self.commit([move for move, _done, _answered in batch])
        asked = zip(batch, problems, strict=True)
        rooms = [m.room for (m, _done, wanted), no in asked if wanted and no is None]
        if self.answer is not None and rooms:
            with suppress(Exception):  # no move may wait for ever (the AI's task tries again)
                self.answers(rooms)
        for (_move, done, _answered), problem in zip(batch, problems, strict=True):
            if done.cancelled():
                continue
            if problem is None:
                done.set_result(None)
            else:
                done.set_exception(problem)

    def commit(self, moves: list[Move]) -> list[Exception | None]:
        """Store the moves in one transaction, then apply each stored one to its room (even
        if no one waits); each move's failure, if any."""
        problems: list[Exception | None] = [None] * len(moves)
        try:
            rows = [(move.room.id, move.n, move.action) for move in moves]
            self.rooms.store.append_many(rows)  # a move that ends its game marks it (install)
        except StoreError:  # one at a time, so a bad row refuses only its own move
            problems = [self.append(move) for move in moves]
        except Exception as exc:  # nothing stored; and no move may wait for ever
            problems = [exc] * len(moves)
        for at, (move, problem) in enumerate(zip(moves, problems, strict=True)):
            if problem is None:
                try:
                    self.rooms.install(move)
                except Exception as exc:
                    problems[at] = exc
        return problems

    def answers(self, rooms: list[Room]) -> None:
        """The quick AI seats' answers in these rooms, each round stored in one transaction,
        until a person is to move in each. An AI or a store that fails leaves its room to the
        AI's own task (``Table.wake``), which tells the room why and tries again."""
        answer = self.answer
        assert answer is not None
        while rooms:
            moves = []
            for room in rooms:
                try:
                    action = answer(room)
                    if action is not None:
                        moves.append(self.rooms.prepare(room, action))
                except Exception:  # the AI's own task says why
                    continue
            if not moves:
                return  # a person to move in each (no empty transaction)
            problems = self.commit(moves)
            rooms = []
            for move, problem in zip(moves, problems, strict=True):
                if problem is None:
                    rooms.append(move.room)
                else:  # told with the mover's table (a broken room has no AI task to tell it)
                    self.failed[move.room.id] = problem

    def append(self, move: Move) -> Exception | None:
        try:
            self.rooms.store.append_many([(move.room.id, move.n, move.action)])
        except Exception as exc:
            return exc
        return None


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
