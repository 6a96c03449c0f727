"""The browser table's server: the lobby API, the table's WebSocket, the static client.

One asyncio task per room plays its AI seats (a short pause between moves so people can
follow; the search runs in a worker thread so other rooms keep moving). Every message a
client sends is checked for size and shape; a bad one gets an error message and changes
nothing. Seat tokens travel only inside WebSocket messages (the page keeps its token in the
URL fragment, which browsers never send), so no access log can record one.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, suppress
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import segno
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from rulebook.agents import agent_names
from rulebook.engine.errors import RulebookError
from rulebook.engine.game import game_class, games, load
from rulebook.engine.parameters import parameter_rows
from rulebook.web.rooms import Room, RoomError, Rooms
from rulebook.web.store import Store

MAX_MESSAGE = 4096  # bytes: the largest message a client ever needs is a few dozen
MAX_SOCKETS = 64  # connections to one room (seats, spectators, reconnects)
SEND_TIMEOUT = 10.0  # seconds a connection may take to accept one message
STATIC = Path(str(resources.files("rulebook.web").joinpath("static")))


class Table:
    """The live side of the rooms: connections per room and the AI tasks."""

    def __init__(self, rooms: Rooms, ai_pause: float) -> None:
        self.rooms = rooms
        self.ai_pause = ai_pause
        self.sockets: dict[str, dict[WebSocket, int | None]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.tasks: set[asyncio.Task[None]] = set()
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
        """Let the room's AI seats play, if one is to move."""
        if room.ai_to_move():
            task = asyncio.get_running_loop().create_task(self.play_ai(room))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def play_ai(self, room: Room) -> None:
        """The room's AI seats move until a person is to move; a failure is told to the
        room and retried after a while, never left to freeze it."""
        loop = asyncio.get_running_loop()
        failures = 0
        while room.ai_to_move():
            await asyncio.sleep(self.ai_pause if not failures else min(60, 2**failures))
            try:
                async with self.lock(room):
                    action = await loop.run_in_executor(self.search, self.rooms.ai_move, room)
                    if action is not None:
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


def create_app(db: Path | str, ai_pause: float = 0.4) -> FastAPI:
    """The whole server over the store at ``db`` (created if missing; refused if not ours)."""
    store = Store(db)
    table = Table(Rooms(store), ai_pause)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> Any:
        for room in table.rooms.rooms.values():
            table.wake(room)  # rooms whose AI was thinking when the server stopped
        yield
        for task in list(table.tasks):
            task.cancel()
        table.search.shutdown(wait=False, cancel_futures=True)
        store.close()

    app = FastAPI(title="rulebook", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.table = table
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(RulebookError)
    async def refused(request: Request, exc: RulebookError) -> JSONResponse:
        status = 404 if str(exc).startswith("no room") else 400
        return JSONResponse({"error": str(exc)}, status_code=status)

    @app.get("/")
    async def lobby() -> Response:
        return page("index.html")

    @app.get("/room/{rid}")
    async def room_page(rid: str) -> Response:
        """The table page; for a room that does not exist, still the page (with 404), which
        says so in words once its connection is refused."""
        known = rid in table.rooms.rooms
        return page("table.html", status=200 if known else 404)

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return [describe(cls.slug) for cls in games()]

    @app.post("/api/rooms")
    async def create_room(request: Request) -> dict[str, Any]:
        body = await read_json(request)
        slug, settings, seed, seats = room_request(body)
        player = body.get("player")
        if player is not None:
            check_player(player)
        room, tokens = table.rooms.create(slug, settings, seed, seats, player)
        base = str(request.base_url).rstrip("/")
        out = []
        for seat, spec in enumerate(seats):
            entry: dict[str, Any] = {"seat": seat, "role": room.game.role(seat), "kind": spec}
            if seat in tokens:
                entry["link"] = f"/room/{room.id}#t={tokens[seat]}"
                entry["qr"] = segno.make(base + entry["link"]).svg_inline(scale=3)
            out.append(entry)
        table.wake(room)
        return {"room": room.id, "seats": out, "spectate": f"/room/{room.id}"}

    @app.post("/api/profile")
    async def profile(request: Request) -> dict[str, Any]:
        """A browser player's lasting profile for a game (the key travels in the body)."""
        body = await read_json(request)
        player, slug = body.get("player"), body.get("game")
        if not isinstance(slug, str):
            raise RoomError("name a game ('game')")
        player = check_player(player)
        game_class(slug)
        return {"game": slug, "profile": table.rooms.profile(player, slug)}

    @app.get("/api/rooms/{rid}/save")
    async def download(rid: str) -> Response:
        room = table.rooms.get(rid)
        data = table.rooms.save_file(room)
        name = f"{room.game.slug}-{room.state.seed}.save.json"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return Response(json.dumps(data, indent=1), media_type="application/json", headers=headers)

    @app.websocket("/ws/{rid}")
    async def play(socket: WebSocket, rid: str) -> None:
        await socket.accept()
        try:
            room = table.rooms.get(rid)
            seat = await hello(socket, room)
        except (RoomError, WebSocketDisconnect) as exc:
            with suppress(Exception):
                await socket.send_json({"type": "error", "message": str(exc)})
                await socket.close(code=4404 if "no room" in str(exc) else 4403)
            return
        connected = table.sockets.setdefault(rid, {})
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
                    await act(room, seat, message)
                except RulebookError as exc:
                    await socket.send_json({"type": "error", "message": str(exc)})
                    await socket.send_json(room.table(seat))
        except WebSocketDisconnect:
            pass
        finally:
            table.sockets.get(rid, {}).pop(socket, None)

    async def act(room: Room, seat: int | None, message: dict[str, Any]) -> None:
        if message.get("type") != "act":
            raise RoomError(f"unknown message type {str(message.get('type'))[:30]!r}")
        async with table.lock(room):
            table.rooms.act(room, seat, message.get("action"), message.get("n"))
        await table.broadcast(room)
        table.wake(room)

    return app


def check_player(player: Any) -> str:
    if not isinstance(player, str) or not 16 <= len(player) <= 200:
        raise RoomError("'player' is this browser's own key: 16 to 200 characters")
    return player


def page(name: str, status: int = 200) -> Response:
    path = STATIC / name
    if not path.is_file():
        return JSONResponse({"error": f"the browser client is not installed ({name})"}, 500)
    return FileResponse(path, media_type="text/html", status_code=status)


@cache
def describe(slug: str) -> dict[str, Any]:
    """A game for the lobby: what it is, its players, notice, parameters and agents."""
    game = load(slug)
    cls = type(game)
    return {
        "slug": slug,
        "title": cls.title,
        "summary": cls.summary,
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "notice": game.content_notice,
        "parameters": [
            {"name": name, "values": values, "default": default, "meaning": meaning}
            for name, values, default, meaning in parameter_rows(cls.config_class)
        ],
        "agents": agent_names(game),
        "roles": [game.role(seat) for seat in range(cls.max_players)],
        "themes": list(cls.themes),
    }


async def read_json(request: Request) -> dict[str, Any]:
    raw = bytearray()
    async for chunk in request.stream():  # read no more than a request may hold
        raw += chunk
        if len(raw) > MAX_MESSAGE:
            raise RoomError(f"request too large (more than {MAX_MESSAGE} bytes)")
    body = parse_json(bytes(raw))
    if body is None:
        raise RoomError("the request body is not JSON")
    if not isinstance(body, dict):
        raise RoomError("the request body must be a JSON object")
    return body


def room_request(body: dict[str, Any]) -> tuple[str, dict[str, Any], int | None, list[str]]:
    """Check a room request's shape: game, settings (text values, like --set), seed, seats."""
    slug, settings, seed, seats = (body.get(k) for k in ("game", "settings", "seed", "seats"))
    if not isinstance(slug, str):
        raise RoomError("name a game ('game')")
    settings = settings or {}
    if not isinstance(settings, dict) or not all(
        isinstance(k, str) and isinstance(v, str | int | bool) for k, v in settings.items()
    ):
        raise RoomError("'settings' must map rule parameters to values")
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
        raise RoomError("'seed' must be a whole number from 0 (or null for a random one)")
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        raise RoomError("'seats' must list who sits at each seat: human or an agent")
    config: dict[str, Any] = {k.replace("-", "_"): v for k, v in settings.items()}
    if "cards" in config:  # a card file is a path on the server: never the client's to name
        raise RoomError("'cards' (a card file) can only be given at the terminal")
    if isinstance(config.get("without"), str):
        config["without"] = tuple(c.strip() for c in config["without"].split(",") if c.strip())
    return slug, config, seed, seats


async def hello(socket: WebSocket, room: Room) -> int | None:
    message = await receive(socket)
    if message is None or message.get("type") != "hello":
        raise RoomError("the first message must be a hello")
    token = message.get("token")
    if token is not None and not isinstance(token, str):
        raise RoomError("a seat token is text")
    return room.seat_of(token)


def parse_json(raw: bytes | str) -> Any:
    """JSON, or None when it is not (including nesting too deep to parse)."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return None


async def receive(socket: WebSocket) -> dict[str, Any] | None:
    """The next message as a JSON object; a bad one is answered with an error (None)."""
    frame = await socket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    raw = frame.get("text")
    problem = None
    message: Any = None
    if raw is None:
        problem = "messages are JSON text, not binary"
    elif len(raw.encode()) > MAX_MESSAGE:
        problem = f"message too large (more than {MAX_MESSAGE} bytes)"
    else:
        message = parse_json(raw)
        if message is None:
            problem = "a message must be JSON"
        elif not isinstance(message, dict):
            problem = "a message must be a JSON object"
    if problem is not None:
        await socket.send_json({"type": "error", "message": problem})
        return None
    result: dict[str, Any] = message
    return result
