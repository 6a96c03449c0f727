"""The HTML page, rendered from the report JSON alone: one self-contained file (pictures as
inline SVG, styles inline, no script), readable on a phone and printable. Each picture has a
sentence under it that says what it shows in plain words."""

from __future__ import annotations

from typing import Any

from rulebook.lab import pictures
from rulebook.lab.findings import (
    clearly_better,
    difference,
    drawn,
    how_often,
    pct,
    player,
    points,
    rarely,
    span,
)

TOP_CARDS = 15  # cards drawn in the effect picture (the clearest first)


def render(report: dict[str, Any]) -> str:
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("rulebook.lab", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["pct"] = pct
    env.filters["span"] = span
    env.filters["points"] = points
    env.filters["mean_span"] = mean_span
    template = env.get_template("report.html.j2")
    cards = report["cards"]
    rows = {c["card"]: c for c in cards["rows"]}
    ranked = [rows[c] for c in cards["ranking"]]
    card_rows = ranked + [c for c in cards["rows"] if c["card"] not in set(cards["ranking"])]
    rare_names = [rarely(rows[c]) for c in cards["rarely_played"]]
    # a rare card played in some games has an effect, measured on few: "cannot" would be false
    rare_measured = any(rows[c].get("effect") is not None for c in cards["rarely_played"])
    return template.render(
        r=report,
        pics=sections(report),
        card_rows=card_rows,
        rare_names=rare_names,
        rare_measured=rare_measured,
        hidden=hidden_worth(report),
    )


def sections(report: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Picture (SVG) and its one-line reading, per section."""
    out: dict[str, tuple[str, str]] = {}
    out["seats"] = seats_picture(report)
    if len(report.get("player_counts", [])) > 1:
        out["counts"] = counts_picture(report)
    out["ends"] = ends_picture(report)
    out["length"] = length_picture(report)
    out["options"] = options_picture(report)
    if report["cards"]["available"] and report["cards"]["ranking"]:
        out["cards"] = cards_picture(report)
    if report["skill"].get("available"):
        out["skill"] = skill_picture(report)
    if report["lead_changes"].get("available"):
        out["leads"] = leads_picture(report)
        out["settled"] = settled_picture(report)
    return out


def seats_picture(report: dict[str, Any]) -> tuple[str, str]:
    rows = report["seats"]
    labels = [f"{r['role']} ({r['agent']})" for r in rows]
    n = report["games"]
    if report["solo"]:
        r = rows[0]
        text = f"Played by {r['agent']}: won {pct(r['win_rate'])} ({span(r['ci'])}) of {n} games."
        return pictures.rate_bars(labels[:1], rows[:1], None, "win rate"), text
    decisive = sum(r["wins"] for r in rows) / n if n else 0.0
    fair = decisive / len(rows)
    parts = "; ".join(f"{r['role']} {pct(r['win_rate'])} ({span(r['ci'])})" for r in rows)
    off = [r for r in rows if r["ci"][0] > fair or r["ci"][1] < fair]
    verdict = (
        "a real seat edge" if off else "within chance of a fair share"
    ) + f" (fair: {pct(fair)})"
    return pictures.rate_bars(labels, rows, fair, "win rate"), f"Wins: {parts} — {verdict}."


def fair_share(count: dict[str, Any]) -> float:
    rows, n = count["seats"], count["games"]
    return sum(r["wins"] for r in rows) / n / len(rows) if n else 0.0


def edged(count: dict[str, Any]) -> bool:
    """Whether some seat's interval excludes the fair share at this player count."""
    fair = fair_share(count)
    return any(r["ci"][0] > fair or r["ci"][1] < fair for r in count["seats"])


def in_words(items: list[str]) -> str:
    """A list as a sentence reads it: "4 and 6", "3, 4 and 5"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def counts_picture(report: dict[str, Any]) -> tuple[str, str]:
    counts = report["player_counts"]
    labels, rows, fairs = [], [], []
    for count in counts:
        for r in count["seats"]:
            labels.append(f"{count['players']} players: {r['role']}")
            rows.append(r)
            fairs.append(fair_share(count))
    even = [str(c["players"]) for c in counts if not edged(c)]
    uneven = [str(c["players"]) for c in counts if edged(c)]
    parts = []
    if even:
        parts.append(f"seats are within chance of a fair share at {in_words(even)} players")
    if uneven:
        parts.append(f"some seat has a real edge at {in_words(uneven)} players")
    text = "; ".join(parts).capitalize() + " (dashed marks: each count's fair share)."
    return pictures.rate_bars(labels, rows, fairs, "win rate"), text


def ends_picture(report: dict[str, Any]) -> tuple[str, str]:
    rows = report["ends"]
    labels = [r["reason"] + (" (safety limit)" if r["safety_limit"] else "") for r in rows]
    top = rows[0]
    text = f"Most games end by {ending(top)} ({pct(top['rate'])}, {span(top['ci'])})"
    if len(rows) > 1:
        text += "; then " + ", ".join(
            f"{ending(r)} ({pct(r['rate'])}, {span(r['ci'])})" for r in rows[1:4]
        )
    return pictures.rate_bars(labels, rows, None, "share of games"), text + "."


def mean_span(spread: dict[str, Any]) -> str:
    """A spread's mean's 95% interval, "19.8–22.2" (a report from before it had none: "–")."""
    ci = spread.get("ci")
    return f"{ci[0]:.1f}–{ci[1]:.1f}" if ci else "–"


def ending(row: dict[str, Any]) -> str:
    """An ending's code with the game's plain words for it, where the game gives them."""
    words = row.get("words")
    return f"{row['reason']} [{words}]" if words else str(row["reason"])


def at_median(spread: dict[str, Any], unit: str) -> str:
    """ "12 turns at the median (mean 12.3, 95% interval 12.1–12.6)"."""
    return (
        f"{spread['median']:g} {unit} at the median (mean {spread['mean']:.1f}, "
        f"95% interval {mean_span(spread)})"
    )


def length_picture(report: dict[str, Any]) -> tuple[str, str]:
    """Turns per game; where every game lasts the same number of turns (a game of fixed
    rounds), decisions per game instead: one bar would say nothing the sentence does not."""
    turns = report["length"]["turns"]
    if turns["min"] == turns["max"]:
        decisions = report["length"]["decisions"]
        marks = {"median": decisions["median"], "90%": decisions["p90"]}
        text = (
            f"Every game lasts exactly {turns['min']:g} turns; a game takes "
            f"{at_median(decisions, 'decisions')}, and nine games in ten end within "
            f"{decisions['p90']:g}."
        )
        return pictures.histogram(decisions["histogram"], "decisions per game", marks), text
    marks = {"median": turns["median"], "90%": turns["p90"]}
    text = (
        f"A game lasts {at_median(turns, 'turns')}; nine games in ten end within {turns['p90']:g}."
    )
    return pictures.histogram(turns["histogram"], "turns per game", marks), text


def options_picture(report: dict[str, Any]) -> tuple[str, str]:
    d = report["decisions"]
    from rulebook.lab.listeners import OPTIONS_CAP

    text = (
        f"A decision offers {d['options_mean']:.1f} options on average; "
        f"{pct(d['forced']['rate'])} offer only one (forced)."
    )
    picture = pictures.counts(
        d["options_histogram"], "options at a decision", "decisions", OPTIONS_CAP
    )
    return picture, text


def cards_picture(report: dict[str, Any]) -> tuple[str, str]:
    cards = report["cards"]
    rows = {r["card"]: r for r in cards["rows"]}
    shown = [rows[c] for c in cards["ranking"][:TOP_CARDS]]
    top = shown[0]
    clear = top["ci"][0] > 0 or top["ci"][1] < 0
    text = (
        f"{top['name']} shows the largest {'clear ' if clear else ''}change: {player(report)} "
        f"wins {how_often(top['effect'])} ({points(top['ci'][0])} to {points(top['ci'][1])}) "
        f"than in games without it{drawn(top)}"
        + ("" if clear else ", but its interval still includes zero (no clear effect)")
        + "."
    )
    return pictures.effects(shown), text


def skill_picture(report: dict[str, Any]) -> tuple[str, str]:
    skill = report["skill"]
    rows = skill["rows"]
    labels = [f"{r['label']} ({r['games']} games)" for r in rows]
    best = max(rows, key=lambda r: r["win_rate"])
    worst = min(rows, key=lambda r: r["win_rate"])
    climbs = clearly_better(best, worst)
    vs = "Playing alone" if report["solo"] else f"Against {skill['reference']}"
    low, high = difference(best, worst)
    gap = f"({gap_words(best['win_rate'] - worst['win_rate'])}, {points(low)} to {points(high)})"
    if best["win_rate"] == worst["win_rate"]:  # one rung named twice would read as a slip
        who = f"every rung wins {pct(best['win_rate'])} {gap}"
    else:
        who = (
            f"{worst['label']} wins {pct(worst['win_rate'])} and "
            f"{best['label']} {pct(best['win_rate'])} {gap}"
        )
    text = f"{vs}, {who}: " + (
        "better play wins more." if climbs else "the rungs are within chance of each other."
    )
    return pictures.rate_bars(labels, rows, None, "win rate"), text


def hidden_worth(report: dict[str, Any]) -> str | None:
    """One sentence on what the hidden cards are worth: the oracle (the same search, every
    card known) against ISMCTS at the same budget."""
    skill = report["skill"]
    rows = skill.get("rows", [])
    oracle = next((r for r in rows if r["agent"] == "oracle"), None)
    if not skill.get("available") or oracle is None:
        return None
    budget = oracle["spec"].partition(":")[2]  # the same options as its ISMCTS rung
    search = next((r for r in rows if budget and r["spec"] == f"ismcts:{budget}"), None)
    if search is None:
        return None
    low, high = difference(oracle, search)
    gap = oracle["win_rate"] - search["win_rate"]
    if low > 0:
        verdict = "what nobody can see decides a real share of the game"
    elif high < 0:
        verdict = "knowing the cards did not help this search"
    else:
        verdict = "the hidden cards are not shown to matter at this many games"
    return (
        f"Knowing every hidden card, the same search wins {pct(oracle['win_rate'])} against "
        f"{pct(search['win_rate'])} without ({gap_words(gap)}, "
        f"{points(low)} to {points(high)}): {verdict}."
    )


def gap_words(gap: float) -> str:
    """A difference of win rates as words: "12 points more", "no difference"."""
    shown = round(abs(gap) * 100)
    return "no difference" if shown == 0 else f"{shown} points {'more' if gap > 0 else 'less'}"


def leads_picture(report: dict[str, Any]) -> tuple[str, str]:
    lead = report["lead_changes"]
    per, changed = lead["per_game"], lead["games_with_change"]
    text = (
        f"The leader (by the game's own estimate) changes {per['mean']:.1f} times a game on "
        f"average ({mean_span(per)}); {pct(changed['rate'])} of games ({span(changed['ci'])}) "
        "see at least one change."
    )
    return pictures.histogram(per["histogram"], "lead changes per game"), text


def settled_picture(report: dict[str, Any]) -> tuple[str, str]:
    settled = report["lead_changes"]["settled"]
    ci = settled.get("median_ci")  # a report from before it had none
    within = f", 95% interval {span(ci)}" if ci else ""
    text = (
        f"The eventual winner leads for good from {pct(settled['median'])} of the way through "
        f"a game (median{within}): " + when_clear(settled["median"])
    )
    label = "share of the game played when the result became clear"
    return pictures.histogram(settled["histogram"], label, percent=True), text


def when_clear(median: float) -> str:
    if median < 1 / 3:
        return "the result is clear early."
    if median > 2 / 3:
        return "the result stays open late."
    return "the result becomes clear midway."
