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

from rulebook.engine.conformance.hidden import permute_hidden
from rulebook.engine.conformance.play import check
from rulebook.engine.conformance.report import ConformanceError, Report

__all__ = ["ConformanceError", "Report", "check", "permute_hidden"]
