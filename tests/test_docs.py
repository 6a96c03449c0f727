"""Every `python` block of the docs runs (issue 24: the docs cannot drift), with the Kuhn poker
example installed as a designer would (its package on the path, its game registered), and the
public engine API that docs/new-game.md lists exists and is all the example and the
`rulebook new` game import."""

from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path

import pytest

from rulebook.cli import template
from rulebook.engine.game import register

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").rglob("*.md"))
EXAMPLE = ROOT / "examples" / "kuhn_poker"
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.DOTALL | re.MULTILINE)

sys.path.insert(0, str(EXAMPLE / "src"))  # what `pip install -e examples/kuhn_poker` does
register("kuhn-poker", "kuhn_poker.game:KuhnPoker")


def blocks(path: Path, language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(path.read_text()) if lang == language]


def test_the_new_game_page_has_blocks_that_run() -> None:
    assert len(blocks(ROOT / "docs" / "new-game.md", "python")) >= 6


@pytest.mark.parametrize("path", [p for p in DOCS if blocks(p, "python")], ids=lambda p: p.name)
def test_every_python_block_runs(path: Path) -> None:
    namespace: dict[str, object] = {"__name__": f"docs_{path.stem}"}
    for number, body in enumerate(blocks(path, "python"), start=1):
        code = compile(body, f"{path.name} block {number}", "exec")
        exec(code, namespace)  # a failing assert names the file and block


def public_api() -> dict[str, set[str]]:
    """docs/new-game.md's table: module -> names."""
    text = (ROOT / "docs" / "new-game.md").read_text()
    api: dict[str, set[str]] = {}
    for module, names in re.findall(r"^\| `(rulebook\.[\w.]+)` \| (.+) \|$", text, re.MULTILINE):
        api[module] = set(re.findall(r"`(\w+)`", names))
    return api


def test_the_public_api_exists() -> None:
    api = public_api()
    assert len(api) >= 10
    for module, names in api.items():
        loaded = importlib.import_module(module)
        assert all(hasattr(loaded, name) for name in names), module


def imported(source: str) -> set[tuple[str, str]]:
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rulebook"):
            found |= {(node.module or "", alias.name) for alias in node.names}
    return found


def test_the_example_and_the_new_game_use_only_the_public_api() -> None:
    api = public_api()
    sources = [p.read_text() for p in EXAMPLE.rglob("*.py")]
    sources += [template.render(text, "high-card") for text in template.FILES.values()]
    uses = set().union(*(imported(s) for s in sources if s.lstrip().startswith(('"""', "from"))))
    assert uses, "no rulebook imports found"
    private = sorted(f"{m}.{n}" for m, n in uses if n not in api.get(m, set()))
    assert private == []
