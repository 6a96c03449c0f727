"""The decision screen at the terminal: it fits the console (80×24 and up) with the status,
what just happened and every option, and keeps the rest one key away (the full table, the
whole log, card texts), so nothing a person needs scrolls out of sight."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.segment import Segment, Segments
from rich.table import Table
from rich.text import Text

from rulebook.cli.autotable import default_table
from rulebook.engine.frontend import Frontend
from rulebook.i18n import N_, _

HELP = N_(
    "Type an option's number and Enter. Also:\n"
    "  t    the whole table\n"
    "  l    everything that happened so far (the log)\n"
    "  c    the full text of every card you can see\n"
    "  ? N  what option N does: its full text and its cards' texts\n"
    "  m    more options, when they take several pages\n"
    "Ctrl-C offers to save the game. Ctrl-D ends it: with --save, kept in that\n"
    "file; else offered to save as with Ctrl-C."
)
LEAST_HAPPENED = 2  # lines of what just happened the table gives way to


class DecisionScreen:
    """One seat's decision, drawn to fit ``console`` and asked until answered."""

    def __init__(self, console: Console, game: Any, front: Frontend) -> None:
        self.console, self.game, self.front = console, game, front
        self.preface = ""  # said once, at the top of the next screen (the content notice)

    # ------------------------------------------------------------------ asking
    def decide(
        self,
        view: dict[str, Any],
        role: str,
        options: Sequence[str],
        happened: Sequence[str],
        log: Sequence[str],
    ) -> int:
        """The index of the option chosen; the keys for more detail are answered in place."""
        page = 0
        while True:
            pages = self.draw(view, role, options, happened, page)
            prompt = self.prompt(role, len(options), pages > 1)
            while True:
                answer = self.console.input(prompt, markup=False).strip().lower()
                if answer.isdigit() and 1 <= int(answer) <= len(options):
                    self.preface = ""
                    return int(answer) - 1
                if answer in ("t", "l", "c", "h", "?", "m") or answer.startswith("?"):
                    break
                ask = (  # one option: "from 1 to 1" read as a typo, as "choose 1-1" did
                    _("Please enter 1")
                    if len(options) == 1
                    else _("Please enter a number from 1 to {count}", count=len(options))
                )
                self.console.print(
                    f"[red]{escape(ask)}[/] " + escape(_("(or t, l, c, ? N; h for help)."))
                )
            if answer == "m":
                page = (page + 1) % pages
            elif answer == "t":
                self.page(self.full_table(view))
            elif answer == "l":
                said = "\n".join(f"· {t}" for t in log) or _("Nothing has happened yet.")
                self.page(Text(said))
            elif answer == "c":
                self.page(self.card_texts(view, None))
            elif answer.startswith("?") and answer[1:].strip().isdigit():
                number = int(answer[1:].strip())
                if 1 <= number <= len(options):
                    self.page(self.explain(view, options[number - 1], number))
                else:
                    self.page(Text(_("There is no option {number}.", number=number)))
            else:
                self.page(Text(_(HELP)))

    def prompt(self, role: str, count: int, paged: bool) -> str:
        if paged:
            return _(
                "{role}, choose 1-{count} (t table, l log, c cards, ? N, m more, h help): ",
                role=role,
                count=count,
            )
        if count == 1:  # one option: "choose 1-1" read as a typo
            return _("{role}, choose 1 (t table, l log, c cards, ? N, h help): ", role=role)
        return _(
            "{role}, choose 1-{count} (t table, l log, c cards, ? N, h help): ",
            role=role,
            count=count,
        )

    # ------------------------------------------------------------------ the screen
    def draw(
        self,
        view: dict[str, Any],
        role: str,
        options: Sequence[str],
        happened: Sequence[str],
        page: int,
    ) -> int:
        """Print the screen (the table, then what happened, then the options) in the console's
        height less the prompt line; the number of option pages."""
        height, width = self.console.height, self.console.width
        preface = self.lines(Text.from_markup(self.preface), width) if self.preface else []
        room = height - 1 - len(preface)
        table = self.lines(self.table(view), width)
        said = [] if self.front.shows_latest else list(happened)
        least = min(len(said), LEAST_HAPPENED)
        keep = min(len(table), max(room // 2, 4))  # the table's share when options are many
        block, pages = self.options_block(options, room - keep - least, page, width)
        opts = self.lines(block, width)
        spare = room - len(opts) - least
        if len(table) > spare:
            table = table[: max(spare - 1, 0)] + self.lines(
                Text(_("… (t shows the whole table)"), style="dim"), width
            )
        shown = self.latest(said, room - len(opts) - len(table), width)
        if self.console.is_terminal:
            self.console.clear()
        self.emit(preface)
        self.emit(table)
        self.emit(shown)
        self.emit(opts)
        return pages

    def table(self, view: dict[str, Any]) -> RenderableType:
        draw = self.front.compact or self.front.render or default_table
        return draw(self.game, view)

    def full_table(self, view: dict[str, Any]) -> RenderableType:
        draw = self.front.render or self.front.compact or default_table
        return draw(self.game, view)

    def options_block(
        self, options: Sequence[str], room: int, page: int, width: int
    ) -> tuple[RenderableType, int]:
        """The options in one column when they fit, else in two, else two columns a page."""
        numbered = [f"{n:>2}. {text}" for n, text in enumerate(options, start=1)]
        single = Group(*(Text(o) for o in numbered))
        if len(self.lines(single, width)) <= max(room, 1):
            return single, 1
        rows = max(room, 3)
        per_page = 2 * rows
        pages = -(-len(numbered) // per_page)
        chunk = numbered[page * per_page : (page + 1) * per_page]
        half = -(-len(chunk) // 2)
        grid = Table.grid(padding=(0, 1))
        column = (width - 1) // 2
        grid.add_column(width=column, no_wrap=True, overflow="ellipsis")
        grid.add_column(width=column, no_wrap=True, overflow="ellipsis")
        for i in range(half):
            right = chunk[half + i] if half + i < len(chunk) else ""
            grid.add_row(Text(chunk[i]), Text(right))
        if pages > 1:
            return Group(grid), pages
        return grid, 1

    def latest(self, said: Sequence[str], room: int, width: int) -> list[list[Segment]]:
        """The latest things that happened, as many as fit in ``room`` lines."""
        out: list[list[Segment]] = []
        for number, text in enumerate(reversed(said)):
            style = "" if number == 0 else "dim"
            lines = self.lines(Text(f"· {text}", style=style), width)
            if len(out) + len(lines) > room:
                if not out and room > 0:  # the latest alone is too long: its first lines
                    out = lines[:room]
                break
            out = lines + out
        return out

    # ------------------------------------------------------------------ detail on request
    def card_texts(self, view: dict[str, Any], named_in: str | None) -> RenderableType:
        if self.front.card_texts is None:  # a game whose cards are only their names
            return Text(_("This game's cards have no text beyond their names."))
        texts = self.front.card_texts(self.game, view)
        if named_in is not None:
            texts = [(name, text) for name, text in texts if _names(named_in, name)]
        if not texts:
            return Text(_("No card text to show here.") if named_in else _("No cards to show."))
        seen: set[str] = set()
        out = []
        for name, text in texts:
            if name not in seen:
                seen.add(name)
                out.append(_("{name}: {text}", name=f"[bold]{escape(name)}[/]", text=escape(text)))
        return Text.from_markup("\n".join(out))

    def explain(self, view: dict[str, Any], option: str, number: int) -> RenderableType:
        cards = self.card_texts(view, option)
        return Group(Text(f"{number}. {option}", style="bold"), cards)

    def page(self, renderable: RenderableType) -> None:
        """Show ``renderable`` a screenful at a time; Enter goes on, q goes back."""
        height, width = self.console.height, self.console.width
        lines = self.lines(renderable, width)
        step = max(height - 1, 1)
        for start in range(0, len(lines), step):
            if self.console.is_terminal:
                self.console.clear()
            self.emit(lines[start : start + step])
            last = start + step >= len(lines)
            ask = _("Enter: back to your decision ") if last else _("Enter: more, q: back ")
            if self.console.input(ask, markup=False).strip().lower() == "q" or last:
                return

    # ------------------------------------------------------------------ rendering
    def lines(self, renderable: RenderableType, width: int) -> list[list[Segment]]:
        options = self.console.options.update(width=width)
        return self.console.render_lines(renderable, options, pad=False)

    def emit(self, lines: list[list[Segment]]) -> None:
        if not lines:
            return
        segments: list[Segment] = []
        for line in lines:
            segments.extend(line)
            segments.append(Segment.line())
        self.console.print(Segments(segments), end="")


def _names(option: str, name: str) -> bool:
    """Whether ``option`` names the card ``name`` (as a whole word or words)."""
    if not name.isascii():  # Japanese runs words together: no word boundary to look for
        return name in option
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", option) is not None
