"""How Susumuka & Modoruka looks at the terminal table: the board (every player's depth, flag,
trophy, HP at a glance), the card in battle, the latest battle and the seat's own hand."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulebook.games.susumuka_modoruka.cards import (
    KIND_WORDS,
    TIERS,
    colour_word,
    condition,
    conditioned,
    kind_word,
    named,
    tier_word,
)
from rulebook.games.susumuka_modoruka.game import SusumukaModoruka, player
from rulebook.i18n import N_, Message, Name, _

# the decisions as the heading names them (the view's ``prompt`` is English)
PROMPTS = {
    "first-player": N_("Who loves thrills the most?"),
    "turn": N_("Investigate or advance"),
    "battle": N_("Fight or flee"),
    "return": N_("Declare your return?"),
    "hand-battle": N_("Battle the card turned up, or one from your hand?"),
}
RESULT_WORDS = {"won": N_("won"), "lost": N_("lost"), "fled": N_("fled")}


def _names(game: SusumukaModoruka, ids: list[str]) -> list[str]:
    """Cards by id, named in the reader's language (``name_ja`` in Japanese)."""
    cards = game.content.by_id()
    return [escape(named(cards[i]).text()) for i in ids]


def _who(view: dict[str, Any], seat: int) -> str:
    """A seat as the reader calls it (the view names it in English)."""
    del view
    return str(player(seat))


def _dice(power: str) -> str:
    """A roll as the view writes it ("1D6+2") in the reader's notation."""
    bonus = power.rsplit("+", 1)[1]
    return _("1D6+{bonus}", bonus=bonus)


def _colour(colour: str) -> str:
    return str(colour_word(colour))


def _dungeon(game: SusumukaModoruka, card_id: str) -> Any:
    return next(c for c in game.content.dungeon if c.id == card_id)


def _bonus(game: SusumukaModoruka, player: dict[str, Any], field: str) -> int:
    """A player's armour or retreat from the items and skills the view names."""
    c = game.content
    total = 0
    for i in player["items"]:  # several copies of an item each count
        total += next(getattr(x.bonus, field) for x in c.items if x.id == i)
    for k in player["skills"]:
        total += next(getattr(x.bonus, field) for x in c.skills if x.id == k)
    return total


def _nullified(game: SusumukaModoruka, player: dict[str, Any]) -> set[str]:
    c = game.content
    colours: set[str] = set()
    held = [i.bonus for i in c.items if i.id in player["items"]]
    held += [k.bonus for k in c.skills if k.id in player["skills"]]
    for bonus in held:
        colours |= set(c.colours) if "all" in bonus.nullify else bonus.nullify
    return colours


def _depth(p: dict[str, Any]) -> str:
    if p["depth"] == 0:
        return _("outside")
    return _("{depth} ↑ returning", depth=p["depth"]) if p["returning"] else str(p["depth"])


def _outcomes(game: SusumukaModoruka, view: dict[str, Any], battle: dict[str, Any]) -> str:
    """What a roll needs and where a win, a defeat or a flight leaves the fighter."""
    p = view["players"][view["decision"]["seat"]]
    bonus = int(battle["against"].rsplit("+", 1)[1])
    need = battle["power"] + 1 - bonus
    if need > 6:
        chance = _("No roll of 1D6 can win")
    elif need <= 1:
        chance = _("Any roll wins")
    elif need == 6:
        chance = _("Only a 6 wins")
    else:
        chance = _("A roll of {need} or more wins", need=need)
    depth, steps = p["depth"], battle["difficulty"]
    if p["returning"]:
        won = max(0, depth - steps - _bonus(game, p, "retreat"))
        win = _("escape") if won == 0 else _("back up to depth {depth}", depth=won)
        flee = _("down to depth {depth}", depth=depth + steps)
    else:
        win = _("down to depth {depth}", depth=depth + steps)
        back = max(0, depth - steps)
        flee = (
            _("stay outside")
            if depth == 0
            else _("back to depth {depth}", depth=back)
            if back
            else _("back outside")
        )
    loss = max(0, battle["power"] - _bonus(game, p, "armor"))
    return _(
        "{chance} · win: {win} · lose: -{loss} HP · flee: {flee}",
        chance=chance,
        win=win,
        loss=loss,
        flee=flee,
    )


def notes(game: SusumukaModoruka, view: dict[str, Any]) -> list[str]:
    """For the browser: in a battle, what a roll needs and where each result leaves the
    fighter, as the terminal's battle panel says."""
    battle = view["battle"]
    if battle is None or view["decision"] is None:
        return []
    return [_outcomes(game, view, battle)]


def board(game: SusumukaModoruka, view: dict[str, Any]) -> RenderableType:
    """Every player at a glance; items and skills in lines below the table, so no name is
    cut short at 80 columns."""
    seat = view["seat"]
    table = Table(title=_("The dungeon"), title_justify="left")
    columns = (_("player"), _("depth"), _("flag"), _("trophy"), _("HP"), _("power"), _("hand"))
    for i, column in enumerate(columns):
        table.add_column(column, justify="right" if i in (1, 4) else "left")
    kept = []
    for s, p in enumerate(view["players"]):
        name = escape(_who(view, s)) + (_(" (you)") if s == seat else "")
        if view["decision"] and view["decision"]["seat"] == s:
            name = f"[bold]▶ {name}[/]"
        table.add_row(
            f"{name} [dim]{escape(_colour(p['colour']))}[/]",
            _depth(p),
            "—" if p["flag"] is None else f"⚑ {p['flag']}",
            "—" if p["trophy"] is None else f"🏆 {p['trophy']}",
            f"{p['hp']}/{p['max_hp']}",
            _dice(p["power"]),
            str(p["count"]),
        )
        items, skills = (
            _(", ").join(_names(game, p["items"])),
            _(", ").join(_names(game, p["skills"])),
        )
        if items or skills:
            bits = [_("items {items}", items=items)] if items else []
            bits += [_("skills {skills}", skills=skills)] if skills else []
            kept.append(
                _("{player}: {kept}", player=escape(_who(view, s)), kept=_("; ").join(bits))
            )
    return Group(table, *kept)


def heading(view: dict[str, Any]) -> str:
    """The turn and who decides what (inside the dungeon a turn can only advance)."""
    decision = view["decision"]
    turn = _(
        "Turn {turn} of {turns}",
        turn=min(view["turns_passed"] + 1, view["turns"]),
        turns=view["turns"],
    )
    head = f"[bold]{escape(turn)}[/]"
    if decision is not None:
        prompt = PROMPTS.get(decision["kind"], decision.get("prompt", ""))
        if decision["kind"] == "turn" and view["players"][decision["seat"]]["depth"]:
            prompt = N_("Advance (inside the dungeon there is nothing else)")
        head += f" · {escape(_who(view, decision['seat']))}{_(': ')}{escape(_(prompt))}"
    return head


def supplies(game: SusumukaModoruka, view: dict[str, Any]) -> list[str]:
    """The decks, the lost property and the last battle: one line each, full table or compact."""
    decks = " · ".join(
        _("{deck} {count}", deck=tier_word(TIERS.index(k)), count=v)
        for k, v in view["item_decks"].items()
    )
    lines = [
        _(
            "Dungeon deck {deck} (discard {discard}) · Items: {decks}",
            deck=view["deck"],
            discard=len(view["discard"]),
            decks=decks,
        )
    ]
    if view["lost_property"]:
        roles = [p["name"] for p in view["players"]]
        lost = _("; ").join(
            escape(_who(view, roles.index(k))) + _(": ") + _(", ").join(_names(game, v))
            for k, v in view["lost_property"].items()
        )
        lines.append(_("Lost property: {lost}", lost=lost))
    last = view["last_battle"]
    if last is not None:
        name = _names(game, [last["card"]])[0]
        who = escape(_who(view, [p["name"] for p in view["players"]].index(last["player"])))
        if last["result"] == "fled":
            lines.append(_("Last battle: {player} fled from {card}.", player=who, card=name))
        else:
            lines.append(
                _(
                    "Last battle: {player} rolled {roll} (power {power}) against {card} "
                    "({card_power}): {result}.",
                    player=who,
                    roll=last["roll"],
                    power=last["power"],
                    card=name,
                    card_power=last["card_power"],
                    result=str(Message(RESULT_WORDS[last["result"]])),
                )
            )
    return lines


def render(game: SusumukaModoruka, view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = []
    decision = view["decision"]
    head = heading(view)
    parts.append(head)
    parts.append(board(game, view))
    parts += supplies(game, view)
    battle = view["battle"]
    if battle is not None:
        card = _dungeon(game, battle["card"])
        row = card.tier(view["players"][decision["seat"]]["depth"])
        parts.append(
            Panel(
                _(
                    "{card} ({card_ja}), {kind}",
                    card=escape(Name(battle["name"]).text()),
                    card_ja=escape(battle["name_ja"]),
                    kind=kind_word(battle["kind"]),
                )
                + "\n"
                + _(
                    "Difficulty {difficulty} · clear condition {condition} = {power} · "
                    "{player}: {against} (strictly more wins)",
                    difficulty=battle["difficulty"],
                    condition=escape(condition(row)),
                    power=battle["power"],
                    player=escape(_who(view, decision["seat"])),
                    against=_dice(battle["against"]),
                )
                + "\n"
                + _outcomes(game, view, battle),
                title=_("In battle"),
            )
        )
    seat = view["seat"]
    if seat is not None and "hand" in view["players"][seat]:
        hand = view["players"][seat]["hand"]
        lines = []
        depth = view["players"][seat]["depth"]
        nullified = _nullified(game, view["players"][seat])
        for card_id in hand:
            card = _dungeon(game, card_id)
            row = card.tier(depth)
            power = row.power + (0 if row.colour in nullified else row.coloured)
            lines.append(
                _(
                    "{card}: difficulty {difficulty}, {condition} = {power} at your depth",
                    card=escape(named(card).text()),
                    difficulty=card.difficulty,
                    condition=escape(condition(row)),
                    power=power,
                )
            )
        parts.append(Panel("\n".join(lines) or _("(empty)"), title=_("Your hand")))
    return Group(*parts)


def render_summary(game: SusumukaModoruka, view: dict[str, Any]) -> RenderableType:
    """The final board: trophies decide (who won is the table's outcome line)."""
    return board(game, view)


# --------------------------------------------------------------------------- compact
def _player_line(game: SusumukaModoruka, view: dict[str, Any], s: int) -> str:
    """One player in one line (wrapped whole words, never cut): where, what, how strong."""
    p = view["players"][s]
    colour = escape(_colour(p["colour"]))
    about = _("{colour}, you", colour=colour) if s == view["seat"] else colour
    mark = "▶ " if view["decision"] and view["decision"]["seat"] == s else "  "
    where = _("outside") if p["depth"] == 0 else _("depth {depth}", depth=_depth(p))
    who = f"[bold]{escape(_who(view, s))}[/]"
    bits = [mark + _("{player} ({about}): {where}", player=who, about=about, where=where)]
    if p["flag"] is not None:
        bits.append(_("flag {depth}", depth=p["flag"]))
    if p["trophy"] is not None:
        bits.append(_("trophy {depth}", depth=p["trophy"]))
    bits.append(_("HP {hp}/{max_hp}", hp=p["hp"], max_hp=p["max_hp"]))
    bits.append(_("power {power}", power=_dice(p["power"])))
    bits.append(_("{count} in hand", count=p["count"]))
    kept = _names(game, p["items"]) + _names(game, p["skills"])
    if kept:
        bits.append(_(", ").join(kept))
    return " · ".join(bits)


def compact(game: SusumukaModoruka, view: dict[str, Any]) -> RenderableType:
    """The table for an 80×24 screen: the turn, one line a player, the decks, the last
    battle, the card in battle with what a roll needs, and your hand in a line or two."""
    lines: list[str] = []
    decision = view["decision"]
    head = heading(view)
    lines.append(head)
    lines += [_player_line(game, view, s) for s in range(len(view["players"]))]
    lines += supplies(game, view)
    battle = view["battle"]
    if battle is not None:
        card = _dungeon(game, battle["card"])
        row = card.tier(view["players"][decision["seat"]]["depth"])
        lines.append(
            f"[bold]{escape(_('In battle'))}[/]"
            + _(": ")
            + _(
                "{card}, {kind}, difficulty {difficulty}, {condition} = {power} vs {player}'s "
                "{against} (strictly more wins)",
                card=escape(named(card).text()),
                kind=kind_word(battle["kind"]),
                difficulty=battle["difficulty"],
                condition=escape(condition(row)),
                power=battle["power"],
                player=escape(_who(view, decision["seat"])),
                against=_dice(battle["against"]),
            )
        )
        lines.append("  " + _outcomes(game, view, battle))
    seat = view["seat"]
    if seat is not None and "hand" in view["players"][seat]:
        depth = view["players"][seat]["depth"]
        nullified = _nullified(game, view["players"][seat])
        cards = []
        for card_id in view["players"][seat]["hand"]:
            card = _dungeon(game, card_id)
            row = card.tier(depth)
            power = row.power + (0 if row.colour in nullified else row.coloured)
            cards.append(
                _(
                    "{card} (difficulty {difficulty}, power {power})",
                    card=escape(named(card).text()),
                    difficulty=card.difficulty,
                    power=power,
                )
            )
        lines.append(_("Your hand: {cards}", cards=_(", ").join(cards) or _("empty")))
    return Text.from_markup("\n".join(lines))


def view_words(game: SusumukaModoruka) -> dict[str, object]:
    """The English words a view holds as values, and how a reader words each (the browser's
    client shows every value through them): colours, kinds, item tiers, battle results,
    cards' English names and every clear condition a dungeon card prints."""
    c = game.content
    words: dict[str, object] = {}
    for colour in (*c.colours, *(r.colour for d in c.dungeon for r in d.tiers if r.colour)):
        words[colour] = colour_word(colour)
    for kind in KIND_WORDS:
        words[kind] = kind_word(kind)
    for i, tier in enumerate(TIERS):
        words[tier] = tier_word(i)
    for result, said in RESULT_WORDS.items():
        words[result] = Message(said)
    for cards in (c.dungeon, c.items, c.skills, c.lost):
        for card in cards:
            words[card.name] = named(card)
    for card in c.dungeon:
        for row in card.tiers:
            english = f"{row.power}+{row.coloured}" + (f" ({row.colour})" if row.colour else "")
            words[english] = conditioned(row)
    return words


def card_texts(game: SusumukaModoruka, view: dict[str, Any]) -> list[tuple[str, str]]:
    """The dungeon cards the view shows (your hand, the card in battle), row by row."""
    ids = []
    seat = view["seat"]
    if seat is not None:
        ids += view["players"][seat].get("hand", [])
    if view["battle"] is not None:
        ids.append(view["battle"]["card"])
    out = []
    for card_id in dict.fromkeys(ids):
        card = _dungeon(game, card_id)
        rows = []
        for row in card.tiers:
            if row.colour:
                power = _(
                    "{power} + {coloured} {colour}",
                    power=row.power,
                    coloured=row.coloured,
                    colour=_colour(row.colour),
                )
            else:
                power = str(row.power)
            rows.append(_("from depth {depth}: {power}", depth=row.depth, power=power))
        out.append(
            (
                named(card).text(),
                _(
                    "{kind}, difficulty {difficulty} (steps it moves you); power {rows} "
                    "(a coloured number counts unless an item or skill nullifies it)",
                    kind=kind_word(card.kind),
                    difficulty=card.difficulty,
                    rows=_("; ").join(rows),
                ),
            )
        )
    return out
