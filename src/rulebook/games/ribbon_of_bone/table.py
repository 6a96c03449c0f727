"""How Ribbon of Bone looks at the terminal table: the court loop beside the attunement
tracker and the notebook; below 100 columns a compact layout that fits an 80x24 terminal with
the choices under it."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulebook.games.ribbon_of_bone.game import RibbonOfBone

# (row, column) of each tracker position in a small drawing, Lord 0 at the top
_SPOTS = {
    4: (0, 12),
    1: (1, 12),
    7: (2, 7),
    9: (2, 17),
    0: (3, 12),
    2: (4, 9),
    3: (4, 15),
    5: (5, 4),
    8: (5, 12),
    6: (5, 20),
}


def _triangle(view: dict[str, Any], game: RibbonOfBone) -> str:
    grid = [[" "] * 25 for _ in range(6)]
    here = view["tracker_position"]
    for pos, (row, col) in _SPOTS.items():
        grid[row][col] = "◉" if pos == here else "·"
    names = game.lord_names
    lines = [
        f"{escape(names[0]):^25}",
        *("".join(r) for r in grid),
        f"{escape(names[1])}  ·  {escape(names[2])}",
    ]
    return "\n".join(lines)


COMPACT_BELOW = 100  # columns: below this the table takes the compact layout
COMPACT_LINES = 17  # an 80x24 terminal less the choices (about six) and the prompt


def render(game: RibbonOfBone, view: dict[str, Any]) -> RenderableType:
    """The table, laid out for the console's width when it is printed."""
    return _Table(game, view)


class _Table:
    """Chooses its layout from the width it is given: below ``COMPACT_BELOW`` columns the
    compact one, which keeps the court, the tracker and what just happened in about
    ``COMPACT_LINES`` lines."""

    def __init__(self, game: RibbonOfBone, view: dict[str, Any]) -> None:
        self.game, self.view = game, view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width < COMPACT_BELOW:
            yield from compact(self.game, self.view, console, options)
        else:
            yield wide(self.game, self.view)


def wide(game: RibbonOfBone, view: dict[str, Any]) -> RenderableType:
    court = Table(
        title=f"The court — turn {view['turn']}, roll {view['roll'] or '-'}", title_justify="left"
    )
    court.add_column("")
    court.add_column("card")
    court.add_column("shows")
    court.add_column("tokens", justify="right")
    for number, card in enumerate(view["court"], start=1):
        court.add_row(
            "◆" if card["here"] else str(number),
            escape(card["showing"]),
            escape(card["icon"] if card["side"] == "lord" else card["icon"].capitalize()),
            "●" * card["tokens"],
        )
    status = (
        f"Health [bold]{max(view['health'], 0)}[/] · {view['alignment']}\n"
        f"Memory tokens: {view['sheet_tokens']} on your sheet, {view['bag']} in the bag\n"
        f"Decks: " + ", ".join(f"{escape(k)} {v}" for k, v in view["decks"].items())
    )
    attunement = "\n".join(
        f"{escape(lord)}: {reading}" for lord, reading in view["attunement"].items()
    )
    tracker_panel = Panel(f"{_triangle(view, game)}\n\n{attunement}", title="Attunement")
    constituents = Table(title="Constituency", title_justify="left")
    constituents.add_column("Marquis")
    constituents.add_column("Lord")
    constituents.add_column("abilities (rolls 1-3)")
    for card in view["constituency"]:
        constituents.add_row(
            escape(card["name"]),
            escape(card["lord"]),
            ", ".join(card["abilities"]) or "(identity: worth 2)",
        )
    parts: list[RenderableType] = [
        Columns([court, tracker_panel, _notebook(view)]),
        status,
        constituents,
    ]
    sealed = _sealed(game, view)
    if sealed:
        parts.insert(1, sealed)
    if view["combat"]:
        parts.append(_combat(view["combat"]))
    on_offer = _on_offer(view)
    if on_offer:
        parts.append(on_offer)
    if view["happened"]:
        parts.append(Panel("\n".join(escape(t) for t in view["happened"]), title="What happened"))
    return Group(*parts)


def _notebook(view: dict[str, Any]) -> RenderableType:
    note = view["notebook"]
    memories = ", ".join(note["memories"]) or "—"
    if note["crossed_out"]:
        memories += "  (spent: " + ", ".join(note["crossed_out"]) + ")"
    opponents = ", ".join(f"{o['name']} {max(o['health'], 0)}" for o in note["opponents"]) or "—"
    text = (
        f"[bold]NAME[/] {escape(note['name'])}\n[bold]MEMORIES[/] {memories}\n"
        f"[bold]SCENES[/] {escape(', '.join(note['scenes'])) or '—'}\n"
        f"[bold]OPPONENTS[/] {escape(opponents)}\n"
        f"[bold]HEALTH[/] {' '.join(str(max(h, 0)) for h in note['health'][-14:])}"
    )
    return Panel(text, title="Notebook", width=48)


def _combat(combat: dict[str, Any]) -> RenderableType:
    table = Table(
        title="Combat" + (f" — rogue identity {combat['rogue']}" if combat["rogue"] else ""),
        title_justify="left",
    )
    for column in ("Marquis", "health", "abilities", "bound", "predicted"):
        table.add_column(column)
    for foe in combat["foes"]:
        table.add_row(
            escape(foe["name"]),
            str(max(foe["health"], 0)),
            ", ".join(foe["abilities"]),
            ", ".join(foe["bound"]) or "—",
            foe.get("predicted", "—"),
        )
    party = ", ".join(combat["party"]) or "—"
    binder = combat["binder"] or "—"
    return Group(table, f"Party: {escape(party)} · binder: {escape(binder)}")


def render_summary(game: RibbonOfBone, summary: dict[str, Any]) -> RenderableType:
    lines = [f"[bold]{summary['ending'].capitalize()}[/]: {escape(summary['detail'])}"]
    if summary["imprison"]:
        sealed = _names(game, summary["imprison"])
        lines.append("Sealed in the imprisonment envelope: " + sealed)
    if summary["release"]:
        lines.append("Freed from the envelope: " + _names(game, summary["release"]))
    if summary["unleash"]:
        lines.append("Unleashed: unused identities now roam the Marquis decks.")
    return Panel("\n".join(lines), title="The end")


def _sealed(game: RibbonOfBone, view: dict[str, Any]) -> str:
    """At the start: the Marquis an earlier death sealed away (the profile's envelope)."""
    if view["turn"] > 1 or not game.config.imprisoned:
        return ""
    return (
        "[bold]Sealed in the imprisonment envelope[/] by a death in an earlier game: "
        + _names(game, list(game.config.imprisoned))
        + " (out of this game's Marquis decks; an escape can free them)"
    )


def _names(game: RibbonOfBone, ids: list[str]) -> str:
    """Card ids (as the profile keeps them) by the names on the cards."""
    fighters = game.content.fighters
    return ", ".join(escape(fighters[game.content.card(i)].name) for i in ids)


def _on_offer(view: dict[str, Any]) -> str:
    if view.get("offer"):
        return f"[bold]On offer[/] {escape(view['offer'])}: {escape(view['offer_text'])}"
    if view.get("thought"):
        return f"[bold]Thought[/] {escape(view['thought'])}: {escape(view['thought_text'])}"
    return ""


# --------------------------------------------------------------------------- compact
def _short_lords(game: RibbonOfBone) -> tuple[str, ...]:
    """The Lords' names without a word they all share ("Lord Cinder" -> "Cinder")."""
    names = game.lord_names
    words = [n.split(" ", 1) for n in names]
    if all(len(w) == 2 for w in words) and len({w[0] for w in words}) == 1:
        short = tuple(w[1] for w in words)
        if len(set(short)) == 3:
            return short
    return names


# (row, column) of each tracker position in the compact drawing (Lord 0 at the top)
_SMALL = {4: (0, 6), 1: (1, 6), 7: (2, 3), 9: (2, 9), 0: (3, 6), 2: (4, 4), 3: (4, 8)}
_SMALL.update({5: (5, 0), 8: (5, 6), 6: (5, 12)})


def _small_triangle(view: dict[str, Any], game: RibbonOfBone) -> Text:
    """The attunement triangle in six lines, with each Lord's reading beside its name."""
    short = _short_lords(game)
    readings = list(view["attunement"].values())
    signs = {"complete": "++", "positive": "+", "neutral": "", "negative": "−"}
    label = [f"{short[i]}{signs.get(readings[i], '')}" for i in range(3)]
    pad = len(label[1]) + 1
    grid = [[" "] * 13 for _ in range(6)]
    here = view["tracker_position"]
    for pos, (row, col) in _SMALL.items():
        grid[row][col] = "◉" if pos == here else "·"
    lines = ["".join(r) for r in grid]
    lines[0] = lines[0].rstrip() + " " + label[0]
    out = [" " * pad + line for line in lines]
    out[5] = f"{label[1]} {lines[5]} {label[2]}"
    text = Text("\n".join(out))
    text.highlight_regex("◉", "bold")
    return text


def _compact_court(view: dict[str, Any], game: RibbonOfBone) -> Table:
    short = dict(zip(game.lord_names, _short_lords(game), strict=True))
    court = Table(box=None, padding=(0, 1, 0, 0), show_header=False, pad_edge=False)
    court.add_column(no_wrap=True)
    court.add_column(no_wrap=True, overflow="ellipsis", max_width=22)
    court.add_column(no_wrap=True, overflow="ellipsis")
    court.add_column(no_wrap=True)
    for number, card in enumerate(view["court"], start=1):
        if card["side"] == "lord":
            shows = card["icon"]
        else:
            shows = f"{card['icon'].capitalize()} ({short[card['lord']]})"
        court.add_row(
            "◆" if card["here"] else str(number),
            escape(card["showing"]),
            escape(shows),
            "●" * card["tokens"],
        )
    return court


def _compact_status(view: dict[str, Any], game: RibbonOfBone) -> str:
    roll = f"rolled {view['roll']}, {view['event']}" if view["roll"] else "no roll yet"
    scenario = view["scenario"]
    if view["combat"]:  # one line: the fight needs the room
        return (
            f"[bold]Turn {view['turn']}[/] · Combat (■ bound) · "
            f"Health [bold]{max(view['health'], 0)}[/]"
            f"/{game.config.max_health} · {view['alignment']} · "
            f"Bag {view['bag']} · " + _compact_notebook(view)
        )
    return (
        f"[bold]Turn {view['turn']}[/] · {roll} · Health [bold]{max(view['health'], 0)}[/]"
        f"/{game.config.max_health} · {view['alignment']} · "
        f"Constituency {scenario['constituency_value']}/{scenario['goal']}\n"
        f"Memory tokens: {view['bag']} in the bag, {view['sheet_tokens']} on your sheet · "
        + _compact_notebook(view)
    )


def _compact_notebook(view: dict[str, Any]) -> str:
    note = view["notebook"]
    memories = ", ".join(m.capitalize() for m in note["memories"]) or "—"
    if note["crossed_out"]:
        memories += " (spent: " + ", ".join(m.capitalize() for m in note["crossed_out"]) + ")"
    return f"[bold]Memories[/] {escape(memories)}"


def _compact_constituency(view: dict[str, Any], game: RibbonOfBone) -> str:
    short = dict(zip(game.lord_names, _short_lords(game), strict=True))
    cards = [
        f"{escape(c['name'])} ({escape(short[c['lord']])}"
        + (", worth 2)" if c["identity"] else ")")
        for c in view["constituency"]
    ]
    return "[bold]Constituents[/] " + (", ".join(cards) or "—")


def _rolls(abilities: list[str]) -> str:
    return " ".join(f"{i}:{a.capitalize()}" for i, a in enumerate(abilities, start=1))


def _compact_combat(combat: dict[str, Any], view: dict[str, Any], game: RibbonOfBone) -> list[str]:
    """The fight: each opposing Marquis (■ a bound icon) and your party, one line each."""
    short = dict(zip(game.lord_names, _short_lords(game), strict=True))
    lines = []
    for foe in combat["foes"]:
        bound = set(foe["bound"])
        icons = []
        for i, ability in enumerate(foe["abilities"], start=1):
            mark = "■" if ability in bound else ""
            icons.append(f"{i}:{ability.capitalize()}{mark}")
        icons.append("Lord■" if "Lord" in bound else "Lord")
        predicted = foe.get("predicted")
        if predicted and predicted != "basic attack":
            predicted = predicted.capitalize()
        plan = f" · will use [bold]{escape(predicted)}[/]" if predicted else ""
        lines.append(
            f"[bold red]{escape(foe['name'])}[/] ({escape(short[foe['lord']])}) "
            f"{max(foe['health'], 0)} health · {' '.join(icons)}{plan}"
        )
    rolled = {a["card"]: a["roll"] for a in combat["action"]}
    by_name = {c["name"]: c for c in view["constituency"]}
    for name in combat["party"]:
        card = by_name.get(name)
        role = ""
        if name == combat["binder"]:
            role = " · binder"
        elif name in rolled:
            role = f" · rolled {rolled[name]}"
        abilities = _rolls(card["abilities"]) if card else ""
        lines.append(f"  {escape(name)}: {abilities}{role}")
    if not combat["party"]:
        lines.append("  choosing your party (■: a bound icon)")
    return lines


def compact(
    game: RibbonOfBone, view: dict[str, Any], console: Console, options: ConsoleOptions
) -> RenderResult:
    """The compact table: status, court and tracker side by side, the fight or the
    constituency, the notebook, then as much of what just happened as the lines allow."""
    width = options.max_width
    top = Table.grid(padding=(0, 2))
    top.add_column()
    top.add_column()
    top.add_row(_compact_court(view, game), _small_triangle(view, game))
    parts: list[RenderableType] = [_compact_status(view, game), top]
    sealed = _sealed(game, view)
    if sealed:
        parts.append(sealed)
    combat = view["combat"]
    if combat:
        if combat["rogue"]:
            parts.append(f"[bold]A rogue identity: {escape(combat['rogue'])}[/]")
        parts.extend(_compact_combat(combat, view, game))
    else:
        parts.append(_compact_constituency(view, game))
    on_offer = _on_offer(view)
    if on_offer:
        parts.append(on_offer)
    fixed = Group(*parts)
    used = len(console.render_lines(fixed, options.update(width=width), pad=False))
    yield fixed
    happened = view["happened"]
    room = max(COMPACT_LINES - used, 2)
    if not happened:
        return
    shown: list[str] = []
    lines = 0
    for text in reversed(happened):
        need = len(console.render_lines(Text("· " + text), options.update(width=width)))
        if lines + need > room:
            break
        shown.insert(0, text)
        lines += need
    if not shown:  # the latest line alone is too long: one line of it
        yield Text("· " + happened[-1], no_wrap=True, overflow="ellipsis")
        return
    for text in shown:
        yield Text("· " + text, style="dim" if text is not happened[-1] else "")
