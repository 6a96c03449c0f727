"""Where a command will write a file: refused before any game is played, in one line."""

from __future__ import annotations

from pathlib import Path

from rulebook.i18n import _


def folder_problem(path: Path, option: str) -> str | None:
    """Why ``path`` cannot be written as a file (its folder is missing, or it is a folder
    itself), or None. The same words for ``report --out``/``--json`` and ``tune --study``."""
    if not path.parent.is_dir():
        return _(
            "{option} {path}: folder '{folder}' does not exist",
            option=option,
            path=path,
            folder=path.parent,
        )
    if path.is_dir():
        return _("{option} {path}: is a folder, not a file", option=option, path=path)
    return None
