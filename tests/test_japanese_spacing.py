"""Japanese has no space between a word and the number after it (ターン1, 戦闘力1D6+0,
残りの進行度40/40): The GAME and Solo Bound Female wrote ターン 1 where Susumuka & Modoruka,
SWING! and Ribbon of Bone wrote ターン1, and each game mixed the two (戦闘力 1D6+0 beside
難易度2; 体力 12 beside 支持者3/5; 山札 30 beside ダイヤ2/3). Every game's decision screens
at the terminal, in Japanese, now write a word and its number together. (A table's columns
and the names and words of a list keep their spaces.)"""

from __future__ import annotations

import re

import pytest

from tests.cli.screens import play_screens

HUMAN = ["--seat", "human"]
GAMES = {
    "the-game": ["the-game", *HUMAN, "--seat", "heuristic"],
    "ribbon-of-bone": ["ribbon-of-bone", *HUMAN, "--no-profile", "--set", "name=Tess"],
    "solo-bound-female": ["solo-bound-female", *HUMAN],
    "solo-bound-female standard": [
        "solo-bound-female", *HUMAN, "--seat", "heuristic", "--set", "mode=standard"
    ],
    "susumuka-modoruka": ["susumuka-modoruka", *HUMAN, "--seat", "random", "--seat", "random"],
    "swing": ["swing", *HUMAN, "--seat", "random", "--seat", "random"],
}  # fmt: skip
# a word the tables give a number (a count, a value, a turn), one space, then the number
# (a list keeps its spaces: 時間 2 Minutes is the type, then a card's name)
WORDS = [
    "ターン", "ラウンド", "進行度", "露見度", "露見", "持続", "刺激", "体力", "戦闘力", "難易度",
    "クリア条件", "山札", "捨て札", "ダイヤ", "提示", "支持者", "袋", "階層", "深度", "ブロンズ",
    "シルバー", "ゴールド", "インスピレーション", "メーター", "目", "キュー",
]  # fmt: skip
# (or before a count in brackets: キュー (0/5) beside プレジャーカード（0/5）)
APART = re.compile(rf"(?:{'|'.join(WORDS)}) [(（]?\d")
TABLE_ROW = re.compile(r"^[│ ]*\S+( +\d+)+ *│?$")  # a label, then a number a column


@pytest.mark.parametrize("case", list(GAMES))
def test_a_word_and_its_number_are_written_together(
    monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    args = ["play", *GAMES[case], "--lang", "ja"]
    screens, out = play_screens(monkeypatch, args, seed=3, decisions=25)
    assert len(screens) >= 5, out
    apart = {
        line.strip()
        for screen in screens
        for line in screen.lines
        if APART.search(line) and not TABLE_ROW.match(line)
    }
    assert apart == set(), "\n".join(sorted(apart))
    assert re.search(r"ターン\d", out), out
