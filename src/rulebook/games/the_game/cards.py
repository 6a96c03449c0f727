"""The GAME's card content: schema, loading, themes and the deck-building limits.

A theme is a whole card file (cards plus the labels the table uses), so the fantasy theme
shares every rule with the classic one — proof that a card set is pure data.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from rulebook.engine.content import Fields, read_toml, unique_ids
from rulebook.engine.errors import ContentError

HERE = Path(__file__).parent
THEMES = {"classic": HERE / "cards.toml", "fantasy": HERE / "cards-fantasy.toml"}

SET_KINDS = ("position", "intensity", "time")
KINDS = (*SET_KINDS, "special")
SPECIAL_EFFECTS = ("steal", "ask")
PLEASURE_EFFECTS = ("skip-punishment", "remove-equipment", "stop-game")

DEFAULT_LABELS = {
    "player1": "Player 1",
    "player2": "Player 2",
    "position": "Position",
    "intensity": "Intensity",
    "time": "Time",
    "special": "Special",
    "main_deck": "Main Deck",
    "equipment_deck": "Equipment Deck",
    "pleasure_deck": "Pleasure Deck",
    "equipment": "equipment",
    "pleasure": "pleasure card",
    "queue": "Queue",
    "punishment": "punishment",
    "point": "point",
    "points": "points",
}


@dataclass(frozen=True, slots=True)
class CardType:
    """One card of a card file; ``count`` copies of it go into its deck."""

    id: str
    name: str
    count: int
    kind: str = ""  # main deck: position / intensity / time / special
    effect: str = ""  # special: steal / ask; pleasure: skip-punishment / ... / "" = keep
    text: str = ""


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
        return {c.id: c.name for c in (*self.main, *self.equipment, *self.pleasure)}


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
        raise ContentError(f"unknown theme '{theme}' (themes: {', '.join(THEMES)})")
    content = parse(path)
    if cards is None:
        content = replace(content, source=f"the {theme} theme")
    content = remove_cards(content, without)
    check_limits(content, hand_size, pleasures_to_win, without, punishments_to_win)
    return content


def parse(path: Path) -> Content:
    root = Fields(read_toml(path), str(path))
    meta = root.sub("meta")
    labels = dict(DEFAULT_LABELS)
    for key, value in root.sub("labels").table.items():
        if key not in DEFAULT_LABELS or not isinstance(value, str):
            raise ContentError(f"{path} [labels]: unknown or non-text label '{key}'")
        labels[key] = value
    main = tuple(_card(f, "main") for f in root.tables("main"))
    equipment = tuple(_card(f, "equipment") for f in root.tables("equipment"))
    pleasure = tuple(_card(f, "pleasure") for f in root.tables("pleasure"))
    unique_ids([c.id for c in (*main, *equipment, *pleasure)], str(path))
    return Content(
        source=str(path),
        title=meta.text("title", "The GAME"),
        notice=meta.text("notice", ""),
        labels=labels,
        main=main,
        equipment=equipment,
        pleasure=pleasure,
    )


def _card(f: Fields, deck: str) -> CardType:
    card_id = f.card_id()
    f.where = f"{f.where} '{card_id}'"
    name, count, text = f.text("name"), f.integer("count", 1, minimum=1), f.text("text", "")
    if deck == "main":
        kind = f.choice("kind", KINDS)
        effect = f.choice("effect", SPECIAL_EFFECTS) if kind == "special" else ""
        if kind != "special" and "effect" in f.table:
            raise ContentError(f"{f.where}: only special cards have an 'effect'")
        return CardType(card_id, name, count, kind=kind, effect=effect, text=text)
    if deck == "pleasure":
        effect = f.choice("effect", ("", *PLEASURE_EFFECTS), "")
        return CardType(card_id, name, count, effect=effect, text=text)
    return CardType(card_id, name, count, text=text)


def remove_cards(content: Content, without: tuple[str, ...]) -> Content:
    """Drop every copy of each card id in ``without``; an unknown id is refused."""
    known = content.names()
    for card_id in without:
        if card_id not in known:
            raise ContentError(f"--without: no card '{card_id}' in {content.source}")
    drop = set(without)
    return Content(
        source=content.source,
        title=content.title,
        notice=content.notice,
        labels=content.labels,
        main=tuple(c for c in content.main if c.id not in drop),
        equipment=tuple(c for c in content.equipment if c.id not in drop),
        pleasure=tuple(c for c in content.pleasure if c.id not in drop),
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
    because = f" (after removing {', '.join(without)})" if without else ""
    lab = content.labels
    for kind in SET_KINDS:
        have = sum(c.count for c in content.main if c.kind == kind)
        if have < punishments_to_win:
            raise ContentError(
                f"{content.source}: the {lab['main_deck']} holds {have} {lab[kind]} cards, so "
                f"{lab['player1']} can never have the {punishments_to_win} "
                f"{lab['punishment']}s in the {lab['queue']} needed to win (each takes one, "
                f"and queued cards stay there){because}"
            )
    total = sum(c.count for c in content.main)
    if total < 2 * hand_size + 1:
        raise ContentError(
            f"{content.source}: the {lab['main_deck']} holds {total} cards, fewer than the "
            f"{2 * hand_size + 1} needed to deal two hands and draw{because}"
        )
    keep = sum(c.count for c in content.pleasure if not c.effect)
    if keep < pleasures_to_win:
        raise ContentError(
            f"{content.source}: the {lab['pleasure_deck']} holds {keep} cards "
            f"{lab['player2']} can keep, fewer than the {pleasures_to_win} needed to win{because}"
        )
