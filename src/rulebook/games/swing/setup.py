"""Setup and Choosing the First Top (SW-1, SW-2, SW-4): each Host shuffles their own deck, the first
Top is found (A1: reveal until a Guest, highest Prowess; ties by lot), everyone draws seven."""

from __future__ import annotations

from rulebook.engine.zones import check_stack_names, stack_deck
from rulebook.games.swing.cards import GUEST
from rulebook.games.swing.game import player
from rulebook.games.swing.room import PH_FOREPLAY_TOP
from rulebook.games.swing.turn import Turn
from rulebook.i18n import msg


class Setup(Turn):
    __slots__ = ()

    def setup(self) -> None:
        g, n = self.game, self.players
        check_stack_names(self.stack, g.deck_names)
        self.decks = [list(g.ranges[s]) for s in range(n)]
        for deck in self.decks:
            self.shuffle(deck)
        size = g.ranges[n - 1].stop
        self.tagged, self.wear = [0] * size, [0] * size
        self.hands = [[] for _ in range(n)]
        self.rooms = [[] for _ in range(n)]
        self.locs = [[] for _ in range(n)]
        self.laundry = [[] for _ in range(n)]
        self.shown = [() for _ in range(n)]
        self.meter = [g.config.pleasure_meter] * n
        self.pool, self.out = [0] * n, [0] * n
        self.credits, self.came, self.spent = [0] * n, [0] * n, [0] * (2 * n)
        self.advances = []
        self.reveal = (-1,) * n
        first = self.choose_first_top() if g.config.first_top == "reveal" else 0
        stack = self.stack or {}
        for seat in range(n):  # SW-4: stacked cards go on top after the setup shuffles
            name = g.deck_names[seat]
            if name in stack:
                stack_deck(self.decks[seat], name, stack[name], g.instance_ids)
        for seat in range(n):
            self.draw(seat, g.config.hand_size)
        self.first = self.top = first
        self.turn = self.round = 1
        self.been_top = 0
        self.cycle = self.cursor = self.fresh = self.placed = self.mode = self.perfect = 0
        self.achieved = 0
        self.holding = -1
        self.paying = ()
        self.phase = PH_FOREPLAY_TOP
        self.start_turn()
        self.proceed()

    def choose_first_top(self) -> int:
        """A1 (publisher): each Host turns cards over until a Guest; the highest Prowess is
        the first Top (ties: by lot among the tied); the turned cards are shuffled back."""
        g = self.game
        best, tied, reveal = -1, [0], []
        for seat, deck in enumerate(self.decks):
            found = -1
            for card in reversed(deck):
                if g.kind_of[card] == GUEST:
                    found = card
                    break
            reveal.append(g.type_of[found] if found >= 0 else -1)
            prowess = g.card_of[found].prowess if found >= 0 else -1
            if prowess > best:
                best, tied = prowess, [seat]
            elif prowess == best:
                tied.append(seat)
            if self.log is not None and found >= 0:
                said = msg(
                    "{player} turns up {card}.",
                    player=player(seat),
                    card=g.card_of[found].label_said(),
                )
                self.narrate(said)
            self.shuffle(deck)
        self.reveal = tuple(reveal)
        return tied[self.below(len(tied))] if len(tied) > 1 else tied[0]
