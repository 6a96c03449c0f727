"""Susumuka & Modoruka in Japanese (issue 25): narration kept as data and worded for each reader
(a private line only ever worded for the seat that may read it), the terminal table, prompts,
end line and rules in the rulebook's own terms, an 80×24 terminal, and the pseudo-locale
finding no text that skipped translation."""

from __future__ import annotations

import re
from pathlib import Path

from rich.cells import cell_len
from typer.testing import CliRunner

import rulebook.cli.commands as cli
from rulebook import i18n
from tests.cli.tmux import pane
from tests.games.susumuka_modoruka.helpers import start

runner = CliRunner()
WORD = re.compile(r"[A-Za-z]{2,}")
JA, _ = i18n.load("ja")
PSEUDO, _ = i18n.load("x-pseudo")


def run(*args: str) -> str:
    result = runner.invoke(cli.app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def english_words(text: str, allowed: frozenset[str] = frozenset({"HP"})) -> set[str]:
    return set(WORD.findall(text)) - allowed


def test_narration_is_worded_per_reader_and_private_lines_stay_private() -> None:
    state = start(dungeon=["ogre", "slime"])
    events = state.apply(state.game.table["investigate"].id(0))
    # the English text and the protocol's for_seat are as they were
    assert [e.for_seat(0) for e in events] == ["You investigate and draw Ogre and Slime."]
    assert [e.read(0, JA) for e in events] == ["あなたは調査して鬼とスライムを引いた。"]
    assert [e.read(1, JA) for e in events] == ["プレイヤー1は調査してカードを2枚引いた。"]
    for language in (JA, PSEUDO, i18n.ENGLISH_LANGUAGE):
        for seat in (1, None):
            seen = " ".join(t for e in events if (t := e.read(seat, language)))
            for name in ("Ogre", "Slime", "鬼", "スライム", i18n.pseudo("Ogre")[1:-1]):
                assert name not in seen, (language.code, seat, seen)


def test_narration_is_not_built_without_a_reader() -> None:
    state = start(dungeon=["ogre", "slime"])
    assert state.apply(state.game.table["investigate"].id(0), narrate=False) == []


def test_a_game_at_the_terminal_in_japanese_shows_no_english() -> None:
    out = run("play", "susumuka-modoruka", "--seat", "heuristic", "--seat", "random",
              "--seed", "3", "--pace", "0", "--lang", "ja")  # fmt: skip
    assert english_words(out) == set(), out
    for term in ("ダンジョン", "階層", "戦闘力", "トロフィー", "勝利"):
        assert term in out, term
    english = run("play", "susumuka-modoruka", "--seat", "heuristic", "--seat", "random",
                  "--seed", "3", "--pace", "0")  # fmt: skip
    assert "The dungeon" in english and "ダンジョン" not in english


def test_the_rules_in_japanese_use_the_rulebooks_terms() -> None:
    out = run("rules", "susumuka-modoruka", "--lang", "ja")
    how_to_play = out.split("ルールのパラメータ")[0]
    terms = "ダンジョン 難易度 階層 進む 戻る 調査 戦闘 逃げる 戻る宣言 脱出 旗 トロフィー 落し物"
    for term in [*terms.split(), "茶色無効", "ブロンズ"]:
        assert term in how_to_play, term
    allowed = frozenset({"HP", "Susumuka", "Modoruka", "set"})  # the terminal's --set
    assert english_words(how_to_play, allowed) == set(), how_to_play


def test_a_saved_game_replays_in_either_language(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "susumuka-modoruka", "--seat", "heuristic", "--seat", "heuristic",
        "--seed", "5", "--pace", "0", "--save", str(save))  # fmt: skip
    japanese = run("replay", str(save), "--seat", "1", "--no-step", "--lang", "ja")
    english = run("replay", str(save), "--seat", "1", "--no-step")
    assert "プレイヤー" in japanese and "は今" in japanese and "視点" in japanese
    assert english_words(japanese, frozenset({"HP", "heuristic"})) == set(), japanese
    assert "is now at depth" in english and "プレイヤー" not in english


def test_the_pseudo_locale_finds_no_untranslated_text_in_a_game() -> None:
    """Every message of a seeded game's terminal table and narration is translated (the
    pseudo-language transforms each one; anything left plain skipped translation)."""
    out = run("play", "susumuka-modoruka", "--seat", "heuristic", "--seat", "random",
              "--seed", "3", "--pace", "0", "--lang", "x-pseudo")  # fmt: skip
    plain = out
    while True:
        stripped = re.sub(r"⟦[^⟦⟧]*⟧", " ", plain)
        if stripped == plain:
            break
        plain = stripped
    assert "⟦" not in plain and english_words(plain, frozenset()) == set(), plain


def test_the_japanese_table_fits_80_by_24() -> None:
    args = ["play", "susumuka-modoruka", "--seat", "human", "--seat", "heuristic",
            "--seed", "3", "--pace", "0", "--lang", "ja"]  # fmt: skip
    with pane(args) as it:
        screens = [it.wait_for("を選択")]
        it.keys("2", "Enter")  # advance: the battle screen, the tallest one
        screens.append(it.wait_for("逃げる"))
    for screen in screens:
        lines = screen.rstrip("\n").split("\n")
        assert len(lines) <= 24 and max(cell_len(line) for line in lines) <= 80, screen
        assert "ダンジョンデッキ" in screen and english_words(screen) == set(), screen


def test_an_option_explained_in_japanese_shows_its_cards_text() -> None:
    """`? N` finds the card an option names, though Japanese runs words together."""
    args = ["play", "susumuka-modoruka", "--seat", "human", "--seat", "heuristic",
            "--seed", "3", "--pace", "0", "--lang", "ja"]  # fmt: skip
    # investigate; advance (A22: the top card turned up, a hand card may be battled
    # instead); then ask what option 1 (a card from the hand) does
    result = runner.invoke(cli.app, args, input="1\n2\n? 1\n\n")
    assert "1. 一番上のカードを捨て札に送り、代わりに手札のかまいたちと戦闘する" in result.stdout
    assert "かまいたち：モンスター、難易度4" in result.stdout


def test_sm23_sm24_the_japanese_moves_use_the_rulebooks_own_verbs() -> None:
    """The rulebook counts levels: after a return declaration a won battle 階層を下ります
    (toward the exit, 0階層まで下った) and a flight 階層を上がります. The rules' summary and
    a retreat bonus (a won battle while returning moves further toward the exit) say so."""
    out = run("rules", "susumuka-modoruka", "--lang", "ja")
    assert "以降は勝利で難易度の数だけ階層を下り、逃げると階層を上がります" in out
    assert "0階層まで下れば" in out
    assert "さらに1階層下りる" in out and "階層上がる" not in out  # the Knotted Rope
    english = run("rules", "susumuka-modoruka")
    assert "Win with combat power (the roll plus your bonuses) higher than" in english
    assert "Roll more than" not in english


def test_sm19_two_nullified_colours_each_take_their_colour_word() -> None:
    """The rulebook's term is ○色無効: a pair reads 赤色・青色無効, not 赤と青色無効."""
    out = run("rules", "susumuka-modoruka", "--lang", "ja")
    assert "虹のお守り" in out and "赤色・青色無効（赤色・青色の数字を0として扱う）" in out
    assert "赤と青" not in out
    assert "nullify red and blue (red and blue numbers count as 0)" in run(
        "rules", "susumuka-modoruka"
    )


def test_a7_a_flag_of_the_deepest_depth_is_planted_where_the_player_stands() -> None:
    """Under ``flag_at=deepest`` the flag planted at depth 7 shows depth 10: said so."""
    from tests.games.susumuka_modoruka.helpers import ADVANCE, act, battle
    from tests.games.susumuka_modoruka.test_rules import FILL

    dungeon = ["ogre", *FILL[:2], "tengu", *FILL[2:4], "goblin"]
    state = start(dungeon=dungeon, dice=[6, 6], flag_at="deepest")
    act(state, ADVANCE)
    battle(state, declare=False)
    act(state, "Investigate")
    act(state, ADVANCE)
    battle(state, declare=False)
    act(state, "Investigate")
    act(state, ADVANCE)
    act(state, "Flee")
    events = state.apply(next(a for a in state.legal_actions() if a.kind == "declare"))
    assert [e.read(None, JA) for e in events] == [
        "プレイヤー1は戻る宣言をして、7階層に深度10の旗を建てた。"
    ]
    assert [e.for_seat(None) for e in events] == [
        "Player 1 declares a return and plants, at depth 7, a flag of depth 10."
    ]
