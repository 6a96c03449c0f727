"""The flow of the game (SM-9..SM-12, SM-20, SM-32, SM-1): outside the dungeon a player may
gain skills, then Investigates or Advances; inside, they can only Advance. One-use items are
used on your own turn. After every player's move the turn passes clockwise; the game ends once
the turns have passed, and the deepest player wins (A14, A15)."""

from __future__ import annotations

from rulebook.engine.outcome import Outcome
from rulebook.games.susumuka_modoruka.cards import conditioned, named
from rulebook.games.susumuka_modoruka.components import BATTLE, REVEALED, TURN, Components
from rulebook.games.susumuka_modoruka.game import player
from rulebook.i18n import N_, Listed, Message, _, msg, msgn

# The winner's reason, by what counts as diving deepest (A14, Config.score_by): "the deepest
# dive" alone read as wrong to a player who dove deeper than the winner's trophy and died.
DEEPEST = {
    "trophy": N_("the deepest trophy brought home, depth {depth}"),
    "trophy-or-flag": N_("the deepest trophy or planted flag, depth {depth}"),
    "deepest": N_("the deepest dive, depth {depth}"),
}


class Turn(Components):
    __slots__ = ()

    # ------------------------------------------------------------------ options
    def turns_passed(self) -> int:
        """A1: completed rounds (everyone has moved), or every player's move so far."""
        return self.round - 1 if self.game.by_round else self.moves

    def skill_cost(self, seat: int) -> int:
        owned, total = self.skills[seat], 0
        for i, s in enumerate(self.game.content.skills):
            if owned >> i & 1:
                total += s.cost
        return total

    def skill_options(self, seat: int) -> tuple[int, ...]:
        """SM-32: the skills ``seat`` may gain now, each not yet ticked and costing no more
        than the turns passed less what its skills already cost (A20, ``per-visit``: less what
        the skills gained since last entering the dungeon cost). Worked out once per (skills
        ticked, turns passed) and kept on the game: every turn outside the dungeon asks."""
        g = self.game
        owned = self.skills[seat]
        if g.per_visit:  # A20: only this visit's skills count against the budget
            key: tuple[int, ...] = (owned, self.turns_passed(), self.spent[seat])
        else:
            key = (owned, self.turns_passed())
        found = g.skill_option_cache.get(key)
        if found is None:
            room = key[1] - (key[2] if g.per_visit else self.skill_cost(seat))
            ids = []
            for i, skill in enumerate(g.content.skills):
                if skill.cost <= room and not owned >> i & 1:
                    ids.append(g.skill_base + i)
            found = g.skill_option_cache[key] = tuple(ids)
        return found

    def options_turn(self, decision: tuple[int, ...]) -> list[int]:
        """The move's options, listed in id order (skills, items, Investigate, Advance, hand
        cards, Pass) rather than sorted afterwards: every decision of a search asks."""
        seat = decision[1]
        g = self.game
        hand = self.hands[seat]
        inside = self.depth[seat] > 0
        drawable = self.deck or self.discard  # can_draw(), written out: every move asks
        # SM-32: skills, only outside; their total no more than turns passed
        ids: list[int] = [] if inside else list(self.skill_options(seat))
        if self.items[seat]:
            ids += self.use_options(seat)
        if drawable:
            if not inside:
                ids.append(g.investigate_id)  # SM-10
            ids.append(g.advance_id)  # SM-11
            if hand and g.blind:
                self.add_hand_options(ids, hand)  # SM-12, A22: chosen before the top card
        elif hand and g.config.hand_battle_discards == "if-any":
            self.add_hand_options(ids, hand)
        else:
            ids.append(g.pass_id)  # nothing to draw or battle: the move passes
        return ids

    def options_revealed(self, decision: tuple[int, ...]) -> list[int]:
        """SM-12, A22: the top card turned up, battle it or (sending it to the discard pile)
        a card from the hand instead."""
        ids: list[int] = []
        self.add_hand_options(ids, self.hands[decision[1]])
        ids.append(self.game.battle_top_id)
        return ids

    def add_hand_options(self, ids: list[int], hand: list[int]) -> None:
        """A battle with a card from the hand, one option per card (lost cards aside), in
        id order (the hand is in the order drawn)."""
        hand_base, lost_base = self.game.hand_base, self.game.lost_base
        found = []
        for c in hand:  # a loop, not a comprehension: asked on most turns
            if c < lost_base:
                found.append(hand_base + c)
        found.sort()
        ids += found

    def use_options(self, seat: int) -> list[int]:
        """One-use items worth using now: healing below full HP, escape inside the dungeon;
        one option per kind of item, in id order."""
        g = self.game
        found: set[int] = set()
        hurt = self.hp[seat] < self.max_hp(seat)
        inside = self.depth[seat] > 0
        for item in self.items[seat]:
            bonus = g.item_bonus[item]
            if g.item_once[item] and ((bonus.heal and hurt) or (bonus.escape and inside)):
                found.add(g.use_base + g.item_type[item])
        return sorted(found)

    # ------------------------------------------------------------------ handlers
    def on_skill(self, index: int) -> None:
        """SM-32/SM-33: tick a skill on the sheet; it is never removed."""
        seat = self.decisions[-1][1]
        self.skills[seat] |= 1 << index
        self.spent[seat] += self.game.content.skills[index].cost
        self.mark("played", self.game.content.skills[index].id, seat)
        if self.log is not None:
            skill = self.game.content.skills[index]
            self.narrate(
                msg(
                    "{player} gains the skill {skill} (cost {cost}).",
                    player=player(seat),
                    skill=named(skill),
                    cost=skill.cost,
                )
            )

    def on_use(self, item_type: int) -> None:
        seat = self.decisions[-1][1]
        g = self.game
        item = next(i for i in self.items[seat] if g.item_type[i] == item_type)
        self.items = tuple(
            tuple(i for i in mine if i != item) if s == seat else mine
            for s, mine in enumerate(self.items)
        )
        self.used = (*self.used, item)
        self.mark("used", g.item_ids[item], seat)
        bonus = g.item_bonus[item]
        if self.log is not None:
            said = msg("{player} uses {item}.", player=player(seat), item=self.item_named(item))
            self.narrate(said)
        if bonus.heal:
            self.hp[seat] = min(self.max_hp(seat), self.hp[seat] + bonus.heal)
        self.cap_hp(seat)
        if bonus.escape:
            if not self.flag[seat]:
                self.plant_flag(seat)
            self.escape(seat)
            self.end_move(seat)

    def on_investigate(self, _: int) -> None:
        """SM-10: draw two dungeon cards into your hand."""
        seat = self.decisions[-1][1]
        drawn: list[int] = []
        found: list[int] = []
        lost = self.lost
        for _ in range(2):
            card = self.take(seat, found)
            if card is None:
                break
            self.hands[seat].append(card)
            if self.card_facts is not None:  # a listener's record (State.mark)
                self.mark("drawn", self.game.card_id_list[card], seat)
            drawn.append(card)
        if found:
            self.tell(seat, found, lost)
        if self.log is not None:
            names = Listed(tuple(self.card_named(c) for c in drawn)) if drawn else msg("nothing")
            self.narrate(
                msg("You investigate and draw {cards}.", cards=names),
                self.seers("hands", seat),
                msgn(
                    "{player} investigates and draws {count} card.",
                    "{player} investigates and draws {count} cards.",
                    len(drawn),
                    player=player(seat),
                ),
            )
        self.end_move(seat)

    def on_advance(self, _: int) -> None:
        """SM-11: turn the top card face up and battle it; A22: a player holding dungeon cards
        is asked first whether to battle one of them instead (the hand's size is public, so
        the question tells nobody anything new)."""
        seat = self.decisions[-1][1]
        found: list[int] = []
        lost = self.lost
        card = self.take(seat, found)
        if found:
            self.tell(seat, found, lost)
        if card is None:
            if self.log is not None:
                self.narrate(msg("No dungeon card is left to battle."))
            self.end_move(seat)
            return
        if self.hands[seat] and not self.game.blind:
            self.battle = [card]  # face up for everyone, not yet battled
            self.decisions = [(REVEALED, seat)]
            if self.log is not None:
                self.narrate(self.facing(seat, card, turned=True))
            return
        self.start_battle(seat, card)

    def on_battle_top(self, _: int) -> None:
        """A22: battle the card turned up."""
        self.start_battle(self.decisions[-1][1], self.battle.pop())

    def on_advance_hand(self, card: int) -> None:
        """SM-12: send the top card to the discard pile and battle a card from your hand (A22:
        the top card already turned up, or, ``hand_battle=blind``, turned up now)."""
        seat = self.decisions[-1][1]
        found: list[int] = []
        lost = self.lost
        if self.battle:  # A22: the card turned up
            top: int | None = self.battle.pop()
        else:
            top = self.take(seat, found) if self.can_draw() else None
        if found:
            self.tell(seat, found, lost)
        if top is not None:
            self.discard.append(top)
            if self.card_facts is not None:  # a listener's record (State.mark)
                self.mark("discarded", self.game.card_id_list[top], seat)
            if self.log is not None:
                self.narrate(
                    msg(
                        "{player} discards the top card, {card}.",
                        player=player(seat),
                        card=self.card_named(top),
                    )
                )
        self.hands[seat].remove(card)
        if self.card_facts is not None:  # a listener's record (State.mark)
            self.mark("played", self.game.card_id_list[card], seat)
        self.start_battle(seat, card)

    def on_pass(self, _: int) -> None:
        self.end_move(self.decisions[-1][1])

    def start_battle(self, seat: int, card: int) -> None:
        self.battle = [card]
        if self.card_facts is not None:  # a listener's record (State.mark)
            self.mark("used", self.game.card_id_list[card], seat)  # faced in battle
        self.decisions = [(BATTLE, seat, 1 if self.depth[seat] == 0 else 0)]
        if self.log is not None:
            self.narrate(self.facing(seat, card))

    def facing(self, seat: int, card: int, turned: bool = False) -> Message:
        """A card faced (or only turned up, A22) with what it takes to beat it at the seat's
        depth."""
        d = self.game.dungeon[card]
        row = d.tier(self.depth[seat])
        args = {
            "player": player(seat),
            "card": named(d),
            "difficulty": d.difficulty,
            "condition": conditioned(row),
            "power": self.card_power(seat, card),
        }
        if turned:
            return msg(
                "{player} turns up {card} (difficulty {difficulty}, clear {condition}: "
                "power {power}).",
                **args,
            )
        return msg(
            "{player} faces {card} (difficulty {difficulty}, clear {condition}: power {power}).",
            **args,
        )

    # ------------------------------------------------------------------ the turn passes
    def end_move(self, seat: int) -> None:
        """The next player clockwise; SM-1: the game ends once the turns have passed."""
        cfg = self.game.config
        self.moves += 1
        nxt = (seat + 1) % self.players
        if nxt == self.first:
            self.round += 1
        if self.turns_passed() >= cfg.turns:
            self.end_game()
            return
        self.decisions = [(TURN, nxt)]

    def outcome_words(self) -> str:
        """The reason in the reader's words (the English is the outcome's text)."""
        outcome = self.outcome()
        if outcome is None:
            return ""
        if outcome.reason == "deepest":
            depth = max(self.score(s) for s in range(self.players))
            return _(DEEPEST[self.game.config.score_by], depth=depth)
        return _(outcome.text)

    def score(self, seat: int) -> int:
        """A14: how deep a player counts as having dived."""
        by = self.game.config.score_by
        if by == "trophy":
            return self.trophy[seat]
        if by == "trophy-or-flag":
            return max(self.trophy[seat], self.flag[seat])
        return self.deepest[seat]

    def end_game(self) -> None:
        scores = [self.score(s) for s in range(self.players)]
        best = max(scores)
        if best == 0:
            nobody = N_("nobody brought a trophy home")
            self.finish(Outcome.draw("no-trophy", self.players, nobody))
            return
        winners = [s for s in range(self.players) if scores[s] == best]
        if len(winners) > 1 and self.game.config.ties == "hp":  # A15
            top = max(self.hp[s] for s in winners)
            winners = [s for s in winners if self.hp[s] == top]
        said = DEEPEST[self.game.config.score_by].format(depth=best)
        self.finish(Outcome.win("deepest", winners, self.players, said))

    def turns(self) -> int:
        return self.turns_passed()
