"""Issue 17, item 4: at 80×24 every decision screen of every game and player count fits, with
the status, what just happened and the options; more detail one key away (item 6: card text
where you decide). Played through the real ``rulebook play``, a human seat fed by a script."""

from __future__ import annotations

import io
import random
import re

import pytest

import rulebook.cli.commands as cli
from tests.cli.helpers import run, script_input
from tests.cli.screens import Screen, play_screens

HUMAN = ["--seat", "human"]
CASES = {
    "the-game 2": (["the-game", *HUMAN, "--seat", "heuristic"], "Turn "),
    "ribbon-of-bone 1": (["ribbon-of-bone", *HUMAN, "--no-profile"], "Turn "),
    "solo-bound-female solo": (["solo-bound-female", *HUMAN], "Turn "),
}
for _mode in ("basic", "standard", "cooperative"):
    CASES[f"solo-bound-female {_mode}"] = (
        ["solo-bound-female", *HUMAN, "--seat", "heuristic", "--set", f"mode={_mode}"],
        "Turn ",
    )
for _slug, _status in (("susumuka-modoruka", "Turn "), ("swing", "Round ")):
    for _n in range(2, 7):
        CASES[f"{_slug} {_n}"] = ([_slug, *HUMAN, *["--seat", "random"] * (_n - 1)], _status)

PROMPT = re.compile(r"choose 1(?:-(\d+))? \(t table, l log, c cards, \? N")


def check(screen: Screen, status: str) -> None:
    assert len(screen.lines) <= 24, f"{len(screen.lines)} lines:\n{screen.text}"
    assert screen.width <= 80, screen.text
    assert status in screen.text, screen.text  # the status
    found = PROMPT.search(screen.lines[-1])
    assert found, screen.lines[-1]
    count = int(found.group(1) or 1)
    shown = {int(n) for n in re.findall(r"(?:^|\s)(\d+)\. ", screen.text, re.MULTILINE)}
    first = range(1, min(count, 2 * 10) + 1)  # the first page of options at least
    assert all(n in shown for n in first), (count, screen.text)


@pytest.mark.parametrize("case", list(CASES))
def test_every_decision_screen_fits_80_by_24(monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    args, status = CASES[case]
    decisions = 6 if case.startswith("ribbon") else 12
    screens, out = play_screens(monkeypatch, ["play", *args], seed=3, decisions=decisions)
    assert len(screens) >= 2, out
    for screen in screens:
        check(screen, status)
    if "susumuka" in case:
        assert "…" not in out.replace("… (t shows the whole table)", ""), out  # no cut words


def test_solo_bound_female_says_what_its_card_marks_mean_at_80_by_24(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The short table marks each card by the way it is turned (| reset, — triggered, ↻
    ignored); only the whole table (t) said so: every 80×24 screen showing a mark now says
    what the marks mean."""
    args = ["solo-bound-female", *HUMAN]
    screens, out = play_screens(monkeypatch, ["play", *args], seed=4, decisions=12)
    marked = [s for s in screens if re.search(r"(?:^|: |; )[|—↻]\S", s.text, re.MULTILINE)]
    assert len(marked) >= 2, out
    for screen in marked:
        check(screen, "Turn ")
        assert "| reset · — triggered · ↻ ignored" in screen.lines, screen.text


@pytest.mark.parametrize(
    ("lang", "legend"),
    [
        ("en", "eye a person triggers once your visibility passes it · clock turns left in play"),
        ("ja", "目 露見度がこれを超えると人物が発動 · 持続 場に残るターン数"),
    ],
)
def test_solo_bound_female_says_what_eye_and_clock_mean_where_they_show(
    monkeypatch: pytest.MonkeyPatch, lang: str, legend: str
) -> None:
    """A person card in play reads "eye 5 clock 3" (the rulebook's eye and clock icons: the
    visibility that triggers it, the turns it stays), and nothing a player sees said so.
    Under the marks' legend, in its style, a line says what they mean, on every 80×24
    screen that shows the marks' legend and a card with them (the whole table: its test)."""
    args = ["play", "solo-bound-female", *HUMAN, "--lang", lang]
    screens, out = play_screens(monkeypatch, args, seed=3, decisions=12)
    marks = "| reset · — triggered · ↻ ignored" if lang == "en" else "| リセット"
    eye = re.compile(r"\beye \d+ clock \d+" if lang == "en" else r"目\d+ 持続\d+")
    shown = [s for s in screens if eye.search(s.text) and any(marks in line for line in s.lines)]
    assert len(shown) >= 2, out
    for screen in shown:
        if lang == "en":  # (check reads the English prompt)
            check(screen, "Turn ")
        assert len(screen.lines) <= 24 and legend in screen.lines, screen.text
    plain = [s for s in screens if not eye.search(s.text)]
    assert plain and all(legend not in s.lines for s in plain)  # said only when shown


def test_the_ai_moves_stay_on_the_next_decision_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    screens, out = play_screens(
        monkeypatch, ["play", "the-game", *HUMAN, "--seat", "heuristic"], seed=2, decisions=8
    )
    told = [s for s in screens[1:] if any(line.startswith("· Player 2 ") for line in s.lines)]
    assert len(told) >= len(screens) // 2, out


def test_keys_show_the_table_log_card_texts_and_help_in_screenfuls(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    answers = ["t", "", "l", "", "c", "", "? 1", "", "? 99", "", "h", "", "x", "1", "KEYBOARD"]
    fake = script_input(monkeypatch, [*answers, "n"])
    monkeypatch.setattr(cli.console, "size", (80, 24))
    _, out, _ = run("play", "the-game", *HUMAN, "--seat", "heuristic", "--seed", "5")
    assert "Your hand" in out  # the whole table's panel (the compact table has none)
    assert "Steal Card: Take 1 random card from your opponent's hand." in out  # c: the hand
    assert "1. Discard Medium and draw a replacement" in out
    assert "Medium: Intensity: one of the three cards of a set" in out  # ? 1
    assert "There is no option 99." in out and "the whole table" in out  # ? 99, h
    assert "Please enter a number from 1 to 6" in out  # x
    prompts = fake.prompts  # type: ignore[attr-defined]
    assert sum("back to your decision" in p for p in prompts) == 6


def test_a_single_option_is_asked_for_as_one_not_as_a_range(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A decision with one option read "choose 1-1", like a typo: it reads "choose 1"."""
    _, out = play_screens(
        monkeypatch, ["play", "the-game", *HUMAN, "--seat", "heuristic"], seed=2, decisions=30
    )
    assert "choose 1 (t table" in out and "choose 1-1 " not in out


def test_a_wrong_answer_to_a_single_option_asks_for_1(monkeypatch: pytest.MonkeyPatch) -> None:
    """The re-prompt at one option says "Please enter 1", not "a number from 1 to 1"."""
    printed = io.StringIO()
    asked: list[str] = []
    chooser = random.Random(2)  # as play_screens answers: one-option decisions come up

    def fake_input(prompt: str = "", markup: bool = True) -> str:
        cli.console.print(prompt, end="", markup=markup)
        asked.append(prompt)
        if "Save the game" in prompt:
            return "n"
        if "choose 1 (" in prompt:
            if sum("choose 1 (" in p for p in asked) == 1:
                return "7"  # out of range
            raise KeyboardInterrupt
        found = re.search(r"choose 1-(\d+)", prompt)
        return str(chooser.randint(1, int(found.group(1)))) if found else ""

    monkeypatch.setattr(cli.console, "input", fake_input)
    monkeypatch.setattr(cli.console, "_file", printed)
    monkeypatch.setattr(cli.console, "size", (80, 24))
    run("play", "the-game", *HUMAN, "--seat", "heuristic", "--seed", "2")
    out = printed.getvalue()
    assert "Please enter 1 (or t, l, c, ? N; h for help)." in out, out[-2000:]
    assert "from 1 to 1" not in out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_line_of_the_help_fits_80_columns(lang: str) -> None:
    """The h help's Ctrl-D line was 81 columns (87 cells in Japanese, where a wide character
    takes two) and wrapped at 80×24."""
    from rich.cells import cell_len

    from rulebook import i18n
    from rulebook.cli.screen import HELP

    with i18n.reading(i18n.load(lang)[0]):
        said = i18n._(HELP)
    assert ("Ctrl-D" in said) and (lang == "en" or "選択肢" in said), said
    wide = [line for line in said.splitlines() if cell_len(line) > 80]
    assert wide == [], wide


def test_c_in_a_game_whose_cards_have_no_text_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A designer's game that gives no card texts (the generated high-card game, the toy) is
    told as such at ``c``, not "No cards to show." beside a hand of cards."""
    import tests.engine.toy  # noqa: F401  (registers the toy game)

    script_input(monkeypatch, ["c", "", "KEYBOARD"])
    _, out, _ = run("play", "toy", "--seat", "human", "--seat", "random", "--seed", "1")
    assert "This game's cards have no text beyond their names." in out
    assert "No cards to show." not in out
