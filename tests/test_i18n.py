"""Languages (issue 25): `--lang` on every command, else LANGUAGE/LANG, else English; an unknown
language or a missing catalog reads English with one line saying so; a message missing from a
catalog reads English (never its id); named placeholders and plural forms; the pseudo-locale
transforms every translated message; the catalogs are built by the Makefile and kept in step
with the code."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from typer.testing import CliRunner

import rulebook
import rulebook.cli.commands as cli
from rulebook import i18n

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "src" / "rulebook" / "locale"
runner = CliRunner()


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(cli.app, list(args), env=env)
    return result.exit_code, result.stdout, result.stderr


def test_lang_ja_shows_the_japanese_catalog_and_the_default_is_english() -> None:
    code, out, err = run("games", "--lang", "ja")
    assert code == 0 and err == ""
    assert "タイトル" in out and "title" not in out
    code, out, _ = run("games")
    assert code == 0 and "title" in out and "タイトル" not in out


def test_a_japanese_summary_is_folded_onto_more_lines_not_cut_off() -> None:
    code, out, _ = run("games", "--lang", "ja")
    about = "".join(line.split("│")[4] for line in out.splitlines() if line.count("│") == 5)
    with i18n.reading(i18n.load("ja")[0]):
        summary = i18n._(rulebook.load("the-game").summary)
    assert code == 0 and "…" not in out and "".join(summary.split()) in "".join(about.split())


@pytest.mark.parametrize(
    ("env", "japanese"),
    [
        ({"LANGUAGE": "", "LANG": "ja_JP.UTF-8"}, True),
        ({"LANGUAGE": "ja:en", "LANG": "C.UTF-8"}, True),
        ({"LANGUAGE": "en", "LANG": "ja_JP.UTF-8"}, False),
        ({"LANGUAGE": "", "LANG": "C"}, False),
        ({"LANGUAGE": "", "LANG": "de_DE.UTF-8"}, False),  # no German catalog: English, silently
    ],
)
def test_the_environment_chooses_when_lang_is_not_given(
    env: dict[str, str], japanese: bool
) -> None:
    code, out, err = run("games", env={"LC_ALL": "", "LC_MESSAGES": "", **env})
    assert code == 0 and err == ""
    assert ("タイトル" in out) is japanese


def test_a_commands_language_ends_with_the_command() -> None:
    """Code run after a command (a test, a server) reads English again."""
    assert run("games", "--lang", "x-pseudo")[0] == 0
    assert i18n.current().english


def test_lang_beats_the_environment() -> None:
    code, out, _ = run("games", "--lang", "en", env={"LANGUAGE": "ja"})
    assert code == 0 and "title" in out and "タイトル" not in out


def test_an_unknown_lang_reads_english_with_one_line_saying_so() -> None:
    code, out, err = run("rules", "swing", "--lang", "klingon")
    assert code == 0 and "Rule parameters" in out
    assert err.count("\n") == 1 and "klingon" in err and "English" in err


@pytest.mark.parametrize(
    ("args", "english", "japanese"),
    [
        (["--set", "hp=0"], "hp and turns must be at least 1", "HP とターン数は 1 以上"),
        (["--set", "colour=red"], "unknown config 'colour'", "不明な設定 'colour'"),
        (["--set", "cards=missing.toml"], "card file not found", "カードファイルが見つかりません"),
    ],
)
def test_rule_parameter_and_card_file_errors_read_in_the_readers_language(
    args: list[str], english: str, japanese: str
) -> None:
    """The engine's own errors (a rule parameter, a card file) are messages like the rest:
    one line, exit 2, in English by default and in Japanese with ``--lang ja``."""
    code, _, err = run("play", "susumuka-modoruka", *args)
    assert code == 2 and err.startswith("error: ") and english in err
    code, _, err = run("play", "susumuka-modoruka", *args, "--lang", "ja")
    assert code == 2 and err.startswith("エラー: ") and japanese in err
    assert len(err.strip().splitlines()) == 1 and english not in err


@pytest.mark.parametrize(
    ("args", "english", "japanese"),
    [
        (
            ["plya"],
            "No such command 'plya'. Did you mean 'play'",
            "「plya」というコマンドはありません",
        ),
        (["play", "--foo"], "No such option: --foo", "そのようなオプションはありません: --foo"),
        (
            ["play", "the-game", "--seed", "abc"],
            "'abc' is not a whole number",
            "「abc」は整数ではありません",
        ),
        (["simulate"], "Missing argument 'slug'", "引数 'slug' がありません"),
        (
            ["simulate", "the-game", "--games", "0"],
            "it must be at least 1",
            "1 以上でなければなりません",
        ),
        (
            ["play", "the-game", "extra"],
            "Unexpected extra argument(s): extra",
            "余分な引数があります: extra",
        ),
    ],
)
def test_usage_errors_read_in_the_language_the_command_line_asks_for(
    args: list[str], english: str, japanese: str
) -> None:
    """Click raises these while it parses, before ``--lang`` reaches the command: the language
    is read from the arguments first (or the environment), and Click's words are ours."""
    code, _, err = run(*args)
    assert code == 2 and err.startswith("error: ") and english in err
    for asked, env in ((["--lang", "ja"], None), ([], {"LANGUAGE": "ja"})):
        code, _, err = run(*args, *asked, env=env)
        assert code == 2 and err.startswith("エラー: ") and japanese in err, err
        assert len(err.strip().splitlines()) == 1 and "help」を参照" in err


def test_a_card_file_error_names_a_shipped_theme_in_the_readers_language() -> None:
    code, _, err = run("play", "the-game", "--without", "unicorn")
    assert code == 2 and "no card 'unicorn' in the classic theme" in err
    code, _, err = run("play", "the-game", "--without", "unicorn", "--lang", "ja")
    assert code == 2 and "classic テーマ" in err and "カード 'unicorn' はありません" in err


def test_every_command_takes_lang() -> None:
    names = [c.name or c.callback.__name__ for c in cli.app.registered_commands]  # type: ignore[union-attr]
    assert len(names) >= 10
    for name in names:
        code, out, _ = run(name, "--help")
        assert code == 0 and "--lang" in out, name


def compile_catalog(
    directory: Path, code: str, entries: dict[str | tuple[str, str], object]
) -> None:
    catalog = Catalog(locale=code)
    for msgid, msgstr in entries.items():
        catalog.add(msgid, msgstr)  # type: ignore[arg-type]
    folder = directory / code / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text("")  # a catalog exists for the language
    with (folder / "messages.mo").open("wb") as handle:
        write_mo(handle, catalog)


def test_a_missing_message_reads_english_and_placeholders_are_named(tmp_path: Path) -> None:
    compile_catalog(tmp_path, "ja", {"{seat} rolls {roll}.": "{seat}は{roll}を出した。"})
    ja, warning = i18n.load("ja", tmp_path)
    assert warning is None
    assert ja("{seat} rolls {roll}.", roll=3, seat="P2") == "P2は3を出した。"
    assert ja("{seat} flees.", seat="P2") == "P2 flees."  # not translated: English, not an id


def test_a_translation_naming_a_wrong_placeholder_reads_english(tmp_path: Path) -> None:
    compile_catalog(tmp_path, "ja", {"{seat} wins.": "{player}の勝ち。"})
    ja, _ = i18n.load("ja", tmp_path)
    assert ja("{seat} wins.", seat="P1") == "P1 wins."


def test_plural_forms_follow_the_language(tmp_path: Path) -> None:
    english = i18n.ENGLISH_LANGUAGE
    assert english.n("{count} card", "{count} cards", 1) == "1 card"
    assert english.n("{count} card", "{count} cards", 3) == "3 cards"
    compile_catalog(tmp_path, "ja", {("{count} card", "{count} cards"): ("カード{count}枚",)})
    ja, _ = i18n.load("ja", tmp_path)
    assert ja.n("{count} card", "{count} cards", 1) == "カード1枚"
    assert ja.n("{count} card", "{count} cards", 5) == "カード5枚"


def test_a_catalog_not_compiled_reads_english_with_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text("")
    language, warning = i18n.load("ja", tmp_path)
    assert language.english and warning is not None and "make catalogs" in warning
    (folder / "messages.mo").write_bytes(b"not a catalog")
    language, warning = i18n.load("ja", tmp_path)
    assert language.english and warning is not None and "\n" not in warning


def test_the_pseudo_locale_transforms_every_message_but_keeps_placeholders_and_markup() -> None:
    code, out, _ = run("rules", "swing", "--lang", "x-pseudo")
    assert code == 0
    assert "Rule parameters" not in out and "⟦Ŕüłé þàŕàɱéţéŕš⟧" in out
    pseudo, _ = i18n.load("x-pseudo")
    assert pseudo("[bold]{seat} wins[/]", seat="P1") == "⟦[bold]P1 ŵïñš[/]⟧"
    assert pseudo.n("{count} card", "{count} cards", 2) == "⟦2 çàŕđš⟧"


PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def catalog(code: str) -> list[tuple[object, object]]:
    path = LOCALE / code / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return [(m.id, m.string) for m in read_po(handle) if m.id]


def test_the_template_holds_every_message_of_the_code_and_ja_is_in_step() -> None:
    """`make messages` was run after the code's messages changed (a forgotten run shows here):
    extracted as the Makefile does (its keywords, babel.cfg's mapping)."""
    line = next(x for x in (ROOT / "Makefile").read_text().splitlines() if x.startswith("KEYWORDS"))
    keywords = parse_keywords(re.findall(r"-k (\S+)", line))
    with (ROOT / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found = {
        m[2] if isinstance(m[2], str) else m[2][0]
        for m in extract_from_dir(
            ROOT / "src", method_map=method_map, options_map=options_map, keywords=keywords
        )
    }
    with (LOCALE / "messages.pot").open("rb") as handle:
        template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}
    assert found == template
    ja = {m if isinstance(m, str) else m[0] for m, _ in catalog("ja")}  # type: ignore[index]
    assert ja == template


def test_japanese_translations_use_only_their_messages_placeholders() -> None:
    for msgid, msgstr in catalog("ja"):
        ids = [msgid] if isinstance(msgid, str) else list(msgid)  # type: ignore[arg-type]
        strs = [msgstr] if isinstance(msgstr, str) else list(msgstr)  # type: ignore[arg-type]
        allowed = {n for i in ids for n in PLACEHOLDER.findall(i)}
        for text in strs:
            assert set(PLACEHOLDER.findall(text)) <= allowed, (msgid, text)


@pytest.mark.parametrize("target", ["install", "play", "serve", "test"])
def test_the_readme_commands_compile_the_catalogs(tmp_path: Path, target: str) -> None:
    assert shutil.which("make"), "make is needed (the README's commands use it)"
    done = tmp_path / "installed"  # every install step done: show what is left
    done.touch()
    stamps = [f"{s}={done}" for s in ("STAMP", "DEV_STAMP", "WEB_STAMP", "DESIGNER_STAMP")]
    po = LOCALE / "ja" / "LC_MESSAGES" / "messages.po"
    result = subprocess.run(
        ["make", "-n", "-W", str(po.relative_to(ROOT)), target, *stamps, f"I18N_STAMP={done}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "pybabel -q compile -D messages -l ja" in result.stdout


def test_a_fresh_process_reads_the_compiled_catalog() -> None:
    """The package's own catalog, as installed by `make`, read by a new interpreter."""
    code = "from rulebook import i18n; print(i18n.load('ja')[0]('title'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "タイトル"


def test_a_game_read_back_from_a_pickle_still_words_its_options_per_reader() -> None:
    """Worker processes receive games pickled; a game's option words are made by functions
    pickle cannot carry, so the table keeps each action's message when pickled."""
    import pickle

    import rulebook

    state = rulebook.load("the-game").new_state(seed=1)
    again = pickle.loads(pickle.dumps(state))
    legal = state.legal_ids()
    with i18n.reading(i18n.load("x-pseudo")[0]):
        before = [state.option_text(a) for a in legal]
        after = [again.option_text(a) for a in legal]
    assert after == before and all(text.startswith("⟦") for text in before)


def test_a_word_two_games_share_in_english_reads_each_games_term() -> None:
    """Susumuka & Modoruka's "Combat power" (戦闘力, its rulebook's word) is its own message, so
    the fantasy theme's "Power" of a spell reads 威力 in The GAME, not the dungeon's 戦闘力."""
    args = ("play", "the-game", "--theme", "fantasy", "--seat", "heuristic")
    code, out, _ = run(*args, "--seat", "heuristic", "--seed", "2", "--pace", "0", "--lang", "ja")
    assert code == 0 and "威力カード" in out and "戦闘力" not in out


def test_a_catalog_older_than_its_messages_is_named(tmp_path: Path) -> None:
    """The suite's start-up check (tests/conftest.py): a missing or older compiled catalog."""
    from tests.conftest import stale_catalogs

    for code in ("de", "ja"):
        (tmp_path / code / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / code / "LC_MESSAGES" / "messages.po").write_text("")
    ja_mo = tmp_path / "ja" / "LC_MESSAGES" / "messages.mo"
    ja_mo.write_bytes(b"")
    assert stale_catalogs(tmp_path) == ["de"]  # de has none
    os.utime(ja_mo, (0, 0))  # compiled before its messages changed
    assert stale_catalogs(tmp_path) == ["de", "ja"]
    assert stale_catalogs() == []  # this tree's, as the run started


def test_the_catch_all_deck_count_message_has_a_note_for_translators() -> None:
    """ "{deck} {count}" says nothing of what it is for: the catalogs carry a note for it
    (``# Translators:`` comments in the code, extracted by ``make messages``)."""
    from rulebook.i18n import LOCALE_DIR

    for catalog in (LOCALE_DIR / "messages.pot", LOCALE_DIR / "ja/LC_MESSAGES/messages.po"):
        entries = catalog.read_text().split("\n\n")
        entry = next(e for e in entries if '\nmsgid "{deck} {count}"' in "\n" + e)
        assert "#. Translators: a deck's name and how many cards it holds" in entry, entry


# the designer's tools: every message they show has a Japanese translation (a new sentence
# added in English only fails here, not in front of a Japanese designer)
DESIGNER = ("cli/simulate.py", "cli/report.py", "cli/sweep.py", "cli/tune.py", "lab", "sim")


def test_every_message_of_the_designers_tools_is_translated_into_japanese() -> None:
    line = next(x for x in (ROOT / "Makefile").read_text().splitlines() if x.startswith("KEYWORDS"))
    keywords = parse_keywords(re.findall(r"-k (\S+)", line))
    src = ROOT / "src" / "rulebook"
    files = [p for part in DESIGNER for p in sorted((src / part).rglob("*")) or [src / part]]
    ids = set()
    for path in files:
        method = {".py": "python", ".j2": "jinja2"}.get(path.suffix)
        if method is None:
            continue
        for _line, message, _comments, _context in extract_from_file(
            method, path, keywords=keywords
        ):
            ids.add(message if isinstance(message, str) else message[0])
    translated = {
        (m if isinstance(m, str) else m[0])  # type: ignore[index]
        for m, s in catalog("ja")
        if s and (isinstance(s, str) or all(s))  # type: ignore[arg-type]
    }
    assert len(ids) > 150 and ids <= translated, sorted(ids - translated)
