"""Where each entry of the declared observation is shown in a seat's view.

The observation of ``rulebook.engine.observation`` is written from the state's fields (building
a view costs more than a decision), but it must be a function of what the seat is shown:
``view(seat)`` and the seat's legal ids. So every field it reads has a declared place in the
view (``State.VIEW_OF``: a path into the view dict, or a small function of the view), and
``observation_from_view`` rebuilds every entry of the vector from the view alone; a test checks
it equals the fast vector at every decision of seeded games of every game (a field declared
public that the view does not show then fails, as a zone counted that the view hides).

A place is a path of keys and list indices joined by dots (``players.{i}.hand``: ``{i}`` is
the list's seat or pile number), ``*`` for every item of a list (``players.*.points``), ``|``
between alternatives (the first one present); or a function ``(view, i, game) -> value``
(the game for its fixed tables only, such as a card's number from its id). What it must
give:

- a zone list: the card ids it shows (its length, and its counts when the seat sees it), or a
  number (its length alone: a hidden list);
- a public number: the number (true/false as 1/0, null as 0);
- a public list of numbers: the list;
- any other public field (the observation keeps its length): the list, or its length;
- a public list per card instance (``State.PER_CARD``): a (pool, card id, value) for each
  card the view shows with its value (summed per pool and id).

The pending decision's payload is read from ``decision.NAME`` unless a place is declared under
``decision.KIND.NAME``. Nothing here is game-specific.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rulebook.engine.errors import DeclarationError
from rulebook.engine.fields import INT, INT_TUPLE, INTS

if TYPE_CHECKING:
    from rulebook.engine.game import Game
    from rulebook.engine.observation import ObservationSpec

View = Mapping[str, Any]
ViewPlace = str | Callable[[View, int, "Game"], Any]


def place_of(places: Mapping[str, ViewPlace], key: str, what: str) -> ViewPlace:
    """The declared place of ``key``, or a DeclarationError naming what lacks one."""
    place = places.get(key)
    if place is None:
        raise DeclarationError(
            f"{what} '{key}' is in the observation but has no place in the view "
            "(declare it in State.VIEW_OF, or leave it out of the observation)"
        )
    return place


def place_value(view: View, place: ViewPlace, i: int, game: Game) -> Any:
    """The value at ``place`` of ``view`` (``i``: the list's seat or pile number; ``game``
    for its fixed tables, such as card ids by number)."""
    if not isinstance(place, str):
        return place(view, i, game)
    for path in place.split("|"):
        value = _walk(view, path.replace("{i}", str(i)).split("."))
        if value is not None:
            return value
    return None


def _walk(value: Any, parts: list[str]) -> Any:
    for k, part in enumerate(parts):
        if value is None:
            return None
        if part == "*":
            return [_walk(item, parts[k + 1 :]) for item in value]
        if isinstance(value, Mapping):
            value = value.get(part)
        elif isinstance(value, list | tuple):
            j = int(part)
            value = value[j] if -len(value) <= j < len(value) else None
        else:
            return None
    return value


def describe_place(place: ViewPlace) -> str:
    """The place in words, for ``rulebook rl describe``."""
    if isinstance(place, str):
        return place.replace("|", ", else ")
    doc = (place.__doc__ or "").strip().splitlines()
    return doc[0] if doc else getattr(place, "__name__", "a function of the view")


def _number(value: Any) -> float:
    if value is None:
        return 0.0
    return float(value)


def _clip(value: float, lo: float, hi: float) -> float:
    return lo if value < lo else hi if value > hi else value


def observation_from_view(spec: ObservationSpec, view: View) -> list[float]:
    """Every entry of the seat's observation, rebuilt from its view alone (the reference the
    fast vector is checked against)."""
    out = [0.0] * spec.size
    game = spec.game
    places = game.state_class.VIEW_OF
    out[spec.seat[view["seat"]]] = 1.0
    decision = view["decision"]
    if decision is not None:
        out[spec.to_move[decision["seat"]]] = 1.0
        k = spec.kind_index[decision["kind"]]
        out[spec.kind[k]] = 1.0
        kind = spec.game.state_class.DECISIONS[k]
        for name, (i, lo, hi) in zip(kind.public, spec.payload[k], strict=True):
            place = places.get(f"decision.{kind.name}.{name}", f"decision.{name}")
            out[i] = _clip(_number(place_value(view, place, 0, game)), lo, hi)
    if view["over"]:
        out[spec.over] = 1.0
        for i, score in zip(spec.returns, view["outcome"]["scores"], strict=True):
            out[i] = float(score)
    for slot in spec.slots:
        shown = place_value(view, places[slot.zone.field], max(slot.index, 0), game)
        if isinstance(shown, list | tuple):
            out[slot.length] = float(len(shown))
            if slot.ids is not None:
                for card in shown:
                    out[slot.at[card]] += 1.0
        else:
            out[slot.length] = _number(shown)
    for p in spec.public:
        shown = place_value(view, places[p.field], 0, game)
        if p.cards is not None:
            for pool, card, value in shown:  # each instance clipped to its range
                out[p.base + p.at[pool, card]] += _clip(float(value), *p.each)
        elif p.shape == INT:
            out[p.base] = _clip(_number(shown), p.lo, p.hi)
        elif p.shape in (INTS, INT_TUPLE):
            values = list(shown) if isinstance(shown, list | tuple) else []
            for j in range(p.count):
                out[p.base + j] = _clip(_number(values[j]) if j < len(values) else 0.0, p.lo, p.hi)
        else:
            n = float(len(shown)) if isinstance(shown, list | tuple | dict) else _number(shown)
            out[p.base] = min(n, p.hi)
    return out
