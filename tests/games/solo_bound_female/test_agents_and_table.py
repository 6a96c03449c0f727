"""The heuristic clearly beats random play; the terminal table shows orientation and values."""

from __future__ import annotations

from rich.console import Console

import rulebook
from rulebook.agents import make_agent
from rulebook.agents.ismcts import IsmctsAgent
from rulebook.engine.random import Rng
from rulebook.games.solo_bound_female.agents import HeuristicAgent
from tests.games.solo_bound_female.helpers import act, start


def _win_rate(agent: str, games: int) -> float:
    g = rulebook.load("solo-bound-female")
    wins = 0
    for seed in range(games):
        state = g.new_state(seed=seed)
        rng = Rng(seed)
        player = HeuristicAgent(g, 0, seed, {})
        while not state.is_over():
            if agent == "random":
                ids = state.legal_ids()
                state.apply(ids[rng.below(len(ids))], narrate=False)
            else:
                state.apply(player.act(state.infoset(0)), narrate=False)
        wins += state.returns()[0] == 1.0
    return wins / games


def test_heuristic_clearly_beats_random() -> None:
    heuristic, random = _win_rate("heuristic", 60), _win_rate("random", 60)
    assert heuristic > random + 0.3, (heuristic, random)


def test_table_shows_values_and_orientation() -> None:
    """A card in play is marked by the way it is turned, and the whole table says what each
    mark means (the content notice is the play command's, once at the start, not every
    table's)."""
    state = start(hand=["cuffs"], reveals=["p3"])
    act(state, "Play Test Cuffs")
    act(state, "Trigger Test Cuffs")
    g = state.game
    console = Console(width=100, record=True)
    console.print(g.frontend().render(g, state.view(0)))
    text = console.export_text()
    assert "— Test Cuffs" in text and "| Test Watcher" in text and "eye 3" in text
    assert "Visibility 1/10" in text and "Your hand (6)" in text
    assert "| reset · — triggered · ↻ ignored" in text  # what the marks say, once
    # and what the person's eye and clock say (no card in play has diamonds here)
    legend = "eye a person triggers once your visibility passes it · clock turns left in play"
    assert legend in [line.strip() for line in text.splitlines()], text
    assert "diamonds times" not in text


def test_the_japanese_legend_names_the_eye_apart_from_the_visibility_cost() -> None:
    """The legend said 露見 for the person card's eye, the word every hand card's visibility
    cost (露見1) is written with on the same screen; and in the pseudo-language its label was
    "eye {count}" with the count left empty and stripped (a stray space inside ⟦ ⟧)."""
    from rulebook import i18n

    state = start(hand=["cuffs"], reveals=["p3"])
    act(state, "Play Test Cuffs")
    act(state, "Trigger Test Cuffs")
    g = state.game
    said = {}
    for code in ("ja", "x-pseudo"):
        with i18n.reading(i18n.load(code)[0]):
            console = Console(width=100, record=True)
            console.print(g.frontend().render(g, state.view(0)))
            said[code] = console.export_text()
            cost = i18n._("vis. {count}", count=1).removesuffix("1")
    ja = said["ja"]
    assert "露見度がこれを超えると人物が発動" in ja, ja
    legend = next(line for line in ja.splitlines() if "露見度がこれを超えると人物が発動" in line)
    eye = legend.strip().split()[0]
    assert eye == "目" and eye != "露見" and "目3" in ja, legend
    assert cost != eye  # the hand's visibility cost keeps its own word
    pseudo = said["x-pseudo"]
    assert i18n.pseudo("eye") in pseudo and i18n.pseudo("clock") in pseudo, pseudo
    assert " ⟧" not in pseudo, pseudo


def test_summary_at_the_end() -> None:
    g = rulebook.load("solo-bound-female")
    state = g.new_state(seed=5)
    while not state.is_over():
        state.apply(state.legal_ids()[0])
    console = Console(width=100, record=True)
    console.print(g.frontend().summary(g, state.view(0)))  # type: ignore[misc]
    assert "Turns:" in console.export_text()


def test_a_terminal_game_says_its_result_once() -> None:
    """The summary box repeated the outcome printed under it."""
    from tests.cli.helpers import run

    code, out, err = run("play", "solo-bound-female", "--seat", "random", "--seed", "3")
    assert code == 0, err
    said = " ".join(out.split())
    assert said.count("Lost: The Runaway is exhausted (zero vitality).") == 1, out


def _seat_wins(mode: str, agents: list[str], games: int) -> list[float]:
    """Each seat's win rate with these agents (the simulation path, no narration)."""
    from rulebook.agents import make_agent

    g = rulebook.load("solo-bound-female", mode=mode)
    wins = [0.0] * len(agents)
    for seed in range(games):
        state = g.new_state(seed=seed)
        players = [make_agent(a, g, s, seed) for s, a in enumerate(agents)]
        while not state.is_over():
            seat = state.to_move
            assert seat is not None
            state.apply(players[seat].act(state.infoset(seat)), narrate=False)
        for s, r in enumerate(state.returns()):
            wins[s] += r
    return [w / games for w in wins]


def test_heuristic_clearly_beats_random_on_both_sides_of_basic() -> None:
    """SB-57..60: as the character player and as the scenario player."""
    character = _seat_wins("basic", ["heuristic", "random"], 40)[0]
    baseline = _seat_wins("basic", ["random", "random"], 40)[0]
    scenario = _seat_wins("basic", ["random", "heuristic"], 40)[1]
    assert character > baseline + 0.3, (character, baseline)
    assert scenario > 1 - baseline + 0.05, (scenario, baseline)


def test_heuristic_clearly_beats_random_in_standard() -> None:
    first = _seat_wins("standard", ["heuristic", "random"], 30)[0]
    second = _seat_wins("standard", ["random", "heuristic"], 30)[1]
    assert first > 0.7 and second > 0.7, (first, second)


def test_heuristic_players_clearly_beat_random_ones_in_cooperative() -> None:
    together = _seat_wins("cooperative", ["heuristic", "heuristic"], 30)[0]
    random = _seat_wins("cooperative", ["random", "random"], 30)[0]
    assert together > random + 0.25, (together, random)


def test_two_player_table_shows_the_acting_player_and_the_other() -> None:
    g = rulebook.load("solo-bound-female", mode="standard")
    state = g.new_state(seed=2)
    console = Console(width=100, record=True)
    console.print(g.frontend().render(g, state.view(0)))
    text = console.export_text()
    assert "Player 1's table (standard game)" in text and "Player 2" in text
    assert "Your scenario hand" in text and "Your hand (" in text
    # seat 1 decides in Player 1's Opposing Turn: her own hand, and Player 1's as a count
    console = Console(width=100, record=True)
    console.print(g.frontend().render(g, state.view(1)))
    text = console.export_text()
    assert "Your hand (" in text and "Player 1's hand: " in text
    # a hand card says what it costs and does (the reference deck's cards all have text)
    hand_panel = text[text.index("Your hand (") :]
    assert " — " in hand_panel.splitlines()[1]


def test_estimate_for_search_grows_with_progress_and_fits_each_mode() -> None:
    """ISMCTS scores unfinished rollouts by ``estimate()``: progress made raises it."""
    state = start(hand=["cuffs"])
    act(state, "Play Test Cuffs")
    before = state.estimate()[0]
    act(state, "Trigger Test Cuffs")  # one progress, one stimulation
    assert 0.0 < before < state.estimate()[0] < 1.0
    for mode, total in (("basic", 1.0), ("standard", 1.0)):
        values = rulebook.load("solo-bound-female", mode=mode).new_state(seed=3).estimate()
        assert len(values) == 2 and abs(sum(values) - total) < 1e-9
    both = rulebook.load("solo-bound-female", mode="cooperative").new_state(seed=3).estimate()
    assert both[0] == both[1] and 0.0 < both[0] < 1.0


def _rollout_after_a_move(spec: str, **config: str) -> int:
    """The rollout horizon the search used for its first move with a choice."""
    game = rulebook.load("solo-bound-female", **config)
    state = game.new_state(seed=3)
    rng = Rng(3)
    while len(state.legal_ids()) < 2:
        ids = state.legal_ids()
        state.apply(ids[rng.below(len(ids))], narrate=False)
    seat = state.to_move
    assert seat is not None
    agent = make_agent(spec, game, seat, 0)
    assert isinstance(agent, IsmctsAgent)
    assert state.legal_ids().count(agent.act(state.infoset(seat))) == 1
    return agent.rollout


def test_the_solo_search_rolls_out_one_decision_unless_told_otherwise() -> None:
    """Solo: one-decision rollouts by default (half the time a move, and still ahead of
    the heuristic, docs/search.md); Standard: one too (under 60 ms a move, and as strong
    as two were with the turn-aware estimate); a spec's own horizon wins; Basic and
    Cooperative keep six."""
    assert _rollout_after_a_move("ismcts:iterations=20") == 1
    assert _rollout_after_a_move("ismcts:iterations=20:rollout=6") == 6
    assert _rollout_after_a_move("ismcts:iterations=20", mode="standard") == 1
    assert _rollout_after_a_move("ismcts:iterations=20:rollout=6", mode="standard") == 6
    assert _rollout_after_a_move("ismcts:iterations=20", mode="basic") == 6
    assert _rollout_after_a_move("ismcts:iterations=20", mode="cooperative") == 6
