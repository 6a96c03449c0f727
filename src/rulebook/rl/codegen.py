"""The encoding tree compiled to straight-line Python, one function per top-level key of the
view (the hot path).

Walking the Node tree costs a method call and a type dispatch per value of a view; the
generated functions do the same work inline, with every index and range a constant, and
write straight into the observation buffer (an ``array('f')``: a Python store per entry, no
index lists for numpy to convert). Each top-level key owns a contiguous range of indices
(the compiler numbers features as it walks the keys), so a key whose value did not change
since the last view keeps its entries (``encoding.Observer``). ``Node.encode`` stays the
reference: a test checks both agree.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulebook.rl.encoding import Node

WriteFn = Callable[[Any, "array[float]"], None]


@dataclass(frozen=True, slots=True)
class Part:
    """One top-level key of the view: its indices ``[start, end)`` and its writer."""

    key: str
    start: int
    end: int
    write: WriteFn


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.consts: dict[str, Any] = {}
        self.names = 0

    def const(self, value: Any) -> str:
        name = f"K{len(self.consts)}"
        self.consts[name] = value
        return name

    def var(self) -> str:
        self.names += 1
        return f"x{self.names}"

    def emit(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)


def compile_parts(root: Node) -> list[Part]:
    """A writer per top-level key: ``write(value, o)`` zeroes the key's range of ``o``, then
    stores what ``Node.encode`` would append for ``{key: value}`` (nothing for None)."""
    parts = []
    for key, child in root.keys:
        indices = node_indices(child)
        start, end = min(indices), max(indices) + 1
        parts.append(Part(key, start, end, _compile(child, start, end)))
    return parts


def node_indices(node: Node) -> list[int]:
    """Every feature index the subtree of ``node`` writes."""
    out = [i for i in (node.present, node.num, node.length) if i >= 0]
    out += list((node.cat or {}).values()) + list((node.bag or {}).values())
    for _key, child in node.keys:
        out += node_indices(child)
    for child in node.items:
        out += node_indices(child)
    return out


def _compile(node: Node, start: int, end: int) -> WriteFn:
    w = _Writer()
    w.emit(0, "def write(v, o):")
    if end - start <= 4:
        for i in range(start, end):
            w.emit(1, f"o[{i}] = 0.0")
    else:
        w.emit(1, f"o[{start}:{end}] = {w.const(array('f', bytes(4 * (end - start))))}")
    w.emit(1, "if v is None:")
    w.emit(2, "return")
    _node(w, node, "v", 1)
    namespace: dict[str, Any] = dict(w.consts)
    exec(compile("\n".join(w.lines), "<rulebook.rl encoder>", "exec"), namespace)
    fn: WriteFn = namespace["write"]
    return fn


def _node(w: _Writer, node: Node, x: str, d: int) -> None:
    """Code for a value ``x`` known not to be None, at indentation ``d``."""
    if node.present >= 0:
        w.emit(d, f"o[{node.present}] = 1.0")
    t = w.var()
    w.emit(d, f"{t} = type({x})")
    branch = "if"
    if node.keys:
        w.emit(d, f"{branch} {t} is dict:")
        for key, child in node.keys:
            y = w.var()
            w.emit(d + 1, f"{y} = {x}.get({key!r})")
            w.emit(d + 1, f"if {y} is not None:")
            _node(w, child, y, d + 2)
        branch = "elif"
    if node.length >= 0 or node.bag is not None or node.items:
        w.emit(d, f"{branch} {t} is list:")
        _list(w, node, x, d + 1)
        branch = "elif"
    if node.cat is not None:
        w.emit(d, f"{branch} {t} is str or {t} is int:")
        i = w.var()
        w.emit(d + 1, f"{i} = {w.const(node.cat)}.get({x})")
        w.emit(d + 1, f"if {i} is not None:")
        w.emit(d + 2, f"o[{i}] = 1.0")
        branch = "elif"
    if node.num >= 0:
        w.emit(d, f"{branch} {t} is int or {t} is float or {t} is bool:")
        lo, hi = node.lo, node.hi
        clipped = f"{lo!r} if {x} < {lo!r} else {hi!r} if {x} > {hi!r} else {x}"
        w.emit(d + 1, f"o[{node.num}] = {clipped}")


def _list(w: _Writer, node: Node, x: str, d: int) -> None:
    if node.length >= 0:
        cap = node.cap[node.length]
        w.emit(d, f"o[{node.length}] = min(len({x}), {cap!r})")
    if node.bag is not None:  # a count per value, capped: value -> (index, cap)
        e, ic, i, c, n = w.var(), w.var(), w.var(), w.var(), w.var()
        bag = w.const({v: (i, node.cap[i]) for v, i in node.bag.items()})
        w.emit(d, f"for {e} in {x}:")
        w.emit(d + 1, f"{ic} = {bag}.get({e})")
        w.emit(d + 1, f"if {ic} is not None:")
        w.emit(d + 2, f"{i}, {c} = {ic}")
        w.emit(d + 2, f"{n} = o[{i}] + 1.0")
        w.emit(d + 2, f"o[{i}] = {n} if {n} < {c} else {c}")
        return
    n = w.var()
    w.emit(d, f"{n} = len({x})")
    for k, child in enumerate(node.items):
        y = w.var()
        w.emit(d, f"if {n} > {k}:")
        w.emit(d + 1, f"{y} = {x}[{k}]")
        w.emit(d + 1, f"if {y} is not None:")
        _node(w, child, y, d + 2)
