"""The browser server's own work per action, without the network: web_load's traffic in one process.

Run: ``.venv/bin/python benchmarks/web_work.py [--rooms 200] [--instructions]``. Plays the
same rooms as ``web_load.py`` (The GAME; half between two scripted people, half a person
against the heuristic; the same seeds, so the same 12,181 person actions at 200 rooms)
through ``rulebook.web.live.Table`` itself, each connection an in-memory socket: every
message is checked, every move stored in the SQLite group commit and applied, every table
built and encoded, every AI seat played, exactly as ``rulebook serve`` does; only uvicorn,
the WebSocket protocol and the sockets are left out (``web_floor.py`` measures those). The
scripted people parse each table (orjson) and answer at once, in the same process: a small
share of the figure (about 50,000 instructions a table), counted with the tables they were
sent, so a change that sends fewer tables saves some of theirs too.

It prints the CPU time per person action. ``--instructions`` runs it twice under callgrind
(10 and 50 rooms; needs ``valgrind``) and prints the instructions per person action between
the two, start-up left out: a count the shared machine's load does not move, for
comparing a change to the server's own work.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

try:
    import uvloop
except ImportError:  # not on Windows
    uvloop = None  # type: ignore[assignment]

from rulebook.engine.random import Rng
from rulebook.web import live
from rulebook.web.live import Table
from rulebook.web.rooms import Rooms
from rulebook.web.store import Store


class Person:
    """One scripted seat and its in-memory socket: acts at random when it is their turn."""

    def __init__(self, token: str, seed: int, counts: dict[str, int]) -> None:
        self.rng = Rng(seed)
        self.counts = counts
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.headers: dict[str, str] = {}
        self.cookies: dict[str, str] = {}
        self.query_params: dict[str, str] = {}
        self.pending: int | None = None  # the move count when it acted
        self.done = asyncio.get_running_loop().create_future()
        self.say({"type": "hello", "token": token})

    def say(self, message: dict[str, Any]) -> None:
        self.inbox.put_nowait({"type": "websocket.receive", "text": orjson.dumps(message).decode()})

    # the WebSocket the server sees
    async def accept(self) -> None:
        pass

    async def receive(self) -> dict[str, Any]:
        return await self.inbox.get()

    async def send_text(self, text: str) -> None:
        self.read(orjson.loads(text))

    async def send_json(self, data: dict[str, Any]) -> None:
        self.read(data)

    async def close(self, code: int = 1000) -> None:
        self.inbox.put_nowait({"type": "websocket.disconnect", "code": code})

    def read(self, table: dict[str, Any]) -> None:
        if table.get("type") == "error":
            self.counts["refused"] += 1
            self.pending = None
            return
        if table.get("type") != "table":
            return
        self.counts["tables"] += 1
        if self.pending is not None and table["n"] > self.pending:
            self.counts["actions"] += 1
            self.pending = None
        if table["over"]:
            if not self.done.done():
                self.done.set_result(None)
            self.inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
        elif table["legal"] and self.pending is None:
            choice = table["legal"][self.rng.below(len(table["legal"]))]["id"]
            self.pending = table["n"]
            self.say({"type": "act", "action": choice, "n": table["n"]})


async def play(rooms: int) -> tuple[dict[str, int], float]:
    """Person actions, refusals, tables sent to the people, and the CPU seconds the play
    took (rooms made before)."""
    table = Table(Rooms(Store(Path(tempfile.mkdtemp()) / "tables.sqlite3")), ai_pause=0)
    counts = {"actions": 0, "refused": 0, "tables": 0}
    people: list[tuple[Person, str]] = []
    for i in range(rooms):
        seats = ["human", "human"] if i % 2 == 0 else ["human", "heuristic"]
        room, tokens = table.rooms.create("the-game", {}, i, seats)
        table.wake(room)
        for seat, token in tokens.items():
            people.append((Person(token, i * 7 + seat, counts), room.id))
    gc.collect()  # as `rulebook serve` does once its rooms are loaded
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)
    start = time.process_time()
    sessions = [asyncio.create_task(table.session(p, rid)) for p, rid in people]  # type: ignore[arg-type]
    await asyncio.gather(*(p.done for p, _ in people))
    cpu = time.process_time() - start
    for task in (*sessions, *table.tasks):
        task.cancel()
    await asyncio.gather(*sessions, return_exceptions=True)
    table.search.shutdown(wait=False)
    return counts, cpu


def instructions(rooms: int) -> tuple[int, int]:
    """The whole run's instructions under callgrind, and its person actions."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        command += [sys.executable, __file__, "--rooms", str(rooms), "--never-slow"]
        env = {**os.environ, "PYTHONHASHSEED": "0"}  # the same hashes, the same count
        done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
        total = re.search(r"^summary: (\d+)", out.read_text(), re.MULTILINE)
        actions = re.search(r"^(\d+) person actions", done.stdout, re.MULTILINE)
        assert total and actions, done.stdout + done.stderr
        return int(total.group(1)), int(actions.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument(
        "--never-slow",
        action="store_true",
        help="no agent is judged slow (under callgrind every move takes 50 times as long, so "
        "the heuristic would be sent to the search threads, as it never is at full speed)",
    )
    args = parser.parse_args()
    if args.never_slow:
        live.SLOW_MOVE = live.VERY_SLOW_MOVE = float("inf")
    if args.instructions:
        small, few = instructions(10)
        large, many = instructions(50)
        print(
            f"{(large - small) / (many - few):,.0f} instructions per person action "
            f"(callgrind, {few} and {many} person actions at 10 and 50 rooms)"
        )
        return
    run = play(args.rooms)
    counts, cpu = uvloop.run(run) if uvloop is not None else asyncio.run(run)
    actions = counts["actions"]
    print(
        f"{actions} person actions ({counts['refused']} refused), {counts['tables']} tables "
        f"sent to the people, CPU {cpu:.2f} s = {cpu / actions * 1e6:.0f} µs per person action"
    )


if __name__ == "__main__":
    main()
