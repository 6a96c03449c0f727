"""Findings: what a designer should look at first, each from the report's numbers against a
threshold the page states. Most pressing first."""

from __future__ import annotations

import math
from typing import Any

# thresholds, stated on the page beside each finding
RARE_SHARE = 0.01  # a card played in under 1% of games counts as almost never played
LIMIT_SHARE = 0.01  # safety-limit endings above 1% of games are worth a look
FORCED_SHARE = 0.5  # over half the decisions with a single option: little to decide
EASY, HARD = 0.9, 0.1  # solo: a win rate surely above 90% or below 10% is worth a look
TOO_WIDE = 0.4  # a skill difference known no better than this (in rate) is not yet a finding
SEAT_WIDE = 0.2  # a seat's win rate known no better than this cannot rule out a 10-point edge
CALM = 5  # findings ranked from here on say that all is well


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
        return "about as often"
    return f"{shown} percentage points {'more' if x > 0 else 'less'} often"


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
    threshold = f"the win rate's 95% interval lies wholly above {pct(EASY)} or below {pct(HARD)}"
    rate, ci = pct(row["win_rate"]), span(row["ci"])
    if row["ci"][0] > EASY:
        text = (
            f"Almost always won: played by {row['agent']}, {rate} ({ci}). Too easy at this level?"
        )
        return [_f(1, text, threshold)]
    if row["ci"][1] < HARD:
        text = f"Almost never won: played by {row['agent']}, {rate} ({ci}). Too hard at this level?"
        return [_f(1, text, threshold)]
    return [
        _f(5, f"Played by {row['agent']}, the game is won {rate} ({ci}) of the time.", threshold)
    ]


def seat_finding(report: dict[str, Any]) -> list[tuple[int, dict[str, str]]]:
    counts = report.get("player_counts") or [{"players": report["players"], **report}]
    several = len(counts) > 1
    out = []
    for count in counts:
        prefix = f"With {count['players']} players: " if several else ""
        out.extend(seat_balance(count["seats"], count["games"], prefix))
    return out


def seat_balance(
    rows: list[dict[str, Any]], n: int, prefix: str
) -> list[tuple[int, dict[str, str]]]:
    if len(rows) < 2:
        return []
    decisive = sum(r["wins"] for r in rows) / n if n else 0.0
    fair = decisive / len(rows)
    agents = {r["agent"] for r in rows}
    off = [r for r in rows if r["ci"][0] > fair or r["ci"][1] < fair]
    threshold = (
        f"a seat's 95% interval for its win rate excludes the fair share, {pct(fair)} "
        f"(decisive games shared equally among {len(rows)} seats)"
    )
    if not off:
        widest = max(r["ci"][1] - r["ci"][0] for r in rows)
        if widest > SEAT_WIDE:  # "no edge" would read as a finding where nothing is known yet
            text = (
                f"{prefix}Too few games to tell whether a seat has an edge ({n} games: a "
                f"seat's win rate is known only to within {round(50 * widest)} points either "
                f"way). Every seat is within reach of {pct(fair)} so far; play more games."
            )
            return [
                _f(
                    7,
                    text,
                    threshold + f"; not judged while an interval spans over "
                    f"{round(100 * SEAT_WIDE)} points",
                )
            ]
        text = f"{prefix}No seat edge: every seat's win rate is within reach of {pct(fair)}."
        return [_f(5, text, threshold)]
    parts = "; ".join(f"{r['role']} wins {pct(r['win_rate'])} ({span(r['ci'])})" for r in rows)
    best = max(rows, key=lambda r: r["win_rate"])
    if len(agents) > 1:
        text = (
            f"{prefix}Seats differ ({parts}), but the seats play different agents: "
            "compare like with like."
        )
        return [_f(3, text, threshold)]
    text = f"{prefix}Seat imbalance: {parts}. {best['role']} has the edge (fair share {pct(fair)})."
    return [_f(1, text, threshold)]


def limit_finding(report: dict[str, Any]) -> list[tuple[int, dict[str, str]]]:
    limit = report["length"]["safety_limit"]
    threshold = f"more than {pct(LIMIT_SHARE)} of games end at a safety limit"
    if not limit["reasons"]:
        return []
    if limit["rate"] > LIMIT_SHARE:
        text = (
            f"{pct(limit['rate'])} of games ({span(limit['ci'])}) ended at the safety limit "
            f"({', '.join(limit['reasons'])}): the game may stall."
        )
        return [_f(0, text, threshold)]
    return [
        _f(8, f"Games end by their own rules: {pct(limit['rate'])} hit a safety limit.", threshold)
    ]


def skill_finding(report: dict[str, Any]) -> list[tuple[int, dict[str, str]]]:
    skill = report["skill"]
    if not skill.get("available"):
        return []
    rows = {r["agent"]: r for r in skill["rows"]}
    rnd, heu = rows.get("random"), rows.get("heuristic")
    if rnd is None or heu is None:
        return []
    threshold = (
        "the 95% interval of the heuristic's win rate minus random's includes zero: "
        "skill may not matter"
    )
    vs = "playing alone" if report["solo"] else f"against {skill['reference']}"
    games = f"{skill['games_per_rung']} games a rung"
    low, high = difference(heu, rnd)
    if low <= 0 and high - low > TOO_WIDE:
        text = (
            f"Too few ladder games to tell whether skill matters ({games}: the heuristic wins "
            f"{pct(heu['win_rate'])}, random {pct(rnd['win_rate'])} {vs}). "
            "Play more with --ladder-games."
        )
        return [
            _f(
                7,
                text,
                threshold
                + f"; not judged while that interval spans over {points(TOO_WIDE)} points",
            )
        ]
    if low <= 0:
        text = (
            f"Random play is not clearly worse than the heuristic ({pct(rnd['win_rate'])} vs "
            f"{pct(heu['win_rate'])} {vs}, {games}): does skill matter? More ladder games "
            "would tell."
        )
        return [_f(1, text, threshold)]
    best = max(skill["rows"], key=lambda r: r["win_rate"])
    text = (
        f"Skill pays: random wins {pct(rnd['win_rate'])}, the heuristic {pct(heu['win_rate'])}, "
        f"the best rung ({best['label']}) {pct(best['win_rate'])} {vs} ({games})."
    )
    return [_f(6, text, threshold)]


def card_findings(report: dict[str, Any]) -> list[tuple[int, dict[str, str]]]:
    cards = report["cards"]
    if not cards["available"]:
        return []
    rows = {r["card"]: r for r in cards["rows"]}
    out = []
    strong = [rows[c] for c in cards["ranking"] if rows[c]["ci"][0] > 0 or rows[c]["ci"][1] < 0]
    threshold = "the 95% interval of a card's effect on its player's win rate excludes zero"
    if strong:
        top = strong[0]
        others = len(strong) - 1
        more = (
            f" ({others} other card{'s' if others > 1 else ''} show{'' if others > 1 else 's'} "
            "a clear link too: see Cards)"
            if others
            else ""
        )
        text = (
            f"{top['name']} goes with the largest change in win rate: {player(report)} "
            f"wins {how_often(top['effect'])} ({points(top['ci'][0])} to "
            f"{points(top['ci'][1])}) than in games without it{drawn(top)}{more}. "
            "A link, not proof of cause: check how the card plays."
        )
        out.append(_f(2, text, threshold))
    rare = [rarely(rows[c]) for c in cards["rarely_played"]]
    rare_threshold = f"played or used in under {pct(cards['rare_threshold'])} of games"
    if rare:
        shown = ", ".join(rare[:6]) + (f" and {len(rare) - 6} more" if len(rare) > 6 else "")
        many = f"{len(rare)} cards are" if len(rare) > 1 else "1 card is"
        text = (
            f"{many} almost never played: {shown}. "
            "Check that such a card can be played often enough and that the agents choose it."
        )
        out.append(_f(4, text, rare_threshold))
    return out


def drawn(row: dict[str, Any]) -> str:
    """Where most games with the card were draws, a clause saying so: a draw is not a win, so
    a card that ends the game with no winner reads as a loss of win rate."""
    games, draws = sum(row["by_seat"]), row.get("draws", 0)  # a report from before: none
    if not games or draws * 2 < games:
        return ""
    return f"; {draws} of those {games} games were draws, and a draw is not a win"


def rarely(row: dict[str, Any]) -> str:
    """A card almost never played, with how often it was drawn and played."""
    drawn = f"drawn {row['drawn']} time{'' if row['drawn'] == 1 else 's'}"
    if not row["games"]:
        return f"{row['name']} ({drawn}, never played or used)"
    games = f"{row['games']} game{'' if row['games'] == 1 else 's'}"
    return f"{row['name']} ({drawn}, played or used in {games})"


def player(report: dict[str, Any]) -> str:
    """Who a card's effect is about, in words."""
    return "the player who plays it" if report["solo"] else "the seat that plays it"


def forced_finding(report: dict[str, Any]) -> list[tuple[int, dict[str, str]]]:
    forced = report["decisions"]["forced"]
    threshold = f"more than {pct(FORCED_SHARE)} of decisions offer a single option"
    if forced["rate"] > FORCED_SHARE:
        text = f"{pct(forced['rate'])} of decisions are forced (one option): little to decide."
        return [_f(3, text, threshold)]
    return [_f(9, f"{pct(forced['rate'])} of decisions are forced (one option).", threshold)]
