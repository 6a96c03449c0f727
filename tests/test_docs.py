"""Every `python` block of the docs runs (issue 24: the docs cannot drift), with the Kuhn poker
example installed as a designer would (its package on the path, its game registered), and the
public engine API that docs/new-game.md lists exists and is all the example and the
`rulebook new` game import."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.cli import template

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").rglob("*.md"))
EXAMPLE = ROOT / "examples" / "kuhn_poker"
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.DOTALL | re.MULTILINE)

# What `pip install -e examples/kuhn_poker` does, in a fresh interpreter: registering the
# example in this one would add it to every game list the other tests check.
PREAMBLE = f"""
import sys
sys.path.insert(0, {str(EXAMPLE / "src")!r})
from rulebook.engine.game import register
register("kuhn-poker", "kuhn_poker.game:KuhnPoker")
"""


def run_with_example(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a new interpreter with the example installed; its output."""
    return subprocess.run(
        [sys.executable, "-c", PREAMBLE + code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def blocks(path: Path, language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(path.read_text()) if lang == language]


def test_the_new_game_page_has_blocks_that_run() -> None:
    assert len(blocks(ROOT / "docs" / "new-game.md", "python")) >= 6


RUN_BLOCKS = """
import re
from pathlib import Path
path = Path({path!r})
found = re.findall(r"^```(\\w*)\\n(.*?)^```", path.read_text(), re.DOTALL | re.MULTILINE)
namespace = {{"__name__": "docs"}}
bodies = [body for lang, body in found if lang == "python"]
for number, body in enumerate(bodies, start=1):
    exec(compile(body, f"{{path.name}} block {{number}}", "exec"), namespace)
print("ran", len(bodies))
"""


@pytest.mark.parametrize("path", [p for p in DOCS if blocks(p, "python")], ids=lambda p: p.name)
def test_every_python_block_runs(path: Path) -> None:
    done = run_with_example(RUN_BLOCKS.format(path=str(path)))
    assert done.returncode == 0, done.stderr  # a failing assert names the file and block
    assert f"ran {len(blocks(path, 'python'))}" in done.stdout


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
