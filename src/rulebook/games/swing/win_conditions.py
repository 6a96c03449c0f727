"""Win Conditions (SW-25, SW-27, SW-34, SW-35; the register's A15..A18, A21): the rulebook's
section is missing; "Orgasms are our Win Conditions!" and the publisher's "bring your partners to
orgasm" point to this: each Host orgasm scores for the Top whose seduction caused it (A15), the
game ends once the Round of the first orgasm is complete (A16), the most orgasms win and ties
split the point (A21: or everyone who scored); no orgasm by the Round limit is a draw (A18).
"""

from __future__ import annotations

from rulebook.engine.outcome import Outcome
from rulebook.games.swing.room import Room
from rulebook.i18n import N_, Message, msg, msgn


class WinConditions(Room):
    __slots__ = ()

    def pleasure(self, host: int, amount: int) -> None:
        """SW-25: an unblocked seduction deducts its Prowess from the Host's Pleasure Meter."""
        self.meter[host] = max(0, self.meter[host] - amount)
        if self.log is not None:
            self.narrate(
                msg(
                    "{player}'s Pleasure Meter drops by {amount} to {meter}.",
                    player=self.seat_name(host),
                    amount=amount,
                    meter=self.meter[host],
                )
            )
        if self.meter[host] == 0:
            self.host_orgasm(host)

    def host_orgasm(self, host: int) -> None:
        """SW-27: at 0 the Host has an orgasm and is removed from the Room (A17)."""
        cfg = self.game.config
        self.came[host] += 1
        self.credits[self.top] += 1
        self.perfect |= 1 << host
        if self.log is not None:
            self.narrate(msg("{player} has an orgasm!", player=self.seat_name(host)))
        if cfg.removed_host == "leaves":
            self.out[host] = 1
            for cards in (self.rooms[host], self.locs[host]):
                for card in cards:
                    self.tagged[card] = self.wear[card] = 0
                self.laundry[host].extend(cards)
                cards.clear()
            self.advances = [a for a in self.advances if a[1] != host]
            if self.log is not None:
                said = msg(
                    "{player} leaves the Room; their cards go to the Laundry.",
                    player=self.seat_name(host),
                )
                self.narrate(said)
        else:
            self.meter[host] = cfg.pleasure_meter
        if cfg.ending == "at-once" or len(self.in_room()) < 2:
            self.finish_game()

    def check_perfect(self) -> None:
        """A Perfect Performance: every Co-Host (two or more) in the Room this turn had an orgasm
        in it."""
        if self.perfect & (self.perfect - 1) and all(
            self.perfect >> s & 1 for s in range(self.players) if s != self.top and not self.out[s]
        ):
            self.achieved = 1

    def finish_game(self) -> None:
        """A15/A16/A18/A21: who wins once the game ends."""
        self.check_perfect()
        cfg = self.game.config
        scores = self.credits if cfg.winner == "seducer" else self.came
        best = max(scores)
        if best == 0:
            said = N_("no orgasm by the Round limit")
            self.finish(Outcome.draw("time-limit", self.players, said))
            return
        least = best if cfg.win_by == "most" else 1
        winners = [s for s in range(self.players) if scores[s] >= least]
        reason = "perfect-performance" if self.achieved else "orgasm"
        self.finish(Outcome.win(reason, winners, self.players, self.reason_said(best).english()))

    def reason_said(self, best: int) -> Message:
        """Why the game ended, as a message (its English is the outcome's text)."""
        perfect = bool(self.achieved)
        if self.game.config.winner == "seducer":
            if perfect:
                return msgn(
                    "{count} orgasm brought about (a Perfect Performance: every Co-Host in one "
                    "turn)",
                    "{count} orgasms brought about (a Perfect Performance: every Co-Host in one "
                    "turn)",
                    best,
                )
            return msgn("{count} orgasm brought about", "{count} orgasms brought about", best)
        if perfect:
            return msgn(
                "{count} orgasm had (a Perfect Performance: every Co-Host in one turn)",
                "{count} orgasms had (a Perfect Performance: every Co-Host in one turn)",
                best,
            )
        return msgn("{count} orgasm had", "{count} orgasms had", best)

    def outcome_words(self) -> str:
        outcome = self.outcome()
        if outcome is None:
            return ""
        if outcome.reason == "time-limit":
            return Message(outcome.text).text()
        scores = self.credits if self.game.config.winner == "seducer" else self.came
        return self.reason_said(max(scores)).text()
