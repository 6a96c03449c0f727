"""The worlds a search samples: what each seat has read from public play, and states that
agree with everything a seat (or every seat) has seen.

``State`` takes these from ``Worlds``; they are apart from the rules' flow because only
search, the oracle and the conformance harness ask for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rulebook.engine.random import Rng
from rulebook.engine.zones import Read, WeightedReads, hidden_slots, redistribute, unseen_slots

if TYPE_CHECKING:
    from rulebook.engine.decisions import Decision
    from rulebook.engine.game import Game
    from rulebook.engine.state import State


class Worlds:
    """The part of ``State`` that makes consistent worlds (a mixin: no state of its own)."""

    if TYPE_CHECKING:  # what these methods read of the State they are part of
        game: Game
        seed: int
        players: int
        stack: dict[str, list[str]] | None
        dice: tuple[int, ...]
        rng_state: int
        history: list[int]
        decisions: list[Decision]
        reads: list[list[int]] | None
        _legal: tuple[int, ...] | None

        def clone(self) -> State: ...
        def snapshot(self) -> dict[str, Any]: ...
        def shown_at_end(self) -> frozenset[str]: ...
    else:
        __slots__ = ()

    def known_cards(self, seat: int | None) -> dict[str, set[int]]:
        """Hidden cards ``seat`` knows the place of, by pool (e.g. a card it passed over)."""
        del seat
        return {}

    def resample(self, seat: int | None, rng: Rng) -> None:
        """Resample hidden facts zones cannot express (a game hook; most games need none)."""
        del seat, rng

    def empty_reads(self) -> list[list[int]] | None:
        """The record a game keeps, as play goes, of what each seat has read from public
        play (``reads``: per seat a list of numbers its ``hidden_reads`` turns into Reads),
        before anything is read. None, the default: the game keeps no record."""
        return None

    def kept_reads(self) -> list[list[int]]:
        """The game's record of what seats have read (``reads``), for its ``hidden_reads``.
        Plain play and search keep none (the hot path pays one test for it): a state asked
        for it replays its history from the seed with the record kept, takes the record and
        keeps it from then on (its clones too). A game the harness checks keeps it from the
        start (``new_state(reads=True)``), so that the record of a world with hidden cards
        moved is its own."""
        reads = self.reads
        if reads is None:
            reads = self.reads = self._replayed_reads()
        return reads

    def _replayed_reads(self) -> list[list[int]]:
        """``reads`` of this state's history replayed from its seed. A state whose cards were
        moved (a sampled world) does not replay to itself: asking it is a bug, said loudly."""
        again = self.game.new_state(self.seed, self.players, self.stack, self.dice, reads=True)
        for aid in self.history:
            again.apply(aid, narrate=False)
        reads = again.reads
        if reads is None:
            raise TypeError(f"{type(self).__name__} keeps no reads (it has no empty_reads)")
        if again.snapshot() != self.snapshot():
            raise RuntimeError(
                "this state's reads were not kept and its history does not replay to it (a "
                "sampled world, or cards moved): keep them from the start, new_state(reads=True)"
            )
        return reads

    def drop_reads(self) -> None:
        """Keep no more ``reads``: a search's sampled worlds, which it never asks what a
        seat has read (it samples only at the root), play on faster without them."""
        self.reads = None

    def hidden_reads(self, seat: int) -> tuple[Read, ...]:
        """What ``seat`` has read about hidden lists from public play (``Read``): facts such
        as "asked for a kind and told none", and guesses from what other players chose. A
        game hook: it may use only what that seat has seen (the conformance harness checks
        that it does not change when hidden cards move, and that the true state keeps every
        certain read)."""
        del seat
        return ()

    def redeterminize(self, seat: int | None, rng: Rng | int, guess: float | None = None) -> State:
        """A clone where everything ``seat`` cannot see is resampled, consistently: the cards
        it knows the place of stay, and every world keeps its certain reads
        (``hidden_reads``). ``guess``: the weight of a world breaking one of its guesses (0:
        trusted as facts; None, the default: guesses left out)."""
        if not isinstance(rng, Rng):
            rng = Rng(rng)
        over = not self.decisions
        reads = () if seat is None or over else self.hidden_reads(seat)
        new = self.clone()  # (after hidden_reads: the world keeps any record it made)
        shown = self.shown_at_end() if over else None
        pools = hidden_slots(self.game.zone_list, new, seat, over, shown)
        redistribute(pools, rng, self.known_cards(seat), self._weighted(new, reads, guess))
        new.resample(seat, rng)
        new.rng_state = Rng(rng.next64()).state  # the future is unknown too
        new._legal = None
        return new

    @staticmethod
    def _weighted(
        new: State, reads: Sequence[Read], guess: float | None
    ) -> Sequence[tuple[list[int], WeightedReads]]:
        """The reads by the list of ``new`` they are about, each with the weight of a world
        breaking it (guesses only when ``guess`` is given)."""
        by_list: list[tuple[list[int], list[tuple[Read, float]]]] = []
        for read in reads:
            if not read.certain and guess is None:
                continue
            cards = read.slot(new)
            weight = 0.0 if read.certain else float(guess or 0.0)
            for listed, weighted in by_list:
                if listed is cards:
                    weighted.append((read, weight))
                    break
            else:
                by_list.append((cards, [(read, weight)]))
        return by_list

    def unknown_future(self, rng: Rng) -> State:
        """A clone with every card where it lies and the chance still to come (die rolls,
        later shuffles) drawn afresh: what a perfect-information search may know."""
        new = self.clone()
        new.rng_state = Rng(rng.next64()).state
        new._legal = None
        return new

    def unseen_redealt(self, rng: Rng) -> State:
        """A clone where every list no seat sees (decks, face-down piles) is re-dealt as a
        fair player's sampler deals it, and every list some seat sees (each hand) stays as
        it lies; the chance still to come drawn afresh: what a search may know that sees
        every seat's cards but not the order of the decks. The cards whose place any seat
        knows stay, and the certain reads of every seat about the lists re-dealt are kept
        (``redeterminize``). Facts a game resamples outside its zones (``resample``) stay as
        they are: no game here keeps one that no seat sees."""
        if not self.decisions:
            return self.unknown_future(rng)
        players = range(self.players)
        reads = [read for seat in players for read in self.hidden_reads(seat)]
        new = self.clone()  # (after hidden_reads: the world keeps any record it made)
        pools = unseen_slots(self.game.zone_list, new, self.players)
        known: dict[str, set[int]] = {}
        for seat in players:
            for pool, cards in self.known_cards(seat).items():
                known.setdefault(pool, set()).update(cards)
        redistribute(pools, rng, known, self._weighted(new, reads, None))
        new.rng_state = Rng(rng.next64()).state  # the future is unknown too
        new._legal = None
        return new
