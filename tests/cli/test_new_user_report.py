"""A new-user tester's report (2026-11-28): the default save name gave away the seed, a
declined overwrite left no way out of the save prompt, The GAME's short hand line ran a
card's kind into its names, and Solo Bound Female's narration said a Locked Door cost
progress that was not there, and nothing said why "End the initial step" was gone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulebook.cli.commands as cli
from rulebook.cli.saves import read_save
from tests.cli.helpers import run, script_input
from tests.cli.screens import play_screens

HOT_SEAT = ["play", "the-game", "--seat", "human", "--seat", "human", "--seed", "1819777167"]
HUMAN_VS_AI = ["play", "the-game", "--seat", "human", "--seat", "heuristic", "--seed", "2"]


# ------------------------------------------------------------------ 1. the default save name


def test_the_default_save_name_does_not_give_away_the_seed_nor_clobber_a_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hot-seat, Ctrl-C, Enter at "Save to [the-game-1819777167.save.json]": the seed in the
    name gives away every hidden card. The default is the game and the local date-time; a
    second save in the same minute gets a name of its own."""
    monkeypatch.chdir(tmp_path)
    saved: list[Path] = []
    for _ in range(2):
        fake = script_input(monkeypatch, ["KEYBOARD", "y", ""])
        code, out, err = run(*HOT_SEAT)
        assert code == 130, out + err
        asked = [p for p in fake.prompts if "Save to" in p]  # type: ignore[attr-defined]
        assert len(asked) == 1 and "1819777167" not in asked[0], asked
        saved = sorted(tmp_path.glob("*.save.json"))
        assert all("1819777167" not in p.name for p in saved), saved
    assert len(saved) == 2, saved  # the second did not overwrite the first
    for path in saved:
        assert re.fullmatch(r"the-game-\d{4}-\d\d-\d\d-\d{4}(-2)?\.save\.json", path.name)
        assert read_save(path)[0].slug == "the-game"


# ------------------------------------------------------------------ 2. a way out of the prompt


@pytest.mark.parametrize("answer", ["", "n", "no"])
def test_declining_to_overwrite_asks_for_another_path_and_says_how_to_give_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answer: str
) -> None:
    """Answering No to "Overwrite it?" asked "Save to [...]" again with no word of how to
    cancel, and "n" there wrote a file named n. The prompt says Enter saves nothing, and a
    bare n or no declines: one line, no file."""
    monkeypatch.chdir(tmp_path)
    existing = tmp_path / "game.json"
    existing.write_text("{}")
    fake = script_input(monkeypatch, ["KEYBOARD", "y", str(existing), "", answer])
    code, out, err = run(*HUMAN_VS_AI)
    assert code == 130, out + err
    prompts = fake.prompts  # type: ignore[attr-defined]
    assert prompts[-1] == "Save to another path (Enter: do not save): ", prompts
    assert out.rstrip().endswith("Not saved."), out
    assert "Saved." not in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert existing.read_text() == "{}"


def test_a_bare_n_at_the_first_save_prompt_is_no_file_either(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    script_input(monkeypatch, ["KEYBOARD", "y", "n"])
    code, out, err = run(*HUMAN_VS_AI)
    assert code == 130 and "Not saved." in out, out + err
    assert list(tmp_path.iterdir()) == []


def test_another_path_after_a_declined_overwrite_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    existing, other = tmp_path / "game.json", tmp_path / "other.save.json"
    existing.write_text("{}")
    script_input(monkeypatch, ["KEYBOARD", "y", str(existing), "", str(other)])
    code, out, err = run(*HUMAN_VS_AI)
    assert code == 130 and f"--resume {other}" in out.replace("\n", ""), out + err
    assert read_save(other)[0].slug == "the-game" and existing.read_text() == "{}"


def test_the_japanese_prompt_says_how_to_give_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    existing = tmp_path / "game.json"
    existing.write_text("{}")
    fake = script_input(monkeypatch, ["KEYBOARD", "y", str(existing), "", ""])
    code, out, err = run(*HUMAN_VS_AI, "--lang", "ja")
    assert code == 130, out + err
    assert fake.prompts[-1] == "別の保存先（Enter：保存しない）: "  # type: ignore[attr-defined]
    assert "保存しませんでした。" in out and existing.read_text() == "{}"


# ------------------------------------------------------------------ 3. The GAME's hand line


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ([], "Your hand: Intensity: Medium, Hard · Time: 5 Minutes, 10 Minutes · Special: "),
        (
            ["--theme", "fantasy"],
            "Your hand: Power: Incantation, Ritual · Duration: 5 Rounds, 10 Rounds · Trick: ",
        ),
        (["--lang", "ja"], "手札：強さ：Medium、Hard · 時間：5 Minutes、10 Minutes · 特殊："),
    ],
)
def test_the_short_hand_line_names_each_kind_then_its_cards(
    monkeypatch: pytest.MonkeyPatch, extra: list[str], expected: str
) -> None:
    """At 80×24 the hand read "Intensity Medium, Hard · Time 5 Minutes…" (a card named
    "Intensity Medium"?); it reads as the whole table does: "Intensity: Medium, Hard"."""
    script_input(monkeypatch, ["KEYBOARD", "n"])
    monkeypatch.setattr(cli.console, "size", (80, 24))
    code, out, err = run("play", "the-game", "--seat", "human", "--seat", "heuristic",
                         "--seed", "5", *extra)  # fmt: skip
    assert code == 130, out + err
    hand = [line for line in out.splitlines() if line.startswith(("Your hand", "手札"))]
    assert hand and hand[0].startswith(expected), hand


# ------------------------------------------------------------------ 4. Solo Bound Female


@pytest.mark.parametrize(
    ("lang", "revealed", "lost"),
    [
        (
            "en",
            "The scenario reveals A Locked Door (cost 1): it takes effect at once and leaves play.",
            "You lose no progress: there is none to lose (40 to go).",
        ),
        (
            "ja",
            "シナリオはA Locked Doorを公開した（コスト1）：すぐに効果を発揮し、場を離れる。",
            "あなたは進行度を失わなかった：失う進行度がない（残り40）。",
        ),
    ],
)
def test_a_locked_door_at_full_progress_says_nothing_is_lost_and_that_it_left_play(
    monkeypatch: pytest.MonkeyPatch, lang: str, revealed: str, lost: str
) -> None:
    """Seed 4, the first option four times: A Locked Door (immediate: "Lose 2 progress") is
    revealed while the scenario is at its full 40. It said "it comes into play", then "You
    lose 2 progress (40 to go)", and the whole table showed no scenario card in play. The
    rules stand (progress never rises above the scenario's score; an immediate card acts
    and goes to the discard pile): the narration says so."""
    script_input(monkeypatch, ["1"] * 4 + ["t", "", "KEYBOARD", "n"])
    monkeypatch.setattr(cli.console, "size", (80, 200))
    args = ["play", "solo-bound-female", "--seat", "human", "--seed", "4", "--lang", lang]
    code, out, err = run(*args)
    assert code == 130, out + err
    text = "".join(out.split()) if lang == "ja" else " ".join(out.split())
    flat = "".join(revealed.split()) if lang == "ja" else revealed
    assert flat in text, text
    assert ("".join(lost.split()) if lang == "ja" else lost) in text, text
    assert "lose 2 progress" not in text and "進行度を2失った" not in text


def test_the_initial_step_says_why_it_cannot_end_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a reset bondage card in play the initial step offers no "End the initial step"
    (SB-22), and nothing said why (turn 8 of seed 5: only "1. Trigger Hobble Strap"). The
    step's line says it, on those screens only."""
    why = "Initial step: play, use, trigger; it can end once no bondage card is reset"
    args = ["play", "solo-bound-female", "--seat", "human"]
    screens, out = play_screens(monkeypatch, args, seed=3, decisions=40)
    initial = [s for s in screens if any(x.startswith("Initial step:") for x in s.lines)]
    blocked = [s for s in initial if "End the initial step" not in s.text]
    free = [s for s in initial if "End the initial step" in s.text]
    assert blocked and free, out
    for screen in blocked:
        assert why in screen.lines, screen.text
        assert len(screen.lines) <= 24 and screen.width <= 80, screen.text
    for screen in free:
        assert why not in screen.text and "Initial step: play, use, trigger" in screen.lines
