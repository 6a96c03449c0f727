"""How a game ended: the reason, who won, each seat's return (what ``returns()`` gives) and,
in a game that scores, each seat's points."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rulebook.i18n import Listed, Message, _, msg, msgn, n_


@dataclass(frozen=True, slots=True)
class Outcome:
    """``reason`` is a stable key ("queue", "death"…) for statistics; ``text`` says it in words.

    ``scores`` are the returns, always in [0, 1]: without points 1.0 a win, 0.0 a loss, ties
    split in constant-sum games, everyone the same in cooperative ones; with ``points`` (a
    game that scores: chips, victory points) each seat's points mapped onto [0, 1] through the
    game's declared ``score_range`` (``(p - low) / (high - low)``), so search maximises the
    expected score. ``shares`` is then each seat's share of the win, as a win/lose outcome
    would give it: win rates are counted from it.
    """

    reason: str
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    text: str = ""
    points: tuple[float, ...] | None = None
    shares: tuple[float, ...] | None = None
    # the zones everyone sees once the game is over, decided by how it ended (a showdown
    # shows the hands, a fold none); None: each zone's own ``revealed_at_end``
    reveal: tuple[str, ...] | None = None

    @classmethod
    def win(cls, reason: str, winners: Sequence[int], players: int, text: str = "") -> Outcome:
        """Constant-sum: the winners share one point (a draw when every seat wins)."""
        share = 1.0 / len(winners) if winners else 0.0
        scores = tuple(share if s in winners else 0.0 for s in range(players))
        return cls(reason, tuple(winners), scores, text)

    @classmethod
    def draw(cls, reason: str, players: int, text: str = "") -> Outcome:
        """No winner: the point is split evenly."""
        return cls(reason, (), tuple(1.0 / players for _ in range(players)), text)

    @classmethod
    def team(cls, reason: str, won: bool, players: int, text: str = "") -> Outcome:
        """Cooperative or solo: every seat wins or loses together."""
        seats = tuple(range(players)) if won else ()
        return cls(reason, seats, tuple(1.0 if won else 0.0 for _ in range(players)), text)

    @classmethod
    def scored(
        cls,
        reason: str,
        points: Sequence[float],
        text: str = "",
        winners: Sequence[int] | None = None,
        team: bool = False,
    ) -> Outcome:
        """A game that scores: each seat's points (within the Game's ``score_range``; the
        engine maps them to returns when the game finishes). ``winners`` default to the seats
        with the most points, or nobody when every seat has the same; ``team``: the winners
        each win outright (a cooperative or solo game), else they share the win."""
        values = tuple(float(p) for p in points)
        if winners is None:
            best = max(values)
            winners = [s for s, p in enumerate(values) if p == best]
            if len(winners) == len(values) > 1:
                winners = []
        if team:
            shares = tuple(1.0 if s in winners else 0.0 for s in range(len(values)))
        elif winners:
            shares = cls.win(reason, winners, len(values)).scores
        else:  # nobody wins: a draw, as Outcome.draw splits it
            shares = cls.draw(reason, len(values)).scores
        return cls(reason, tuple(winners), shares, text, values, shares)

    def on_scale(self, low: float, high: float) -> Outcome:
        """This outcome with its returns read from its points on [low, high]."""
        if self.points is None:
            return self
        span = high - low
        return replace(self, scores=tuple((p - low) / span for p in self.points))

    def revealing(self, *fields: str) -> Outcome:
        """This outcome showing exactly these zones (by field) to everyone once over: views,
        the harness and the end of a game honour it. ``revealing()`` shows none."""
        return replace(self, reveal=tuple(fields))

    def win_shares(self) -> tuple[float, ...]:
        """Each seat's share of the win (1.0 won, 0.0 lost, between: a shared result): what
        win rates count, with or without points."""
        return self.shares if self.shares is not None else self.scores

    def describe(self, role: Any, text: str | None = None) -> str:
        """The outcome in words (the current reader's language), naming winners with
        ``role(seat)``; ``text``: the reason in that language (default: ``self.text``)."""
        text = self.text if text is None else text
        if self.winners and len(self.winners) < len(self.scores):
            who = _(" and ").join(role(s) for s in self.winners)
            head = n_("{players} wins", "{players} win", len(self.winners), players=who)
        elif self.winners:
            head = _("Won") if len(self.scores) == 1 else _("Everyone wins")
        else:
            lost = len(self.scores) == 1 and max(self.scores) == 0
            head = _("Lost") if lost else _("No one wins")
        return _("{head}: {reason}", head=head, reason=text) if text else head

    def said(self, role: Callable[[int], object], reason: object = None) -> Message:
        """:meth:`describe` as a message (narration worded in each reader's language):
        ``role(seat)`` names a seat (a message, a Name or a str), ``reason`` the reason (a
        message; default: ``self.text`` as it is)."""
        reason = self.text if reason is None else reason
        if self.winners and len(self.winners) < len(self.scores):
            who = Listed(tuple(role(s) for s in self.winners), " and ")
            head = msgn("{players} wins", "{players} win", len(self.winners), players=who)
        elif self.winners:
            head = msg("Won") if len(self.scores) == 1 else msg("Everyone wins")
        else:
            lost = len(self.scores) == 1 and max(self.scores) == 0
            head = msg("Lost") if lost else msg("No one wins")
        return msg("{head}: {reason}", head=head, reason=reason) if reason else head

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "reason": self.reason,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "text": self.text,
        }
        if self.points is not None:  # a win/lose game's saves stay as they were
            data["points"] = list(self.points)
            data["shares"] = list(self.win_shares())
        if self.reveal is not None:
            data["reveal"] = list(self.reveal)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Outcome | None:
        if data is None:
            return None
        return cls(
            str(data["reason"]),
            tuple(int(s) for s in data["winners"]),
            tuple(float(x) for x in data["scores"]),
            str(data.get("text", "")),
            _floats(data.get("points")),
            _floats(data.get("shares")),
            None if data.get("reveal") is None else tuple(str(f) for f in data["reveal"]),
        )


def _floats(values: Any) -> tuple[float, ...] | None:
    return None if values is None else tuple(float(x) for x in values)
