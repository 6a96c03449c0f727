"""A sweep as a page (``rulebook sweep --out FILE.html``), in the designer's report style:
for each varied parameter, every seat's win rate and the game length plotted against it with
their 95% intervals, the rows that differ from the default ringed, and a sentence in plain
words under each picture. matplotlib and Jinja2 are the optional extra ``report``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebook.i18n import _, current
from rulebook.lab.findings import LEVEL, pct
from rulebook.lab.pictures import MUTED, WARN, _plt, svg
from rulebook.sim.settings_sweep import Sweep
from rulebook.sim.vary import label, shown

SERIES = ["#2563a8", "#3f8f5b", "#8a5cb8", "#c08a1e", "#4a9fb8", "#7a7f87"]


LENGTH = "length"  # the panel of the mean length (the others: a seat's win rate each)


def metrics(default: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """(what it shows, axis label, how to read a row's value and interval) for each panel."""
    out: list[tuple[str, str, Any]] = []
    for i, seat in enumerate(default["seats"]):

        def rate(row: dict[str, Any], i: int = i) -> tuple[float, list[float]]:
            return row["seats"][i]["win_rate"], row["seats"][i]["interval"]

        out.append(("balance", _("{seat} wins", seat=seat["seat"]), rate))
    length = (
        LENGTH,
        _("mean turns"),
        lambda row: (row["length"]["mean"], row["length"]["interval"]),
    )
    out.append(length)
    return out


def series(sweep: Sweep, name: str) -> list[tuple[str, list[dict[str, Any]]]]:
    """The rows along one parameter, grouped by the values of the others."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in sweep.rows:
        others = {k: v for k, v in row["settings"].items() if k != name}
        groups.setdefault(label(others), []).append(row)
    return list(groups.items())


def picture(sweep: Sweep, name: str) -> str:
    assert sweep.default is not None
    plt = _plt()
    panels = metrics(sweep.default)
    fig, axes = plt.subplots(len(panels), 1, figsize=(6.4, 1.9 * len(panels) + 0.4), sharex=True)
    values = [shown(v) for v in next(a.values for a in sweep.axes if a.name == name)]
    groups = series(sweep, name)
    for ax, (kind, title, read) in zip(axes, panels, strict=True):
        centre, (low, high) = read(sweep.default)
        ax.axhspan(low, high, color=MUTED, alpha=0.25, lw=0)
        ax.axhline(centre, color=MUTED, ls="--", lw=1)
        for n, (group, rows) in enumerate(groups):
            shift = (n - (len(groups) - 1) / 2) * 0.05  # side by side, not on top
            xs = [values.index(shown(r["settings"][name])) + shift for r in rows]
            draw(ax, xs, rows, read, kind, group, SERIES[n % len(SERIES)])
        ax.set_ylabel(title)
        if kind != LENGTH:
            ax.yaxis.set_major_formatter(lambda y, _: f"{y:.0%}")
    axes[-1].set_xticks(range(len(values)), values)
    axes[-1].set_xlabel(name)
    if len(groups) > 1:
        axes[0].legend(fontsize=8, frameon=False, loc="best")
    return svg(fig)


def draw(
    ax: Any, xs: list[float], rows: list[dict[str, Any]], read: Any, kind: str, group: str,
    colour: str,
) -> None:  # fmt: skip
    """One series: points with their interval bars, ringed where they differ."""
    ys = [read(r)[0] for r in rows]
    below = [max(0.0, y - read(r)[1][0]) for y, r in zip(ys, rows, strict=True)]
    above = [max(0.0, read(r)[1][1] - y) for y, r in zip(ys, rows, strict=True)]
    ax.errorbar(
        xs, ys, yerr=[below, above], color=colour, marker="o", ms=4, capsize=3, lw=1,
        label=group or None,
    )  # fmt: skip
    off = [(x, y) for x, y, r in zip(xs, ys, rows, strict=True) if differs(r, kind)]
    if off:
        ox, oy = zip(*off, strict=True)
        ax.scatter(ox, oy, s=120, facecolors="none", edgecolors=WARN, lw=1.5, zorder=3)


def differs(row: dict[str, Any], kind: str) -> bool:
    """Whether the row is ringed on a panel of this kind (``balance`` or ``length``)."""
    return bool(row.get("differs", {}).get(kind))


def sentence(sweep: Sweep, name: str) -> str:
    """What the picture shows, in words: along the parameter with the others at the default
    (or the first series, named), each seat's win rate and the length from the first value
    to the last, each with its 95% interval, and how many rows differ from the default."""
    assert sweep.default is not None
    default = sweep.default["settings"]
    groups = series(sweep, name)
    along = next(
        ((g, rows) for g, rows in groups
         if all(rows[0]["settings"][k] == default[k] for k in default if k != name)),
        groups[0],
    )  # fmt: skip
    group, rows = along
    first, last = rows[0], rows[-1]
    where = _(
        "{name}={first} to {last}",
        name=name,
        first=shown(first["settings"][name]),
        last=shown(last["settings"][name]),
    )
    others = [k for k in default if k != name]
    if others:  # what the other swept settings are held at along this line
        if all(first["settings"][k] == default[k] for k in others):
            where = _("{where} (the other settings at their defaults)", where=where)
        else:
            where = _("{where} (with {settings})", where=where, settings=group)
    seats = _("; ").join(
        _(
            "{seat} wins {first} → {last}",
            seat=a["seat"],
            first=rate(a["win_rate"], a["interval"]),
            last=rate(b["win_rate"], b["interval"]),
        )
        for a, b in zip(first["seats"], last["seats"], strict=True)
    )
    marked = sum(1 for r in sweep.rows if any(r.get("differs", {}).values()))
    return _(
        "From {where}: {seats}; games last {first} → {last} turns ({percent} intervals in "
        "brackets). Grey band and dashed line: the default with its {percent} interval; bars: "
        "each setting's {percent} interval; ringed: {marked} of {total} settings whose seat "
        "balance or length differ from the default beyond both intervals.",
        where=where,
        seats=seats,
        first=turns_of(first),
        last=turns_of(last),
        percent=LEVEL,
        marked=marked,
        total=len(sweep.rows),
    )


def rate(value: float, interval: list[float]) -> str:
    low, high = interval
    return _("{value} ({low}–{high})", value=pct(value), low=pct(low), high=pct(high))


def turns_of(row: dict[str, Any]) -> str:
    low, high = row["length"]["interval"]
    mean = format(row["length"]["mean"], ".0f")
    return _("{value} ({low}–{high})", value=mean, low=f"{low:.0f}", high=f"{high:.0f}")


def write_page(sweep: Sweep, title: str, path: Path) -> None:
    """The page in the current reader's language (its ``<html lang>`` says which)."""
    import jinja2

    from rulebook.lab.page import html_plural, html_words

    assert sweep.default is not None
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("rulebook.sim", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(_=html_words, n_=html_plural)
    pictures = [(a.name, picture(sweep, a.name), sentence(sweep, a.name)) for a in sweep.axes]
    names = [a.name for a in sweep.axes]
    html = env.get_template("sweep.html.j2").render(
        title=title,
        s=sweep.as_dict(),
        pictures=pictures,
        shown=shown,
        names=names,
        lang=current().code,
        agents=_(", ").join(sweep.agents),
    )
    path.write_text(html, encoding="utf-8")
