"""The browser table's server: the lobby API, the table's WebSocket, the static client.

Seat tokens travel only inside WebSocket messages (the page keeps its token in the URL
fragment, which browsers never send), so no access log can record one. The live side is in
``live.py``, the checking of what clients send in ``messages.py``.
"""

from __future__ import annotations

import json
from contextlib import asynccontextmanager
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import segno
from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from rulebook.agents import agent_names
from rulebook.engine.errors import RulebookError
from rulebook.engine.game import game_class, games, load
from rulebook.engine.parameters import parameter_rows, takes_card_file
from rulebook.i18n import Language, _, current, reading
from rulebook.web import language as languages
from rulebook.web.layout import modes
from rulebook.web.live import IDLE, MAX_ROOMS, Table
from rulebook.web.messages import MAX_MESSAGE, check_player, public, read_json, room_request
from rulebook.web.rooms import NoRoom, RoomError, Rooms
from rulebook.web.store import Store

STATIC = Path(str(resources.files("rulebook.web").joinpath("static")))
# The largest WebSocket message the server reads at all: a few kB more than the largest a
# client may send (MAX_MESSAGE, answered with an error), so a bigger frame is closed with
# 1009 by the protocol before it is read (uvicorn's default would read 16 MB first).
WS_MAX_SIZE = MAX_MESSAGE + 4096


def uvicorn_options() -> dict[str, Any]:
    """How every server of the table runs under uvicorn (``rulebook serve``, the tests)."""
    return {
        "ws_max_size": WS_MAX_SIZE,
        "ws_per_message_deflate": False,  # small messages: compressing costs more than it saves
        "access_log": False,  # and tokens never reach a URL anyway
        "log_level": "warning",
    }


def create_app(
    db: Path | str, ai_pause: float = 0.4, max_rooms: int = MAX_ROOMS, idle: float = IDLE
) -> FastAPI:
    """The whole server over the store at ``db`` (created if missing; refused if not ours);
    at most ``max_rooms`` rooms in memory, each set aside after ``idle`` seconds unused."""
    store = Store(db)
    table = Table(Rooms(store), ai_pause, max_rooms, idle)

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
        status = 404 if isinstance(exc, NoRoom) else 400
        return JSONResponse({"error": public(str(exc))}, status_code=status)

    @app.get("/")
    async def lobby() -> Response:
        return page("index.html")

    @app.get("/room/{rid}")
    async def room_page(rid: str) -> Response:
        """The table page; for a room that does not exist, still the page (with 404), which
        says so in words once its connection is refused."""
        known = table.rooms.known(rid)
        return page("table.html", status=200 if known else 404)

    @app.get("/api/games")
    async def list_games(request: Request) -> list[dict[str, Any]]:
        """Every game, in the reader's language (``?lang=``, the cookie, Accept-Language)."""
        with reading(reader(request)):
            return [describe(cls.slug, current().code) for cls in games()]

    @app.get("/api/words")
    async def words(request: Request) -> dict[str, Any]:
        """The lobby's words in the reader's language, and the languages it offers."""
        return languages.page(reader(request))

    @app.post("/api/rooms")
    async def create_room(request: Request) -> dict[str, Any]:
        with reading(reader(request)):
            body = await read_json(request)
            with reading(reader(request, body.get("lang"))):
                return create(request, body)

    def create(request: Request, body: dict[str, Any]) -> dict[str, Any]:
        """A room from a checked request: each human seat's link (with its reader's language,
        where the request names one: ``languages``, one code or null a seat), the spectators'."""
        slug, settings, seed, seats = room_request(body)
        reads = seat_languages(body.get("languages"), len(seats))
        player = body.get("player")
        if player is not None:
            check_player(player)
        table.make_room()
        room, tokens = table.rooms.create(slug, settings, seed, seats, player)
        base = str(request.base_url).rstrip("/")
        out = []
        for seat, spec in enumerate(seats):
            role = room.game.role_words(seat)
            entry: dict[str, Any] = {"seat": seat, "role": role, "kind": spec}
            if seat in tokens:
                query = f"?lang={reads[seat]}" if reads[seat] else ""
                entry["link"] = f"/room/{room.id}{query}#t={tokens[seat]}"
                entry["lang"] = reads[seat]
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
            raise RoomError(_("name a game ('game')"))
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
        await table.session(socket, rid)

    return app


def reader(request: Request, asked: object = None) -> Language:
    """A request's reader's language: ``asked`` (a body's ``lang``), else ``?lang=``, else
    the lobby's cookie, else Accept-Language, else English."""
    wanted = asked if isinstance(asked, str) else request.query_params.get("lang")
    language, _note = languages.choose(
        wanted, request.cookies, request.headers.get("accept-language")
    )
    return language


def seat_languages(given: Any, seats: int) -> list[str | None]:
    """Each seat's language as a room request names it (None: the reader's browser decides)."""
    if given is None:
        return [None] * seats
    if not isinstance(given, list) or len(given) != seats:
        raise RoomError(_("'languages' must give one language (or null) for each seat"))
    out: list[str | None] = []
    for code in given:
        if code is None or code == "":
            out.append(None)
        elif isinstance(code, str) and (known := languages.offered(code[:40])) is not None:
            out.append(known)
        else:
            shown = str(code)[:40]
            raise RoomError(
                _(
                    "no language '{lang}' here (known: {known})",
                    lang=shown,
                    known=", ".join(lang["code"] for lang in languages.languages()),
                )
            )
    return out


def page(name: str, status: int = 200) -> Response:
    path = STATIC / name
    if not path.is_file():
        return JSONResponse({"error": f"the browser client is not installed ({name})"}, 500)
    return FileResponse(path, media_type="text/html", status_code=status)


def describe(slug: str, code: str | None = None) -> dict[str, Any]:
    """A game for the lobby in the current reader's language (``code``: its code, if known):
    what it is, its players, notice, parameters and agents."""
    return described(slug, code or current().code)


@cache
def described(slug: str, code: str) -> dict[str, Any]:
    """``describe``, kept per game and language (``code`` is the current reader's)."""
    del code
    game = load(slug)
    cls = type(game)
    return {
        "slug": slug,
        "title": _(cls.title),
        "summary": _(cls.summary),
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "notice": _(game.content_notice) if game.content_notice else None,
        "parameters": [
            {
                "name": name,
                "values": values,
                "default": default,
                "meaning": meaning,
                "file": name == "cards" and takes_card_file(cls.config_class),
            }
            for name, values, default, meaning in parameter_rows(cls.config_class)
        ],
        "agents": agent_names(game, table=True),
        "roles": [game.role_words(seat) for seat in range(cls.max_players)],
        "themes": list(cls.themes),
        "modes": modes(slug),
        "rules": cls.how_to_play(),
    }
