"""The generated Python that writes a seat's observation while a game runs (``_compile``).

Split from ``rulebook.engine.observation`` (the layout and the general code): one straight-line
function per seat, indices as constants, that touches only what changed since the seat's last
observation; a test checks it against the general code at every decision.
"""

from __future__ import annotations

import re
import struct
from array import array
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rulebook.engine.fields import INT, INT_TUPLE, INTS, INTS2
from rulebook.engine.zones import Zone

if TYPE_CHECKING:
    from rulebook.engine.observation import ObservationSpec, SeatObserver, _Public, _Slot

FRESH, RUNNING, OVER = 0, 1, 2  # what a SeatObserver's buffer holds
PACKED_COUNTS = 32  # a list's counts over at most this many card ids: one pack, not a store each
LONG_LIST = 16  # a public list of numbers longer than this is written only when it changed
SPARSE_CHANGES = 24  # a long list's changed entries stored one by one up to this many

FastWrite = Callable[[Any], "array[float]"]

_HEAD = """def write(state):
    decisions = state.decisions
    if decisions:
        if OBS._mode != RUNNING:
            if OBS._mode == FRESH:
                GENERAL(state)
                return OUT()
            # a new game after a finished one: clear what only the end showed
{resume}
            OBS._mode = RUNNING
        top = decisions[-1]
        if top != OBS._top:  # another decision: its seat, kind and payload, from one store
            buf[HEAD_FROM:HEAD_TO] = HEADS[top[1]][top[0]]
            OBS._top = top
{payload}
    elif OBS._mode == RUNNING:  # the game just ended: no decision, the flag and the returns
        buf[HEAD_FROM:HEAD_TO] = OVER_HEAD
        OBS._top = None
        RETURNS(buf, {returns}, *state.returns())
    else:  # a first observation of a finished game, or one more: every entry afresh
        GENERAL(state)
        return OUT()"""
_PAYLOAD = """            if PAYLOAD[top[0]]:
                OBS.payload(top)"""


def _compile(
    spec: ObservationSpec, seat: int, observer: SeatObserver, out: Callable[[], Any] | None = None
) -> FastWrite:
    """Straight-line Python for the seat's observation (a zone's length never passes its
    pool's cards: it is stored unclipped). Stores go through a memoryview of the buffer (an
    ``array('f')`` store parses its argument; a memoryview's converts it), runs of entries
    through one ``struct`` pack. The fields are read by name, never through the state's
    ``__dict__``: on CPython 3.11 reading it moves the attributes out of line and slows every
    later access of the rules to that state (a fifth of The GAME's decision). The pending
    decision is rewritten only when it differs from the one last written (``_top``). A game's
    end and the next game's start take the same code as a running game's decisions, with
    their own few lines (``_resume``, ``_ends``): code run once a game is cold, and in a
    function of its own, with the general code's per-list calls, The GAME's two end
    observations cost about 25 µs a game (10 µs this way). Only a first observation, or one
    more of a finished game, goes through ``general``. With ``out``, the function returns
    ``out()`` instead of the buffer."""
    players = len(spec.returns)
    over_head = array("f", bytes(4 * (spec.head[1] - spec.head[0])))
    over_head[spec.over - spec.head[0]] = 1.0
    consts: dict[str, Any] = {
        "RUNNING": RUNNING,
        "FRESH": FRESH,
        "OVER": OVER,
        "OBS": observer,
        "GENERAL": observer.general,
        "HEAD_FROM": spec.head[0],
        "HEAD_TO": spec.head[1],
        "HEADS": _heads(spec),
        "OVER_HEAD": memoryview(over_head),
        "RETURNS": struct.Struct(f"{players}f").pack_into,
        "PAYLOAD": spec.payload,
        "buf": memoryview(observer.buffer),
        "ARR": observer.buffer,
        "PUB": observer._pub,
        "BITS": observer._bits,
        "OUT": out,
    }
    fields = list(
        dict.fromkeys([s.zone.field for s in spec.slots] + [p.field for p in spec.public])
    )
    var = {f: f"f{i}" for i, f in enumerate(fields)}
    lines = ["    last = OBS._last"]
    lines.extend(f"    {var[f]} = state.{f}" for f in fields)
    cards = _cards(spec, var, consts, lines)
    lines.extend(_entries(spec, cards, var, consts))
    shapes = spec.game.state_class._code.fields
    for k, s in enumerate(spec.slots):
        if type(s.zone) is not Zone:
            lines.extend(_own_counts(k, s, seat, cards[k], consts))
        else:
            mutable = shapes[s.zone.field] in (INTS, INTS2)
            lines.extend(_counts(k, s, seat, cards[k], consts, mutable))
    body = "\n".join(_inline_once(lines, var))
    ends = observer._ends
    head = _HEAD.format(
        resume="\n".join(_resume(spec, ends, consts)),
        payload=_PAYLOAD if any(spec.payload) else "",
        returns=4 * spec.returns[0] if players else 0,
    )
    head = "\n".join(line for line in head.split("\n") if line)
    ret = "ARR" if out is None else "OUT()"
    head = head.replace("return OUT()", f"return {ret}")
    end = "\n".join(_ends(spec, ends, consts))
    source = f"{head}\n{body}\n{end}\n    return {ret}\n"
    namespace = dict(consts)
    exec(compile(source, f"<observation of {spec.game.slug}>", "exec"), namespace)
    fn: FastWrite = namespace["write"]
    return fn


def _resume(spec: ObservationSpec, ends: Sequence[int], consts: dict[str, Any]) -> list[str]:
    """Lines that clear what only a finished game showed, for the next game's first
    observation: the returns, and the counts of each list of a zone the end revealed (a zone
    that works out its own lists is cleared by its running code, ``_own_counts``); the
    pending decision is rewritten after them (the end left ``_top`` at None)."""
    start, stop = spec.returns[0], spec.returns[-1] + 1
    consts["ZR"] = memoryview(array("f", bytes(4 * (stop - start))))
    lines = [f"            buf[{start}:{stop}] = ZR"]
    for k in ends:
        s = spec.slots[k]
        if type(s.zone) is Zone:
            consts[f"EZ{k}"] = memoryview(array("f", bytes(4 * (s.hi - s.lo))))
            lines.append(f"            buf[{s.lo}:{s.hi}] = EZ{k}")
            lines.append(f"            OBS._last[{k}] = None")
    return lines


def _ends(spec: ObservationSpec, ends: Sequence[int], consts: dict[str, Any]) -> list[str]:
    """Lines run once a game ends, after the running code: the counts of each list the end
    reveals (``State.shown_at_end``) that the seat did not see while the game ran (counted
    afresh: they were all 0), then the finished game's mode. A zone that works out its own
    lists goes through ``SeatObserver.slot``."""
    lines = ["    if not decisions:"]
    if ends:
        lines.append("        shown = state.shown_at_end()")
    for k in ends:
        s = spec.slots[k]
        if type(s.zone) is not Zone:
            lines.append(f"        OBS.slot({k}, state, True, shown)")
            continue
        consts[f"EI{k}"] = s.ids
        consts[f"EZ{k}"] = memoryview(array("f", bytes(4 * (s.hi - s.lo))))
        cards = f"state.{s.zone.field}" + (f"[{s.index}]" if s.index >= 0 else "")
        lines += [
            f"        if {s.zone.field!r} in shown:",
            f"            c = {cards}",
            f"            buf[{s.lo}:{s.hi}] = EZ{k}",
            f"            for x in c: buf[EI{k}[x]] += 1.0",
            f"            OBS._last[{k}] = c[:]",
        ]
    lines.append("        OBS._mode = OVER")
    return lines


def _inline_once(lines: list[str], var: dict[str, str]) -> list[str]:
    """``lines`` with each field read where it is used when that is once, in a statement run
    once (not in a block: a top-level line or an entry of a pack): ``len(state.main)``
    instead of ``f0 = state.main`` and ``len(f0)``, two instructions of the interpreter
    fewer. The state does not change while its observation is written."""
    once: list[bool] = []
    pack = False
    for line in lines:
        pack = (pack or line.startswith("    PACK")) and line != "    )"
        once.append(pack or not line.startswith("     "))
    out = list(lines)
    for field, name in var.items():
        word = re.compile(rf"\b{name}\b")
        uses = [i for i, line in enumerate(lines) if word.search(line)]
        read = lines.index(f"    {name} = state.{field}")
        used = [i for i in uses if i != read]
        if len(used) == 1 and once[used[0]] and len(word.findall(lines[used[0]])) == 1:
            out[used[0]] = word.sub(f"state.{field}", out[used[0]])
            out[read] = ""
    return [line for line in out if line]


def _heads(spec: ObservationSpec) -> list[list[memoryview]]:
    """Per seat to move and decision kind, the entries from the first ``to_move`` through the
    last decision entry as they read then (``ObservationSpec.head``): that seat's and kind's
    1s, ``over`` and every payload entry 0 (``SeatObserver.payload`` writes the payload)."""
    start, end = spec.head
    out = []
    for mover in spec.to_move:
        row = []
        for kind in spec.kind:
            entries = array("f", bytes(4 * (end - start)))
            entries[mover - start] = entries[kind - start] = 1.0
            row.append(memoryview(entries))
        out.append(row)
    return out


def _cards(
    spec: ObservationSpec, var: dict[str, str], consts: dict[str, Any], lines: list[str]
) -> list[str]:
    """The expression of each slot's list of cards: a field (or one of its lists), or for a
    zone that works out its own lists (an owner that follows play) its ``slots()`` entry,
    read once per observation into a variable (``lines`` gets the reads)."""
    out = []
    read: dict[int, str] = {}
    for s in spec.slots:
        zone = s.zone
        if type(zone) is Zone:
            out.append(f"{var[zone.field]}{f'[{s.index}]' if s.index >= 0 else ''}")
            continue
        if id(zone) not in read:
            name = read[id(zone)] = f"z{len(read)}"
            consts[f"SLOTS_{name}"] = zone.slots
            lines.append(f"    {name} = SLOTS_{name}(state)")
        out.append(f"{read[id(zone)]}[{max(s.index, 0)}]")
    return out


def _entries(
    spec: ObservationSpec, cards: list[str], var: dict[str, str], consts: dict[str, Any]
) -> list[str]:
    """The lengths and public numbers: runs of features, each written by one pack; a long
    list of numbers (more than ``LONG_LIST`` entries, such as a flag per card instance) is
    its own run, packed only when it differs from the list last packed (``SeatObserver._pub``)."""
    long = [
        p
        for p in spec.public
        if p.cards is not None or (p.shape in (INTS, INT_TUPLE) and p.count > LONG_LIST)
    ]
    lines = [
        f"    n{var[p.field][1:]} = len({var[p.field]})"
        for p in spec.public
        if p not in long and p.shape in (INTS, INT_TUPLE) and p.count > 0
    ]
    first = spec.slots[0].length if spec.slots else (spec.public[0].base if spec.public else 0)
    run = [s.length for s in spec.slots] + [p.base + j for p in spec.public for j in range(p.count)]
    if run != list(range(first, first + len(run))):
        raise AssertionError("the lengths and public numbers are not one run of features")
    runs: list[tuple[int, list[str]]] = [(first, [])]
    for s, expr in zip(spec.slots, cards, strict=True):
        runs[-1][1].append(f"len({expr}[0])" if type(s.zone) is not Zone else f"len({expr})")
    for p in spec.public:
        v, lo, hi = var[p.field], _literal(p.lo), _literal(p.hi)
        clip = f"({lo} if (x := {{}}) < {lo} else {hi} if x > {hi} else x)"
        if p in long:
            make = _per_card if p.cards is not None else _long_list
            lines.extend(make(long.index(p), p, v, consts))
            runs.append((p.base + p.count, []))
        elif p.shape == INT:
            runs[-1][1].append(clip.format(v))
        elif p.shape in (INTS, INT_TUPLE):
            runs[-1][1].extend(
                f"({clip.format(f'{v}[{j}]')} if {j} < n{v[1:]} else 0)" for j in range(p.count)
            )
        else:
            runs[-1][1].append(f"(n if (n := len({v})) < {hi} else {hi})")
    for r, (start, entries) in enumerate(runs):
        if entries:
            consts[f"PACK{r}"] = struct.Struct(f"{len(entries)}f").pack_into
            lines.append(f"    PACK{r}(buf, {4 * start},")
            lines.extend(f"        {e}," for e in entries)
            lines.append("    )")
    return lines


def _long_list(k: int, p: _Public, v: str, consts: dict[str, Any]) -> list[str]:
    """A long public list of numbers, when it changed: only the entries that changed when
    ``changed_entries`` finds them, else packed whole (clipped, padded with zeros)."""
    lo, hi = _literal(p.lo), _literal(p.hi)
    consts[f"L{k}"] = struct.Struct(f"{p.count}f").pack_into
    consts[f"LZ{k}"] = [0] * p.count
    consts["CHANGED"] = changed_entries
    return [
        f"    if {v} != PUB[{k}]:",
        f"        d = CHANGED({v}, PUB[{k}], BITS, {k}, {p.count})",
        f"        PUB[{k}] = {v}[:]",
        "        if d is None:",
        f"            x = [{lo} if y < {lo} else {hi} if y > {hi} else y for y in {v}[:{p.count}]]",
        f"            L{k}(buf, {4 * p.base}, *x, *LZ{k}[len(x) :])",
        "        else:",
        "            for i in d:",
        f"                y = {v}[i]",
        f"                buf[{p.base} + i] = {lo} if y < {lo} else {hi} if y > {hi} else y",
    ]


def _per_card(k: int, p: _Public, v: str, consts: dict[str, Any]) -> list[str]:
    """A list per card instance summed per card id, when it changed: the changed instances'
    differences added to their ids' entries when ``changed_entries`` finds them, else summed
    afresh and packed whole; each instance's value clipped to its range (``_Public.each``)
    first, so no sum leaves its entry's bounds."""
    assert p.cards is not None
    lo, hi = _literal(p.each[0]), _literal(p.each[1])
    clip = f"({lo} if (y := {{}}) < {lo} else {hi} if y > {hi} else y)"
    now, was = clip.format(f"{v}[i]"), clip.format("o[i]")
    consts[f"L{k}"] = struct.Struct(f"{p.count}f").pack_into
    consts[f"LJ{k}"] = p.cards
    consts[f"LZ{k}"] = [0.0] * (p.count + 1)
    consts["CHANGED"] = changed_entries
    return [
        f"    if {v} != PUB[{k}]:",
        f"        o = PUB[{k}]",
        f"        d = CHANGED({v}, o, BITS, {k}, {len(p.cards)})",
        f"        PUB[{k}] = {v}[:]",
        "        if d is None:",
        f"            x = LZ{k}[:]",
        f"            for j, y in zip(LJ{k}, {v}): x[j] += {clip.format('y')}",
        "            x.pop()",
        f"            L{k}(buf, {4 * p.base}, *x)",
        "        else:",
        "            for i in d:",
        f"                if (j := LJ{k}[i]) < {p.count}:",
        f"                    buf[{p.base} + j] += {now} - {was}",
    ]


def changed_entries(
    new: Sequence[int], old: Sequence[int] | None, bits: list[int | None], k: int, count: int
) -> list[int] | None:
    """The indices below ``count`` where the ``k``-th long list differs from ``old`` (the copy
    last written), found in C: the list read as bytes into one integer (kept in ``bits[k]``
    for the next call), XORed with the last one (a long list usually changes in an entry or
    two, and comparing it entry by entry in Python cost more than packing it whole). None
    (pack it whole) when the lengths differ, a value is not a byte or more than
    ``SPARSE_CHANGES`` entries changed."""
    try:
        now = int.from_bytes(bytes(new), "little")
    except (TypeError, ValueError):
        bits[k] = None
        return None
    was, bits[k] = bits[k], now
    if was is None or old is None or len(new) != len(old):
        return None
    x = now ^ was
    out: list[int] = []
    while x:
        i = ((x & -x).bit_length() - 1) >> 3
        if i >= count:  # past the entries the observation keeps
            break
        if len(out) == SPARSE_CHANGES:
            return None
        out.append(i)
        x ^= (x >> (i << 3) & 0xFF) << (i << 3)
    return out


def _literal(x: float) -> str:
    """A bound as an int literal when whole (an int compares faster with an int)."""
    return repr(int(x)) if x == int(x) else repr(x)


def _own_counts(k: int, s: _Slot, seat: int, entry: str, consts: dict[str, Any]) -> list[str]:
    """``SeatObserver.slot`` for the ``k``-th list, of a zone that works out its own lists
    (``entry``: its (cards, owner, pool)), with the indices constant: counted while the seat
    sees it, zeroed once it stops."""
    if s.ids is None:
        return []  # its length is in the pack
    consts[f"I{k}"] = s.ids
    consts[f"V{k}"] = s.zone.visible
    consts[f"Z{k}"] = memoryview(array("f", bytes(4 * (s.hi - s.lo))))
    return [
        f"    c, o, _ = {entry}",
        f"    if V{k}(o, {seat}, False):",
        f"        if c != last[{k}]:",
        f"            buf[{s.lo}:{s.hi}] = Z{k}",
        f"            for x in c: buf[I{k}[x]] += 1.0",
        f"            last[{k}] = c[:]",
        f"    elif last[{k}] is not None:",
        f"        buf[{s.lo}:{s.hi}] = Z{k}",
        f"        last[{k}] = None",
    ]


def _counts(
    k: int, s: _Slot, seat: int, cards: str, consts: dict[str, Any], mutable: bool
) -> list[str]:
    """The ``k``-th list's card counts, when the seat sees it while the game runs. A list
    (``mutable``) that gained cards on top (a pile) or lost one card since it was last counted
    changes their counts, and the copy kept of it (``last[k]``) takes the same step; so does
    one that lost one card and gained none or one on top (a hand that played a card, and
    drew one): card instances are distinct ints, so the card gone is the difference of the
    sums, confirmed by removing it from the copy and comparing (in C: cheaper than counting
    even five cards afresh, and than comparing them as sets). The copy takes the step first
    and is compared whole with the list (a slice of the list to compare with the copy as it
    was cost a new list of a pile's every card, at most decisions); any other change
    (the copy then matches nothing) counts it afresh. A short list (``_short``) is counted afresh
    by zeroing its entries and adding one per card; a longer one in a list of floats written
    by one pack, when its card ids are few (``PACKED_COUNTS``)."""
    zone = s.zone
    if s.ids is None or not zone.visible(s.owner, seat, False):
        return []  # a hidden list's counts stay 0 while the game runs (general() zeroes them)
    width = s.hi - s.lo
    consts[f"I{k}"] = s.ids
    consts[f"Z{k}"] = memoryview(array("f", bytes(4 * width)))
    stores = [
        f"buf[{s.lo}:{s.hi}] = Z{k}",
        f"for x in c: buf[I{k}[x]] += 1.0",
        f"last[{k}] = c[:]",
    ]
    if width <= PACKED_COUNTS:
        short = _short(width)
        consts[f"J{k}"] = [i - s.lo for i in s.ids]
        consts[f"ZF{k}"] = [0.0] * width  # floats: struct packs them as they are
        consts[f"P{k}"] = struct.Struct(f"{width}f").pack_into
        longer = [
            f"n = ZF{k}[:]",
            f"for x in c: n[J{k}[x]] += 1.0",
            f"P{k}(buf, {4 * s.lo}, *n)",
            f"last[{k}] = c[:]",
        ]
    else:  # many card ids: always one store per card
        short, longer = 0, stores
    head = [f"    c = {cards}", f"    p = last[{k}]", "    if c != p:"]
    if not mutable:  # a tuple: replaced whole when it changes
        if not short:
            return head + [f"        {line}" for line in stores]
        return [
            *head,
            f"        if len(c) < {short}:",
            *[f"            {line}" for line in stores],
            "        else:",
            *[f"            {line}" for line in longer],
        ]
    again = [f"            {line}" for line in longer]
    return [
        *head,
        "        n = len(c) - len(p)",
        "        if n == 1 and (p.append(x := c[-1]) or p == c):  # a card added on top",
        f"            buf[I{k}[x]] += 1.0",
        "        elif n > 1 and (p.extend(c[-n:]) or p == c):  # cards added on top",
        "            for x in c[-n:]:",
        f"                buf[I{k}[x]] += 1.0",
        "        elif n == 0 and (x := sum(p) - sum(c) + c[-1]) in p and (",
        "            p.remove(x) or p.append(c[-1]) or p == c",
        "        ):  # a card gone, one added on top",
        f"            buf[I{k}[x]] -= 1.0",
        "            x = c[-1]",
        f"            buf[I{k}[x]] += 1.0",
        "        elif n == -1 and (x := sum(p) - sum(c)) in p and (p.remove(x) or p == c):",
        f"            buf[I{k}[x]] -= 1.0  # a card gone",
        *([f"        elif len(c) < {short}:  # short: counted afresh"] if short else []),
        *([f"            {line}" for line in stores] if short else []),
        "        else:",
        *again,
    ]


def _short(width: int) -> int:
    """The length under which a list of cards over ``width`` card ids costs less counted by
    one store per card than in a list packed whole (one pack costs about as much as a store
    per three of its entries; measured on CPython 3.11: 5 stores beat a pack of 8 entries, 16
    one of 32)."""
    return 5 + width // 3
