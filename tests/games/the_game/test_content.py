"""Card files: the themes, designers' files, --without, and clear refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulebook
from rulebook.games.the_game.cards import THEMES

CLASSIC = THEMES["classic"].read_text()


def test_fantasy_theme_is_the_same_game_with_other_names() -> None:
    classic, fantasy = rulebook.load("the-game"), rulebook.load("the-game", theme="fantasy")
    for deck in ("main", "equipment", "pleasure"):
        assert len(classic.card_ids(deck)) == len(fantasy.card_ids(deck))
    a, b = classic.new_state(seed=4), fantasy.new_state(seed=4)
    assert a.main == b.main and a.hands == b.hands  # same shuffles: only names differ
    assert fantasy.role(0) == "Warlock"
    assert any("from the Curse Queue" in str(x) for x in fantasy.actions)
    assert any("Fireball" in str(x) for x in fantasy.actions)
    assert not any("Over Knee" in str(x) for x in fantasy.actions)


def test_unknown_theme_is_refused() -> None:
    with pytest.raises(rulebook.ContentError, match="unknown theme 'space'"):
        rulebook.load("the-game", theme="space")


def test_without_removes_every_copy() -> None:
    game = rulebook.load("the-game", without=("stop-game", "light"))
    ids = game.card_ids("main") + game.card_ids("pleasure")
    assert "stop-game" not in ids and "light" not in ids and len(game.card_ids("main")) == 26


def test_without_an_unknown_card_is_refused() -> None:
    with pytest.raises(rulebook.ContentError, match="--without: no card 'unicorn'"):
        rulebook.load("the-game", without=("unicorn",))


def test_without_a_whole_kind_the_deck_cannot_do_without_is_refused() -> None:
    times = ("2-minutes", "5-minutes", "10-minutes", "15-minutes")
    with pytest.raises(rulebook.ContentError, match=r"holds 0 Time cards.*after removing"):
        rulebook.load("the-game", without=times)


def test_without_too_many_pleasures_is_refused() -> None:
    keep = (
        "oral-receive",
        "lovemaking",
        "permission-to-finish",
        "cuddle-and-kiss",
        "full-body-massage",
        "neck-kisses",
        "chest-caresses",
    )
    with pytest.raises(rulebook.ContentError, match="2 cards Player 2 can keep, fewer than the 5"):
        rulebook.load("the-game", without=keep)


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return str(path)


def test_a_designers_card_file_loads(tmp_path: Path) -> None:
    text = CLASSIC.replace('name = "Over Knee"', 'name = "Over The Knee"')
    game = rulebook.load("the-game", cards=_write(tmp_path, text))
    assert any("Over The Knee" in str(a) for a in game.actions)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t + "\n[[main\n", "not valid TOML"),
        (
            lambda t: t.replace('kind = "time"\ncount = 2', 'kind = "tyme"\ncount = 2', 1),
            "'2-minutes': field 'kind' is 'tyme'",
        ),
        (lambda t: t.replace('id = "ice"', 'id = "Ice Cube"'), "must be kebab-case"),
        (lambda t: t.replace('id = "gag"', 'id = "ice"'), "card id 'ice' appears twice"),
        (lambda t: t.replace("count = 3", "count = 0", 1), "field 'count' must be at least 1"),
        (lambda t: t.replace('name = "Blindfold"\n', ""), "'blindfold': missing field 'name'"),
        (lambda t: t.replace("count = 3", 'count = "three"', 1), "must be an integer"),
    ],
)
def test_malformed_card_files_name_file_card_and_field(tmp_path: Path, edit, message) -> None:  # type: ignore[no-untyped-def]
    path = _write(tmp_path, edit(CLASSIC))
    with pytest.raises(rulebook.ContentError, match=message) as info:
        rulebook.load("the-game", cards=path)
    assert path in str(info.value)


def test_missing_card_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(rulebook.ContentError, match="card file not found"):
        rulebook.load("the-game", cards=str(tmp_path / "nope.toml"))


def test_reference_names_stay_tasteful() -> None:
    """A guard for the content notice: no graphic words slip into the reference names."""
    game = rulebook.load("the-game")
    names = " ".join(game.content.names().values()).lower()
    for word in ("fuck", "cock", "pussy", "cum", "anal", "dick", "tits"):
        assert word not in names.split()


def test_a_hand_too_big_for_the_deck_names_the_parameter() -> None:
    """The lobby and --set both call it hand-size: the message says which setting broke it."""
    with pytest.raises(rulebook.ContentError, match=r"two hands of 14 \(hand-size\)"):
        rulebook.load("the-game", hand_size=14)
