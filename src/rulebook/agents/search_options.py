"""The options of ``ismcts`` (and the oracle): their names, and reading each one, refused in one
line when malformed (``rulebook.agents.ismcts`` describes what each does)."""

from __future__ import annotations

from collections.abc import Mapping
from math import isfinite

from rulebook.agents import Agent, agent_names, float_option, int_option, make_agent
from rulebook.agents.kept_tree import KeptTree
from rulebook.engine.errors import UnknownAgent
from rulebook.engine.game import Game
from rulebook.engine.random import derive_seed
from rulebook.i18n import N_, _

OPTIONS = (
    "iterations",
    "time",
    "exploration",
    "rollout",
    "rollout_turns",
    "worlds",
    "opponents",
    "policy",
    "prior",
    "prior_weight",
    "guess",
    "trees",
    "share",
    "chance",
    "paired",
    "margin",
    "pimc",
    "keep",
)
OPPONENTS = ("search", "random")
OPPONENTS_MUST = N_("{agent}: opponents must be {first} or {second}, not '{value}'")
TREES = ("one", "seat")
TREES_MUST = N_("{agent}: trees must be {first} or {second}, not '{value}'")
CHANCES = ("world", "fresh")
PAIRED = ("0", "1")
PAIRED_MUST = N_("{agent}: paired must be {first} or {second}, not '{value}'")
MARGIN_ALONE = N_("{agent}: margin is paired=1's option; without it, it would change nothing")
PIMC_MORE = N_(
    "{agent}: pimc={worlds} searches {worlds} worlds a move, more than its {iterations} "
    "iterations: give at most one world an iteration"
)
PIMC_PAIRED = N_("{agent}: pimc and paired=1 are two different searches; give one of them")
KEEP = ("0", "1")
KEEP_MUST = N_("{agent}: keep must be {first} or {second}, not '{value}'")
KEEP_ONE_TREE = N_(
    "{agent}: keep=1 carries the one shared tree from move to move, which {option} does not search"
)


def time_option(options: Mapping[str, str]) -> float | None:
    """``time=SECONDS`` a move: a finite number above 0, or None when not given."""
    raw = options.get("time")
    if raw is None:
        return None
    try:
        value = float(raw)
    except ValueError:
        raise UnknownAgent(
            _("agent option time must be a number of seconds, not '{value}'", value=raw)
        ) from None
    if not isfinite(value) or value <= 0:
        raise UnknownAgent(
            _("agent option time must be more than 0 seconds, not '{value}'", value=raw)
        )
    return value


def guess_option(options: Mapping[str, str]) -> float | None:
    """``guess=W``: sampled worlds trust the game's guesses about hidden cards (what the
    other players' own moves suggest, ``State.hidden_reads``), a world breaking one weighted
    by W (0: as facts, 1: as if unread); ``off`` (the default): guesses left out. Facts
    (a player told "none" of a kind) are always kept."""
    raw = options.get("guess", "off")
    if raw == "off":
        return None
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise UnknownAgent(
            _("agent option guess must be off or a weight from 0 to 1, not '{value}'", value=raw)
        )
    return value


class SearchOptions:
    """The option readers of the search agents (a mixin of ``IsmctsAgent``)."""

    name: str

    def _opponents(self, options: Mapping[str, str]) -> bool:
        """``opponents=random`` (True): the other seats modelled as random players; a game
        may set it, per table size too, where it was measured to play better (Susumuka &
        Modoruka)."""
        return self._one_of(options, "opponents", OPPONENTS, OPPONENTS_MUST) == "random"

    def _one_of(
        self, options: Mapping[str, str], key: str, choices: tuple[str, str], message: str
    ) -> str:
        """The option ``key``: one of its two ``choices`` (the first by default), else the
        agent is refused with ``message``."""
        value = options.get(key, choices[0])
        if value not in choices:
            raise UnknownAgent(
                _(message, agent=self.name, first=choices[0], second=choices[1], value=value)
            )
        return value

    def _chance(self, value: str) -> bool:
        """``chance=fresh``: every iteration draws the world's future (dice, later
        shuffles) afresh; ``world`` (the default) keeps each sampled world's own future for
        every iteration that reuses it, so with many iterations a world a dice game is
        searched in has its rolls known, and the tree learns them (more search, weaker play)."""
        if value not in CHANCES:
            raise UnknownAgent(
                _("agent option chance must be world or fresh, not '{value}'", value=value)
            )
        return value == "fresh"

    def _kept_tree(
        self, options: Mapping[str, str], per_seat: bool, pimc: int, paired: bool
    ) -> KeptTree | None:
        """``keep=1``: the tree kept from one decision to the next (``KeptTree``); refused
        with a search that has no one shared tree to keep (``trees=seat``, ``pimc``,
        ``paired=1``)."""
        if self._one_of(options, "keep", KEEP, KEEP_MUST) == "0":
            return None
        for option, on in (("trees=seat", per_seat), ("pimc", pimc), ("paired=1", paired)):
            if on:
                raise UnknownAgent(_(KEEP_ONE_TREE, agent=self.name, option=option))
        return KeptTree()

    @staticmethod
    def _prior_agent(game: Game, seat: int, seed: int, name: str | None) -> Agent | None:
        """The quick agent whose move the root favours at first (progressive bias), e.g.
        ``prior=heuristic``; none by default (measured: no clear gain, docs/search.md)."""
        if name is None or name == "none":
            return None
        if name not in agent_names(game):
            raise UnknownAgent(
                _("ismcts: prior '{name}' is not an agent of {game}", name=name, game=game.slug)
            )
        if name in ("ismcts", "oracle"):
            raise UnknownAgent(_("ismcts: prior names a quick agent, not {name}", name=name))
        return make_agent(name, game, seat, derive_seed(seed, 0x9B1A5, seat))

    @staticmethod
    def _per_table(options: Mapping[str, str]) -> tuple[int, int, float]:
        """The options a game may set per table size: where a rollout stops (after
        ``rollout`` decisions, or, when ``rollout_turns`` is above 0, once that many more of
        the game's turns have begun: ``State.turns``) and the ``exploration`` constant."""
        return (
            int_option(options, "rollout", 6, low=0),
            int_option(options, "rollout_turns", 0, low=0),
            float_option(options, "exploration", 0.7),
        )
