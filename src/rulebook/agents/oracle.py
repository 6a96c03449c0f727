"""The oracle: ISMCTS over the true state, every hidden card known — an instrument, not a player.

It measures what hidden cards are worth: the same search as ``ismcts`` (same options), but
each world it searches is the true state itself, with only the chance still to come (die
rolls, later shuffles) drawn afresh, so it knows every card and no future. It cannot act on
an information set: the simulator hands it a copy of the true state through
``rulebook.agents.decide``, which does so for this exact class only. Tables refuse it.
"""

from __future__ import annotations

from rulebook.agents.ismcts import IsmctsAgent
from rulebook.engine.errors import UnknownAgent
from rulebook.engine.state import InfoSet, State
from rulebook.i18n import N_, _

REFUSAL = N_(
    "the oracle sees every hidden card: it measures what hidden cards are worth in "
    "simulations and never plays at a table"
)


class OracleAgent(IsmctsAgent):
    name = "oracle"

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
        return self.search(legal, lambda: state.unknown_future(rng), state.infoset(seat))
