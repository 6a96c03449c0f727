"""``rulebook new SLUG``: a designer's own game as a plugin package, ready to change.

The package it writes installs with pip, registers its game through the ``rulebook.games``
entry point and passes ``rulebook conformance`` and its own tests as written."""

from __future__ import annotations

import keyword
import re
from pathlib import Path
from typing import Annotated

import typer

from rulebook.cli import template
from rulebook.cli.app import app, console, fail
from rulebook.engine.registry import _targets
from rulebook.extras import environment
from rulebook.i18n import _

SLUG = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def slug_problem(slug: str) -> str | None:
    """Why ``slug`` cannot name a new game, or None."""
    if not SLUG.fullmatch(slug) or len(slug) > 40:
        return _(
            "bad slug '{slug}': use lowercase letters, digits and single hyphens, starting "
            "with a letter (like 'high-card'), at most 40 characters",
            slug=slug,
        )
    package = slug.replace("-", "_")
    if keyword.iskeyword(package) or package in ("rulebook", "test", "tests"):
        return _(
            "bad slug '{slug}': '{package}' cannot be the game's package name",
            slug=slug,
            package=package,
        )
    if slug in _targets():
        return _(
            "'{slug}' is already a game here (see 'rulebook games'); choose another slug",
            slug=slug,
        )
    return None


def write_package(slug: str, folder: Path) -> list[Path]:
    """Write the package for ``slug`` into ``folder`` (which must not exist yet)."""
    written = []
    folder.mkdir(parents=True)
    for name, text in template.FILES.items():
        path = folder / template.render(name, slug)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(template.render(text, slug), encoding="utf-8")
        written.append(path)
    return written


@app.command("new")
def new_command(
    slug: str,
    folder: Annotated[
        Path | None,
        typer.Option("--dir", metavar="PATH", help="Where to write it (default: ./SLUG)."),
    ] = None,
) -> None:
    """Start a game of your own: write a plugin package (a small two-player card game, its
    rules, a conformance test and a stacked-deck scenario) to change into yours."""
    problem = slug_problem(slug)
    if problem:
        raise fail(problem)
    target = folder if folder is not None else Path(slug)
    if target.exists():
        raise fail(_("{path} already exists: nothing written (choose another --dir)", path=target))
    try:
        write_package(slug, target)
    except OSError as exc:
        raise fail(
            _("cannot write {path}: {problem}", path=target, problem=exc.strerror or exc)
        ) from None
    console.print(f"Wrote {target}/ (the game {slug}). Next, from that folder:", markup=False)
    for line in next_steps(slug):
        console.print(f"  {line}", markup=False, soft_wrap=True)  # copied whole: no breaks
    console.print("Make the rules yours: rulebook's docs/new-game.md shows how.", markup=False)


def next_steps(slug: str) -> list[str]:
    """The commands after ``new``, run by the environment that runs rulebook: a bare ``pip``
    outside an activated environment is the system's, and would install the game where
    rulebook cannot see it."""
    python, pip, rulebook = environment()
    return [
        f"{pip} install -e '.[test]'",
        f"{rulebook} conformance {slug} --games 200",
        f"{python} -m pytest tests",
        f"{rulebook} play {slug} --seat human --seat random",
    ]
