"""Every message a client sends, checked for size and shape before anything reads it: a
bad one is answered with one error and changes nothing."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import orjson
from fastapi import Request, WebSocket, WebSocketDisconnect

from rulebook.engine.game import game_class
from rulebook.engine.parameters import takes_card_file
from rulebook.i18n import _
from rulebook.web.rooms import RoomError

MAX_MESSAGE = 4096  # bytes: the largest message a client ever needs is a few dozen


# an absolute path (POSIX or Windows) standing as a word of its own, with its file name
PATH = re.compile(r"(?<![\w.])(?:[A-Za-z]:)?[\\/](?:[^\s'\"(),;\\/]+[\\/])+([^\s'\"(),;\\/]+)")


def public(text: str) -> str:
    """An error's text as a client may read it: a path on this server (a game's card file
    named in a message meant for the terminal) is cut to the file's name."""
    return PATH.sub(r"\1", text)


def error(text: str) -> dict[str, Any]:
    """The error message a connection is sent."""
    return {"type": "error", "message": public(text)}


def check_player(player: Any) -> str:
    if not isinstance(player, str) or not 16 <= len(player) <= 200:
        raise RoomError(_("'player' is this browser's own key: 16 to 200 characters"))
    return player


async def read_json(request: Request) -> dict[str, Any]:
    raw = bytearray()
    async for chunk in request.stream():  # read no more than a request may hold
        raw += chunk
        if len(raw) > MAX_MESSAGE:
            raise RoomError(_("request too large (more than {size} bytes)", size=MAX_MESSAGE))
    body = parse_json(bytes(raw))
    if body is None:
        raise RoomError(_("the request body is not JSON"))
    if not isinstance(body, dict):
        raise RoomError(_("the request body must be a JSON object"))
    return body


def room_request(body: dict[str, Any]) -> tuple[str, dict[str, Any], int | None, list[str]]:
    """Check a room request's shape: game, settings (text values, like --set), seed, seats."""
    slug, settings, seed, seats = (body.get(k) for k in ("game", "settings", "seed", "seats"))
    if not isinstance(slug, str):
        raise RoomError(_("name a game ('game')"))
    settings = settings or {}
    if not isinstance(settings, dict) or not all(
        isinstance(k, str) and isinstance(v, str | int | bool) for k, v in settings.items()
    ):
        raise RoomError(_("'settings' must map rule parameters to values"))
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
        raise RoomError(_("'seed' must be a whole number from 0 (or null for a random one)"))
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        raise RoomError(_("'seats' must list who sits at each seat: human or an agent"))
    config: dict[str, Any] = dict(settings)  # as the person spelled them: errors name them so
    if "cards" in config and takes_card_file(game_class(slug).config_class):
        # a card file is a path on the server: never the client's to name
        raise RoomError(_("'cards' (a card file) can only be given at the terminal"))
    if isinstance(config.get("without"), str):
        config["without"] = tuple(c.strip() for c in config["without"].split(",") if c.strip())
    return slug, config, seed, seats


async def hello(socket: WebSocket) -> dict[str, Any]:
    """A connection's first message: its seat token (none: a spectator), its language."""
    message = await receive(socket)
    if message is None or message.get("type") != "hello":
        raise RoomError(_("the first message must be a hello"))
    token = message.get("token")
    if token is not None and not isinstance(token, str):
        raise RoomError(_("a seat token is text"))
    return message


def parse_json(raw: bytes | str) -> Any:
    """JSON, or None when it is not (including nesting too deep to parse). orjson, as the
    server writes its messages: it reads a client's act in a tenth of the standard
    library's time. What a browser's JSON.stringify never writes reads differently, and
    is refused all the same: NaN and lone surrogates as not JSON, an integer past 64 bits
    as a float (not a whole number)."""
    try:
        return orjson.loads(raw)
    except (ValueError, RecursionError):
        return None


async def receive(
    socket: WebSocket, answer: Callable[[dict[str, Any]], None] | None = None
) -> dict[str, Any] | None:
    """The next message as a JSON object; a bad one is answered with an error (None), through
    ``answer`` when the connection has its own sender, else on the socket."""
    frame = await socket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    raw = frame.get("text")
    problem = None
    message: Any = None
    if raw is None:
        problem = _("messages are JSON text, not binary")
    elif len(raw.encode()) > MAX_MESSAGE:
        problem = _("message too large (more than {size} bytes)", size=MAX_MESSAGE)
    else:
        message = parse_json(raw)
        if message is None:
            problem = _("a message must be JSON")
        elif not isinstance(message, dict):
            problem = _("a message must be a JSON object")
    if problem is not None:
        if answer is not None:
            answer(error(problem))
        else:
            await socket.send_json(error(problem))
        return None
    result: dict[str, Any] = message
    return result
