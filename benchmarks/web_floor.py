"""The browser server's floor: FastAPI and uvicorn alone, with the messages of a real room.

Run: ``.venv/bin/python benchmarks/web_floor.py [--rooms 200] [--seconds 15]``. Starts a bare
FastAPI app under uvicorn with ``rulebook serve``'s options (``uvicorn_options``) in its own
process, and plays ``rooms`` rooms of two WebSocket clients at once, as ``web_load.py`` does:
a seat whose turn it is sends an act, and the server answers it with a 2 KB table to both
seats (what a room of two people is sent after each move). No game, no store, no views: the
server CPU an act costs here is what the stack takes before any of rulebook's own work, so
``web_load.py``'s figure less this one is what rulebook's code costs an action.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson
import uvicorn
import websockets
from fastapi import FastAPI, WebSocket, WebSocketDisconnect

from rulebook.web.server import uvicorn_options

TABLE = {"type": "table", "view": {"cards": "x" * 1900}, "legal": [{"id": 1}, {"id": 2}]}


def serve(port: int) -> None:
    """The bare app: rooms of sockets; each act answered with a table to every seat."""
    app = FastAPI()
    rooms: dict[str, list[WebSocket]] = {}

    @app.websocket("/ws/{rid}")
    async def play(socket: WebSocket, rid: str) -> None:
        await socket.accept()
        seats = rooms.setdefault(rid, [])
        seats.append(socket)
        try:
            while True:
                act = orjson.loads(await socket.receive_text())
                n = act["n"] + 1
                for i, other in enumerate(seats):
                    table = {**TABLE, "n": n, "mine": n % len(seats) == i}
                    await other.send_text(orjson.dumps(table).decode())
        except WebSocketDisconnect:
            pass

    uvicorn.run(app, host="127.0.0.1", port=port, **uvicorn_options())


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user + system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def seat(port: int, rid: str, first: bool, go: asyncio.Event, acts: list[int]) -> None:
    """One scripted person: acts whenever the table says it is their turn."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{rid}") as ws:
        await go.wait()
        if first:
            await ws.send(orjson.dumps({"type": "act", "n": 0}).decode())
        async for raw in ws:
            table: dict[str, Any] = orjson.loads(raw)
            if table["mine"]:
                acts[0] += 1
                await ws.send(orjson.dumps({"type": "act", "action": 1, "n": table["n"]}).decode())


async def run(port: int, pid: int, rooms: int, seconds: float) -> None:
    for _ in range(100):  # until the server listens
        try:
            socket.create_connection(("127.0.0.1", port)).close()
            break
        except OSError:
            await asyncio.sleep(0.1)
    go, acts = asyncio.Event(), [0]
    tasks = [
        asyncio.create_task(seat(port, f"r{r}", s == 0, go, acts))
        for r in range(rooms)
        for s in range(2)
    ]
    await asyncio.sleep(2)  # every seat connected
    cpu = cpu_seconds(pid)
    go.set()
    await asyncio.sleep(seconds)
    used, done = cpu_seconds(pid) - cpu, acts[0]
    print(
        f"{rooms} rooms: {done:,} acts in {seconds:.0f} s; server CPU {used:.2f} s = "
        f"{used / max(done, 1) * 1e6:.0f} µs an act (one message in, two 2 KB tables out); "
        f"machine load average (1 min) {os.getloadavg()[0]:.1f}"
    )
    for task in tasks:
        task.cancel()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)  # the server's process
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port)])
    try:
        try:
            import uvloop
        except ImportError:  # not on Windows
            asyncio.run(run(port, server.pid, args.rooms, args.seconds))
        else:
            uvloop.run(run(port, server.pid, args.rooms, args.seconds))
    finally:
        server.terminate()
        server.wait()
        time.sleep(0.1)


if __name__ == "__main__":
    main()
