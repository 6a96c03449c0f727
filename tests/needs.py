"""What the test suite needs from the machine, in one place: a Chromium for the browser tests,
tmux for the terminal-screen tests and a Japanese font (fonts-noto-cjk) so screenshots show
real glyphs. `make test` and `.ci/run` run this first (`python3 -m tests.needs`): as root with
apt-get it installs what is missing; otherwise it stops with one line saying what to install.
The browser tests find Chromium here too. Standard library only: it runs before the venv."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

ENV = "RULEBOOK_CHROMIUM"
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
APT = {"chromium": "chromium", "tmux": "tmux", "a Japanese font": "fonts-noto-cjk"}


def chromium() -> str | None:
    """The browser to drive: $RULEBOOK_CHROMIUM when set, else the first of BROWSERS on PATH."""
    wanted = os.environ.get(ENV)
    if wanted:
        return wanted if os.path.isfile(wanted) and os.access(wanted, os.X_OK) else None
    return next(filter(None, map(shutil.which, BROWSERS)), None)


def has_japanese_font() -> bool:
    if not shutil.which("fc-list"):
        return False
    found = subprocess.run(["fc-list", ":lang=ja", "family"], capture_output=True, text=True)
    return found.returncode == 0 and bool(found.stdout.strip())


def missing() -> list[str]:
    """What is not there, by the name apt-get knows it under."""
    checks = {
        "chromium": chromium() is not None,
        "tmux": shutil.which("tmux") is not None,
        "a Japanese font": has_japanese_font(),
    }
    return [APT[need] for need, ok in checks.items() if not ok]


def advice(packages: list[str]) -> str:
    """The one line that says what to install."""
    names = " ".join(packages)
    line = f"the tests need {', '.join(packages)}: install them (apt-get install {names})"
    if "chromium" in packages:
        wanted = os.environ.get(ENV)
        problem = f" ({ENV}={wanted} is not an executable file)" if wanted else ""
        line += f" or set {ENV} to a Chromium or Chrome{problem}"
    return line


def can_install() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get") is not None


def install(packages: list[str]) -> bool:
    print(f"installing for the tests: {' '.join(packages)} (apt-get)", flush=True)
    quiet = {"stdout": subprocess.DEVNULL}
    updated = subprocess.run(["apt-get", "update", "-qq"], check=False, **quiet)
    if updated.returncode != 0:
        return False
    command = ["apt-get", "install", "-y", "-qq", *packages]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    done = subprocess.run(command, check=False, env=env, **quiet)
    return done.returncode == 0


def main() -> int:
    needed = missing()
    if needed and can_install() and install(needed):
        needed = missing()
    if needed:
        print(advice(needed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
