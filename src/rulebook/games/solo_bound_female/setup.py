"""Set-up (SB-1..SB-3): the character card, the scenario card, a 25-card scenario deck and a
40-card character deck (at most three copies of a card: checked as the card file loads);
START effects of the scenario card, then of the character card; draw six; the Opposing Turn.

Two players (SB-57..SB-75): Basic's scenario player starts with a card in her hand; Standard
sets up two such games, one per character, each scenario deck in the other player's hand;
Cooperative deals two characters against one scenario deck with two scenario cards, the 25
proxy inaptitude cards (or a second scenario deck) beside it, and each scenario card's START
effect goes to one player (A22)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulebook.engine.zones import check_stack_names, stack_deck
from rulebook.games.solo_bound_female.components import (
    CHAR_INTS,
    CHAR_LISTS,
    E_AS,
    E_DRAW,
    E_OPPOSING,
    E_RUN,
    OPPOSING,
    SCEN_INTS,
    SCEN_LISTS,
)
from rulebook.games.solo_bound_female.cooperative import Cooperative


def _emptier() -> Callable[[Any], None]:
    """A function setting both sides' lists (``CHAR_LISTS``, ``SCEN_LISTS``, and their ``_b``
    twins) to new empty lists and their counts to zero, written out field by field: a slot
    set by name costs a tenth of ``setattr`` with a name (every new game sets them)."""
    lists = [f + b for f in (*CHAR_LISTS, *SCEN_LISTS) for b in ("", "_b")]
    counts = [f + b for f in (*CHAR_INTS, *SCEN_INTS) for b in ("", "_b")]
    body = "".join(f"\n    s.{f} = []" for f in lists)
    body += "".join(f"\n    s.{f} = 0" for f in counts)
    namespace: dict[str, Any] = {}
    exec(f"def empty_sides(s):{body}", namespace)
    empty: Callable[[Any], None] = namespace["empty_sides"]
    return empty


_empty_sides = _emptier()


class Setup(Cooperative):
    __slots__ = ()

    def setup(self) -> None:
        g = self.game
        check_stack_names(self.stack, g.deck_names)
        stack = self.stack or {}
        decks: dict[str, list[int]] = {}
        for name, span in g.deck_ranges.items():
            deck = decks[name] = list(span)
            self.shuffle(deck)
            if name in stack:
                stack_deck(deck, name, stack[name], g.card_of_ids)
        _empty_sides(self)  # every character's and scenario's list empty, every count 0
        self.pending, self.proxies = [], []
        self.deck = decks["character"]
        self.sdeck = decks["scenario"]
        self.deck_b = decks.get("character2", [])
        two_decks = g.mode == "standard"
        if two_decks:
            self.sdeck_b = decks["scenario2"]
        else:
            self.proxies = decks.get("proxies", decks.get("scenario2", []))
        n = g.instances
        self.orient, self.left, self.marks, self.flags = [0] * n, [0] * n, [0] * n, [0] * n
        self.progress = g.goals[0]
        self.progress_b = g.goals[-1] if two_decks else 0
        self.vitality = g.characters[0].vitality
        self.vitality_b = g.characters[-1].vitality if g.chars_n == 2 else 0
        self.revealed = self.revealed_b = -1
        self.step, self.turn = OPPOSING, 1
        self.me = self.halt = self.alt = 0
        self.out, self.gains = [0, 0], [0, 0]
        self.orgasms = self.hits = self.overs = 0
        if g.controller[0] is not None:  # SB-58: the scenario player starts with a card
            self.shand.append(self.sdeck.pop())
        if len(g.controller) > 1 and g.controller[1] is not None:
            self.shand_b.append(self.sdeck_b.pop())
        self.now(*self.opening(), (E_OPPOSING, 1, 1))
        self.resolve_effects()

    def opening(self) -> list[tuple[int, ...]]:
        """SB-3/4: START effects (the scenario card's, then the character card's) and six
        cards, for each character in turn (A22: each Cooperative scenario card's START to
        one player, or both to the first)."""
        g = self.game
        cards = g.card_of
        out: list[tuple[int, ...]] = []
        for k in range(g.chars_n):
            scens: tuple[int, ...] = g.scen_cards_of[k]
            if g.mode == "cooperative":
                first = g.config.coop_start == "first-player"
                scens = (g.scen_cards if k == 0 else ()) if first else (g.scen_cards[k],)
            starts = [
                (E_RUN, inst, i, 0)
                for inst in (*scens, g.char_cards[k])
                for i in cards[inst].when("start")
            ]
            out += [(E_AS, k), *starts, (E_DRAW, g.config.hand_size)]
        out.append((E_AS, 0))
        return out
