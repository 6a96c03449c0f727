"""Event records: narration for people, each marked with who may read it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulebook.i18n import Language, Message, current


class Event:
    """One line of narration.

    ``to`` is None for a public event; otherwise only those seats read ``text`` and everyone
    else (other seats and spectators) reads ``others`` — or nothing when ``others`` is None.
    One record per happening keeps a private fact and its public shadow together.

    ``text`` and ``others`` are English. An event narrated as data (``State.narrate``) also
    keeps ``message`` and ``others_message``, the same lines as a message id and its
    arguments, worded for each reader in their own language when shown (``read``); its
    English is made when first read, not as the event is made (narrated play that reads no
    line, or reads it in another language, never words it in English).

    ``Event.later(make, args)`` goes one step further: its message is ``make(*args)``, made
    when the event is first read (a line whose message takes several to build, such as a
    sum in words, costs narrated play one tuple until someone reads it); ``Event.later_pair``
    likewise makes a private line and its public shadow together.

    A value never changed once made (equal and hashed by value, a dataclass's way), with
    slots and a plain ``__init__``: narration makes several a decision.
    """

    __slots__ = ("_args", "_make", "_message", "_others", "_others_message", "_text", "to")
    _args: tuple[Any, ...]  # a ``later`` event's maker's arguments (set with ``_make``)

    def __init__(
        self,
        text: str | None,
        to: tuple[int, ...] | None = None,
        others: str | None = None,
        message: Message | None = None,
        others_message: Message | None = None,
    ) -> None:
        """``text`` None: the English of ``message``, made when read (``others`` likewise
        from ``others_message``)."""
        self._text = text
        self.to = to
        self._others = others
        self._message = message
        self._others_message = others_message
        self._make: Callable[..., Any] | None = None

    @classmethod
    def of(
        cls, message: Message, to: tuple[int, ...] | None = None, others: Message | None = None
    ) -> Event:
        """``Event(None, to, None, message, others)``, made slot by slot (no ``__init__`` call:
        narration makes several a decision)."""
        event: Event = _Plain()
        event._text = event._others = event._make = None
        event.to = to
        event._message = message
        event._others_message = others
        return event

    @classmethod
    def later(
        cls, make: Callable[..., Message], args: tuple[Any, ...], to: tuple[int, ...] | None = None
    ) -> Event:
        """A public event (or one for ``to`` only) whose message is ``make(*args)``, made when
        first read; ``args`` must not change afterwards. Three slots written, the rest when
        first read (narration makes several a decision, most never read)."""
        event: Event = _Later()
        event.to = to
        event._make = make  # maker and arguments in slots of their own: no tuple to hold them
        event._args = args
        return event

    @classmethod
    def later_pair(
        cls,
        make: Callable[..., tuple[Message, Message | None]],
        args: tuple[Any, ...],
        to: tuple[int, ...] | None = None,
    ) -> Event:
        """``later`` for a line ``to`` reads and its shadow everyone else reads: ``make(*args)``
        gives both messages (the second None: the others read nothing)."""
        event: Event = _LaterPair()
        event.to = to
        event._make = make
        event._args = args
        return event

    def _made(self) -> None:
        """Make the messages of a ``later`` event (once); its other slots are written here,
        the last one being ``_make``, so a reader that finds ``_make`` None finds them all."""
        make = self._make  # read once, and its arguments kept: another thread may make it too
        if make is not None:  # forgotten only once made: a failure raises again next read
            self._message, self._others_message = self._messages(make, self._args)
            self._text = self._others = None
            self._make = None

    @staticmethod
    def _messages(
        make: Callable[..., Any], args: tuple[Any, ...]
    ) -> tuple[Message | None, Message | None]:
        """A ``later`` event's line and shadow from its maker (``_LaterPair``: both)."""
        return make(*args), None

    @property
    def message(self) -> Message | None:
        if self._make is not None:
            self._made()
        return self._message

    @property
    def others_message(self) -> Message | None:
        if self._make is not None:
            self._made()
        return self._others_message

    @property
    def text(self) -> str:
        if self._make is not None:
            self._made()
        text = self._text
        if text is None:
            message = self._message
            assert message is not None, "an event needs a text or a message"
            text = self._text = message.english()
        return text

    @property
    def others(self) -> str | None:
        if self._make is not None:
            self._made()
        others = self._others
        if others is None:
            message = self._others_message
            if message is not None:
                others = self._others = message.english()
        return others

    def _key(self) -> tuple[Any, ...]:
        return (self.text, self.to, self.others, self.message, self.others_message)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.text, self.to, self.others))

    def __repr__(self) -> str:
        return (
            f"Event(text={self.text!r}, to={self.to!r}, others={self.others!r}, "
            f"message={self.message!r}, others_message={self.others_message!r})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, self._key())

    def for_seat(self, seat: int | None) -> str | None:
        """The English text ``seat`` may read (None: a spectator), or None if it sees nothing."""
        if self.to is None or (seat is not None and seat in self.to):
            return self.text
        return self.others

    def read(self, seat: int | None, language: Language | None = None) -> str | None:
        """What ``seat`` may read, in ``language`` (default: the current reader's); only the
        line that seat may see is worded. An event narrated as plain text reads as it is."""
        own = self.to is None or (seat is not None and seat in self.to)
        mine = self.message if own else self.others_message
        if mine is not None:
            language = language or current()
            if not language.english:
                return mine.text(language)
        # English by the branch, not by which message object: another thread may remake it
        return self.text if own else self.others


class _Plain(Event):
    """An event made slot by slot (``Event.of``): a class without ``__init__`` is made by
    the type call alone, cheaper than ``object.__new__(Event)``."""

    __slots__ = ()
    __init__ = object.__init__


class _Later(_Plain):
    """``Event.later``: only ``to``, ``_make`` and ``_args`` are written when made."""

    __slots__ = ()


class _LaterPair(_Later):
    """``Event.later_pair``: its maker gives the line and the shadow."""

    __slots__ = ()

    @staticmethod
    def _messages(
        make: Callable[..., Any], args: tuple[Any, ...]
    ) -> tuple[Message | None, Message | None]:
        return make(*args)  # type: ignore[no-any-return]
