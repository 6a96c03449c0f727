"""``python -m rulebook.cli``."""

from rulebook.cli import main

main()
