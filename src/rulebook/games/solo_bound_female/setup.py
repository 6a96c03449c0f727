"""Set-up (SB-1..SB-3): the character card, the scenario card, a 25-card scenario deck and a
40-card character deck (at most three copies of a card: checked as the card file loads);
START effects of the scenario card, then of the character card; draw six; the Opposing Turn."""

from __future__ import annotations

from rulebook.engine.zones import check_stack_names, stack_deck
from rulebook.games.solo_bound_female.components import E_DRAW, E_OPPOSING, E_RUN, OPPOSING
from rulebook.games.solo_bound_female.player_turn import PlayerTurn


class Setup(PlayerTurn):
    def setup(self) -> None:
        g = self.game
        check_stack_names(self.stack, g.deck_names)
        stack = self.stack or {}
        self.deck = list(range(g.chars))
        self.sdeck = list(range(g.chars, g.chars + g.scens))
        self.shuffle(self.deck)
        self.shuffle(self.sdeck)
        if "character" in stack:
            stack_deck(self.deck, "character", stack["character"], g.card_of_ids)
        if "scenario" in stack:
            stack_deck(self.sdeck, "scenario", stack["scenario"], g.card_of_ids)
        self.hand, self.aptitude, self.cdiscard = [], [], []
        self.inaptitude, self.sdiscard = [], []
        self.cplay, self.splay, self.pending = [], [], []
        n = g.instances
        self.orient, self.left, self.marks, self.flags = [0] * n, [0] * n, [0] * n, [0] * n
        self.apt_used = self.inapt_used = 0
        self.progress = g.scenario.progress
        self.visibility = self.stim = self.denied = 0
        self.vitality = g.character.vitality
        self.step, self.turn = OPPOSING, 1
        self.apt_played = self.person_hit = self.skip = 0
        self.orgasms = self.climaxes = self.denials = self.hits = self.overs = 0
        self.revealed = -1
        starts = [
            (E_RUN, inst, k, 0)
            for inst in (g.scen_card, g.char_card)  # SB-2: the scenario's first
            for k in g.card_of[inst].when("start")
        ]
        self.now(*starts, (E_DRAW, g.config.hand_size), (E_OPPOSING, 1, 1))
        self.resolve_effects()
