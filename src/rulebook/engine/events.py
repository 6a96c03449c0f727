"""Event records: narration for people, each marked with who may read it."""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.i18n import Language, Message, current


@dataclass(slots=True)
class Event:
    """One line of narration.

    ``to`` is None for a public event; otherwise only those seats read ``text`` and everyone
    else (other seats and spectators) reads ``others`` — or nothing when ``others`` is None.
    One record per happening keeps a private fact and its public shadow together.

    ``text`` and ``others`` are English. An event narrated as data (``State.narrate``) also
    keeps ``message`` and ``others_message``, the same lines as a message id and its
    arguments, worded for each reader in their own language when shown (``read``).

    A value never changed once made (equal and hashed by value), though not ``frozen``: a
    frozen dataclass is made three times slower, and narration makes several a decision.
    """

    text: str
    to: tuple[int, ...] | None = None
    others: str | None = None
    message: Message | None = None
    others_message: Message | None = None

    def __hash__(self) -> int:
        return hash((self.text, self.to, self.others))

    def for_seat(self, seat: int | None) -> str | None:
        """The English text ``seat`` may read (None: a spectator), or None if it sees nothing."""
        if self.to is None or (seat is not None and seat in self.to):
            return self.text
        return self.others

    def read(self, seat: int | None, language: Language | None = None) -> str | None:
        """What ``seat`` may read, in ``language`` (default: the current reader's); only the
        line that seat may see is worded. An event narrated as plain text reads as it is."""
        text: str | None
        if self.to is None or (seat is not None and seat in self.to):
            mine, text = self.message, self.text
        else:
            mine, text = self.others_message, self.others
        if mine is None:
            return text
        language = language or current()
        return text if language.english else mine.text(language)
