"""The oracle: ISMCTS over the true state, every hidden card known — an instrument, not a player.

It measures what hidden cards are worth: the same search as ``ismcts`` (same options), but
each world it searches is the true state itself, with only the chance still to come (die
rolls, later shuffles) drawn afresh, so it knows every card and no future. It cannot act on
an information set: the simulator hands it a copy of the true state through
``rulebook.agents.decide``, which does so for this exact class only. Tables refuse it.

``sees=hands`` splits what it knows in two: each world is the true state with every card a
seat sees kept where it lies (every player's hand) and every list no seat sees (decks,
face-down piles) re-dealt as a fair player's sampler deals it (``State.unseen_redealt``), so
it knows the other players' cards but not the order of the decks. ``sees=all``, the default,
knows both. The gap between ``ismcts``, ``oracle:sees=hands`` and ``oracle`` says how much of
the game is decided by the other players' hands and how much by the order of the deck.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulebook.agents.ismcts import IsmctsAgent
from rulebook.agents.search_options import OPTIONS
from rulebook.engine.errors import UnknownAgent
from rulebook.engine.game import Game
from rulebook.engine.state import InfoSet, State
from rulebook.i18n import N_, _

REFUSAL = N_(
    "the oracle sees every hidden card: it measures what hidden cards are worth in "
    "simulations and never plays at a table"
)
SEES = ("all", "hands")
SEES_MUST = N_("{agent}: sees must be {first} or {second}, not '{value}'")


class OracleAgent(IsmctsAgent):
    name = "oracle"
    # pimc samples the other seats' cards, which the oracle knows, and keep=1 is a player's
    # tree carried between its decisions: neither is one of its options
    known_options = (*(key for key in OPTIONS if key not in ("pimc", "keep")), "sees")

    def __init__(self, game: Game, seat: int, seed: int, options: Mapping[str, str]) -> None:
        super().__init__(game, seat, seed, options)
        # sees=hands: every seat's cards known, the decks re-dealt in each world
        self.sees_all = self._one_of(options, "sees", SEES, SEES_MUST) == "all"

    def act(self, infoset: InfoSet) -> int:
        """Refused: an information set hides what the oracle is for."""
        raise UnknownAgent(_("oracle: {reason}", reason=_(REFUSAL)))

    def act_on_state(self, state: State) -> int:
        """The move after a search over ``state`` (a copy of the true state)."""
        legal = state.legal_ids()
        if len(legal) == 1:
            return legal[0]
        self.fit(state.players)
        rng = self.rng
        seat = state.decisions[-1][1]
        world = state.unknown_future if self.sees_all else state.unseen_redealt
        return self.search(legal, lambda: world(rng), state.infoset(seat))
