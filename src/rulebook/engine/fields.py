"""State fields declared once: clone, JSON snapshot/restore and equality all follow from it.

A game's State annotates its fields (``deck: list[int]``, ``hands: list[list[int]]``,
``turn: int``; ``shape_of`` reads the shape from the annotation), or, the older way still
honoured, lists them with their shape,
``FIELDS = {"main": INTS, "hands": INTS2, "queue": TUPLES, "turn": INT}``, and the engine
generates straight-line ``clone``/``snapshot``/``restore`` code for that list (as fast as a
hand-written copy), so a field can never be copied but not saved, or saved but not compared.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

# Field shapes. Each is (how to copy, how to make JSON, how to read JSON back).
INT = "int"  # an int (or bool): shared, immutable
STR = "str"  # a str: shared, immutable
VALUE = "value"  # any JSON scalar or None: shared, immutable
INTS = "ints"  # list[int]: copied with [:]
STRS = "strs"  # list[str]: copied with [:]
INTS2 = "ints2"  # list[list[int]]: each inner list copied
TUPLES = "tuples"  # list[tuple[int, ...]]: the outer list copied, tuples shared
INT_TUPLE = "int_tuple"  # tuple[int, ...]: shared, immutable
FROZEN = "frozen"  # tuple[tuple[int, ...], ...]: shared, immutable (replaced, never mutated)

SHAPES = (INT, STR, VALUE, INTS, STRS, INTS2, TUPLES, INT_TUPLE, FROZEN)

_COPY = {
    INT: "s.{f}",
    STR: "s.{f}",
    VALUE: "s.{f}",
    INT_TUPLE: "s.{f}",
    FROZEN: "s.{f}",
    INTS: "s.{f}[:]",
    STRS: "s.{f}[:]",
    TUPLES: "s.{f}[:]",
    INTS2: "[*map(_copy, s.{f})]",  # no comprehension: a search clones at every iteration
}
_DUMP = {
    INT: "s.{f}",
    STR: "s.{f}",
    VALUE: "s.{f}",
    INT_TUPLE: "list(s.{f})",
    FROZEN: "[list(x) for x in s.{f}]",
    INTS: "list(s.{f})",
    STRS: "list(s.{f})",
    TUPLES: "[list(x) for x in s.{f}]",
    INTS2: "[list(x) for x in s.{f}]",
}
_LOAD = {
    INT: "_int(d[{k}])",
    STR: "_str(d[{k}])",
    VALUE: "d[{k}]",
    INT_TUPLE: "tuple(_ints(d[{k}]))",
    FROZEN: "tuple(tuple(_ints(x)) for x in _list(d[{k}]))",
    INTS: "_ints(d[{k}])",
    STRS: "[_str(v) for v in _list(d[{k}])]",
    TUPLES: "[tuple(_ints(x)) for x in _list(d[{k}])]",
    INTS2: "[_ints(x) for x in _list(d[{k}])]",
}

# the annotation (as written, spaces removed) each shape is read from
ANNOTATIONS = {
    "int": INT,
    "bool": INT,
    "str": STR,
    "float": VALUE,
    "int|None": VALUE,
    "str|None": VALUE,
    "float|None": VALUE,
    "list[int]": INTS,
    "list[str]": STRS,
    "list[list[int]]": INTS2,
    "list[tuple[int,...]]": TUPLES,
    "tuple[int,...]": INT_TUPLE,
    "tuple[tuple[int,...],...]": FROZEN,
}


def shape_of(name: str, annotation: Any) -> str:
    """A field's shape from its annotation; ValueError naming the field when it has none."""
    if isinstance(annotation, type):  # int, str (a list[int] is an alias, not a type)
        annotation = annotation.__name__
    text = "".join(str(annotation).split())
    text = text.replace("typing.", "").replace("Optional[int]", "int|None")
    shape = ANNOTATIONS.get(text)
    if shape is None:
        known = ", ".join(ANNOTATIONS)
        raise ValueError(
            f"field '{name}': no shape for the annotation '{text}' (use one of {known}, "
            "or declare FIELDS)"
        )
    return shape


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an integer, got {value!r}")
    return value


def _list(value: Any) -> list[Any]:
    if type(value) is not list:
        raise TypeError(f"expected a list, got {value!r}")
    return value


def _ints(value: Any) -> list[int]:
    """A fresh copy of a list of ints (not bools), checked at C speed: restoring saves and
    the harness's round trip at every decision run through here."""
    if type(value) is not list:
        raise TypeError(f"expected a list of integers, got {value!r}")
    if not set(map(type, value)) <= _INT_ONLY:
        bad = next(v for v in value if type(v) is not int)
        raise TypeError(f"expected an integer, got {bad!r}")
    return value[:]


_INT_ONLY = {int}
_MISSING = object()


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {value!r}")
    return value


def all_set(names: tuple[str, ...]) -> Callable[[Any], bool]:
    """A function telling whether an object has every attribute of ``names``, each read by
    name in straight-line code (a new game checks its state's slots: ``hasattr`` on each
    name cost a game's setup a sixth of its time)."""
    reads = "".join(f"\n        s.{name}" for name in names)
    namespace: dict[str, Any] = {}
    source = f"def all_set(s):\n    try:{reads or chr(10) + '        pass'}\n"
    source += "    except AttributeError:\n        return False\n    return True\n"
    exec(compile(source, "<fields all_set>", "exec"), namespace)
    check: Callable[[Any], bool] = namespace["all_set"]
    return check


class FieldCode:
    """The generated functions for one field declaration."""

    def __init__(
        self,
        fields: Mapping[str, str],
        shared: tuple[str, ...] = (),
        scratch: tuple[str, ...] | None = None,
        optional: tuple[str, ...] = (),
    ) -> None:
        """``scratch``: when given, an object holds exactly the fields, ``shared`` and these
        attributes (inline, few enough for CPython, or in slots), and clone copies them one by
        one so the clone keeps them so too (reading ``__dict__`` would end that); it also
        copies the ``optional`` attributes the object has."""
        for name, shape in fields.items():
            if shape not in SHAPES:
                raise ValueError(f"field '{name}': unknown shape {shape!r}")
        self.fields = dict(fields)
        self.shared = shared
        self.scratch = scratch
        self.optional = optional
        self.copy_into: Callable[[Any, Any], None] = self._compile_copy()
        self.clone: Callable[[Any], Any] = self._compile_clone()
        self.dump: Callable[[Any], dict[str, Any]] = self._compile_dump()
        self.load: Callable[[Any, dict[str, Any]], None] = self._compile_load()

    def _compile(self, name: str, lines: list[str], args: str) -> Any:
        body = "\n    ".join(lines or ["pass"])
        source = f"def {name}({args}):\n    {body}\n"
        namespace: dict[str, Any] = {
            "_int": _int,
            "_str": _str,
            "_ints": _ints,
            "_list": _list,
            "_new": object.__new__,
            "_copy": list.copy,
            "_missing": _MISSING,
        }
        exec(compile(source, f"<fields {name}>", "exec"), namespace)
        return namespace[name]

    def _compile_copy(self) -> Callable[[Any, Any], None]:
        lines = [f"n.{f} = s.{f}" for f in self.shared]
        lines += [f"n.{f} = " + _COPY[shape].format(f=f) for f, shape in self.fields.items()]
        fn: Callable[[Any, Any], None] = self._compile("copy_into", lines, "s, n")
        return fn

    def _compile_clone(self) -> Callable[[Any], Any]:
        """One dict copy for everything, then fresh lists where a field is mutable; or, for
        an object whose attributes are all known (``scratch``), one attribute at a time."""
        if self.scratch is not None:
            lines = ["n = _new(type(s))"]
            lines += [f"n.{f} = s.{f}" for f in (*self.shared, *self.scratch)]
            lines += [f"n.{f} = " + _COPY[shape].format(f=f) for f, shape in self.fields.items()]
            for f in self.optional:
                lines += [f"v = getattr(s, {f!r}, _missing)", f"if v is not _missing: n.{f} = v"]
            fn0: Callable[[Any], Any] = self._compile("clone", [*lines, "return n"], "s")
            return fn0
        lines = ["d = s.__dict__.copy()"]
        for f, shape in self.fields.items():
            if shape in (INTS, STRS, TUPLES):
                lines.append(f"d[{f!r}] = d[{f!r}][:]")
            elif shape == INTS2:
                lines.append(f"d[{f!r}] = [x[:] for x in d[{f!r}]]")
        lines += ["n = _new(type(s))", "n.__dict__ = d", "return n"]
        fn: Callable[[Any], Any] = self._compile("clone", lines, "s")
        return fn

    def _compile_dump(self) -> Callable[[Any], dict[str, Any]]:
        items = ", ".join(f"{f!r}: " + _DUMP[shape].format(f=f) for f, shape in self.fields.items())
        fn: Callable[[Any], dict[str, Any]] = self._compile("dump", [f"return {{{items}}}"], "s")
        return fn

    def _compile_load(self) -> Callable[[Any, dict[str, Any]], None]:
        lines = [f"s.{f} = " + _LOAD[shape].format(k=repr(f)) for f, shape in self.fields.items()]
        fn: Callable[[Any, dict[str, Any]], None] = self._compile("load", lines, "s, d")
        return fn
