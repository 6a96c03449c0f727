"""The designer's report (issue 18): the very games simulate plays, the same JSON for any
--jobs, the documented keys, a self-contained page, figures that move when the rules do,
and one-line errors for bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

import rulebook.cli.commands as cli
from rulebook.engine.game import load
from rulebook.games.swing.cards import DEFAULT_CARDS
from rulebook.lab.build import Settings, build
from rulebook.lab.findings import (
    difference,
    how_often,
    pct,
    points,
    rarely,
    skill_finding,
    span,
)
from rulebook.lab.ladder import ladder, rungs
from rulebook.lab.page import ends_picture, hidden_worth, render, skill_picture

runner = CliRunner()
KEYS = ("seats", "length", "ends", "cards", "skill", "decisions", "lead_changes", "findings")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli.app, list(args))
    return result.exit_code, result.stdout, result.stderr


def report_json(tmp_path: Path, name: str, *args: str) -> dict:
    target = tmp_path / name
    code, _, err = run("report", *args, "--no-ladder", "--json", str(target))
    assert code == 0, err
    return json.loads(target.read_text())


def test_seats_are_the_games_simulate_plays(tmp_path: Path) -> None:
    args = ("the-game", "--games", "30", "--seed", "5", "--agents", "heuristic,random")
    data = report_json(tmp_path, "r.json", *args)
    code, out, _ = run("simulate", *args, "--json")
    assert code == 0
    sim = json.loads(out)
    for row, seat in zip(data["seats"], sim["seats"], strict=True):
        assert (row["wins"], row["draws"], row["losses"]) == (
            seat["wins"],
            seat["draws"],
            seat["losses"],
        )
        assert row["agent"] == seat["agent"]
    assert {e["reason"]: e["count"] for e in data["ends"]} == sim["end_reasons"]


def test_json_is_identical_for_any_jobs_and_has_the_documented_keys(tmp_path: Path) -> None:
    args = ("swing", "--games", "24", "--seed", "2", "--players", "3")
    one = tmp_path / "one.json"
    two = tmp_path / "two.json"
    assert run("report", *args, "--no-ladder", "--json", str(one), "--jobs", "1")[0] == 0
    assert run("report", *args, "--no-ladder", "--json", str(two), "--jobs", "2")[0] == 0
    assert one.read_bytes() == two.read_bytes()
    data = json.loads(one.read_text())
    for key in KEYS:
        assert key in data, key
    for row in data["seats"]:
        assert {"seat", "agent", "wins", "draws", "losses", "win_rate", "ci"} <= set(row)
        assert row["ci"][0] <= row["win_rate"] <= row["ci"][1]
    assert len(data["seats"]) == 3
    for row in data["cards"]["rows"]:
        assert {"card", "name", "games", "ci"} <= set(row)
    for key in ("turns", "decisions"):
        assert {"mean", "median", "p90", "histogram"} <= set(data["length"][key])


def test_a_rule_switch_that_favours_a_seat_moves_the_seat_figures(tmp_path: Path) -> None:
    """The GAME: Player 2 needing one pleasure card instead of five wins far more often."""
    base = ("the-game", "--games", "40", "--seed", "1")
    fair = report_json(tmp_path, "a.json", *base)
    tilted = report_json(tmp_path, "b.json", *base, "--set", "pleasures-to-win=1")
    assert tilted["changed"] == {"pleasures_to_win": 1}
    assert tilted["seats"][1]["win_rate"] > fair["seats"][1]["win_rate"] + 0.2
    assert tilted["seats"][1]["ci"][0] > fair["seats"][1]["ci"][1]
    assert any("Seat imbalance" in f["text"] for f in tilted["findings"])


def test_the_page_is_self_contained_and_says_what_each_picture_shows(tmp_path: Path) -> None:
    page = tmp_path / "r.html"
    code, _, err = run("report", "the-game", "--games", "20", "--no-ladder", "--out", str(page))
    assert code == 0, err
    html = page.read_text()
    assert "<script" not in html.lower()
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", html)
    assert "@import" not in html and not re.search(r"""url\(\s*["']?(?!#)""", html)
    assert html.count("<svg") >= 4
    assert html.count("<figure>") == html.count("<figcaption>")
    assert "Look at these first" in html and "95%" in html


def test_skill_ladder_rungs_each_play_the_reference() -> None:
    game = load("the-game")
    names = [spec for spec, _ in rungs(game)]
    assert names[:2] == ["random", "heuristic"] and sum("ismcts" in n for n in names) == 2
    assert names[-1] == "oracle:iterations=400"  # the ceiling, at the top search budget
    data = ladder("the-game", game, 2, 4, 0, 1, {}, budgets=(2, 4), extras=())
    assert [r["games"] for r in data["rows"]] == [4, 4, 4, 4]
    assert data["reference"] == "heuristic"
    for row in data["rows"]:
        assert row["ci"][0] <= row["win_rate"] <= row["ci"][1]


def test_lead_changes_use_the_estimate_and_render(tmp_path: Path) -> None:
    report = build(Settings("susumuka-modoruka", ["heuristic"] * 2, 12, ladder_games=0))
    leads = report["lead_changes"]
    assert leads["available"] and leads["per_game"]["mean"] >= 0
    assert 0 <= leads["settled"]["mean"] <= 1
    low, high = leads["settled"]["median_ci"]  # the median "of the way through" has its interval
    assert 0 <= low <= leads["settled"]["median"] <= high <= 1
    page = render(report)
    assert "Lead changes" in page
    assert re.search(r"of the way through a game \(median, 95% interval [\d.]+%–[\d.]+%\)", page)


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    for args in (
        ("nope",),
        ("the-game", "--agents", "wizard,random"),
        ("the-game", "--without", "no-such-card"),
        ("the-game", "--set", "no-such-rule=1"),
        ("the-game", "--bogus"),
        ("the-game", "--out", str(tmp_path / "missing" / "r.html")),
    ):
        code, _, err = run("report", *args, "--games", "2", "--no-ladder")
        assert code == 2, args
        assert len(err.strip().splitlines()) == 1, (args, err)
    existing = tmp_path / "r.json"
    existing.write_text("keep")
    code, _, err = run("report", "the-game", "--games", "2", "--json", str(existing))
    assert code == 2 and "--force" in err and existing.read_text() == "keep"
    code, _, _ = run(
        "report", "the-game", "--games", "2", "--no-ladder", "--json", str(existing), "--force"
    )
    assert code == 0 and json.loads(existing.read_text())["games"] == 2


def test_out_names_an_html_page_as_sweeps_does(tmp_path: Path) -> None:
    """``--out x.txt`` or ``--out out/`` (a folder not made yet) wrote a page by that name."""
    for name in ("r.txt", "out/"):
        target = tmp_path / name
        code, _, err = run(
            "report", "the-game", "--games", "2", "--no-ladder", "--out", str(target)
        )
        assert code == 2 and "--out names an HTML page (FILE.html)" in err, err
        assert not target.exists() and not (tmp_path / "out").exists()


def test_without_output_it_summarises_and_says_where_it_would_write() -> None:
    code, out, _ = run("report", "ribbon-of-bone", "--games", "5", "--no-ladder")
    assert code == 0 and "Nothing written" in out and "--out ribbon-of-bone-report.html" in out


def test_a_card_made_far_stronger_tops_the_card_ranking(tmp_path: Path) -> None:
    """SWING!: one Shy Neighbour a deck, free and at 20 Prowess / 20 Endurance instead of 1/2:
    the seat that plays it wins far more often, and the report ranks it first."""
    reference = DEFAULT_CARDS.read_text()
    plain = "cost = 1\nprowess = 1\nendurance = 2\nsurprise = true\n"
    block = 'id = "shy-neighbour"\nname = "Shy Neighbour"\nkind = "guest"\n'
    strong = reference.replace(
        block + plain,
        block
        + plain.replace("cost = 1", "cost = 0")
        .replace("prowess = 1", "prowess = 20")
        .replace("endurance = 2", "endurance = 20"),
    )
    strong = strong.replace("shy-neighbour = 2", "shy-neighbour = 1")
    assert strong.count("prowess = 20") == 1
    cards = tmp_path / "strong.toml"
    cards.write_text(strong)
    config = {"cards": str(cards)}
    report = build(Settings("swing", ["heuristic"] * 2, 80, config=config, ladder_games=0))
    ranking = report["cards"]["ranking"]
    assert ranking[0] == "shy-neighbour", ranking[:3]
    row = next(r for r in report["cards"]["rows"] if r["card"] == "shy-neighbour")
    assert row["ci"][0] > 0
    assert any(
        "Shy Neighbour goes with the largest change" in f["text"] for f in report["findings"]
    )


def test_the_game_card_section_reads_in_order_with_its_draws_and_its_unplayed_card() -> None:
    """The GAME: Stop Game ends the game with no winner (A12), so its -46 points are draws, and
    the page says so with the interval; the clear links come largest first (by |z| they read
    -46, +20, +17, +19...); Remove Equipment, drawn but never used by the heuristic, is named
    with how often it was drawn and why its effect is not measured."""
    report = build(Settings("the-game", ["heuristic"] * 2, 200, ladder_games=0))
    cards = report["cards"]
    rows = {r["card"]: r for r in cards["rows"]}
    stop = rows["stop-game"]
    assert stop["draws"] == sum(stop["by_seat"]) > 0 and stop["with_rate"] == 0
    ranked = [rows[c] for c in cards["ranking"]]
    clear = [r for r in ranked if r["ci"][0] > 0 or r["ci"][1] < 0]
    assert ranked[: len(clear)] == clear and clear[0]["card"] == "stop-game"
    sizes = [abs(r["effect"]) for r in clear]
    assert sizes == sorted(sizes, reverse=True)
    found = " ".join(f["text"] for f in report["findings"])
    low, high = points(stop["ci"][0]), points(stop["ci"][1])
    games = sum(stop["by_seat"])
    said = f"({low} to {high}) than in games without it; {games} of those {games} games were draws"
    assert said + ", and a draw is not a win" in found
    remove = rows["remove-equipment"]
    assert remove["games"] == 0 and remove["drawn"] > 0
    assert f"Remove Equipment (drawn {remove['drawn']} times, never played or used)" in found
    page = render(report)
    assert "Stop Game shows the largest clear change: the seat that plays it wins" in page
    assert f"({low} to {high}) than in games without it; {games} of those" in page
    assert "not measured" in page and "Its effect cannot be measured" in page
    remove.update(games=1, played=1, effect=12.0, ci=[-30.0, 54.0])  # played once: measured
    said = render(report)
    assert "Its effect cannot be measured" not in said and "Too few games show its effect" in said


def test_a_rarely_played_card_is_counted_in_the_right_number() -> None:
    """'drawn 1 time', 'in 1 game': a designer reads the counts as words."""
    once = {"name": "Ice", "drawn": 1, "games": 1}
    assert rarely(once) == "Ice (drawn 1 time, played or used in 1 game)"
    assert rarely({**once, "drawn": 3, "games": 0}) == "Ice (drawn 3 times, never played or used)"
    assert (
        rarely({**once, "drawn": 4, "games": 2}) == "Ice (drawn 4 times, played or used in 2 games)"
    )


def test_each_player_count_is_the_simulation_of_that_count(tmp_path: Path) -> None:
    """Repeated --players: each count's seats are what ``simulate --players N`` plays; the
    rest of the report is about the first count."""
    base = ("swing", "--games", "12", "--seed", "4")
    data = report_json(tmp_path, "r.json", *base, "--players", "2", "--players", "4")
    assert [c["players"] for c in data["player_counts"]] == [2, 4]
    assert data["players"] == 2 and len(data["seats"]) == 2
    for count in data["player_counts"]:
        code, out, _ = run(
            "simulate", *base, "--players", str(count["players"]), "--agents", "heuristic", "--json"
        )
        assert code == 0
        sim = json.loads(out)
        assert [s["wins"] for s in count["seats"]] == [s["wins"] for s in sim["seats"]]
    page = render(data)
    assert "Seats at each player count" in page
    # each count's fair share marked on its own bars, and said so under the picture
    assert "dashed: fair share" in page and "(dashed marks: each count&#39;s fair share)" in page


def test_by_default_every_player_count_the_game_allows(tmp_path: Path) -> None:
    data = report_json(tmp_path, "r.json", "susumuka-modoruka", "--games", "3")
    assert [c["players"] for c in data["player_counts"]] == [2, 3, 4, 5, 6]
    named = report_json(
        tmp_path, "n.json", "susumuka-modoruka", "--games", "3", "--agents", "heuristic,random"
    )
    assert [c["players"] for c in named["player_counts"]] == [2]


def test_a_ladder_too_small_to_tell_says_so_instead_of_doubting_skill() -> None:
    def rung(agent: str, wins: int, games: int) -> dict:
        return {
            "agent": agent,
            "label": agent,
            "wins": wins,
            "games": games,
            "win_rate": wins / games,
            "ci": [0.0, 1.0],
        }

    def verdict(random_wins: int, heuristic_wins: int, games: int) -> str:
        report = {
            "solo": False,
            "skill": {
                "available": True,
                "reference": "heuristic",
                "games_per_rung": games,
                "rows": [
                    rung("random", random_wins, games),
                    rung("heuristic", heuristic_wins, games),
                ],
            },
        }
        return skill_finding(report)[0][1]["text"]

    assert verdict(1, 2, 4).startswith("Too few ladder games")
    assert verdict(90, 95, 200).startswith("Random play is not clearly worse")
    assert verdict(10, 90, 200).startswith("Skill pays")


def test_rates_never_round_to_a_false_zero_or_whole() -> None:
    assert (pct(0), pct(1), pct(0.0004), pct(0.9996)) == ("0%", "100%", "<0.1%", ">99.9%")
    assert (pct(0.082), pct(0.5), pct(0.983)) == ("8.2%", "50%", "98.3%")


def test_the_ladder_says_what_the_hidden_cards_are_worth() -> None:
    """Issue 23: the oracle rung (the same search, every card known, at the top budget) is
    read against ISMCTS at that budget in one plain sentence."""
    game = load("the-game")
    report = build(Settings("the-game", ["heuristic"] * 2, 4, ladder_games=0))
    report["skill"] = ladder("the-game", game, 2, 2, 0, 1, {}, budgets=(2, 4))
    assert report["skill"]["rows"][-1]["spec"] == "oracle:iterations=4"
    assert "Knowing every hidden card, the same search wins" in render(report)


def test_the_games_own_figures_read_with_intervals_words_and_order(tmp_path: Path) -> None:
    """Susumuka & Modoruka at 3 players always lasts 20 turns: the page says so in a
    sentence and pictures decisions per game instead; its deaths come with an interval, its
    trophy tiers in order with shares, and its endings with the game's own words."""
    out, data = tmp_path / "r.html", tmp_path / "r.json"
    code, _, err = run(
        *("report", "susumuka-modoruka", "--games", "40", "--players", "3", "--no-ladder"),
        *("--estimate-every", "0", "--out", str(out), "--json", str(data)),
    )
    assert code == 0, err
    report = json.loads(data.read_text())
    page = out.read_text()
    low, high = report["tally_intervals"]["deaths"]
    assert low <= report["tallies"]["deaths"] <= high
    assert f"{report['tallies']['deaths']:.2f} on average ({low:.2f}–{high:.2f})" in page
    tiers = list(report["tallies"]["deepest trophy"])
    lows = [int(t.split("-")[0].rstrip("+")) for t in tiers if t != "none"]
    assert lows == sorted(lows) and len(lows) >= 2
    assert "none" not in tiers[1:]  # a word without a number comes first
    median = report["length"]["decisions"]["median"]
    assert f"Every game lasts exactly 20 turns; a game takes {median:g} decisions" in page
    assert "deepest [the deepest result that counts won (the score-by rule parameter" in page


def ladder_rows(*rows: tuple[str, str, int, int]) -> dict:
    """A report's skill section from (agent spec, label, wins, games) rungs."""
    out = []
    for spec, label, wins, games in rows:
        out.append(
            {
                "agent": spec.split(":")[0],
                "spec": spec,
                "label": label,
                "wins": wins,
                "games": games,
                "win_rate": wins / games,
                "ci": [0.0, 1.0],
            }
        )
    return {"available": True, "reference": "heuristic", "games_per_rung": 4, "rows": out}


def test_the_hidden_cards_sentence_reads_as_english_when_the_search_gains_nothing() -> None:
    """Oracle and ISMCTS winning alike read "(about as, −53 to +53)"."""
    report = {
        "solo": False,
        "skill": ladder_rows(
            ("ismcts:iterations=4", "ismcts 4", 3, 4), ("oracle:iterations=4", "oracle", 3, 4)
        ),
    }
    text = hidden_worth(report)
    assert text is not None and "about as," not in text
    assert re.search(r"wins 75% against 75% without \(no difference, −\d+ to \+\d+\)", text)


def test_the_ladder_sentence_gives_the_gap_with_its_interval() -> None:
    """Every figure with its interval: "random wins 0% and ismcts 400 75%: better play wins
    more" said so from 4 games a rung, with no range a designer could weigh."""
    report = {
        "solo": False,
        "skill": ladder_rows(
            ("random", "random", 0, 4), ("ismcts:iterations=400", "ismcts 400", 3, 4)
        ),
    }
    _, text = skill_picture(report)
    low, high = difference(report["skill"]["rows"][1], report["skill"]["rows"][0])
    assert f"(75 points more, {points(low)} to {points(high)})" in text, text


def test_means_on_the_page_have_their_intervals(tmp_path: Path) -> None:
    """The length, the decisions a game and the lead changes a game were bare means, and the
    share of games with a lead change had its interval in the JSON only."""
    out, data = tmp_path / "r.html", tmp_path / "r.json"
    code, _, err = run(
        *("report", "swing", "--games", "30", "--players", "2", "--no-ladder"),
        *("--out", str(out), "--json", str(data)),
    )
    assert code == 0, err
    report = json.loads(data.read_text())
    page = " ".join(re.sub(r"<[^>]+>", " ", out.read_text()).split())
    turns, decisions = report["length"]["turns"], report["length"]["decisions"]
    for spread in (turns, decisions, report["lead_changes"]["per_game"]):
        low, high = spread["ci"]
        assert low <= spread["mean"] <= high
    assert (
        f"(mean {turns['mean']:.1f}, 95% interval {turns['ci'][0]:.1f}–{turns['ci'][1]:.1f})"
        in page
    )
    low, high = decisions["ci"]
    assert f"{decisions['mean']:.1f} decisions a game ({low:.1f}–{high:.1f})" in page, page
    per, changed = report["lead_changes"]["per_game"], report["lead_changes"]["games_with_change"]
    assert f"changes {per['mean']:.1f} times a game on average ({per['ci'][0]:.1f}–" in page
    assert f"{pct(changed['rate'])} of games ({span(changed['ci'])}) see at least one" in page


def test_a_percent_axis_never_reads_above_99_9_percent() -> None:
    """The tick at the whole game read ">99.9%" (a float a hair over 1 through the rounding
    that keeps a rate from reading a false 100%)."""
    from rulebook.lab import pictures

    svg = pictures.histogram([[0.0, 0.1, 3], [0.9, 1.0, 2]], "share", percent=True)
    assert ">99.9%" not in svg.replace("&gt;", ">") and "100%" in svg


def test_near_marks_on_a_chart_put_their_labels_apart() -> None:
    """A six-seat game's median of 17 turns and 90th percentile of 18 printed "median90%" on
    one spot: the left one's label now ends at its line, the right one's starts at its."""
    from rulebook.lab import pictures

    svg = pictures.histogram(
        [[11, 11, 13], [12, 12, 12], [17, 17, 27], [18, 18, 8]],
        "turns per game",
        {"median": 17, "90%": 18},
    )
    found = {
        words.strip(): (anchor, float(x))
        for anchor, x, words in re.findall(
            r'text-anchor: (\w+); fill: #b4441d" x="([\d.]+)"[^>]*>([^<]*)</text>', svg
        )
    }
    assert found["median"][0] == "end" and found["90%"][0] == "start", found
    assert found["median"][1] < found["90%"][1]


def test_the_card_table_says_what_its_columns_are_with_the_share_of_games_interval(
    tmp_path: Path,
) -> None:
    """ "games played 91.0%" had no interval, and "by seat 0 / 91" no word on what it is."""
    out, data = tmp_path / "r.html", tmp_path / "r.json"
    code, _, err = run(
        *("report", "the-game", "--games", "20", "--no-ladder", "--estimate-every", "0"),
        *("--out", str(out), "--json", str(data)),
    )
    assert code == 0, err
    report = json.loads(data.read_text())
    page = out.read_text()
    for row in report["cards"]["rows"]:
        share = row["played_share"]
        shown = f'<td>{pct(share["rate"])}<br><span class="ci">{span(share["ci"])}</span></td>'
        assert shown in page
    assert "Under each figure, its 95% interval." in page
    assert "By seat: in how many games each seat (Player 1 / Player 2) played or used it." in page


def test_a_ladder_whose_rungs_all_tie_does_not_name_one_rung_twice() -> None:
    """Ribbon of Bone won every game at every rung: "random wins 100% and random 100%"."""
    report = {
        "solo": True,
        "skill": ladder_rows(("random", "random", 2, 2), ("heuristic", "heuristic", 2, 2)),
    }
    _, text = skill_picture(report)
    assert text.startswith("Playing alone, every rung wins 100% (")
    assert "random" not in text and "the rungs are within chance of each other." in text


def test_a_designer_reads_differences_in_percentage_points_and_every_ending_with_its_interval() -> (
    None
):
    """ "Points" alone could be read as a game's own points; each ending named in the
    sentence under the endings chart carries its interval, not only the first."""
    assert how_often(0.123) == "12 percentage points more often"
    assert how_often(-0.4) == "40 percentage points less often"
    assert how_often(0.001) == "about as often"
    ends = [
        {"reason": "queue", "words": "the Queue held enough", "rate": 0.6, "ci": [0.5, 0.7],
         "safety_limit": False},
        {"reason": "stop-game", "words": None, "rate": 0.4, "ci": [0.3, 0.5],
         "safety_limit": False},
    ]  # fmt: skip
    _, text = ends_picture({"ends": ends})
    assert "queue [the Queue held enough] (60%, 50%–70%)" in text
    assert "then stop-game (40%, 30%–50%)" in text
