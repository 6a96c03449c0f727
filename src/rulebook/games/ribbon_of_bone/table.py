"""How Ribbon of Bone looks at the terminal table: the court loop beside the notebook."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

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


def render(game: RibbonOfBone, view: dict[str, Any]) -> RenderableType:
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
        f"Health [bold]{view['health']}[/] · {view['alignment']}\n"
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
    if view["combat"]:
        parts.append(_combat(view["combat"]))
    return Group(*parts)


def _notebook(view: dict[str, Any]) -> RenderableType:
    note = view["notebook"]
    memories = ", ".join(note["memories"]) or "—"
    if note["crossed_out"]:
        memories += "  (spent: " + ", ".join(note["crossed_out"]) + ")"
    opponents = ", ".join(f"{o['name']} {o['health']}" for o in note["opponents"]) or "—"
    text = (
        f"[bold]NAME[/] {escape(note['name'])}\n[bold]MEMORIES[/] {memories}\n"
        f"[bold]SCENES[/] {escape(', '.join(note['scenes'])) or '—'}\n"
        f"[bold]OPPONENTS[/] {escape(opponents)}\n"
        f"[bold]HEALTH[/] {' '.join(str(h) for h in note['health'][-14:])}"
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
            str(foe["health"]),
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
        lines.append("Sealed in the imprisonment envelope: " + ", ".join(summary["imprison"]))
    if summary["release"]:
        lines.append("Freed from the envelope: " + ", ".join(summary["release"]))
    if summary["unleash"]:
        lines.append("Unleashed: unused identities now roam the Marquis decks.")
    return Panel("\n".join(lines), title="The end")
