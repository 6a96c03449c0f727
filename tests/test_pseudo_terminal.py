"""The pseudo-locale at the terminal (issue 25): seeded games of every game, in each mode and
player count whose table differs, played and drawn with ``--lang x-pseudo`` (the table, the
options, the narration, the end summary, the full table, the cards, the log) plus ``rulebook
rules`` and ``rulebook cards``, show no untransformed text. This is how a message that skipped
translation (a plain ``f"..."`` string, an English word glued to a translated one) is caught.

What counts as untransformed: the pseudo-language turns every ASCII letter of a translated
message except q, v, x, M, Q, V and X into an accented one, and a proper name from the content
(a card's name or text, a theme's label) is transformed alike (``rulebook.i18n.Name``). So
every run of ASCII letters holding a letter the pseudo-language changes is untransformed
unless it is part of a card id, a player-chosen name (an agent's name), or a word the user
types back (a rule parameter's name or one of its values, a command, a file name). Markup is
consumed by rich before the text is seen; numbers are not letters."""

from __future__ import annotations

import dataclasses
import re
import tempfile
from itertools import cycle, islice
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulebook.cli.commands as cli
from rulebook.engine.content import card_rows
from rulebook.engine.game import load

runner = CliRunner()
RUN = re.compile(r"[A-Za-z]+")
KEPT = set("qvxMQVX")  # the letters the pseudo-language leaves as they are
# words a user types back, shown as they are: commands, agents, file names and suffixes
TYPED = {
    "rulebook",
    "human",
    "random",
    "heuristic",
    "ismcts",
    "toml",
    "json",
    "md",
    "docs",
    "rules",
    "cards",
    "play",
    "set",
    "theme",
    "without",
    "lang",
    "seat",
    "players",
    "en",
    "ja",
    "pseudo",
    "none",
    "true",
    "false",
    "sqlite",
    "share",
    "local",
    "root",
    "tmp",
}

# (game, extra arguments, seats): each mode and player count whose table differs
TABLES = [
    ("the-game", [], 2),
    ("the-game", ["--theme", "fantasy"], 2),
    ("susumuka-modoruka", [], 2),
    ("susumuka-modoruka", [], 4),
    ("swing", [], 2),
    ("swing", [], 3),
    ("solo-bound-female", [], 1),
    ("solo-bound-female", ["--set", "mode=basic"], 2),
    ("solo-bound-female", ["--set", "mode=standard"], 2),
    ("solo-bound-female", ["--set", "mode=cooperative"], 2),
    ("ribbon-of-bone", [], 1),
]
# the keys a person presses: the full table, the cards, the log, help, a wrong number, then
# options round and round (a different one each time, so play moves on)
KEYS = ["t", "q", "c", "q", "l", "q", "h", "q", "99", *islice(cycle(["2", "1", "3"]), 600)]


def allowed(slug: str, extra: list[str]) -> set[str]:
    """The words the test lets through for a game: its card ids (every theme given), its rule
    parameters' names and values, and what the user types."""
    game = load(slug, **({"theme": extra[1]} if extra[:1] == ["--theme"] else {}))
    words = set(TYPED)
    for row in card_rows(game):
        words.update(RUN.findall(row.id))
        words.update(RUN.findall(row.same_as))
    for f in dataclasses.fields(game.config_class):
        words.update(RUN.findall(f.name))
        words.update(RUN.findall(str(f.type)))  # Literal values
        words.update(RUN.findall(str(f.default)))
    return words


def keeps_profile(slug: str) -> bool:
    return load(slug).frontend().profile is not None


def untransformed(text: str, words: set[str]) -> set[str]:
    """Runs of ASCII letters the pseudo-language would have changed, less the allowed words."""
    return {w for w in RUN.findall(text) if set(w) - KEPT} - words


def run(*args: str, input: str | None = None) -> str:
    result = runner.invoke(cli.app, [*args, "--lang", "x-pseudo"], input=input)
    assert result.exit_code in (0, 130), result.output
    return result.stdout


@pytest.mark.parametrize(("slug", "extra", "seats"), TABLES)
def test_a_seeded_game_at_the_terminal_shows_no_untransformed_text(
    slug: str, extra: list[str], seats: int, tmp_path: Path
) -> None:
    agents = ["--seat", "human"] + ["--seat", "random"] * (seats - 1)
    keys = "\n".join(KEYS) + "\n"
    with tempfile.TemporaryDirectory(prefix="rb") as short:
        # a game with lasting state keeps it in a profile of the test's own, at a path short
        # enough to be shown on one line (a file name: typed)
        profile = ["--profile", str(Path(short) / "p.sqlite3")] if keeps_profile(slug) else []
        out = run("play", slug, *extra, *agents, *profile, "--seed", "3", "--pace", "0",
                  "--save", str(tmp_path / "game.json"), input=keys)  # fmt: skip
    assert "1. " in out  # options were shown
    found = untransformed(out, allowed(slug, extra) | set(RUN.findall(" ".join(profile))))
    assert not found, (sorted(found), out[-3000:])


@pytest.mark.parametrize("slug", sorted({t[0] for t in TABLES}))
def test_the_rules_and_cards_show_no_untransformed_text(slug: str) -> None:
    words = allowed(slug, [])
    for command in ("rules", "cards"):
        out = run(command, slug)
        found = untransformed(out, words)
        assert not found, (command, sorted(found), out)


def test_a_message_left_unwrapped_is_found() -> None:
    """The check can fail: a plain English line among pseudo-language text is caught, while
    card ids, numbers and the pseudo-language's own letters pass."""
    words = allowed("the-game", [])
    shown = "⟦Ŵöñ⟧: 3 over-knee ⟦⟦Þłàÿéŕ 1⟧ đŕàŵš à çàŕđ.⟧ MX"
    assert untransformed(shown, words) == set()
    assert untransformed(shown + " Player 2 loses.", words) == {"Player", "loses"}
