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
)
from rulebook.games.solo_bound_female.seats import Seats

MAX_VISIBILITY = 10


class Values(Seats):
    # ------------------------------------------------------------------ progress
    def gain_progress(self, amount: int) -> None:
        """SB-38/SB-61: gaining progress lowers the scenario's progress; zero wins. Losing it
        raises it again, never above the scenario card's own score."""
        if amount == 0:
            return
        goal = self.game.goals[self.me]
        self.progress = min(goal, self.progress - amount)
        if self.log is not None:
            word = "gain" if amount > 0 else "lose"
            self.say(f"You {word} {abs(amount)} progress ({self.progress} to go).")
        if self.progress <= 0:
            self.progress = 0
            names = " and ".join(self.name(c) for c in self.game.scen_cards_of[self.me])
            self.end("progress", True, f"{names} complete.")

    # ------------------------------------------------------------------ visibility
    def change_visibility(self, amount: int, why: int = EFFECT) -> None:
        """SB-39/40: visibility stays within 0..10; going above ten (A1) is recorded, so the
        card that did it is discarded or gives no progress. Person cards are checked (A2)."""
        new = self.visibility + amount
        above = new > MAX_VISIBILITY or (
            new >= MAX_VISIBILITY and self.game.config.above_ten == "at-ten"
        )
        if amount > 0 and above:
            self.overs += 1
        self.visibility = max(0, min(MAX_VISIBILITY, new))
        if self.log is not None and amount:
            word = "gain" if amount > 0 else "lose"
            self.say(f"You {word} {abs(amount)} visibility (now {self.visibility}).")
        if why == PRIVACY:
            return  # SB-37: an immediate action's privacy never triggers a person card
        if why in (COST, BONDAGE) or (amount and self.game.config.person_check == "every-change"):
            self.now((E_PERSONS,))

    # ------------------------------------------------------------------ stimulation
    def gain_stimulation(self, amount: int) -> None:
        """SB-41..45: stimulation past the character's score is an orgasm: lose vitality equal
        to the excess (one more under Forced Orgasm) and reset stimulation to zero. Under Orgasm
        Denial an excess of one is no orgasm: lose a point of progress instead and keep the
        stimulation, until an effect makes the excess two or more (A3, A4)."""
        cfg = self.game.config
        if amount <= 0:
            self.stim = max(0, self.stim + amount)
            if amount and self.log is not None:
                self.say(f"You lose {-amount} stimulation (now {self.stim}).")
            return
        self.stim += amount
        score = self.game.characters[self.me].stimulation
        excess = self.stim - score
        if self.log is not None:
            self.say(f"You gain {amount} stimulation (now {self.stim} of {score}).")
        if excess <= 0:
            return
        forced, denial = self.counting("forced-orgasm"), self.counting("orgasm-denial")
        if excess == 1 and (denial > forced or (self.denied and cfg.denial_persists)):
            self.denied = 1
            self.orgasms += 1  # the rules proceed as if she had an orgasm
            self.denials += 1
            if self.log is not None:
                self.say("Orgasm Denial: no orgasm, and your stimulation stays.")
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
        if self.log is not None:
            extra = " (Forced Orgasm: one more)" if forced > denial else ""
            self.say(f"An orgasm: you lose {loss} vitality{extra}.")
        self.now((E_ORGASM,))
        self.change_vitality(-loss)

    # ------------------------------------------------------------------ vitality
    def change_vitality(self, amount: int) -> None:
        """SB-46/47/62: vitality never exceeds the character's; at zero you lose."""
        top = self.game.characters[self.me].vitality
        self.vitality = min(top, self.vitality + amount)
        if self.log is not None and amount:
            word = "gain" if amount > 0 else "lose"
            self.say(f"You {word} {abs(amount)} vitality (now {self.vitality}).")
        if self.vitality <= 0:
            self.vitality = 0
            self.end("vitality", False, "your character is exhausted (zero vitality).")

    # ------------------------------------------------------------------ decks
    def draw(self, count: int) -> None:
        """Draw from the character deck; drawing from an empty one loses (SB-63, A11)."""
        for _ in range(count):
            if not self.deck:
                self.end("deck-out", False, "the character deck ran out.")
                return
            inst = self.deck.pop()
            self.hand.append(inst)
            if self.log is not None:
                self.say(
                    f"You draw {self.name(inst)}.",
                    to=self.seers("hand", self.me),
                    others="The player draws a card.",
                )
        self.check_decks()

    def check_decks(self) -> None:
        """A11 ``when-empty``: an empty deck loses at once."""
        if self.game.config.deck_out != "when-empty" or self.result is not None:
            return
        if not self.deck:
            self.end("deck-out", False, "the character deck ran out.")
        elif not self.sdeck:
            self.end("scenario-out", False, "the scenario deck ran out.")
