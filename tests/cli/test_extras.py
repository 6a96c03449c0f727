"""A missing extra names the pip command that installs it into this rulebook: from the
checkout when rulebook is installed editable (the registry would give another rulebook)."""

from __future__ import annotations

import socket
import sys
from importlib.metadata import PackageNotFoundError
from pathlib import Path

import pytest

from rulebook import extras
from tests.cli.helpers import assert_one_line_error, run

ROOT = Path(__file__).resolve().parents[2]
# the suite's own venv is not activated by `make test`: the hint names its pip by path (a
# bare `pip` would be the system's)
PIP = f"{sys.executable} -m pip"


def test_serve_without_its_extra_names_the_editable_install_of_this_checkout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if the web extra were missing
    assert extras.checkout() == str(ROOT)  # the suite runs from an editable install
    assert_one_line_error(run("serve"), f"{PIP} install -e '{ROOT}[web]'")


def test_a_plain_install_is_told_the_registry_package(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> None:
        raise PackageNotFoundError(name)

    monkeypatch.setattr(extras, "distribution", missing)
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert_one_line_error(run("serve"), f"{PIP} install 'rulebook[web]'")


def test_the_research_commands_without_their_extra_name_this_checkouts_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "rulebook.rl.encoding", None)  # as if numpy were missing
    assert_one_line_error(run("rl", "describe", "the-game"), f"{PIP} install -e '{ROOT}[rl]'")


@pytest.mark.parametrize(
    ("module", "args", "said"),
    [
        (
            "optuna",
            ["tune", "the-game", "--vary", "hand-size=4..6", "--target", "balance"],
            "rulebook tune",
        ),
        ("ray", ["simulate", "the-game", "--games", "2", "--backend", "ray"], "--backend ray"),
        ("jinja2", ["sweep", "the-game", "--vary", "hand-size=4,5", "--out", "x.html"], "--out"),
    ],
)
def test_tune_ray_and_sweep_pages_name_this_checkouts_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, module: str, args: list[str], said: str
) -> None:
    """'.[tune]' works only from inside the checkout; the hint names its folder."""
    monkeypatch.setitem(sys.modules, module, None)
    monkeypatch.chdir(tmp_path)
    extra = {"optuna": "tune", "ray": "ray", "jinja2": "report"}[module]
    expected = f"{said} needs the optional extra '{extra}': {PIP} install -e '{ROOT}[{extra}]'"
    assert_one_line_error(run(*args), expected)


def test_serve_on_a_port_in_use_says_so_in_one_line_before_opening_anything(
    tmp_path: Path,
) -> None:
    """Another server on the port: one line naming it, exit 2, no database written and no
    "The table is open" (its address would lead to the other server)."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        db = tmp_path / "rooms.sqlite3"
        code, out, err = run("serve", "--port", str(port), "--db", str(db))
    assert_one_line_error((code, out, err), f"cannot listen on 127.0.0.1 port {port}")
    assert "open" not in out and not db.exists()
