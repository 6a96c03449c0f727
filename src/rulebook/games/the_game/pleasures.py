"""Player 2's pleasure cards (TG-31..TG-36): Skip Punishment removes a punishment from the
Queue, Remove Equipment one equipment card, Stop Game ends the game; the others are kept for
after the game. Five collected cards win (A9: used effect cards may count)."""

from __future__ import annotations

from rulebook.games.the_game.game import P2, a_label
from rulebook.games.the_game.table_state import REMOVE, SKIP, SPEND, Table
from rulebook.i18n import Listed, Name, msg


class Pleasures(Table):
    def gain_pleasure(self, card: int) -> None:
        g = self.game
        cfg = g.config
        pleasure = g.content.pleasure[g.pleasure_type[card]]
        self.mark("drawn", pleasure.id, P2)
        if self.log is not None:
            name = Name(g.content.pleasure[g.pleasure_type[card]].name)
            role, noun = self.who(P2), g.labels["pleasure"]
            if cfg.pleasures_public:
                self.narrate(msg("{player} gains {card}.", player=role, card=name))
            else:
                self.narrate(
                    msg("You gain {card}.", card=name),
                    (P2,),
                    msg("{player} gains {a_kind}.", player=role, a_kind=a_label(noun)),
                )
        effect = g.pleasure_effect[card]
        if cfg.effects_on_draw and effect:  # A8: it acts at once
            self.used = (*self.used, card)
            self.mark("used", pleasure.id, P2)
            if self.log is not None:
                name = Name(g.content.pleasure[g.pleasure_type[card]].name)
                self.narrate(msg("{card} takes effect at once.", card=name))
            if not self.check_pleasure_win():
                self.resolve_effect(effect)
            return
        self.pleasures.append(card)
        if not effect:  # a card without an effect counts toward the win as soon as held
            self.mark("played", pleasure.id, P2)
        self.check_pleasure_win()

    def effect_gain_pleasure(self, effect: tuple[int, ...]) -> bool:
        """A1 (pleasure-card reading): a set earns a card straight from the deck."""
        if not self.pleasure_deck:
            return False
        depth = len(self.decisions)
        self.gain_pleasure(self.pleasure_deck.pop())
        return self.result is not None or len(self.decisions) > depth

    def effect_options(self) -> list[int]:
        """TG-31..TG-33: held effect cards that have something to act on (most held cards
        have no effect: the Queue is looked at only for one that has)."""
        g = self.game
        if g.config.effects_on_draw:
            return []
        effects = g.pleasure_effect
        ids = set()
        for card in self.pleasures:
            effect = effects[card]
            if effect and (
                effect == "stop-game"
                or (effect == "skip-punishment" and self.queue)
                or (effect == "remove-equipment" and any(len(p) > 3 for p in self.queue))
            ):
                ids.add(g.use_ids[g.pleasure_type[card]])
        return sorted(ids) if ids else []

    def on_use(self, index: int) -> None:
        g = self.game
        ptype = g.effect_types[index]
        card = next(c for c in self.pleasures if g.pleasure_type[c] == ptype)
        self.pleasures.remove(card)
        self.used = (*self.used, card)
        self.mark("used", g.content.pleasure[ptype].id, P2)
        if self.log is not None:
            name = Name(g.content.pleasure[ptype].name)
            self.narrate(msg("{player} uses {card}.", player=self.who(P2), card=name))
        self.resolve_effect(g.pleasure_effect[card])

    def resolve_effect(self, effect: str) -> None:
        if effect == "stop-game":  # TG-33, A12
            winner = P2 if self.game.config.stop_game_winner == "player2" else -1
            self.end(winner, "stop-game")
        elif effect == "skip-punishment" and self.queue:  # TG-31
            self.decisions.append((SKIP, P2))
        elif effect == "remove-equipment" and any(len(p) > 3 for p in self.queue):  # TG-32
            self.decisions.append((REMOVE, P2))
        elif self.log is not None:
            self.narrate(msg("It has nothing to act on."))

    def options_skip(self, decision: tuple[int, ...]) -> list[int]:
        base = self.game.base["skip"]
        return [base + q for q in range(len(self.queue))]

    def options_remove(self, decision: tuple[int, ...]) -> list[int]:
        g = self.game
        block = g.table["remove"]
        etype = g.equipment_type
        return sorted({block.id(q, etype[e]) for q, p in enumerate(self.queue) for e in p[3:]})

    def on_skip(self, q: int) -> None:
        g = self.game
        punishment = self.queue.pop(q)
        self.discard.extend(punishment[:3])
        self.equipment_out = (*self.equipment_out, *punishment[3:])
        self.decisions.pop()
        if self.log is not None:
            names = Listed(tuple(self.name(c) for c in punishment[:3]), " + ")
            self.narrate(
                msg(
                    "{Punishment} {number} ({cards}) leaves the {queue}.",
                    Punishment=Name(g.labels["punishment"].capitalize()),
                    number=q + 1,
                    cards=names,
                    queue=self.word("queue"),
                )
            )
        self.after_target()

    def on_remove(self, index: tuple[int, int]) -> None:
        g = self.game
        q, etype = index
        punishment = list(self.queue[q])
        for i in range(3, len(punishment)):
            if g.equipment_type[punishment[i]] == etype:
                self.equipment_out = (*self.equipment_out, punishment.pop(i))
                break
        self.queue[q] = tuple(punishment)
        self.decisions.pop()
        if self.log is not None:
            self.narrate(
                msg(
                    "{card} is removed from {punishment} {number}.",
                    card=Name(g.content.equipment[etype].name),
                    punishment=self.word("punishment"),
                    number=q + 1,
                )
            )
        self.after_target()

    def after_target(self) -> None:
        """Back to the step the effect interrupted: the turn, or a spending step that may
        now have nothing left to buy."""
        if self.decisions and self.decisions[-1][0] == SPEND:
            self.close_spend_step(P2)
