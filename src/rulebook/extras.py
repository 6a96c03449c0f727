"""The one pip command that adds an optional extra to the rulebook that is running.

A checkout installed editable (``pip install -e .``, as the Makefile does) must be told to
install the extra from that checkout: ``pip install 'rulebook[web]'`` would fetch another
rulebook from the package registry instead.
"""

from __future__ import annotations

import json
import shlex
import sys
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path
from urllib.parse import unquote, urlparse

from rulebook.i18n import N_, _

MISSING_EXTRA = N_("{what} needs the optional extra '{extra}': {command}")


def checkout() -> str | None:
    """The folder rulebook is installed editable from, or None (a plain install)."""
    try:
        text = distribution("rulebook").read_text("direct_url.json")
    except PackageNotFoundError:
        return None
    if not text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    url = data.get("url", "") if isinstance(data, dict) else ""
    editable = isinstance(data, dict) and data.get("dir_info", {}).get("editable") is True
    if not editable or not url.startswith("file://"):
        return None
    return unquote(urlparse(url).path)


def missing_extra(what: str, extra: str) -> str:
    """One line: ``what`` needs ``extra``, and the pip command that installs it here (a
    bare ``pip install -e '.[extra]'`` works only from inside the checkout)."""
    return _(MISSING_EXTRA, what=what, extra=extra, command=install_hint(extra))


def environment() -> tuple[str, str, str]:
    """The commands of the environment running rulebook: its ``python``, ``pip`` and
    ``rulebook``, by path when it is a virtual environment that may not be activated (a bare
    ``pip`` there is the system's, which installs where rulebook cannot see), else bare."""
    here = Path(sys.executable).parent
    if not (here / "rulebook").exists():  # rulebook is on PATH as it is
        return "python", "pip", "rulebook"
    python = shlex.quote(sys.executable)  # a path with spaces, quoted
    return python, f"{python} -m pip", shlex.quote(str(here / "rulebook"))


def install_hint(extra: str) -> str:
    """``pip install -e '/path/to/checkout[extra]'`` for an editable install, else
    ``pip install 'rulebook[extra]'``; this environment's pip."""
    pip = environment()[1]
    folder = checkout()
    if folder is not None:
        return f"{pip} install -e {shlex.quote(f'{folder}[{extra}]')}"
    return f"{pip} install {shlex.quote(f'rulebook[{extra}]')}"
