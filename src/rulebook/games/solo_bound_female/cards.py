"""Solo Bound Female's card language: the schema of ``cards.toml``, loading and the deck limits.

The rulebook lists no cards but defines a whole effect language; every keyword of it is data
here. A card declares its type, costs, icons, duration and a list of effects
``{when, do, amount, target, of, side}``; the rules (``effects.py``) resolve them through the
engine's effect queue, so a designer writes new cards without Python.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rulebook.engine.content import CardRow, Fields, read_toml, unique_ids
from rulebook.engine.errors import ContentError
from rulebook.i18n import _

HERE = Path(__file__).parent
DEFAULT_CARDS = HERE / "cards.toml"

DECK_TYPES = {
    "character": ("bondage", "action"),
    "scenario": ("trouble", "supernatural", "person"),
}
MODES = {
    "bondage": ("move", "stationary"),
    "action": ("immediate", "persistent"),
    "trouble": ("immediate", "persistent"),
    "supernatural": ("persistent",),
    "person": ("persistent",),
}
# when an effect happens (SBF rule ids in docs/rules/solo-bound-female.md)
WHENS = (
    "start",  # START: setup, scenario card first, then the character card
    "played",  # as the card is played (immediate cards: their whole text)
    "triggered",  # when this bondage card or person card is triggered
    "begin",  # during your begin step, while the card is in play
    "orgasm",  # On Orgasm: only while this card is triggered
    "orgasm-passive",  # On Orgasm (Passive): whether triggered or not
    "while",  # a lasting effect while the card is in play (Forced Orgasm, costs)
)
# what an effect does: each keyword of the rulebook, and the values it changes
KEYWORDS = (
    "stimulation",  # gain (or lose, negative) stimulation; may cause an orgasm
    "visibility",  # gain or lose visibility; person cards are checked
    "progress",  # gain progress (negative: lose it)
    "vitality",  # gain or lose vitality (never above the character's)
    "draw",  # draw cards from the character deck
    "discard",  # discard cards from your hand (you choose)
    "aptitude",  # put the top cards of the character deck into play as aptitude
    "inaptitude",  # put the top cards of the scenario deck into play as inaptitude
    "abandon",  # Abandon: a card in play goes to its discard pile
    "ignore",  # Ignore: turn a card 180 degrees; it acts as though not in play
    "trigger",  # Trigger: turn a card sideways
    "reset",  # turn a card vertical again
    "double-trouble",  # Double Trouble: the Opposing Turn again, inaptitude not reset
    "skip-turn",  # Skip a Turn: your next Player Turn(s) are skipped
    "fetch",  # search your deck for a card of a type (character: to hand; scenario: to play)
    "forced-orgasm",  # Forced Orgasm (while): counted whenever an orgasm would happen
    "orgasm-denial",  # Orgasm Denial (while): counted likewise
    "cost",  # (while) scenario cards of a type cost ``amount`` more (negative: less)
)
TARGETED = ("abandon", "ignore", "trigger", "reset")
LASTING = ("forced-orgasm", "orgasm-denial", "cost")
TARGETS = ("self", "choose", "all")
FILTERS = ("any", "bondage", "action", "trouble", "supernatural", "person")
SIDES = ("any", "character", "scenario")
CONDITIONS = ("begin", "orgasm", "person", "trigger", "immediate-action")


@dataclass(frozen=True, slots=True)
class Effect:
    """One line of card text as data."""

    when: str
    do: str
    amount: int = 1
    target: str = "self"  # abandon / ignore / trigger / reset: which card
    of: str = "any"  # the type of card a target or a cost change concerns
    side: str = "any"  # whose cards: the character deck's or the scenario deck's


@dataclass(frozen=True, slots=True)
class Ability:
    """Pay ``cost`` aptitude (circled numbers), trigger the card if ``trigger``: the effects."""

    cost: int
    trigger: bool
    effects: tuple[Effect, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    """A printed card: a deck card, a character card or a scenario card."""

    id: str
    name: str
    deck: str  # character / scenario (their decks), or "characters" / "scenarios" (the cards)
    type: str  # bondage, action, trouble, supernatural, person, character, scenario
    mode: str = ""  # move / stationary, immediate / persistent
    cost: int = 0  # top right corner (aptitude or inaptitude)
    visibility_cost: int = 0  # green eye
    stimulation: int = 0  # pink icon; a character's stimulation score
    visibility: int = 0  # eye / door; a person card's visibility
    progress: int = 0  # foot; a scenario card's progress needed to win
    vitality: int = 0  # a character's vitality
    duration: int = 0  # clock: turns in play (0: no duration)
    competence: int = 0
    incompetence: int = 0
    condition: str = ""  # supernatural: what adds a diamond counter
    times: int = 0  # supernatural: diamond counters needed
    effects: tuple[Effect, ...] = ()
    ability: Ability | None = None
    text: str = ""
    # worked out once per timing: ``when`` is on the simulation's hot path
    _whens: dict[str, tuple[int, ...]] = field(
        default_factory=dict, init=False, compare=False, hash=False, repr=False
    )

    def when(self, when: str) -> tuple[int, ...]:
        """Indices of this card's effects that happen at ``when``."""
        found = self._whens.get(when)
        if found is None:
            found = self._whens[when] = tuple(
                k for k, e in enumerate(self.effects) if e.when == when
            )
        return found

    @property
    def stays(self) -> bool:
        """Does the card remain in play once played (not an immediate card)?"""
        return self.mode != "immediate"

    def describe(self) -> str:
        """The card in full, as one line: its type, printed values and text (a table shows
        it when the card is tapped: a hand of names alone says nothing of costs)."""
        bits = [f"{self.type} ({self.mode})" if self.mode else self.type]
        for label, value in (
            ("cost", self.cost),
            ("visibility cost", self.visibility_cost),
            ("stimulation", self.stimulation),
            ("visibility", self.visibility),
            ("progress", self.progress),
            ("vitality", self.vitality),
            ("clock", self.duration),
            ("competence", self.competence),
            ("incompetence", self.incompetence),
        ):
            if value:
                bits.append(f"{label} {value}")
        if self.condition:
            bits.append(f"{self.times} × {self.condition}")
        return " · ".join(bits) + (f" — {self.text}" if self.text else "")


@dataclass(frozen=True, slots=True)
class Content:
    source: str
    title: str
    notice: str
    credit: str
    characters: tuple[Card, ...]
    scenarios: tuple[Card, ...]
    cards: tuple[Card, ...]  # deck cards, character deck's first
    character_decks: dict[str, dict[str, int]]
    scenario_decks: dict[str, dict[str, int]]

    def by_id(self, card_id: str) -> Card:
        for card in (*self.characters, *self.scenarios, *self.cards):
            if card.id == card_id:
                return card
        raise ContentError(_("{file}: no card '{card}'", file=self.source, card=card_id))

    def card_rows(self) -> list[CardRow]:
        """Every card, for ``rulebook cards`` (the engine's CardList)."""
        rows = [
            CardRow("characters", c.id, 1, c.name, "character", text=c.describe())
            for c in self.characters
        ]
        rows += [
            CardRow("scenarios", c.id, 1, c.name, "scenario", text=c.describe())
            for c in self.scenarios
        ]
        for deck_kind, decks in (
            ("character", self.character_decks),
            ("scenario", self.scenario_decks),
        ):
            for name, counts in decks.items():
                for card_id, n in counts.items():
                    card = self.by_id(card_id)
                    kind = f"{card.type} ({card.mode})" if card.mode else card.type
                    deck = f"{deck_kind} deck {name}"
                    rows.append(CardRow(deck, card_id, n, card.name, kind, text=card.describe()))
        return rows


def load_content(
    path: str | None, deck_size: int = 40, scenario_size: int = 25, copies: int = 3
) -> Content:
    """Read a card file (the reference one by default) and check every deck list (SB-1)."""
    content = parse(Path(path) if path else DEFAULT_CARDS)
    for kind, decks, size in (
        ("character", content.character_decks, deck_size),
        ("scenario", content.scenario_decks, scenario_size),
    ):
        for name, counts in decks.items():
            check_deck(content, kind, name, counts, size, copies)
    return content


def check_deck(
    content: Content, kind: str, name: str, counts: dict[str, int], size: int, copies: int
) -> None:
    """SB-1: exactly ``size`` cards of the deck's own kind, at most ``copies`` of any one."""
    where = f"{content.source} [decks.{kind}.{name}]"
    for card_id, n in counts.items():
        card = content.by_id(card_id)
        if card.deck != kind:
            raise ContentError(
                _(
                    "{where}: '{card}' is a {deck} card, not a {kind} card",
                    where=where,
                    card=card_id,
                    deck=card.deck,
                    kind=kind,
                )
            )
        if n > copies:
            raise ContentError(
                _(
                    "{where}: {count} copies of '{card}'; a deck may hold at most {copies} copies "
                    "of any one card",
                    where=where,
                    count=n,
                    card=card_id,
                    copies=copies,
                )
            )
    total = sum(counts.values())
    if total != size:
        raise ContentError(
            _(
                "{where}: {count} cards; a {kind} deck holds exactly {size}",
                where=where,
                count=total,
                kind=kind,
                size=size,
            )
        )


def parse(path: Path) -> Content:
    root = Fields(read_toml(path), str(path))
    meta = root.sub("meta")
    title = meta.text("title", "Solo Bound Female")
    notice, credit = meta.text("notice", ""), meta.text("credit", "")
    meta.finish()
    characters = tuple(_card(f, "characters") for f in root.tables("character"))
    scenarios = tuple(_card(f, "scenarios") for f in root.tables("scenario"))
    cards = tuple(_card(f, "") for f in root.tables("card"))
    cards = tuple(sorted(cards, key=lambda c: c.deck != "character"))
    everything = (*characters, *scenarios, *cards)
    unique_ids([c.id for c in everything], str(path))
    names = Counter(c.name for c in everything)
    for name, n in names.items():
        if n > 1:
            raise ContentError(
                _("{file}: two cards are named '{name}' (actions name cards)", file=path, name=name)
            )
    decks = root.sub("decks")
    found: dict[str, dict[str, dict[str, int]]] = {}
    for kind in ("character", "scenario"):
        lists = decks.sub(kind)
        found[kind] = {}
        for name, counts in lists.table.items():
            lists.known(name)
            if not isinstance(counts, dict) or not counts:
                raise ContentError(
                    _(
                        "{file} [decks.{kind}.{name}]: expected card = count lines",
                        file=path,
                        kind=kind,
                        name=name,
                    )
                )
            for card_id, n in counts.items():
                if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                    raise ContentError(
                        _(
                            "{file} [decks.{kind}.{name}]: '{card}' needs a count of at least 1",
                            file=path,
                            kind=kind,
                            name=name,
                            card=card_id,
                        )
                    )
            found[kind][name] = dict(counts)
        if not found[kind]:
            raise ContentError(
                _(
                    "{file}: needs at least one [decks.{kind}.<name>] deck list",
                    file=path,
                    kind=kind,
                )
            )
        lists.finish()
    decks.finish()
    root.finish()
    content = Content(
        str(path),
        title,
        notice,
        credit,
        characters,
        scenarios,
        cards,
        found["character"],
        found["scenario"],
    )
    for kind in ("character", "scenario"):
        for counts in found[kind].values():
            for card_id in counts:
                content.by_id(card_id)  # unknown ids fail here, naming the file
    return content


def _effects(f: Fields, name: str, card_type: str, where: str) -> tuple[Effect, ...]:
    f.read.add(name)
    items = f.table.get(name, [])
    if not isinstance(items, list):
        raise ContentError(
            _(
                "{where}: '{name}' must be a list of {{when, do, ...}} tables",
                where=where,
                name=name,
            )
        )
    out = []
    for i, item in enumerate(items):
        e = Fields(item, f"{where} {name}[{i}]")
        effect = Effect(
            e.choice("when", WHENS, "played"),
            e.choice("do", KEYWORDS),
            e.integer("amount", 1),
            e.choice("target", TARGETS, "self"),
            e.choice("of", FILTERS, "any"),
            e.choice("side", SIDES, "any"),
        )
        e.finish()
        if effect.when == "start" and card_type not in ("character", "scenario"):
            raise ContentError(
                _("{where}: only character and scenario cards have START effects", where=e.where)
            )
        if (effect.do in LASTING) != (effect.when == "while"):
            if effect.do in LASTING:
                said = _("{where}: '{do}' lasts: use when = \"while\"", where=e.where, do=effect.do)
            else:
                said = _("{where}: '{do}' is not lasting", where=e.where, do=effect.do)
            raise ContentError(said)
        out.append(effect)
    return tuple(out)


def _card(f: Fields, deck: str) -> Card:
    card_id = f.card_id()
    where = f.where = f"{f.where} '{card_id}'"
    name, text = f.text("name"), f.text("text", "")
    if deck == "characters":
        card_type, mode = "character", ""
    elif deck == "scenarios":
        card_type, mode = "scenario", ""
    else:
        deck = f.choice("deck", tuple(DECK_TYPES))
        card_type = f.choice("type", DECK_TYPES[deck])
        modes = MODES[card_type]
        mode = f.choice("mode", modes, modes[0] if len(modes) == 1 else None)
    num = {
        key: f.integer(key, 0, minimum=0)
        for key in (
            "cost",
            "visibility_cost",
            "stimulation",
            "visibility",
            "progress",
            "vitality",
            "duration",
            "competence",
            "incompetence",
            "times",
        )
    }
    condition = ""
    if card_type == "supernatural":
        condition = f.choice("condition", CONDITIONS)
        if num["times"] < 1:
            raise ContentError(
                _("{where}: a supernatural card needs times (diamonds) >= 1", where=where)
            )
    effects = _effects(f, "effects", card_type, where)
    ability = None
    if "ability" in f.table:
        a = f.sub("ability")
        ability = Ability(
            a.integer("cost", 0, minimum=0),
            bool(a._get("trigger", bool, True)),
            _effects(a, "effects", card_type, a.where),
            a.text("text", ""),
        )
        a.finish()
        if not ability.trigger and ability.cost == 0:
            raise ContentError(
                _("{where}: an ability must cost aptitude or trigger its card", where=where)
            )
    f.finish()
    if card_type == "character" and (num["vitality"] < 1 or num["stimulation"] < 1):
        raise ContentError(
            _("{where}: a character needs vitality and stimulation of at least 1", where=where)
        )
    if card_type == "scenario" and num["progress"] < 1:
        raise ContentError(_("{where}: a scenario needs progress of at least 1", where=where))
    if num["competence"] and deck != "character":
        raise ContentError(
            _(
                "{where}: Competence returns a card as aptitude: character cards only",
                where=where,
            )
        )
    if mode == "immediate" and any(e.when not in ("played",) for e in effects):
        raise ContentError(
            _("{where}: an immediate card's effects all happen as it is played", where=where)
        )
    return Card(
        card_id,
        name,
        deck,
        card_type,
        mode,
        condition=condition,
        effects=effects,
        ability=ability,
        text=text,
        **num,
    )
