"""The shared conformance harness every game must pass (docs/design.md, "The conformance harness").

``check(game, games=N, seed=S)`` plays seeded random games — some from stacked decks, every
supported player count — and at every decision asserts the protocol's promises. A failure
raises ConformanceError naming the game, its seed and the decision, so it can be replayed.

Hidden information is checked independently of the game's own ``redeterminize``: the harness
permutes every zone a seat cannot see (decks shuffled, hidden cards swapped between hidden
zones of one pool) and demands that the seat's view stays the same; then it applies the same
action in the true and the permuted world and demands that whatever the seat can tell apart
afterwards is explained by what it sees — its view and its event text. A pending decision,
who is to move or the seat's own options that differ while its view and narration do not are
a leak through the shape of play. What a seat has read about hidden cards
(``State.hidden_reads``, which its samplers keep) is held to the same test: it must not change
when hidden cards move, nor differ after the same action where the seat's view and narration
do not; and every read it calls certain must be true of the real state.
"""

from __future__ import annotations

import json
import random as global_random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn

from rulebook.engine.errors import DeclarationError, IllegalAction
from rulebook.engine.events import Event
from rulebook.engine.game import Game
from rulebook.engine.outcome import Outcome
from rulebook.engine.random import Rng, derive_seed
from rulebook.engine.state import State
from rulebook.engine.zones import OWNER, hidden_slots

numpy_random: Any
try:  # numpy is optional at run time; the dev environment has it, so the check has teeth
    import numpy.random as numpy_random
except ImportError:  # pragma: no cover
    numpy_random = None

FLOW_KEYS = ("to_move", "decision")
# A restored copy and a clone of the game start beside it at a sample of decisions and are
# played on with it for a few: every seat's view, the options and the narration must match.
FOLLOW_EVERY = 20
FOLLOW_FOR = 8


class ConformanceError(AssertionError):
    """A protocol promise that a game broke."""


@dataclass
class Report:
    games: int = 0
    decisions: int = 0
    longest: int = 0
    stacked_games: int = 0
    resampled: int = 0
    redeterminize_changed: int = 0
    hidden_checks: int = 0
    permuted_worlds: int = 0
    after_action_checks: int = 0
    continued: int = 0  # decisions a restored copy or a clone was compared with the game
    player_counts: tuple[int, ...] = ()

    def add(self, other: Report) -> None:
        """Count ``other``'s games in (a sweep's chunks); the longest game is the longer."""
        for name in (
            "games",
            "decisions",
            "stacked_games",
            "resampled",
            "redeterminize_changed",
            "hidden_checks",
            "permuted_worlds",
            "after_action_checks",
            "continued",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.longest = max(self.longest, other.longest)


def _fail(where: str, message: str) -> NoReturn:
    raise ConformanceError(f"{where}: {message}")


def check(
    game: Game,
    games: int = 100,
    seed: int = 0,
    players: int | None = None,
    max_decisions: int | None = None,
    stacked_every: int = 5,
    first: int = 0,
) -> Report:
    """Play ``games`` seeded random games per player count and check every promise.

    Games are numbered from ``first``: game ``n`` of a count is the same game whichever run
    plays it, so a sweep split into chunks checks exactly what one long run would."""
    report = Report()
    info = game.info
    counts = [players] if players else list(range(info.min_players, info.max_players + 1))
    report.player_counts = tuple(counts)
    limit = max_decisions or info.max_decisions
    for count in counts:
        told: _SetupTold = {}
        for number in range(first, first + games):
            game_seed = derive_seed(seed, count, number)
            stack = None
            if game.deck_names and stacked_every and number % stacked_every == stacked_every - 1:
                stack = game.example_stack(Rng(derive_seed(game_seed, 5)))
                report.stacked_games += 1
            label = f"{game.slug} {count}p game {number}"
            _check_one(game, game_seed, count, stack, limit, report, label, told)
            report.games += 1
    if info.information == "imperfect":
        if not report.permuted_worlds:
            _fail(game.slug, "imperfect information but no zone is ever hidden: declare zones()")
        if not report.redeterminize_changed:
            _fail(game.slug, "redeterminize never changed anything: hidden checks are hollow")
    return report


def _check_one(
    game: Game,
    seed: int,
    players: int,
    stack: dict[str, list[str]] | None,
    max_decisions: int,
    report: Report,
    label: str,
    told: _SetupTold,
) -> None:
    """One game; a crash of the game's own code is a broken promise like any other, reported
    with the seed and the decision that replay it (not a traceback through the harness)."""
    at = ["setup"]
    try:
        _play_one(game, seed, players, stack, max_decisions, report, label, told, at)
    except ConformanceError:
        raise
    except Exception as exc:  # any crash of the game's code is the finding
        lines = str(exc).strip().splitlines()
        said = f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__
        _fail(f"{label} (seed {seed}, {at[0]})", f"the game raised {said}")


def _play_one(
    game: Game,
    seed: int,
    players: int,
    stack: dict[str, list[str]] | None,
    max_decisions: int,
    report: Report,
    label: str,
    told_before: _SetupTold,
    at: list[str],
) -> None:
    told: list[Event] = []
    try:
        # reads kept from the start: a world with hidden cards moved then has its own
        state = game.new_state(seed=seed, players=players, stack=stack, events=told, reads=True)
    except DeclarationError as exc:
        _fail(f"{label} (seed {seed}, setup)", str(exc))
    if told and state != game.new_state(seed=seed, players=players, stack=stack):
        _fail(f"{label} (seed {seed}, setup)", "narrating setup changed the game")
    _check_setup_told(state, told, told_before, f"{label} (seed {seed}, setup)")
    agent_rng = Rng(derive_seed(seed, 77))
    probe_rng = Rng(derive_seed(seed, 78))
    saved: list[tuple[State, dict[str, Any]]] = []
    twins: list[_Twin] = []
    follow_at = seed % 7  # early, so a short game has a sample too
    steps = 0
    while True:
        at[0] = f"decision {steps}"
        where = f"{label} (seed {seed}, decision {steps})"
        _check_basics(state, where)
        problem = state.undeclared()
        if problem:
            _fail(where, problem)
        restored = _check_copies(game, state, where)
        _check_invariants(state, where, "invariant broken")
        worlds = _check_hidden(state, probe_rng, report, where, steps)
        if twins:
            _check_twins(state, twins, report, where)
        if state.is_over():
            break
        if steps % FOLLOW_EVERY == follow_at:
            twins += _start_twins(state, restored, steps, where)
        if steps >= max_decisions:
            _fail(where, f"game did not end within {max_decisions} decisions (info bound)")
        legal = state.legal_actions()
        _check_illegal(state, legal, probe_rng, where)
        if steps % 7 == 0:
            saved.append((state.clone(), state.to_json()))
        action = legal[agent_rng.below(len(legal))]
        _check_after_action(state, worlds, action.id, report, where)
        twin = state.clone()
        before = _data(state)
        twin.apply(action, narrate=False)
        if _data(state) != before:
            _fail(where, "applying an action to a clone changed the original")
        events = state.apply(action.id)
        if not isinstance(events, list):
            _fail(where, "apply must return a list of events")
        if twin != state:
            _fail(where, "narration changed the game, or a clone diverged from the original")
        _advance_twins(twins, action.id, events, where)
        steps += 1
    at[0] = "end"
    _check_end(game, state, f"{label} (seed {seed}, end)")
    for old, data in saved:
        if old.to_json() != data:
            _fail(f"{label} (seed {seed})", "an earlier saved clone changed later (shallow copy)")
    report.decisions += steps
    report.longest = max(report.longest, steps)


# (seat, what its view shows after setup) -> (what setup's narration told it, the seed)
_SetupTold = dict[tuple[int | None, str], tuple[list[str], int]]


def _check_setup_told(state: State, told: list[Event], before: _SetupTold, where: str) -> None:
    """Setup's narration is hidden per zone like any event: what it tells a seat must follow
    from what the seat sees (its view, and its own cards in the order dealt). Setups cannot be
    replayed with hidden cards moved, so two games of a run whose setups show a seat (or a
    spectator) the same must narrate the same to it; a line about a card it cannot see reads
    differently in one of them."""
    for seat in (*range(state.players), None):
        own = [list(cards) for cards in _own_cards(state, seat, ordered=True)]
        key = (seat, json.dumps([state.view(seat), own], sort_keys=True, default=repr))
        mine = _texts(told, seat)
        seen = before.setdefault(key, (mine, state.seed))
        if seen[0] != mine:
            who = "the spectator" if seat is None else f"seat {seat}"
            _fail(
                where,
                f"setup's narration tells {who} apart cards it cannot see: seed {seen[1]} "
                f"shows it the same view but says {seen[0]}, this game {mine}",
            )


def _check_basics(state: State, where: str) -> None:
    over = state.is_over()
    if (state.to_move is None) != over:
        _fail(where, "to_move must be None exactly when the game is over")
    if (state.outcome() is None) == over:
        _fail(where, "outcome() must be None before the end and an Outcome once over")
    legal = state.legal_actions()
    if over:
        if legal:
            _fail(where, "a finished game must have no legal actions")
        return
    if not legal:
        _fail(where, "no legal actions while the game is not over")
    ids = [a.id for a in legal]
    if ids != sorted(set(ids)):
        _fail(where, f"legal actions must be sorted by id without repeats: {ids}")
    if not all(0 <= i < state.game.num_actions for i in ids):
        _fail(where, "a legal action id lies outside game.num_actions")
    texts = [state.game.action_text(state, a) for a in legal]
    if len(set(texts)) != len(texts):
        _fail(where, f"two legal actions read the same: {texts}")
    if not 0 <= (state.to_move or 0) < state.players:
        _fail(where, f"to_move {state.to_move} is not a seat")


def _check_copies(game: Game, state: State, where: str) -> State:
    """Clones and saves equal the original and offer the same; returns the restored copy."""
    twin = state.clone()
    if twin != state:
        _fail(where, "clone() is not equal to the original")
    if twin.legal_ids() != state.legal_ids():
        _fail(where, "a clone offers different legal actions")
    if not state.is_over():
        before = _data(state)
        for aid in twin.legal_ids()[-1:]:
            twin.apply(aid, narrate=False)
        if _data(state) != before:
            _fail(where, "playing on a clone changed the original (a shallow clone)")
    text = json.dumps(state.to_json())
    again = game.state_from_json(json.loads(text))
    if again != state:
        _fail(where, "to_json -> state_from_json does not round-trip")
    if again.legal_actions() != state.legal_actions():
        _fail(where, "a restored state offers different legal actions")
    return again


# --------------------------------------------------------------------------- carrying on


@dataclass
class _Twin:
    """A copy of the game made at decision ``start``, played on beside it."""

    what: str
    state: State
    start: int
    left: int = FOLLOW_FOR

    def fail(self, where: str, problem: str) -> NoReturn:
        _fail(where, f"{self.what} made at decision {self.start} and carried on {problem}")


def _views(state: State) -> list[dict[str, Any]]:
    return [state.view(seat) for seat in (*range(state.players), None)]


def _start_twins(state: State, restored: State, step: int, where: str) -> list[_Twin]:
    """A clone and a restored copy (``state_from_json(to_json())``) of the game as it is now.

    Equality compares only the declared fields, so an attribute the rules read but keep
    outside them is lost on save unseen; playing on beside the game finds it. The restored
    copy is compared with the game minus its TRANSIENT attributes, which a save drops."""
    twins = [_Twin("a clone", state.clone(), step), _Twin("a restored save", restored, step)]
    bare = state
    if type(state).TRANSIENT:
        bare = state.clone()
        for name in type(state).TRANSIENT:
            if hasattr(bare, name):
                delattr(bare, name)
    _compare(twins[0], state, _views(state), where)
    _compare(twins[1], bare, _views(bare), where)
    for seat in range(state.players):  # the restored copy rebuilds them from its history
        if restored.hidden_reads(seat) != state.hidden_reads(seat):
            twins[1].fail(where, f"gives hidden_reads({seat}) otherwise (rebuilt from history)")
    return twins


def _compare(twin: _Twin, state: State, views: list[dict[str, Any]], where: str) -> None:
    other = twin.state
    if other.legal_ids() != state.legal_ids():
        twin.fail(where, f"offers {other.legal_ids()}, the game {state.legal_ids()}")
    for seat, (mine, theirs) in enumerate(zip(_views(other), views, strict=True)):
        if mine != theirs:
            who = "the spectator" if seat == state.players else f"seat {seat}"
            keys = sorted(k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k))
            twin.fail(where, f"shows {who} another view (differs in {', '.join(keys)})")


def _check_twins(state: State, twins: list[_Twin], report: Report, where: str) -> None:
    views = _views(state)
    for twin in twins:
        _compare(twin, state, views, where)
        report.continued += 1
    twins[:] = [t for t in twins if t.left > 0 and not state.is_over()]


def _advance_twins(twins: list[_Twin], aid: int, events: list[Any], where: str) -> None:
    for twin in twins:
        try:
            told = twin.state.apply(aid)
        except Exception as exc:  # a crash is the finding: report it with its place
            twin.fail(where, f"crashed: {type(exc).__name__}: {exc}")
        if told != events:
            twin.fail(where, "narrates the action differently")
        twin.left -= 1


def _check_illegal(state: State, legal: list[Any], rng: Rng, where: str) -> None:
    legal_ids = {a.id for a in legal}
    candidates = [i for i in range(state.game.num_actions) if i not in legal_ids]
    candidates.append(state.game.num_actions + 3)
    bad = candidates[rng.below(len(candidates))]
    before = _data(state)
    try:
        state.apply(bad)
    except IllegalAction as exc:
        if not str(exc):
            _fail(where, "IllegalAction must carry a reason")
    else:
        _fail(where, f"illegal action {bad} was accepted")
    if _data(state) != before:
        _fail(where, "a rejected action changed the state")


# --------------------------------------------------------------------------- hidden information


def permute_hidden(state: State, seat: int | None, rng: Rng | global_random.Random) -> State | None:
    """The harness's own resampling: every card ``seat`` cannot see is shuffled across the
    hidden lists of its pool (sizes kept). None when nothing is hidden from ``seat``.

    The harness passes a ``random.Random``: sorting by its C-made keys shuffles a deck five
    times faster than the games' own SplitMix64 (this runs for every seat at every decision
    of every conformance game); the game's generator is the one under test elsewhere."""
    world = state.clone()
    over = state.is_over()
    shown = state.shown_at_end() if over else None
    pools = hidden_slots(state.game.zones(), world, seat, over, shown)
    moved = False
    shuffle: Callable[[list[int]], None]
    if isinstance(rng, Rng):
        shuffle = rng.shuffle
    else:
        draw = rng.random

        def shuffle(cards: list[int]) -> None:
            cards.sort(key=lambda _: draw())

    for lists in pools.values():
        cards = [card for cards in lists for card in cards]
        if len(cards) < 2:
            continue
        shuffle(cards)
        start = 0
        for hidden in lists:
            hidden[:] = cards[start : start + len(hidden)]
            start += len(hidden)
        moved = True
    world._legal = None
    return world if moved else None


def _data(state: State) -> tuple[list[int], dict[str, Any], list[list[int]] | None]:
    """Everything a state holds, cheaper to take than ``to_json`` (for change checks): its
    record of what seats read too (never saved, but a clone must not share it)."""
    reads = None if state.reads is None else [r[:] for r in state.reads]
    return list(state.history), state.snapshot(), reads


def _check_hidden(
    state: State, rng: Rng, report: Report, where: str, step: int
) -> list[tuple[int | None, State]]:
    """Views must not change when hidden cards move; returns the permuted worlds.

    Every seat (and a spectator) is checked at every decision against the harness's own
    permutation. The game's own resampling (``infoset(seat).sample`` and ``redeterminize`` on
    alternate decisions; the former calls the latter) is checked for one seat a decision, drawn
    at random, and views are checked to be JSON-able every fourth decision and at the end:
    those two repeat the same code for every seat, and at six seats they were a third of the
    harness's time."""
    worlds: list[tuple[int | None, State]] = []
    seats: list[int | None] = [*range(state.players), None]
    shuffler = global_random.Random(rng.next64())
    resampled = seats[rng.below(len(seats))]
    as_json = step % 4 == 0 or state.is_over()
    for seat in seats:
        view = state.view(seat)
        if as_json:
            try:
                json.dumps(view)
            except (TypeError, ValueError) as exc:
                _fail(where, f"view({seat}) is not JSON-able: {exc}")
        if seat is not None:
            _check_reads_hold(state, seat, where)
        world = permute_hidden(state, seat, shuffler)
        if world is not None:
            report.permuted_worlds += 1
            if world.view(seat) != view:
                _fail(where, f"view({seat}) changes when cards it cannot see are moved: a leak")
            if seat is not None and world.hidden_reads(seat) != state.hidden_reads(seat):
                _fail(where, f"hidden_reads({seat}) changes when cards it cannot see are moved")
            if state.to_move == seat and world.legal_ids() != state.legal_ids():
                _fail(where, f"seat {seat}'s options depend on cards it cannot see")
            worlds.append((seat, world))
        report.hidden_checks += 1
        if seat == resampled:
            _check_resample(state, seat, view, Rng(rng.next64()), step % 2 == 0, report, where)
    return worlds


def _check_reads_hold(state: State, seat: int, where: str) -> None:
    """What ``seat`` has read as certain about hidden cards is true of the real state (else
    sampled worlds would leave the truth out)."""
    for read in state.hidden_reads(seat):
        if read.certain and not read.holds(read.slot(state)):
            _fail(where, f"hidden_reads({seat}) holds a certain read the state breaks: {read}")


def _check_resample(
    state: State,
    seat: int | None,
    view: dict[str, Any],
    rng: Rng,
    via_infoset: bool,
    report: Report,
    where: str,
) -> None:
    """The game's own resampling keeps what ``seat`` sees and makes a possible state."""
    if via_infoset and seat is not None:
        other = state.infoset(seat).sample(rng)
        if other.view(seat) != view:
            _fail(where, f"infoset({seat}).sample changed what seat {seat} can see")
    else:
        other = state.redeterminize(seat, rng)
        if other.view(seat) != view:
            _fail(where, f"redeterminize({seat}) changed what seat {seat} can see")
    report.resampled += 1
    if other.snapshot() != state.snapshot():
        report.redeterminize_changed += 1
        _check_invariants(other, where, f"redeterminize({seat}) made an impossible state")


def _own_cards(state: State, seat: int | None, ordered: bool = False) -> list[list[int]]:
    """The cards in zones only ``seat`` owns and sees (its hand…), as they lie now (sorted,
    unless ``ordered``)."""
    if seat is None:
        return []
    return [
        list(cards) if ordered else sorted(cards)
        for zone in state.game.zones()
        for cards, owner, _ in zone.slots(state)
        if zone.seen_by == OWNER and owner == seat
    ]


def _texts(events: list[Any], seat: int | None) -> list[str]:
    return [t for t in (e.for_seat(seat) for e in events) if t]


def _split(state: State, view: dict[str, Any]) -> tuple[dict[str, Any], tuple[Any, ...]]:
    keys = (*FLOW_KEYS, *type(state).SHAPE_KEYS)
    substance = {k: v for k, v in view.items() if k not in keys}
    return substance, tuple(view.get(k) for k in keys)


def _check_after_action(
    state: State, worlds: list[tuple[int | None, State]], aid: int, report: Report, where: str
) -> None:
    """Apply ``aid`` in the true and each permuted world: what differs for the seat must show
    in its view or its narration, not only in the shape of play."""
    for seat, world in worlds:
        if aid not in world.legal_ids():
            continue
        report.after_action_checks += 1
        true = state.clone()
        mine = _own_cards(state, seat)
        true_events = _texts(true.apply(aid), seat)
        other_events = _texts(world.apply(aid), seat)
        true_view, other_view = true.view(seat), world.view(seat)
        # Narration may say where a card the seat now holds came from; otherwise two worlds
        # the seat cannot tell apart must read the same to it.
        if (
            true_view == other_view
            and true_events != other_events
            and mine == _own_cards(true, seat)
        ):
            _fail(where, f"event text for seat {seat} tells apart cards it cannot see")
        if (
            seat is not None
            and true_view == other_view
            and true_events == other_events
            and true.hidden_reads(seat) != world.hidden_reads(seat)
        ):
            _fail(where, f"hidden_reads({seat}) read cards seat {seat} cannot see")
        true_sub, true_shape = _split(true, true_view)
        other_sub, other_shape = _split(world, other_view)
        if true_sub == other_sub and true_events == other_events:
            if true_shape != other_shape:
                _fail(
                    where,
                    f"seat {seat} learns hidden cards from the shape of play "
                    f"({true_shape} vs {other_shape})",
                )
            if true.to_move == seat and true.legal_ids() != world.legal_ids():
                _fail(where, f"seat {seat}'s next options depend on cards it cannot see")


# --------------------------------------------------------------------------- the end


def _check_invariants(state: State, where: str, problem: str) -> None:
    try:
        state.check_invariants()
    except ValueError as exc:
        _fail(where, f"{problem}: {exc}")


def _check_end(game: Game, state: State, where: str) -> None:
    returns = state.returns()
    outcome = state.outcome()
    if len(returns) != state.players or not all(0.0 <= r <= 1.0 for r in returns):
        _fail(where, f"returns() must give one value in [0, 1] per seat, got {returns}")
    if outcome is None or list(outcome.scores) != returns:
        _fail(where, "outcome().scores must equal returns()")
    if outcome.points is not None:
        _check_points(game, outcome, returns, where)
    else:
        _check_shares(game.info.utility, returns, where)
    _check_replay(game, state, where)


def _check_shares(utility: str, returns: list[float], where: str) -> None:
    """A win/lose outcome: one point split (constant-sum; zero-sum too, read as ``r - 1/n``),
    one shared result (cooperative), won or lost (solo)."""
    if utility in ("constant-sum", "zero-sum") and abs(sum(returns) - 1.0) > 1e-9:
        _fail(where, f"a constant-sum game must split one point among the seats: {returns}")
    if utility in ("cooperative", "solo") and len(set(returns)) != 1:
        _fail(where, f"every seat of a {utility} game shares one result: {returns}")
    if utility == "solo" and returns[0] not in (0.0, 1.0):
        _fail(where, f"a solo game is won or lost: {returns}")


def _check_points(game: Game, outcome: Outcome, returns: list[float], where: str) -> None:
    """An outcome with points: within the declared range, returns read from them on it, the
    utility kept (zero-sum points add to zero, cooperative seats share one score)."""
    points = list(outcome.points or ())
    low, high = game.points_scale()
    if len(points) != len(returns) or not all(low <= p <= high for p in points):
        _fail(where, f"points {points} must be one per seat within score_range {(low, high)}")
    expected = [(p - low) / (high - low) for p in points]
    if any(abs(a - b) > 1e-9 for a, b in zip(expected, returns, strict=True)):
        _fail(where, f"returns() {returns} must be the points on the score range: {expected}")
    utility = game.info.utility
    if utility == "zero-sum" and abs(sum(points)) > 1e-9:
        _fail(where, f"a zero-sum game's points must add to zero: {points}")
    if utility in ("cooperative", "solo") and len(set(points)) != 1:
        _fail(where, f"every seat of a {utility} game shares one score: {points}")
    shares = outcome.win_shares()
    if len(shares) != len(points) or not all(0.0 <= x <= 1.0 for x in shares):
        _fail(where, f"win shares must be one per seat in [0, 1], got {list(shares)}")


def _check_replay(game: Game, state: State, where: str) -> None:
    again = game.replay(state.seed, state.players, state.stack, state.dice, state.history)
    if again != state:
        _fail(where, "replaying the history from the recipe does not reproduce the state")
    noisy = game.new_state(
        seed=state.seed, players=state.players, stack=state.stack, dice=state.dice
    )
    for action in state.history:
        global_random.random()
        if numpy_random is not None:
            numpy_random.random()
        noisy.apply(action, narrate=False)
    if noisy != state:
        _fail(where, "interleaved use of the global random modules changed the game")
