"""One game at the terminal (``rulebook play`` starts it): whose turn, each seat's log, the
AI's moves at their pace, hot-seat handovers, saving on the way out."""

from __future__ import annotations

import os
import select
import shlex
import shutil
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from rulebook.agents import make_agent
from rulebook.cli.app import ask, console, print_outcome, same_file
from rulebook.cli.autotable import default_table
from rulebook.cli.saves import is_save_file, write_save
from rulebook.cli.screen import DecisionScreen
from rulebook.engine.errors import SaveFileError
from rulebook.engine.events import Event
from rulebook.engine.game import Game
from rulebook.engine.state import State
from rulebook.i18n import _


class TableSession:
    """One game at the terminal: seats, the per-seat log, saving."""

    def __init__(
        self,
        game: Game,
        state: State,
        seats: list[str],
        save: Path | None,
        profile: Any = None,
        profile_choice: dict[str, Any] | None = None,
        pace: float = 0.0,
    ) -> None:
        self.game, self.state, self.seats, self.save = game, state, seats, save
        self.profile = profile if not state.is_over() else None  # record a game only once
        self.profile_choice = profile_choice  # written into saves (resumes record there)
        self.pace = pace
        self.skipping = False  # Enter pressed while an AI moved: no pauses until a person acts
        self.front = type(game).frontend()
        self.agents = {
            seat: make_agent(name, game, seat, state.seed)
            for seat, name in enumerate(seats)
            if name != "human"
        }
        self.log: list[Event] = []
        self.humans = [s for s, name in enumerate(seats) if name == "human"]
        self.last_human: int | None = None
        self.seen = dict.fromkeys(self.humans, 0)  # how much of the log each person has read
        self.screen = DecisionScreen(console, game, self.front)

    def role(self, seat: int) -> str:
        return self.game.role_words(seat)

    def run(self) -> None:
        if self.game.content_notice:
            said = _(self.game.content_notice)  # a designer's own, in no catalog: as written
            notice = f"[yellow]{escape(_('Content notice:'))}[/] {escape(said)}"
            if self.humans:  # on the first decision screen (a terminal is cleared for it)
                self.screen.preface = notice
            else:
                console.print(notice + "\n")
        while not self.state.is_over():
            seat = self.state.to_move
            assert seat is not None
            if seat in self.agents:
                self.apply(int(self.agents[seat].act(self.state.infoset(seat))))
                self.wait()
            else:
                self.human_turn(seat)
        self.finish()

    def wait(self) -> None:
        """Pace an AI's moves so a person can follow them; Enter skips to the next decision
        a person makes (only at a real terminal: scripted input never waits). Ctrl-D here
        ends the game as it does at a prompt (readline's '' is end of input, not Enter)."""
        if self.pace <= 0 or self.skipping or self.state.is_over() or not sys.stdin.isatty():
            return
        ready, _, _ = select.select([sys.stdin], [], [], self.pace)
        if ready:
            if not sys.stdin.readline():
                raise EOFError
            self.skipping = True

    def apply(self, action_id: int) -> None:
        events = self.state.apply(action_id)
        self.log.extend(events)
        if self.streams() or not self.humans:
            watcher = self.humans[0] if self.humans else None
            for event in events:
                text = event.read(watcher)
                if text:
                    console.print(f"  · {escape(text)}")
        if self.save is not None:
            self.write(self.save)

    def streams(self) -> bool:
        """Whether an AI's moves are printed as they happen: only while one person watches
        them at a paced terminal. Otherwise the decision screen says what happened."""
        return (
            len(self.humans) == 1
            and self.state.to_move not in self.humans
            and self.pace > 0
            and not self.skipping
            and console.is_terminal
        )

    def write(self, path: Path) -> None:
        write_save(path, self.state, self.seats, self.profile_choice)

    def human_turn(self, seat: int) -> None:
        if len(self.humans) > 1:
            if self.last_human is not None and self.last_human != seat:
                self.before_passing(self.last_human)
            if self.last_human != seat:
                wipe(console)
                passing = _("Pass the device to {player}", player=self.role(seat))
                console.input(
                    f"[bold]{escape(passing)}[/] "
                    + escape(_("and press Enter when only they can see the screen… "))
                )
                wipe(console)
        self.last_human = seat
        self.skipping = False
        happened = self.texts(seat, self.seen[seat])
        self.seen[seat] = len(self.log)
        actions = self.state.legal_actions()
        chosen = self.screen.decide(
            self.state.view(seat),
            self.role(seat),
            [self.game.action_text(self.state, action) for action in actions],
            happened,
            self.texts(seat, 0),
        )
        self.apply(actions[chosen].id)

    def recall(self) -> None:
        """A resumed game's log, replayed from its seed: each person's screen says what
        happened from their own last move on (their Ask, the others' replies), and the log
        key shows the whole game, as if they had never left the table."""
        s = self.state
        again = self.game.new_state(
            s.seed, s.players, s.stack, list(s.dice) or None, events=self.log
        )
        for action in s.history:
            if again.to_move in self.seen:  # as at the table: read up to their own move
                self.seen[again.to_move] = len(self.log)
            self.log.extend(again.apply(action))

    def texts(self, seat: int, start: int) -> list[str]:
        """What ``seat`` may read of the log from ``start`` on."""
        return [text for event in self.log[start:] if (text := event.read(seat))]

    def before_passing(self, seat: int) -> None:
        """Hot-seat: how ``seat``'s turn went, with what only it may read (the cards it drew),
        shows before the screen is wiped for the next person, who must not see it."""
        texts = [t for e in self.log[self.seen[seat] :] if (t := e.read(seat))]
        self.seen[seat] = len(self.log)
        if texts:
            for text in texts[-12:]:
                console.print(f"  · {escape(text)}")
            console.input(escape(_("Press Enter to clear the screen before passing the device… ")))

    def finish(self) -> None:
        if len(self.humans) == 1 and not self.streams():  # how the game ended, in words
            seat = self.humans[0]
            for text in self.texts(seat, self.seen[seat])[-(console.height // 2) :]:
                console.print(f"  · {escape(text)}")
        console.print()
        if self.front.summary is not None:
            console.print(self.front.summary(self.game, self.state.view(None)))
        elif self.front.render is None and self.front.compact is None:
            console.print(default_table(self.game, self.state.view(None), with_status=False))
        print_outcome(self.state)
        if self.profile is not None:
            self.profile.record_game(self.state)
            console.print(escape(_("Profile updated: {path}", path=self.profile.path)))
        elif self.profile_choice is not None and not self.profile_choice["enabled"]:
            # what the summary says of the envelope holds for the rules, not for a profile
            console.print(escape(_("No profile: nothing of this game is kept for the next.")))

    def offer_save(self) -> None:
        """Ctrl-C: save where the player says; an existing file is overwritten only when they
        confirm, and a path that cannot be written or is not to be overwritten asks again for
        another, where an empty answer (or n) saves nothing (Ctrl-C again: not saved)."""
        console.print()
        try:
            answer = ask(_("Save the game in progress? [Y/n] ")).lower()
            if declines(answer):
                console.print(self.not_saved(), soft_wrap=True)
                return
            default = self.save or default_save_path(self.game.slug)
            given = ask(_("Save to [{path}]: ", path=default))
            while True:
                if declines(given):  # a change of mind, not a file named n
                    console.print(self.not_saved(), soft_wrap=True)
                    return
                path = Path(given).expanduser() if given else default
                if self.may_write(path):
                    try:
                        self.write(path)
                        break
                    except SaveFileError as exc:
                        again = escape(_("; try another path."))
                        console.print(f"[red]{escape(str(exc))}[/]" + again)
                given = ask(_("Save to another path (Enter: do not save): "))
                if not given:
                    console.print(self.not_saved(), soft_wrap=True)
                    return
        except (KeyboardInterrupt, EOFError):
            console.print("\n" + self.not_saved(), soft_wrap=True)
            return
        saved = _("Saved. Resume with: {command}", command=resume_command(path))
        console.print(escape(saved), soft_wrap=True)

    def end_of_input(self) -> None:
        """Input ended at a prompt (Ctrl-D, or a script's input ran out): the player is
        leaving, not interrupting (Ctrl-C's code 130). With --save the game is already in its
        file, and one line says so; at a terminal without it, the offer to save that Ctrl-C
        makes (a second Ctrl-D declines it); with input that is no terminal, one line."""
        console.print()
        if self.save is not None:
            said = _(
                "Input ended: the game is kept in {path} as of the last move. "
                "Resume with: {command}",
                path=self.save,
                command=resume_command(self.save),
            )
            console.print(escape(said), soft_wrap=True)
        elif sys.stdin.isatty():
            self.offer_save()
        else:
            said = _("Input ended: the game is not saved (--save FILE keeps a game as it goes).")
            console.print(escape(said), soft_wrap=True)

    def not_saved(self) -> str:
        """What is true when the player declines: with --save the game is still in that file."""
        if self.save is None:
            return escape(_("Not saved."))
        return escape(
            _(
                "Kept in {path} as of the last move (--save). Resume with: {command}",
                path=self.save,
                command=resume_command(self.save),
            )
        )

    def may_write(self, path: Path) -> bool:
        """Whether to write the save at ``path``: asks before replacing another file."""
        if path.is_dir():
            console.print(
                f"[red]{escape(_('{path} is a directory', path=path))}[/]"
                + escape(_("; try another path."))
            )
            return False
        if not path.exists() or (self.save is not None and same_file(path, self.save)):
            return True
        if is_save_file(path):
            question = _("{path} exists (a saved game). Overwrite it? [y/N] ", path=path)
        else:
            question = _(
                "{path} exists (a file that is not a saved game). Overwrite it? [y/N] ", path=path
            )
        return ask(question).lower() in ("y", "yes", _("y"), _("yes"))


def declines(answer: str) -> bool:
    """``n`` or ``no``, in English or the reader's language."""
    return answer.lower() in ("n", "no", _("n").lower(), _("no").lower())


def default_save_path(slug: str) -> Path:
    """Where a save goes unless the player names a file: the game and the local time, never
    the seed (in hot-seat play the seed gives away every hidden card), never a file that is
    already there (``-2``, ``-3``… added)."""
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M")
    path, number = Path(f"{slug}-{stamp}.save.json"), 1
    while path.exists():
        number += 1
        path = Path(f"{slug}-{stamp}-{number}.save.json")
    return path


def program() -> str:
    """How to run this command again from here: ``rulebook`` when that is on PATH, else the
    path it was started by (``.venv/bin/rulebook`` under ``make play``), else the module."""
    started = sys.argv[0] if sys.argv else ""
    if Path(started).name == "rulebook":
        found = shutil.which("rulebook")
        if found and same_file(Path(found), Path(started)):
            return "rulebook"
        if os.sep in started:
            return shlex.quote(started)
    return f"{shlex.quote(sys.executable)} -m rulebook.cli"


def resume_command(path: Path) -> str:
    return f"{program()} play --resume {shlex.quote(str(path))}"


def wipe(screen: Console) -> None:
    """Clear the screen, then its scrollback (ESC [3J): in hot-seat play the next person must
    not be able to scroll up to the last one's hand. The order matters: tmux
    (``scroll-on-clear``), VTE and others keep a cleared screen in the scrollback, so a
    scrollback cleared first gets the screen back."""
    screen.clear()
    if screen.is_terminal:
        screen.file.write("\x1b[3J")
        screen.file.flush()
