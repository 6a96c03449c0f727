"""The endings of a combat (RB-42..RB-47) and of the game (RB-56..RB-63, ENDING).

A combat ends in victory (heal 2, attune to its Lord), a full bind (capture: the same, R6) or
a loss (flip to The Wrath; a second loss is death); after a loss, memories on Lord icons in the
court shift attunement (RB-47, R32). The game ends in Survival (the constituency sways the
court, or the court is cleared) with Escape and Unleash, in Death with Capture, or at the
safety limit ("other").
``lasting()`` is what a playthrough leaves for the next one: the profile keeps it.
"""

from __future__ import annotations

import re
from typing import Any

from rulebook.engine.outcome import Outcome
from rulebook.games.ribbon_of_bone import tracker
from rulebook.games.ribbon_of_bone.cards import (
    BALANCE,
    BASIC,
    CONSTRUCTION,
    GRAVITY,
    LOSS,
    RELIANCE,
    SUPPORT,
    TIME,
)
from rulebook.games.ribbon_of_bone.components import ESCAPE, SEAT, Components
from rulebook.games.ribbon_of_bone.game import FULL
from rulebook.i18n import N_, Listed, Message, msg

# the endings (the outcome's reason) as a sentence and a summary name them
ENDINGS = {"escape": N_("escape"), "death": N_("death"), "other": N_("other")}
ENDING_TITLES = {"escape": N_("Escape"), "death": N_("Death"), "other": N_("Other")}
CLEARED = msg("the court is cleared to complete stillness")
LAST_ROGUE = msg("the rogue identity was the court's last card")
FELL = msg("you fell while in The Wrath")
UNCLEARED = msg("no Marquis is left to face, and the court was not cleared")
VICTORY = msg("Victory")  # what moves your attunement after a won fight
# the game's end in words: the state keeps the English (``detail``: saved, and the profile's)
_REASONS = {
    m.english(): m
    for m in (
        CLEARED,
        LAST_ROGUE,
        FELL,
        UNCLEARED,
        msg("the turn limit was reached"),
        msg("the combat round limit was reached"),
    )
}
# the mean damage of one use of each ability, for the estimate's odds of a fight (RB-48..RB-55:
# Gravity a D4; Reliance a copy and its own 1; Support and Loss deal none)
_HITS = {
    BALANCE: 2.0,
    TIME: 4.0,
    CONSTRUCTION: 1.0,
    GRAVITY: 2.5,
    RELIANCE: 2.5,
    SUPPORT: 0.0,
    LOSS: 0.0,
    BASIC: 1.5,
}
FIGHT_SHARE = 0.9  # what each fight still to win leaves of the estimate
HIT = tuple(_HITS[a] for a in range(BASIC + 1))  # by ability id


def outlook(health: int, wrath: int, left: int, top: int) -> float:
    """The estimate outside a fight, with ``left`` fights still to win: your health out of
    ``top`` (worth half as much in The Wrath, where a loss is death), less a share for every
    fight to come."""
    life = (health if health > 0 else 0) / top
    life = 0.5 * life if wrath else 0.5 + 0.5 * life
    return (0.5 + 0.5 * life) * FIGHT_SHARE**left


_SWAYS = re.compile(r"your constituency sways the court \((\d+)\)")


def sways(value: int) -> Message:
    return msg("your constituency sways the court ({value})", value=value)


def reason_said(detail: str) -> Message:
    """The game's end as the state keeps it (English), as a message (as it is, if unknown)."""
    found = _REASONS.get(detail)
    if found is not None:
        return found
    swayed = _SWAYS.fullmatch(detail)
    if swayed:
        return sways(int(swayed.group(1)))
    return Message(detail)


def ending_said(ending: str) -> Message:
    return Message(ENDINGS.get(ending, ending))


class Endings(Components):
    __slots__ = ()

    # ------------------------------------------------------------------ a combat's end
    def end_combat(self, how: str) -> None:
        g = self.game
        cfg = g.config
        self.decisions.clear()
        foes = [card for card, _, _ in self.foes]
        if how == "loss":
            self.narrate(msg("You lose all your health."))
            for card in foes:
                self.return_to_deck(card)  # R8
            if self.rogue >= 0:
                self.return_to_deck(self.rogue)
            self.clear_combat()
            if self.wrath:  # RB-46: a loss in The Wrath is death
                if cfg.death_memories == "before":  # R33
                    self.court_memories()
                self.death()
                return
            self.wrath = 1  # RB-45
            self.att = tracker.CENTER
            if cfg.wrath_health == "reset" or self.health < 0:  # R7: "keep" stays at 0
                self.health = cfg.starting_health if cfg.wrath_health == "reset" else 0
                self.health_log = (*self.health_log, self.health)
            if self.log is not None:
                said = msg(
                    "Your alignment card flips to The Wrath and your attunement returns to the "
                    "middle ({health} health).",
                    health=self.health,
                )
                self.narrate(said)
        else:
            captured = -1
            if how == "capture":  # RB-44
                captured = next(c for c, _, mask in self.foes if mask & FULL == FULL)
                self.constituency = (*self.constituency, captured)
                self.mark("drawn", g.fighter_ids[captured], SEAT)
                if self.log is not None:
                    said = msg(
                        "Full bind: {card} joins your constituency.", card=self.said_name(captured)
                    )
                    self.narrate(said)
            elif how == "align":  # RB-60
                self.constituency = (*self.constituency, self.rogue)
                self.mark("drawn", g.fighter_ids[self.rogue], SEAT)
                if self.log is not None:
                    binds = cfg.identity_align_binds
                    said = msg(
                        "{count} binds: {card} aligns with you.",
                        count=binds,
                        card=self.said_name(self.rogue),
                    )
                    self.narrate(said)
            else:
                self.narrate(msg("Victory."))
            perished = [c for c in foes if c != captured]
            if self.rogue >= 0 and how != "align":
                perished.append(self.rogue)
            self.perished = (*self.perished, *perished)
            if how == "victory" or cfg.capture_is_victory:  # RB-43, R6
                self.add_health(2)
                if self.log is not None:
                    self.narrate(msg("You heal 2 ({health} health).", health=self.health))
                for lord in self.victory_lords(foes):
                    self.attune(lord, VICTORY)
            self.clear_combat()
        if how == "loss" or cfg.court_memories == "every":  # RB-47 stands under LOSS (R32)
            self.court_memories()
        value = self.constituency_value()
        if value >= g.content.goal:
            self.victory(sways(value))
        elif not self.marquis_left():
            if how == "loss":  # R8 "discard": the court's last Marquis beat you, not cleared
                self.end_game("other", UNCLEARED)
                return
            self.victory(CLEARED)
        elif self.forced:
            self.start_turn()
        else:
            self.end_turn()

    def victory_lords(self, foes: list[int]) -> list[int]:
        """RB-43: "attune yourself to your opponent's Lord by 1". Against a rogue identity the
        opponent is the identity: one point, toward its Lord (R35); "each": one per Marquis."""
        g = self.game
        if self.rogue >= 0 and g.config.rogue_attunes == "identity":
            return [g.lord[self.rogue]]
        return [g.lord[card] for card in foes]

    def return_to_deck(self, card: int) -> None:
        if self.game.config.lost_opponent == "discard" and card != self.rogue:
            self.perished = (*self.perished, card)
            return
        deck = self.decks[self.game.lord[card]]
        deck.append(card)
        self.shuffle(deck)

    def court_memories(self) -> None:
        """RB-47, under LOSS: "Afterward, for each Memory token occupying the icon of a Lord
        in the court", the tracker moves 1 toward that Lord; the tokens return to the bag and
        the card flips. After a loss only (R32); at death after the Capture (R33)."""
        tokens, sides = list(self.tokens), list(self.sides)
        court_lord = self.game.court_lord
        for position, count in enumerate(tokens):
            if count and sides[position] == 0:
                lord = court_lord[self.court[position]]
                why = None
                if self.log is not None:
                    why = msg("A memory at {place}", place=self.court_said(position))
                for _ in range(count):
                    self.attune(lord, why)
                tokens[position] = 0
                sides[position] = 1
        self.tokens, self.sides = tuple(tokens), tuple(sides)

    # ------------------------------------------------------------------ the game's end
    def victory(self, why: Message) -> None:
        if self.log is not None:
            self.narrate(msg("Survival: {why}.", why=why))
        self.detail = why.english()
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
            said = msg(
                "You open the envelope: {lord}'s Marquis go free.", lord=self.game.lord_words[lord]
            )
            self.narrate(said)
        self.end_game("escape", reason_said(self.detail))

    def on_keep_envelope(self, _: int) -> None:
        self.end_game("escape", reason_said(self.detail))

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
            lost = g.lord_words[lord]
            if len(self.imprison) == 1:
                said = msg(
                    "Death. {lord} claims your constituents: {card} goes into the imprisonment "
                    "envelope.",
                    lord=lost,
                    card=self.said_name(self.imprison[0]),
                )
            elif self.imprison:
                names = Listed(tuple(self.said_name(c) for c in self.imprison), N_(", "))
                said = msg(
                    "Death. {lord} claims your constituents: {cards} go into the imprisonment "
                    "envelope.",
                    lord=lost,
                    cards=names,
                )
            else:
                said = msg(
                    "Death. {lord} claims your constituents: no one goes into the imprisonment "
                    "envelope.",
                    lord=lost,
                )
            self.narrate(said)
        self.end_game("death", FELL)

    def end_game(self, ending: str, detail: Message) -> None:
        self.ending = ending
        self.detail = english = detail.english()
        self.finish(Outcome.team(ending, ending == "escape", 1, english))
        if self.log is not None:
            said = msg(
                "The game ends: {ending} ({detail}).", ending=ending_said(ending), detail=detail
            )
            self.narrate(said)

    def outcome_words(self) -> str:
        outcome = self.outcome()
        return "" if outcome is None else reason_said(outcome.text).text()

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
        """A quick chance of surviving an unfinished game, for search that stops early.

        Each fight still to win costs a share of it (``outlook``), so a won fight is worth
        more than the health it costs and staying out of fights is worth nothing. In a fight,
        the odds of winning it (``fight_odds``) weigh the outlook after a victory against the
        one after a loss: a search whose rollouts stop mid-combat can tell a fight going well
        from one going badly (before, it saw only your health and the constituency)."""
        cfg = self.game.config
        left = self.fights_left()
        top = cfg.max_health
        if not self.foes:
            return [outlook(self.health, self.wrath, left, top)]
        odds = self.fight_odds()
        won = outlook(min(top, self.health + 2), self.wrath, left, top)  # RB-43
        lost = 0.0  # RB-46: a loss in The Wrath is death
        if not self.wrath:  # RB-45: The Wrath, health back (R7), the Marquis back (R8)
            lost = outlook(cfg.starting_health, 1, left + len(self.foes), top)
        return [odds * won + (1.0 - odds) * lost]

    def fights_left(self) -> int:
        """Fights still to win: every Marquis left in the decks clears the court (RB-63);
        a capture also grows the constituency toward swaying it, worth a few fights."""
        g = self.game
        held = g.identity.__getitem__
        count = 0
        for deck in self.decks:
            count += len(deck) - sum(map(held, deck))  # identities left aside (RB-57)
        return min(count, 3 * (g.content.goal - self.constituency_value()))

    def fight_odds(self) -> float:
        """A rough chance of winning the fight in progress: the combat turns you can stand
        against those the standing Marquis can, each from the mean damage of a D4 use
        (``HIT``, rolls of 4 and bound abilities as basic attacks, RB-34, RB-37)."""
        g = self.game
        abilities, lord, readings = g.abilities, g.lord, g.readings[self.att]
        incoming = 0.0
        standing = 0
        for card, health, mask in self.foes:
            if health > 0:
                standing += health
                own = abilities[card]
                hits = HIT[BASIC]
                for slot in range(3):
                    hits += HIT[BASIC] if mask >> slot & 1 else HIT[own[slot]]
                incoming += hits / 4 + (1 if readings[lord[card]] < 0 else 0)  # RB-28
        party = self.party or tuple(self.usable()[:3])
        outgoing = 0.0
        for card in party:
            own = abilities[card]
            bonus = readings[lord[card]]  # RB-27
            outgoing += (HIT[own[0]] + HIT[own[1]] + HIT[own[2]] + HIT[BASIC]) / 4
            outgoing += bonus if bonus > 0 else 0
        if party:  # two prosecute when a third binds (RB-35, R25)
            outgoing *= min(len(party), 2) / len(party)
        mine = max(self.health, 0) / max(incoming, 0.5)  # turns you can stand
        theirs = standing / max(outgoing, 0.5)  # turns they can
        return mine * mine / (mine * mine + theirs * theirs) if mine > 0 else 0.0
