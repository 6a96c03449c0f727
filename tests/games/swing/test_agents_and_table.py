"""The heuristic clearly beats random play (2 and 4 players); the terminal table shows who
holds Power, meters, the Room with tags and seductions, and the seat's own hand only."""

from __future__ import annotations

import math

import pytest
from rich.console import Console

import rulebook
from rulebook.agents import make_agent
from rulebook.engine.random import Rng
from rulebook.games.swing.agents import HeuristicAgent
from rulebook.sim.runner import simulate
from tests.games.swing.helpers import act, start


def _heuristic_share(players: int, games: int) -> float:
    """Seat 0 plays the heuristic, the others random: seat 0's share of the points."""
    g = rulebook.load("swing")
    total = 0.0
    for seed in range(games):
        state = g.new_state(seed=seed, players=players)
        rng = Rng(seed)
        agent = HeuristicAgent(g, 0, seed, {})
        while not state.is_over():
            if state.to_move == 0:
                state.apply(agent.act(state.infoset(0)), narrate=False)
            else:
                ids = state.legal_ids()
                state.apply(ids[rng.below(len(ids))], narrate=False)
        total += state.returns()[0]
    return total / games


def test_heuristic_clearly_beats_random_two_players() -> None:
    assert _heuristic_share(2, 30) > 0.8


def test_heuristic_clearly_beats_random_four_players() -> None:
    assert _heuristic_share(4, 16) > 0.45  # a fair share is 0.25


def test_table_shows_power_meters_room_and_own_hand() -> None:
    state = start()
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Silver Fox")
    g = state.game
    console = Console(width=120, record=True)
    console.print(g.frontend().render(g, state.view(0)))  # type: ignore[misc]
    text = console.export_text()
    assert "Player 1 to act: Foreplay, the Top's part (Power: Top)" in text and "24/24" in text
    assert "Four-Poster Bed" in text and "Silver Fox (guest)" in text and "3P/2E" in text
    assert "Your hand" in text and "Tango" in text
    console = Console(width=120, record=True)
    console.print(g.frontend().render(g, state.view(1)))  # type: ignore[misc]
    assert "Tango" not in console.export_text()


def test_summary_at_the_end() -> None:
    state = start(pleasure_meter=3)
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Silver Fox")
    act(state, "Done")
    act(state, "Seduce Player 2")
    g = state.game
    console = Console(width=100, record=True)
    console.print(g.frontend().summary(g, state.view(0)))  # type: ignore[misc]
    text = console.export_text()
    assert "Host orgasms: 1" in text and "Player 1: brought about 1" in text


def test_estimate_follows_the_seduction() -> None:
    """ISMCTS scores unfinished rollouts by ``estimate()``: an unblocked seduction raises the
    seducing Top's share; the shares are a split of one point."""
    state = start()
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Silver Fox")
    before = state.estimate()
    act(state, "Done")
    act(state, "Seduce Player 2")
    after = state.estimate()
    assert abs(sum(after) - 1.0) < 1e-9 and all(0.0 <= v <= 1.0 for v in after)
    assert after[0] > before[0]


def _phases_where_rollouts_end(
    monkeypatch: pytest.MonkeyPatch, players: int, spec: str
) -> set[str]:
    """The phases in which a search's unfinished rollouts were scored, searching a move
    sixty heuristic decisions into a game (the turns are full by then)."""
    game = rulebook.load("swing")
    state = game.new_state(seed=3, players=players)
    agents = [make_agent("heuristic", game, seat, 3) for seat in range(players)]
    for _ in range(60):
        seat = state.to_move or 0
        state.apply(agents[seat].act(state.infoset(seat)), narrate=False)
    seen: list[str] = []
    estimate = type(state).estimate

    def recording(self: rulebook.State) -> list[float] | None:
        seen.append(self.view(None)["phase"])
        return estimate(self)

    monkeypatch.setattr(type(state), "estimate", recording)
    seat = state.to_move or 0
    make_agent(spec, game, seat, 3).act(state.infoset(seat))
    return set(seen)


def test_at_six_players_the_search_scores_its_new_nodes_mid_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At six players the search does not roll out: the fitted estimate scores each new
    node where it stands, in the middle of a turn (``rollout_turns=1``, the default
    before, rolled out until the next Top's turn began and was scored only there); two
    players keep three-decision rollouts, four and five roll out two, three the usual six."""
    top = "Foreplay: Power: Top"  # the first step of a Top's turn
    scored = _phases_where_rollouts_end(monkeypatch, 6, "ismcts:iterations=30")
    assert scored and top not in scored
    assert _phases_where_rollouts_end(monkeypatch, 6, "ismcts:iterations=30:rollout_turns=1") == {
        top
    }
    game = rulebook.load("swing")
    assert dict(game.search_defaults_for(6)) == {"rollout": "0", "exploration": "0.4"}
    # four and five: two-decision rollouts scored by the fitted estimate; three: the usual
    assert (
        dict(game.search_defaults_for(5)) == dict(game.search_defaults_for(4)) == {"rollout": "2"}
    )
    assert dict(game.search_defaults_for(3)) == {}
    assert dict(game.search_defaults_for(2)) == {"rollout": "3"}  # two: a shorter rollout


def _six_players_after_the_first_orgasm(seed: int) -> rulebook.State:
    """A six-player game of heuristics played until a Host's first orgasm (the game ends
    when that Round is complete)."""
    game = rulebook.load("swing")
    state = game.new_state(seed=seed, players=6)
    agents = [make_agent("heuristic", game, seat, seed) for seat in range(6)]
    while state.decisions and not sum(state.view(None)["hosts"][s]["orgasms"] for s in range(6)):
        seat = state.to_move or 0
        state.apply(agents[seat].act(state.infoset(seat)), narrate=False)
    assert state.decisions
    return state


@pytest.mark.parametrize("seed", [0, 3])
def test_six_player_estimate_knows_who_can_still_score(seed: int) -> None:
    """In the last Round (a Host has had an orgasm), seats that have been Top this Round and
    brought none about can no longer win: the fitted estimate reads them near nothing and
    the seat that scored far ahead; the share estimate (still used below six players) gave
    each about a tenth of the point."""
    state = _six_players_after_the_first_orgasm(seed)
    view = state.view(None)
    scored = [h["orgasms_caused"] for h in view["hosts"]]
    values = state.estimate()
    assert values is not None and abs(sum(values) - 1.0) < 1e-9
    leader = scored.index(1)
    assert leader == 4  # both seeds: so seats 1-3 were Top this Round before it
    assert values[leader] > 0.9
    done = [s for s in (1, 2, 3) if not scored[s]]
    assert done and all(values[s] < 0.01 for s in done)


def _log_loss_of_estimate(games: int, **rules: str) -> float:
    """The mean log loss of ``estimate()`` against who won, over every decision of
    six-player heuristic games with a fifth of the moves random (an even guess: ln 6)."""
    game = rulebook.load("swing", **rules)
    total, positions = 0.0, 0
    for index in range(games):
        rng = Rng(index)
        state = game.new_state(seed=7919 * index + 3, players=6)
        agents = [make_agent("heuristic", game, s, index) for s in range(6)]
        seen = []
        while state.decisions:
            seen.append(state.estimate())
            seat = state.to_move or 0
            legal = state.legal_ids()
            if rng.below(5) == 0:
                state.apply(legal[rng.below(len(legal))], narrate=False)
            else:
                state.apply(agents[seat].act(state.infoset(seat)), narrate=False)
        won = state.returns()
        if sum(won):
            for values in seen:
                loss = sum(w * math.log(max(v, 1e-12)) for w, v in zip(won, values, strict=True))
                total -= loss / sum(won)
            positions += len(seen)
    return total / positions


def test_under_another_scoring_rule_six_players_keep_the_share_estimate() -> None:
    """The fitted estimate's weights were fitted with the seducer scoring (A15): under
    ``winner=host`` a drop in your own meter is your gain, and the fitted weights read the
    game backwards (log loss 2.7, worse than an even guess's 1.79). Such tables keep the
    share estimate and the whole-turn rollouts, and predict better than a guess."""
    assert _log_loss_of_estimate(10, winner="host") < math.log(6)
    assert _log_loss_of_estimate(10) < 1.45  # the fitted estimate, under the rules it fits
    host = rulebook.load("swing", winner="host")
    assert dict(host.search_defaults_for(6)) == {"rollout_turns": "1", "exploration": "0.4"}
    assert dict(host.search_defaults_for(4)) == {}  # the usual six-decision rollouts


@pytest.mark.parametrize(("players", "weights"), [(4, "FOUR"), (5, "FIVE"), (6, "SIX")])
def test_fitted_estimate_weighs_the_figures_the_fit_reads(players: int, weights: str) -> None:
    """The estimate's written-out sums are the softmax of ``seat_figures`` weighed by the
    table size's weights (``SIX_WEIGHTS`` at six), the figures
    ``benchmarks/fit_swing_estimate.py`` fits, at every decision of random games."""
    from rulebook.games.swing import view
    from rulebook.games.swing.view import View

    weighed = getattr(view, f"{weights}_WEIGHTS")
    game = rulebook.load("swing")
    for seed in range(6):
        state = game.new_state(seed=seed, players=players)
        assert isinstance(state, View)
        rng = Rng(seed)
        while state.decisions:
            scores = [
                sum(w * x for w, x in zip(weighed, row, strict=True))
                for row in state.seat_figures()
            ]
            top = max(scores)
            weights = [math.exp(v - top) for v in scores]
            expected = [w / sum(weights) for w in weights]
            got = state.estimate()
            assert all(abs(a - b) < 1e-12 for a, b in zip(got, expected, strict=True))
            legal = state.legal_ids()
            state.apply(legal[rng.below(len(legal))], narrate=False)


def test_table_names_the_seduction_being_blocked() -> None:
    """At a block decision the table says which seducer is being answered (several may be
    aimed at the same Host) and groups the Room by Host."""
    state = start()
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Silver Fox")
    act(state, "Done")
    act(state, "Done")  # the Fox is kept back to block (A4: P1's bed stays tagged in Round 1)
    act(state, "Place Hot Tub")
    act(state, "Introduce Night-Owl Bartender")
    act(state, "Done")
    act(state, "Seduce Player 1")
    g = state.game
    console = Console(width=120, record=True)
    console.print(g.frontend().render(g, state.view(0)))  # type: ignore[misc]
    text = console.export_text()
    assert "Block this seducer? Night-Owl Bartender (1P/3E) is seducing Player 1" in text
    room = text[text.index("The Room") :]
    assert room.index("Silver Fox (guest)") < room.index("Hot Tub") < room.index("Night-Owl B")


def test_simulation_reports_rounds_and_orgasms_by_cause() -> None:
    """Issue 11: simulation figures (``tallies``) give Rounds per game and orgasms by cause;
    two Hosts on 6-point meters: every game ends with exactly one Host's orgasm, and a
    Round holds at most two turns."""
    summary = simulate("swing", ["random", "random"], 6, seed=1, config={"pleasure_meter": 6})
    f = summary.figures
    assert list(f) == [
        "rounds",
        "host orgasms",
        "seducer cards to the Laundry",
        "blocker cards to the Laundry",
    ]
    rounds = f["rounds"]
    assert isinstance(rounds, float) and rounds >= 1
    assert 2 * rounds - 1 <= summary.mean_turns <= 2 * rounds
    assert summary.end_reasons == {"orgasm": 6} and f["host orgasms"] == 1.0
    seducers, blockers = f["seducer cards to the Laundry"], f["blocker cards to the Laundry"]
    assert isinstance(seducers, float) and isinstance(blockers, float)
    assert seducers >= 0 and blockers >= 0
