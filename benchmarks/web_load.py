"""Load and faults for the browser table, on loopback only, bounded in rooms and time.

Run: ``.venv/bin/python benchmarks/web_load.py [--rooms 200] [--kill-after 5]`` (``make
web-load`` runs both). Starts ``rulebook
serve`` as a subprocess on a free port with a fresh database, then plays ``rooms`` games of
The GAME at once: half between two scripted WebSocket clients, half a scripted client
against an AI seat. It reports actions/s through the WebSocket path, p50/p99 latency (an
act sent until the table with that action arrives) and the server's resident memory. With
``--kill-after S`` it kills the server (SIGKILL) S seconds in, starts it again on the same
database, and the clients reconnect and carry on; it then reports games finished, games
lost (an acknowledged action missing, or a room that cannot be resumed: must be 0) and
histories that differ from an in-memory replay (must be 0): the stored history replayed
here must end in the views the people at the table last received. ``WEB_LOAD_DEBUG=1``
prints each refusal and lost move.

The clients run in this process and the server in its own, on the same cores, so the script
also reports the server's CPU time and the machine's load average (on a shared machine a
latency figure means little without it). ``--think 0`` (the default) saturates the server:
every person acts the moment their table arrives, so about one move per room is always
waiting, and by Little's law the mean latency is those waiting moves (150-200 at 200 rooms)
over the throughput; ``--think S`` gives each person a pause of S seconds on average.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import orjson
import websockets

try:
    import uvloop
except ImportError:  # not on Windows
    uvloop = None  # type: ignore[assignment]

import rulebook
from rulebook.engine.random import Rng


class Server:
    def __init__(self, db: Path) -> None:
        self.db = db
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "rulebook.cli", "serve", "--port", str(self.port)]
        command += ["--db", str(self.db), "--ai-pause", "0"]
        self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/games", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait()

    def cpu_seconds(self) -> float:
        """The server process's CPU time so far (user + system)."""
        assert self.proc is not None
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def memory_mb(self) -> float:
        assert self.proc is not None
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            result: dict[str, Any] = json.loads(response.read())
            return result

    def get(self, path: str) -> dict[str, Any]:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=30) as r:
            result: dict[str, Any] = json.loads(r.read())
            return result


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.acknowledged: list[tuple[str, int, int]] = []  # (room, position, action)
        self.last_views: dict[tuple[str, int], dict[str, Any]] = {}  # what each seat last saw
        self.refused = 0


async def play_seat(
    server: Server, room: str, token: str, seed: int, stats: Stats, deadline: float, think: float
) -> None:
    """One scripted person: acts at random when it is their turn; reconnects if dropped."""
    rng = Rng(seed)
    url = f"ws://127.0.0.1:{server.port}/ws/{room}"
    while time.monotonic() < deadline:
        try:
            async with websockets.connect(url) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                pending: tuple[int, float, int] | None = None  # (n when sent, time, action)
                async for raw in ws:
                    table = orjson.loads(raw)  # the clients' share of the CPU kept small
                    if table.get("type") == "error":
                        stats.refused += 1
                        if os.environ.get("WEB_LOAD_DEBUG") and stats.refused < 6:
                            print(f"  refused in {room} at {pending}: {table['message']}")
                        pending = None  # refused (a stale table): the current one follows
                        continue
                    if table.get("type") != "table":
                        continue
                    if pending is not None and table["n"] > pending[0]:  # applied
                        stats.latencies.append(time.perf_counter() - pending[1])
                        stats.actions += 1
                        stats.acknowledged.append((room, pending[0], pending[2]))
                        pending = None
                    stats.last_views[room, table["seat"]] = table["view"]
                    if table["over"]:
                        return
                    if table["legal"] and pending is None:
                        if think:  # a person reads the table before choosing
                            await asyncio.sleep(think * (0.5 + rng.below(1000) / 1000))
                        choice = table["legal"][rng.below(len(table["legal"]))]["id"]
                        pending = (table["n"], time.perf_counter(), choice)
                        await ws.send(
                            json.dumps({"type": "act", "action": choice, "n": table["n"]})
                        )
        except (OSError, websockets.ConnectionClosed):
            await asyncio.sleep(0.2)  # the server is restarting: reconnect


async def run(
    server: Server, rooms: int, kill_after: float | None, limit: float, think: float
) -> None:
    stats = Stats()
    made = []
    for i in range(rooms):
        seats = ["human", "human"] if i % 2 == 0 else ["human", "heuristic"]
        made.append(server.post("/api/rooms", {"game": "the-game", "seats": seats, "seed": i}))
    gc.collect()  # the clients' own collector pauses would be counted as the server's
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)
    deadline = time.monotonic() + limit
    cpu_before = server.cpu_seconds()
    load_before = os.getloadavg()[0]
    tasks = []
    for i, room in enumerate(made):
        for entry in room["seats"]:
            if "link" in entry:
                token = entry["link"].split("#t=", 1)[1]
                seed = i * 7 + entry["seat"]
                tasks.append(play_seat(server, room["room"], token, seed, stats, deadline, think))
    start = time.perf_counter()
    gathered = asyncio.gather(*tasks)
    memory = 0.0
    if kill_after is not None:
        await asyncio.sleep(kill_after)
        memory = server.memory_mb()
        server.kill()
        print(f"killed the server (SIGKILL) after {kill_after:.0f} s; restarting")
        if os.environ.get("WEB_LOAD_DEBUG"):
            import sqlite3

            with sqlite3.connect(server.db) as db:
                stored = dict(db.execute("SELECT room, count(*) FROM actions GROUP BY room"))
            for rid, position, _action in list(stats.acknowledged):
                if position >= stored.get(rid, 0):
                    print(f"  at the kill: room {rid} move {position} acknowledged, not stored")
        await asyncio.to_thread(server.start)
    await gathered
    elapsed = time.perf_counter() - start
    memory = memory or server.memory_mb()
    server_cpu = server.cpu_seconds() - cpu_before if kill_after is None else None
    load_after = os.getloadavg()[0]
    lat = sorted(stats.latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    print(
        f"{rooms} rooms: {stats.actions} person actions in {elapsed:.1f} s = "
        f"{stats.actions / elapsed:,.0f} actions/s through the WebSocket path; "
        f"latency p50 {p50:.1f} ms, p99 {p99:.1f} ms; server memory {memory:.0f} MB"
    )
    per_action = (
        f" = {server_cpu / stats.actions * 1e6:.0f} µs per person action"
        if server_cpu and stats.actions
        else ""
    )
    print(
        f"server CPU while playing {f'{server_cpu:.1f} s' if server_cpu else 'unknown (killed)'}"
        f"{per_action}; machine load average (1 min) "
        f"{load_before:.1f} at the start, {load_after:.1f} at the end (2 cores: above ~2, others "
        "share the CPU and every figure is slower)"
    )
    finished = differ = 0
    lost: set[str] = set()
    game = rulebook.load("the-game")
    histories = {}
    for room in made:
        try:
            saved = server.get(f"/api/rooms/{room['room']}/save")
        except OSError:
            lost.add(room["room"])  # not over (or not resumable): a game lost
            continue
        finished += 1
        histories[room["room"]] = saved["history"]
        try:
            game.state_from_json(saved, verify=True)  # the history replays to the same state
        except rulebook.RulebookError:
            differ += 1
            continue
        # the stored history, replayed here, must end where the people at the table saw the
        # game end: each seat's last view from the server equals the in-memory replay's
        replay = game.new_state(seed=saved["seed"], players=saved["players"])
        for action in saved["history"]:
            replay.apply(action, narrate=False)
        for seat in (0, 1):
            seen = stats.last_views.get((room["room"], seat))
            if seen is not None and json.loads(json.dumps(replay.view(seat))) != seen:
                differ += 1
                break
    for rid, position, action in stats.acknowledged:  # every acknowledged move is kept
        history = histories.get(rid, [])
        if position >= len(history) or history[position] != action:
            lost.add(rid)
            if os.environ.get("WEB_LOAD_DEBUG"):
                shown = history[position] if position < len(history) else None
                print(f"  lost: room {rid} move {position}: sent {action}, stored {shown}")
    print(
        f"games finished {finished}/{rooms}, games lost {len(lost)} "
        f"({len(stats.acknowledged)} acknowledged moves checked, {stats.refused} refused as "
        f"stale), histories that differ {differ}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--kill-after", type=float, default=None)
    parser.add_argument("--limit", type=float, default=300.0, help="seconds at most")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="a person's mean seconds before acting (0: act at once, the server saturated)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "tables.sqlite3")
        server.start()
        try:
            load = run(server, args.rooms, args.kill_after, args.limit, args.think)
            if uvloop is not None:  # the clients on the same fast loop as the server
                uvloop.run(load)
            else:
                asyncio.run(load)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
