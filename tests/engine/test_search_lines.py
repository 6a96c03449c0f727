"""ISMCTS keeps a fresh line of the other seats' random moves (``opponents=random``) as
moves, not nodes: most are never walked again. ``Node.grow`` makes a line's next node when
an iteration walks there, as the walk would have made it, so the tree (and the play) is the
same; a six-player Susumuka & Modoruka move made about 7% fewer instructions."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.agents import ismcts
from rulebook.agents.ismcts import IsmctsAgent, Node


def test_a_line_grows_the_nodes_its_iteration_would_have_made() -> None:
    """Each grown node has one visit, one availability, its mover's return, and hands the
    rest of the line on; the last has no line left."""
    node = Node()
    node.tail = ([7, 3, 9], [1, 2, 0], [0.25, 0.5, 0.125], 0)
    seen = []
    while node.tail is not None:
        node.grow()
        assert len(node.children) == 1
        ((aid, node),) = node.children.items()
        seen.append((aid, node.visits, node.avail, node.reward))
    assert seen == [(7, 1, 1, 0.5), (3, 1, 1, 0.125), (9, 1, 1, 0.25)]
    assert node.children == {}


def test_a_searched_tree_grown_whole_counts_each_iteration(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seeded six-player search: with every line grown, the root's children count every
    iteration and each node's children every visit but the one that made it; and the
    search itself made far fewer nodes than the grown tree holds."""
    made: list[Node] = []

    class Counted(Node):
        __slots__ = ()

        def __init__(self) -> None:
            super().__init__()
            made.append(self)

    monkeypatch.setattr(ismcts, "Node", Counted)
    game = rulebook.load("susumuka-modoruka")
    state = game.new_state(seed=3, players=6)
    seat = state.to_move
    assert seat is not None
    agent = IsmctsAgent(game, seat, 7, {"iterations": "200"})
    agent.act(state.infoset(seat))
    root, searched = made[0], len(made)
    assert sum(child.visits for child in root.children.values()) == 200
    nodes, stack = 0, [root]
    while stack:
        node = stack.pop()
        nodes += 1
        if node.tail is not None:
            node.grow()
        if node.children and node is not root:
            assert node.visits - sum(c.visits for c in node.children.values()) in (0, 1)
        stack.extend(node.children.values())
    assert nodes == len(made) > 2 * searched
