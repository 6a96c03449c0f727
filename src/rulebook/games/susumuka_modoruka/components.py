"""What lies on the table: the declared fields, decisions and the small moves every part of the
rules uses (take a card off the dungeon deck, a player's bonuses). Rule modules build on this.

Per seat: ``depth`` (0 is outside the dungeon), ``flag`` (the planted flag's depth; 0: none,
so a flag means the player is returning), ``trophy`` (0: none), ``hp``, ``skills`` (a bit per
skill), ``deaths``, ``deepest`` (the deepest depth reached), ``dive`` (the deepest of this
dive), ``spent`` (skill costs ticked since last entering the dungeon: A20's per-visit budget).
``last`` records the latest battle for the table: (seat, card, roll, power, card power,
result).
"""

from __future__ import annotations

from typing import ClassVar

from rulebook.engine.decisions import DecisionKind
from rulebook.engine.fields import FROZEN, INT, INT_TUPLE, INTS, INTS2
from rulebook.engine.state import State, slots_for
from rulebook.games.susumuka_modoruka.cards import named
from rulebook.games.susumuka_modoruka.game import SusumukaModoruka, player
from rulebook.games.susumuka_modoruka.places import PLACES
from rulebook.i18n import Listed, Message, Name, current, msg

# decision kinds, in DECISIONS order: (kind, seat)
FIRST, TURN, BATTLE, DECLARE, REVEALED = range(5)
# battle results in ``last``
WON, LOST, FLED = range(3)


class Components(State):
    game: SusumukaModoruka
    FIELDS: ClassVar[dict[str, str]] = {
        "deck": INTS,
        "hands": INTS2,
        "discard": INTS,
        "battle": INTS,
        "aside": INT_TUPLE,
        "item_decks": INTS2,
        "items": FROZEN,
        "lost": FROZEN,
        "used": INT_TUPLE,
        "depth": INTS,
        "flag": INTS,
        "trophy": INTS,
        "hp": INTS,
        "skills": INTS,
        "deaths": INTS,
        "deepest": INTS,
        "dive": INTS,
        "spent": INTS,
        "first": INT,
        "round": INT,
        "moves": INT,
        "last": INT_TUPLE,
    }
    __slots__ = slots_for(FIELDS)  # more than CPython keeps inline: see slots_for
    DECISIONS = (
        DecisionKind("first-player", "options_first", "Who loves thrills the most?"),
        DecisionKind("turn", "options_turn", "Investigate or advance"),
        DecisionKind("battle", "options_battle", "Fight or flee"),
        DecisionKind("return", "options_declare", "Declare your return?"),
        # A22: the top card turned up, a player holding dungeon cards may battle one instead
        DecisionKind(
            "hand-battle", "options_revealed", "Battle the card turned up, or one from your hand?"
        ),
    )
    SHAPE_KEYS = ("round", "moves")
    # every seat's view shows them (SM-34; ``last`` as the latest battle, ``skills`` as the
    # skill ids); ``deepest``, ``dive`` and ``spent`` are not shown, so not declared
    PUBLIC_FIELDS = (
        "depth",
        "flag",
        "trophy",
        "hp",
        "skills",
        "deaths",
        "first",
        "round",
        "moves",
        "last",
    )
    VIEW_OF = PLACES  # where the view shows each of them and each zone

    deck: list[int]  # the top card is last
    hands: list[list[int]]
    discard: list[int]
    battle: list[int]  # the card being battled (face up), or empty
    aside: tuple[int, ...]  # lost-property cards not in the dungeon deck
    item_decks: list[list[int]]  # Bronze, Silver, Gold, Platinum; top is last
    items: tuple[tuple[int, ...], ...]  # per seat, public
    lost: tuple[tuple[int, ...], ...]  # per seat: the lost-property area of that colour
    used: tuple[int, ...]  # one-use items spent
    depth: list[int]
    flag: list[int]
    trophy: list[int]
    hp: list[int]
    skills: list[int]
    deaths: list[int]
    deepest: list[int]  # the deepest depth reached all game
    dive: list[int]  # the deepest depth of the current dive (0 outside)
    spent: list[int]  # skill costs ticked since the player last entered the dungeon (A20)
    first: int
    round: int
    moves: int
    last: tuple[int, ...]

    # ------------------------------------------------------------------ parts written elsewhere
    def end_move(self, seat: int) -> None:
        raise NotImplementedError  # turn.py

    def turns_passed(self) -> int:
        raise NotImplementedError  # turn.py

    def plant_flag(self, seat: int) -> None:
        raise NotImplementedError  # returning.py

    def escape(self, seat: int) -> None:
        raise NotImplementedError  # returning.py

    def die(self, seat: int) -> None:
        raise NotImplementedError  # death.py

    # ------------------------------------------------------------------ a player's bonuses
    def bonuses(self, seat: int) -> tuple[int, int, int, int, int]:
        """(power, armour, retreat, max HP, nullified colours as bits) from items and skills,
        worked out once per holding (views ask for them for every seat at every step, battles
        and the search's estimate too); without items the skills alone are the key, a cheaper
        one to look up."""
        items, skills = self.items[seat], self.skills[seat]
        key = (items, skills) if items else skills
        cache = self.game.bonus_cache
        found = cache.get(key)
        if found is None:
            g = self.game
            bonuses = [g.item_bonus[i] for i in items]
            nullify = 0
            for i in items:
                nullify |= g.item_nullify[i]
            for s, skill in enumerate(g.content.skills):
                if skills >> s & 1:
                    bonuses.append(skill.bonus)
                    nullify |= g.skill_nullify[s]
            found = cache[key] = (
                sum(b.power for b in bonuses),  # SM-18
                sum(b.armor for b in bonuses),
                sum(b.retreat for b in bonuses),
                g.config.hp + sum(b.max_hp for b in bonuses),
                nullify,  # SM-19
            )
        return found

    def power_bonus(self, seat: int) -> int:
        return self.bonuses(seat)[0]

    def armor(self, seat: int) -> int:
        return self.bonuses(seat)[1]

    def retreat(self, seat: int) -> int:
        return self.bonuses(seat)[2]

    def max_hp(self, seat: int) -> int:
        return self.bonuses(seat)[3]

    def nullified(self, seat: int) -> int:
        return self.bonuses(seat)[4]

    def card_power(self, seat: int, card: int, nullified: int | None = None) -> int:
        """SM-15/SM-19: the clear condition at the seat's depth, coloured number nullified
        (``nullified``: the seat's nullified colours, when the caller has its bonuses)."""
        rows = self.game.clear_rows[card]
        depth = self.depth[seat]
        full, plain, colour = rows[depth] if depth < len(rows) else rows[-1]
        if nullified is None:
            nullified = self.bonuses(seat)[4]
        return plain if colour & nullified else full

    # ------------------------------------------------------------------ the dungeon deck
    def can_draw(self) -> bool:
        return bool(self.deck or self.discard)

    def take(self, seat: int, found: list[int]) -> int | None:
        """The top card of the dungeon deck for ``seat`` (A3: the discard pile is shuffled into
        an empty deck). A lost-property card taken gives its items and is set aside (SM-31);
        the next card comes instead; its owner is added to ``found`` (narrated by ``tell``).
        None when no card is left anywhere."""
        lost_base = self.game.lost_base
        while True:
            if not self.deck:
                if not self.discard:
                    return None
                self.deck, self.discard = self.discard, []
                self.shuffle(self.deck)
                if self.log is not None:
                    self.narrate(msg("The discard pile is shuffled into a new dungeon deck."))
            card = self.deck.pop()
            if card < lost_base:
                return card
            self.recover(seat, card - lost_base)
            found.append(card - lost_base)

    def gain_item(self, seat: int, item: int) -> None:
        """Declare an item gained: drawn, and in play at once unless it is a one-use item."""
        item_id = self.game.item_ids[item]
        self.mark("drawn", item_id, seat)
        if not self.game.item_once[item]:
            self.mark("played", item_id, seat)

    def recover(self, seat: int, owner: int) -> None:
        """SM-31: the lost-property card of ``owner`` drawn: ``seat`` gains every item there."""
        found = self.lost[owner]
        for item in found:
            self.gain_item(seat, item)
        self.items = tuple(
            (*mine, *found) if s == seat else mine for s, mine in enumerate(self.items)
        )
        self.lost = tuple(() if s == owner else pile for s, pile in enumerate(self.lost))
        self.aside = (*self.aside, self.game.lost_base + owner)

    def tell(self, seat: int, found: list[int], lost: tuple[tuple[int, ...], ...]) -> None:
        """Narrate lost property found, by owner (the order drawn is nobody's to tell apart:
        ``lost`` is the lost-property area before the draws)."""
        if self.log is None:
            return
        for owner in sorted(found):
            names = self.item_names(lost[owner])
            self.narrate(
                msg(
                    "{player} finds {owner}'s lost property and takes: {items}.",
                    player=player(seat),
                    owner=player(owner),
                    items=names if lost[owner] else msg("nothing"),
                )
            )

    def cap_hp(self, seat: int) -> None:
        top = self.max_hp(seat)
        if self.hp[seat] > top:
            self.hp[seat] = top

    def item_name(self, item: int) -> str:
        g = self.game
        return g.content.items[g.item_type[item]].name

    def card_name(self, card: int) -> str:
        return self.game.dungeon[card].name

    def card_named(self, card: int) -> Name:
        """A dungeon card's name in each reader's language."""
        return named(self.game.dungeon[card])

    def item_named(self, item: int) -> Name:
        g = self.game
        return named(g.content.items[g.item_type[item]])

    def item_names(self, items: tuple[int, ...] | list[int]) -> Listed:
        """Items named one after another ("A, B"), in each reader's language."""
        return Listed(tuple(self.item_named(i) for i in items), ", ")

    def role_words(self, seat: int) -> str:
        return player(seat).text()

    def option_text(self, aid: int) -> str:
        """An option in the reader's language (the action table's text is the English)."""
        language = current()
        said = self.advance_words(aid)
        if said is not None:
            return said.text(language)
        if language.english:
            return self.game.actions[aid].text
        return self.game.words[aid].text(language)

    def advance_words(self, aid: int) -> Message | None:
        """A22: Advance as it will go, where the action table's words would say otherwise:
        with dungeon cards in hand (after-reveal) the top card is only turned up and a choice
        follows (asked exactly when the hand, whose size everyone sees, holds a card); with
        no dungeon card left anywhere (the card turned up is one) a hand card is battled with
        nothing discarded."""
        g = self.game
        if aid == g.advance_id:
            if self.hands[self.decisions[-1][1]] and not g.blind:
                return g.turn_up_words
        elif g.hand_base <= aid < g.fight_id and not (self.deck or self.discard or self.battle):
            return g.hand_alone_words[aid - g.hand_base]
        return None
