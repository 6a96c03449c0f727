"""What a tuning run aims at (``--target``), and how far a setting's games are from it.

Each target is a distance that is 0 on the mark; a run minimises their weighted sum, printed
as the objective: rates count as plain differences (0.1 = ten percentage points off), the
length as a share of the wanted length (30 turns wanted, 33 played: 0.1). ``balance`` compares
the seats' shares of the games someone won: draws count for no seat, so rules under which
hardly anyone wins do not pass for balanced (their win rates are equal, near 0)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rulebook.engine.errors import ConfigError
from rulebook.engine.game import Game
from rulebook.i18n import N_, _
from rulebook.sim.stats import wilson

KINDS = "balance, length=TURNS, win-rate:SEAT=X, draw-rate=X, end:REASON=X"
NOT_ONE = N_("--target '{text}' is not one of: {kinds} (each may end in @WEIGHT)")
PATTERN = re.compile(
    r"^(?P<kind>balance|length|win-rate|draw-rate|end)(?::(?P<what>[^=@]+))?"
    r"(?:=(?P<value>[^@]+))?(?:@(?P<weight>.+))?$"
)


@dataclass(frozen=True)
class Target:
    kind: str  # balance, length, win-rate, draw-rate, end
    text: str  # as given, without the weight
    value: float = 0.0
    seat: int = 0
    reason: str = ""
    weight: float = 1.0

    def measured(self, m: dict[str, Any]) -> tuple[float, list[float] | None]:
        """The measured quantity the target looks at, with its 95% interval."""
        if self.kind == "balance":
            return m["balance"]["value"], m["balance"]["interval"]
        if self.kind == "length":
            return m["length"]["mean"], m["length"]["interval"]
        if self.kind == "win-rate":
            seat = m["seats"][self.seat]
            return seat["win_rate"], seat["interval"]
        if self.kind == "draw-rate":
            return m["draws"]["rate"], m["draws"]["interval"]
        end = m["ends"].get(self.reason)
        if end is None:
            return 0.0, list(wilson(0, m["games"]))
        return end["rate"], end["interval"]

    def distance(self, m: dict[str, Any]) -> float:
        got, _interval = self.measured(m)
        if self.kind == "balance":
            return got
        if self.kind == "length":
            return abs(got - self.value) / self.value
        return abs(got - self.value)

    def distance_interval(self, m: dict[str, Any]) -> tuple[float, float] | None:
        """The distances the measure's 95% interval allows: 0 when the mark lies inside it."""
        _got, interval = self.measured(m)
        if interval is None:
            return None
        low, high = interval
        if self.kind == "balance":
            return low, high
        scale = self.value if self.kind == "length" else 1.0
        near = (
            0.0 if low <= self.value <= high else min(abs(low - self.value), abs(high - self.value))
        )
        return near / scale, max(abs(low - self.value), abs(high - self.value)) / scale

    def formula(self, game: Game) -> str:
        """The target's term of the objective, in words a designer reads (the reader's)."""
        said = {"weight": f"{self.weight:g}", "value": f"{self.value:g}"}
        if self.kind == "balance":
            return _("{weight}×(highest − lowest seat share of the games won)", **said)
        if self.kind == "length":
            return _("{weight}×|mean turns − {value}| / {value}", **said)
        if self.kind == "win-rate":
            return _(
                "{weight}×|{seat} win rate − {value}|", seat=game.role_words(self.seat), **said
            )
        if self.kind == "draw-rate":
            return _("{weight}×|draw rate − {value}|", **said)
        return _(
            "{weight}×|share of games ending '{reason}' − {value}|", reason=self.reason, **said
        )


def parse_target(game: Game, players: int, text: str) -> Target:
    """``balance``, ``length=30``, ``win-rate:2=0.5`` (a seat by number or name),
    ``draw-rate=0.1``, ``end:REASON=0.3``; ``@W`` after any of them weighs it (default 1)."""
    match = PATTERN.match(text.strip())
    if not match:
        raise ConfigError(_(NOT_ONE, text=text, kinds=KINDS))
    kind, what, value, weight = match.group("kind", "what", "value", "weight")
    plain = text.strip().split("@")[0]
    needs_what = kind in ("win-rate", "end")
    needs_value = kind != "balance"
    if needs_what != (what is not None) or needs_value != (value is not None):
        raise ConfigError(_(NOT_ONE, text=text, kinds=KINDS))
    number = _number(text, value) if value is not None else 0.0
    if kind == "length" and number <= 0:
        raise ConfigError(
            _("--target '{text}': the length is a number of turns above 0", text=text)
        )
    if kind in ("win-rate", "draw-rate", "end") and not 0.0 <= number <= 1.0:
        raise ConfigError(
            _("--target '{text}': a rate is between 0 and 1 (0.45 for 45%)", text=text)
        )
    w = _number(text, weight) if weight is not None else 1.0
    if w <= 0:
        raise ConfigError(_("--target '{text}': a weight is above 0", text=text))
    if kind == "balance" and players < 2:
        find_seat(game, players, "2", text)  # balance compares seats: there is no second
    seat = find_seat(game, players, what, text) if kind == "win-rate" and what else 0
    reason = what.strip() if kind == "end" and what else ""
    if reason and game.endings and reason not in game.endings:  # it would read 0, silently
        reasons = f"end:REASON=X, REASON: {', '.join(game.endings)}"
        raise ConfigError(_(NOT_ONE, text=text, kinds=reasons))
    return Target(kind, plain, number, seat, reason, w)


def _number(text: str, value: str) -> float:
    try:
        return float(value)
    except ValueError:
        raise ConfigError(
            _("--target '{text}': '{value}' is not a number", text=text, value=value)
        ) from None


def find_seat(game: Game, players: int, what: str, text: str) -> int:
    """A seat by its number as the table shows it (1 is the first) or by its name."""
    roles = [game.role(s) for s in range(players)]
    key = what.strip()
    if key.isdigit() and 1 <= int(key) <= players:
        return int(key) - 1
    wanted = re.sub(r"[\s_-]+", "", key.lower())
    for seat, role in enumerate(roles):
        if re.sub(r"[\s_-]+", "", role.lower()) == wanted:
            return seat
    seats = ", ".join(f"{i + 1} ({game.role_words(i)})" for i in range(players))
    raise ConfigError(
        _(
            "--target '{text}': no seat '{key}' in this game (seats: {seats})",
            text=text,
            key=key,
            seats=seats,
        )
    )


def objective(game: Game, targets: list[Target]) -> str:
    return _("distance = {terms}", terms=" + ".join(t.formula(game) for t in targets))


def distance(targets: list[Target], measured: dict[str, Any]) -> float:
    return sum(t.weight * t.distance(measured) for t in targets)


def distance_interval(targets: list[Target], measured: dict[str, Any]) -> list[float] | None:
    """The objective's range over each target's 95% interval (their weighted sums): wider than
    any one of them, and None when a target has no interval."""
    ranges = [t.distance_interval(measured) for t in targets]
    if any(r is None for r in ranges):
        return None
    return [
        sum(t.weight * r[end] for t, r in zip(targets, ranges, strict=True) if r is not None)
        for end in (0, 1)
    ]
