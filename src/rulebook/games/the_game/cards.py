"""The GAME's card content: schema, loading, themes and the deck-building limits.

A theme is a whole card file (cards plus the labels the table uses), so the fantasy theme
shares every rule with the classic one — proof that a card set is pure data. A card of a
theme may say which classic card it stands for (``same_as = "stop-game"``), so ``--without``
takes a card's id from any theme.
"""

from __future__ import annotations

import difflib
import functools
import shlex
from dataclasses import dataclass, replace
from pathlib import Path

from rulebook.engine.content import CardRow, Fields, read_toml, unique_ids
from rulebook.engine.errors import ContentError
from rulebook.i18n import N_, Message, _

HERE = Path(__file__).parent
THEMES = {"classic": HERE / "cards.toml", "fantasy": HERE / "cards-fantasy.toml"}

SET_KINDS = ("position", "intensity", "time")
KINDS = (*SET_KINDS, "special")
SPECIAL_EFFECTS = ("steal", "ask")
PLEASURE_EFFECTS = ("skip-punishment", "remove-equipment", "stop-game")

# the classic theme's words (translated where a catalog has them; a theme's own labels read
# as its card file writes them); a plural not given is the singular with an "s"
DEFAULT_LABELS = {
    "player1": N_("Player 1"),
    "player2": N_("Player 2"),
    "position": N_("Position"),
    "intensity": N_("Intensity"),
    "time": N_("Time"),
    "special": N_("Special"),
    "main_deck": N_("Main Deck"),
    "equipment_deck": N_("Equipment Deck"),
    "pleasure_deck": N_("Pleasure Deck"),
    "equipment": N_("equipment"),
    "pleasure": N_("pleasure card"),
    "pleasures": N_("pleasure cards"),
    "queue": N_("Queue"),
    "punishment": N_("punishment"),
    "punishments": N_("punishments"),
    "point": N_("point"),
    "points": N_("points"),
}
PLURALS = {"pleasures": "pleasure", "punishments": "punishment"}


@dataclass(frozen=True, slots=True)
class CardType:
    """One card of a card file; ``count`` copies of it go into its deck."""

    id: str
    name: str
    count: int
    kind: str = ""  # main deck: position / intensity / time / special
    effect: str = ""  # special: steal / ask; pleasure: skip-punishment / ... / "" = keep
    text: str = ""
    same_as: str = ""  # the classic card this one stands for (another theme's file)


@dataclass(frozen=True, slots=True)
class Content:
    source: str
    title: str
    notice: str
    labels: dict[str, str]
    main: tuple[CardType, ...]
    equipment: tuple[CardType, ...]
    pleasure: tuple[CardType, ...]

    def names(self) -> dict[str, str]:
        return {c.id: c.name for c in self.cards()}

    def cards(self) -> tuple[CardType, ...]:
        return (*self.main, *self.equipment, *self.pleasure)

    def card_rows(self) -> list[CardRow]:
        """Every card, deck by deck, for ``rulebook cards`` (the engine's CardList)."""
        rows = []
        for deck, cards in (
            (Message(self.labels["main_deck"]).text(), self.main),
            (Message(self.labels["equipment_deck"]).text(), self.equipment),
            (Message(self.labels["pleasure_deck"]).text(), self.pleasure),
        ):
            for c in cards:
                if c.kind:  # an effect is named by its id (what a card file writes)
                    kind = Message(self.labels[c.kind]).text()
                    kind = _("{kind} ({effect})", kind=kind, effect=c.effect) if c.effect else kind
                elif cards is self.pleasure:
                    kind = _("effect: {effect}", effect=c.effect) if c.effect else _("kept")
                else:
                    kind = ""
                rows.append(CardRow(deck, c.id, c.count, c.name, kind, c.same_as))
        return rows


def load_content(
    theme: str,
    cards: str | None,
    without: tuple[str, ...],
    hand_size: int,
    pleasures_to_win: int,
    punishments_to_win: int = 5,
) -> Content:
    """Read a theme (or a designer's file), drop ``without`` cards and check the limits."""
    if cards is not None:
        path = Path(cards)
    elif theme in THEMES:
        path = THEMES[theme]
    else:
        raise ContentError(
            _("unknown theme '{theme}' (themes: {themes})", theme=theme, themes=", ".join(THEMES))
        )
    content = parse(path)
    if cards is None:
        content = replace(content, source=THEME_SOURCE + theme)
    content = remove_cards(content, without)
    check_limits(content, hand_size, pleasures_to_win, without, punishments_to_win)
    return content


def parse(path: Path) -> Content:
    root = Fields(read_toml(path), str(path))
    meta = root.sub("meta")
    labels = dict(DEFAULT_LABELS)
    for key, value in root.sub("labels").table.items():
        if key not in DEFAULT_LABELS or not isinstance(value, str):
            raise ContentError(
                _("{file} [labels]: unknown or non-text label '{key}'", file=path, key=key)
            )
        labels[key] = value
    for plural, singular in PLURALS.items():
        if plural not in root.sub("labels").table and singular in root.sub("labels").table:
            labels[plural] = labels[singular] + "s"
    main = tuple(_card(f, "main") for f in root.tables("main"))
    equipment = tuple(_card(f, "equipment") for f in root.tables("equipment"))
    pleasure = tuple(_card(f, "pleasure") for f in root.tables("pleasure"))
    cards = (*main, *equipment, *pleasure)
    unique_ids([c.id for c in cards], str(path))
    unique_ids([c.same_as for c in cards if c.same_as], f"{path} (same_as)")
    title, notice = meta.text("title", "The GAME"), meta.text("notice", "")
    meta.finish()
    root.finish()
    return Content(
        source=str(path),
        title=title,
        notice=notice,
        labels=labels,
        main=main,
        equipment=equipment,
        pleasure=pleasure,
    )


def _card(f: Fields, deck: str) -> CardType:
    card_id = f.card_id()
    f.where = f"{f.where} '{card_id}'"
    name, count, text = f.text("name"), f.integer("count", 1, minimum=1), f.text("text", "")
    same_as = f.card_id("same_as", "")
    kind = effect = ""
    if deck == "main":
        kind = f.choice("kind", KINDS)
        if kind == "special":
            effect = f.choice("effect", SPECIAL_EFFECTS)
        elif "effect" in f.table:
            raise ContentError(_("{where}: only special cards have an 'effect'", where=f.where))
    elif deck == "pleasure":
        effect = f.choice("effect", ("", *PLEASURE_EFFECTS), "")
    f.finish()
    return CardType(card_id, name, count, kind=kind, effect=effect, text=text, same_as=same_as)


THEME_SOURCE = "theme:"  # a content's source naming a shipped theme, worded when shown


def shown(source: str) -> str:
    """A content's source as an error names it, in the reader's language ("the classic
    theme", or a designer's file path)."""
    if source.startswith(THEME_SOURCE):
        return _("the {theme} theme", theme=source.removeprefix(THEME_SOURCE))
    return source


@functools.cache
def theme_content(theme: str) -> Content:
    """A shipped theme's cards, read once (to look up ids across themes)."""
    return replace(parse(THEMES[theme]), source=THEME_SOURCE + theme)


def local_id(content: Content, card_id: str) -> str | None:
    """The id in ``content`` of the card ``card_id`` names: its own id, or the id of a card of
    any theme that stands for the same card (``same_as``), or None."""
    ids = {c.id for c in content.cards()}
    if card_id in ids:
        return card_id
    standing = {c.same_as: c.id for c in content.cards() if c.same_as}
    names = [card_id]
    for theme in THEMES:
        names += [c.same_as for c in theme_content(theme).cards() if c.id == card_id and c.same_as]
    for name in names:
        if name in standing:
            return standing[name]
        if name in ids:
            return name
    return None


def remove_cards(content: Content, without: tuple[str, ...]) -> Content:
    """Drop every copy of each card ``without`` names (by its id in any theme); an unknown id
    is refused with the ids there are."""
    drop = set()
    for card_id in without:
        found = local_id(content, card_id)
        if found is None:
            raise ContentError(unknown_card(content, card_id))
        drop.add(found)
    return Content(
        source=content.source,
        title=content.title,
        notice=content.notice,
        labels=content.labels,
        main=tuple(c for c in content.main if c.id not in drop),
        equipment=tuple(c for c in content.equipment if c.id not in drop),
        pleasure=tuple(c for c in content.pleasure if c.id not in drop),
    )


def unknown_card(content: Content, card_id: str) -> str:
    """One short line: a typo names the card it is close to; an id like no card names a few
    ids and the command that lists them all (the whole list of 41 hid the lobby's seat
    choices on a phone)."""
    ids = [c.id for c in content.cards()]
    few = ", ".join(ids[:3])
    if content.source.startswith(THEME_SOURCE):
        theme = content.source.removeprefix(THEME_SOURCE)
        command = "rulebook cards the-game" + ("" if theme == "classic" else f" --theme {theme}")
    else:
        command = f"rulebook cards the-game --cards {shlex.quote(content.source)}"
    elsewhere = [t for t in THEMES if card_id in theme_content(t).names()]
    if elsewhere:
        return _(
            "--without: '{card}' is a card of the {theme} theme with no counterpart in {file}; "
            "ids such as {few} ('{command}' lists all {count})",
            card=card_id,
            theme=elsewhere[0],
            file=shown(content.source),
            few=few,
            command=command,
            count=len(ids),
        )
    close = difflib.get_close_matches(card_id, ids, n=1)
    if close:
        return _(
            "--without: no card '{card}' in {file}; did you mean '{close}'?",
            card=card_id,
            file=shown(content.source),
            close=close[0],
        )
    return _(
        "--without: no card '{card}' in {file}; ids such as {few} ('{command}' lists all {count})",
        card=card_id,
        file=shown(content.source),
        few=few,
        command=command,
        count=len(ids),
    )


def check_limits(
    content: Content,
    hand_size: int,
    pleasures_to_win: int,
    without: tuple[str, ...] = (),
    punishments_to_win: int = 5,
) -> None:
    """The decks the rules cannot do without: both players must be able to win; with
    ``without`` given, the message says the removal is what broke it.

    Player 1 needs ``punishments_to_win`` sets in the Queue at once, each with its own
    Position, Intensity and Time card, and queued cards stay there: every set kind needs that
    many copies (A21). Exactly that many is enough — the last copy comes round again through
    the discard pile, or by Ask For Card from Player 2's hand; one fewer and no game can end
    in a Player 1 win."""
    lab = content.labels
    for kind in SET_KINDS:
        have = sum(c.count for c in content.main if c.kind == kind)
        if have < punishments_to_win:
            said = _(
                "{file}: the {deck} holds {count} {kind} cards, so {player} can never have the "
                "{needed} {punishment}s in the {queue} needed to win (each takes one, and queued "
                "cards stay there)",
                file=shown(content.source),
                deck=lab["main_deck"],
                count=have,
                kind=lab[kind],
                player=lab["player1"],
                needed=punishments_to_win,
                punishment=lab["punishment"],
                queue=lab["queue"],
            )
            raise ContentError(_removing(said, without))
    total = sum(c.count for c in content.main)
    if total < 2 * hand_size + 1:
        said = _(
            "{file}: the {deck} holds {count} cards, fewer than the {needed} needed to deal two "
            "hands of {hand} (hand-size) and draw",
            file=shown(content.source),
            deck=lab["main_deck"],
            count=total,
            needed=2 * hand_size + 1,
            hand=hand_size,
        )
        raise ContentError(_removing(said, without))
    keep = sum(c.count for c in content.pleasure if not c.effect)
    if keep < pleasures_to_win:
        said = _(
            "{file}: the {deck} holds {count} cards {player} can keep, fewer than the {needed} "
            "needed to win",
            file=shown(content.source),
            deck=lab["pleasure_deck"],
            count=keep,
            player=lab["player2"],
            needed=pleasures_to_win,
        )
        raise ContentError(_removing(said, without))


def _removing(said: str, without: tuple[str, ...]) -> str:
    """A deck limit's message, with the cards removed that broke it."""
    if not without:
        return said
    return _("{problem} (after removing {cards})", problem=said, cards=", ".join(without))
