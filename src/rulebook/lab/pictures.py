"""The report's pictures: matplotlib figures as inline SVG (text kept as text, no fonts
embedded), each drawn from the report JSON alone."""

from __future__ import annotations

import io
import re
from typing import Any

from rulebook.i18n import _, current
from rulebook.lab.findings import LEVEL, pct

INK = "#1f2933"
ACCENT = "#2563a8"
WARN = "#b4441d"
MUTED = "#9aa5b1"


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update(
        {
            "svg.fonttype": "none",
            "font.size": 10,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "axes.edgecolor": MUTED,
            "axes.labelcolor": INK,
            "xtick.color": INK,
            "ytick.color": INK,
            "svg.hashsalt": "rulebook",  # the same report gives the same bytes
            "font.family": FONTS.get(current().code, ["sans-serif"]),
        }
    )
    return plt


# a language whose letters matplotlib's own font lacks: that font for the Latin letters, then
# one that has the rest (a fallback list, so the page measures its labels with real glyphs;
# the SVG names both, for the reader's browser)
FONTS = {"ja": ["DejaVu Sans", "Noto Sans CJK JP"]}


def _whole_ticks(ax: Any) -> None:
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def svg(fig: Any) -> str:
    """The figure as an SVG element to put straight into the page."""
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    _plt().close(fig)
    text = buffer.getvalue()
    head, rest = text[text.index("<svg") :].split(">", 1)
    head = re.sub(r'\s(width|height)="[^"]*"', "", head)  # the page's CSS sizes it
    return f'{head} class="pic" role="img">{rest}'


def _figure(rows: int = 1, height: float = 2.6) -> tuple[Any, Any]:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(4.8, height * rows))  # narrow: phone-sized letters
    return fig, ax


def tick_pct(x: float) -> str:
    """An axis tick as a whole percent: ticks sit on round numbers, so the rounding that keeps
    a rate from reading a false 0% or 100% (``pct``) would show 1.0000000002 as ">99.9%"."""
    return f"{round(100 * x):d}%"


def rate_bars(
    labels: list[str],
    rows: list[dict[str, Any]],
    fair: float | list[float] | None,
    xlabel: str,
) -> str:
    """Horizontal bars of rates with their 95% intervals, and the fair share if any: one line
    for all, or a mark on each bar (seats at several player counts: a share per count)."""
    fig, ax = _figure(height=0.45 * len(rows) + 0.9)
    ys = list(range(len(rows)))[::-1]
    rates = [r["win_rate"] if "win_rate" in r else r["rate"] for r in rows]
    lows = [rt - r["ci"][0] for rt, r in zip(rates, rows, strict=True)]
    highs = [r["ci"][1] - rt for rt, r in zip(rates, rows, strict=True)]
    ax.barh(ys, rates, color=ACCENT, height=0.6)
    ax.errorbar(rates, ys, xerr=[lows, highs], fmt="none", ecolor=INK, capsize=3, lw=1)
    ax.set_yticks(ys, labels)
    ax.set_xlim(0, max(1.0, *[r["ci"][1] for r in rows]) if rows else 1.0)
    ax.xaxis.set_major_formatter(lambda x, _: tick_pct(x))
    ax.set_xlabel(xlabel)
    if isinstance(fair, list):
        ax.vlines(fair, [y - 0.4 for y in ys], [y + 0.4 for y in ys], color=WARN, ls="--", lw=1)
        ax.text(max(fair), len(rows) - 0.4, " " + _("dashed: fair share"), color=WARN, va="bottom",
                fontsize=9)  # fmt: skip
    elif fair is not None:
        ax.axvline(fair, color=WARN, ls="--", lw=1)
        said = " " + _("fair {share}", share=pct(fair))
        ax.text(fair, len(rows) - 0.4, said, color=WARN, va="bottom", fontsize=9)
    return svg(fig)


def histogram(
    bins: list[list[Any]],
    xlabel: str,
    marks: dict[str, float] | None = None,
    percent: bool = False,
) -> str:
    """Bins as [low, high, count]; one-value integer bins (a game that always lasts 20
    turns) are bars centred on their value, so a mark at that value falls on its bar."""
    fig, ax = _figure()
    heights = [b[2] for b in bins]
    if bins and all(isinstance(b[0], int) and b[1] == b[0] for b in bins):
        ax.bar([b[0] for b in bins], heights, width=0.9, color=ACCENT, edgecolor="white")
        if len(bins) < 3:  # too few whole numbers in view for a locator to keep to them
            ax.set_xticks([b[0] for b in bins])
        else:
            _whole_ticks(ax)
    else:
        lefts = [b[0] for b in bins]
        widths = [b[1] - b[0] + (1 if isinstance(b[0], int) else 0) for b in bins]
        ax.bar(lefts, heights, width=widths, align="edge", color=ACCENT, edgecolor="white")
    at: dict[float, list[str]] = {}
    for label, x in (marks or {}).items():
        at.setdefault(x, []).append(label)
    low, high = ax.get_xlim()
    top = ax.get_ylim()[1]
    near = 0.15 * (high - low)  # marks this close have labels that would run into each other
    places = sorted(at.items())
    left_before = False  # whether the previous label went to the left of its line
    for k, (x, labels) in enumerate(places):  # marks at one place share one line and label
        ax.axvline(x, color=WARN, ls="--", lw=1)
        text = ", ".join(labels)
        left = k + 1 < len(places) and places[k + 1][0] - x < near  # the next is near
        crowded = k > 0 and x - places[k - 1][0] < near and (left or not left_before)
        y = top * (0.91 if crowded else 1.0)  # a line lower than a near label on this side
        if left:
            ax.text(x, y, f"{text} ", color=WARN, va="top", ha="right", fontsize=9)
        else:
            ax.text(x, y, f" {text}", color=WARN, va="top", fontsize=9)
        left_before = left
    if percent:
        ax.xaxis.set_major_formatter(lambda x, _: tick_pct(x))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(_("games"))
    return svg(fig)


def counts(bins: list[list[int]], xlabel: str, ylabel: str, cap: int | None = None) -> str:
    fig, ax = _figure()
    ax.bar([b[0] for b in bins], [b[1] for b in bins], color=ACCENT, width=0.8)
    _whole_ticks(ax)  # counts: no tick at 2.5 options
    if cap is not None and bins and bins[-1][0] >= cap:
        ax.text(bins[-1][0], bins[-1][1], f"{cap}+", ha="center", va="bottom", fontsize=9)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    return svg(fig)


def effects(rows: list[dict[str, Any]]) -> str:
    """Each card's effect on its player's win rate, with the 95% interval; zero marked."""
    fig, ax = _figure(height=0.32 * len(rows) + 0.9)
    ys = list(range(len(rows)))[::-1]
    for y, r in zip(ys, rows, strict=True):
        clear = r["ci"][0] > 0 or r["ci"][1] < 0
        colour = (ACCENT if r["effect"] > 0 else WARN) if clear else MUTED
        ax.plot(r["ci"], [y, y], color=colour, lw=2)
        ax.plot([r["effect"]], [y], "o", color=colour, ms=5)
    ax.axvline(0, color=INK, lw=0.8)
    ax.set_yticks(ys, [r["name"] for r in rows])
    ax.xaxis.set_major_formatter(lambda x, _: f"{x * 100:+.0f}")
    label = _(
        "win-rate points for the seat that plays the card ({percent} interval)", percent=LEVEL
    )
    ax.set_xlabel(label)
    return svg(fig)
