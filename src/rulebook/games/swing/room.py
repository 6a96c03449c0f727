"""The Room (the table) as plain data, and what every phase does to it: Inspiration, tagging,
introducing cards, wear and orgasms, the Laundry.

Each Host's cards lie in per-seat lists (deck, hand, Room row, Locations, Laundry); tags and
the wear a card took this turn are per card instance. Rule ids: ``docs/rules/swing.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rulebook.engine.decisions import DecisionKind
from rulebook.engine.fields import INT, INT_TUPLE, INTS, INTS2, TUPLES
from rulebook.engine.state import State, slots_for
from rulebook.games.swing.game import player
from rulebook.games.swing.places import PLACES
from rulebook.i18n import N_, Listed, Message, Name, msg, msgn

if TYPE_CHECKING:
    from rulebook.games.swing.game import Swing

# decision kinds (indices of DECISIONS)
FOREPLAY_TOP, FOREPLAY_BOTTOM, SEDUCE, SURPRISE, RESPOND, BLOCK, AFTERCARE, PAY = range(8)
# phases of the turn (what ``proceed`` asks next)
(
    PH_FOREPLAY_TOP,
    PH_FOREPLAY_BOTTOM,
    PH_SEDUCE,
    PH_SURPRISE,
    PH_RESPOND,
    PH_BLOCK,
    PH_AFTERCARE,
    PH_SWITCH,
) = range(8)
# the rulebook's names of the phases (the view's "phase"; a reader's words in table.py)
PHASE_NAMES = (
    N_("Foreplay: Power: Top"),
    N_("Foreplay: Power: Bottom"),
    N_("Seduction: Power: Top"),
    N_("Seduction: #Surprise"),
    N_("Seduction: Power: Bottom"),
    N_("Seduction: Power: Bottom"),
    N_("Aftercare"),
    N_("Switch"),
)


class Room(State):
    game: Swing
    FIELDS = {  # noqa: RUF012 (the engine reads it once per class)
        "decks": INTS2,
        "hands": INTS2,
        "rooms": INTS2,  # each Host's Guests, Objects and Moves in the Room, in order
        "locs": INTS2,  # each Host's Locations in the Room
        "laundry": INTS2,
        "shown": TUPLES,  # each Host: the card types everyone saw go into their hand (A25)
        "tagged": INTS,  # per card instance: 1 when tagged
        "wear": INTS,  # per card instance: Prowess taken this turn (A10)
        "meter": INTS,  # each Host's Pleasure Meter
        "pool": INTS,  # Inspiration each Host has drawn from tagged Locations this turn
        "out": INTS,  # 1: the Host had an orgasm and left the Room
        "credits": INTS,  # Host orgasms each seat brought about as Top
        "came": INTS,  # Host orgasms each seat had
        "spent": INTS,  # card orgasms per owner: [seducing, blocking] flattened per seat
        "advances": TUPLES,  # pending seductions: (seducer instance, recipient seat)
        "top": INT,
        "first": INT,
        "turn": INT,
        "round": INT,
        "been_top": INT,  # seats who were Top this Round, as a bit mask
        "phase": INT,
        "cycle": INT,  # Seduction: the Bottom (offset left of the Top) now responding
        "cursor": INT,  # the Bottom (offset) asked in a Foreplay or #Surprise window
        "fresh": INT,  # the Top tagged seducers since the last #Surprise window
        "placed": INT,  # a Location was placed this Foreplay
        "holding": INT,  # A11 (several): the seducer a Bottom may block once more (-1: none)
        "paying": INT_TUPLE,  # A6 (choose): (card, its cost) while Locations are tagged for it
        "mode": INT,  # Aftercare: 0 nothing yet, 1 introduced, 2 returned (A13)
        "perfect": INT,  # Hosts brought to orgasm this turn, as a bit mask
        "achieved": INT,  # 1: a Perfect Performance happened (every Co-Host in one turn)
        "reveal": INT_TUPLE,  # the Guest type each seat revealed for the first Top (-1: none)
    }
    __slots__ = slots_for(FIELDS)  # more than CPython keeps inline: see slots_for
    DECISIONS = (
        DecisionKind("foreplay-top", "options_foreplay_top", "Place a Location, introduce cards"),
        DecisionKind("foreplay-bottom", "options_foreplay_bottom", "Answer with #Surprise cards?"),
        DecisionKind("seduce", "options_seduce", "Tag seducers and their recipients"),
        DecisionKind("surprise", "options_surprise", "Answer the advances with #Surprise cards?"),
        DecisionKind("respond", "options_respond", "Respond with Objects, Moves, #Surprise"),
        DecisionKind("block", "options_block", "Block this seducer?", public=("seducer",)),
        DecisionKind("aftercare", "options_aftercare", "Spend remaining Inspiration"),
        DecisionKind("pay", "options_pay", "Tag Locations to pay for the card", public=("card",)),
    )
    SHAPE_KEYS = ("phase", "power")
    # every seat's view shows them (SW-3): each Host's meter, orgasms caused and had, who left
    # the Room, the Inspiration drawn (the view's ``inspiration`` less its untagged
    # Locations'), each card's tag and wear (only cards in the Room carry them), the pending
    # seductions (their number here), the Top, the turn and Round, the first Top's
    # reveal; not ``shown`` (what the Laundry returns told: ``known_cards``), ``spent``,
    # ``achieved`` (the summary's, at the end) nor the turn's bookkeeping (``been_top``,
    # ``cycle``, ``cursor``, ``fresh``, ``placed``, ``holding``, ``paying``, ``mode``, ``perfect``,
    # ``first``), which the view does not show; nor ``phase``: while the game
    # runs it is the decision's kind (the observation has it), and once over the view says
    # "Game over", not the phase the game ended in
    PUBLIC_FIELDS = (
        "meter",
        "credits",
        "came",
        "out",
        "pool",
        "tagged",
        "wear",
        "advances",
        "top",
        "turn",
        "round",
        "reveal",
    )
    VIEW_OF = PLACES  # where the view shows each of them and each zone
    PER_CARD: ClassVar[dict[str, tuple[str, ...]]] = {  # shown by card id
        "tagged": ("rooms", "locs"),
        "wear": ("rooms",),
    }

    decks: list[list[int]]
    hands: list[list[int]]
    rooms: list[list[int]]
    locs: list[list[int]]
    laundry: list[list[int]]
    shown: list[tuple[int, ...]]
    tagged: list[int]
    wear: list[int]
    meter: list[int]
    pool: list[int]
    out: list[int]
    credits: list[int]
    came: list[int]
    spent: list[int]
    advances: list[tuple[int, ...]]
    top: int
    first: int
    turn: int
    round: int
    been_top: int
    phase: int
    cycle: int
    cursor: int
    fresh: int
    placed: int
    holding: int
    paying: tuple[int, ...]
    mode: int
    perfect: int
    achieved: int
    reveal: tuple[int, ...]

    # ------------------------------------------------------------------ seats
    def role(self, seat: int) -> str:
        """'Player 2 (Top)': the Top rotates, so a seat's role follows play."""
        return self.role_said(seat).english()

    def role_said(self, seat: int) -> Message:
        name = player(seat)
        if self.decisions or self.result is None:
            if seat == self.top:
                return msg("{player} (Top)", player=name)
            return msg("{player} (Bottom)", player=name)
        return name

    def role_words(self, seat: int) -> str:
        return self.role_said(seat).text()

    def seat_name(self, seat: int) -> Message:
        return player(seat)

    def seat_at(self, offset: int) -> int:
        """The seat ``offset`` places to the Top's left."""
        return (self.top + offset) % self.players

    def kinds_in(self, cards: list[int]) -> set[int]:
        """The card types among ``cards`` (one option per type; a map, not a comprehension
        nor a loop: every option list of a turn asks it)."""
        return set(map(self.game.type_of.__getitem__, cards))

    def in_room(self) -> list[int]:
        return [s for s in range(self.players) if not self.out[s]]

    # ------------------------------------------------------------------ Inspiration
    def available(self, seat: int) -> int:
        """SW-10: Inspiration drawn and unspent, plus what untagged Locations could give."""
        insp = self.pool[seat]
        tagged, inspiration = self.tagged, self.game.inspiration_of
        for loc in self.locs[seat]:
            if not tagged[loc]:
                insp += inspiration[loc]
        return insp

    def pay(self, seat: int, cost: int) -> None:
        """SW-10/SW-11: tag Locations until their Inspiration covers ``cost``, then spend it.
        Which Locations is not asked (A6): under ``pay=least-waste`` those that give the least
        Inspiration that covers what is owed (an exact cover when there is one), the fewest
        of them on a tie, so that the most Inspiration stays on untagged Locations, in the
        most pieces; under ``pay=smallest-cover`` the smallest single Location that covers the
        rest, else the largest, and again (``pay=choose``: ``settle`` asks the player)."""
        pool = self.pool
        if pool[seat] < cost:
            if self.game.config.pay == "smallest-cover":
                picks = self.smallest_cover(seat, cost - pool[seat])
            else:  # least-waste (and under choose what is no longer a choice)
                picks = self.least_waste(seat, cost - pool[seat])
            tagged, inspiration = self.tagged, self.game.inspiration_of
            for pick in picks:
                tagged[pick] = 1
                pool[seat] += inspiration[pick]
        pool[seat] -= cost

    def least_waste(self, seat: int, need: int) -> list[int]:
        """A6, ``least-waste``: the untagged Locations whose Inspiration adds up to the least
        sum of at least ``need``; of those, the fewest Locations; then the lower instances."""
        inspiration, tagged = self.game.inspiration_of, self.tagged
        free = [x for x in self.locs[seat] if not tagged[x]]
        single, single_insp = -1, 0  # the smallest one Location that covers it
        for x in free:
            insp = inspiration[x]
            if insp == need:  # exactly what is owed: nothing beats it
                return [x]
            if insp > need and (single < 0 or insp < single_insp):
                single, single_insp = x, insp
        if len(free) <= 2:  # (most Hosts: one Location, or two, covering alone or together)
            return [single] if single >= 0 else free
        fewest: dict[int, list[int]] = {0: []}  # each sum the free Locations reach: by which
        for x in free:
            for total, cards in list(fewest.items()):  # (each Location used once)
                reached = total + inspiration[x]
                known = fewest.get(reached)
                if known is None or len(known) > len(cards) + 1:
                    fewest[reached] = [*cards, x]
        covers = [total for total in fewest if total >= need]
        if not covers:
            raise ValueError(f"seat {seat} cannot pay {need} more Inspiration")
        return fewest[min(covers)]

    def smallest_cover(self, seat: int, need: int) -> list[int]:
        """A6, ``smallest-cover`` (the rule before ``least-waste``): the smallest untagged
        Location that covers what is still owed, else the largest, and again."""
        inspiration, tagged = self.game.inspiration_of, self.tagged
        picks: list[int] = []
        while need > 0:
            # the covering Location with the least Inspiration, the lower instance on a tie;
            # else the free one with the most, the lower instance on a tie
            cover, cover_insp, most, most_insp = -1, 0, -1, -1
            for x in self.locs[seat]:
                if tagged[x] or x in picks:
                    continue
                insp = inspiration[x]
                if insp >= need and (
                    cover < 0 or insp < cover_insp or (insp == cover_insp and x < cover)
                ):
                    cover, cover_insp = x, insp
                if insp > most_insp or (insp == most_insp and x < most):
                    most, most_insp = x, insp
            pick = cover if cover >= 0 else most
            if pick < 0:
                raise ValueError(f"seat {seat} cannot pay {need} more Inspiration")
            picks.append(pick)
            need -= inspiration[pick]
        return picks

    # ------------------------------------------------------------------ cards
    def take_from(self, cards: list[int], ctype: int) -> int:
        """Remove and return a card of type ``ctype`` (copies are alike)."""
        type_of = self.game.type_of
        for i, card in enumerate(cards):
            if type_of[card] == ctype:
                return cards.pop(i)
        raise ValueError(f"no card of type {ctype}")

    def from_hand(self, seat: int, ctype: int) -> int:
        """Take a card of type ``ctype`` from ``seat``'s hand (to the Room). Everyone sees it
        go: one card of its type fewer is known to be in that hand (A25)."""
        card = self.take_from(self.hands[seat], ctype)
        shown = self.shown[seat]
        if shown and ctype in shown:
            i = shown.index(ctype)
            self.shown[seat] = shown[:i] + shown[i + 1 :]
        return card

    def untagged_of(self, seat: int, ctype: int) -> int:
        """An untagged card of type ``ctype`` in ``seat``'s Room row: the first with no wear
        (A10: untagged cards carry none unless ``wear_lasts=room``), else the one with the
        least."""
        type_of, tagged, wear = self.game.type_of, self.tagged, self.wear
        found = -1
        for card in self.rooms[seat]:
            if type_of[card] == ctype and not tagged[card]:
                if not wear[card]:
                    return card
                if found < 0 or wear[card] < wear[found]:
                    found = card
        if found < 0:
            raise ValueError(f"no untagged card of type {ctype}")
        return found

    def introduce(self, seat: int, ctype: int) -> bool:
        """SW-11: put the card in the Room, untagged, and pay its cost (False: the player is
        still to tag the Locations that pay, A6 ``pay=choose``)."""
        card = self.from_hand(seat, ctype)
        self.rooms[seat].append(card)
        if self.card_facts is not None:  # a listener's record (State.mark)
            self.mark("played", self.game.instance_ids[card], seat)
        if self.log is not None:
            label = self.game.card_of[card].label_said()
            self.narrate(msg("{player} introduces {card}.", player=player(seat), card=label))
        return self.settle(seat, card, self.game.cost_of[ctype])

    def settle(self, seat: int, card: int, cost: int) -> bool:
        """Pay ``cost`` for ``card`` (SW-11, A6); under ``pay=choose``, when the Locations to
        tag are the player's choice, ask it (``PAY``) and return False: ``on_tag`` pays."""
        owed = cost - self.pool[seat]
        if owed <= 0 or not self.game.choose or not self.asks_payment(seat, owed):
            self.pay(seat, cost)
            return True
        self.paying = (card, cost)
        self.decisions.append((PAY, seat, self.game.type_of[card]))
        return False

    def asks_payment(self, seat: int, owed: int) -> bool:
        """A6, ``pay=choose``: is there a choice of Locations to tag for what is ``owed``
        (two kinds of untagged Location, and not every one of them needed)? Public facts."""
        g = self.game
        if not g.choose:
            return False
        inspiration, tagged = g.inspiration_of, self.tagged
        kinds, total, least = set(), 0, -1
        for x in self.locs[seat]:
            if not tagged[x]:
                kinds.add(g.type_of[x])
                total += inspiration[x]
                least = inspiration[x] if least < 0 else min(least, inspiration[x])
        return len(kinds) > 1 and total - least >= owed

    def options_pay(self, d: tuple[int, ...]) -> list[int]:
        """A6, ``pay=choose``: tag any untagged Location (one kind at a time)."""
        g = self.game
        tagged, type_of, ids = self.tagged, g.type_of, g.tag_id
        return sorted({ids[type_of[x]] for x in self.locs[d[1]] if not tagged[x]})

    def on_tag(self, index: int) -> None:
        """A6, ``pay=choose``: tag a Location for its Inspiration; once the card is paid for
        (or what is left to tag is no longer a choice: then as ``least-waste``), play goes on."""
        g = self.game
        seat, ltype = self.decisions[-1][1], g.location_types[index]
        loc = next(x for x in self.locs[seat] if g.type_of[x] == ltype and not self.tagged[x])
        self.tagged[loc] = 1
        self.pool[seat] += g.inspiration_of[loc]
        if self.log is not None:
            said = msg(
                "{player} tags {card} for its Inspiration.",
                player=player(seat),
                card=Name(g.card_of[loc].name),
            )
            self.narrate(said)
        cost = self.paying[1]
        owed = cost - self.pool[seat]
        if owed <= 0 or not self.asks_payment(seat, owed):
            self.pay(seat, cost)
            self.paying = ()
            self.proceed()

    def proceed(self) -> None:  # turn.py
        raise NotImplementedError

    def draw(self, seat: int, most: int = 1) -> int:
        """Draw up to ``most`` cards, fewer when the deck runs out (A7: then nothing happens);
        said once: the seat reads its cards, the others how many (a hand dealt or drawn up
        to 8 is one line, not one a card)."""
        deck, hand = self.decks[seat], self.hands[seat]
        drawn: list[int] = []
        while deck and len(drawn) < most:
            card = deck.pop()
            hand.append(card)
            drawn.append(card)
            if self.card_facts is not None:  # a listener's record (State.mark)
                self.mark("drawn", self.game.instance_ids[card], seat)
        if drawn and self.log is not None:
            card_of = self.game.card_of
            names = Listed(tuple(Name(card_of[c].name) for c in drawn))
            self.narrate(
                msg("You draw {card}.", card=names),
                (seat,),
                msgn(
                    "{player} draws {count} card.",
                    "{player} draws {count} cards.",
                    len(drawn),
                    player=player(seat),
                ),
            )
        return len(drawn)

    def card_orgasm(self, card: int, seducing: bool) -> None:
        """SW-24: a card at 0 Endurance has an orgasm and goes to its owner's Laundry."""
        owner = self.game.owner_of[card]
        self.rooms[owner].remove(card)
        self.tagged[card] = self.wear[card] = 0
        self.laundry[owner].append(card)
        if self.card_facts is not None:  # a listener's record (State.mark)
            self.mark("discarded", self.game.instance_ids[card], owner)
        self.spent[2 * owner + (0 if seducing else 1)] += 1
        if self.log is not None:
            self.narrate(
                msg(
                    "{card} ({player}) has an orgasm: off to the Laundry.",
                    card=Name(self.game.card_of[card].name),
                    player=player(owner),
                )
            )

    def untag_seat(self, seat: int) -> None:
        tagged = self.tagged
        for card in self.rooms[seat]:
            tagged[card] = 0
        for card in self.locs[seat]:
            tagged[card] = 0
