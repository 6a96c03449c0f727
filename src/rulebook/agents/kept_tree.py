"""The search's tree kept from one decision to the next (``ismcts:keep=1``).

After a search the agent keeps its tree. At its next decision it walks from the old root
down the moves made since, as its seat knows them: its own move (it remembers it), then each
other move the game says every seat sees (``InfoSet.moves_seen``, ``Game.seen_by_all``). If
every move is known and the tree holds that line, the search goes on from the node reached,
its statistics kept and the new iterations added; else it starts a fresh tree. A move the
seat cannot see (-1 in ``moves_seen``) always means a fresh tree: following the true move
would tell the search what the seat does not know.

Within a turn a seat often decides twice in a row (The GAME: play a set, then spend a point;
play Ask For Card, then name the kind), and the chosen child already holds most of the last
search's visits. The tree is the agent's own, and an agent plays one game (``simulate`` and
``play`` make one per game, the browser one per move); the moves seen so far must also match
the ones recorded at the last decision, so a tree never follows a game it did not search.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulebook.agents.ismcts import Node
    from rulebook.engine.state import InfoSet

HIDDEN = -1  # a move the seat cannot see, in ``InfoSet.moves_seen``


class KeptTree:
    """One agent's tree between its decisions: the root it last searched (or passed, at a
    decision with one legal move), the moves seen up to then and the move it made there.
    ``carried``: the visits the last search's root already held (0: a fresh tree)."""

    __slots__ = ("carried", "mine", "record", "root")

    def __init__(self) -> None:
        self.root: Node | None = None
        self.record: tuple[int, ...] = ()
        self.mine = HIDDEN
        self.carried = 0

    def start(self, infoset: InfoSet) -> Node | None:
        """The node of the kept tree where ``infoset``'s seat now decides, or None (a fresh
        tree): the moves since are not all known to the seat, or the tree lacks their line.
        The kept tree is given up either way (``keep`` stores the next one)."""
        seen = infoset.moves_seen()
        node = self._walk(seen)
        self.root, self.record = None, seen
        self.carried = node.visits if node is not None else 0
        return node

    def keep(self, root: Node | None, move: int) -> None:
        """After a decision: the tree searched there (None: nothing to keep) and the move
        made, for the next decision's walk (the moves seen are those ``start`` read)."""
        self.root, self.mine = root, move

    def _walk(self, seen: tuple[int, ...]) -> Node | None:
        node = self.root
        at = len(self.record)
        if node is None or len(seen) <= at or seen[:at] != self.record:
            return None  # nothing kept, or another game's moves
        if seen[at] not in (HIDDEN, self.mine):
            return None  # the first move since was not this seat's: not its tree
        for aid in (self.mine, *seen[at + 1 :]):
            if aid == HIDDEN:
                return None  # a move the seat cannot see: never followed
            if node.tail is not None:
                node.grow()
            child = node.children.get(aid)
            if child is None:
                return None
            node = child
        if node.tail is not None:  # its fresh line made a child, as a walk into it would
            node.grow()
        return node
