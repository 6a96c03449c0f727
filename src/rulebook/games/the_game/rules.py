"""The GAME's rules, in the rulebook's order: setup, a turn's three options, special cards,
spending points, pleasure card effects, winning and the after-game summary.

Rule ids (TG-n) refer to ``docs/rules/the-game.md``. Seat 0 is Player 1 (builds the Queue),
seat 1 is Player 2 (collects pleasure cards). Cards are instance numbers; ``*_type`` tables map
an instance to its card type, and actions name card *types* because identical cards are
interchangeable (so no two legal actions ever read the same).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from rulebook.engine.events import Event
from rulebook.engine.game import Action, Game, param
from rulebook.engine.random import Rng
from rulebook.engine.state import State
from rulebook.engine.zones import check_stack_names, insert_at_random, stack_deck, take_first
from rulebook.games.the_game.cards import KINDS, CardType, Content, load_content

P1, P2 = 0, 1

# decision kinds: (kind, seat, *payload)
TURN, ASK, GIVE, SPEND, SKIP, REMOVE, LIMIT, ENDING = range(8)
DECISION_NAMES = (
    "turn",
    "ask",
    "give",
    "spend",
    "skip-target",
    "remove-target",
    "hand-limit",
    "ending",
)
# ENDING is never on top when control returns to a player: it is the frame of a turn whose
# reward is still resolving (a Skip/Remove target chosen mid-reward), ended once that is done.


def article(word: str) -> str:
    """'a Time', 'an Intensity'."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


@dataclass(frozen=True)
class Config:
    """Rule parameters (rulebook defaults) and a switch for every reading in the register."""

    theme: str = param("classic", "card theme: classic or fantasy")
    cards: str | None = param(None, "a designer's card file (TOML)")
    without: tuple[str, ...] = param((), "card ids left out of play")
    hand_size: int = param(5, "TG-7/TG-40: cards dealt and hand limit")
    punishments_to_win: int = param(5, "TG-35: Player 1's goal")
    pleasures_to_win: int = param(5, "TG-36: Player 2's goal")
    random_cost: int = param(1, "TG-14/TG-21: points for a random card")
    chosen_cost: int = param(3, "TG-14/TG-21: points for a chosen card")
    player2_reward: Literal["point", "pleasure-card"] = param(
        "point", "A1: Player 2's set earns a point, or a pleasure card"
    )
    player2_set_destination: Literal["shuffle-into-deck", "discard"] = param(
        "shuffle-into-deck", "A2: where Player 2's set goes"
    )
    draw_before_action: bool = param(
        False, "A3: each turn opens with a draw (the Example's reading)"
    )
    special_replaces_discard: bool = param(False, "A4: a played special card is replaced by a draw")
    enforce_hand_limit: bool = param(
        True, "A5: discard down to the hand limit at the end of a turn"
    )
    discard_specials: bool = param(True, "A6: Option C may discard a special card")
    spend_points_anytime: bool = param(False, "A7: points may be spent at any point of your turn")
    effects_on_draw: bool = param(False, "A8: pleasure effects resolve the moment they are drawn")
    used_pleasures_count: bool = param(
        False, "A9: used effect cards still count toward Player 2's win"
    )
    asked_player_chooses: bool = param(True, "A10: the asked player picks which card to give")
    pleasures_public: bool = param(False, "A11: Player 2's pleasure cards are face up")
    stop_game_winner: Literal["none", "player2"] = param(
        "none", "A12: result of Stop Game: a draw, or a Player 2 win"
    )
    max_turns: int = param(400, "A13: safety turn limit (a draw)")

    def __post_init__(self) -> None:
        for name in ("hand_size", "punishments_to_win", "pleasures_to_win", "max_turns"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        if self.random_cost < 0 or self.chosen_cost < 0:
            raise ValueError("card costs cannot be negative")


class Layout:
    """Offsets of the action-id blocks for one content/config."""

    def __init__(self, content: Content, config: Config) -> None:
        main = content.main
        self.T = len(main)
        self.E = len(content.equipment)
        self.P = len(content.pleasure)
        self.kind_types = [[t for t, c in enumerate(main) if c.kind == k] for k in KINDS]
        self.effects = [t for t, c in enumerate(content.pleasure) if c.effect]
        self.Q = config.punishments_to_win
        npos, nint, ntime = (len(self.kind_types[k]) for k in range(3))
        self.n_int, self.n_time = nint, ntime
        sizes = [
            ("draw", 1),
            ("pass", 1),
            ("done", 1),
            ("buy_random_equipment", 1),
            ("buy_random_pleasure", 1),
            ("discard_and_draw", self.T),
            ("discard", self.T),
            ("set", npos * nint * ntime),
            ("special", self.T),
            ("ask", len(KINDS)),
            ("give", self.T),
            ("buy_equipment", self.E),
            ("buy_pleasure", self.P),
            ("use", self.P),
            ("skip", self.Q),
            ("remove", self.Q * self.E),
        ]
        offset = 0
        self.base: dict[str, int] = {}
        for name, size in sizes:
            self.base[name] = offset
            offset += size
        self.size = offset

    def set_id(self, p: int, i: int, t: int) -> int:
        """Id of the set made of the p-th Position, i-th Intensity and t-th Time type."""
        return self.base["set"] + (p * self.n_int + i) * self.n_time + t


class TheGame(Game):
    config: Config
    slug = "the-game"
    title = "The GAME"
    summary = "2 players: complete Position + Intensity + Time sets; Queue vs pleasure cards."
    min_players = 2
    max_players = 2
    config_class = Config
    deck_names = ("main", "equipment", "pleasure")
    content_notice = (
        "The classic theme has an adult theme (consensual spanking and intimacy); card names "
        "are non-graphic. Use --theme fantasy for the safe-for-work theme."
    )

    def __init__(self, config: Config) -> None:
        self.content = load_content(
            config.theme, config.cards, config.without, config.hand_size, config.pleasures_to_win
        )
        content = self.content
        self.labels = content.labels
        self.main_types: tuple[CardType, ...] = content.main
        self.main_type: list[int] = [t for t, c in enumerate(content.main) for _ in range(c.count)]
        self.main_kind: list[int] = [KINDS.index(content.main[t].kind) for t in self.main_type]
        self.equipment_type: list[int] = [
            t for t, c in enumerate(content.equipment) for _ in range(c.count)
        ]
        self.pleasure_type: list[int] = [
            t for t, c in enumerate(content.pleasure) for _ in range(c.count)
        ]
        self.pleasure_effect: list[str] = [content.pleasure[t].effect for t in self.pleasure_type]
        self.special_effect: list[str] = [c.effect for c in content.main]
        self.layout = Layout(content, config)
        super().__init__(config)

    # ------------------------------------------------------------------ action table
    def _build_actions(self) -> list[Action]:
        c, lab, lay = self.content, self.labels, self.layout
        cost_r, cost_c = self.config.random_cost, self.config.chosen_cost

        def pts(n: int) -> str:
            return lab["point"] if n == 1 else lab["points"]

        acts: list[Action] = [
            Action(0, "Draw a card", "draw"),
            Action(1, "End turn", "pass"),
            Action(2, "Done spending", "done"),
            Action(
                3,
                f"Spend {cost_r} {pts(cost_r)}: random {lab['equipment']}",
                "buy-random-equipment",
            ),
            Action(
                4, f"Spend {cost_r} {pts(cost_r)}: random {lab['pleasure']}", "buy-random-pleasure"
            ),
        ]
        for card in c.main:
            acts.append(
                Action(
                    len(acts),
                    f"Discard {card.name} and draw a replacement",
                    "discard-and-draw",
                    (card.id,),
                )
            )
        for card in c.main:
            acts.append(Action(len(acts), f"Discard {card.name}", "discard", (card.id,)))
        pos, inten, tim = (lay.kind_types[k] for k in range(3))
        for p in pos:
            for i in inten:
                for t in tim:
                    names = " + ".join(c.main[x].name for x in (p, i, t))
                    ids = tuple(c.main[x].id for x in (p, i, t))
                    acts.append(Action(len(acts), f"Play set: {names}", "set", ids))
        for card in c.main:
            acts.append(Action(len(acts), f"Play {card.name}", "special", (card.id,)))
        for _k, kind in enumerate(KINDS):
            acts.append(Action(len(acts), f"Ask for {article(lab[kind])} card", "ask", (kind,)))
        for card in c.main:
            acts.append(Action(len(acts), f"Give {card.name}", "give", (card.id,)))
        for card in c.equipment:
            acts.append(
                Action(
                    len(acts),
                    f"Spend {cost_c} {pts(cost_c)}: {card.name}",
                    "buy-equipment",
                    (card.id,),
                )
            )
        for card in c.pleasure:
            acts.append(
                Action(
                    len(acts),
                    f"Spend {cost_c} {pts(cost_c)}: {card.name}",
                    "buy-pleasure",
                    (card.id,),
                )
            )
        for card in c.pleasure:
            acts.append(Action(len(acts), f"Use {card.name}", "use", (card.id,)))
        for q in range(lay.Q):
            acts.append(
                Action(
                    len(acts),
                    f"Remove {lab['punishment']} {q + 1} from the {lab['queue']}",
                    "skip",
                    (q,),
                )
            )
        for q in range(lay.Q):
            for card in c.equipment:
                acts.append(
                    Action(
                        len(acts),
                        f"Remove {card.name} from {lab['punishment']} {q + 1}",
                        "remove",
                        (q, card.id),
                    )
                )
        return acts

    # ------------------------------------------------------------------ states
    def role(self, seat: int) -> str:
        return self.labels["player1" if seat == P1 else "player2"]

    def card_ids(self, deck: str) -> list[str]:
        """Stable card id of every instance of ``deck`` (indexed by instance number)."""
        c = self.content
        if deck == "main":
            return [c.main[t].id for t in self.main_type]
        if deck == "equipment":
            return [c.equipment[t].id for t in self.equipment_type]
        return [c.pleasure[t].id for t in self.pleasure_type]


class TheGameState(State):
    game: TheGame
    main: list[int]
    discard: list[int]
    hands: list[list[int]]
    equipment_deck: list[int]
    equipment_out: list[int]
    pleasure_deck: list[int]
    pleasures: list[int]
    used: list[int]
    queue: list[tuple[int, ...]]
    points: list[int]
    known: list[list[int]]
    turn: int
    winner: int
    end_reason: str

    # ------------------------------------------------------------------ setup (TG-4..TG-9)
    def setup(self) -> None:
        g = self.game
        check_stack_names(self.stack, g.deck_names)
        stack = self.stack or {}
        self.main = list(range(len(g.main_type)))
        self.equipment_deck = list(range(len(g.equipment_type)))
        self.pleasure_deck = list(range(len(g.pleasure_type)))
        self.rng.shuffle(self.main)  # TG-4
        self.rng.shuffle(self.equipment_deck)  # TG-5
        self.rng.shuffle(self.pleasure_deck)  # TG-6
        for name, deck in (
            ("main", self.main),
            ("equipment", self.equipment_deck),
            ("pleasure", self.pleasure_deck),
        ):
            if name in stack:
                stack_deck(deck, name, stack[name], g.card_ids(name))
        self.discard, self.equipment_out, self.pleasures, self.used = [], [], [], []
        self.queue = []  # TG-9
        self.points = [0, 0]
        self.known = [[], []]
        self.hands = [[], []]
        for seat in (P1, P2):  # TG-7: each player draws 5, Player 1 first
            for _ in range(g.config.hand_size):
                self.hands[seat].append(self.main.pop())
        self.turn = 1
        self.winner = -1
        self.end_reason = ""
        self._start_turn(P1)  # Player 1 moves first (notes)

    # ------------------------------------------------------------------ copying
    def clone(self) -> TheGameState:
        new = TheGameState.__new__(TheGameState)
        self._clone_base(new)
        new.main = self.main[:]
        new.discard = self.discard[:]
        h0, h1 = self.hands
        new.hands = [h0[:], h1[:]]
        new.equipment_deck = self.equipment_deck[:]
        new.equipment_out = self.equipment_out[:]
        new.pleasure_deck = self.pleasure_deck[:]
        new.pleasures = self.pleasures[:]
        new.used = self.used[:]
        new.queue = self.queue[:]
        new.points = self.points[:]
        k0, k1 = self.known
        new.known = [k0[:], k1[:]]
        new.turn = self.turn
        new.winner = self.winner
        new.end_reason = self.end_reason
        return new

    _LISTS = (
        "main",
        "discard",
        "equipment_deck",
        "equipment_out",
        "pleasure_deck",
        "pleasures",
        "used",
        "points",
    )

    def _snapshot(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: list(getattr(self, name)) for name in self._LISTS}
        data["hands"] = [list(h) for h in self.hands]
        data["known"] = [list(k) for k in self.known]
        data["queue"] = [list(p) for p in self.queue]
        data["turn"] = self.turn
        data["winner"] = self.winner
        data["end_reason"] = self.end_reason
        return data

    def _restore(self, data: dict[str, Any]) -> None:
        for name in self._LISTS:
            setattr(self, name, [int(x) for x in data[name]])
        self.hands = [[int(x) for x in h] for h in data["hands"]]
        self.known = [[int(x) for x in k] for k in data["known"]]
        self.queue = [tuple(int(x) for x in p) for p in data["queue"]]
        if len(self.hands) != 2 or len(self.known) != 2 or len(self.points) != 2:
            raise ValueError("two players expected")
        self.turn = int(data["turn"])
        self.winner = int(data["winner"])
        self.end_reason = str(data["end_reason"])
        self.check_invariants()

    def check_invariants(self) -> None:
        """Every card in exactly one zone; counters within bounds."""
        g = self.game
        mains = [*self.main, *self.discard, *self.hands[0], *self.hands[1]]
        for punishment in self.queue:
            mains.extend(punishment[:3])
        if sorted(mains) != list(range(len(g.main_type))):
            raise ValueError("main-deck cards are not each in exactly one zone")
        equipment = [*self.equipment_deck, *self.equipment_out]
        for punishment in self.queue:
            equipment.extend(punishment[3:])
        if sorted(equipment) != list(range(len(g.equipment_type))):
            raise ValueError("equipment cards are not each in exactly one zone")
        if sorted([*self.pleasure_deck, *self.pleasures, *self.used]) != list(
            range(len(g.pleasure_type))
        ):
            raise ValueError("pleasure cards are not each in exactly one zone")
        if min(self.points) < 0 or len(self.queue) > g.config.punishments_to_win:
            raise ValueError("points or queue out of bounds")
        if not 1 <= self.turn <= g.config.max_turns:
            raise ValueError("turn counter out of bounds")

    # ------------------------------------------------------------------ legal actions
    def _legal_ids(self) -> list[int]:
        decision = self.decisions[-1]
        kind, seat = decision[0], decision[1]
        lay = self.game.layout
        base = lay.base
        if kind == TURN:
            return self._turn_options(seat)
        if kind == SPEND:
            ids = [base["done"], *self._buy_options(seat)]
            if seat == P2:
                ids.extend(self._effect_options())
            return sorted(ids)
        if kind == ASK:
            return [base["ask"] + k for k in range(len(KINDS))]
        if kind == GIVE:
            ktype = self.game.main_type
            return sorted(
                {
                    base["give"] + ktype[c]
                    for c in self.hands[seat]
                    if self.game.main_kind[c] == decision[2]
                }
            )
        if kind == LIMIT:
            return sorted({base["discard"] + t for t in self._discardable(seat)})
        if kind == SKIP:
            return [base["skip"] + q for q in range(len(self.queue))]
        # REMOVE
        etype = self.game.equipment_type
        return sorted(
            {base["remove"] + q * lay.E + etype[e] for q, p in enumerate(self.queue) for e in p[3:]}
        )

    def _turn_options(self, seat: int) -> list[int]:
        g = self.game
        cfg, lay, base = g.config, g.layout, g.layout.base
        hand = self.hands[seat]
        have = [0] * lay.T
        for card in hand:
            have[g.main_type[card]] += 1
        ids: list[int] = []
        pos, inten, tim = lay.kind_types[0], lay.kind_types[1], lay.kind_types[2]
        held_p = [pi for pi, t in enumerate(pos) if have[t]]
        held_i = [ii for ii, t in enumerate(inten) if have[t]]
        held_t = [ti for ti, t in enumerate(tim) if have[t]]
        for pi in held_p:  # Option A (TG-12, TG-19)
            for ii in held_i:
                for ti in held_t:
                    ids.append(lay.set_id(pi, ii, ti))
        for t in lay.kind_types[3]:  # Option B (TG-15, TG-22)
            if have[t]:
                ids.append(base["special"] + t)
        ids.extend(self._option_c(seat, have))  # Option C (TG-16, TG-17, TG-41)
        if cfg.spend_points_anytime:
            ids.extend(self._buy_options(seat))
        if seat == P2:
            ids.extend(self._effect_options())
        ids.sort()
        return ids

    def _option_c(self, seat: int, have: list[int]) -> list[int]:
        cfg, base = self.game.config, self.game.layout.base
        size = len(self.hands[seat])
        if cfg.draw_before_action:  # A3: the turn's draw already happened; only trim the hand
            if size > cfg.hand_size:
                ids = [base["discard"] + t for t in self._discardable(seat)]
                return ids or [base["pass"]]
            return [base["pass"]]
        if size >= cfg.hand_size:
            ids = [base["discard_and_draw"] + t for t in self._discardable(seat)]
            return ids or [base["pass"]]
        return [base["draw"]]

    def _discardable(self, seat: int) -> list[int]:
        g = self.game
        allow_special = g.config.discard_specials
        types = {g.main_type[c] for c in self.hands[seat] if allow_special or g.main_kind[c] != 3}
        if not types:  # only specials left and A6 forbids them: any card may go
            types = {g.main_type[c] for c in self.hands[seat]}
        return sorted(types)

    def _buy_options(self, seat: int) -> list[int]:
        g = self.game
        cfg, base = g.config, g.layout.base
        pts = self.points[seat]
        if seat == P1:
            if (
                not self.queue or not self.equipment_deck
            ):  # TG-29 (A19): equipment needs a punishment
                return []
            ids = [base["buy_random_equipment"]] if pts >= cfg.random_cost else []
            if pts >= cfg.chosen_cost:
                ids.extend(
                    sorted(
                        {base["buy_equipment"] + g.equipment_type[e] for e in self.equipment_deck}
                    )
                )
            return ids
        if cfg.player2_reward != "point" or not self.pleasure_deck:
            return []
        ids = [base["buy_random_pleasure"]] if pts >= cfg.random_cost else []
        if pts >= cfg.chosen_cost:
            ids.extend(
                sorted({base["buy_pleasure"] + g.pleasure_type[p] for p in self.pleasure_deck})
            )
        return ids

    def _effect_options(self) -> list[int]:
        """TG-31..TG-33: held effect cards that have something to act on."""
        g = self.game
        if g.config.effects_on_draw or not self.pleasures:
            return []
        ids = set()
        for card in self.pleasures:
            effect = g.pleasure_effect[card]
            if (
                effect == "stop-game"
                or (effect == "skip-punishment" and self.queue)
                or (effect == "remove-equipment" and any(len(p) > 3 for p in self.queue))
            ):
                ids.add(g.layout.base["use"] + g.pleasure_type[card])
        return sorted(ids)

    # ------------------------------------------------------------------ applying
    def _apply(self, aid: int) -> list[Event]:
        g = self.game
        action = g.actions[aid]
        decision = self.decisions[-1]
        seat = decision[1]
        kind = action.kind
        events: list[Event] = []
        if kind == "set":
            self._play_set(seat, aid, events)
        elif kind == "special":
            self._play_special(seat, aid - g.layout.base["special"], events)
        elif kind == "draw":
            self._draw_main(seat, events)
            self._end_turn(seat, events)
        elif kind == "discard-and-draw":
            self._discard(seat, aid - g.layout.base["discard_and_draw"], events)
            self._draw_main(seat, events)
            self._end_turn(seat, events)
        elif kind == "discard":
            self._discard(seat, aid - g.layout.base["discard"], events)
            if decision[0] != LIMIT:
                self._end_turn(seat, events)
            elif len(self.hands[seat]) <= g.config.hand_size:  # else keep discarding
                self.decisions.pop()
                self._next_turn(seat, events)
        elif kind == "pass":
            self._end_turn(seat, events)
        elif kind == "ask":
            self._ask(seat, aid - g.layout.base["ask"], events)
        elif kind == "give":
            self._give(decision, aid - g.layout.base["give"], events)
        elif kind in ("buy-random-equipment", "buy-random-pleasure"):
            self._buy(seat, None, events)
        elif kind in ("buy-equipment", "buy-pleasure"):
            block = "buy_equipment" if kind == "buy-equipment" else "buy_pleasure"
            self._buy(seat, aid - g.layout.base[block], events)
        elif kind == "done":
            self._end_turn(seat, events)
        elif kind == "use":
            self._use_effect(aid - g.layout.base["use"], events)
        elif kind == "skip":
            self._skip_punishment(aid - g.layout.base["skip"], events)
        elif kind == "remove":
            offset = aid - g.layout.base["remove"]
            self._remove_equipment(offset // g.layout.E, offset % g.layout.E, events)
        return events

    # -- turn flow (TG-11, TG-18)
    def _start_turn(self, seat: int, events: list[Event] | None = None) -> None:
        self.decisions = [(TURN, seat)]
        if self.game.config.draw_before_action:
            self._draw_main(seat, events if events is not None else [])

    def _end_turn(self, seat: int, events: list[Event]) -> None:
        """Close ``seat``'s turn, whose frame is on top: trim to the hand limit (A5) if needed,
        then pass the turn."""
        cfg = self.game.config
        if cfg.enforce_hand_limit and len(self.hands[seat]) > cfg.hand_size:
            self.decisions[-1:] = [(LIMIT, seat)]
            events.append(Event(f"{self.game.role(seat)} is over the hand limit and must discard"))
            return
        self.decisions.pop()
        self._next_turn(seat, events)

    def _next_turn(self, seat: int, events: list[Event]) -> None:
        assert not self.decisions, "a turn passes only once its frames are resolved"
        if self.turn >= self.game.config.max_turns:
            self._end(-1, "turn-limit", events)
            return
        self.turn += 1
        self._start_turn(1 - seat, events)

    def _end(self, winner: int, reason: str, events: list[Event]) -> None:
        """TG-37: the game ends immediately."""
        self.decisions.clear()
        self.winner = winner
        self.end_reason = reason
        g = self.game
        who = g.role(winner) + " wins" if winner >= 0 else "No one wins"
        events.append(Event(f"Game over: {who} ({END_REASONS[reason]})."))

    # -- zones
    def _draw_main(self, seat: int, events: list[Event]) -> None:
        """Draw from the Main Deck, reshuffling the discard pile into it when empty (notes)."""
        if not self.main and self.discard:
            self.main, self.discard = self.discard, []
            self.rng.shuffle(self.main)
            events.append(Event("The discard pile is shuffled to form a new Main Deck."))
        role = self.game.role(seat)
        if not self.main:
            events.append(Event(f"{role} cannot draw: the Main Deck and discard pile are empty."))
            return
        card = self.main.pop()
        self.hands[seat].append(card)
        events.append(Event(f"You draw {self._name(card)}.", (seat,), f"{role} draws a card."))

    def _discard(self, seat: int, ctype: int, events: list[Event]) -> None:
        g = self.game
        card = take_first(self.hands[seat], ctype, g.main_type)
        self._forget(seat, ctype)
        self.discard.append(card)
        events.append(Event(f"{g.role(seat)} discards {self._name(card)}."))

    def _forget(self, seat: int, ctype: int) -> None:
        """``seat`` showed a card of ``ctype``: the opponent no longer tracks it as hidden."""
        known = self.known[1 - seat]
        if ctype in known:
            known.remove(ctype)

    def _name(self, card: int) -> str:
        g = self.game
        return g.main_types[g.main_type[card]].name

    # -- Option A: play a set (TG-10, TG-12, TG-13, TG-19, TG-20, TG-26)
    def _play_set(self, seat: int, aid: int, events: list[Event]) -> None:
        g = self.game
        lay, cfg = g.layout, g.config
        offset = aid - lay.base["set"]
        pi, rest = divmod(offset, lay.n_int * lay.n_time)
        ii, ti = divmod(rest, lay.n_time)
        types = (lay.kind_types[0][pi], lay.kind_types[1][ii], lay.kind_types[2][ti])
        cards = tuple(take_first(self.hands[seat], t, g.main_type) for t in types)
        for t in types:
            self._forget(seat, t)
        text = " + ".join(self._name(c) for c in cards)
        self.decisions.pop()
        if seat == P1:
            self.queue.append(cards)
            self.points[P1] += 1
            events.append(
                Event(
                    f"{g.role(P1)} plays {text}: {g.labels['punishment']} {len(self.queue)} "
                    f"joins the {g.labels['queue']}; +1 point (now {self.points[P1]})."
                )
            )
            if len(self.queue) >= cfg.punishments_to_win:  # TG-35
                self._end(P1, "queue", events)
                return
            self._spend_or_end(P1, events)
            return
        if cfg.player2_set_destination == "shuffle-into-deck":
            for card in cards:
                insert_at_random(self.main, card, self.rng)
            where = f"shuffled back into the {g.labels['main_deck']}"
        else:
            self.discard.extend(cards)
            where = "discarded"
        if cfg.player2_reward == "point":
            self.points[P2] += 1
            events.append(
                Event(
                    f"{g.role(P2)} plays {text}; the set is {where}; +1 point "
                    f"(now {self.points[P2]})."
                )
            )
            self._spend_or_end(P2, events)
            return
        events.append(Event(f"{g.role(P2)} plays {text}; the set is {where}."))
        self.decisions.append((ENDING, P2))  # A1: the card comes straight from the deck
        if self.pleasure_deck:
            self._gain_pleasure(self.pleasure_deck.pop(), events)
        if not self.is_over() and self.decisions[-1][0] == ENDING:
            self._end_turn(P2, events)

    def _spend_or_end(self, seat: int, events: list[Event]) -> None:
        """TG-14/TG-21: the optional spending step after a set, skipped when nothing is buyable."""
        self.decisions.append((SPEND, seat))
        self._settle(seat, events)

    def _settle(self, seat: int, events: list[Event]) -> None:
        """Steps without a choice resolve on their own: a spending step with nothing left to
        do, or a turn frame waiting for its reward to resolve, ends the turn."""
        top = self.decisions[-1][0]
        if top == ENDING or (
            top == SPEND
            and not self._buy_options(seat)
            and not (seat == P2 and self._effect_options())
        ):
            self._end_turn(seat, events)

    # -- spending points (TG-14, TG-21, TG-28..TG-30, TG-43)
    def _buy(self, seat: int, chosen: int | None, events: list[Event]) -> None:
        g = self.game
        cfg = g.config
        role = g.role(seat)
        if seat == P1:
            deck, types = self.equipment_deck, g.equipment_type
        else:
            deck, types = self.pleasure_deck, g.pleasure_type
        if chosen is None:
            self.points[seat] -= cfg.random_cost
            card = deck.pop()
        else:
            self.points[seat] -= cfg.chosen_cost
            card = deck.pop(max(i for i, c in enumerate(deck) if types[c] == chosen))
        if seat == P1:  # TG-29: attach to the most recent punishment
            self.queue[-1] = (*self.queue[-1], card)
            name = g.content.equipment[types[card]].name
            events.append(
                Event(
                    f"{role} adds {name} to {g.labels['punishment']} "
                    f"{len(self.queue)} ({self.points[seat]} left)."
                )
            )
        else:
            self._gain_pleasure(card, events)
            if self.is_over():
                return
        if self.decisions[-1][0] == SPEND:
            self._settle(seat, events)

    def _gain_pleasure(self, card: int, events: list[Event]) -> None:
        g = self.game
        cfg = g.config
        name = g.content.pleasure[g.pleasure_type[card]].name
        role = g.role(P2)
        if cfg.pleasures_public:
            events.append(Event(f"{role} gains {name}."))
        else:
            events.append(
                Event(f"You gain {name}.", (P2,), f"{role} gains a {g.labels['pleasure']}.")
            )
        effect = g.pleasure_effect[card]
        if cfg.effects_on_draw and effect:  # A8
            self.used.append(card)
            events.append(Event(f"{name} takes effect at once."))
            self._resolve_effect(effect, events)
            return
        self.pleasures.append(card)
        self._check_pleasure_win(events)

    def _pleasure_count(self) -> int:
        g = self.game
        if g.config.used_pleasures_count:  # A9
            return len(self.pleasures) + len(self.used)
        return len(self.pleasures)

    def _check_pleasure_win(self, events: list[Event]) -> None:
        if self._pleasure_count() >= self.game.config.pleasures_to_win:  # TG-36
            self._end(P2, "pleasures", events)

    # -- pleasure card effects (TG-31..TG-34)
    def _use_effect(self, ptype: int, events: list[Event]) -> None:
        g = self.game
        card = next(c for c in self.pleasures if g.pleasure_type[c] == ptype)
        self.pleasures.remove(card)
        self.used.append(card)
        events.append(Event(f"{g.role(P2)} uses {g.content.pleasure[ptype].name}."))
        self._resolve_effect(g.pleasure_effect[card], events)

    def _resolve_effect(self, effect: str, events: list[Event]) -> None:
        if effect == "stop-game":  # TG-33
            winner = P2 if self.game.config.stop_game_winner == "player2" else -1
            self._end(winner, "stop-game", events)
        elif effect == "skip-punishment" and self.queue:  # TG-31
            self.decisions.append((SKIP, P2))
        elif effect == "remove-equipment" and any(len(p) > 3 for p in self.queue):  # TG-32
            self.decisions.append((REMOVE, P2))
        else:
            events.append(Event("It has nothing to act on."))

    def _skip_punishment(self, q: int, events: list[Event]) -> None:
        g = self.game
        punishment = self.queue.pop(q)
        self.discard.extend(punishment[:3])
        self.equipment_out.extend(punishment[3:])
        self.decisions.pop()
        events.append(
            Event(
                f"{g.labels['punishment'].capitalize()} {q + 1} "
                f"({' + '.join(self._name(c) for c in punishment[:3])}) leaves the "
                f"{g.labels['queue']}."
            )
        )
        self._after_effect(events)

    def _remove_equipment(self, q: int, etype: int, events: list[Event]) -> None:
        g = self.game
        punishment = list(self.queue[q])
        for i in range(3, len(punishment)):
            if g.equipment_type[punishment[i]] == etype:
                self.equipment_out.append(punishment.pop(i))
                break
        self.queue[q] = tuple(punishment)
        self.decisions.pop()
        events.append(
            Event(
                f"{g.content.equipment[etype].name} is removed from "
                f"{g.labels['punishment']} {q + 1}."
            )
        )
        self._after_effect(events)

    def _after_effect(self, events: list[Event]) -> None:
        """Resume the frame below the target choice (turn, spending step or ending turn)."""
        self._settle(P2, events)

    # -- Option B: special cards (TG-15, TG-23..TG-25, TG-44)
    def _play_special(self, seat: int, ctype: int, events: list[Event]) -> None:
        g = self.game
        card = take_first(self.hands[seat], ctype, g.main_type)
        self._forget(seat, ctype)
        self.discard.append(card)
        role = g.role(seat)
        events.append(Event(f"{role} plays {self._name(card)}."))
        if g.special_effect[ctype] == "ask":
            self.decisions[-1] = (ASK, seat)
            return
        other = self.hands[1 - seat]  # steal (TG-23)
        if other:
            stolen = other.pop(self.rng.below(len(other)))
            self.hands[seat].append(stolen)
            stype = g.main_type[stolen]
            self.known[1 - seat].append(stype)
            if stype in self.known[seat]:
                self.known[seat].remove(stype)
            name = self._name(stolen)
            events.append(
                Event(
                    f"{role} steals {name} from {g.role(1 - seat)}.",
                    (seat, 1 - seat),
                    f"{role} steals a card from {g.role(1 - seat)}.",
                )
            )
        else:
            events.append(Event(f"{g.role(1 - seat)} has no cards to steal."))
        self._after_special(seat, events)

    def _ask(self, seat: int, kind: int, events: list[Event]) -> None:
        g = self.game
        other = 1 - seat
        label = g.labels[KINDS[kind]]
        events.append(Event(f"{g.role(seat)} asks for {article(label)} card."))
        matching = [c for c in self.hands[other] if g.main_kind[c] == kind]
        if not matching:  # TG-25
            events.append(Event(f"{g.role(other)} has no {label} card."))
            self._after_special(seat, events)
            return
        types = sorted({g.main_type[c] for c in matching})
        if g.config.asked_player_chooses and len(types) > 1:  # A10
            self.decisions[-1] = (GIVE, other, kind, seat)
            return
        chosen = (
            types[0]
            if g.config.asked_player_chooses
            else g.main_type[matching[self.rng.below(len(matching))]]
        )
        self._hand_over(other, seat, chosen, events)
        self._after_special(seat, events)

    def _give(self, decision: tuple[int, ...], ctype: int, events: list[Event]) -> None:
        giver, asker = decision[1], decision[3]
        self.decisions[-1] = (ASK, asker)
        self._hand_over(giver, asker, ctype, events)
        self._after_special(asker, events)

    def _hand_over(self, giver: int, asker: int, ctype: int, events: list[Event]) -> None:
        g = self.game
        card = take_first(self.hands[giver], ctype, g.main_type)
        self.hands[asker].append(card)
        self.known[giver].append(ctype)
        if ctype in self.known[asker]:
            self.known[asker].remove(ctype)
        kind = g.labels[KINDS[g.main_kind[card]]]
        events.append(
            Event(
                f"{g.role(giver)} gives {self._name(card)} to {g.role(asker)}.",
                (giver, asker),
                f"{g.role(giver)} gives {article(kind)} card.",
            )
        )

    def _after_special(self, seat: int, events: list[Event]) -> None:
        if self.game.config.special_replaces_discard:  # A4
            self._draw_main(seat, events)
        self._end_turn(seat, events)

    # ------------------------------------------------------------------ outcome
    def returns(self) -> list[float]:
        if not self.is_over() or self.winner < 0:
            return [0.5, 0.5] if self.is_over() else [0.0, 0.0]
        return [1.0, 0.0] if self.winner == P1 else [0.0, 1.0]

    def decision_text(self) -> str:
        if not self.decisions:
            return "the game is over"
        d = self.decisions[-1]
        return f"{self.game.role(d[1])} to decide: {DECISION_NAMES[d[0]]}"

    def summary(self) -> dict[str, Any]:
        """TG-38/TG-39: the queue in order, then the pleasure cards Player 2 redeems."""
        g = self.game
        return {
            "winner": g.role(self.winner) if self.winner >= 0 else None,
            "reason": self.end_reason,
            "queue": [self._punishment_view(p) for p in self.queue],
            "redeem": [
                g.content.pleasure[g.pleasure_type[c]].id
                for c in self.pleasures
                if not g.pleasure_effect[c]
            ],
        }

    def _punishment_view(self, punishment: tuple[int, ...]) -> dict[str, list[str]]:
        g = self.game
        return {
            "set": [g.main_types[g.main_type[c]].id for c in punishment[:3]],
            "equipment": [g.content.equipment[g.equipment_type[e]].id for e in punishment[3:]],
        }

    # ------------------------------------------------------------------ hidden information
    def _ids(self, cards: list[int]) -> list[str]:
        g = self.game
        return [g.main_types[t].id for t in sorted(g.main_type[c] for c in cards)]

    def view(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        over = self.is_over()
        players = []
        for s in (P1, P2):
            entry: dict[str, Any] = {
                "role": g.role(s),
                "points": self.points[s],
                "hand_size": len(self.hands[s]),
            }
            if seat == s:
                entry["hand"] = self._ids(self.hands[s])
            players.append(entry)
        show_pleasures = seat == P2 or g.config.pleasures_public or over
        pleasures: dict[str, Any] = {"count": len(self.pleasures)}
        if show_pleasures:
            pleasures["cards"] = sorted(
                g.content.pleasure[g.pleasure_type[c]].id for c in self.pleasures
            )
        decision: dict[str, Any] | None = None
        if self.decisions:
            d = self.decisions[-1]
            decision = {"kind": DECISION_NAMES[d[0]], "seat": d[1]}
            if d[0] == GIVE:
                decision["asked"] = KINDS[d[2]]
        data: dict[str, Any] = {
            "game": g.slug,
            "seat": seat,
            "turn": self.turn,
            "to_move": self.to_move,
            "decision": decision,
            "players": players,
            "queue": [self._punishment_view(p) for p in self.queue],
            "main_deck": len(self.main),
            "discard": [g.main_types[g.main_type[c]].id for c in self.discard],
            "equipment_deck": len(self.equipment_deck),
            "pleasure_deck": len(self.pleasure_deck),
            "pleasures": pleasures,
            "used_pleasures": [g.content.pleasure[g.pleasure_type[c]].id for c in self.used],
            "over": over,
        }
        if over:
            data["summary"] = self.summary()
        return data

    def redeterminize(self, seat: int | None, rng: Rng | int) -> TheGameState:
        """Resample all ``seat`` cannot see: deck orders, the other hand (keeping cards that
        ``seat`` knows are there), and Player 2's hidden pleasure cards."""
        if not isinstance(rng, Rng):
            rng = Rng(rng)
        new = self.clone()
        new.rng = Rng(rng.next64())
        g = self.game
        new._legal = None
        if seat is None:
            pool = new.main + new.hands[P1] + new.hands[P2]
            rng.shuffle(pool)
            n1, n2 = len(new.hands[P1]), len(new.hands[P2])
            new.hands = [pool[:n1], pool[n1 : n1 + n2]]
            new.main = pool[n1 + n2 :]
        else:
            other = 1 - seat
            pool = new.main + new.hands[other]
            fixed: list[int] = []
            for ctype in new.known[seat]:
                card = next(c for c in pool if g.main_type[c] == ctype)
                pool.remove(card)
                fixed.append(card)
            rng.shuffle(pool)
            free = len(new.hands[other]) - len(fixed)
            new.hands[other] = fixed + pool[:free]
            new.main = pool[free:]
        rng.shuffle(new.equipment_deck)
        if seat == P2 or g.config.pleasures_public or self.is_over():  # revealed at the end
            rng.shuffle(new.pleasure_deck)
        else:
            pool = new.pleasure_deck + new.pleasures
            rng.shuffle(pool)
            k = len(new.pleasures)
            new.pleasures, new.pleasure_deck = pool[:k], pool[k:]
        return new


TheGame.state_class = TheGameState

END_REASONS = {
    "queue": "the Queue holds enough punishments",
    "pleasures": "Player 2 has collected enough pleasure cards",
    "stop-game": "Stop Game was played",
    "turn-limit": "the turn limit was reached",
}
