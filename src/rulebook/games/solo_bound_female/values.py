"""Values and Effects: progress, visibility, stimulation (orgasm, Forced Orgasm, Orgasm Denial),
vitality, and drawing — with the end of the game they can bring (SB-37..SB-48, SB-61..63)."""

from __future__ import annotations

from rulebook.games.solo_bound_female.components import (
    BONDAGE,
    COST,
    E_ORGASM,
    E_PERSONS,
    EFFECT,
    PRIVACY,
    RESET,
)
from rulebook.games.solo_bound_female.seats import Seats
from rulebook.i18n import N_, Listed, Message, Name, msg

MAX_VISIBILITY = 10


class Values(Seats):
    __slots__ = ()

    # ------------------------------------------------------------------ progress
    def gain_progress(self, amount: int) -> None:
        """SB-38/SB-61: gaining progress lowers the scenario's progress; zero wins. Losing it
        raises it again, never above the scenario card's own score."""
        if amount == 0:
            return
        goal = self.game.goals[self.me]
        before = self.progress
        left = before - amount
        self.progress = goal if left > goal else left  # (no min() call: every trigger asks)
        if self.log is not None:
            left = self.progress if self.progress > 0 else 0  # (zero wins, below)
            if amount > 0:
                self.tell_lines(
                    N_("You gain {amount} progress ({left} to go)."),
                    N_("{player} gains {amount} progress ({left} to go)."),
                    amount=amount,
                    left=left,
                )
            elif left == before:  # at the scenario's own score: there was none to lose
                self.tell_lines(
                    N_("You lose no progress: there is none to lose ({left} to go)."),
                    N_("{player} loses no progress: there is none to lose ({left} to go)."),
                    left=left,
                )
            else:  # what was lost, never more than had been made
                self.tell_lines(
                    N_("You lose {amount} progress ({left} to go)."),
                    N_("{player} loses {amount} progress ({left} to go)."),
                    amount=left - before,
                    left=left,
                )
        if self.progress <= 0:
            self.progress = 0
            names = Listed(tuple(self.name(c) for c in self.game.scen_cards_of[self.me]))
            self.end("progress", True, msg("{cards} complete.", cards=names))

    # ------------------------------------------------------------------ visibility
    def change_visibility(self, amount: int, why: int = EFFECT) -> None:
        """SB-23/40: visibility stays within 0..10; going above ten (A1) is recorded, so the
        card that did it is discarded or gives no progress. Person cards are checked (A2)."""
        new = self.visibility + amount
        above = new > MAX_VISIBILITY or (
            new >= MAX_VISIBILITY and self.game.config.above_ten == "at-ten"
        )
        if amount > 0 and above:
            self.overs += 1
        self.visibility = MAX_VISIBILITY if new > MAX_VISIBILITY else new if new > 0 else 0
        if self.log is not None and amount:
            n, now = abs(amount), self.visibility
            if amount > 0:
                self.tell_lines(
                    N_("You gain {amount} visibility (now {now})."),
                    N_("{player} gains {amount} visibility (now {now})."),
                    amount=n,
                    now=now,
                )
            else:
                self.tell_lines(
                    N_("You lose {amount} visibility (now {now})."),
                    N_("{player} loses {amount} visibility (now {now})."),
                    amount=n,
                    now=now,
                )
        if why == PRIVACY:
            return  # SB-37: an immediate action's privacy never triggers a person card
        # the check resolves next (every caller queues nothing after this): one that would
        # find no person card is not queued at all, the simulation's common case
        check = why in (COST, BONDAGE) or (
            amount and self.game.config.person_check == "every-change"
        )
        if check and self.persons_below():
            self.now((E_PERSONS,))

    def persons_below(self) -> list[int]:
        """Reset person cards in play with a visibility lower than the current score."""
        card_of, orient, vis = self.game.card_of, self.orient, self.visibility
        found = []
        for inst in self.splay:  # a loop, not a comprehension: asked on every trigger
            card = card_of[inst]
            if card.type == "person" and orient[inst] == RESET and card.visibility < vis:
                found.append(inst)
        return found

    def pending_since(self, before: tuple[tuple[int, ...], ...], rest: tuple[int, ...]) -> bool:
        """After one part of a card's resolution (``before``: the queue as it was), must the
        ``rest`` wait for effects it queued? Then ``rest`` is queued beneath them (as though
        queued first) and True is returned; also True once the game ended. False: nothing is
        pending, so the rest resolves at once, without a round through the queue (the
        simulation's hot path)."""
        if self.result is not None or self.halt:
            return True
        effects = self.effects
        if len(effects) == len(before):
            return False
        self.effects = (*before, rest, *effects[len(before) :])
        return True

    # ------------------------------------------------------------------ stimulation
    def gain_stimulation(self, amount: int) -> None:
        """SB-41..44: stimulation past the character's score is an orgasm: lose vitality equal
        to the excess (one more under Forced Orgasm) and reset stimulation to zero. Under Orgasm
        Denial an excess of one is no orgasm: lose a point of progress instead and keep the
        stimulation, until an effect makes the excess two or more (A3, A4)."""
        cfg = self.game.config
        if amount <= 0:
            self.stim = max(0, self.stim + amount)
            if amount and self.log is not None:
                self.tell_lines(
                    N_("You lose {amount} stimulation (now {now})."),
                    N_("{player} loses {amount} stimulation (now {now})."),
                    amount=-amount,
                    now=self.stim,
                )
            return
        self.stim += amount
        score = self.game.characters[self.me].stimulation
        excess = self.stim - score
        if self.log is not None:
            self.tell_lines(
                N_("You gain {amount} stimulation (now {now} of {score})."),
                N_("{player} gains {amount} stimulation (now {now} of {score})."),
                amount=amount,
                now=self.stim,
                score=score,
            )
        if excess <= 0:
            return
        forced, denial = self.orgasm_rule()
        if excess == 1 and (denial > forced or (self.denied and cfg.denial_persists)):
            self.denied = 1
            self.orgasms += 1  # the rules proceed as if she had an orgasm
            self.denials += 1
            if self.log is not None:
                self.tell_lines(
                    N_("Orgasm Denial: no orgasm, and your stimulation stays."),
                    N_("Orgasm Denial: {player} has no orgasm, and her stimulation stays."),
                )
            if cfg.denied_on_orgasm:
                self.now((E_ORGASM,))
            if cfg.denial_loss == "point":
                self.gain_progress(-1)
            return
        loss = excess + (1 if forced > denial else 0)
        self.denied = 0
        self.stim = 0
        self.orgasms += 1
        self.climaxes += 1
        if self.log is not None:  # one line, with what is left (change_vitality says none)
            now = max(0, min(self.game.characters[self.me].vitality, self.vitality - loss))
            if forced > denial:
                self.tell_lines(
                    N_(
                        "An orgasm: you lose {amount} vitality, Forced Orgasm's one included "
                        "(now {now})."
                    ),
                    N_(
                        "An orgasm: {player} loses {amount} vitality, Forced Orgasm's one "
                        "included (now {now})."
                    ),
                    amount=loss,
                    now=now,
                )
            else:
                self.tell_lines(
                    N_("An orgasm: you lose {amount} vitality (now {now})."),
                    N_("An orgasm: {player} loses {amount} vitality (now {now})."),
                    amount=loss,
                    now=now,
                )
        self.now((E_ORGASM,))
        self.change_vitality(-loss, said=False)

    # ------------------------------------------------------------------ vitality
    def change_vitality(self, amount: int, said: bool = True) -> None:
        """SB-46/56: vitality never exceeds the character's; at zero you lose. ``said``:
        narrated here (an orgasm says its loss in its own line)."""
        top = self.game.characters[self.me].vitality
        self.vitality = min(top, self.vitality + amount)
        if self.log is not None and amount and said:
            n, now = abs(amount), max(self.vitality, 0)
            if amount > 0:
                self.tell_lines(
                    N_("You gain {amount} vitality (now {now})."),
                    N_("{player} gains {amount} vitality (now {now})."),
                    amount=n,
                    now=now,
                )
            else:
                self.tell_lines(
                    N_("You lose {amount} vitality (now {now})."),
                    N_("{player} loses {amount} vitality (now {now})."),
                    amount=n,
                    now=now,
                )
        if self.vitality <= 0:
            self.vitality = 0
            name = Name(self.game.characters[self.me].name)
            self.end("vitality", False, msg("{card} is exhausted (zero vitality).", card=name))

    # ------------------------------------------------------------------ decks
    def draw(self, count: int) -> None:
        """Draw from the character deck; drawing from an empty one loses (SB-63, A11)."""
        for _ in range(count):
            if not self.deck:
                self.end("deck-out", False, self.deck_out_text())
                return
            inst = self.deck.pop()
            self.hand.append(inst)
            if self.card_facts is not None:
                self.card_fact("drawn", inst)
            if self.log is not None:
                g = self.game  # (the card's name and the player's, each read once)
                self.tell_hand_later(_drew, (g.card_names[inst], g.seat_names[self.me]))
        if self.game.config.deck_out == "when-empty":
            self.check_decks()

    def deck_out_text(self) -> Message:
        name = Name(self.game.characters[self.me].name)
        return msg("{card}'s deck ran out.", card=name)

    def check_decks(self) -> None:
        """A11 ``when-empty``: an empty deck loses at once."""
        if self.game.config.deck_out != "when-empty" or self.result is not None:
            return
        if not self.deck:
            self.end("deck-out", False, self.deck_out_text())
        elif not self.sdeck:
            self.end("scenario-out", False, msg("the scenario deck ran out."))


def _drew(card: Name, player: Message) -> tuple[Message, Message]:
    """A card drawn into her hidden hand: her line, and the others' (made when read)."""
    return msg("You draw {card}.", card=card), msg("{player} draws a card.", player=player)
