"""SETUP (RB-1..RB-7): choose an identity and a name, lay out the court loop, shuffle the
three Marquis decks, draw the starting constituents, health 14 and the tracker in the middle.
Unleashed (RB-57), the unused identities are shuffled into their Lords' decks."""

from __future__ import annotations

from rulebook.engine.zones import check_stack_names, stack_deck
from rulebook.games.ribbon_of_bone import tracker
from rulebook.games.ribbon_of_bone.components import IDENTITY, SEAT, Components
from rulebook.i18n import N_, Listed, msg


class Setup(Components):
    __slots__ = ()

    def setup(self) -> None:
        g = self.game
        check_stack_names(self.stack, g.deck_names)
        cfg = g.config
        self.identity = -1
        self.decks = [[], [], []]
        self.set_aside = tuple(i for i, identity in enumerate(g.identity) if identity)
        self.perished = self.constituency = ()
        self.court = self.sides = self.tokens = ()
        self.pos = self.sheet = self.wrath = 0
        self.health = cfg.starting_health
        self.att = tracker.CENTER
        self.memories = self.crossed = self.scenes = ()
        self.opponents = ()
        self.health_log = (self.health,)
        self.turn = self.event = self.rounds = 0
        self.clear_combat()
        self.forced = 0
        self.ending = self.detail = ""
        self.imprison, self.release = (), -1
        for index, lord in enumerate(g.lord):  # RB-5: three piles by Lord
            if index not in g.imprisoned and not g.identity[index]:
                self.decks[lord].append(index)
        self.decisions = [(IDENTITY, SEAT)]  # RB-1: choose an identity card

    def options_identity(self, d: tuple[int, ...]) -> list[int]:
        ids = self.game.identity_id
        return [ids[c] for c in self.set_aside]

    def on_identity(self, index: int) -> None:
        card = self.game.marquis + index
        self.identity = card
        self.mark("played", self.game.fighter_ids[card], SEAT)
        self.decisions.pop()
        if self.log is not None:
            said = msg(
                "You are {card}, called {name}.",
                card=self.said_name(card),
                name=self.notebook_said(),
            )
            self.narrate(said)
        self.lay_out()
        self.start_turn()

    def lay_out(self) -> None:
        """RB-3..RB-7, once the identity is chosen."""
        g = self.game
        cfg, stack = g.config, self.stack or {}
        self.set_aside = tuple(c for c in self.set_aside if c != self.identity)
        court = list(range(len(g.court_lord)))
        self.shuffle(court)  # RB-4: shuffle the Court cards into a loop
        if "court" in stack:
            stack_deck(court, "court", stack["court"], g.card_ids("court"))
            court.reverse()  # the stacked cards are laid out first
        self.court = tuple(court)
        if cfg.court_start == "random":
            self.sides = tuple(self.below(2) for _ in court)
        else:
            self.sides = (0 if cfg.court_start == "lord" else 1,) * len(court)
        self.tokens = (0,) * len(court)
        if cfg.unleashed:  # RB-57: unused identities shuffled into their Lord's deck
            for index in self.set_aside:
                self.decks[g.lord[index]].append(index)
            self.set_aside = ()
        ids = [f.id for f in g.content.fighters]
        for lord, deck in enumerate(self.decks):  # RB-5
            self.shuffle(deck)
            name = g.deck_names[lord]
            if name in stack:
                stack_deck(deck, name, stack[name], ids)
        starting = []
        for lord in range(3):  # RB-6: one starting constituent from each deck
            card = self.draw_marquis(lord)
            if card >= 0:
                starting.append(card)
                self.mark("drawn", g.fighter_ids[card], SEAT)
        self.constituency = tuple(starting)
        if self.log is not None:
            names = Listed(tuple(self.said_name(c) for c in self.constituency), N_(", "))
            self.narrate(msg("Your starting constituents: {cards}.", cards=names))
            self.narrate(msg("You begin on {place}.", place=self.court_said(0)))
