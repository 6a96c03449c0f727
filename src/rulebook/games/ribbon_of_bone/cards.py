"""Ribbon of Bone's content: Lords, Marquis, identities, court cards and the scenario card."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulebook.engine.content import Fields, read_toml, unique_ids
from rulebook.engine.errors import ContentError
from rulebook.i18n import N_, _

HERE = Path(__file__).parent
ABILITIES = ("balance", "time", "construction", "gravity", "reliance", "support", "loss")
# the abilities as a table names them: within a sentence, and as a title ("your Time memory")
ABILITY_WORDS = (
    N_("balance"),
    N_("time"),
    N_("construction"),
    N_("gravity"),
    N_("reliance"),
    N_("support"),
    N_("loss"),
)
ABILITY_TITLES = (
    N_("Balance"),
    N_("Time"),
    N_("Construction"),
    N_("Gravity"),
    N_("Reliance"),
    N_("Support"),
    N_("Loss"),
)
BALANCE, TIME, CONSTRUCTION, GRAVITY, RELIANCE, SUPPORT, LOSS = range(7)
BASIC = 7  # the basic attack: a prediction or action roll of 4, or a bound ability


@dataclass(frozen=True, slots=True)
class Lord:
    id: str
    name: str


@dataclass(frozen=True, slots=True)
class Fighter:
    """A Marquis card, or an identity card (which has no abilities and never fights)."""

    id: str
    name: str
    lord: int
    abilities: tuple[int, ...]
    identity: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class Court:
    id: str
    lord: int
    sides: tuple[str, str]  # (Lord side, ability side)
    ability: int


@dataclass(frozen=True, slots=True)
class Thought:
    code: str
    text: str
    answers: tuple[tuple[str, int], ...]  # (answer, Lord it attunes to)


@dataclass(frozen=True, slots=True)
class Decision:
    code: str
    text: str
    icon: int


@dataclass(frozen=True, slots=True)
class Content:
    source: str
    title: str
    notice: str
    lords: tuple[Lord, ...]
    fighters: tuple[Fighter, ...]  # Marquis first, then identities
    court: tuple[Court, ...]
    scenario: str
    scenario_text: str
    goal: int
    thoughts: tuple[Thought, ...]
    decisions: tuple[Decision, ...]

    def card(self, card_id: str) -> int:
        for index, fighter in enumerate(self.fighters):
            if fighter.id == card_id:
                return index
        raise ContentError(
            _("no Marquis or identity '{card}' in {file}", card=card_id, file=self.source)
        )


def load_content(cards: str | None) -> Content:
    path = Path(cards) if cards is not None else HERE / "cards.toml"
    root = Fields(read_toml(path), str(path))
    meta = root.sub("meta")
    lords = tuple(Lord(f.card_id(), f.text("name")) for f in root.tables("lord"))
    if len(lords) != 3:
        raise ContentError(
            _("{file}: the attunement triangle needs exactly 3 [[lord]] entries", file=path)
        )
    lord_ids = tuple(lord.id for lord in lords)
    marquis = tuple(_fighter(f, lord_ids, identity=False) for f in root.tables("marquis"))
    identities = tuple(_fighter(f, lord_ids, identity=True) for f in root.tables("identity"))
    court = tuple(_court(f, lord_ids) for f in root.tables("court"))
    if len(court) < 3:
        raise ContentError(_("{file}: the court loop needs at least 3 [[court]] cards", file=path))
    scenario = root.sub("scenario")
    thoughts = tuple(_thought(f, lord_ids) for f in scenario.tables("thought"))
    decisions = tuple(_decision(f) for f in scenario.tables("decision"))
    _check_codes([t.code for t in thoughts], "2", _("{file} [scenario] thoughts", file=path))
    _check_codes([d.code for d in decisions], "3", _("{file} [scenario] decisions", file=path))
    unique_ids([f.id for f in (*marquis, *identities)] + [c.id for c in court], str(path))
    return Content(
        source=str(path),
        title=meta.text("title", "Ribbon of Bone"),
        notice=meta.text("notice", ""),
        lords=lords,
        fighters=marquis + identities,
        court=court,
        scenario=scenario.text("name"),
        scenario_text=scenario.text("text", ""),
        goal=scenario.integer("constituency_goal", minimum=1),
        thoughts=tuple(sorted(thoughts, key=lambda t: t.code)),
        decisions=tuple(sorted(decisions, key=lambda d: d.code)),
    )


def _lord(f: Fields, lord_ids: tuple[str, ...], name: str = "lord") -> int:
    return lord_ids.index(f.choice(name, lord_ids))


def _fighter(f: Fields, lord_ids: tuple[str, ...], identity: bool) -> Fighter:
    card_id = f.card_id()
    f.where = f"{f.where} '{card_id}'"
    abilities: tuple[int, ...] = ()
    if not identity:
        raw = f.table.get("abilities")
        if (
            not isinstance(raw, list)
            or len(raw) != 3
            or len(set(raw)) != 3
            or not all(a in ABILITIES for a in raw)
        ):
            raise ContentError(
                _(
                    "{where}: 'abilities' must list 3 different abilities of {abilities}",
                    where=f.where,
                    abilities=", ".join(ABILITIES),
                )
            )
        abilities = tuple(ABILITIES.index(a) for a in raw)
    return Fighter(
        card_id, f.text("name"), _lord(f, lord_ids), abilities, identity, f.text("text", "")
    )


def _court(f: Fields, lord_ids: tuple[str, ...]) -> Court:
    card_id = f.card_id()
    f.where = f"{f.where} '{card_id}'"
    return Court(
        card_id,
        _lord(f, lord_ids),
        (f.text("lord_side"), f.text("ability_side")),
        ABILITIES.index(f.choice("ability", ABILITIES)),
    )


def _thought(f: Fields, lord_ids: tuple[str, ...]) -> Thought:
    raw = f.table.get("answers")
    if not isinstance(raw, list) or not 1 <= len(raw) <= 3:
        raise ContentError(_("{where}: 'answers' must list 1 to 3 answers", where=f.where))
    answers = []
    for i, item in enumerate(raw):
        answer = Fields(item, _("{where} answer {number}", where=f.where, number=i + 1))
        answers.append((answer.text("text"), _lord(answer, lord_ids)))
    return Thought(f.text("code"), f.text("text"), tuple(answers))


def _decision(f: Fields) -> Decision:
    return Decision(f.text("code"), f.text("text"), ABILITIES.index(f.choice("icon", ABILITIES)))


def _check_codes(codes: list[str], first: str, where: str) -> None:
    wanted = [f"{first}-{second}" for second in range(1, 5)]
    if sorted(codes) != wanted:
        raise ContentError(
            _("{where}: needs exactly the codes {codes}", where=where, codes=", ".join(wanted))
        )
