"""Preparing the game (SM-4..SM-8): the dungeon deck, four item decks, skill sheets at full
HP with no skill, the lost-property cards set aside; then the first player (SM-7, A2)."""

from __future__ import annotations

from rulebook.engine.errors import ScriptError
from rulebook.engine.zones import check_stack_names, stack_deck
from rulebook.games.susumuka_modoruka.cards import TIERS
from rulebook.games.susumuka_modoruka.components import FIRST, TURN, Components
from rulebook.games.susumuka_modoruka.game import player
from rulebook.i18n import msg


class Setup(Components):
    __slots__ = ()

    def setup(self) -> None:
        g = self.game
        n = self.players
        check_stack_names(self.stack, g.deck_names)
        stack = self.stack or {}
        self.deck = g.deck_cards("dungeon")
        self.shuffle(self.deck)  # SM-5
        if "dungeon" in stack:
            self._check_stack("dungeon", stack["dungeon"])
            stack_deck(self.deck, "dungeon", stack["dungeon"], g.card_ids("dungeon"))
        decks = []
        for tier in TIERS:  # SM-5: one deck per kind of item
            cards = g.deck_cards(tier)
            self.shuffle(cards)
            if tier in stack:
                self._check_stack(tier, stack[tier])
                stack_deck(cards, tier, stack[tier], g.card_ids(tier))
            decks.append(cards)
        self.item_decks = decks
        self.hands = [[] for _ in range(n)]
        self.discard, self.battle = [], []
        self.aside = tuple(g.lost_base + s for s in range(n))  # SM-6
        self.items = tuple(() for _ in range(n))
        self.lost = tuple(() for _ in range(n))
        self.used = ()
        self.depth = [0] * n  # SM-8: everyone starts outside
        self.flag, self.trophy = [0] * n, [0] * n
        self.hp = [g.config.hp] * n  # SM-4
        self.skills, self.deaths = [0] * n, [0] * n
        self.deepest, self.dive = [0] * n, [0] * n
        self.spent = [0] * n
        self.round, self.moves, self.last = 1, 0, ()
        if g.config.first_player == "choose":  # A2
            self.first = 0
            self.decisions = [(FIRST, 0)]
        else:
            self.on_first(self.below(n))  # drawn by lot, and said, as if Player 1 had named them

    def _check_stack(self, deck: str, names: list[str]) -> None:
        """Only the deck's own cards may be stacked on it (a lost-property card is set aside)."""
        g = self.game
        every = g.card_ids(deck)
        own = {every[i] for i in g.deck_cards(deck)}
        for name in names:
            if name not in own:
                raise ScriptError(f"stack: '{name}' is not a card of deck '{deck}'")

    def options_first(self, decision: tuple[int, ...]) -> list[int]:
        base = self.game.first_base
        return [base + s for s in range(self.players)]

    def on_first(self, seat: int) -> None:
        self.first = seat
        self.decisions = [(TURN, seat)]
        if self.log is not None:
            said = msg("{player} loves thrills the most and goes first.", player=player(seat))
            self.narrate(said)
