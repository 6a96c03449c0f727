"""One room as each seat sees it: the table a seat (or a spectator) is sent after every move.

``Room.table`` builds what one seat receives: its own view, its legal actions only when it
must act, and its own narration; spectators get the public view and the public narration.
What every seat's table shares, and what depends on the game and the reader's language
only, is made once (``Room.shared``, the per-game dicts below). ``rulebook.web.rooms`` keeps
the rooms, checks and stores every move.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any
from weakref import WeakKeyDictionary

from rulebook.engine.errors import RulebookError
from rulebook.engine.events import Event
from rulebook.engine.frontend import Frontend
from rulebook.engine.game import Game
from rulebook.engine.state import State
from rulebook.i18n import _, current
from rulebook.web.layout import room_layout
from rulebook.web.store import token_hash

EVENTS_SENT = 40  # the latest lines of a seat's narration each table carries (a screenful)


class RoomError(RulebookError):
    """A request that names no room, acts out of turn, or is otherwise refused (its text in
    the language of the reader it is raised for)."""


class NoRoom(RoomError):
    """A request naming a room this server does not have."""


@cache
def frontend(cls: type[Game]) -> Frontend:
    """A game's front-end extras, made once (every stored move asks whether the game keeps
    a profile)."""
    return cls.frontend()


# Per game (shared by every room with the same settings) and reader's language: what depends on
# the game's content and Config only, never on a deal. A game without weak references keeps
# its own in its rooms instead.
_LAYOUTS: WeakKeyDictionary[Game, dict[str, dict[str, Any]]] = WeakKeyDictionary()
# _OPTION_WORDS also keeps each list of options already sent (by language and legal ids), the
# same list for every table that offers those choices (never changed once made), at most:
MAX_OPTION_LISTS = 4096
_OPTION_WORDS: WeakKeyDictionary[Game, dict[Any, Any]] = WeakKeyDictionary()
_ROLES: WeakKeyDictionary[Game, dict[str, list[str]]] = WeakKeyDictionary()


def per_game(
    kept: WeakKeyDictionary[Game, dict[Any, Any]], game: Game, room: dict[Any, Any]
) -> dict[Any, Any]:
    """The dict of things kept for ``game`` (by language code), or ``room``'s own."""
    try:
        return kept.setdefault(game, {})
    except TypeError:  # not weakly referable (or not hashable)
        return room


@cache
def layouts() -> dict[str, Any]:
    """Per-game layout descriptions for the generic client (static/layouts.json)."""
    try:
        text = resources.files("rulebook.web").joinpath("static/layouts.json").read_text()
    except (FileNotFoundError, OSError):
        return {}
    data: dict[str, Any] = json.loads(text)
    return data


@dataclass
class Room:
    id: str
    game: Game
    state: State
    seats: list[dict[str, Any]]  # {"kind": "human", "token": hash} | {"kind": agent spec}
    agents: dict[int, str] = field(default_factory=dict)  # seat -> agent spec
    events: list[Event] = field(default_factory=list)
    touched: float = field(default_factory=time.monotonic)  # when last asked for or moved
    lines: dict[tuple[int | None, str], tuple[int, list[str]]] = field(
        default_factory=dict, repr=False, compare=False
    )
    own: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    shared_part: tuple[State, int, str, dict[str, Any]] | None = field(
        default=None, repr=False, compare=False
    )
    broken: str | None = None  # why it cannot be played on: a failed move that was not undone

    def usable(self) -> None:
        """Refuse to go on with a room whose state a failed move left half-changed: every
        session holding it hears the same refusal as a new connection would."""
        if self.broken is not None:
            raise RoomError(
                _("room '{room}' cannot be resumed ({why})", room=self.id, why=self.broken)
            )

    def kept(self, table: WeakKeyDictionary[Game, dict[Any, Any]], name: str) -> dict[Any, Any]:
        """What this room's game keeps in ``table`` (``per_game``), found once per room: a
        weak dictionary's lookup makes a weak reference every time (a table asks twice)."""
        own = self.own
        found: dict[Any, Any] | None = own.get(name)
        if found is None:
            found = own[name] = per_game(table, self.game, {})
        return found

    def narration(self, seat: int | None) -> list[str]:
        """Every line of the room's events that ``seat`` may read, oldest first, in the
        current reader's language: kept per seat and language and extended with the new
        events only (a table is sent after every move)."""
        language = current()
        key = (seat, language.code)
        read, lines = self.lines.get(key, (0, []))
        try:
            for event in self.events[read:]:
                if (text := event.read(seat, language)) is not None:
                    lines.append(text)
                read += 1
        finally:  # a line that failed is read again next time; those before it are kept once
            self.lines[key] = (read, lines)
        return lines

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens (None: a spectator); a wrong token is refused."""
        if token is None:
            return None
        digest = token_hash(token)
        for seat, entry in enumerate(self.seats):
            if entry.get("token") is not None and secrets.compare_digest(entry["token"], digest):
                return seat
        raise RoomError(_("this seat link is not valid for this room"))

    def ai_to_move(self) -> bool:
        seat = self.state.to_move
        return seat is not None and seat in self.agents and self.broken is None

    def table(self, seat: int | None, first: bool = False) -> dict[str, Any]:
        """Everything one seat (or a spectator) may see, as one message. What never changes
        in a room (``about``) comes only with a connection's ``first`` table: the client
        keeps it, and the hundreds of tables a game sends are the shorter to encode."""
        state = self.state
        shared = self.shared()
        if type(state).view is State.view:  # its public head made once for every seat
            view = {"game": self.game.slug, "seat": seat, **shared["head"]}
            view.update(state.observe(seat))
        else:
            view = state.view(seat)
        roles = shared["roles"]
        over = shared["over"]
        message = {
            "type": "table",
            "seat": seat,
            "role": roles[seat] if seat is not None else None,
            "roles": roles,
            "view": view,
            "legal": self.options() if seat is not None and state.to_move == seat else [],
            "events": self.narration(seat)[-EVENTS_SENT:],  # its latest lines, oldest first
            "n": shared["n"],
            "over": over,
            "outcome": shared["outcome"],
            "summary": view.get("summary") if over else None,
        }
        notes = frontend(type(self.game)).notes
        if notes is not None and (lines := notes(self.game, view)):
            message["notes"] = lines  # the game's own lines for this decision
        if first:
            message.update(self.about())
        return message

    def shared(self) -> dict[str, Any]:
        """What every seat's table says alike (the roles, the move count, the end), in the
        current reader's language: made once per state and language, however many seats are
        sent a table of it. Nothing in it depends on a seat."""
        state, code = self.state, current().code
        kept = self.shared_part
        n = len(state.history)
        if kept is not None and kept[0] is state and kept[1] == n and kept[2] == code:
            return kept[3]
        outcome = state.outcome()
        over = state.is_over()
        part = {
            "roles": self.roles(),
            "n": n,
            "over": over,
            "outcome": (
                outcome.describe(state.role_words, state.outcome_words())
                if outcome is not None
                else None
            ),
            "head": state.view_head(),  # every seat's view but its seat (``table`` adds it)
        }
        self.shared_part = (state, n, code, part)
        return part

    def roles(self) -> list[str]:
        """Every seat's name in the current reader's language. A game whose state does not
        override ``State.role_words`` names its seats from the game alone (its content,
        Config and the language), so the names are made once per game and language, not
        after every move."""
        state = self.state
        if type(state).role_words is not State.role_words:
            return [state.role_words(s) for s in range(state.players)]
        code = current().code
        kept = self.kept(_ROLES, "roles")
        key = f"{code} {state.players}"
        roles = kept.get(key)
        if roles is None:
            game = self.game
            roles = kept[key] = [game.role_words(s) for s in range(state.players)]
        return roles

    def options(self) -> list[dict[str, Any]]:
        """The legal actions with their words, for the seat to move. A game whose options
        read the same in every state (neither ``State.option_text`` nor
        ``Game.action_text`` overridden: the words come from the action table and the
        language only) has its words made once per game and language, and each list of
        choices once: the same list for every table that offers those choices (a turn's
        usual options recur all game), never changed once made."""
        state, game = self.state, self.game
        ids = state.legal_ids()
        if type(state).option_text is not State.option_text or (
            type(game).action_text is not Game.action_text
        ):
            words = game.action_text
            return [{"id": aid, "text": words(state, aid)} for aid in ids]
        code = current().code
        kept = self.kept(_OPTION_WORDS, "options")
        made: list[dict[str, Any]] | None = kept.get((code, ids))  # the same choices recur
        if made is not None:
            return made
        texts = kept.get(code)
        if texts is None:
            texts = kept[code] = [state.option_text(aid) for aid in range(len(game.actions))]
        if len(kept) > MAX_OPTION_LISTS:  # bounded, whatever a game's choices
            kept.clear()
            kept[code] = texts
        made = kept[code, ids] = [{"id": aid, "text": texts[aid]} for aid in ids]
        return made

    def about(self) -> dict[str, Any]:
        """What a room's tables would repeat unchanged: the game, its theme and notice, seats
        (in the current reader's language)."""
        game = self.game
        return {
            "room": self.id,
            "game": game.slug,
            "title": _(game.title),
            "theme": getattr(game.config, "theme", None),
            "notice": _(game.content_notice) if game.content_notice else None,
            "seats": [entry["kind"] for entry in self.seats],
            "rules": type(game).how_to_play(),
        }

    def layout(self) -> dict[str, Any]:
        """The client's layout for this game (the game's own, else the shared file's entry)
        with its content's card names and texts and its Config's goals, in the current
        reader's language; built once a game (shared by the rooms with the same settings)
        and language."""
        code = current().code
        kept = self.kept(_LAYOUTS, "layouts")
        if code not in kept:
            own = frontend(type(self.game)).layout
            base = own if own is not None else layouts().get(self.game.slug)
            kept[code] = room_layout(self.game, base)
        layout: dict[str, Any] = kept[code]
        return layout
