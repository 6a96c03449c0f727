"""The store's group commit: the moves of every room that arrive together, written in one
SQLite transaction and applied only once stored (``rulebook.web.live`` holds one a server)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import suppress

from rulebook.web.rooms import Move, Room, Rooms
from rulebook.web.store import StoreError


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
