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

from rulebook.games.ribbon_of_bone.cards import ABILITIES, ABILITY_TITLES, ABILITY_WORDS
from rulebook.games.ribbon_of_bone.endings import ENDING_TITLES, reason_said
from rulebook.games.ribbon_of_bone.game import LORD_WORD, RibbonOfBone
from rulebook.i18n import N_, Message, Name, _, msg

# the view's words (English) as the reader's
READINGS = {
    "complete": N_("complete"),
    "positive": N_("positive"),
    "neutral": N_("neutral"),
    "negative": N_("negative"),
}
ALIGNMENTS = {"The Wrath": N_("The Wrath"), "The Favour": N_("The Favour")}
BASIC_ATTACK = N_("basic attack")


def _ability(word: str) -> str:
    """An ability the view names ("loss"), in the reader's words."""
    return _(ABILITY_WORDS[ABILITIES.index(word)]) if word in ABILITIES else _(word)


def _title(word: str) -> str:
    """An ability the view names, as a title ("Loss")."""
    return _(ABILITY_TITLES[ABILITIES.index(word)]) if word in ABILITIES else _(word)


def _icon(word: str) -> str:
    """A bound icon the view names: the Lord icon or an ability."""
    return _(LORD_WORD) if word == "Lord" else _ability(word)


def _name(name: str) -> str:
    """A name from the content (a card, a Lord, a court card's side) as the reader reads it."""
    return Name(name).text()


def _word(words: dict[str, str], key: str) -> str:
    return _(words[key]) if key in words else key


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
    names = [_name(n) for n in game.lord_names]
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
    title = _("The court — turn {turn}, roll {roll}", turn=view["turn"], roll=view["roll"] or "-")
    court = Table(title=title, title_justify="left")
    court.add_column("")
    court.add_column(_("card"))
    court.add_column(_("shows"))
    court.add_column(_("tokens"), justify="right")
    for number, card in enumerate(view["court"], start=1):
        court.add_row(
            "◆" if card["here"] else str(number),
            escape(_name(card["showing"])),
            escape(_name(card["icon"]) if card["side"] == "lord" else _title(card["icon"])),
            "●" * card["tokens"],
        )
    decks = _(", ").join(f"{escape(_name(k))} {v}" for k, v in view["decks"].items())
    status = "\n".join(
        (
            _(
                "Health [bold]{health}[/] · {alignment}",
                health=max(view["health"], 0),
                alignment=_word(ALIGNMENTS, view["alignment"]),
            ),
            _(
                "Memory tokens: {sheet} on your sheet, {bag} in the bag",
                sheet=view["sheet_tokens"],
                bag=view["bag"],
            ),
            _("Decks: {decks}", decks=decks),
        )
    )
    attunement = "\n".join(
        f"{escape(_name(lord))}: {_word(READINGS, reading)}"
        for lord, reading in view["attunement"].items()
    )
    tracker_panel = Panel(f"{_triangle(view, game)}\n\n{attunement}", title=_("Attunement"))
    constituents = Table(title=_("Constituency"), title_justify="left")
    constituents.add_column(_("Marquis"))
    constituents.add_column(_("Lord"))
    constituents.add_column(_("abilities (rolls 1-3)"))
    for card in view["constituency"]:
        constituents.add_row(
            escape(_name(card["name"])),
            escape(_name(card["lord"])),
            _(", ").join(_ability(a) for a in card["abilities"]) or _("(identity: worth 2)"),
        )
    parts: list[RenderableType] = [
        Columns([court, tracker_panel, _notebook(view, game)]),
        status,
        constituents,
    ]
    sealed = _sealed(game, view)
    if sealed:
        parts.insert(1, sealed)
    if view["combat"]:
        parts.append(_combat(view["combat"]))
    on_offer = _on_offer(view, game)
    if on_offer:
        parts.append(on_offer)
    if view["happened"]:
        happened = "\n".join(escape(t) for t in view["happened"])
        parts.append(Panel(happened, title=_("What happened")))
    return Group(*parts)


def _notebook(view: dict[str, Any], game: RibbonOfBone) -> RenderableType:
    note = view["notebook"]
    comma = _(", ")
    memories = comma.join(_ability(m) for m in note["memories"]) or "—"
    if note["crossed_out"]:
        spent = comma.join(_ability(m) for m in note["crossed_out"])
        memories += "  " + _("(spent: {memories})", memories=spent)
    opponents = (
        comma.join(f"{_name(o['name'])} {max(o['health'], 0)}" for o in note["opponents"]) or "—"
    )
    scenes = comma.join(_scene(game, s) for s in note["scenes"])
    health = " ".join(str(max(h, 0)) for h in note["health"][-14:])
    text = "\n".join(
        (
            _("[bold]NAME[/] {name}", name=escape(_name(note["name"]))),
            _("[bold]MEMORIES[/] {memories}", memories=memories),
            _("[bold]SCENES[/] {scenes}", scenes=escape(scenes) or "—"),
            _("[bold]OPPONENTS[/] {opponents}", opponents=escape(opponents)),
            _("[bold]HEALTH[/] {health}", health=health),
        )
    )
    return Panel(text, title=_("Notebook"), width=48)


def _scene(game: RibbonOfBone, scene: str) -> str:
    said = game.scene_words.get(scene, scene)
    return said.text() if isinstance(said, Message) else said


def _combat(combat: dict[str, Any]) -> RenderableType:
    title = _("Combat")
    if combat["rogue"]:
        title = _("Combat — rogue identity {card}", card=_name(combat["rogue"]))
    table = Table(title=title, title_justify="left")
    for column in (N_("Marquis"), N_("health"), N_("abilities"), N_("bound"), N_("predicted")):
        table.add_column(_(column))
    comma = _(", ")
    for foe in combat["foes"]:
        predicted = foe.get("predicted")
        table.add_row(
            escape(_name(foe["name"])),
            str(max(foe["health"], 0)),
            comma.join(_ability(a) for a in foe["abilities"]),
            comma.join(_icon(b) for b in foe["bound"]) or "—",
            _ability(predicted) if predicted else "—",
        )
    party = comma.join(_name(c) for c in combat["party"]) or "—"
    binder = _name(combat["binder"]) if combat["binder"] else "—"
    return Group(
        table, _("Party: {party} · binder: {binder}", party=escape(party), binder=escape(binder))
    )


def render_summary(game: RibbonOfBone, summary: dict[str, Any]) -> RenderableType:
    ending = _word(ENDING_TITLES, summary["ending"])
    detail = escape(reason_said(summary["detail"]).text())
    lines = [_("[bold]{ending}[/]: {detail}", ending=ending, detail=detail)]
    if summary["imprison"]:
        sealed = _names(game, summary["imprison"])
        lines.append(_("Sealed in the imprisonment envelope: {cards}", cards=sealed))
    if summary["release"]:
        lines.append(_("Freed from the envelope: {cards}", cards=_names(game, summary["release"])))
    if summary["unleash"]:
        lines.append(_("Unleashed: unused identities now roam the Marquis decks."))
    return Panel("\n".join(lines), title=_("The end"))


def _sealed(game: RibbonOfBone, view: dict[str, Any]) -> str:
    """At the start: the Marquis an earlier death sealed away (the profile's envelope)."""
    if view["turn"] > 1 or not game.config.imprisoned:
        return ""
    return _(
        "[bold]Sealed in the imprisonment envelope[/] by a death in an earlier game: {cards} (out "
        "of this game's Marquis decks; an escape can free them)",
        cards=_names(game, list(game.config.imprisoned)),
    )


def _names(game: RibbonOfBone, ids: list[str]) -> str:
    """Card ids (as the profile keeps them) by the names on the cards."""
    fighters = game.content.fighters
    return _(", ").join(escape(_name(fighters[game.content.card(i)].name)) for i in ids)


def _on_offer(view: dict[str, Any], game: RibbonOfBone) -> str:
    if view.get("offer"):
        offer, text = _offer(view, game)
        return _("[bold]On offer[/] {offer}: {text}", offer=escape(offer), text=escape(text))
    if view.get("thought"):
        code = view["thought"]
        thought = next((t for t in game.content.thoughts if t.code == code), None)
        text = _name(thought.text) if thought is not None else view["thought_text"]
        return _("[bold]Thought[/] {code}: {text}", code=escape(code), text=escape(text))
    return ""


def _offer(view: dict[str, Any], game: RibbonOfBone) -> tuple[str, str]:
    """The decision on offer and what it does, in the reader's words (the view's English)."""
    if view["offer"] == "V decision":
        heal = game.config.v_heal
        if view["alignment"] == "The Wrath":
            text = _("heal up to {count} points, or flip back to The Favour", count=heal)
        else:
            text = _("heal up to {count} points", count=heal)
        return _("V decision"), text
    decision = next((d for d in game.content.decisions if d.code == view["offer"]), None)
    if decision is None:
        return view["offer"], view["offer_text"]
    said = msg(
        "{text} (writes {ability} in your Memories)",
        text=Name(decision.text),
        ability=Message(ABILITY_TITLES[decision.icon]),
    )
    return decision.code, said.text()


# --------------------------------------------------------------------------- compact
def _short_lords(game: RibbonOfBone) -> tuple[str, ...]:
    """The Lords' names without a word they all share ("Lord Cinder" -> "Cinder")."""
    names = game.lord_names
    words = [n.split(" ", 1) for n in names]
    if all(len(w) == 2 for w in words) and len({w[0] for w in words}) == 1:
        short = tuple(w[1] for w in words)
        if len(set(short)) == 3:
            return tuple(_name(n) for n in short)
    return tuple(_name(n) for n in names)


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
            shows = _name(card["icon"])
        else:
            shows = _("{ability} ({lord})", ability=_title(card["icon"]), lord=short[card["lord"]])
        court.add_row(
            "◆" if card["here"] else str(number),
            escape(_name(card["showing"])),
            escape(shows),
            "●" * card["tokens"],
        )
    return court


def _compact_status(view: dict[str, Any], game: RibbonOfBone) -> str:
    if view["roll"]:
        event: str = view["event"]  # a word of EVENTS (extracted there), not a literal here
        roll = _("rolled {roll}, {event}", roll=view["roll"], event=_(event))
    else:
        roll = _("no roll yet")
    scenario = view["scenario"]
    values = dict(
        turn=view["turn"],
        health=max(view["health"], 0),
        full=game.config.max_health,
        alignment=_word(ALIGNMENTS, view["alignment"]),
        bag=view["bag"],
        notebook=_compact_notebook(view),
    )
    if view["combat"]:  # one line: the fight needs the room
        return _(
            "[bold]Turn {turn}[/] · Combat (■ bound) · Health [bold]{health}[/]/{full} · "
            "{alignment} · Bag {bag} · {notebook}",
            **values,
        )
    return _(
        "[bold]Turn {turn}[/] · {roll} · Health [bold]{health}[/]/{full} · {alignment} · "
        "Constituency {value}/{goal}\nMemory tokens: {bag} in the bag, {sheet} on your sheet · "
        "{notebook}",
        roll=roll,
        value=scenario["constituency_value"],
        goal=scenario["goal"],
        sheet=view["sheet_tokens"],
        **values,
    )


def _compact_notebook(view: dict[str, Any]) -> str:
    note = view["notebook"]
    comma = _(", ")
    memories = comma.join(_title(m) for m in note["memories"]) or "—"
    if note["crossed_out"]:
        spent = comma.join(_title(m) for m in note["crossed_out"])
        memories += " " + _("(spent: {memories})", memories=spent)
    return _("[bold]Memories[/] {memories}", memories=escape(memories))


def _compact_constituency(view: dict[str, Any], game: RibbonOfBone) -> str:
    short = dict(zip(game.lord_names, _short_lords(game), strict=True))
    cards = []
    for c in view["constituency"]:
        values = dict(card=escape(_name(c["name"])), lord=escape(short[c["lord"]]))
        if c["identity"]:
            cards.append(_("{card} ({lord}, worth 2)", **values))
        else:
            cards.append(_("{card} ({lord})", **values))
    return _("[bold]Constituents[/] {cards}", cards=_(", ").join(cards) or "—")


def _rolls(abilities: list[str]) -> str:
    return " ".join(f"{i}:{_title(a)}" for i, a in enumerate(abilities, start=1))


def _compact_combat(combat: dict[str, Any], view: dict[str, Any], game: RibbonOfBone) -> list[str]:
    """The fight: each opposing Marquis (■ a bound icon) and your party, one line each."""
    short = dict(zip(game.lord_names, _short_lords(game), strict=True))
    lines = []
    for foe in combat["foes"]:
        bound = set(foe["bound"])
        icons = []
        for i, ability in enumerate(foe["abilities"], start=1):
            mark = "■" if ability in bound else ""
            icons.append(f"{i}:{_title(ability)}{mark}")
        lord = _(LORD_WORD)
        icons.append(f"{lord}■" if "Lord" in bound else lord)
        predicted = foe.get("predicted")
        if predicted and predicted != "basic attack":
            predicted = _title(predicted)
        elif predicted:
            predicted = _(BASIC_ATTACK)
        values = dict(
            card=escape(_name(foe["name"])),
            lord=escape(short[foe["lord"]]),
            health=max(foe["health"], 0),
            icons=" ".join(icons),
        )
        if predicted:
            said = _(
                "[bold red]{card}[/] ({lord}) {health} health · {icons} · will use "
                "[bold]{ability}[/]",
                ability=escape(predicted),
                **values,
            )
        else:
            said = _("[bold red]{card}[/] ({lord}) {health} health · {icons}", **values)
        lines.append(said)
    rolled = {a["card"]: a["roll"] for a in combat["action"]}
    by_name = {c["name"]: c for c in view["constituency"]}
    for name in combat["party"]:
        card = by_name.get(name)
        abilities = _rolls(card["abilities"]) if card else ""
        values = dict(card=escape(_name(name)), abilities=abilities)
        if name == combat["binder"]:
            said = _("{card}: {abilities} · binder", **values)
        elif name in rolled:
            said = _("{card}: {abilities} · rolled {roll}", roll=rolled[name], **values)
        else:
            said = _("{card}: {abilities}", **values)
        lines.append("  " + said)
    if not combat["party"]:
        lines.append("  " + _("choosing your party (■: a bound icon)"))
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
            rogue = _("A rogue identity: {card}", card=escape(_name(combat["rogue"])))
            parts.append(f"[bold]{rogue}[/]")
        parts.extend(_compact_combat(combat, view, game))
    else:
        parts.append(_compact_constituency(view, game))
    on_offer = _on_offer(view, game)
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
