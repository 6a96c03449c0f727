"""How Solo Bound Female looks at the terminal: the values, the character and scenario cards,
both sides' cards in play with their orientation at a glance (| reset, — triggered, ↻ ignored),
durations and diamond counters, aptitude and inaptitude, the hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulebook.games.solo_bound_female.game import SoloBoundFemale
from rulebook.i18n import N_, Message, Name, _, msg, n_

MARK = {"reset": "[green]|[/]", "triggered": "[yellow]—[/]", "ignored": "[red]↻[/]"}


# the view's English words as the reader's
STEPS = {
    "opposing turn": N_("opposing turn"),
    "begin step": N_("begin step"),
    "initial step": N_("initial step"),
    "clean-up step": N_("clean-up step"),
    "end turn": N_("end turn"),
}
TYPES = {
    "bondage": N_("bondage"),
    "action": N_("action"),
    "trouble": N_("trouble"),
    "supernatural": N_("supernatural"),
    "person": N_("person"),
    "character": N_("character"),
    "scenario": N_("scenario"),
    "proxy": N_("proxy"),
    "move": N_("move"),
    "stationary": N_("stationary"),
    "immediate": N_("immediate"),
    "persistent": N_("persistent"),
}
MODES = {
    "basic": N_("basic"),
    "standard": N_("standard"),
    "cooperative": N_("cooperative"),
    "solo": N_("solo"),
}
NOTES = {
    "must be used this turn": N_("must be used this turn"),
    "played in clean-up: no trigger this turn": N_("played in clean-up: no trigger this turn"),
}
PROMPTS = {
    "initial": N_("Initial step: play, use, trigger"),
    "clean-up": N_("Clean-up step: play, use, aptitude"),
    "scenario": N_("Play a card of your hand or keep it"),
}
ORGASM = {"forced": N_("Forced Orgasm"), "denial": N_("Orgasm Denial"), "normal": N_("no effect")}
# a card's orientation (the terminal draws it as a mark, the browser names it)
ORIENTATIONS = {"reset": N_("reset"), "triggered": N_("triggered"), "ignored": N_("ignored")}


def view_words(game: SoloBoundFemale) -> dict[str, object]:
    """The English words a view holds as values and how a reader words each (the browser's
    client shows values through them): steps, modes, orientations, notes, each card type
    of the content with its mode, a supernatural card's diamonds once active, and every
    card's text (the card file's words, as the terminal shows them). Content only, never a
    game's state: the same table for every seat, whatever is hidden from it."""
    words: dict[str, object] = {}
    for table in (STEPS, TYPES, MODES, NOTES, ORGASM, ORIENTATIONS):
        words.update({english: Message(said) for english, said in table.items()})
    for card in game.types:
        if card.mode:
            said = msg("{type} ({mode})", type=_typed(card.type), mode=_typed(card.mode))
            words[f"{card.type} ({card.mode})"] = said
        for marks in range(card.times + 1):
            words[f"{marks}/{card.times} active"] = msg(
                "{count} active", count=f"{marks}/{card.times}"
            )
        if card.text:
            words[card.text] = Name(card.text)
    return words


def _typed(kind: str) -> object:
    return Message(TYPES[kind]) if kind in TYPES else kind


def _word(words: dict[str, str], key: str) -> str:
    return str(Message(words[key])) if key in words else key


def _type(kind: str) -> str:
    """A card's type as the view writes it ("bondage (move)"), in the reader's words."""
    if " (" in kind:
        base, mode = kind.rstrip(")").split(" (", 1)
        return _("{type} ({mode})", type=_word(TYPES, base), mode=_word(TYPES, mode))
    return _word(TYPES, kind)


def _role(game: Any, role: str) -> str:
    """A seat the view names in English ("Player 2"), as the reader names it."""
    for seat in range(2):
        if game.role(seat) == role:
            return str(game.role_words(seat))
    return role


def _name(text: str) -> str:
    return escape(Name(text).text())


def _prompt(game: Any, view: dict[str, Any]) -> str:
    decision = view["decision"]
    kind = decision["kind"]
    if kind == "discard":
        count = decision.get("count", 1)
        return n_("Discard {count} card", "Discard {count} cards", count)
    if kind == "choose":
        return _("Choose a card in play")
    if kind == "clean-up" and game.mode == "cooperative":
        return _("Clean-up step (in any order)")
    if kind == "initial" and any(
        item["orientation"] == "reset" and item["type"].startswith("bondage")
        for item in view["in_play"]
    ):  # SB-22: why "End the initial step" is not offered
        return _("Initial step: play, use, trigger; it can end once no bondage card is reset")
    return _word(PROMPTS, kind) if kind in PROMPTS else str(decision.get("prompt", kind))


def _card_line(item: dict[str, Any]) -> str:
    bits = [f"{MARK[item['orientation']]} [bold]{_name(item['name'])}[/]"]
    bits.append(f"[dim]{escape(_type(item['type']))}[/]")
    if "visibility" in item:
        bits.append(_("eye {count}", count=item["visibility"]))
    if "duration" in item:
        bits.append(_("clock {count}", count=item["duration"]))
    if "counters" in item:
        bits.append(_counters(item["counters"]))
    if "note" in item:
        bits.append(f"[italic]{escape(_word(NOTES, item['note']))}[/]")
    return " · ".join(bits)


def _counters(counters: str) -> str:
    """Diamond counters as the view writes them ("2/3", "3/3 active")."""
    if counters.endswith(" active"):
        return _("diamonds {count} active", count=counters.removesuffix(" active"))
    return _("diamonds {count}", count=counters)


def _legend(items: list[dict[str, Any]], short: bool = False) -> str:
    """What the mark before a card in play says: the way the card is turned (the whole
    table and the short screen both say it); then, in the same style, what the numbers
    after the cards shown say (a person's eye, a duration's clock, a supernatural card's
    diamonds), each only when one is shown: the rulebook's icons, in no other place."""
    marks = " · ".join(f"{MARK[k]} [dim]{escape(_word(ORIENTATIONS, k))}[/]" for k in ORIENTATIONS)
    numbers = []  # each word as the cards show it before their number ("eye 3": "eye")
    if any("visibility" in i for i in items):
        shown, said = _("eye"), _("a person triggers once your visibility passes it")
        numbers.append(f"{escape(shown)} [dim]{escape(said)}[/]")
    if any("duration" in i for i in items):
        shown, said = _("clock"), _("turns left in play")
        numbers.append(f"{escape(shown)} [dim]{escape(said)}[/]")
    if any("counters" in i for i in items):
        shown = "◆" if short else _("diamonds")
        said = _("times its condition was met, of those needed")
        numbers.append(f"{escape(shown)} [dim]{escape(said)}[/]")
    return "\n".join([marks, " · ".join(numbers)] if numbers else [marks])


def _shown(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every card the table shows with its marks and numbers."""
    scenario = view["scenario"]
    items = [view["character"], *(scenario if isinstance(scenario, list) else [scenario])]
    items += view["in_play"] + view["opposition"] + view["resolving"]
    other = view.get("other")
    if other:
        items += other["in_play"] + other.get("opposition", [])
    return items


def _cards(title: str, items: list[dict[str, Any]]) -> RenderableType:
    body = "\n".join(_card_line(i) for i in items) or f"[dim]{escape(_('none'))}[/]"
    return Panel(body, title=title, title_align="left")


def hands(
    game: Any, view: dict[str, Any], show: Callable[[Any, str, list[Any]], Any], scenario: str
) -> list[Any]:
    """The hands this seat may see, shown by ``show``, and the sizes of those it may not (in
    a two-player game the other character's hand is a count)."""
    out: list[Any] = []
    seat = view.get("seat")
    mine = "acting" not in view or (seat is not None and game.role(seat) == view["acting"])
    if "hand" in view:
        out.append(show(game, _("Your hand ({count})", count=len(view["hand"])), view["hand"]))
    if "hand" not in view or not mine:
        who = (
            _("{player}'s hand", player=_role(game, view["acting"]))
            if "acting" in view
            else _("Hand")
        )
        cards = n_("{count} card", "{count} cards", view["hand_size"])
        out.append(f"[bold]{escape(who)}[/]{escape(_(': '))}{escape(cards)}")
    if "scenario_hand" in view:
        out.append(show(game, scenario, view["scenario_hand"]))
    elif "scenario_hand_size" in view:
        count = view["scenario_hand_size"]
        out.append(escape(n_("Scenario hand: {count} card", "Scenario hand: {count} cards", count)))
    return out


def _values(view: dict[str, Any]) -> list[str]:
    """The values, in the order both tables show them."""
    apt, inapt = view["aptitude"], view["inaptitude"]
    cleanup = view["step"] == "clean-up step"  # SB-25: one aptitude card a turn, here
    stimulation = _(
        "Stimulation {count}/{score}", count=view["stimulation"], score=view["stimulation_score"]
    )
    return [
        f"[bold]{escape(_('Turn {turn}', turn=view['turn']))}[/] · "
        + escape(_word(STEPS, view["step"])),
        escape(
            _(
                "Progress {count}/{goal} to go",
                count=view["progress"],
                goal=view["progress_goal"],
            )
        ),
        escape(_("Visibility {count}/10", count=view["visibility"])),
        escape(stimulation) + (f" [red]{escape(_('(denied)'))}[/]" if view["denied"] else ""),
        escape(
            _(
                "Vitality {count}/{most}",
                count=max(view["vitality"], 0),
                most=view["vitality_max"],
            )
        ),
        escape(_("On orgasm: {rule}", rule=_word(ORGASM, view["orgasm"]))),
        escape(_("Aptitude {ready}/{count} ready", ready=apt["ready"], count=apt["count"]))
        + (escape(_(" (one played this turn)")) if apt["played_this_turn"] and cleanup else ""),
        escape(_("Inaptitude {ready}/{count} ready", ready=inapt["ready"], count=inapt["count"])),
        escape(
            _(
                "Decks: character {deck} · scenario {scenario}",
                deck=view["deck"],
                scenario=view["scenario_deck"],
            )
        ),
    ]


def _acting(game: Any, view: dict[str, Any]) -> str:
    table = _("{player}'s table", player=_role(game, view["acting"]))
    mode = _("({mode} game)", mode=_word(MODES, view["mode"]))
    return f"[bold]{escape(table)}[/] {escape(mode)}"


def render(game: SoloBoundFemale, view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = []
    values = Table.grid(padding=(0, 2))
    shown = _values(view)
    values.add_row(*shown[0:3])
    values.add_row(*shown[3:6])
    values.add_row(*shown[6:9])
    parts.append(values)
    if "acting" in view:
        parts.append(_acting(game, view))
    scenario = view["scenario"]
    scenarios = scenario if isinstance(scenario, list) else [scenario]
    parts.append(_cards(_("Character and scenario"), [view["character"], *scenarios]))
    parts.append(_cards(_("Cards in play"), view["in_play"]))
    parts.append(_cards(_("The scenario's cards in play"), view["opposition"]))
    parts.append(_legend(_shown(view)))
    if view["resolving"]:
        parts.append(_cards(_("Resolving"), view["resolving"]))
    if view.get("revealed"):
        parts.append(escape(_("Last revealed: {card}", card=Name(view["revealed"]).text())))
    if view["skip_turns"]:
        skip = _("Player Turns to skip: {count}", count=view["skip_turns"])
        parts.append(f"[red]{escape(skip)}[/]")
    if "other" in view:
        parts.append(_other(game, view["other"]))
    if view.get("out"):
        out = _("Out: {players}", players=_(", ").join(_role(game, r) for r in view["out"]))
        parts.append(f"[red]{escape(out)}[/]")
    parts += hands(game, view, _hand, _("Your scenario hand (the deck you run)"))
    if view["decision"] is not None:
        parts.append(f"[bold]{escape(_prompt(game, view))}[/]")
    return Group(*parts)


# a card's numbers as the hand shows them: in full, and short
NUMBERS = (
    ("cost", N_("cost {count}"), N_("cost {count}")),
    ("visibility_cost", N_("visibility cost {count}"), N_("vis. cost {count}")),
    ("stimulation", N_("stimulation {count}"), N_("stim. {count}")),
    ("visibility", N_("visibility {count}"), N_("vis. {count}")),
    ("progress", N_("progress {count}"), N_("progress {count}")),
    ("duration", N_("clock {count}"), N_("clock {count}")),
    ("competence", N_("competence {count}"), N_("comp. {count}")),
    ("incompetence", N_("incompetence {count}"), N_("incomp. {count}")),
)


def _numbers(card: Any, short: bool) -> list[str]:
    return [
        _(brief if short else full, count=getattr(card, field))
        for field, full, brief in NUMBERS
        if getattr(card, field)
    ]


def _card_type(card: Any) -> str:
    return _type(f"{card.type} ({card.mode})" if card.mode else card.type)


def _hand(game: SoloBoundFemale, title: str, ids: list[str]) -> RenderableType:
    """A hand, one card a line with what it costs and does: what a player decides on."""
    cards = {c.id: c for c in game.types}
    lines = []
    for cid in ids:
        card = cards[cid]
        bits = [f"[bold]{_name(card.name)}[/]", f"[dim]{escape(_card_type(card))}[/]"]
        bits += [escape(b) for b in _numbers(card, short=False)]
        text = f" — {_name(card.text)}" if card.text else ""
        lines.append(" · ".join(bits) + text)
    return Panel(
        "\n".join(lines) or f"[dim]{escape(_('empty'))}[/]", title=title, title_align="left"
    )


def _other(game: Any, board: dict[str, Any]) -> RenderableType:
    """The character who is not acting now (Standard, Cooperative), in a few lines."""
    lines = [
        f"[bold]{_name(board['character']['name'])}[/] · "
        + escape(
            _(
                "stimulation {count}/{score} · vitality {vitality}/{most} · hand {hand} · deck "
                "{deck} · aptitude {aptitude}",
                count=board["stimulation"],
                score=board["stimulation_score"],
                vitality=max(board["vitality"], 0),
                most=board["vitality_max"],
                hand=board["hand_size"],
                deck=board["deck"],
                aptitude=board["aptitude"],
            )
        )
    ]
    if "progress" in board:
        lines.append(
            f"{_name(board['scenario']['name'])}{escape(_(': '))}"
            + escape(
                _(
                    "progress {count}/{goal} to go · visibility {visibility}/10 · scenario deck "
                    "{deck} · inaptitude {inaptitude}",
                    count=board["progress"],
                    goal=board["progress_goal"],
                    visibility=board["visibility"],
                    deck=board["scenario_deck"],
                    inaptitude=board["inaptitude"],
                )
            )
        )
    lines += [_card_line(i) for i in board["in_play"]]
    lines += [_card_line(i) for i in board.get("opposition", [])]
    return Panel("\n".join(lines), title=escape(_role(game, board["player"])), title_align="left")


def render_summary(game: SoloBoundFemale, view: dict[str, Any]) -> RenderableType:
    """The end's figures. The result itself is the line printed under it (the terminal and
    ``replay`` say every game's outcome once), so the box does not say it again."""
    s = view.get("summary") or {}
    lines = [
        escape(
            _(
                "Turns: {turns} · progress left: {progress} · vitality: {vitality}",
                turns=s.get("turns"),
                progress=s.get("progress_left"),
                vitality=max(s.get("vitality") or 0, 0),
            )
        ),
        escape(
            _(
                "Orgasms: {orgasms} · denied: {denied} · person cards triggered: {persons}",
                orgasms=s.get("orgasms"),
                denied=s.get("denied_orgasms"),
                persons=s.get("persons_triggered"),
            )
        ),
    ]
    return Panel("\n".join(lines), title=escape(_(game.title)))


# --------------------------------------------------------------------------- compact
def _short_card(game: SoloBoundFemale, cid: str) -> str:
    """A card in hand by name and numbers (its text: the c key, or ? N)."""
    card = next(c for c in game.types if c.id == cid)
    bits = _numbers(card, short=True)
    return _name(card.name) + (
        escape(_(" ({numbers})", numbers=_(", ").join(bits))) if bits else ""
    )


def _short_line(item: dict[str, Any]) -> str:
    bits = [f"{MARK[item['orientation']]}{_name(item['name'])}"]
    if "visibility" in item:
        bits.append(_("eye {count}", count=item["visibility"]))
    if "duration" in item:
        bits.append(_("clock {count}", count=item["duration"]))
    if "counters" in item:
        counters = item["counters"]  # "2/3", or "3/3 active": as the whole table words it
        if counters.endswith(" active"):
            counters = _("{count} active", count=counters.removesuffix(" active"))
        bits.append(f"◆ {counters}")
    return " ".join(bits)


def _hand_line(game: SoloBoundFemale, title: str, ids: list[str]) -> str:
    counts: dict[str, int] = {}
    for cid in ids:
        counts[cid] = counts.get(cid, 0) + 1
    cards = [_short_card(game, c) + (f" ×{n}" if n > 1 else "") for c, n in counts.items()]
    return f"[bold]{escape(title)}[/]{escape(_(': '))}" + (_(", ").join(cards) or _("empty"))


def compact(game: SoloBoundFemale, view: dict[str, Any]) -> RenderableType:
    """The table for an 80×24 screen: the values in two lines, the decision, the hands by
    name and numbers, the cards in play by name with their marks and a line saying what the
    marks mean (| reset, — triggered, ↻ ignored), and the other player's board in a line or
    two; each card's text on request."""
    shown = _values(view)
    lines = [" · ".join(shown[:5]), " · ".join(shown[5:])]
    if "acting" in view:
        lines.append(_acting(game, view))
    if view["decision"] is not None:
        lines.append(f"[bold]{escape(_prompt(game, view))}[/]")
    lines += hands(game, view, _hand_line, _("Your scenario hand"))
    scenario = view["scenario"]
    scenarios = scenario if isinstance(scenario, list) else [scenario]
    lines.append(
        escape(_("Character:"))
        + " "
        + _short_line(view["character"])
        + " · "
        + escape(_("Scenario:"))
        + " "
        + _(", ").join(_short_line(x) for x in scenarios)
    )
    for title, items in (
        (N_("In play"), view["in_play"]),
        (N_("Scenario's cards"), view["opposition"]),
        (N_("Resolving"), view["resolving"]),
    ):
        if items or title == "In play":
            said = _("; ").join(_short_line(i) for i in items) or escape(_("none"))
            lines.append(escape(str(Message(title))) + escape(_(": ")) + said)
    lines.append(_legend(_shown(view), short=True))  # the marks and numbers above (t: all)
    if view.get("revealed"):
        lines.append(escape(_("Last revealed: {card}", card=Name(view["revealed"]).text())))
    if view["skip_turns"]:
        skip = _("Player Turns to skip: {count}", count=view["skip_turns"])
        lines.append(f"[red]{escape(skip)}[/]")
    if "other" in view:
        lines.append(_other_line(game, view["other"]))
    if view.get("out"):
        out = _("Out: {players}", players=_(", ").join(_role(game, r) for r in view["out"]))
        lines.append(f"[red]{escape(out)}[/]")
    return Text.from_markup("\n".join(lines))


def _other_line(game: Any, board: dict[str, Any]) -> str:
    """The character who is not acting now, in a line or two."""
    line = (
        f"[bold]{escape(_role(game, board['player']))}[/]{escape(_(': '))}"
        f"{_name(board['character']['name'])} · "
        + escape(
            _(
                "stim. {count}/{score} · vitality {vitality}/{most} · hand {hand}",
                count=board["stimulation"],
                score=board["stimulation_score"],
                vitality=max(board["vitality"], 0),
                most=board["vitality_max"],
                hand=board["hand_size"],
            )
        )
    )
    if "progress" in board:
        line += f" · {_name(board['scenario']['name'])}{escape(_(': '))}" + escape(
            _(
                "progress {count}/{goal} · visibility {visibility}/10",
                count=board["progress"],
                goal=board["progress_goal"],
                visibility=board["visibility"],
            )
        )
    cards = [_short_line(i) for i in board["in_play"] + board.get("opposition", [])]
    return line + (
        " · " + escape(_("in play: {cards}", cards="")) + _("; ").join(cards) if cards else ""
    )


def card_texts(game: SoloBoundFemale, view: dict[str, Any]) -> list[tuple[str, str]]:
    """Every card the view shows, with its full text."""
    shown: list[dict[str, Any]] = [view["character"]]
    scenario = view["scenario"]
    shown += scenario if isinstance(scenario, list) else [scenario]
    shown += view["in_play"] + view["opposition"] + view["resolving"]
    other = view.get("other")
    if other:
        shown += [other["character"], *other["in_play"], *other.get("opposition", [])]
        if "scenario" in other:
            shown.append(other["scenario"])
    out = [
        (Name(i["name"]).text(), Name(i["text"]).text() if i.get("text") else _type(i["type"]))
        for i in shown
    ]
    cards = {c.id: c for c in game.types}
    for cid in [*view.get("hand", []), *view.get("scenario_hand", [])]:
        card = cards[cid]
        text = _(", ").join([_card_type(card), *_numbers(card, short=True)])
        if card.text:
            text = _("{numbers}. {text}", numbers=text, text=Name(card.text).text())
        out.append((Name(card.name).text(), text))
    return out
