"""Setup (TG-4..TG-9): shuffle the three decks, deal five each, an empty Queue."""

from __future__ import annotations

from rulebook.engine.zones import check_stack_names, stack_deck
from rulebook.games.the_game.game import P1, P2
from rulebook.games.the_game.table_state import TURN, Table


class Setup(Table):
    def setup(self) -> None:
        g = self.game
        check_stack_names(self.stack, g.deck_names)
        stack = self.stack or {}
        self.main = list(range(len(g.main_type)))
        self.equipment_deck = list(range(len(g.equipment_type)))
        self.pleasure_deck = list(range(len(g.pleasure_type)))
        self.shuffle(self.main)  # TG-4
        self.shuffle(self.equipment_deck)  # TG-5
        self.shuffle(self.pleasure_deck)  # TG-6
        for name, deck in (
            ("main", self.main),
            ("equipment", self.equipment_deck),
            ("pleasure", self.pleasure_deck),
        ):
            if name in stack:
                stack_deck(deck, name, stack[name], g.card_ids(name))
        self.discard, self.pleasures = [], []
        self.equipment_out, self.used = (), ()  # public piles that rarely change: tuples
        self.queue = []  # TG-9
        self.points = [0, 0]
        self.known = [(), ()]
        self.hands = [[], []]
        for seat in (P1, P2):  # TG-7: each player draws 5, Player 1 first
            for _ in range(g.config.hand_size):
                card = self.main.pop()
                self.hands[seat].append(card)
                if self.card_facts is not None:
                    self.mark("drawn", self.card_id(card), seat)
        self.turn = 1
        self.decisions = [(TURN, P1)]  # Player 1 moves first (notes)
        if g.config.draw_before_action:  # A3
            self.draw_main(P1)
