"""The endings of a combat (RB-42..RB-47) and of the game (RB-56..RB-63, ENDING).

A combat ends in victory (heal 2, attune to its Lord), a full bind (capture: the same, R6) or
a loss (flip to The Wrath; a second loss is death); then memories on Lord icons in the court
shift attunement. The game ends in Survival (the constituency sways the court, or the court is
cleared) with Escape and Unleash, in Death with Capture, or at the safety limit ("other").
``lasting()`` is what a playthrough leaves for the next one: the profile keeps it.
"""

from __future__ import annotations

from typing import Any

from rulebook.engine.outcome import Outcome
from rulebook.games.ribbon_of_bone import tracker
from rulebook.games.ribbon_of_bone.components import ESCAPE, SEAT, Components
from rulebook.games.ribbon_of_bone.game import FULL


class Endings(Components):
    # ------------------------------------------------------------------ a combat's end
    def end_combat(self, how: str) -> None:
        g = self.game
        cfg = g.config
        self.decisions.clear()
        foes = [card for card, _, _ in self.foes]
        if how == "loss":
            self.say("You lose all your health.")
            for card in foes:
                self.return_to_deck(card)  # R8
            if self.rogue >= 0:
                self.return_to_deck(self.rogue)
            self.clear_combat()
            if self.wrath:  # RB-46: a loss in The Wrath is death
                self.death()
                return
            self.wrath = 1  # RB-45
            self.att = tracker.CENTER
            if cfg.wrath_health == "reset":  # R7
                self.health = cfg.starting_health
                self.health_log = (*self.health_log, self.health)
            if self.log is not None:
                self.say(
                    "Your alignment card flips to The Wrath and your attunement "
                    f"returns to the middle ({self.health} health)."
                )
        else:
            captured = -1
            if how == "capture":  # RB-44
                captured = next(c for c, _, mask in self.foes if mask & FULL == FULL)
                self.constituency = (*self.constituency, captured)
                self.mark("drawn", g.fighter_ids[captured], SEAT)
                if self.log is not None:
                    self.say(f"Full bind: {self.name(captured)} joins your constituency.")
            elif how == "align":  # RB-60
                self.constituency = (*self.constituency, self.rogue)
                self.mark("drawn", g.fighter_ids[self.rogue], SEAT)
                if self.log is not None:
                    binds = cfg.identity_align_binds
                    self.say(f"{binds} binds: {self.name(self.rogue)} aligns with you.")
            else:
                self.say("Victory.")
            perished = [c for c in foes if c != captured]
            if self.rogue >= 0 and how != "align":
                perished.append(self.rogue)
            self.perished = (*self.perished, *perished)
            if how == "victory" or cfg.capture_is_victory:  # RB-43, R6
                self.add_health(2)
                if self.log is not None:
                    self.say(f"You heal 2 ({self.health} health).")
                for card in foes:
                    self.attune(g.lord[card], "Victory")
            self.clear_combat()
        self.court_memories()
        value = self.constituency_value()
        if value >= g.content.goal:
            self.victory(f"your constituency sways the court ({value})")
        elif not self.marquis_left():
            self.victory("the court is cleared to complete stillness")
        elif self.forced:
            self.start_turn()
        else:
            self.end_turn()

    def return_to_deck(self, card: int) -> None:
        if self.game.config.lost_opponent == "discard" and card != self.rogue:
            self.perished = (*self.perished, card)
            return
        deck = self.decks[self.game.lord[card]]
        deck.append(card)
        self.shuffle(deck)

    def court_memories(self) -> None:
        """RB-47: memory tokens on Lord icons shift attunement, return, and the card flips."""
        tokens, sides = list(self.tokens), list(self.sides)
        court_lord = self.game.court_lord
        for position, count in enumerate(tokens):
            if count and sides[position] == 0:
                lord = court_lord[self.court[position]]
                why = f"A memory at {self.court_name(position)}" if self.log is not None else ""
                for _ in range(count):
                    self.attune(lord, why)
                tokens[position] = 0
                sides[position] = 1
        self.tokens, self.sides = tuple(tokens), tuple(sides)

    # ------------------------------------------------------------------ the game's end
    def victory(self, why: str) -> None:
        if self.log is not None:
            self.say(f"Survival: {why}.")
        self.detail = why
        if self.game.imprisoned:
            self.ending = "escape"
            self.decisions = [(ESCAPE, SEAT)]  # RB-56 (R23: may)
            return
        self.end_game("escape", why)

    def options_escape(self, d: tuple[int, ...]) -> list[int]:
        """RB-56: free the most attuned Lord's Marquis; any Lord in the envelope when none of
        theirs is there or several Lords are tied."""
        g = self.game
        held = g.envelope_lords
        best = self.most_attuned()
        lords = best if len(best) == 1 and best[0] in held else held
        return [*(g.escape_id[lord] for lord in lords), g.keep_envelope_id]

    def on_escape(self, lord: int) -> None:
        self.release = lord
        if self.log is not None:
            self.say(f"You open the envelope: {self.game.lord_names[lord]}'s Marquis go free.")
        self.end_game("escape", self.detail)

    def on_keep_envelope(self, _: int) -> None:
        self.end_game("escape", self.detail)

    def death(self) -> None:
        """RB-62: constituents of your most attuned Lord go into the envelope."""
        g = self.game
        tied = self.most_attuned()
        usable = self.usable()
        counts = {lord: sum(1 for c in usable if g.lord[c] == lord) for lord in tied}
        most = max(counts.values())
        choices = [lord for lord in tied if counts[lord] == most]
        lord = choices[self.below(len(choices))]
        self.imprison = tuple(c for c in usable if g.lord[c] == lord)
        if self.log is not None:
            names = ", ".join(self.name(c) for c in self.imprison) or "no one"
            self.say(
                f"Death. {g.lord_names[lord]} claims your constituents: "
                f"{names} go into the imprisonment envelope."
            )
        self.end_game("death", "you fell while in The Wrath")

    def end_game(self, ending: str, detail: str) -> None:
        self.ending = ending
        self.detail = detail
        self.finish(Outcome.team(ending, ending == "escape", 1, detail))
        if self.log is not None:
            self.say(f"The game ends: {ending} ({detail}).")

    def turns(self) -> int:
        return self.turn

    def lasting(self) -> dict[str, Any]:
        """What lasts between playthroughs (RB-56, RB-57, RB-62): for the player profile."""
        g = self.game
        fighters = g.content.fighters
        released = sorted(fighters[c].id for c in g.imprisoned if g.lord[c] == self.release)
        return {
            "ending": self.ending,
            "detail": self.detail,
            "imprison": [fighters[c].id for c in self.imprison],
            "release": released,
            "unleash": self.ending == "escape",
            "name": self.notebook_name(),
            "turns": self.turn,
        }

    def estimate(self) -> list[float]:
        """A quick chance of surviving an unfinished game, for search that stops early."""
        g = self.game
        cfg = g.config
        life = max(self.health, 0) / cfg.max_health
        if self.wrath:
            life *= 0.5
        else:
            life = 0.5 + 0.5 * life
        progress = min(1.0, self.constituency_value() / g.content.goal)
        value = 0.25 + 0.5 * life + 0.25 * progress
        return [min(1.0, max(0.0, value))]
