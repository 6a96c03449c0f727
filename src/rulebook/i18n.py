"""Languages: gettext catalogs (managed with Babel) and the one place a language is chosen.

Messages are English text used as gettext ids with named ``{placeholders}`` (never sentences
glued from pieces), so a message missing from a catalog reads in English, not as an id. The
catalogs live in ``rulebook/locale/<code>/LC_MESSAGES/messages.po``; the Makefile extracts,
updates and compiles them (``.mo`` files are built, never committed). Reading a compiled
catalog needs only the standard library: Babel is for the people who edit them.

``x-pseudo`` is a test language built from the English ids: every message it translates comes
out transformed (accented, in ⟦brackets⟧), so text that skipped translation stands out.

Nothing here knows a game or the engine: front ends pick a :class:`Language` per reader.
"""

from __future__ import annotations

import contextvars
import functools
import gettext
import os
import re
import struct
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, cast

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"
ENGLISH = "en"
PSEUDO = "x-pseudo"
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's own order
UNSPACED = frozenset({"ja", "zh", "th", "lo", "km", "my"})  # written without spaces between words


@dataclass(frozen=True)
class Language:
    """One reader's language: translate a message, fill its named placeholders."""

    code: str
    catalog: gettext.NullTranslations = field(default_factory=gettext.NullTranslations)

    def __call__(self, message: str, /, **args: object) -> str:
        """``message`` (an English id) in this language, its ``{name}`` placeholders filled."""
        return fill(self.catalog.gettext(message), message, args)

    def n(self, singular: str, plural: str, count: int, /, **args: object) -> str:
        """The form for ``count`` (the language's plural rule); ``{count}`` is filled too."""
        english = singular if count == 1 else plural
        return fill(
            self.catalog.ngettext(singular, plural, count), english, {"count": count, **args}
        )

    @property
    def english(self) -> bool:
        return self.code == ENGLISH

    @property
    def spaced(self) -> bool:
        """Whether the language puts spaces between its words: a terminal line of one that
        does not is better left to the terminal to fold than wrapped at rich's spaces (which
        would put a whole sentence after a bullet on a line of its own)."""
        return self.code not in UNSPACED


def fill(text: str, english: str, args: Mapping[str, object]) -> str:
    """Placeholders filled; a translation naming a placeholder the message lacks (a catalog
    mistake) reads in English rather than failing in front of a player."""
    if not args:  # a message without placeholders is shown as it is (braces and all)
        return text
    try:
        return text.format_map(args)
    except (KeyError, IndexError, ValueError, AttributeError):
        return english.format_map(args)


# --------------------------------------------------------------------------- pseudo

_PSEUDO_LETTERS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥïĵķłɱñöþqŕšţüvŵxÿžÀƁÇĐÉƑĜĤÏĴĶŁMÑÖÞQŔŠŢÜVŴXŸŽ",
)
# kept as they are: {placeholders} and rich markup tags like [bold] or [/]
_KEEP = re.compile(r"(\{[^{}]*\}|\[/?[a-z #0-9]*\])")
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"


def pseudo(text: str) -> str:
    """``text`` as the pseudo-language shows it: letters accented, the whole in ⟦ ⟧."""
    parts = _KEEP.split(text)
    shown = "".join(p if i % 2 else p.translate(_PSEUDO_LETTERS) for i, p in enumerate(parts))
    return f"{PSEUDO_OPEN}{shown}{PSEUDO_CLOSE}"


class PseudoCatalog(gettext.NullTranslations):
    """Every message transformed from its English id (English plural rule)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


# --------------------------------------------------------------------------- choosing

ENGLISH_LANGUAGE = Language(ENGLISH)


def normalise(code: str) -> str:
    """``ja_JP.UTF-8`` -> ``ja``; ``en-GB`` -> ``en``; ``C``/``POSIX`` -> ``en``."""
    code = code.strip().split(".")[0].split("@")[0].replace("_", "-").lower()
    if code in ("c", "posix", ""):
        return ENGLISH
    if code == PSEUDO:
        return PSEUDO
    return code.split("-")[0]


def compiled(code: str, directory: Path = LOCALE_DIR) -> Path:
    return directory / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def catalogued(directory: Path = LOCALE_DIR) -> list[str]:
    """Languages with a catalog in the package (compiled or not), English first."""
    found = sorted(p.parents[1].name for p in directory.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return [ENGLISH, *(c for c in found if c != ENGLISH)]


@functools.lru_cache(maxsize=64)
def load(code: str, directory: Path = LOCALE_DIR) -> tuple[Language, str | None]:
    """The language ``code`` names, or English and one line saying why not."""
    wanted = normalise(code)
    if wanted == ENGLISH:
        return ENGLISH_LANGUAGE, None
    if wanted == PSEUDO:
        return Language(PSEUDO, PseudoCatalog()), None
    languages = catalogued(directory)
    if wanted not in languages:
        known = ", ".join(languages)
        return ENGLISH_LANGUAGE, f"no catalog for language '{code}' (known: {known}); using English"
    path = compiled(wanted, directory)
    try:
        with path.open("rb") as handle:
            return Language(wanted, gettext.GNUTranslations(handle)), None
    except (OSError, ValueError, struct.error) as exc:  # missing, or not a catalog
        why = "not compiled: run 'make catalogs'" if not path.exists() else str(exc)
        return ENGLISH_LANGUAGE, f"the '{wanted}' catalog is {why}; using English"


def from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The first language the environment names (gettext's order), or None."""
    env = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = env.get(name)
        if value:
            return value.split(":")[0]
    return None


def choose(
    asked: str | None, environ: Mapping[str, str] | None = None
) -> tuple[Language, str | None]:
    """``--lang`` if given, else the environment, else English; with one warning line when
    the choice cannot be honoured. A language the environment names but no catalog has reads
    in English silently (the user did not ask this program for it)."""
    if asked:
        return load(asked)
    named = from_environment(environ)
    if named is None:
        return ENGLISH_LANGUAGE, None
    language, warning = load(named)
    if warning is not None and normalise(named) not in catalogued():
        warning = None
    return language, warning


# the reader's language: the process's at the command line; a server sets it per reader
# while it renders that reader's table (a context variable: each request its own)
_current: contextvars.ContextVar[Language] = contextvars.ContextVar(
    "language", default=ENGLISH_LANGUAGE
)


class reading:  # lower case: used as a function, ``with reading(language):``
    """Render for one reader in ``language``, then go back to the language before. A class
    rather than a generator-based context manager: a server enters one for every table it
    builds, and this costs a third as much."""

    __slots__ = ("language", "token")

    def __init__(self, language: Language) -> None:
        self.language = language

    def __enter__(self) -> Language:
        self.token = _current.set(self.language)
        return self.language

    def __exit__(self, *exc: object) -> None:
        _current.reset(self.token)


def current() -> Language:
    return _current.get()


def _(message: str, /, **args: object) -> str:
    """``message`` in the current language (the reader's)."""
    return _current.get()(message, **args)


def n_(singular: str, plural: str, count: int, /, **args: object) -> str:
    """The form for ``count`` in the current language; ``{count}`` is filled."""
    return _current.get().n(singular, plural, count, **args)


def term(word: str | Message, /) -> str:
    """A word kept as data (a game's ending meaning, a tally's name, each marked with ``N_``
    where it is written, or a :class:`Message` built from a theme's words) in the current
    language; an empty one stays empty (gettext's ``""`` is its catalog's header)."""
    if isinstance(word, Message):
        return word.text()
    return _current.get()(word) if word else word


# ``N_(message)`` marks ``message`` for extraction and gives it back as it is; it is translated
# where it is shown. It is the ``str`` type itself: CPython calls ``str`` on a str without a
# Python frame, a third of a function's cost (narration marks several lines a decision).
N_: Callable[[str], str] = str


# --------------------------------------------------------------------------- messages as data


class Message(NamedTuple):
    """A message kept as data (an English id and its arguments) and worded when shown, in
    each reader's language: narration that a Japanese and an English player read alike.
    An argument may be a number, a plain string (shown as it is: a card id), a
    :class:`Name` or another Message (worded in the same language)."""

    id: str
    args: tuple[tuple[str, object], ...] = ()
    plural: str | None = None  # the English plural form; the count is the ``count`` argument

    def text(self, language: Language | None = None) -> str:
        language = language or _current.get()
        args = {k: worded(v, language) for k, v in self.args}
        if self.plural is None:
            return language(self.id, **args)
        count = int(dict(self.args)["count"])  # type: ignore[call-overload]
        return language.n(self.id, self.plural, count, **args)

    def english(self) -> str:
        """The English (the narration's ``text``): :meth:`text` without a catalog, quicker,
        since every narrated line is worded in English as it is made."""
        args: dict[str, object] = {}
        for key, value in self.args:
            kind = type(value)
            if kind is Message:  # a seat, a colour: the same few again and again
                value = _english(cast(Message, value))
            elif kind is Name:
                value = cast(Name, value).en
            elif kind is Listed:
                value = cast(Listed, value).text(ENGLISH_LANGUAGE)
            args[key] = value
        text = self.id if self.plural is None or args["count"] == 1 else self.plural
        return text.format_map(args) if args else text

    def __str__(self) -> str:
        return self.text()


@functools.lru_cache(maxsize=512)
def _english(message: Message) -> str:
    return message.english()


class Name(NamedTuple):
    """A proper name given in several languages (a card's ``name`` and ``name_ja``): the
    reader's language if given, else English (the pseudo-language transforms the English)."""

    en: str
    others: tuple[tuple[str, str], ...] = ()

    def text(self, language: Language | None = None) -> str:
        language = language or _current.get()
        if language.code == PSEUDO:
            return pseudo(self.en)
        for code, name in self.others:
            if code == language.code:
                return name
        return self.en

    def __str__(self) -> str:
        return self.text()


class Listed(NamedTuple):
    """Several values shown as one list, joined the reader's way ("A, B and C"; "A、B、C");
    ``separator`` ("; ") joins every item alike instead."""

    items: tuple[object, ...]
    separator: str | None = None

    def text(self, language: Language | None = None) -> str:
        _ = language or _current.get()
        shown = [str(worded(item, _)) for item in self.items]
        if self.separator is not None:
            return _(self.separator).join(shown)
        if len(shown) < 2:
            return "".join(shown)
        rest = _(", ").join(shown[:-1])
        return _("{rest} and {last}", rest=rest, last=shown[-1])

    def __str__(self) -> str:
        return self.text()


def worded(value: object, language: Language) -> object:
    if isinstance(value, Message | Name | Listed):
        return value.text(language)
    return value


def words(language: Language | None = None) -> Language:
    """``language``, or the current reader's: a renderer that takes a language calls it ``_``
    (``_ = words(language)``), so its messages are extracted like any other."""
    return language or _current.get()


def msg(message: str, /, **args: object) -> Message:
    """A message as data (extracted like ``_``): worded when shown, in the reader's language.
    Made as the tuple it is (a NamedTuple's own ``__new__`` is slower): narration makes
    several a decision."""
    return _new(Message, (message, tuple(args.items()), None))


_new = tuple.__new__


def msgn(singular: str, plural: str, count: int, /, **args: object) -> Message:
    """A message with plural forms as data; ``{count}`` is ``count``."""
    return Message(singular, (("count", count), *args.items()), plural)


# --------------------------------------------------------------------------- extraction


def extract_package(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[Any]:
    """Babel extraction for a game package's ``__init__.py``: its messages, and its
    docstring (how to play, which ``rulebook rules`` and the browser show translated)."""
    import ast

    from babel.messages.extract import extract_python

    source = fileobj.read()
    fileobj.seek(0)
    yield from extract_python(fileobj, keywords, comment_tags, options)
    doc = ast.get_docstring(ast.parse(source), clean=False)
    if doc:
        yield 1, "_", doc.strip(), []


def extract_notice(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[Any]:
    """Babel extraction for a game's card file: its content notice (``[meta] notice``),
    which every table shows in the reader's language (a card file of a designer's own
    stays as written: its notice is in no catalog)."""
    import tomllib

    del keywords, comment_tags, options
    meta = tomllib.loads(fileobj.read().decode("utf-8")).get("meta", {})
    if isinstance(meta, dict) and isinstance(meta.get("notice"), str) and meta["notice"]:
        yield 1, "_", meta["notice"], []
