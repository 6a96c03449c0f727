"""Command-line usage errors (an unknown option or command, a missing argument, a value of the
wrong kind) in the reader's language.

typer's copy of Click words these in English and offers no catalog, and they happen while the
command line is parsed, before ``--lang`` is read. So the language is read from the arguments
first (:func:`language_asked`), and each kind of error is recognised from the exception's own
fields (its class, its parameter, the validation error behind a bad value) and worded again as
our message. A kind not recognised here keeps Click's English: never a crash, never a lost
line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from rulebook.i18n import _

Wording = Callable[[Any], "str | None"]


def language_asked(args: Sequence[str]) -> str | None:
    """The ``--lang CODE`` (or ``--lang=CODE``) of a command line, before Click parses it."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def usage_line(exc: Any) -> str:
    """The error, worded in the reader's language where its kind is known."""
    for wording in WORDINGS:
        said = wording(exc)
        if said is not None:
            return said
    return str(exc.format_message()).rstrip(".")


def _kind(exc: Any) -> str:
    return type(exc).__name__


def _hint(exc: Any) -> str | None:
    """The parameter as Click names it (``'--seed'``, ``'slug'``)."""
    param = getattr(exc, "param", None)
    if getattr(exc, "param_hint", None) is not None or param is None:
        return None
    hint: str = param.get_error_hint()
    return hint


def no_such_option(exc: Any) -> str | None:
    if _kind(exc) != "NoSuchOption" or exc.message != f"No such option: {exc.option_name}":
        return None
    if exc.option_name == "--players" and "--seat" in _options(exc):
        # play takes its player count from its seats (simulate's --players does not apply)
        return _(
            "No such option: --players (give one --seat per player, e.g. --seat human "
            "--seat heuristic --seat heuristic for three)"
        )
    if exc.possibilities:
        return _(
            "No such option: {option} (Possible options: {options})",
            option=exc.option_name,
            options=", ".join(sorted(exc.possibilities)),
        )
    return _("No such option: {option}", option=exc.option_name)


def _options(exc: Any) -> set[str]:
    """The option names of the command the error is about (none if unknown)."""
    command = getattr(getattr(exc, "ctx", None), "command", None)
    return {name for param in getattr(command, "params", ()) for name in param.opts}


def missing(exc: Any) -> str | None:
    hint = _hint(exc)
    if _kind(exc) != "MissingParameter" or hint is None or exc.message:
        return None
    if exc.param.param_type_name == "argument":
        return _("Missing argument {name}", name=hint)
    if exc.param.param_type_name == "option":
        return _("Missing option {name}", name=hint)
    return None


def bad_value(exc: Any) -> str | None:
    """A value typer's validation refused: the first problem pydantic names, by its type."""
    hint = _hint(exc)
    cause = exc.__cause__
    if _kind(exc) != "BadParameter" or hint is None or not hasattr(cause, "errors"):
        return None
    problems = cause.errors()
    problem = _problem(problems[0]) if problems else None
    if problem is None:
        return None
    return _("Invalid value for {name}: {problem}", name=hint, problem=problem)


def _problem(error: dict[str, Any]) -> str | None:
    value, bounds = error.get("input"), error.get("ctx") or {}
    match error.get("type"):
        case "int_parsing" | "int_from_float":
            return _("'{value}' is not a whole number", value=value)
        case "float_parsing":
            return _("'{value}' is not a number", value=value)
        case "greater_than_equal":
            return _("it must be at least {bound}", bound=bounds.get("ge"))
        case "greater_than":
            return _("it must be more than {bound}", bound=bounds.get("gt"))
        case "less_than_equal":
            return _("it must be at most {bound}", bound=bounds.get("le"))
        case "less_than":
            return _("it must be less than {bound}", bound=bounds.get("lt"))
    return None


# the rest carry only their English text: recognised by it (a changed wording keeps English)
_NEEDS_VALUE = re.compile(r"Option '(?P<option>[^']+)' requires an argument\.")
_TAKES_NO_VALUE = re.compile(r"Option '(?P<option>[^']+)' does not take a value\.")
_EXTRA = re.compile(r"Got unexpected extra argument\(s\) \((?P<args>.*)\)")
_NO_COMMAND = re.compile(r"No such command '(?P<name>[^']*)'\.(?: Did you mean (?P<close>.+)\?)?")


def worded_text(exc: Any) -> str | None:
    text = str(getattr(exc, "message", ""))
    if found := _NEEDS_VALUE.fullmatch(text):
        return _("Option {option} needs a value", option=found["option"])
    if found := _TAKES_NO_VALUE.fullmatch(text):
        return _("Option {option} takes no value", option=found["option"])
    if found := _EXTRA.fullmatch(text):
        return _("Unexpected extra argument(s): {arguments}", arguments=found["args"])
    if found := _NO_COMMAND.fullmatch(text):
        if found["close"]:
            return _(
                "No such command '{name}'. Did you mean {commands}?",
                name=found["name"],
                commands=found["close"],
            )
        return _("No such command '{name}'", name=found["name"])
    if text == "Missing command.":
        return _("Missing command")
    return None


WORDINGS: tuple[Wording, ...] = (no_such_option, missing, bad_value, worded_text)
