"""``rulebook serve``: the browser table on this machine."""

from __future__ import annotations

import gc
import os
import socket
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from rulebook.cli.app import app, console, fail
from rulebook.engine.errors import RulebookError
from rulebook.extras import install_hint
from rulebook.i18n import _


def default_db() -> Path:
    """The rooms' database in the user's data directory (beside the game profiles)."""
    root = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return root / "rulebook" / "tables.sqlite3"


def quiet_collector() -> None:
    """Fewer, shorter pauses of Python's cycle collector, which stop every room at once: what
    is alive at start (the code, the replayed rooms) is set aside for good, and young objects
    are collected after 20,000 allocations rather than 700, so that most of a busy server's
    short-lived ones (a move's state, a message) are freed before a collection sees them and
    few reach the old generation, whose collections walk every room (measured at 200 rooms,
    saturated: 4 full collections in a 15 s run, up to 53 ms of CPU each, before; 1-2 after)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)


def check_free(host: str, port: int) -> None:
    """Fail in one line, before anything is said to be open, when ``host:port`` cannot be
    listened on (another server there, or no such address): uvicorn would print its own
    error after the table's address, and exit 3."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM
        )[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
            probe.bind(address)
    except OSError as exc:
        why = exc.strerror or str(exc)
        said = _("cannot listen on {host} port {port}: {why}", host=host, port=port, why=why)
        raise fail(said) from None


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(metavar="HOST", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, metavar="PORT", help="Port.")] = 8000,
    db: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Rooms database (default: in your data directory)."),
    ] = None,
    ai_pause: Annotated[
        float,
        typer.Option(min=0.0, metavar="SECONDS", help="Pause before each AI move, to follow it."),
    ] = 0.4,
) -> None:
    """Serve the browser table: a lobby, rooms, seats on separate phones, AIs, spectators."""
    try:
        import uvicorn

        from rulebook.web.server import create_app, uvicorn_options
    except ImportError as exc:
        raise fail(
            _(
                "the browser table needs its extras: {command} ({problem})",
                command=install_hint("web"),
                problem=exc,
            )
        ) from None
    if db is not None and not db.expanduser().parent.is_dir():  # a typo, not a folder to make
        parent = db.expanduser().parent
        raise fail(_("--db {path}: no directory {parent}", path=db, parent=parent))
    check_free(host, port)
    path = db.expanduser() if db is not None else default_db()
    path.parent.mkdir(parents=True, exist_ok=True)  # the default's data folder
    try:
        server = create_app(path, ai_pause=ai_pause)
    except RulebookError as exc:
        raise fail(str(exc)) from None
    quiet_collector()
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    address = f"http://{shown}:{port}/"
    said = _("The table is open at {address} (rooms kept in {path})", address=address, path=path)
    console.print(escape(said), soft_wrap=True)
    if host in ("127.0.0.1", "::1"):
        said = _("Other devices cannot reach it: use --host 0.0.0.0 on a trusted network.")
        console.print(escape(said))
    uvicorn.run(server, host=host, port=port, **uvicorn_options())
