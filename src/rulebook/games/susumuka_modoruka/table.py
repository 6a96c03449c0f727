"""How Susumuka & Modoruka looks at the terminal table: the board (every player's depth, flag,
trophy, HP at a glance), the card in battle, the latest battle and the seat's own hand."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulebook.games.susumuka_modoruka.game import SusumukaModoruka


def _names(game: SusumukaModoruka, ids: list[str]) -> list[str]:
    names = game.content.names()
    return [escape(names[i]) for i in ids]


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
        return "outside"
    return f"{p['depth']} ↑ returning" if p["returning"] else str(p["depth"])


def _outcomes(game: SusumukaModoruka, view: dict[str, Any], battle: dict[str, Any]) -> str:
    """What a roll needs and where a win, a defeat or a flight leaves the fighter."""
    p = view["players"][view["decision"]["seat"]]
    bonus = int(battle["against"].rsplit("+", 1)[1])
    need = battle["power"] + 1 - bonus
    if need > 6:
        chance = "No roll of 1D6 can win"
    elif need <= 1:
        chance = "Any roll wins"
    elif need == 6:
        chance = "Only a 6 wins"
    else:
        chance = f"A roll of {need} or more wins"
    depth, steps = p["depth"], battle["difficulty"]
    if p["returning"]:
        won = max(0, depth - steps - _bonus(game, p, "retreat"))
        win = "escape" if won == 0 else f"back up to depth {won}"
        flee = f"down to depth {depth + steps}"
    else:
        win = f"down to depth {depth + steps}"
        back = max(0, depth - steps)
        flee = "stay outside" if depth == 0 else f"back to depth {back}" if back else "back outside"
    loss = max(0, battle["power"] - _bonus(game, p, "armor"))
    return f"{chance} · win: {win} · lose: -{loss} HP · flee: {flee}"


def board(game: SusumukaModoruka, view: dict[str, Any]) -> RenderableType:
    """Every player at a glance; items and skills in lines below the table, so no name is
    cut short at 80 columns."""
    seat = view["seat"]
    table = Table(title="The dungeon", title_justify="left")
    for column in ("player", "depth", "flag", "trophy", "HP", "power", "hand"):
        table.add_column(column, justify="right" if column in ("depth", "HP") else "left")
    kept = []
    for s, p in enumerate(view["players"]):
        name = escape(p["name"]) + (" (you)" if s == seat else "")
        if view["decision"] and view["decision"]["seat"] == s:
            name = f"[bold]▶ {name}[/]"
        table.add_row(
            f"{name} [dim]{escape(p['colour'])}[/]",
            _depth(p),
            "—" if p["flag"] is None else f"⚑ {p['flag']}",
            "—" if p["trophy"] is None else f"🏆 {p['trophy']}",
            f"{p['hp']}/{p['max_hp']}",
            p["power"],
            str(p["count"]),
        )
        items, skills = ", ".join(_names(game, p["items"])), ", ".join(_names(game, p["skills"]))
        if items or skills:
            bits = ([f"items {items}"] if items else []) + ([f"skills {skills}"] if skills else [])
            kept.append(f"{escape(p['name'])}: " + "; ".join(bits))
    return Group(table, *kept)


def heading(view: dict[str, Any]) -> str:
    """The turn and who decides what (inside the dungeon a turn can only advance)."""
    decision = view["decision"]
    head = f"[bold]Turn {min(view['turns_passed'] + 1, view['turns'])} of {view['turns']}[/]"
    if decision is not None:
        prompt = decision.get("prompt", "")
        if decision["kind"] == "turn" and view["players"][decision["seat"]]["depth"]:
            prompt = "Advance (inside the dungeon there is nothing else)"
        head += f" · {escape(decision['role'])}: {escape(prompt)}"
    return head


def supplies(game: SusumukaModoruka, view: dict[str, Any]) -> list[str]:
    """The decks, the lost property and the last battle: one line each, full table or compact."""
    decks = " · ".join(f"{k.title()} {v}" for k, v in view["item_decks"].items())
    lines = [f"Dungeon deck {view['deck']} (discard {len(view['discard'])}) · Items: {decks}"]
    if view["lost_property"]:
        lost = "; ".join(
            f"{escape(k)}: " + ", ".join(_names(game, v)) for k, v in view["lost_property"].items()
        )
        lines.append(f"Lost property: {lost}")
    last = view["last_battle"]
    if last is not None:
        name = escape(game.content.names()[last["card"]])
        if last["result"] == "fled":
            lines.append(f"Last battle: {escape(last['player'])} fled from {name}.")
        else:
            lines.append(
                f"Last battle: {escape(last['player'])} rolled {last['roll']} (power "
                f"{last['power']}) against {name} ({last['card_power']}): {last['result']}."
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
        parts.append(
            Panel(
                f"{escape(battle['name'])} ({escape(battle['name_ja'])}), {battle['kind']}\n"
                f"Difficulty {battle['difficulty']} · clear condition {escape(battle['condition'])}"
                f" = {battle['power']} · {escape(decision['role'])}: {battle['against']}"
                " (strictly more wins)\n" + _outcomes(game, view, battle),
                title="In battle",
            )
        )
    seat = view["seat"]
    if seat is not None and "hand" in view["players"][seat]:
        hand = view["players"][seat]["hand"]
        lines = []
        depth = view["players"][seat]["depth"]
        nullified = _nullified(game, view["players"][seat])
        for card_id in hand:
            card = next(c for c in game.content.dungeon if c.id == card_id)
            row = card.tier(depth)
            colour = f" ({row.colour})" if row.colour else ""
            power = row.power + (0 if row.colour in nullified else row.coloured)
            lines.append(
                f"{escape(card.name)}: difficulty {card.difficulty}, "
                f"{row.power}+{row.coloured}{colour} = {power} at your depth"
            )
        parts.append(Panel("\n".join(lines) or "(empty)", title="Your hand"))
    return Group(*parts)


def render_summary(game: SusumukaModoruka, view: dict[str, Any]) -> RenderableType:
    """The final board: trophies decide (who won is the table's outcome line)."""
    return board(game, view)


# --------------------------------------------------------------------------- compact
def _player_line(game: SusumukaModoruka, view: dict[str, Any], s: int) -> str:
    """One player in one line (wrapped whole words, never cut): where, what, how strong."""
    p = view["players"][s]
    you = ", you" if s == view["seat"] else ""
    mark = "▶ " if view["decision"] and view["decision"]["seat"] == s else "  "
    bits = [f"{mark}[bold]{escape(p['name'])}[/] ({escape(p['colour'])}{you}): "]
    bits[0] += "outside" if p["depth"] == 0 else f"depth {_depth(p)}"
    if p["flag"] is not None:
        bits.append(f"flag {p['flag']}")
    if p["trophy"] is not None:
        bits.append(f"trophy {p['trophy']}")
    bits.append(f"HP {p['hp']}/{p['max_hp']}")
    bits.append(f"power {p['power']}")
    bits.append(f"{p['count']} in hand")
    kept = _names(game, p["items"]) + _names(game, p["skills"])
    if kept:
        bits.append(", ".join(kept))
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
        lines.append(
            f"[bold]In battle[/]: {escape(battle['name'])}, {battle['kind']}, difficulty "
            f"{battle['difficulty']}, {escape(battle['condition'])} = {battle['power']} vs "
            f"{escape(decision['role'])}'s {battle['against']} (strictly more wins)"
        )
        lines.append("  " + _outcomes(game, view, battle))
    seat = view["seat"]
    if seat is not None and "hand" in view["players"][seat]:
        depth = view["players"][seat]["depth"]
        nullified = _nullified(game, view["players"][seat])
        cards = []
        for card_id in view["players"][seat]["hand"]:
            card = next(c for c in game.content.dungeon if c.id == card_id)
            row = card.tier(depth)
            power = row.power + (0 if row.colour in nullified else row.coloured)
            cards.append(f"{escape(card.name)} (difficulty {card.difficulty}, power {power})")
        lines.append("Your hand: " + (", ".join(cards) or "empty"))
    return Text.from_markup("\n".join(lines))


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
        card = next(c for c in game.content.dungeon if c.id == card_id)
        rows = []
        for row in card.tiers:
            colour = f" + {row.coloured} {row.colour}" if row.colour else ""
            rows.append(f"from depth {row.depth}: {row.power}{colour}")
        out.append(
            (
                card.name,
                f"{card.kind}, difficulty {card.difficulty} (steps it moves you); power "
                + "; ".join(rows)
                + " (a coloured number counts unless an item or skill nullifies it)",
            )
        )
    return out
