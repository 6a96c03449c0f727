"""SWING! as a configured game: rule parameters, card content, action table and zones.

Rule ids (SW-n) and readings (A-n) refer to ``docs/rules/swing.md``. Each seat plays its own
deck; card *instances* are numbered seat by seat (seat 0's deck first), so an instance's owner
is fixed. Actions name card *types*: untagged copies of a card in the Room are alike (wear
only lasts the turn and only tagged cards carry it), so no two legal actions read the same.
Under ``wear_lasts=room`` (A10) they may differ: the copy with the most Endurance left acts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from rulebook.engine.actions import ActionTable
from rulebook.engine.errors import ContentError
from rulebook.engine.frontend import Frontend
from rulebook.engine.game import Game, param
from rulebook.engine.zones import EVERYONE, NOBODY, OWNER, PER_SEAT, Zone
from rulebook.games.swing.cards import GUEST, LOCATION, MOVE, OBJECT, Card, load_content
from rulebook.i18n import N_, Message, Name, _, msg

MAX_SEATS = 6


def player(seat: int) -> Message:
    """A seat as the table names it ("Player 2"), in the reader's language."""
    return msg("Player {number}", number=seat + 1)


@dataclass(frozen=True)
class Config:
    """Rule parameters (rulebook defaults) and a switch for every reading in the register."""

    cards: str | None = param(None, "a designer's card file (TOML)")
    decks: tuple[str, ...] = param((), "SW-2: deck list per seat, in seat order (default: cycle)")
    hand_size: int = param(7, "SW-4: cards each Host draws at setup")
    top_hand: int = param(8, "SW-6: the Top's hand after the Top Phase draw")
    pleasure_meter: int = param(24, "SW-25: each Host's Pleasure Meter")
    first_top: Literal["reveal", "first-seat"] = param(
        "reveal", "A1: the first Top by revealing cards until a Guest (highest Prowess), or seat 1"
    )
    top_draw: Literal["fill", "one"] = param(
        "fill", "A2: the Top draws up to eight cards, or exactly one"
    )
    untag: Literal["bottoms", "top", "all"] = param(
        "bottoms",
        "A3: at the Top Phase the Bottoms untag their cards (rulebook), or the Top untags its "
        "own (publisher's newer rules), or every card in the Room is untagged",
    )
    untag_from: Literal["second-round", "second-turn"] = param(
        "second-round",
        "A4: untagging starts with the second Round (rulebook), or with the game's second turn",
    )
    respond_needs_surprise: bool = param(
        False, "A8: a Bottom's Objects and Moves in the Seduction Phase need #Surprise too"
    )
    foreplay_needs_surprise: bool = param(
        True,
        "A8: a Bottom's Objects and Moves in the Foreplay Phase need #Surprise (false: only "
        "its Guests do)",
    )
    pay: Literal["least-waste", "smallest-cover", "choose"] = param(
        "least-waste",
        "A6: the Locations tagged to pay give the least Inspiration that covers the cost (the "
        "fewest of them on a tie), or the smallest single Location that covers, else the "
        "largest, again; or the player tags them one by one",
    )
    blockers: Literal["guests-objects", "guests", "any"] = param(
        "guests-objects",
        "A9: Guests and Objects block (3.b and Aftercare), or only Guests, or Moves too",
    )
    wear_lasts: Literal["turn", "room"] = param(
        "turn",
        "A10: Endurance lost to Prowess comes back at the end of the turn, or only when the "
        "card leaves the Room (then the copy with the most Endurance left acts)",
    )
    blockers_per_seducer: Literal["one", "several"] = param(
        "one",
        "A11: one blocker meets a seducer, or a seducer still standing may be blocked again by "
        "another free blocker of the same Host",
    )
    block: Literal["optional", "required"] = param(
        "optional",
        "A20: a Bottom may let a seduction through while a blocker is free, or must block",
    )
    free_answers: bool = param(
        True,
        "A26: in the Seduction Phase a Bottom with no Inspiration may still answer with a card "
        "that costs 0 (false: only Bottoms with Inspiration are asked)",
    )
    reintroduce: bool = param(
        False,
        "A23: when Power returns to the Top before its next Bottom, it may introduce cards "
        "again (publisher's newer rules)",
    )
    seduce_guest: Literal["to-zero", "higher"] = param(
        "to-zero",
        "A24: a blocker has an orgasm when its Endurance reaches 0 (rulebook), or only when "
        "the seducer's Prowess is higher, the Host then taking the Prowess less that "
        "Endurance (publisher's newer rules)",
    )
    out_step: Literal["skipped", "asked"] = param(
        "skipped",
        "SW-28: a Host who left the Room has no step in the Seduction Phase, or (as saves made "
        "before this setting played) the Top is asked again in its place",
    )
    laundry_cost: Literal["card-cost", "one"] = param(
        "card-cost", "A12: returning a card from the Laundry costs its Inspiration cost, or 1"
    )
    aftercare_mix: bool = param(
        True, "A13: Aftercare may both introduce and return cards (false: one or the other)"
    )
    winner: Literal["seducer", "host"] = param(
        "seducer",
        "A15: a Host's orgasm scores for the Top who seduced them, or for the Host",
    )
    ending: Literal["round-end", "at-once"] = param(
        "round-end", "A16: the game ends when the Round of the first orgasm is complete, or at once"
    )
    removed_host: Literal["leaves", "stays"] = param(
        "leaves",
        "A17: a Host at 0 leaves the Room for good (their cards to their Laundry), or stays "
        "with a full Pleasure Meter",
    )
    win_by: Literal["most", "any"] = param(
        "most",
        "A21: the most orgasms brought about win (ties share), or everyone who brought one about",
    )
    max_rounds: int = param(30, "A18: safety Round limit (then the game is a draw)")

    def __post_init__(self) -> None:
        for name in ("hand_size", "top_hand", "pleasure_meter", "max_rounds"):
            if getattr(self, name) < 1:
                raise ValueError(_("{name} must be at least 1", name=name))


FITTED = 4  # players from which the estimate is the fitted one (its weights per table size)
SIX = 6  # players from which the search rolls out none (the fitted estimate) or whole turns
# The rules the fit was made under (A15, A17, A21 at their defaults): under another scoring
# rule its weights read the game backwards (under winner=host a drop in your own meter is
# your gain), so those tables keep the share estimate and the search that went with it.
FITTED_RULES = {"winner": "seducer", "removed_host": "leaves", "win_by": "most"}


class Swing(Game):
    config: Config
    slug = "swing"
    safety_limits = ("time-limit",)  # the safety limit's outcome reason
    # settings added after saves were written, each with the value that plays as the game
    # then did (a save lacking one takes it: ``Game.legacy_config``)
    legacy_config: ClassVar[Mapping[str, Any]] = {
        "foreplay_needs_surprise": True,
        "pay": "smallest-cover",
        "reintroduce": False,
        "seduce_guest": "to-zero",
        "out_step": "asked",
        "blockers_per_seducer": "one",
        "wear_lasts": "turn",
        "free_answers": False,
    }
    endings: Mapping[str, str] = {
        "orgasm": N_("the game ended after an orgasm; its win condition named the winners"),
        "perfect-performance": N_(
            "the game ended after an orgasm, with a Perfect Performance (every Co-Host in one turn)"
        ),
        "time-limit": N_(
            "no orgasm by the safety limit on Rounds (max-rounds, not a rule of the game): "
            "nobody won"
        ),
    }
    title = N_("SWING!")
    summary = N_(
        "Co-Hosts take turns as Top: introduce Guests, seduce, block; bring a Host's Pleasure "
        "Meter to 0 to score."
    )
    min_players = 2
    max_players = MAX_SEATS
    information = "imperfect"
    utility = "constant-sum"
    config_class = Config
    deck_names = tuple(f"seat-{n + 1}" for n in range(MAX_SEATS))

    def seen_by_all(self, aid: int) -> bool:
        """Every move of SWING! is seen by every Host (SW-3): a card placed or introduced
        goes from the hand into the public Locations or Room, a card tagged, seducing or
        blocking is in the Room already, a card laundered leaves the public Laundry in view
        (A25), and done and take name no card."""
        del aid
        return True

    def search_defaults_for(self, players: int) -> Mapping[str, str]:
        """At six players the search does not roll out: each new node is scored by the
        fitted estimate (``View.fitted_estimate``), which judges a half-played turn; it
        explores less there, as 300 iterations spread over many Bottoms' answers otherwise.
        Whole-turn rollouts (``rollout_turns=1``, about 21 decisions an iteration) scored by
        the share estimate were the default before: the fitted estimate without a rollout
        costs a move about half as many instructions and wins as often against the
        heuristic (docs/search.md, "SWING! at six players: a fitted estimate, no rollout").
        At four and five players the estimate fitted for each scores two-decision rollouts
        (no rollout there read weaker): a move about a sixth cheaper than six decisions
        scored by the share estimate, as strong over 200 games a table (docs/search.md,
        "SWING! at four and five players: the fitted estimate, two-decision rollouts").
        At two players, where the share estimate is exact, three decisions are enough: a
        move costs about a quarter less (ISMCTS at 1,000 iterations within 60 ms, issue 21)
        and the search still wins 75.6% (65.1-83.8%) of the games decided against the
        heuristic (docs/search.md, "ISMCTS at 1,000 iterations"). Under scoring rules the
        estimate was not fitted for, the search is the one from before the fit."""
        if self.fitted_for(players):
            if players >= SIX:
                return {"rollout": "0", "exploration": "0.4"}
            return {"rollout": "2"}
        if players >= SIX:
            return {"rollout_turns": "1", "exploration": "0.4"}
        if players == 2:
            return {"rollout": "3"}
        return self.search_defaults

    def fitted_for(self, players: int) -> bool:
        """Whether this table's estimate is the fitted one: four to six players, under the
        scoring rules it was fitted under (``FITTED_RULES``; other rules keep the share
        estimate and the search that went with it before the fit)."""
        return players >= self.fitted_from

    def __init__(self, config: Config) -> None:
        fits = all(getattr(config, k) == v for k, v in FITTED_RULES.items())
        self.fitted_from = FITTED if fits else MAX_SEATS + 1  # read at every estimate
        content = self.content = load_content(config.cards)
        self.content_notice = content.notice or None
        self.types: tuple[Card, ...] = content.cards
        index = {c.id: t for t, c in enumerate(self.types)}
        names = list(content.decks)
        chosen = list(config.decks) or names
        for name in chosen:
            if name not in content.decks:
                raise ContentError(f"no deck '{name}' (decks: {', '.join(names)})")
        self.seat_decks = tuple(chosen[s % len(chosen)] for s in range(MAX_SEATS))
        # instances seat by seat: type_of[i], owner_of[i]; each seat's range
        self.type_of: list[int] = []
        self.owner_of: list[int] = []
        self.ranges: list[range] = []
        for seat, deck in enumerate(self.seat_decks):
            start = len(self.type_of)
            for cid, n in content.decks[deck].items():
                self.type_of += [index[cid]] * n
            self.owner_of += [seat] * (len(self.type_of) - start)
            self.ranges.append(range(start, len(self.type_of)))
        self.card_of = [self.types[t] for t in self.type_of]
        self.kind_of = [c.kind for c in self.card_of]
        self.instance_ids = [c.id for c in self.card_of]
        # the numbers the rules read at every decision, per instance: a list index instead of
        # a card's attribute (a search's rollouts read them hundreds of thousands of times)
        self.inspiration_of = [c.inspiration for c in self.card_of]
        self.prowess_of = [c.prowess for c in self.card_of]
        self.endurance_of = [c.endurance for c in self.card_of]
        self.strength_of = [c.prowess + c.endurance for c in self.card_of]  # the estimate's
        # ... and per type: the cost, and what a card of the type may be played as
        self.cost_of = [c.cost for c in self.types]
        self.type_kind = [c.kind for c in self.types]
        self.surprise_of = [c.surprise for c in self.types]
        self.max_decisions = config.max_rounds * MAX_SEATS * 400
        super().__init__(config)
        self.blocker_of = [self.blocks_with(k) for k in self.kind_of]  # per card instance
        # the estimate's: each instance's Endurance when it may block, else 0
        self.guard_of = [
            e if b else 0 for e, b in zip(self.endurance_of, self.blocker_of, strict=True)
        ]
        # A12 per type: what returning a card of the type from the Laundry costs
        one = config.laundry_cost == "one"
        self.laundry_cost_of = [1 if one else c.cost for c in self.types]
        # switches the rules read at every step, as flags (a playout's hot path)
        self.skip_out = config.out_step == "skipped"  # SW-28
        self.reintroduce = config.reintroduce  # A23
        self.higher = config.seduce_guest == "higher"  # A24
        self.several = config.blockers_per_seducer == "several"  # A11
        self.choose = config.pay == "choose"  # A6
        # A26: per seat, whether its deck holds a free card it could answer with in 3.a
        # (#Surprise) and in 3.b (A8): then it is asked even with no Inspiration (its deck
        # list is public, its hand is not)
        self.free_surprise, self.free_answer = [False] * MAX_SEATS, [False] * MAX_SEATS
        if config.free_answers:
            any_prop = not config.respond_needs_surprise
            for seat, deck in enumerate(self.seat_decks):
                for cid in content.decks[deck]:
                    c = self.types[index[cid]]
                    if c.kind == LOCATION or c.cost:
                        continue
                    self.free_surprise[seat] |= c.surprise
                    self.free_answer[seat] |= c.surprise or (any_prop and c.kind in (OBJECT, MOVE))

    # ------------------------------------------------------------------ action table
    def build_actions(self, table: ActionTable) -> None:
        types = self.types
        locs = [t for t, c in enumerate(types) if c.kind == LOCATION]
        room = [t for t, c in enumerate(types) if c.kind != LOCATION]
        self.location_types, self.room_types = locs, room
        table.block("done", 1, lambda _: msg("Done: end your part of this phase"))
        table.block("take", 1, lambda _: msg("No blocker: the Host takes it"))
        table.block(
            "location",
            len(locs),
            lambda i: msg("Place {card}", card=types[locs[i]].label_said()),
            args=lambda i: (types[locs[i]].id,),
        )
        table.block(
            "introduce",
            len(room),
            lambda i: msg("Introduce {card}", card=types[room[i]].label_said()),
            args=lambda i: (types[room[i]].id,),
        )
        table.block(
            "seduce",
            (len(room), MAX_SEATS),
            lambda i, s: msg(
                "Seduce {player} with {card}", player=player(s), card=Name(types[room[i]].name)
            ),
            args=lambda i, s: (types[room[i]].id, s),
        )
        table.block(
            "block",
            len(room),
            lambda i: msg("Block with {card}", card=Name(types[room[i]].name)),
            args=lambda i: (types[room[i]].id,),
        )
        table.block(
            "launder",
            len(room),
            lambda i: msg(
                "Return {card} from the Laundry to your hand", card=Name(types[room[i]].name)
            ),
            args=lambda i: (types[room[i]].id,),
        )
        # A6 (pay=choose), last: the ids of the blocks before it are those of older saves
        table.block(
            "tag",
            len(locs),
            lambda i: msg("Tag {card} for its Inspiration", card=types[locs[i]].label_said()),
            args=lambda i: (types[locs[i]].id,),
        )
        # type -> id, looked up once (the hot path); -1 where the block has no such type
        n = len(types)
        self.location_id, self.tag_id = [-1] * n, [-1] * n
        self.introduce_id, self.block_id, self.launder_id = [-1] * n, [-1] * n, [-1] * n
        self.seduce_id = [[-1] * MAX_SEATS for _ in range(n)]
        for i, t in enumerate(locs):
            self.location_id[t] = table["location"].id(i)
            self.tag_id[t] = table["tag"].id(i)
        for i, t in enumerate(room):
            self.introduce_id[t] = table["introduce"].id(i)
            self.block_id[t] = table["block"].id(i)
            self.launder_id[t] = table["launder"].id(i)
            for s in range(MAX_SEATS):
                self.seduce_id[t][s] = table["seduce"].id(i, s)
        self.done_id, self.take_id = table["done"].base, table["take"].base
        self.room_index = {t: i for i, t in enumerate(room)}
        self.location_index = {t: i for i, t in enumerate(locs)}

    def blocks_with(self, kind: int) -> bool:
        """SW-22 / A9: may a card of this kind block?"""
        rule = self.config.blockers
        if kind == LOCATION:
            return False
        return kind == GUEST or (kind == OBJECT and rule != "guests") or rule == "any"

    # ------------------------------------------------------------------ seats and zones
    def role(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def role_words(self, seat: int) -> str:
        return player(seat).text()

    def zones(self) -> tuple[Zone, ...]:
        """SW-3: decks face down, hands private; the Room and the Laundries are public. Each
        Host plays their own deck, so each seat's cards are their own pool (``cards{seat}``:
        a hidden card of seat 2 can never be one of seat 3's)."""
        return (
            Zone("decks", NOBODY, PER_SEAT, pool="cards{seat}"),
            Zone("hands", OWNER, PER_SEAT, pool="cards{seat}"),
            Zone("rooms", EVERYONE, PER_SEAT, pool="cards{seat}", ordered=True),
            Zone("locs", EVERYONE, PER_SEAT, pool="cards{seat}", ordered=True),
            Zone("laundry", EVERYONE, PER_SEAT, pool="cards{seat}"),
        )

    def pool_card_ids(self, pool: str) -> list[str | None] | None:
        """Seat ``s``'s pool ``cards{s}``: the card id of each of its instances (instances
        are numbered seat by seat; another seat's are None)."""
        if not pool.startswith("cards") or not pool[5:].isdigit():
            return None
        seat = int(pool[5:])
        if seat >= len(self.ranges):
            return None
        ids: list[str | None] = [None] * len(self.card_of)
        for i in self.ranges[seat]:
            ids[i] = self.card_of[i].id
        return ids

    def card_catalog(self) -> dict[str, str]:
        """The cards of the decks in play (a card file may hold more)."""
        used = {cid for deck in set(self.seat_decks) for cid in self.content.decks[deck]}
        return {c.id: c.name for c in self.types if c.id in used}

    def card_ids(self, deck: str) -> list[str]:
        """Stable card id of every instance of a seat's deck ('seat-1'…)."""
        if deck not in self.deck_names:
            raise KeyError(deck)
        seat = self.deck_names.index(deck)
        return [self.card_of[i].id for i in self.ranges[seat]]

    @classmethod
    def frontend(cls) -> Frontend:
        from rulebook.games.swing.agents import HeuristicAgent
        from rulebook.games.swing.table import (
            card_texts,
            compact,
            render,
            render_summary,
            view_words,
        )

        return Frontend(
            render=render,
            summary=render_summary,
            compact=compact,
            card_texts=card_texts,
            agents={"heuristic": HeuristicAgent},
            words=view_words,
        )
