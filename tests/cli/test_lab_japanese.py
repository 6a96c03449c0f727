"""The designer's tools read in Japanese with ``--lang ja`` (Susumuka & Modoruka's designer
writes in Japanese): ``simulate``'s whole summary and the ``report`` page, every sentence and
label, with the same figures; the JSON keeps its English keys and codes, and English output is
unchanged."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

import rulebook.cli.commands as cli

runner = CliRunner()
SLUGS = ("the-game", "ribbon-of-bone", "solo-bound-female", "susumuka-modoruka", "swing")
# the English sentences and labels simulate printed in Japanese before
ENGLISH = (
    "Win rate", "In a sentence", "Game length", "How games ended", "Draws:", "Deaths",
    "Deepest trophy", "games", "seed", "seat", "agent", "wins", "95% CI", "Flagged", "turns",
    "a game on average",
)  # fmt: skip
WORD = re.compile(r"[A-Za-z][A-Za-z'-]*[A-Za-z]")


def run(*args: str) -> str:
    result = runner.invoke(cli.app, list(args))
    assert result.exit_code == 0, result.stdout + result.stderr
    return result.stdout


def test_simulate_reads_wholly_in_japanese() -> None:
    out = run("simulate", "susumuka-modoruka", "--players", "3", "--games", "40", "--lang", "ja")
    for line in (
        "勝率：40ゲームのうち、その席が勝ったゲームの割合です。95%信頼区間：本当の勝率は、"
        "20回に19回はこの範囲に入ります。",
        "ゲームの終わり方：",
    ):
        assert line in out
    assert re.search(r"ひとことで言うと：.+（指摘の基準：.+。）", out)
    assert re.search(r"ゲームの長さ：平均20\.0ターン（95%信頼区間[\d.]+–[\d.]+）、中央値", out)
    assert re.search(r"死亡回数：1ゲーム平均[\d.]+（95%信頼区間[\d.]+–[\d.]+）", out)
    assert re.search(r"最も深いトロフィー（ゲーム数、割合と95%信頼区間）：なし \d+（", out)
    assert "プレイヤー1" in out and "席" in out and "エージェント" in out
    for english in ENGLISH:
        assert english not in out, english
    # what stays in Latin letters: the title, the agents, the endings' codes, a rule's name
    left = set(WORD.findall(out)) - {"Susumuka", "Modoruka", "random", "no-trophy", "deepest"}
    assert left <= {"score-by"}, left


@pytest.mark.parametrize("slug", SLUGS)
def test_every_games_summary_has_no_english_sentence_and_fits_80_columns(slug: str) -> None:
    agents = "heuristic,random" if slug == "the-game" else "random"  # a 100.0% cell: widest
    out = run("simulate", slug, "--games", "12", "--agents", agents, "--lang", "ja")
    for english in ENGLISH:
        assert english not in out, english
    table = [line for line in out.splitlines() if line[:1] in "┏┃┡│└"]
    assert table and max(cell_len(line) for line in table) <= 80, "\n".join(table)


def test_the_games_endings_read_in_the_readers_language_in_the_themes_words() -> None:
    """The GAME builds its endings from its theme's words: worded where shown, so a Japanese
    summary reads them in Japanese and an English one as before."""
    args = ("simulate", "the-game", "--games", "16")
    ja, en = run(*args, "--lang", "ja"), run(*args)
    assert "：キューにお仕置きが規定数たまった" in ja and "：Stop Gameカードが使われた" in ja
    assert "held enough" not in ja and "was played" not in ja
    assert ": the Queue held enough punishments" in en and ": a Stop Game card was played" in en
    fantasy = run(*args, "--theme", "fantasy")
    assert "a Teleport Home card was played" in fantasy and "Curse Queue held enough" in fantasy


def test_simulate_json_is_the_same_in_any_language() -> None:
    args = ("simulate", "susumuka-modoruka", "--games", "10", "--json")
    assert json.loads(run(*args, "--lang", "ja")) == json.loads(run(*args))


def visible(page: str) -> str:
    """The page's words as a reader sees them (no styles, pictures or commands)."""
    page = re.sub(r"<(style|svg|code)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_the_report_page_reads_in_japanese(tmp_path: Path) -> None:
    page, data = tmp_path / "sm.html", tmp_path / "sm.json"
    run(
        "report", "susumuka-modoruka", "--games", "30", "--players", "2", "--players", "3",
        "--ladder-games", "2", "--out", str(page), "--json", str(data), "--lang", "ja",
    )  # fmt: skip
    text, report = page.read_text(), json.loads(data.read_text())
    assert '<html lang="ja">' in text
    assert "<h1>ススムカ&モドルカ：ルールが生むもの</h1>" in text  # the game by its own name
    assert report["title"] == "Susumuka & Modoruka"  # the data keeps the game's id-like title
    for words in ("まず見てほしいこと", "席：誰が勝つか", "ゲームの終わり方", "指摘の基準：",
                  "95%信頼区間", "スキルラダー", "人数ごとの席"):  # fmt: skip
        assert words in text, words
    assert "勝率" in re.search(r"<svg.*?</svg>", text, re.S).group(0)  # the pictures' labels
    # Latin letters left: the codes a designer types or reads in the rules (agents, endings,
    # decision kinds, a rule parameter), the title and the options named on the command line
    codes = {e["reason"] for e in report["ends"]} | {
        k["kind"] for k in report["decisions"]["kinds"]
    }
    codes |= {w for r in report["skill"]["rows"] for w in WORD.findall(r["label"])}
    codes |= {"Susumuka", "Modoruka", "heuristic", "random", "score-by", "ladder-games", "AI"}
    codes |= {"rulebook-report"}  # the JSON's schema, named at the foot
    left = set(WORD.findall(visible(text))) - codes
    assert left == set(), left
    # the data keeps its keys; its words (roles, findings) are the reader's
    assert (
        set(report) >= {"seats", "ends", "findings"} and report["seats"][0]["role"] == "プレイヤー1"
    )


def test_the_report_summary_in_japanese_keeps_each_finding_on_its_bullet() -> None:
    out = run("report", "the-game", "--games", "20", "--no-ladder", "--lang", "ja")
    assert "まず見てほしいこと：" in out and "Look at these first" not in out
    bullets = [line for line in out.splitlines() if line.startswith("  - ")]
    assert len(bullets) == 5 and all(len(b) > 10 for b in bullets), out


def test_sweep_reads_in_japanese_and_its_data_keeps_english(tmp_path: Path) -> None:
    page = tmp_path / "sweep.html"
    args = ("sweep", "susumuka-modoruka", "--vary", "hp=15,20", "--games", "10", "--players", "3")
    out = run(*args, "--out", str(page), "--lang", "ja")
    assert "ススムカ&モドルカ：1設定あたり10ゲーム、シード0" in out
    assert "（既定）" in out and "ひとことで言うと：" in out and "In a sentence" not in out
    heads = [line for line in out.splitlines() if "プレイヤー" in line and "：" not in line]
    assert heads and max(cell_len(line) for line in heads) <= 80  # the table's head
    text = page.read_text()
    assert '<html lang="ja">' in text and "すべての設定" in text and "プレイヤー1の勝率" in text
    left = set(WORD.findall(visible(text))) - {"Susumuka", "Modoruka", "hp", "random", "AI"}
    assert left == set(), left
    data = json.loads(run(*args, "--json", "--lang", "ja"))
    assert data == json.loads(run(*args, "--json")) and data["rows"][0]["seats"][0]["seat"] == (
        "Player 1"
    )


def test_tune_reads_in_japanese() -> None:
    pytest.importorskip("optuna")
    out = run(
        "tune", "the-game", "--vary", "hand-size=5..6", "--target", "balance", "--budget", "2",
        "--games", "10", "--verify-best", "1", "--verify-games", "20", "--lang", "ja",
    )  # fmt: skip
    assert "The GAME：距離 = 1×（勝者のいたゲームに占める席の割合の最高 − 最低）" in out
    assert "新しい20ゲームで検証（シード0のゲーム20〜39）" in out and "（既定）" in out
    assert "balance：最良" in out
    assert "ひとことで言うと：新しい20ゲームで最良の設定を確かめると、" in out
    for english in ("Searched", "In a sentence", "verified", "distance", "best", "default"):
        assert english not in out, english
