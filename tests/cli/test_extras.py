"""A missing extra names the pip command that installs it into this rulebook: from the
checkout when rulebook is installed editable (the registry would give another rulebook)."""

from __future__ import annotations

import sys
from importlib.metadata import PackageNotFoundError
from pathlib import Path

import pytest

from rulebook import extras
from tests.cli.helpers import assert_one_line_error, run

ROOT = Path(__file__).resolve().parents[2]


def test_serve_without_its_extra_names_the_editable_install_of_this_checkout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if the web extra were missing
    assert extras.checkout() == str(ROOT)  # the suite runs from an editable install
    assert_one_line_error(run("serve"), f"pip install -e '{ROOT}[web]'")


def test_a_plain_install_is_told_the_registry_package(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> None:
        raise PackageNotFoundError(name)

    monkeypatch.setattr(extras, "distribution", missing)
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert_one_line_error(run("serve"), "pip install 'rulebook[web]'")


def test_the_research_commands_without_their_extra_name_this_checkouts_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "rulebook.rl.encoding", None)  # as if numpy were missing
    assert_one_line_error(run("rl", "describe", "the-game"), f"pip install -e '{ROOT}[rl]'")
