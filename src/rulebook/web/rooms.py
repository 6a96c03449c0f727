"""Rooms: a game's recipe, its seats (people with secret tokens, or AIs) and its history.

Every action goes through ``Rooms.act``: checked (whose turn, which action, not stale),
written to the store, then applied, so what was acknowledged is never lost. What a seat
receives is built by ``Room.table`` (``rulebook.web.room``, whose names this module also
gives).
"""

from __future__ import annotations

import json
import secrets
import time
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any
from weakref import WeakValueDictionary

from rulebook.agents import agent_names, make_agent, parse_spec, refuse_at_table
from rulebook.engine.errors import ConfigError, UnknownAgent
from rulebook.engine.events import Event
from rulebook.engine.game import Game, config_to_json, game_class, load
from rulebook.engine.random import derive_seed
from rulebook.engine.state import State
from rulebook.i18n import _
from rulebook.web.room import EVENTS_SENT as EVENTS_SENT
from rulebook.web.room import NoRoom as NoRoom
from rulebook.web.room import Room as Room
from rulebook.web.room import RoomError as RoomError
from rulebook.web.room import frontend
from rulebook.web.store import Store, StoredRoom, StoreError, token_hash

MAX_SEATS = 8
AGENT_LIMITS = {"iterations": 20_000, "worlds": 1_024, "rollout": 200, "time": 10}  # a move


def check_agent_cost(options: dict[str, str]) -> None:
    """An AI seat a stranger sets up must not tie up the server: its search is bounded."""
    for key, value in options.items():
        limit = AGENT_LIMITS.get(key, 100_000)
        try:
            number = float(value)
        except ValueError:
            continue  # not a number: the agent itself names the bad value
        if number > limit:
            raise ConfigError(
                _(
                    "agent option {key}={value} is more than this table allows ({limit})",
                    key=key,
                    value=value,
                    limit=limit,
                )
            )


@dataclass(frozen=True)
class Move:
    """A checked action waiting to be stored; once stored, ``Rooms.install`` applies it."""

    room: Room
    n: int  # its position in the room's history
    action: int


class Rooms:
    """All rooms of one server. Every room is in the store; those in play are also in memory
    (rebuilt at start). A finished room, or one set aside while idle, is rebuilt from its
    recipe and history when it is next asked for."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.games: WeakValueDictionary[tuple[str, str], Game] = WeakValueDictionary()
        self.broken: dict[str, str] = {}  # room -> why it cannot be resumed
        for rid in store.rooms():
            with suppress(RoomError):  # one room that cannot be replayed must not stop the rest
                self.load(rid)

    def load(self, rid: str) -> Room | None:
        """A stored room rebuilt into memory (None: there is no such room)."""
        try:
            stored = self.store.room(rid)
            if stored is None:
                return None
            room = self._rebuild(stored)
        except Exception as exc:
            # the kind of failure, not its text: that may name files on this server
            self.broken[rid] = type(exc).__name__
            raise RoomError(
                _("room '{room}' cannot be resumed ({why})", room=rid, why=self.broken[rid])
            ) from None
        self.rooms[rid] = room
        return room

    def known(self, rid: str) -> bool:
        return rid in self.rooms or self.store.room_exists(rid)

    def drop(self, rid: str) -> None:
        """Set a room aside from memory (it stays in the store, whole)."""
        self.rooms.pop(rid, None)

    def _rebuild(self, stored: StoredRoom) -> Room:
        recipe = stored.recipe
        # a rule setting added after the room was stored: the value it was played under
        # (``Game.legacy_config``, as a save file's)
        legacy = game_class(recipe["game"]).legacy_config
        config = {k: v for k, v in legacy.items() if k not in recipe["config"]}
        game = self.game(recipe["game"], {**config, **recipe["config"]})
        try:
            state, events = self._replay(game, stored)
        except Exception:
            if not stored.history:
                raise
            # Its last move failed its rules and the server stopped before it was undone
            # (see ``install``): undone now, if the room replays without it; else broken.
            last = len(stored.history) - 1
            state, events = self._replay(game, replace(stored, history=stored.history[:last]))
            self.store.remove(stored.id, last)
        room = self._room(stored.id, game, state, stored.seats)
        room.events.extend(events)
        if state.is_over():
            self.store.finish(stored.id)  # (it may have ended just before the server stopped)
        self.keep(room)  # a game that ended just before the server stopped
        return room

    @staticmethod
    def _replay(game: Game, stored: StoredRoom) -> tuple[State, list[Event]]:
        """A stored room's state and everything narrated on the way (setup's narration
        told again exactly, then each action's)."""
        recipe = stored.recipe
        events: list[Event] = []
        state = game.new_state(
            seed=recipe["seed"],
            players=recipe["players"],
            stack=recipe.get("stack"),
            dice=recipe.get("dice"),
            events=events,
        )
        for action in stored.history:
            events.extend(state.apply(action))
        return state, events

    def game(self, slug: str, settings: dict[str, Any]) -> Game:
        """The game for these settings, one instance for all the rooms that share them: a
        game's cards and action table are thousands of objects, the same in each room, and
        every one of them is more for the garbage collector to walk."""
        named = {k.replace("-", "_"): v for k, v in settings.items()}  # hand-size, hand_size
        try:
            key = (slug, json.dumps(named, sort_keys=True))
        except (TypeError, ValueError):
            return load(slug, **settings)
        game = self.games.get(key)
        if game is None:
            game = load(slug, **settings)
            with suppress(TypeError):  # a game class without weak references is not shared
                self.games[key] = game
        return game

    def _room(self, rid: str, game: Game, state: State, seats: list[dict[str, Any]]) -> Room:
        agents = {s: entry["kind"] for s, entry in enumerate(seats) if entry["kind"] != "human"}
        return Room(rid, game, state, seats, agents)

    def get(self, rid: str) -> Room:
        room = self.rooms.get(rid)
        if room is None:
            if rid in self.broken:
                why = self.broken[rid]
                raise RoomError(_("room '{room}' cannot be resumed ({why})", room=rid, why=why))
            room = self.load(rid)
            if room is None:
                raise NoRoom(_("no room '{room}'", room=rid[:40]))
        room.touched = time.monotonic()
        return room

    def create(
        self,
        slug: str,
        settings: dict[str, Any],
        seed: int | None,
        seats: list[str],
        player: str | None = None,
    ) -> tuple[Room, dict[int, str]]:
        """A new room; returns it and the secret token of each human seat. ``player``: the
        browser player's own key, whose lasting profile (a game that keeps one) the first
        person's seat reads now and records to at the end."""
        keeps = frontend(game_class(slug)).keeps
        owner = token_hash(f"player:{player}") if player and keeps is not None else None
        if owner is not None and keeps is not None:
            settings = {**settings, **keeps.config(self.store.load_profile(owner, slug))}
        game = self.game(slug, settings)
        if not game.min_players <= len(seats) <= min(game.max_players, MAX_SEATS):
            low, high = game.min_players, game.max_players
            span = f"{low}" if low == high else f"{low}-{high}"
            raise ConfigError(
                _(
                    "{game} is for {span} players, not {players}",
                    game=slug,
                    span=span,
                    players=len(seats),
                )
            )
        known = agent_names(game, table=True)
        seats = [spec.strip() for spec in seats]
        for spec in seats:
            try:
                refuse_at_table(spec)
            except UnknownAgent as exc:
                raise ConfigError(str(exc)) from None
            name, options = parse_spec(spec)
            if name != "human" and name not in known:
                raise ConfigError(
                    _("unknown seat '{name}' (human, {known})", name=name, known=", ".join(known))
                )
            check_agent_cost(options)
        if seed is None:
            seed = secrets.randbelow(2**63)  # too many to try them all against one's own hand
        opening: list[Event] = []  # setup's narration ("You are dealt…"), per seat
        state = game.new_state(seed=seed, players=len(seats), events=opening)
        tokens = {s: secrets.token_urlsafe(24) for s, spec in enumerate(seats) if spec == "human"}
        entries = [
            {"kind": spec, "token": token_hash(tokens[s])} if s in tokens else {"kind": spec}
            for s, spec in enumerate(seats)
        ]
        if owner is not None and tokens:
            entries[min(tokens)]["owner"] = owner
        for s, spec in enumerate(seats):  # an agent's options are checked before it is stored
            if s not in tokens:
                make_agent(spec, game, s, seed)
        rid = secrets.token_urlsafe(9)
        recipe = {
            "game": slug,
            "config": config_to_json(game.config),
            "seed": seed,
            "players": len(seats),
            "stack": None,
            "dice": None,
        }
        self.store.create_room(rid, recipe, entries)
        room = self._room(rid, game, state, entries)
        room.events.extend(opening)
        self.rooms[rid] = room
        return room, tokens

    def act(self, room: Room, seat: int | None, action: Any, n: Any) -> None:
        """One seat's action, checked, stored and applied (see ``check``)."""
        self.commit(room, self.check(room, seat, action, n))

    def check(self, room: Room, seat: int | None, action: Any, n: Any) -> int:
        """The action, if it may be played: refused with a RoomError unless it is that
        seat's turn, the action is legal and ``n`` is the number of actions the seat has seen."""
        room.usable()
        state = room.state
        if seat is None:
            raise RoomError(_("spectators cannot act"))
        if state.is_over():
            raise RoomError(_("the game is over"))
        if state.to_move != seat:
            raise RoomError(_("it is not your turn"))
        if type(n) is not int or n != len(state.history):
            raise RoomError(_("that table was out of date: here is the current one"))
        if type(action) is not int:
            raise RoomError(_("an action is a whole number (its id)"))
        if action not in state.legal_ids():
            raise RoomError(_("action {action} is not one of your choices now", action=action))
        return action

    def commit(self, room: Room, action: int) -> None:
        """Write, then apply: the store holds every action a seat was told about."""
        move = self.prepare(room, action)
        self.store.append(room.id, move.n, action)
        self.install(move)

    def prepare(self, room: Room, action: int) -> Move:
        """A checked action as a move to store (``install`` applies it once stored)."""
        room.usable()
        return Move(room, len(room.state.history), action)

    def install(self, move: Move) -> None:
        """Apply a stored move to its room's state (call only once it is in the store).

        The room's own state is changed, not a copy: ``check`` lets only a legal action
        through, and ``State.apply`` refuses an illegal one before it changes anything, so
        a copy protected only against a rule that fails part-way, a bug, and paid a clone
        for every move against it. Such a failure is undone here instead: the move is taken
        out of the store and the room's state replayed from what is stored, as it was. If
        that fails too, the room is marked broken: refused to every session that holds it
        and to new ones (a restart undoes the move when it replays the room)."""
        room = move.room
        try:
            events = room.state.apply(move.action)
        except Exception as exc:
            try:
                self.undo(move)
            except Exception:  # not undone: the room must not be played on as it is
                room.broken = self.broken[room.id] = type(exc).__name__
                self.drop(room.id)
            raise RoomError(
                _("the rules could not apply that action ({error})", error=exc)
            ) from None
        room.events.extend(events)
        room.touched = time.monotonic()
        if room.state.is_over():
            with suppress(StoreError):  # not marked: a restart replays it and marks it then
                self.store.finish(room.id)
        self.keep(room)

    def undo(self, move: Move) -> None:
        """A stored move whose rules failed part-way: out of the store, and its room's
        state replayed from the store (the room as it was before the move)."""
        room = move.room
        self.store.remove(room.id, move.n)
        stored = self.store.room(room.id)
        if stored is None:
            raise RoomError(_("no room '{room}'", room=room.id[:40]))
        room.state, events = self._replay(room.game, stored)
        room.events[:] = events
        room.lines.clear()
        room.shared_part = None

    def keep(self, room: Room) -> None:
        """At the end of a game, record it in each owning player's profile, once (a play
        names its room, so a restart that replays the ending does not record it twice)."""
        keeps = frontend(type(room.game)).keeps
        if keeps is None or not room.state.is_over():
            return
        slug = room.game.slug
        for entry in room.seats:
            owner = entry.get("owner")
            if owner is None:
                continue
            doc = self.store.load_profile(owner, slug)
            if any(play.get("room") == room.id for play in (doc or {}).get("plays", ())):
                continue
            after = keeps.record(doc, room.state)
            after.setdefault("plays", [{}])[-1]["room"] = room.id
            self.store.save_profile(owner, slug, after)

    def profile(self, player: str, slug: str) -> dict[str, Any] | None:
        """A browser player's lasting profile for a game (None: none yet)."""
        return self.store.load_profile(token_hash(f"player:{player}"), slug)

    def ai_move(self, room: Room) -> int | None:
        """The id the AI to move chooses (None if no AI is to move); pure: applies nothing.
        The agent is made afresh for each move, seeded by the room and the move number, so a
        restarted server plays a room exactly as it would have."""
        state = room.state
        seat = state.to_move
        if seat is None or seat not in room.agents:
            return None
        agent = make_agent(
            room.agents[seat], room.game, seat, derive_seed(state.seed, len(state.history))
        )
        return int(agent.act(state.infoset(seat)))

    def save_file(self, room: Room) -> dict[str, Any]:
        """The terminal's save format (finished games only: it holds the whole deal)."""
        if not room.state.is_over():
            raise RoomError(_("a game can be downloaded once it is over"))
        data = room.state.to_json()
        data["seats"] = [entry["kind"] for entry in room.seats]
        return data
