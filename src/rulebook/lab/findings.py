"""Findings: what a designer should look at first, each from the report's numbers against a
threshold the page states. Most pressing first."""

from __future__ import annotations

import math
from typing import Any

from rulebook.i18n import _, n_

# thresholds, stated on the page beside each finding
RARE_SHARE = 0.01  # a card played in under 1% of games counts as almost never played
LIMIT_SHARE = 0.01  # safety-limit endings above 1% of games are worth a look
FORCED_SHARE = 0.5  # over half the decisions with a single option: little to decide
EASY, HARD = 0.9, 0.1  # solo: a win rate surely above 90% or below 10% is worth a look
TOO_WIDE = 0.4  # a skill difference known no better than this (in rate) is not yet a finding
SEAT_WIDE = 0.2  # a seat's win rate known no better than this cannot rule out a 10-point edge
CALM = 5  # findings ranked from here on say that all is well
# every interval's level, a placeholder in the messages that name it: "95% i…" in a message
# would read to gettext as a %-format ("% i"), which no translation could match
LEVEL = "95%"


def pct(x: float) -> str:
    """A rate in words a designer reads at a glance: whole percent, one decimal under 10%,
    and never a rounded 0% or 100% that is not exactly so."""
    if x == 0 or x == 1:
        return f"{100 * x:.0f}%"
    if x < 0.001:
        return "<0.1%"
    if x > 0.999:
        return ">99.9%"
    return f"{100 * x:.0f}%" if 0.1 <= x <= 0.9 else f"{100 * x:.1f}%"


def points(x: float) -> str:
    """A difference of rates in percentage points, signed (a true minus sign)."""
    shown = round(x * 100)
    return "0" if shown == 0 else f"{shown:+d}".replace("-", "−")


def difference(a: dict[str, Any], b: dict[str, Any]) -> tuple[float, float]:
    """The 95% Agresti-Caffo interval of rung ``a``'s win rate minus rung ``b``'s."""
    p1 = (a["wins"] + 1) / (a["games"] + 2)
    p0 = (b["wins"] + 1) / (b["games"] + 2)
    se = math.sqrt(p1 * (1 - p1) / (a["games"] + 2) + p0 * (1 - p0) / (b["games"] + 2))
    return p1 - p0 - 1.959963984540054 * se, p1 - p0 + 1.959963984540054 * se


def how_often(x: float) -> str:
    """A signed difference of rates as words: "12 percentage points more often"."""
    shown = round(abs(x) * 100)
    if shown == 0:
        return _("about as often")
    if x > 0:
        return _("{points} percentage points more often", points=shown)
    return _("{points} percentage points less often", points=shown)


def clearly_better(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether rung ``a`` wins more than rung ``b`` beyond chance."""
    return bool(difference(a, b)[0] > 0)


def span(ci: list[float]) -> str:
    return f"{pct(ci[0])}–{pct(ci[1])}"


def findings(report: dict[str, Any]) -> list[dict[str, str]]:
    found: list[tuple[int, dict[str, str]]] = []
    for make in (
        solo_finding,
        seat_finding,
        limit_finding,
        skill_finding,
        card_findings,
        forced_finding,
    ):
        found.extend(make(report))
    found.sort(key=lambda item: item[0])
    return [{**f, "level": "look" if rank < CALM else "ok"} for rank, f in found]


def _f(rank: int, text: str, threshold: str) -> tuple[int, dict[str, str]]:
    return rank, {"text": text, "threshold": threshold}


def solo_finding(report: dict[str, Any]) -> list[tuple[int, dict[str, str]]]:
    """Solo and cooperative games: a result that hardly ever varies."""
    if not report["solo"]:
        return []
    row = report["seats"][0]
    threshold = _(
        "the win rate's {percent} interval lies wholly above {high} or below {low}",
        percent=LEVEL,
        high=pct(EASY),
        low=pct(HARD),
    )
    said = {"agent": row["agent"], "rate": pct(row["win_rate"]), "ci": span(row["ci"])}
    if row["ci"][0] > EASY:
        text = _(
            "Almost always won: played by {agent}, {rate} ({ci}). Too easy at this level?", **said
        )
        return [_f(1, text, threshold)]
    if row["ci"][1] < HARD:
        text = _(
            "Almost never won: played by {agent}, {rate} ({ci}). Too hard at this level?", **said
        )
        return [_f(1, text, threshold)]
    return [
        _f(5, _("Played by {agent}, the game is won {rate} ({ci}) of the time.", **said), threshold)
    ]


def seat_finding(report: dict[str, Any]) -> list[tuple[int, dict[str, str]]]:
    counts = report.get("player_counts") or [{"players": report["players"], **report}]
    several = len(counts) > 1
    out = []
    for count in counts:
        out.extend(
            seat_balance(count["seats"], count["games"], count["players"] if several else None)
        )
    return out


def seat_balance(
    rows: list[dict[str, Any]], n: int, players: int | None = None
) -> list[tuple[int, dict[str, str]]]:
    """Whether a seat wins beyond its fair share; ``players``: the count to name, where the
    report has several."""
    if len(rows) < 2:
        return []

    def at_count(text: str) -> str:
        if players is None:
            return text
        return _("With {players} players: {finding}", players=players, finding=text)

    decisive = sum(r["wins"] for r in rows) / n if n else 0.0
    fair = decisive / len(rows)
    agents = {r["agent"] for r in rows}
    off = [r for r in rows if r["ci"][0] > fair or r["ci"][1] < fair]
    threshold = _(
        "a seat's {percent} interval for its win rate excludes the fair share, {fair} "
        "(decisive games shared equally among {seats} seats)",
        percent=LEVEL,
        fair=pct(fair),
        seats=len(rows),
    )
    if not off:
        widest = max(r["ci"][1] - r["ci"][0] for r in rows)
        if widest > SEAT_WIDE:  # "no edge" would read as a finding where nothing is known yet
            text = _(
                "Too few games to tell whether a seat has an edge ({games} games: a seat's win "
                "rate is known only to within {points} points either way). Every seat is "
                "within reach of {fair} so far; play more games.",
                games=n,
                points=round(50 * widest),
                fair=pct(fair),
            )
            unjudged = _(
                "{threshold}; not judged while an interval spans over {points} points",
                threshold=threshold,
                points=round(100 * SEAT_WIDE),
            )
            return [_f(7, at_count(text), unjudged)]
        text = _("No seat edge: every seat's win rate is within reach of {fair}.", fair=pct(fair))
        return [_f(5, at_count(text), threshold)]
    parts = _("; ").join(
        _("{seat} wins {rate} ({ci})", seat=r["role"], rate=pct(r["win_rate"]), ci=span(r["ci"]))
        for r in rows
    )
    best = max(rows, key=lambda r: r["win_rate"])
    if len(agents) > 1:
        text = _(
            "Seats differ ({seats}), but the seats play different agents: compare like with like.",
            seats=parts,
        )
        return [_f(3, at_count(text), threshold)]
    text = _(
        "Seat imbalance: {seats}. {best} has the edge (fair share {fair}).",
        seats=parts,
        best=best["role"],
        fair=pct(fair),
    )
    return [_f(1, at_count(text), threshold)]


def limit_finding(report: dict[str, Any]) -> list[tuple[int, dict[str, str]]]:
    limit = report["length"]["safety_limit"]
    threshold = _("more than {share} of games end at a safety limit", share=pct(LIMIT_SHARE))
    if not limit["reasons"]:
        return []
    if limit["rate"] > LIMIT_SHARE:
        text = _(
            "{share} of games ({ci}) ended at the safety limit ({reasons}): the game may stall.",
            share=pct(limit["rate"]),
            ci=span(limit["ci"]),
            reasons=_(", ").join(limit["reasons"]),
        )
        return [_f(0, text, threshold)]
    text = _("Games end by their own rules: {share} hit a safety limit.", share=pct(limit["rate"]))
    return [_f(8, text, threshold)]


def skill_finding(report: dict[str, Any]) -> list[tuple[int, dict[str, str]]]:
    skill = report["skill"]
    if not skill.get("available"):
        return []
    rows = {r["agent"]: r for r in skill["rows"]}
    rnd, heu = rows.get("random"), rows.get("heuristic")
    if rnd is None or heu is None:
        return []
    threshold = _(
        "the {percent} interval of the heuristic's win rate minus random's includes zero: "
        "skill may not matter",
        percent=LEVEL,
    )
    said = {
        "vs": _("playing alone")
        if report["solo"]
        else _("against {reference}", reference=skill["reference"]),
        "games": _("{games} games a rung", games=skill["games_per_rung"]),
        "heuristic": pct(heu["win_rate"]),
        "random": pct(rnd["win_rate"]),
    }
    low, high = difference(heu, rnd)
    if low <= 0 and high - low > TOO_WIDE:
        text = _(
            "Too few ladder games to tell whether skill matters ({games}: the heuristic wins "
            "{heuristic}, random {random} {vs}). Play more with --ladder-games.",
            **said,
        )
        unjudged = _(
            "{threshold}; not judged while that interval spans over {points} points",
            threshold=threshold,
            points=points(TOO_WIDE),
        )
        return [_f(7, text, unjudged)]
    if low <= 0:
        text = _(
            "Random play is not clearly worse than the heuristic ({random} vs {heuristic} {vs}, "
            "{games}): does skill matter? More ladder games would tell.",
            **said,
        )
        return [_f(1, text, threshold)]
    best = max(skill["rows"], key=lambda r: r["win_rate"])
    text = _(
        "Skill pays: random wins {random}, the heuristic {heuristic}, the best rung ({best}) "
        "{rate} {vs} ({games}).",
        best=best["label"],
        rate=pct(best["win_rate"]),
        **said,
    )
    return [_f(6, text, threshold)]


def card_findings(report: dict[str, Any]) -> list[tuple[int, dict[str, str]]]:
    cards = report["cards"]
    if not cards["available"]:
        return []
    rows = {r["card"]: r for r in cards["rows"]}
    out = []
    strong = [rows[c] for c in cards["ranking"] if rows[c]["ci"][0] > 0 or rows[c]["ci"][1] < 0]
    threshold = _(
        "the {percent} interval of a card's effect on its player's win rate excludes zero",
        percent=LEVEL,
    )
    if strong:
        top = strong[0]
        others = len(strong) - 1
        more = (
            n_(
                " ({count} other card shows a clear link too: see Cards)",
                " ({count} other cards show a clear link too: see Cards)",
                others,
            )
            if others
            else ""
        )
        text = _(
            "{card} goes with the largest change in win rate: {player} wins {how_often} ({low} "
            "to {high}) than in games without it{draws}{more}. A link, not proof of cause: "
            "check how the card plays.",
            card=top["name"],
            player=player(report),
            how_often=how_often(top["effect"]),
            low=points(top["ci"][0]),
            high=points(top["ci"][1]),
            draws=drawn(top),
            more=more,
        )
        out.append(_f(2, text, threshold))
    rare = [rarely(rows[c]) for c in cards["rarely_played"]]
    rare_threshold = _(
        "played or used in under {share} of games", share=pct(cards["rare_threshold"])
    )
    if rare:
        shown = _(", ").join(rare[:6])
        if len(rare) > 6:
            shown = _("{cards} and {count} more", cards=shown, count=len(rare) - 6)
        text = n_(
            "{count} card is almost never played: {cards}. Check that such a card can be played "
            "often enough and that the agents choose it.",
            "{count} cards are almost never played: {cards}. Check that such a card can be "
            "played often enough and that the agents choose it.",
            len(rare),
            cards=shown,
        )
        out.append(_f(4, text, rare_threshold))
    return out


def drawn(row: dict[str, Any]) -> str:
    """Where most games with the card were draws, a clause saying so: a draw is not a win, so
    a card that ends the game with no winner reads as a loss of win rate."""
    games, draws = sum(row["by_seat"]), row.get("draws", 0)  # a report from before: none
    if not games or draws * 2 < games:
        return ""
    return _(
        "; {draws} of those {games} games were draws, and a draw is not a win",
        draws=draws,
        games=games,
    )


def rarely(row: dict[str, Any]) -> str:
    """A card almost never played, with how often it was drawn and played."""
    drawn = n_("drawn {count} time", "drawn {count} times", row["drawn"])
    if not row["games"]:
        return _("{card} ({drawn}, never played or used)", card=row["name"], drawn=drawn)
    games = n_("{count} game", "{count} games", row["games"])
    return _(
        "{card} ({drawn}, played or used in {games})", card=row["name"], drawn=drawn, games=games
    )


def player(report: dict[str, Any]) -> str:
    """Who a card's effect is about, in words."""
    return _("the player who plays it") if report["solo"] else _("the seat that plays it")


def forced_finding(report: dict[str, Any]) -> list[tuple[int, dict[str, str]]]:
    forced = report["decisions"]["forced"]
    share = pct(forced["rate"])
    threshold = _("more than {share} of decisions offer a single option", share=pct(FORCED_SHARE))
    if forced["rate"] > FORCED_SHARE:
        text = _("{share} of decisions are forced (one option): little to decide.", share=share)
        return [_f(3, text, threshold)]
    return [_f(9, _("{share} of decisions are forced (one option).", share=share), threshold)]
