"""Errors a user can meet read in the reader's language (issue 25): one line, exit code 2,
``エラー: `` and Japanese with ``--lang ja``, the English unchanged without it. One
representative error per family: save files, agent specs, design tools, the browser's store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import agent_save, assert_one_line_error, run


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A finished save, and copies of it that another game's name or a tampered history
    spoil (made once: a seeded game between agents)."""
    folder = tmp_path_factory.mktemp("saves")
    good = agent_save(folder / "g.save.json")
    data = json.loads(good.read_text())
    other = folder / "other.save.json"
    other.write_text(json.dumps({**data, "game": "swing", "config": {}}))
    tampered = folder / "tampered.save.json"
    tampered.write_text(json.dumps({**data, "history": [*data["history"][:-1], 99999]}))
    return {"good": good, "other": other, "tampered": tampered, "missing": folder / "none.json"}


def japanese(result: tuple[int, str, str], *parts: str) -> None:
    """One line, exit code 2, the Japanese prefix and every part; no English prefix."""
    assert_one_line_error(result, parts[0])
    err = result[2]
    assert err.strip().startswith("エラー: ") and "error:" not in err, err
    for part in parts[1:]:
        assert part in err, err


@pytest.mark.parametrize(
    ("which", "parts"),
    [
        ("missing", ("にセーブファイルがありません",)),
        ("other", ("セーブファイルは別のルール設定で作られています",)),
        ("tampered", ("セーブファイルの履歴を再現できません", "ID 99999 のアクションはありません")),
    ],
)
def test_save_file_errors_read_in_japanese(
    saved: dict[str, Path], which: str, parts: tuple[str, ...]
) -> None:
    path = str(saved[which])
    japanese(run("play", "--resume", path, "--lang", "ja"), *parts)
    japanese(run("replay", path, "--lang", "ja"), *parts)


def test_save_file_errors_read_in_english_as_before(saved: dict[str, Path]) -> None:
    missing, tampered = saved["missing"], str(saved["tampered"])
    assert run("play", "--resume", str(missing))[2] == f"error: no save file at {missing}\n"
    assert run("replay", tampered)[2] == (
        "error: save file history does not replay (no action has id 99999 (ids run 0..283))\n"
    )
    assert_one_line_error(
        run("play", "--resume", str(saved["other"])),
        "error: save file was made with different rule settings",
    )


def test_a_save_path_that_cannot_be_used_reads_in_japanese(tmp_path: Path) -> None:
    target = tmp_path / "nowhere" / "g.json"
    result = run("play", "the-game", "--seat", "random", "--save", str(target), "--lang", "ja")
    japanese(result, f"--save {target}: ディレクトリ {target.parent} がありません")


@pytest.mark.parametrize(
    ("seat", "parts"),
    [
        ("ismcts:time=-1", ("エージェントオプション time は 0 秒より大きく", "'-1'")),
        ("ismcts:time=abc", ("エージェントオプション time は秒数でなければなりません",)),
        ("ismcts:depth=3", ("エージェント 'ismcts' にオプション 'depth' はありません",)),
        ("ismcts:iterations=0", ("エージェントオプション iterations は 1 以上",)),
        ("ismcts:worlds", ("'worlds' は KEY=VALUE の形で",)),
        ("random:x=1", ("エージェント 'random' はオプションを取りません",)),
        ("oracle", ("'oracle' は席に着けません", "伏せられたカード")),
        ("wizard", ("不明なエージェント 'wizard'",)),
    ],
)
def test_agent_spec_errors_read_in_japanese(seat: str, parts: tuple[str, ...]) -> None:
    japanese(run("play", "the-game", "--seat", seat, "--seat", "random", "--lang", "ja"), *parts)


def test_agent_spec_errors_read_in_english_as_before() -> None:
    code, _, err = run("play", "the-game", "--seat", "ismcts:time=-1", "--seat", "random")
    assert code == 2
    assert err == "error: agent option time must be more than 0 seconds, not '-1'\n"
    code, _, err = run("simulate", "the-game", "--agents", "ismcts:time=1,random")
    assert code == 2 and err.strip().startswith("error: agent 'ismcts:time=1': time= depends on")


def test_a_timed_agent_in_a_simulation_is_refused_in_japanese() -> None:
    result = run("simulate", "the-game", "--agents", "ismcts:time=1,random", "--lang", "ja")
    japanese(result, "time= はマシンの速さで結果が変わります")


def test_an_unknown_game_reads_in_japanese() -> None:
    japanese(run("play", "chess", "--lang", "ja"), "不明なゲーム 'chess'")
