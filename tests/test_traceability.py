"""docs/rules/<slug>.md stays true: every rule row names tests, and every named test exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs" / "rules").glob("*.md"))
TESTS = {
    m
    for path in (ROOT / "tests").rglob("test_*.py")
    for m in re.findall(r"^def (test_\w+)", path.read_text(), re.M)
}
SWITCHES = re.compile(r"`([a-z_]+)=[^`]*`")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.stem)
def test_every_rule_row_names_existing_tests(doc: Path) -> None:
    rows = [line for line in doc.read_text().splitlines() if re.match(r"\| [A-Z]{2}-\d+ \|", line)]
    assert rows, f"{doc.name} lists no rule items"
    for row in rows:
        names = re.findall(r"`(?:[\w/]+\.py::)?(test_\w+)(…)?", row)
        assert names, f"{doc.name}: rule row without a test: {row[:60]}"
        for name, abbreviated in names:
            found = any(t.startswith(name) for t in TESTS) if abbreviated else name in TESTS
            assert found, f"{doc.name}: no test named {name}{abbreviated}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.stem)
def test_every_switch_in_the_register_is_a_real_config_field(doc: Path) -> None:
    import dataclasses

    import rulebook

    fields = {f.name for f in dataclasses.fields(rulebook.load(doc.stem).config)}
    register = doc.read_text().split("## Ambiguity register", 1)[1]
    named = set(SWITCHES.findall(register))
    assert named and named <= fields, f"{doc.name}: unknown switches {named - fields}"
