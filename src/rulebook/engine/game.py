"""The Game base class: one configured game, its action table, zones and states (its Config
handling is ``rulebook.engine.config``, the list of games ``rulebook.engine.registry``)."""

from __future__ import annotations

from abc import ABC
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from rulebook.engine.actions import Action as Action
from rulebook.engine.actions import ActionTable
from rulebook.engine.config import (  # re-exported: their old home
    as_given as as_given,
)
from rulebook.engine.config import (
    config_to_json as config_to_json,
)
from rulebook.engine.config import (
    describe_config as describe_config,
)
from rulebook.engine.config import (
    make_config as make_config,
)
from rulebook.engine.config import (
    param as param,
)
from rulebook.engine.config import (
    spelled as spelled,
)
from rulebook.engine.errors import ConfigError, DeclarationError, SaveFileError
from rulebook.engine.events import Event
from rulebook.engine.frontend import Frontend
from rulebook.engine.random import Rng
from rulebook.engine.registry import (  # re-exported: their old home
    GROUP as GROUP,
)
from rulebook.engine.registry import (
    game_class as game_class,
)
from rulebook.engine.registry import (
    games as games,
)
from rulebook.engine.registry import (
    load as load,
)
from rulebook.engine.registry import (
    register as register,
)
from rulebook.engine.zones import FLAT, PER_SEAT, Zone
from rulebook.i18n import N_, Message, _

if TYPE_CHECKING:
    from rulebook.engine.state import State


INCONSISTENT = N_("save file is inconsistent: its history does not reproduce its state")


# --------------------------------------------------------------------------- game


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What kind of game this is, for tools, adapters and the harness."""

    min_players: int
    max_players: int
    information: Literal["perfect", "imperfect"]
    utility: Literal["zero-sum", "constant-sum", "general-sum", "cooperative", "solo"]
    max_decisions: int
    score_range: tuple[float, float] | None = None  # a game that scores: its points' range


class Game(ABC):
    """One configured game: rules, content and the action table; it makes States."""

    slug: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    information: ClassVar[Literal["perfect", "imperfect"]] = "imperfect"
    utility: ClassVar[Literal["zero-sum", "constant-sum", "general-sum", "cooperative", "solo"]] = (
        "constant-sum"
    )
    max_decisions: int = 100_000  # per config where a game knows better
    config_class: ClassVar[type[Any]]
    themes: tuple[str, ...] = ()  # the card themes a game offers (Config ``theme``)
    deck_names: tuple[str, ...] = ()  # stackable decks; a game may set them per content
    content_notice: str | None = None  # from the loaded content where a theme carries one
    # the generic ismcts agent's options in this game where its defaults serve it badly
    # (an option given in the agent spec still wins)
    search_defaults: ClassVar[Mapping[str, str]] = {}
    # the Config switch that decides the number of players and the seats' roles, where one
    # does (Solo Bound Female's ``mode``): a table offers it as a first choice, not a rule
    mode_parameter: ClassVar[str | None] = None
    # rule settings added after saves were written, each with the value that plays as the game
    # did before it existed: a save lacking one takes that value (``saves.read_save``), so it
    # goes on as it was played (a save lacking any other was made with different settings)
    legacy_config: ClassVar[Mapping[str, Any]] = {}
    # outcome reasons that mean a safety limit ended the game, not the rulebook's own ending
    # (the designer's report counts them: a game that often hits one may be stalling)
    safety_limits: ClassVar[tuple[str, ...]] = ()
    # each outcome reason in plain words, for designers' pages (``simulate``, the report),
    # which otherwise show the bare code (per config where a theme renames what they name)
    endings: Mapping[str, str | Message] = {}
    # a game that scores (``Outcome.scored``): the lowest and highest points a seat can end
    # with (per config where a switch changes them); returns are points on this scale
    score_range: tuple[float, float] | None = None
    score_name: ClassVar[str] = "points"  # what the points are called ("chips", "VP")

    def __init__(self, config: Any) -> None:
        self.config = config
        state_class = self.state_class
        table = ActionTable()
        self.build_actions(table)
        self.table = table
        self.actions: list[Action] = table.actions
        self.dispatch = table.dispatch(state_class)
        for index, action in enumerate(self.actions):
            assert action.id == index, "action table ids must equal their positions"
        self.option_fns = [getattr(state_class, k.options) for k in state_class.DECISIONS]
        self.effect_fns = [getattr(state_class, e.handler) for e in state_class.EFFECTS]
        self.zone_list = self.zones()  # per config, fixed for the game's life
        self._zones = {z.field: z for z in self.zone_list}
        # what every ending shows unless it says otherwise (State.shown_at_end): asked by
        # each seat's observation at the end of every game
        self.revealed_at_end = frozenset(z.field for z in self.zone_list if z.revealed_at_end)
        for zone in self.zone_list:
            owned = zone.layout == PER_SEAT or (zone.layout == FLAT and zone.owner is not None)
            if "{seat}" in zone.pool and not owned:
                raise DeclarationError(
                    f"zone {zone.field}: pool {zone.pool!r} names {{seat}}, but its lists "
                    "have no owner (a PER_SEAT zone, or a FLAT one with owner=, has)"
                )

    @classmethod
    def from_options(cls, **options: Any) -> Game:
        return cls(make_config(cls.config_class, options))

    @property
    def info(self) -> GameInfo:
        return GameInfo(
            self.min_players,
            self.max_players,
            self.information,
            self.utility,
            self.max_decisions,
            self.score_range,
        )

    def points_scale(self) -> tuple[float, float]:
        """The declared ``score_range``, checked: an outcome with points needs one."""
        scale = self.score_range
        if scale is None or not scale[0] < scale[1]:
            raise DeclarationError(
                f"{self.slug}: an outcome with points needs score_range = (low, high), "
                f"low < high (got {scale})"
            )
        return float(scale[0]), float(scale[1])

    # -- action space
    def build_actions(self, table: ActionTable) -> None:
        """Declare the game's action blocks (their order fixes the stable ids)."""
        raise NotImplementedError

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def action_text(self, state: State, action: Action | int) -> str:
        """An action's words in ``state`` ("Check" here, "Call 2 chips" there): what every
        table shows a person choosing (terminal, browser, replay). The State's
        ``option_text`` says it; by default the action table's text (``str(action)``)."""
        return state.option_text(int(action))

    # -- hidden information
    def zones(self) -> tuple[Zone, ...]:
        """Where cards lie and who sees them (per config: a switch may make a zone public)."""
        return ()

    def zone(self, field: str) -> Zone:
        return self._zones[field]

    # -- front ends
    @classmethod
    def how_to_play(cls) -> str:
        """How to play, in short: the game package's docstring (``rulebook rules``, the
        browser's "How to play")."""
        package = import_module(cls.__module__.rsplit(".", 1)[0])
        doc = (package.__doc__ or "").strip()
        return _(doc) if doc else doc  # in the reader's language where a catalog has it

    @classmethod
    def frontend(cls) -> Frontend:
        """Terminal table, summary, agents, profile: what front ends use beyond the protocol."""
        return Frontend()

    # -- states
    state_class: ClassVar[type[State]]  # set by each game module once its State is defined

    def _setup(self, state: State) -> None:
        """Shuffle, honour ``state.stack``, deal, and push the first decision."""
        state.setup()

    def role(self, seat: int) -> str:
        """How the table names a seat."""
        return f"Seat {seat}"

    def role_words(self, seat: int) -> str:
        """``role`` in the current reader's language (a game with translated roles overrides
        this; ``role`` stays the English the protocol names)."""
        return self.role(seat)

    def card_ids(self, deck: str) -> list[str]:
        """Stable card id of every card that starts in ``deck`` (games with decks override)."""
        raise KeyError(deck)

    def pool_card_ids(self, pool: str) -> Sequence[str | None] | None:
        """The stable card id of every card instance of zone pool ``pool``, indexed by the
        instance numbers its zones hold, None at a number that is not the pool's (None: not
        declared, the observation in ``rulebook.engine.observation`` then shows that pool's
        lists by their lengths only)."""
        del pool
        return None

    def card_catalog(self) -> dict[str, str]:
        """Every card of the loaded content, stable id -> name, in the content's order (the
        designer's report lists each, played or not; games with cards override)."""
        return {}

    def example_stack(self, rng: Rng) -> dict[str, list[str]]:
        """A random but valid stack, so the conformance harness also plays stacked decks."""
        stack: dict[str, list[str]] = {}
        for deck in self.deck_names:
            ids = self.card_ids(deck)
            rng.shuffle(ids)
            stack[deck] = ids[: rng.below(min(len(ids), 12) + 1)]
        return stack

    def search_defaults_for(self, players: int) -> Mapping[str, str]:
        """``search_defaults`` at this table size (a game whose estimate or rollouts serve
        the search differently at a big table overrides this; ismcts asks on its first move)."""
        return self.search_defaults

    def seen_by_all(self, aid: int) -> bool:
        """Whether every seat sees which move ``aid`` is when another seat plays it (a card
        discarded face up, a kind asked for), as the rules say: a declaration, read by
        ``InfoSet.moves_seen``. It may look only at the id, never at a state. By default only
        a game of perfect information says so; a move that hides what it is (a card laid
        face down, a secret choice) must answer False."""
        del aid
        return self.information == "perfect"

    def check_players(self, players: int | None) -> int:
        if players is None:
            return self.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(_("players must be an integer, not {value}", value=repr(players)))
        if not self.min_players <= players <= self.max_players:
            span = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players}-{self.max_players}"
            )
            raise ConfigError(
                _(
                    "{game} is for {span} players, not {players}",
                    game=self.slug,
                    span=span,
                    players=players,
                )
            )
        return players

    def new_state(
        self,
        seed: int = 0,
        players: int | None = None,
        stack: Mapping[str, Sequence[str]] | None = None,
        dice: Sequence[int] | None = None,
        card_facts: list[tuple[str, str, int]] | None = None,
        events: list[Event] | None = None,
        reads: bool = False,
    ) -> State:
        """A new game after setup. ``card_facts``: a list that receives every card fact the rules
        declare (``State.mark``), setup's deal included; None (the default) records nothing.
        ``events``: a list that receives setup's narration ("You are dealt the King", private
        per zone like any event); None (the default): setup narrates nothing. ``reads``: keep
        what each seat reads from public play as play goes (``State.kept_reads``; off: rebuilt
        from the history when first asked)."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ConfigError(_("seed must be an integer, not {value}", value=repr(seed)))
        state = self.state_class.__new__(self.state_class)
        state.init_base(self, seed, self.check_players(players), stack, dice)
        state.card_facts = card_facts
        if reads:
            state.reads = state.empty_reads()
        state.log = events
        try:
            self._setup(state)
        finally:
            state.log = None
        problem = state.undeclared()
        if problem:  # a game's own bug: it would crash or play on differently once restored
            raise DeclarationError(f"{self.slug} setup: {problem}")
        return state.settled()

    def replay(
        self,
        seed: int,
        players: int | None,
        stack: Mapping[str, Sequence[str]] | None,
        dice: Sequence[int] | None,
        history: Sequence[int],
    ) -> State:
        """Re-create a state from its recipe: setup from the seed, then every action in order."""
        state = self.new_state(seed=seed, players=players, stack=stack, dice=dice)
        for action in history:
            state.apply(action)
        return state

    def state_from_json(self, data: Any, verify: bool = False) -> State:
        """Restore a state from ``State.to_json``; with ``verify`` its history must reproduce it."""
        from rulebook.engine.state import State

        header = State.check_header(data, self)
        if isinstance(header["seed"], bool) or not isinstance(header["seed"], int):
            raise SaveFileError(
                _("save file seed must be an integer, not {value}", value=repr(header["seed"]))
            )
        missing = _missing_fields(self.state_class, data["state"])
        if missing:
            return self._replay_save(header, data["state"], missing)
        # no setup: restore() replaces every declared field (a setup's shuffles and opening
        # effects were thrown away, 7-11% of the conformance harness's time)
        state = self.state_class.__new__(self.state_class)
        state.init_base(
            self,
            header["seed"],
            self.check_players(header["players"]),
            header["stack"],
            header["dice"],
        )
        try:
            state.restore(data["state"], header["history"])
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise SaveFileError(
                _(
                    "save file state is malformed ({kind}: {problem})",
                    kind=type(exc).__name__,
                    problem=exc,
                )
            ) from None
        if verify:
            try:
                again = self.replay(
                    header["seed"],
                    header["players"],
                    header["stack"],
                    header["dice"],
                    header["history"],
                )
            except Exception as exc:  # any failure to replay means the file is not trustworthy
                raise SaveFileError(
                    _("save file history does not replay ({problem})", problem=exc)
                ) from None
            if again != state:
                raise SaveFileError(_(INCONSISTENT))
        return state

    def _replay_save(
        self, header: dict[str, Any], saved: dict[str, Any], missing: list[str]
    ) -> State:
        """A save written before a field was declared (it lacks it): its recipe and history
        make the state, and every field it does hold must agree with them."""
        try:
            state = self.replay(
                header["seed"], header["players"], header["stack"], header["dice"],
                header["history"],
            )  # fmt: skip
        except Exception as exc:  # any failure to replay means the file is not trustworthy
            raise SaveFileError(
                _(
                    "save file lacks {fields} and its history does not replay ({problem})",
                    fields=", ".join(missing),
                    problem=exc,
                )
            ) from None
        now = state.snapshot()
        if any(saved[k] != v for k, v in now.items() if k in saved):
            raise SaveFileError(_(INCONSISTENT))
        return state


def _missing_fields(cls: type[State], saved: Any) -> list[str]:
    """The declared fields a saved state lacks (it was written before they were declared)."""
    if not isinstance(saved, dict):
        return []  # restore() reports the malformed state
    return [f for f in cls.saved_fields() if f not in saved]
