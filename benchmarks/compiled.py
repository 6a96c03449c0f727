"""Does a compiled path pay? Compile the hot modules in a scratch copy and count (issue 21).

Run: ``.venv/bin/python benchmarks/compiled.py [--compiler cython|mypyc] [--game SLUG]
[--decisions N] [--keep DIR]`` (needs gcc and valgrind; ``pip install cython`` for Cython,
mypy's own mypyc otherwise). The package is copied to a scratch folder and compiled there,
never next to the working tree's .py files (a stale .so would shadow them). The compiled copy
must give the same transcript as the source (``benchmarks/transcript.py``, byte for byte),
then ``benchmarks/instructions.py`` counts instructions a decision under callgrind for both.

Cython compiles the modules as they are (its classes stay ordinary Python classes). mypyc
needs each class of a game's module marked non-native (``@mypyc_attr(native_class=False)``,
added in the copy only): the game states are mixins of one State, which native classes
cannot be; and it cannot compile ``engine/state.py`` (a conditional ``__slots__`` in the
class body, property setters), ``the_game/view.py`` (a nested function in a non-native
class's method: an internal mypyc error) nor modules that declare State fields by annotation
(mypyc keeps ``list`` of ``list[int]``, so the field's shape is lost), so its default set is
The GAME's rule modules and the search. docs/search.md has the figures.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ("state", "random", "zones", "events", "actions", "fields", "game", "decisions")
ENGINE += ("outcome",)
MYPYC_GAME = ("turn", "sets", "specials", "pleasures", "spending", "table_state", "setup")
# content loading, not the hot path; Cython 3.3.1 miscompiles The GAME's cards.py
# ("TypeError: Expected tuple, got CardType" in parse)
SKIP = ("__init__.py", "cards.py")
SETUP = """
import os
from setuptools import setup
modules = os.environ["COMPILE"].split()
if os.environ["COMPILER"] == "mypyc":
    from mypyc.build import mypycify
    # separate: each module its own extension, so interpreted subclasses are type-checked
    # as subclasses (whole-program mode assumes every subclass is compiled)
    ext = mypycify(modules, separate=True)
else:
    from Cython.Build import cythonize
    from setuptools import Extension
    # named explicitly: rulebook.engine is a namespace package (Cython would name it "random")
    named = [Extension(m[:-3].replace("/", "."), [m]) for m in modules]
    # annotation_typing off: Cython would otherwise reject a tuple subclass (a NamedTuple)
    # passed where a function's annotation says tuple
    directives = {"annotation_typing": False}
    ext = cythonize(named, language_level=3, nthreads=2, quiet=True, compiler_directives=directives)
setup(name="compiled-copy", ext_modules=ext, script_args=["build_ext", "--inplace", "-j2"])
"""


def modules(compiler: str, games: list[str]) -> list[str]:
    """The modules to compile, as paths under src/."""
    if compiler == "mypyc":
        found = [f"rulebook/games/the_game/{m}.py" for m in MYPYC_GAME]
        return [*found, "rulebook/agents/ismcts.py"]
    found = [f"rulebook/engine/{m}.py" for m in ENGINE] + ["rulebook/agents/ismcts.py"]
    for slug in games:
        folder = ROOT / "src" / "rulebook" / "games" / slug.replace("-", "_")
        found += [
            str(p.relative_to(ROOT / "src"))
            for p in sorted(folder.glob("*.py"))
            if p.name not in SKIP
        ]
    return found


def mark_non_native(path: Path) -> None:
    """mypyc: every class of the module an ordinary Python class (in the copy only)."""
    text = re.sub(
        r"^class ", "@mypyc_attr(native_class=False)\nclass ", path.read_text(), flags=re.M
    )
    future = "from __future__ import annotations\n"
    text = text.replace(future, future + "\nfrom mypy_extensions import mypyc_attr\n", 1)
    path.write_text(text)


def build(compiler: str, copy: Path, paths: list[str]) -> float:
    """Compile ``paths`` in the copy; seconds taken."""
    if compiler == "mypyc":
        for p in paths:
            if "/games/" in p:  # the search's classes stay native (one base each)
                mark_non_native(copy / p)
    env = {**os.environ, "COMPILE": " ".join(paths), "COMPILER": compiler}
    start = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-c", SETUP], cwd=copy, env=env, capture_output=True, text=True
    )
    if run.returncode:
        raise SystemExit(f"{compiler} failed:\n{(run.stdout + run.stderr)[-3000:]}")
    return time.perf_counter() - start


def output(command: list[str], copy: Path | None) -> str:
    """A benchmark's output, run on the source (None) or on the compiled copy."""
    env = dict(os.environ)
    if copy is not None:
        env["PYTHONPATH"] = str(copy)
    run = subprocess.run(
        [sys.executable, *command], env=env, capture_output=True, text=True, cwd=ROOT
    )
    if run.returncode:
        where = "the compiled copy" if copy else "the source"
        raise SystemExit(f"{' '.join(command)} failed on {where}:\n{run.stderr[-2000:]}")
    return run.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--compiler", choices=("cython", "mypyc"), default="cython")
    parser.add_argument("--game", action="append", help="a game slug (repeatable)")
    parser.add_argument("--decisions", type=int, default=2000)
    parser.add_argument("--keep", type=Path, help="compile in this folder and keep it")
    args = parser.parse_args()
    games = args.game or ["the-game", "solo-bound-female"]
    scratch = args.keep or Path(tempfile.mkdtemp(prefix="rulebook-compiled-"))
    copy = scratch / "src"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(ROOT / "src", copy, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    try:
        paths = modules(args.compiler, games)
        seconds = build(args.compiler, copy, paths)
        print(f"{args.compiler}: {len(paths)} modules compiled in {seconds:.0f} s")
        transcript = ["benchmarks/transcript.py", "--games", "2"]
        same = output(transcript, None) == output(transcript, copy)
        print("transcript:", "identical" if same else "DIFFERENT")
        count = ["benchmarks/instructions.py", "--decisions", str(args.decisions)]
        for slug in games:
            count += ["--game", slug]
        print("source:\n" + output(count, None) + "compiled:\n" + output(count, copy), end="")
    finally:
        if args.keep is None:
            shutil.rmtree(scratch)


if __name__ == "__main__":
    main()
