"""The live side of the browser table: connections per room, what each is sent, and the
task per room that plays its AI seats (a short pause between moves so people can follow;
the search on its own threads so other rooms keep moving)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from rulebook.engine.errors import RulebookError
from rulebook.web.messages import hello, receive
from rulebook.web.rooms import Room, RoomError, Rooms

MAX_SOCKETS = 64  # connections to one room (seats, spectators, reconnects)
SEND_TIMEOUT = 10.0  # seconds a connection may take to accept one message


class Table:
    """The live side of the rooms: connections per room and the AI tasks."""

    def __init__(self, rooms: Rooms, ai_pause: float) -> None:
        self.rooms = rooms
        self.ai_pause = ai_pause
        self.sockets: dict[str, dict[WebSocket, int | None]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.thinking: dict[str, asyncio.Task[None]] = {}  # room -> its AI task
        self.search = ThreadPoolExecutor(max_workers=2, thread_name_prefix="ai")  # AI's own

    def lock(self, room: Room) -> asyncio.Lock:
        return self.locks.setdefault(room.id, asyncio.Lock())

    async def broadcast(self, room: Room, extra: dict[str, Any] | None = None) -> None:
        """Each connection its seat's table (built once per seat); a socket that does not
        take a message within SEND_TIMEOUT is closed, so a stalled reader stalls no one."""
        tables: dict[int | None, dict[str, Any]] = {}
        sends = []
        for socket, seat in list(self.sockets.get(room.id, {}).items()):
            if seat not in tables:
                tables[seat] = room.table(seat)
            messages = [extra, tables[seat]] if extra else [tables[seat]]
            sends.append(self.send(socket, room.id, messages))
        await asyncio.gather(*sends)

    async def send(self, socket: WebSocket, rid: str, messages: list[dict[str, Any]]) -> None:
        try:
            for message in messages:
                await asyncio.wait_for(socket.send_json(message), SEND_TIMEOUT)
        except Exception:  # closed or stalled: drop it (its reader ends on its own)
            self.sockets.get(rid, {}).pop(socket, None)
            with suppress(Exception):
                await socket.close(code=1013)

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
        loop = asyncio.get_running_loop()
        failures = 0
        while room.ai_to_move():
            await asyncio.sleep(self.ai_pause if not failures else min(60, 2**failures))
            try:
                async with self.lock(room):
                    action = await loop.run_in_executor(self.search, self.rooms.ai_move, room)
                    if action is None:
                        return  # a person is to move after all: nothing changed
                    self.rooms.commit(room, action)
            except Exception as exc:  # an agent or the store failed: say so, try again
                failures += 1
                problem = {"type": "error", "message": f"the AI could not move ({exc})"}
                await self.broadcast(room, problem)
                if failures >= 6:
                    return
                continue
            failures = 0
            await self.broadcast(room)

    async def session(self, socket: WebSocket, rid: str) -> None:
        """One connection: its hello, its seat's tables, its actions, until it closes."""
        await socket.accept()
        try:
            room = self.rooms.get(rid)
            seat = await hello(socket, room)
        except (RoomError, WebSocketDisconnect) as exc:
            with suppress(Exception):
                await socket.send_json({"type": "error", "message": str(exc)})
                await socket.close(code=4404 if "no room" in str(exc) else 4403)
            return
        connected = self.sockets.setdefault(rid, {})
        if len(connected) >= MAX_SOCKETS:
            await socket.send_json({"type": "error", "message": "this room has too many viewers"})
            await socket.close(code=4429)
            return
        connected[socket] = seat
        try:
            first = room.table(seat)
            first["layout"] = room.layout()  # once per connection: the client keeps it
            await socket.send_json(first)
            while True:
                message = await receive(socket)
                if message is None:
                    continue
                try:
                    await self.act(room, seat, message)
                except RulebookError as exc:
                    await socket.send_json({"type": "error", "message": str(exc)})
                    await socket.send_json(room.table(seat))
        except WebSocketDisconnect:
            pass
        finally:
            self.sockets.get(rid, {}).pop(socket, None)

    async def act(self, room: Room, seat: int | None, message: dict[str, Any]) -> None:
        if message.get("type") != "act":
            raise RoomError(f"unknown message type {str(message.get('type'))[:30]!r}")
        async with self.lock(room):
            self.rooms.act(room, seat, message.get("action"), message.get("n"))
        await self.broadcast(room)
        self.wake(room)
