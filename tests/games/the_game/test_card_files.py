"""Card files (issue 7): every key is a known field, only UTF-8 is read, and a card of one
theme is named by its id in any theme (``same_as``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulebook
from rulebook.engine.content import CardRow, Fields, card_rows
from rulebook.engine.errors import ContentError
from rulebook.games.the_game.cards import THEMES, parse

CLASSIC = THEMES["classic"].read_text()


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda t: t.replace('id = "medium"\n', 'id = "medium"\ncout = 2\n'),
            r"\[\[main\]\] #10 'medium': unknown field 'cout'; did you mean 'count'\?",
        ),
        (
            lambda t: t.replace('id = "clamps"\n', 'id = "clamps"\nkind = "position"\n'),
            "'clamps': unknown field 'kind'",
        ),
        (
            lambda t: t.replace('id = "lovemaking"\n', 'id = "lovemaking"\nsame-as = "x"\n'),
            "'lovemaking': unknown field 'same-as'; did you mean 'same_as'",
        ),
        (lambda t: t.replace("[meta]\n", '[meta]\nauthor = "me"\n'), r"\[meta\]: unknown field"),
        (lambda t: t + '\n[[mian]]\nid = "x"\n', "unknown field 'mian'; did you mean 'main'"),
        (
            lambda t: t.replace('id = "gag"\n', 'id = "gag"\nsame_as = "Gag!"\n'),
            "same_as 'Gag!' must be kebab-case",
        ),
    ],
)
def test_an_unknown_or_bad_field_names_file_card_and_field(tmp_path: Path, edit, message) -> None:  # type: ignore[no-untyped-def]
    path = _write(tmp_path, edit(CLASSIC))
    with pytest.raises(ContentError, match=message) as info:
        rulebook.load("the-game", cards=path)
    assert path in str(info.value) and len(str(info.value).splitlines()) == 1


def test_a_card_file_that_is_not_utf8_is_a_content_error(tmp_path: Path) -> None:
    path = tmp_path / "utf16.toml"
    path.write_bytes(CLASSIC.encode("utf-16"))
    with pytest.raises(ContentError, match="card file is not UTF-8 text"):
        rulebook.load("the-game", cards=str(path))


def test_fields_finish_is_there_for_any_game() -> None:
    f = Fields({"id": "a", "name": "A", "colour": "red"}, "x.toml [[card]] #1")
    f.card_id(), f.text("name")
    with pytest.raises(ContentError, match=r"unknown field 'colour' \(fields here: id, name"):
        f.finish()
    f.known("colour")
    f.finish()


def test_every_fantasy_card_that_stands_for_a_classic_one_plays_the_same() -> None:
    classic, fantasy = parse(THEMES["classic"]), parse(THEMES["fantasy"])
    for deck in ("main", "equipment", "pleasure"):
        reference = {c.id: c for c in getattr(classic, deck)}
        for card in getattr(fantasy, deck):
            if deck != "equipment":
                assert card.same_as, card.id  # every rule-bearing card has its counterpart
            if card.same_as:
                twin = reference[card.same_as]
                assert (card.kind, card.effect, card.count) == (twin.kind, twin.effect, twin.count)


@pytest.mark.parametrize(
    ("theme", "given", "gone"),
    [
        ("fantasy", "stop-game", "teleport-home"),
        ("fantasy", "teleport-home", "teleport-home"),
        ("classic", "teleport-home", "stop-game"),
        ("classic", "fireball", "over-knee"),
    ],
)
def test_without_takes_a_cards_id_from_any_theme(theme: str, given: str, gone: str) -> None:
    every = {r.id for r in card_rows(rulebook.load("the-game", theme=theme))}
    ids = {r.id for r in card_rows(rulebook.load("the-game", theme=theme, without=(given,)))}
    assert ids == every - {gone}


def test_a_designers_file_may_say_which_card_each_stands_for(tmp_path: Path) -> None:
    text = CLASSIC.replace('id = "stop-game"\n', 'id = "halt"\nsame_as = "stop-game"\n')
    game = rulebook.load("the-game", cards=_write(tmp_path, text), without=("teleport-home",))
    assert "halt" not in {r.id for r in card_rows(game)}


def test_card_rows_list_every_card_with_its_deck_type_and_count() -> None:
    rows = card_rows(rulebook.load("the-game", theme="fantasy"))
    assert sum(r.count for r in rows) == 73
    hoard = CardRow(
        "Treasure Hoard", "teleport-home", 1, "Teleport Home", "effect: stop-game", "stop-game"
    )
    book = CardRow("Spellbook", "steal-mana", 2, "Steal Mana", "Trick (steal)", "steal-card")
    assert hoard in rows and book in rows
