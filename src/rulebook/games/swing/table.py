"""How SWING! looks at the terminal table: who holds Power, each Host's meter and Room row
(tags, wear, seductions), Locations, Laundries, and the seat's own hand."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulebook.games.swing.cards import KIND_TITLES, KIND_WORDS
from rulebook.games.swing.game import Swing, player
from rulebook.games.swing.room import PHASE_NAMES
from rulebook.i18n import N_, Message, Name, _, msg, n_

# the view's words (English) as the reader's: roles, decisions
ROLES = {"Top": N_("Top"), "Bottom": N_("Bottom"), "left the Room": N_("left the Room")}
PROMPTS = {
    "foreplay-top": N_("Place a Location, introduce cards"),
    "foreplay-bottom": N_("Answer with #Surprise cards?"),
    "seduce": N_("Tag seducers and their recipients"),
    "surprise": N_("Answer the advances with #Surprise cards?"),
    "respond": N_("Respond with Objects, Moves, #Surprise"),
    "block": N_("Block this seducer?"),
    "aftercare": N_("Spend remaining Inspiration"),
    "pay": N_("Tag Locations to pay for the card"),
}


def view_words(game: Swing) -> dict[str, object]:
    """The English words a view holds as values and how a reader words each (the browser's
    client shows values through them): roles, phases, and every Prowess/Endurance a card
    of the game's content can show as it wears down. Content only, never a game's state:
    the same table for every seat."""
    words: dict[str, object] = {role: Message(said) for role, said in ROLES.items()}
    # a phase as the terminal says it ("Foreplay, the Top's part"): the rulebook's name
    # ("Foreplay: Power: Top") repeats who holds Power, which the view's "power" shows
    words.update({phase: Message(PLAIN_PHASES[phase][0]) for phase in PHASE_NAMES})
    words["Game over"] = msg("Game over")
    for card in game.types:
        for left in range(card.endurance + 1):
            stats = f"{card.prowess}P/{left}E"
            words[stats] = msg("{prowess}P/{endurance}E", prowess=card.prowess, endurance=left)
    return words


def _label(game: Swing, card_id: str) -> str:
    return escape(next(c.label_said().text() for c in game.types if c.id == card_id))


def _seat(view: dict[str, Any], name: str) -> int:
    """The seat the view names ("Player 2")."""
    return [h["name"] for h in view["hosts"]].index(name)


def _who(view: dict[str, Any], name: str) -> str:
    """A seat the view names, as the reader names it."""
    return player(_seat(view, name)).text()


def _word(words: dict[str, str], key: str) -> str:
    return str(Message(words[key])) if key in words else key


def render(game: Swing, view: dict[str, Any]) -> RenderableType:
    seat = view["seat"]
    parts: list[RenderableType] = []
    parts.append(_head(view))
    line = _prompt(game, view)
    if line:
        parts.append(line)
    full = game.config.pleasure_meter
    hosts = Table(title=_("Hosts"), title_justify="left")
    columns = (N_("Host"), N_("role"), N_("Pleasure Meter"), N_("Inspiration"), N_("hand"),
               N_("deck"), N_("Laundry"))  # fmt: skip
    for column in columns:
        hosts.add_column(_(column), overflow="fold")  # a long word folds, not cut (Japanese)
    for s, entry in enumerate(view["hosts"]):
        meter = entry["pleasure_meter"]
        bar = "█" * round(10 * meter / full) + "░" * (10 - round(10 * meter / full))
        laundry = _(", ").join(escape(game_name(game, c)) for c in entry["laundry"]) or "—"
        hosts.add_row(
            escape(player(s).text()),
            escape(_word(ROLES, entry["role"])),
            f"{bar} {meter}/{full}",
            str(entry["inspiration"]),
            str(entry["hand_size"]),
            str(entry["deck"]),
            laundry,
        )
    parts.append(hosts)
    room = Table(title=_("The Room"), title_justify="left")
    for column in (_("owner"), _("card"), _("P/E"), _("state")):
        room.add_column(column)
    for entry in view["hosts"]:  # each Host's Locations, then their Guests, Objects, Moves
        owner = entry["name"]
        who = escape(_who(view, owner))
        before = room.row_count
        for loc in view["locations"]:
            if loc["owner"] != owner:
                continue
            state = _("tagged") if loc["tagged"] else _("untagged")
            insp = _("+{count} Insp.", count=loc["inspiration"])
            room.add_row(who, escape(Name(loc["name"]).text()), insp, state)
        for card in view["room"]:
            if card["owner"] != owner:
                continue
            state = _("tagged") if card["tagged"] else _("untagged")
            if card["seducing"]:
                state = _(
                    "{state}, seducing {player}", state=state, player=_who(view, card["seducing"])
                )
            name = _(
                "{card} ({kind})",
                card=Name(card["name"]).text(),
                kind=_word(KINDS, card["kind"]),
            )
            room.add_row(who, escape(name), _stats(card["stats"]), escape(state))
        if room.row_count > before:
            room.add_section()
    parts.append(room)
    if seat is not None and "hand" in view["hosts"][seat]:
        hand = [_label(game, c) for c in view["hosts"][seat]["hand"]]
        parts.append(Panel("\n".join(hand) or _("(empty)"), title=_("Your hand")))
    return Group(*parts)


def _stats(stats: str) -> str:
    """A card's Prowess and Endurance as the view writes them ("3P/2E")."""
    prowess, endurance = stats.rstrip("E").split("P/")
    return _("{prowess}P/{endurance}E", prowess=prowess, endurance=endurance)


# the rulebook's phase names (the view's "phase") in plain words
PLAIN_PHASES = {
    "Foreplay: Power: Top": (N_("Foreplay, the Top's part"), N_("Power: Top")),
    "Foreplay: Power: Bottom": (N_("Foreplay, the Bottoms' answers"), N_("Power: Bottom")),
    "Seduction: Power: Top": (N_("Seduction, the Top's advances"), N_("Power: Top")),
    "Seduction: #Surprise": (N_("Seduction, answers with #Surprise cards"), N_("#Surprise")),
    "Seduction: Power: Bottom": (
        N_("Seduction, the Bottom answers and blocks"),
        N_("Power: Bottom"),
    ),
    "Aftercare": (N_("Aftercare, the Top's leftover Inspiration"), N_("Aftercare")),
    "Switch": (N_("Switch, the next player becomes the Top"), N_("Switch")),
}
KINDS = dict(zip(("location", "guest", "object", "move"), KIND_WORDS, strict=True))


def _head(view: dict[str, Any]) -> str:
    """Round, turn, the Top, and who acts in which phase, in plain words with the rulebook's
    term beside them ("Power: Top" means the Top holds control)."""
    round_turn = _("Round {round}, turn {turn}", round=view["round"], turn=view["turn"])
    top = _("Top: {player}", player=_who(view, view["top"]))
    head = f"[bold]{escape(round_turn)}[/] · {escape(top)}"
    if view["power"]:
        plain, term = PLAIN_PHASES.get(view["phase"], (view["phase"], ""))
        acts = _("{player} to act", player=_who(view, view["power"]))
        head += f" · [bold]{escape(acts)}[/]{escape(_(': '))}{escape(str(Message(plain)))}"
        head += escape(_(" ({term})", term=str(Message(term)))) if term else ""
    return head


def _prompt(game: Swing, view: dict[str, Any]) -> str:
    decision = view.get("decision") or {}
    if not decision.get("prompt"):
        return ""
    line = escape(_word(PROMPTS, decision["kind"]))
    if decision.get("seducer"):  # which seduction attempt is being answered
        seducer = next(c for c in game.types if c.id == decision["seducer"])
        seducing = _(
            "{card} ({prowess}P/{endurance}E) is seducing {player}",
            card=f"[bold]{escape(Name(seducer.name).text())}[/]",
            prowess=seducer.prowess,
            endurance=seducer.endurance,
            player=escape(player(decision["seat"]).text()),
        )
        line += " " + seducing
    if decision.get("card"):  # A6 (choose): the card being paid for
        paid = next(c for c in game.types if c.id == decision["card"])
        line += f" ({escape(Name(paid.name).text())})"
    return line


def _counted(items: list[str]) -> str:
    """Like items once, with a count ("Silver Fox 3P/2E ×2")."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return _("; ").join(item + (f" ×{n}" if n > 1 else "") for item, n in counts.items())


def _room_of(view: dict[str, Any], owner: str) -> str:
    locations = [loc for loc in view["locations"] if loc["owner"] == owner]
    bits = []
    if locations:
        total = sum(loc["inspiration"] for loc in locations)
        tagged = sum(loc["tagged"] for loc in locations)
        placed = n_(
            "{count} Location +{total}", "{count} Locations +{total}", len(locations), total=total
        )
        bits.append(placed + (_(" ({count} tagged)", count=tagged) if tagged else ""))
    cards = []
    for card in view["room"]:
        if card["owner"] == owner:
            state = [] if not card["tagged"] else [_("tagged")]
            if card["seducing"]:
                state.append(_("seducing {player}", player=_who(view, card["seducing"])))
            shown = f"{Name(card['name']).text()} {_stats(card['stats'])}"
            cards.append(shown + (_(" ({states})", states=_(", ").join(state)) if state else ""))
    if cards:
        bits.append(_counted(cards))
    return escape(_("; ").join(bits))


def compact(game: Swing, view: dict[str, Any]) -> RenderableType:
    """The party for an 80×24 screen: who acts, one entry a Host with their Room, and your
    hand with like cards counted (the Pleasure Meter bars are in the whole table)."""
    lines = [_head(view)]
    prompt = _prompt(game, view)
    if prompt:
        lines.append(prompt)
    full = game.config.pleasure_meter
    seat = view["seat"]
    order = list(range(len(view["hosts"])))
    if seat is not None:  # your own line and your hand first: what you decide with
        order.remove(seat)
        order.insert(0, seat)
    for s in order:
        entry = view["hosts"][s]
        you = _(" (you)") if s == seat else ""
        laundry = _(", ").join(escape(game_name(game, c)) for c in entry["laundry"])
        room = _room_of(view, entry["name"])
        about = _(
            "{role} · meter {meter}/{full} · Insp. {inspiration} · hand {hand} · deck {deck}",
            role=escape(_word(ROLES, entry["role"])),
            meter=entry["pleasure_meter"],
            full=full,
            inspiration=entry["inspiration"],
            hand=entry["hand_size"],
            deck=entry["deck"],
        )
        lines.append(
            f"[bold]{escape(player(s).text())}[/]{escape(you)} {about}"
            + (" · " + _("Laundry: {cards}", cards=laundry) if laundry else "")
            + (" · " + _("Room: {cards}", cards=room) if room else "")
        )
        if s == seat and "hand" in entry:
            hand = [escape(_short(game, c)) for c in entry["hand"]]
            shown = _counted(hand).replace(_("; "), _(", ")) or _("empty")
            lines.append("  " + _("Your hand: {cards}", cards=shown))
    return Text.from_markup("\n".join(lines))


def _short(game: Swing, card_id: str) -> str:
    card = next(c for c in game.types if c.id == card_id)
    name = Name(card.name).text()
    if card.kind_name == "location":
        if card.furniture:
            return _("{card} (+{count} Insp., Furniture)", card=name, count=card.inspiration)
        return _("{card} (+{count} Insp.)", card=name, count=card.inspiration)
    values = dict(
        card=name,
        kind=_word(KINDS, card.kind_name),
        cost=card.cost,
        prowess=card.prowess,
        endurance=card.endurance,
    )
    if card.surprise:
        return _("{card} ({kind} {cost}: {prowess}P/{endurance}E #Surprise)", **values)
    return _("{card} ({kind} {cost}: {prowess}P/{endurance}E)", **values)


def card_texts(game: Swing, view: dict[str, Any]) -> list[tuple[str, str]]:
    """What each card the view shows does (SWING!'s cards carry numbers, not text)."""
    ids: list[str] = []
    seat = view["seat"]
    if seat is not None:
        ids += view["hosts"][seat].get("hand", [])
    ids += [loc["card"] for loc in view["locations"]] + [c["card"] for c in view["room"]]
    for entry in view["hosts"]:
        ids += entry["laundry"]
    by_id = {c.id: c for c in game.types}
    return [(Name(by_id[i].name).text(), _describe(by_id[i])) for i in dict.fromkeys(ids)]


def _describe(card: Any) -> str:
    if card.kind_name == "location":
        if card.furniture:
            return _(
                "Location: gives {count} Inspiration a turn to introduce cards with; Furniture. "
                "One Location a turn, in your Foreplay.",
                count=card.inspiration,
            )
        return _(
            "Location: gives {count} Inspiration a turn to introduce cards with. One Location a "
            "turn, in your Foreplay.",
            count=card.inspiration,
        )
    values = dict(
        kind=str(Message(KIND_TITLES[card.kind])),
        cost=card.cost,
        prowess=card.prowess,
        endurance=card.endurance,
    )
    if card.surprise:
        return _(
            "{kind}, costs {cost} Inspiration: Prowess {prowess} (what it takes from the "
            "Endurance of a card it meets, or from the Pleasure Meter of a Host it seduces "
            "unblocked), Endurance {endurance} (at 0 it goes to the Laundry); #Surprise: may be "
            "played out of turn, to answer the Top.",
            **values,
        )
    return _(
        "{kind}, costs {cost} Inspiration: Prowess {prowess} (what it takes from the Endurance "
        "of a card it meets, or from the Pleasure Meter of a Host it seduces unblocked), "
        "Endurance {endurance} (at 0 it goes to the Laundry).",
        **values,
    )


def game_name(game: Swing, card_id: str) -> str:
    return Name(next(c.name for c in game.types if c.id == card_id)).text()


def render_summary(game: Swing, view: dict[str, Any]) -> RenderableType:
    """Orgasms by cause and each Host's tally."""
    s = view["summary"]
    orgasms = _("Host orgasms: {count}", count=s["host_orgasms"])
    if s["perfect_performance"]:
        orgasms = _("Host orgasms: {count} — a Perfect Performance!", count=s["host_orgasms"])
    lines = [
        _("Rounds: {rounds} ({turns} turns)", rounds=s["rounds"], turns=s["turns"]),
        orgasms,
        _(
            "Cards to the Laundry: {seducers} seducers, {blockers} blockers",
            seducers=s["seducer_orgasms"],
            blockers=s["blocker_orgasms"],
        ),
    ]
    for seat, entry in enumerate(view["hosts"]):
        lines.append(
            escape(
                _(
                    "{player}: brought about {caused}, had {had}",
                    player=player(seat).text(),
                    caused=entry["orgasms_caused"],
                    had=entry["orgasms"],
                )
            )
        )
    return Panel("\n".join(lines), title=_("After the party"))
