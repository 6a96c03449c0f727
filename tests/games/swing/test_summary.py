"""The one-line summaries the games list shows (`rulebook games`, the lobby) stay tasteful and
non-graphic, in every language: SWING!'s read "first orgasms win" (and in Japanese
"最初のオーガズムが勝敗を決める"), which was neither tasteful in a list of games nor
right (the most Hosts brought to 0 win, A21)."""

from __future__ import annotations

from typer.testing import CliRunner

import rulebook.cli.commands as cli

GRAPHIC = ("orgasm", "climax", "オーガズム", "絶頂")


def listed(*args: str) -> str:
    result = CliRunner().invoke(cli.app, ["games", *args])
    assert result.exit_code == 0, result.output
    return " ".join(result.stdout.replace("│", " ").split())


def test_the_list_of_games_names_no_climax_in_any_language() -> None:
    english, japanese = listed(), listed("--lang", "ja")
    for said in (english, japanese):
        assert not [word for word in GRAPHIC if word in said.lower()], said
    assert "bring a Host's Pleasure Meter to 0 to score." in english, english
    assert "ホストの快感メーターを0にすると得点" in japanese.replace(" ", ""), japanese
