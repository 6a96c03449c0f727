"""OpenSpiel Python games: ``import rulebook.rl.openspiel`` registers ``python_rulebook_SLUG``.

``pyspiel.load_game("python_rulebook_the_game")`` (parameters: ``players``, ``seed``, and
every rule parameter whose default is a number, a word or true/false, e.g.
``pyspiel.load_game("python_rulebook_solo_bound_female", {"players": 2, "mode":
"cooperative"})``). The GameType and GameInfo follow OpenSpiel's own Python games (see its
``kuhn_poker.py``).

Chance is **sampled stochastic** (``ChanceMode.SAMPLED_STOCHASTIC``), not explicit chance
nodes: our rules shuffle and roll inside ``apply`` from the state's own seeded generator, at
points the engine does not declare, so there is no chance node to expose and no list of
outcomes with probabilities. A new initial state is dealt from a seed (the ``seed``
parameter, else drawn from one generator per game object, so successive games differ);
``clone()`` carries the generator, so a clone replays the same future, and
``resample_from_infostate`` (what ISMCTS calls) resamples every card the player cannot see
and the future, through the engine's ``redeterminize``.

Tensors: the observation tensor is the seat's observation vector (``rulebook.rl.encoding``:
the declared one, else the encoded view); the
information-state tensor is the same vector (what a seat knows now: it is not a
perfect-recall record of play) and the information-state string adds the player's own
actions so far to the view. Returns are ``state.returns()`` (1 a win, 0 a loss, ties split).
"""

from __future__ import annotations

import json
import random
from typing import Any

from rulebook.rl import require

require("pyspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from rulebook.engine.game import Game, config_to_json, games, load  # noqa: E402
from rulebook.engine.random import Rng  # noqa: E402
from rulebook.engine.state import State  # noqa: E402
from rulebook.rl.encoding import AnyEncoder, encoder_for  # noqa: E402

UTILITY = {
    "zero-sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant-sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "general-sum": pyspiel.GameType.Utility.GENERAL_SUM,
    "cooperative": pyspiel.GameType.Utility.IDENTICAL,
    "solo": pyspiel.GameType.Utility.GENERAL_SUM,
}


def short_name(slug: str) -> str:
    return f"python_rulebook_{slug.replace('-', '_')}"


def _parameters(game: Game) -> dict[str, Any]:
    """``players``, ``seed`` and the rule parameters OpenSpiel can carry (int, str, bool)."""
    params: dict[str, Any] = {"players": game.min_players, "seed": -1}
    for key, value in config_to_json(game.config).items():
        if isinstance(value, bool | int | str):
            params[key] = value
    return params


def _game_type(game: Game) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game.slug),
        long_name=f"Python rulebook {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=UTILITY[game.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class RulebookGame(pyspiel.Game):  # type: ignore[misc]
    """One rulebook game as an OpenSpiel game (the class is made once per slug)."""

    slug = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        base = load(self.slug)
        defaults = _parameters(base)
        merged = {**defaults, **params}
        players = int(merged.pop("players"))
        seed = int(merged.pop("seed"))
        config = {k: v for k, v in merged.items() if defaults.get(k) != v}
        self.rules = load(self.slug, **config) if config else base
        self.players = self.rules.check_players(players)
        self.encoder: AnyEncoder = encoder_for(self.rules, self.players)
        utility = self.rules.utility
        info = pyspiel.GameInfo(
            num_distinct_actions=self.rules.num_actions,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if utility in ("constant-sum", "zero-sum") else None,
            max_game_length=self.rules.max_decisions,
        )
        super().__init__(_game_type(self.rules), info, {**defaults, **params})
        self._seeds = random.Random(seed if seed >= 0 else None)
        self._fixed_seed = seed

    def new_initial_state(self) -> RulebookState:
        seed = self._fixed_seed if self._fixed_seed >= 0 else self._seeds.getrandbits(62)
        return RulebookState(self, self.rules.new_state(seed=seed, players=self.players), [])

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        del params
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.encoder, perfect_recall=recall)


class _Holder:
    """Holds the rulebook state; ``deepcopy`` (how OpenSpiel clones a Python state) clones it
    with the engine's fast ``clone()`` instead of copying the game's whole content."""

    __slots__ = ("movers", "state")

    def __init__(self, state: State, movers: list[int]) -> None:
        self.state = state
        self.movers = movers  # the seat that took each action of the history

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(self.state.clone(), list(self.movers))


class RulebookState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a rulebook state (never a chance node: chance is sampled)."""

    def __init__(self, game: RulebookGame, state: State, movers: list[int]) -> None:
        super().__init__(game)
        self.held = _Holder(state, movers)

    @property
    def inner(self) -> State:
        return self.held.state

    def current_player(self) -> int:
        seat = self.held.state.to_move
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self.held.state
        return list(state.legal_ids()) if state.to_move == player else []

    def _apply_action(self, action: int) -> None:
        held = self.held
        seat = held.state.to_move
        assert seat is not None
        held.state.apply(int(action), narrate=False)
        held.movers.append(seat)

    def _action_to_string(self, player: int, action: int) -> str:
        del player
        return self.held.state.game.actions[int(action)].text

    def is_terminal(self) -> bool:
        return self.held.state.is_over()

    def returns(self) -> list[float]:
        return [float(r) for r in self.held.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RulebookState:
        """A state the player cannot tell from this one: its hidden cards and the future
        resampled (``redeterminize``)."""
        rng = Rng(int(probability_sampler() * 2**53))
        world = self.held.state.redeterminize(player_id, rng)
        new = RulebookState(self.get_game(), world, list(self.held.movers))
        return new

    def __str__(self) -> str:
        return json.dumps(self.held.state.view(None), sort_keys=True)


class Observer:
    """OpenSpiel's Python observer: ``tensor`` and ``dict`` filled by ``set_from``."""

    def __init__(self, encoder: AnyEncoder, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {"observation": self.tensor}
        self.observers: dict[int, Any] = {}  # player -> incremental encoder of its views

    def set_from(self, state: RulebookState, player: int) -> None:
        observer = self.observers.get(player)
        if observer is None:
            observer = self.observers[player] = self.encoder.observer(player)
        self.tensor[:] = observer.observe(state.inner.infoset(player))

    def string_from(self, state: RulebookState, player: int) -> str:
        text = json.dumps(state.inner.view(player), sort_keys=True)
        if not self.perfect_recall:
            return text
        history = state.inner.history
        own = [a for a, seat in zip(history, state.held.movers, strict=True) if seat == player]
        return f"{own} {text}"


def _register(slug: str) -> None:
    game = load(slug)
    cls = type(f"RulebookGame_{slug.replace('-', '_')}", (RulebookGame,), {"slug": slug})
    pyspiel.register_game(_game_type(game), cls)


def register_all() -> None:
    """Register every installed game once (importing this module does it)."""
    registered = set(pyspiel.registered_names())
    for cls in games():
        if short_name(cls.slug) not in registered:
            _register(cls.slug)


register_all()
