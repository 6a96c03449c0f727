"""The card-effect language (Additional Card Effects/Key Words, SB-48..SB-54): every keyword
a card file names is resolved here, one effect at a time from the engine's effect queue."""

from __future__ import annotations

from rulebook.games.solo_bound_female.cards import Effect
from rulebook.games.solo_bound_female.components import (
    ACTIVATING,
    ACTIVE,
    D_CHOOSE,
    D_DISCARD,
    E_OPPOSING,
    E_RUN,
    EFFECT,
    IGNORED,
    RESET,
    TRIGGERED,
)
from rulebook.games.solo_bound_female.values import Values
from rulebook.i18n import N_, Message, msg, msgn


class Effects(Values):
    __slots__ = ()

    def effect_of(self, inst: int, k: int, source: int) -> Effect:
        card = self.game.card_of[inst]
        if source:
            assert card.ability is not None
            return card.ability.effects[k]
        return card.effects[k]

    def effect_run(self, effect: tuple[int, ...]) -> bool:
        """Resolve effect ``k`` of card ``inst`` (``source`` 1: of its ability)."""
        _, inst, k, source = effect
        e = self.effect_of(inst, k, source) if source else self.game.card_of[inst].effects[k]
        do, n = e.do, e.amount
        if do == "stimulation":
            self.gain_stimulation(n)
        elif do == "visibility":
            self.change_visibility(n, EFFECT)
        elif do == "progress":
            self.gain_progress(n)
        elif do == "vitality":
            self.change_vitality(n)
        elif do == "draw":
            self.draw(n)
        elif do == "discard":
            count = min(n, len(self.hand))
            if count:
                self.decisions.append((D_DISCARD, self.me, count, 1))
                return True
        elif do == "aptitude":
            for _ in range(min(n, len(self.deck))):
                self.aptitude.append(self.deck.pop())
            if self.log is not None:
                self.narrate(
                    msgn(
                        "{count} card goes into play as aptitude.",
                        "{count} cards go into play as aptitude.",
                        n,
                    )
                )
            self.check_decks()
        elif do == "inaptitude":
            for _ in range(min(n, len(self.sdeck))):
                self.inaptitude.append(self.sdeck.pop())
            if self.log is not None:
                self.narrate(
                    msgn(
                        "{count} card goes into play as inaptitude.",
                        "{count} cards go into play as inaptitude.",
                        n,
                    )
                )
            self.check_decks()
        elif do == "double-trouble":
            if self.log is not None:
                self.narrate(msg("Double Trouble: the Opposing Turn again."))
            self.now((E_OPPOSING, 0, 0))
        elif do == "skip-turn":
            self.skip += n
            if self.log is not None:
                self.tell(
                    msgn(
                        "You will skip {count} Player Turn.",
                        "You will skip {count} Player Turns.",
                        n,
                    ),
                    msgn(
                        "{player} will skip {count} Player Turn.",
                        "{player} will skip {count} Player Turns.",
                        n,
                        player=self.who(),
                    ),
                )
        elif do == "fetch":
            self.fetch(inst, e)
        elif do in ("abandon", "ignore", "trigger", "reset"):
            return self.target(inst, k, source, e)
        return False

    # ------------------------------------------------------------------ targets
    def candidates(self, inst: int, e: Effect) -> list[int]:
        """The cards an Abandon / Ignore / Trigger / reset effect may name."""
        if e.target == "self":
            return [inst] if inst in self.cplay or inst in self.splay else []
        side = e.side
        if side == "any" and e.of in ("bondage", "action"):
            side = "character"
        elif side == "any" and e.of in ("trouble", "supernatural", "person"):
            side = "scenario"
        pool = self.cplay if side == "character" else self.splay if side == "scenario" else []
        if side == "any":
            pool = [*self.cplay, *self.splay]
        card_of, orient = self.game.card_of, self.orient
        out = []
        for c in pool:
            card = card_of[c]
            if (
                e.of != "any"
                and card.type != e.of
                and not (e.of == "trouble" and card.type == "supernatural")
            ):
                continue
            o = orient[c]
            if (
                (e.do == "ignore" and o == IGNORED)
                or (e.do == "trigger" and o != RESET)
                or (e.do == "reset" and o == RESET)
            ):
                continue
            out.append(c)
        return out

    def target(self, inst: int, k: int, source: int, e: Effect) -> bool:
        found = self.candidates(inst, e)
        if not found:
            if self.log is not None:
                self.narrate(msg("{keyword}: no card to name.", keyword=keyword(e.do)))
            return False
        if e.target == "all":
            for c in found:
                self.apply_keyword(e.do, c)
            return False
        types = {self.game.type_of[c] for c in found}
        if len(types) == 1:
            self.apply_keyword(e.do, found[0])
            return False
        self.decisions.append((D_CHOOSE, self.chooser(inst), inst, k, source))
        return True

    def options_choose(self, d: tuple[int, ...]) -> list[int]:
        base = self.game.base["choose"]
        e = self.effect_of(d[2], d[3], d[4])
        return sorted({base + self.game.type_of[c] for c in self.candidates(d[2], e)})

    def on_choose(self, t: int) -> None:
        d = self.decisions.pop()
        e = self.effect_of(d[2], d[3], d[4])
        for c in self.candidates(d[2], e):
            if self.game.type_of[c] == t:
                self.apply_keyword(e.do, c)
                return

    def apply_keyword(self, do: str, c: int) -> None:
        """SB-48 Abandon, SB-51 Ignore, SB-54 Trigger, and resetting a card."""
        if self.log is not None:
            self.narrate(msg("{keyword}: {card}.", keyword=keyword(do), card=self.name(c)))
        if do == "abandon":
            self.to_discard(c)
        elif do == "ignore":
            self.orient[c] = IGNORED
        elif do == "trigger":
            self.orient[c] = TRIGGERED
        else:
            self.orient[c] = RESET

    # ------------------------------------------------------------------ fetch
    def fetch(self, inst: int, e: Effect) -> None:
        """Search your deck for a card of a type: the character side takes it into the hand,
        the scenario side puts it into play; then the deck is shuffled."""
        card_of = self.game.card_of
        scenario_side = self.game.side_of[inst]
        deck = self.sdeck if scenario_side else self.deck
        for c in reversed(deck):
            if e.of == "any" or card_of[c].type == e.of:
                deck.remove(c)
                if scenario_side:
                    if self.log is not None:
                        self.narrate(msg("From the scenario deck: {card}.", card=self.name(c)))
                    self.enter_scenario(c)
                else:
                    self.hand.append(c)
                    if self.log is not None:
                        self.tell(
                            msg("You find {card}.", card=self.name(c)),
                            msg("{player} finds a card.", player=self.who()),
                            hand=True,
                        )
                break
        self.shuffle(deck)

    def enter_scenario(self, inst: int) -> None:  # opposing_turn.py
        raise NotImplementedError

    # ------------------------------------------------------------------ orgasm and conditions
    def effect_orgasm(self, _: tuple[int, ...]) -> bool:
        """SB-45: On Orgasm effects of triggered cards, On Orgasm (Passive) of every card in
        play (A6: in play order, or newest first)."""
        card_of, orient = self.game.card_of, self.orient
        cards = self.in_play(self.game.orgasmic)
        if self.game.config.orgasm_order == "newest-first":
            cards.reverse()
        runs = []
        for c in cards:
            card = card_of[c]
            runs += [(E_RUN, c, k, 0) for k in card.when("orgasm-passive")]
            if orient[c] == TRIGGERED:
                runs += [(E_RUN, c, k, 0) for k in card.when("orgasm")]
        self.now(*runs)
        self.condition("orgasm")
        return False

    def condition(self, event: str) -> None:
        """SB-34: a supernatural card's condition met once more adds a diamond counter; at
        its number the card activates once the current action is done."""
        card_of, flags, supernatural = self.game.card_of, self.flags, self.game.is_supernatural
        for c in self.splay:
            if not supernatural[c]:
                continue
            card = card_of[c]
            if card.condition != event or flags[c] & ACTIVE or self.orient[c] == IGNORED:
                continue
            self.marks[c] += 1
            if self.marks[c] >= card.times:
                flags[c] |= ACTIVE | ACTIVATING
                if self.log is not None:
                    self.narrate(msg("{card}'s condition is met.", card=self.name(c)))

    def effect_activate(self, effect: tuple[int, ...]) -> bool:
        inst = effect[1]
        card = self.game.card_of[inst]
        self.flags[inst] &= ~ACTIVATING
        self.left[inst] = card.duration
        if self.log is not None:
            self.narrate(msg("{card} takes effect.", card=self.name(inst)))
        self.now(*self.for_both([(E_RUN, inst, k, 0) for k in self.game.when_played[inst]]))
        return False


# the keywords a targeting effect names (SB-48, SB-51, SB-54), as narration shows them
KEYWORDS = {
    "abandon": N_("Abandon"),
    "ignore": N_("Ignore"),
    "trigger": N_("Trigger"),
    "reset": N_("Reset"),
}


def keyword(do: str) -> Message:
    return Message(KEYWORDS.get(do, do.capitalize()))
