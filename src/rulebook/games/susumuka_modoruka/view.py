"""What each seat sees (SM-34): its own hand, every other hand's size, the deck's size, every
player's depth, flag, trophy, HP, items and skills, the card in battle and the latest battle.
Also the engine hooks: resampling that keeps lost-property cards in the deck, invariants."""

from __future__ import annotations

from typing import Any

from rulebook.engine.random import Rng
from rulebook.games.susumuka_modoruka.cards import TIERS
from rulebook.games.susumuka_modoruka.components import FLED, LOST, WON, Components
from rulebook.games.susumuka_modoruka.game import SEATS
from rulebook.i18n import N_

RESULTS = {WON: "won", LOST: "lost", FLED: "fled"}


class View(Components):
    __slots__ = ()

    def observe(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        over = not self.decisions
        hands = g.zone("hands")
        ids, item_ids, roles = g.card_id_list, g.item_ids, g.roles
        players = []
        for s in range(self.players):
            power, _, _, max_hp, _ = self.bonuses(s)
            flag, trophy = self.flag[s], self.trophy[s]
            entry: dict[str, Any] = {
                "name": roles[s],
                "colour": g.colours[s],
                "depth": self.depth[s],
                "flag": flag or None,
                "trophy": trophy or None,
                "returning": flag > 0,
                "hp": self.hp[s],
                "max_hp": max_hp,
                "power": f"1D6+{power}",
                "items": [item_ids[i] for i in self.items[s]],
                "skills": g.skill_ids(self.skills[s]),
                "count": len(self.hands[s]),
                "deaths": self.deaths[s],
            }
            if hands.visible(s, seat, over):
                entry["hand"] = sorted(ids[card] for card in self.hands[s])
            players.append(entry)
        lost_base = g.lost_base
        return {
            "round": self.round,
            "moves": self.moves,
            "turns_passed": self.turns_passed(),
            "turns": g.config.turns,
            "first": roles[self.first],
            "players": players,
            "battle": self.battle_view() if self.battle else None,
            "last_battle": self.last_view() if self.last else None,
            "deck": len(self.deck),
            "discard": [ids[card] for card in self.discard],
            "item_decks": {
                tier: len(deck) for tier, deck in zip(TIERS, self.item_decks, strict=True)
            },
            "lost_property": {
                roles[s]: [item_ids[i] for i in pile] for s, pile in enumerate(self.lost) if pile
            },
            "lost_cards_in_deck": [
                roles[s] for s in range(self.players) if lost_base + s not in self.aside
            ],
            "used_items": [item_ids[i] for i in self.used],
        }

    def item_id(self, item: int) -> str:
        g = self.game
        return g.content.items[g.item_type[item]].id

    def battle_view(self) -> dict[str, Any] | None:
        if not self.battle or not self.decisions:
            return None
        seat = self.decisions[-1][1]
        card = self.battle[0]
        d = self.game.dungeon[card]
        row = d.tier(self.depth[seat])
        return {
            "card": d.id,
            "name": d.name,
            "name_ja": d.name_ja,
            "kind": d.kind,
            "difficulty": d.difficulty,
            "condition": f"{row.power}+{row.coloured}" + (f" ({row.colour})" if row.colour else ""),
            "power": self.card_power(seat, card),
            "against": f"1D6+{self.power_bonus(seat)}",
        }

    def last_view(self) -> dict[str, Any] | None:
        if not self.last:
            return None
        seat, card, roll, power, need, result = self.last
        data: dict[str, Any] = {
            "player": self.role(seat),
            "card": self.game.dungeon[card].id,
            "card_power": need,
            "result": RESULTS[result],
        }
        if result != FLED:
            data["roll"], data["power"] = roll, power
        return data

    # ------------------------------------------------------------------ engine hooks
    def resample(self, seat: int | None, rng: Rng) -> None:
        """Lost-property cards only ever lie in the deck (drawn, they are set aside at once):
        after the engine's reshuffle of hidden cards, deal them back to random deck places."""
        g = self.game
        lost_base = g.lost_base
        hidden = [self.deck] + [
            hand for s, hand in enumerate(self.hands) if not g.zone("hands").visible(s, seat, False)
        ]
        cards = [card for cards in hidden for card in cards]
        lost = [card for card in cards if card >= lost_base]
        if not lost:
            return
        rest = [card for card in cards if card < lost_base]
        rng.shuffle(rest)
        places = list(range(len(self.deck)))
        rng.shuffle(places)
        chosen = set(places[: len(lost)])
        it_lost, it_rest = iter(lost), iter(rest)
        self.deck[:] = [
            next(it_lost) if i in chosen else next(it_rest) for i in range(len(self.deck))
        ]
        for hand in hidden[1:]:
            hand[:] = [next(it_rest) for _ in hand]

    def tallies(self) -> dict[str, float | str]:
        """For simulation reports: deaths in the game, and the deepest trophy on the table by
        the escape rewards' tiers (5 Bronze, 10 Silver, 20 Gold, 25 Platinum)."""
        deepest = max(self.trophy)
        tier = N_("none")
        for low, name in ((1, "1-4"), (5, "5-9"), (10, "10-19"), (20, "20-24"), (25, "25+")):
            if deepest >= low:
                tier = name
        return {N_("deaths"): sum(self.deaths), N_("deepest trophy"): tier}

    def check_invariants(self) -> None:
        """Every dungeon and item card in exactly one place; counters within bounds."""
        g = self.game
        lost_base = g.lost_base
        dungeon = [*self.deck, *self.discard, *self.battle, *self.aside]
        for hand in self.hands:
            dungeon.extend(hand)
        expected = list(range(lost_base)) + [lost_base + s for s in range(self.players)]
        if sorted(dungeon) != expected:
            raise ValueError("dungeon cards are not each in exactly one place")
        if any(card >= lost_base for hand in self.hands for card in hand):
            raise ValueError("a lost-property card is in a hand")
        if any(card >= lost_base for card in (*self.discard, *self.battle)):
            raise ValueError("a lost-property card is face up")
        items = [i for deck in self.item_decks for i in deck]
        for group in (*self.items, *self.lost, self.used):
            items.extend(group)
        if sorted(items) != list(range(len(g.item_type))):
            raise ValueError("item cards are not each in exactly one place")
        for tier, deck in enumerate(self.item_decks):
            if any(g.item_tier[i] != tier for i in deck):
                raise ValueError("an item lies in another tier's deck")
        n = self.players
        if not 2 <= n <= SEATS or any(len(x) != n for x in (self.depth, self.flag, self.hp)):
            raise ValueError("one entry per seat expected")
        if (
            min(self.depth) < 0
            or min(self.flag) < 0
            or any(h > self.max_hp(s) for s, h in enumerate(self.hp))
        ):
            raise ValueError("depth, flag or HP out of bounds")
        if self.decisions and min(self.hp) <= 0:
            raise ValueError("a dead player was not brought back")
        if any(self.flag[s] and not self.depth[s] for s in range(n)):
            raise ValueError("a planted flag outside the dungeon")
