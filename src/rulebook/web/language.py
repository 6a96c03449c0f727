"""Each browser reader's language: chosen from the page's own choice (a link's ``?lang=``, the
lobby's cookie), else the browser's Accept-Language, else English; and the words the page
itself shows (its buttons and labels), sent by the server in that language so the client
fetches nothing else and knows no catalog.

The page's words are English ids marked here for extraction; the client looks each up in the
table it is sent (``words``) and fills its ``{placeholders}``, reading English for any id the
table lacks.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from rulebook import i18n
from rulebook.i18n import (
    ENGLISH,
    N_,
    PSEUDO,
    Language,
    current,
    load,
    msgn,
    normalise,
)

__all__ = ["COOKIE", "accepted", "choose", "current", "languages", "page", "page_words"]

COOKIE = "rulebook-lang"
# a language as it names itself (the lobby's choice reads the same in every language)
NATIVE = {"en": "English", "ja": "日本語"}


@cache
def catalogued() -> tuple[str, ...]:
    """The package's catalogs (``rulebook.i18n.catalogued``), looked for once: every
    connection and page asks, and they change only with the package."""
    return tuple(i18n.catalogued())


def languages() -> list[dict[str, str]]:
    """The languages the lobby offers: every catalog the package has, English first."""
    return [{"code": code, "name": NATIVE.get(code, code)} for code in catalogued()]


def offered(code: str) -> str | None:
    """``code`` if a reader may ask for it (a catalog, or the pseudo test language)."""
    wanted = normalise(code)
    return wanted if wanted in catalogued() or wanted == PSEUDO else None


def accepted(header: str | None) -> str | None:
    """The language an Accept-Language header prefers among those with a catalog."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and tag != "*" and quality > 0:
            ranked.append((-quality, index, tag))
    for _quality, _index, tag in sorted(ranked):
        if (code := offered(tag)) is not None and code != PSEUDO:
            return code
    return None


def choose(
    asked: object, cookies: Mapping[str, str], header: str | None
) -> tuple[Language, str | None]:
    """A reader's language: ``asked`` (a link's or a message's ``lang``), else the lobby's
    cookie, else Accept-Language, else English; with one line when ``asked`` is not known."""
    unknown = None
    if isinstance(asked, str) and asked:
        if (code := offered(asked[:40])) is not None:
            return load(code)[0], None
        unknown = asked[:40]
    elif asked is not None:
        unknown = str(asked)[:40]
    cookie = cookies.get(COOKIE)
    code = (offered(cookie[:40]) if cookie else None) or accepted(header) or ENGLISH
    language = load(code)[0]
    if unknown is None:
        return language, None
    known = ", ".join(catalogued())
    return language, language(UNKNOWN, lang=unknown, known=known)


UNKNOWN = N_("no language '{lang}' here (known: {known}); showing this one instead")


def page(language: Language) -> dict[str, Any]:
    """What a page needs to speak ``language``: its code, the choice offered, its words."""
    return {"lang": language.code, "languages": languages(), "words": words_of(language)}


@cache
def words_of(language: Language) -> dict[str, str]:
    """``page_words``, made once per language (every connection's first table sends them;
    not to be changed by the caller)."""
    return page_words(language)


# ------------------------------------------------------------------------- the page's words
# Every text the lobby and the table pages show themselves (static/*.js, *.html).
PAGE = (
    # both pages
    N_("Language"),
    N_("Lobby"),
    N_("Content notice:"),
    N_(", "),  # a list's items joined, and a label before its value ("、" and "：" in Japanese)
    N_(": "),
    N_("How to play"),
    N_("Copy link"),
    N_("Copied"),
    N_("Select and copy the link"),
    # the lobby
    N_("Tabletop rulebooks as playable games. Pick a game, seat people and AIs, share the links."),
    N_("Games"),
    N_("Loading the games…"),
    N_("Could not load the games: {error}"),
    N_("The server answered {status}."),
    N_("1 player (solo)"),
    N_("1 player"),
    N_("{count} players"),
    N_("{low}–{high} players"),
    N_("New table: {game}"),
    N_("Seats"),
    N_("Players"),
    N_("Mode"),
    N_("Seat {number}"),
    N_("Who plays {role}"),
    N_("A person (invite link)"),
    N_("AI: {agent}"),
    N_("Strength (search iterations)"),
    N_("ismcts search iterations (strength)"),
    N_("their browser's language"),
    N_("Cards and seed"),
    N_("theme"),
    N_("seed"),
    N_("random"),
    N_(
        "The same seed deals the same game, so whoever knows it can work out every hidden "
        "card: leave it empty for real play."
    ),
    N_("({values}; default {default})"),
    N_("none"),
    N_("Rule switches ({count})"),
    N_("Create the table"),
    N_("The seed must be a whole number from 0."),
    N_("Table ready: {game}"),
    N_(
        "Each person opens their own link (or scans its code on their phone). A link is that "
        "seat's key: share it only with that person."
    ),
    N_(
        "These links work on this computer only. For phones, start the server with --host "
        "0.0.0.0 and open the lobby at this computer's network address."
    ),
    N_("A person"),
    N_("QR code of {role}'s link"),
    N_("Open this seat"),
    N_("Spectators"),
    N_("The public view: no hidden cards"),
    N_("Watch"),
    # the table
    N_("Connecting…"),
    N_("connecting…"),
    N_("reconnecting…"),
    N_("disconnected"),
    N_("Log"),
    N_("show all"),
    N_("show less"),
    N_("Hide"),
    N_("Show"),
    N_("{count} actions"),
    N_("Watching"),
    N_("Solo"),
    N_("You are {role}"),
    N_("Game over"),
    N_("Your turn"),
    N_("{player} to move"),
    N_("Download the saved game"),
    N_("New game"),
    N_("The game is over."),
    N_("You are watching this game."),
    N_("Waiting for {player}…"),
    N_("Waiting…"),
    N_("· latest {count}"),
    N_("Nothing has happened yet."),
    N_("OK"),
    N_("Close the card's text"),
    N_("No more text on this card."),
    N_("Not connected: reconnecting…"),
    N_("refused"),
    N_("There is no such room on this server."),
    N_("Back to the lobby"),
    N_("This seat link is not valid for this room."),
    N_("Cannot join this table"),
    N_("The player"),
    N_("{player} (AI)"),
    N_("someone"),
    N_("you"),
    N_("AI"),
    N_("to move"),
    N_("Hand · {count}"),
    N_("{count} cards face down"),
    N_("empty"),
    N_("all {count}"),
    N_("yes"),
    N_("no"),
)
# the forms a count chooses between (singular, plural): the page picks by its count
PLURALS = (
    msgn("Show {count} choice", "Show {count} choices", 2),
    msgn("{count} choice with {card}:", "{count} choices with {card}:", 2),
    msgn("{count} card", "{count} cards", 2),
)


def page_words(language: Language) -> dict[str, str]:
    """The page's words in ``language`` (English id -> text; placeholders left to the page).
    A count's two English forms each map to the language's form for one and for many."""
    words = {text: language.catalog.gettext(text) for text in PAGE}
    for message in PLURALS:
        one, many = message.id, message.plural or message.id
        words[one] = language.catalog.ngettext(one, many, 1)
        words[many] = language.catalog.ngettext(one, many, 2)
    return words
