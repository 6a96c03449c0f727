"""The HTML page, rendered from the report JSON alone: one self-contained file (pictures as
inline SVG, styles inline, no script), readable on a phone and printable. Each picture has a
sentence under it that says what it shows in plain words."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from rulebook.i18n import Listed, _, current, n_, term
from rulebook.lab import pictures
from rulebook.lab.findings import (
    LEVEL,
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
    """The page in the current reader's language (its ``<html lang>`` says which)."""
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
    env.filters["ending_cell"] = ending_cell
    env.globals.update(_=html_words, n_=html_plural, term=term)
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
        lang=current().code,
        lineup=_(", ").join(
            _("{seat}: {agent}", seat=s["role"], agent=s["agent"]) for s in report["seats"]
        ),
        changed=_(", ").join(f"{k}={v}" for k, v in report["changed"].items()),
        pics=sections(report),
        card_rows=card_rows,
        rare_names=rare_names,
        rare_list=_(", ").join(rare_names),
        rare_measured=rare_measured,
        hidden=hidden_worth(report),
    )


def html_words(message: str, /, **args: object) -> Markup:
    """``_`` for the template: the message as the page's own text (as a literal in the
    template was), each filled-in value escaped."""
    return Markup(_(message, **{k: escape(v) for k, v in args.items()}))


def html_plural(singular: str, plural: str, count: int, /, **args: object) -> Markup:
    return Markup(n_(singular, plural, count, **{k: escape(v) for k, v in args.items()}))


def ending_cell(row: dict[str, Any]) -> str:
    """An ending in the table: its code, whether it is a safety limit, the game's words."""
    reason = (
        _("{reason} (safety limit)", reason=row["reason"]) if row["safety_limit"] else row["reason"]
    )
    return _("{ending}: {words}", ending=reason, words=row["words"]) if row["words"] else reason


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
    labels = [_("{seat} ({agent})", seat=r["role"], agent=r["agent"]) for r in rows]
    n = report["games"]
    if report["solo"]:
        r = rows[0]
        text = _(
            "Played by {agent}: won {rate} ({ci}) of {games} games.",
            agent=r["agent"],
            rate=pct(r["win_rate"]),
            ci=span(r["ci"]),
            games=n,
        )
        return pictures.rate_bars(labels[:1], rows[:1], None, _("win rate")), text
    decisive = sum(r["wins"] for r in rows) / n if n else 0.0
    fair = decisive / len(rows)
    parts = _("; ").join(
        _("{seat} {rate} ({ci})", seat=r["role"], rate=pct(r["win_rate"]), ci=span(r["ci"]))
        for r in rows
    )
    off = [r for r in rows if r["ci"][0] > fair or r["ci"][1] < fair]
    if off:
        text = _("Wins: {seats} — a real seat edge (fair: {fair}).", seats=parts, fair=pct(fair))
    else:
        text = _(
            "Wins: {seats} — within chance of a fair share (fair: {fair}).",
            seats=parts,
            fair=pct(fair),
        )
    return pictures.rate_bars(labels, rows, fair, _("win rate")), text


def fair_share(count: dict[str, Any]) -> float:
    rows, n = count["seats"], count["games"]
    return sum(r["wins"] for r in rows) / n / len(rows) if n else 0.0


def edged(count: dict[str, Any]) -> bool:
    """Whether some seat's interval excludes the fair share at this player count."""
    fair = fair_share(count)
    return any(r["ci"][0] > fair or r["ci"][1] < fair for r in count["seats"])


def in_words(items: list[str]) -> str:
    """A list as a sentence reads it: "4 and 6", "3, 4 and 5"."""
    return Listed(tuple(items)).text()


def counts_picture(report: dict[str, Any]) -> tuple[str, str]:
    counts = report["player_counts"]
    labels, rows, fairs = [], [], []
    for count in counts:
        for r in count["seats"]:
            labels.append(_("{players} players: {seat}", players=count["players"], seat=r["role"]))
            rows.append(r)
            fairs.append(fair_share(count))
    even = in_words([str(c["players"]) for c in counts if not edged(c)])
    uneven = in_words([str(c["players"]) for c in counts if edged(c)])
    if even and uneven:
        text = _(
            "Seats are within chance of a fair share at {even} players; some seat has a real "
            "edge at {uneven} players (dashed marks: each count's fair share).",
            even=even,
            uneven=uneven,
        )
    elif uneven:
        text = _(
            "Some seat has a real edge at {uneven} players (dashed marks: each count's fair "
            "share).",
            uneven=uneven,
        )
    else:
        text = _(
            "Seats are within chance of a fair share at {even} players (dashed marks: each "
            "count's fair share).",
            even=even,
        )
    return pictures.rate_bars(labels, rows, fairs, _("win rate")), text


def ends_picture(report: dict[str, Any]) -> tuple[str, str]:
    rows = report["ends"]
    labels = [
        _("{reason} (safety limit)", reason=r["reason"]) if r["safety_limit"] else r["reason"]
        for r in rows
    ]
    top = rows[0]
    said = {"ending": ending(top), "rate": pct(top["rate"]), "ci": span(top["ci"])}
    if len(rows) > 1:
        others = _(", ").join(
            _("{ending} ({rate}, {ci})", ending=ending(r), rate=pct(r["rate"]), ci=span(r["ci"]))
            for r in rows[1:4]
        )
        text = _("Most games end by {ending} ({rate}, {ci}); then {others}.", others=others, **said)
    else:
        text = _("Most games end by {ending} ({rate}, {ci}).", **said)
    return pictures.rate_bars(labels, rows, None, _("share of games")), text


def mean_span(spread: dict[str, Any]) -> str:
    """A spread's mean's 95% interval, "19.8–22.2" (a report from before it had none: "–")."""
    ci = spread.get("ci")
    return f"{ci[0]:.1f}–{ci[1]:.1f}" if ci else "–"


def ending(row: dict[str, Any]) -> str:
    """An ending's code with the game's plain words for it, where the game gives them."""
    words = row.get("words")
    return (
        _("{reason} [{words}]", reason=row["reason"], words=words) if words else str(row["reason"])
    )


def at_median(spread: dict[str, Any], turns: bool) -> str:
    """ "12 turns at the median (mean 12.3, 95% interval 12.1–12.6)"; else decisions."""
    said = {
        "median": f"{spread['median']:g}",
        "mean": f"{spread['mean']:.1f}",
        "ci": mean_span(spread),
        "percent": LEVEL,
    }
    if turns:
        return _("{median} turns at the median (mean {mean}, {percent} interval {ci})", **said)
    return _("{median} decisions at the median (mean {mean}, {percent} interval {ci})", **said)


def length_picture(report: dict[str, Any]) -> tuple[str, str]:
    """Turns per game; where every game lasts the same number of turns (a game of fixed
    rounds), decisions per game instead: one bar would say nothing the sentence does not."""
    turns = report["length"]["turns"]
    if turns["min"] == turns["max"]:
        decisions = report["length"]["decisions"]
        marks = {_("median"): decisions["median"], "90%": decisions["p90"]}
        text = _(
            "Every game lasts exactly {turns} turns; a game takes {length}, and nine games in "
            "ten end within {p90}.",
            turns=format(turns["min"], "g"),
            length=at_median(decisions, turns=False),
            p90=format(decisions["p90"], "g"),
        )
        return pictures.histogram(decisions["histogram"], _("decisions per game"), marks), text
    marks = {_("median"): turns["median"], "90%": turns["p90"]}
    text = _(
        "A game lasts {length}; nine games in ten end within {p90}.",
        length=at_median(turns, turns=True),
        p90=format(turns["p90"], "g"),
    )
    return pictures.histogram(turns["histogram"], _("turns per game"), marks), text


def options_picture(report: dict[str, Any]) -> tuple[str, str]:
    d = report["decisions"]
    from rulebook.lab.listeners import OPTIONS_CAP

    text = _(
        "A decision offers {options} options on average; {forced} offer only one (forced).",
        options=format(d["options_mean"], ".1f"),
        forced=pct(d["forced"]["rate"]),
    )
    picture = pictures.counts(
        d["options_histogram"], _("options at a decision"), _("decisions"), OPTIONS_CAP
    )
    return picture, text


def cards_picture(report: dict[str, Any]) -> tuple[str, str]:
    cards = report["cards"]
    rows = {r["card"]: r for r in cards["rows"]}
    shown = [rows[c] for c in cards["ranking"][:TOP_CARDS]]
    top = shown[0]
    said = {
        "card": top["name"],
        "player": player(report),
        "how_often": how_often(top["effect"]),
        "low": points(top["ci"][0]),
        "high": points(top["ci"][1]),
        "draws": drawn(top),
    }
    if top["ci"][0] > 0 or top["ci"][1] < 0:
        text = _(
            "{card} shows the largest clear change: {player} wins {how_often} ({low} to {high}) "
            "than in games without it{draws}.",
            **said,
        )
    else:
        text = _(
            "{card} shows the largest change: {player} wins {how_often} ({low} to {high}) than "
            "in games without it{draws}, but its interval still includes zero (no clear effect).",
            **said,
        )
    return pictures.effects(shown), text


def skill_picture(report: dict[str, Any]) -> tuple[str, str]:
    skill = report["skill"]
    rows = skill["rows"]
    labels = [_("{agent} ({games} games)", agent=r["label"], games=r["games"]) for r in rows]
    best = max(rows, key=lambda r: r["win_rate"])
    worst = min(rows, key=lambda r: r["win_rate"])
    climbs = clearly_better(best, worst)
    vs = (
        _("Playing alone")
        if report["solo"]
        else _("Against {reference}", reference=skill["reference"])
    )
    low, high = difference(best, worst)
    gap = _(
        "({gap}, {low} to {high})",
        gap=gap_words(best["win_rate"] - worst["win_rate"]),
        low=points(low),
        high=points(high),
    )
    if best["win_rate"] == worst["win_rate"]:  # one rung named twice would read as a slip
        who = _("every rung wins {rate} {gap}", rate=pct(best["win_rate"]), gap=gap)
    else:
        who = _(
            "{worst} wins {worst_rate} and {best} {best_rate} {gap}",
            worst=worst["label"],
            worst_rate=pct(worst["win_rate"]),
            best=best["label"],
            best_rate=pct(best["win_rate"]),
            gap=gap,
        )
    if climbs:
        text = _("{vs}, {who}: better play wins more.", vs=vs, who=who)
    else:
        text = _("{vs}, {who}: the rungs are within chance of each other.", vs=vs, who=who)
    return pictures.rate_bars(labels, rows, None, _("win rate")), text


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
        verdict = _("what nobody can see decides a real share of the game")
    elif high < 0:
        verdict = _("knowing the cards did not help this search")
    else:
        verdict = _("the hidden cards are not shown to matter at this many games")
    return _(
        "Knowing every hidden card, the same search wins {oracle} against {search} without "
        "({gap}, {low} to {high}): {verdict}.",
        oracle=pct(oracle["win_rate"]),
        search=pct(search["win_rate"]),
        gap=gap_words(gap),
        low=points(low),
        high=points(high),
        verdict=verdict,
    )


def gap_words(gap: float) -> str:
    """A difference of win rates as words: "12 points more", "no difference"."""
    shown = round(abs(gap) * 100)
    if shown == 0:
        return _("no difference")
    if gap > 0:
        return _("{points} points more", points=shown)
    return _("{points} points less", points=shown)


def leads_picture(report: dict[str, Any]) -> tuple[str, str]:
    lead = report["lead_changes"]
    per, changed = lead["per_game"], lead["games_with_change"]
    text = _(
        "The leader (by the game's own estimate) changes {mean} times a game on average "
        "({ci}); {share} of games ({share_ci}) see at least one change.",
        mean=format(per["mean"], ".1f"),
        ci=mean_span(per),
        share=pct(changed["rate"]),
        share_ci=span(changed["ci"]),
    )
    return pictures.histogram(per["histogram"], _("lead changes per game")), text


def settled_picture(report: dict[str, Any]) -> tuple[str, str]:
    settled = report["lead_changes"]["settled"]
    ci = settled.get("median_ci")  # a report from before it had none
    share, when = pct(settled["median"]), when_clear(settled["median"])
    if ci:
        text = _(
            "The eventual winner leads for good from {share} of the way through a game "
            "(median, {percent} interval {ci}): {when}",
            percent=LEVEL,
            share=share,
            ci=span(ci),
            when=when,
        )
    else:
        text = _(
            "The eventual winner leads for good from {share} of the way through a game "
            "(median): {when}",
            share=share,
            when=when,
        )
    label = _("share of the game played when the result became clear")
    return pictures.histogram(settled["histogram"], label, percent=True), text


def when_clear(median: float) -> str:
    if median < 1 / 3:
        return _("the result is clear early.")
    if median > 2 / 3:
        return _("the result stays open late.")
    return _("the result becomes clear midway.")
