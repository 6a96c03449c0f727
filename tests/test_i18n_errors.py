"""Errors a user can meet read in the reader's language (issue 25): one line, exit code 2,
``エラー: `` and Japanese with ``--lang ja``, the English unchanged without it. One
representative error per family: save files, agent specs, design tools, the browser's store."""

from __future__ import annotations

import json
import socket
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


@pytest.mark.parametrize(
    ("args", "parts"),
    [
        (["sweep", "the-game", "--vary", "nope=1,2"], ("--vary: the-game にパラメータ 'nope'",)),
        (["sweep", "the-game", "--vary", "hand-size=5..3"], ("範囲 5..3 は空です",)),
        (["sweep", "the-game", "--vary", "hand-size"], ("--vary は NAME=VALUES の形で",)),
        (
            ["tune", "the-game", "--vary", "hand-size=5..6", "--target", "win-rate:9=0.5"],
            ("このゲームに席 '9' はありません",),
        ),
        (
            ["tune", "the-game", "--vary", "hand-size=5..6", "--target", "length=-3"],
            ("長さは 0 より大きいターン数です",),
        ),
        (["tune", "the-game", "--vary", "hand-size=5..6"], ("--target を 1 つ以上",)),
        (["simulate", "the-game", "--backend", "foo"], ("不明なバックエンド 'foo'",)),
        (
            ["simulate", "the-game", "--agents", "random,random,random"],
            ("the-game は 2 人用です（3 人ではなく", "エージェント を 1 つ"),
        ),
        (["new", "Bad_Slug"], ("使えないスラッグ 'Bad_Slug'",)),
    ],
)
def test_design_tool_errors_read_in_japanese(args: list[str], parts: tuple[str, ...]) -> None:
    japanese(run(*args, "--lang", "ja"), *parts)


def test_design_tool_errors_read_in_english_as_before() -> None:
    code, _, err = run("sweep", "the-game", "--vary", "hand-size=5..3")
    assert code == 2 and err == "error: --vary hand-size: the range 5..3 is empty\n"
    code, _, err = run("simulate", "the-game", "--agents", "random,random,random")
    assert err == "error: the-game is for 2 players, not 3 (one agent per player)\n"
    code, _, err = run("tune", "the-game", "--vary", "hand-size=5..6", "--target", "length=-3")
    assert err == "error: --target 'length=-3': the length is a number of turns above 0\n"


def test_a_database_that_is_not_the_servers_is_refused_in_japanese(tmp_path: Path) -> None:
    """``rulebook serve --db`` checks the file before the server starts (no port opened)."""
    text = tmp_path / "notes.txt"
    text.write_text("hello, this is not a database\n" * 100)
    with socket.socket() as probe:  # a free port: the default 8000 may be another server's
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    ja = run("serve", "--db", str(text), "--port", port, "--lang", "ja")
    japanese(ja, "このデータベースは使えません")
    code, _, err = run("serve", "--db", str(text), "--port", port)
    assert code == 2 and err.startswith(f"error: {text}: cannot use this database (")


def test_a_database_in_a_missing_folder_is_one_line_and_no_folder_is_made(
    tmp_path: Path,
) -> None:
    """``rulebook serve --db typo/rooms.sqlite3`` made the folder and a fresh database in it
    without a word (as ``play --profile`` did): one line, exit 2, before any port is opened.
    The default database's data folder is still made (the README's serve test)."""
    typo = tmp_path / "typo" / "rooms.sqlite3"
    with socket.socket() as taken:  # a port in use: a server never starts, whatever happens
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        code, _, err = run("serve", "--db", str(typo), "--port", port)
        assert code == 2 and err == f"error: --db {typo}: no directory {typo.parent}\n", err
        said = f"ディレクトリ {typo.parent} がありません"
        japanese(run("serve", "--db", str(typo), "--port", port, "--lang", "ja"), said)
    assert not typo.parent.exists()


@pytest.mark.parametrize(
    ("seats", "japanese_text", "english"),
    [
        (["human", "wizard"], "不明な席 'wizard'", "unknown seat 'wizard' (human, "),
        (["human"] * 7, "は 2-6 人用です（7 人ではなく）", "is for 2-6 players, not 7"),
        (
            ["human", "ismcts:iterations=99999999"],
            "エージェントオプション iterations=99999999 はこの卓の上限",
            "agent option iterations=99999999 is more than this table allows",
        ),
    ],
)
def test_a_room_the_browser_cannot_make_is_refused_in_the_readers_language(
    tmp_path: Path, seats: list[str], japanese_text: str, english: str
) -> None:
    from fastapi.testclient import TestClient

    from rulebook.web.server import create_app

    body = {"game": "susumuka-modoruka", "seats": seats, "seed": 3}
    with TestClient(create_app(tmp_path / "tables.sqlite3", ai_pause=0)) as client:
        refused = client.post("/api/rooms", json={**body, "lang": "ja"})
        assert refused.status_code == 400 and japanese_text in refused.json()["error"]
        refused = client.post("/api/rooms", json=body)
        assert refused.status_code == 400 and english in refused.json()["error"]


def test_serve_says_where_the_table_is_open_in_the_readers_language(tmp_path: Path) -> None:
    """``rulebook serve --lang ja`` said "The table is open at …" and "Other devices cannot
    reach it …" in English: the lines were not messages to translate."""
    import signal
    import subprocess
    import sys
    import time

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = str(free.getsockname()[1])
    db = tmp_path / "rooms.sqlite3"
    args = ["serve", "--db", str(db), "--port", port, "--lang", "ja"]
    command = [sys.executable, "-m", "rulebook.cli", *args]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as server:
        try:
            assert server.stdout is not None
            deadline = time.monotonic() + 30
            seen: list[str] = []
            while not any("ほかの機器" in line for line in seen) and time.monotonic() < deadline:
                line = server.stdout.readline()
                if not line:
                    break
                seen.append(line)
        finally:
            server.send_signal(signal.SIGINT)
            server.communicate(timeout=20)
    said = "".join(seen)
    assert f"卓を開きました：http://localhost:{port}/（対戦部屋の保存先：{db}）" in said, said
    assert "ほかの機器からは接続できません" in said and "The table is open" not in said, said
