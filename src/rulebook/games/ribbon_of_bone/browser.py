"""Ribbon of Bone's view values as a reader words them, for the browser table.

The view is English data (the profile, saved games and tests read it); the browser's client
shows each value through the layout's ``words``, which the server fills per reader from
``view_words``. Every entry comes from the content and the Config, never from a game's state,
so every seat and deal is sent the same table: where a value depends on the state (the V
decision's offer, the end's "sways the court (N)"), each value it can take is listed.
"""

from __future__ import annotations

from rulebook.games.ribbon_of_bone import tracker
from rulebook.games.ribbon_of_bone.cards import ABILITIES, ABILITY_TITLES
from rulebook.games.ribbon_of_bone.endings import _REASONS, ENDING_TITLES, sways
from rulebook.games.ribbon_of_bone.game import EVENTS, LORD_WORD, RibbonOfBone
from rulebook.games.ribbon_of_bone.table import ALIGNMENTS, BASIC_ATTACK, READINGS
from rulebook.i18n import Message, Name, msg


def view_words(game: RibbonOfBone) -> dict[str, object]:
    """The English values a view can hold -> how a reader words each: readings, alignments,
    abilities, the Lord icon, the basic attack, events, tracker positions, Lords, court card
    sides, scenes, the scene or thought on offer and its text, the scenario, the endings."""
    words: dict[str, object] = {}
    for table in (READINGS, ALIGNMENTS, ENDING_TITLES):
        words.update({english: Message(said) for english, said in table.items()})
    # an ability the view names ("loss") as the terminal titles it ("Loss", 喪失): a card's
    # abilities, the court's faces, a foe's bound and predicted ones
    words.update(
        {english: Message(said) for english, said in zip(ABILITIES, ABILITY_TITLES, strict=True)}
    )
    words.update({event: Message(event) for event in EVENTS if event})
    words["Lord"] = Message(LORD_WORD)
    words[BASIC_ATTACK] = Message(BASIC_ATTACK)
    words.update(dict(zip(game.lord_names, game.lord_words, strict=True)))
    for pos in range(len(tracker.COUNTS)):
        words[tracker.describe(pos, game.lord_names)] = tracker.said(pos, game.lord_words)
    for card in game.content.court:
        words.update({side: Name(side) for side in card.sides})
    words.update(game.scene_words)
    words.update(_offers(game))
    words.update(_reasons(game))
    words[game.content.scenario] = Name(game.content.scenario)
    return words


def _offers(game: RibbonOfBone) -> dict[str, object]:
    """What the view's ``offer_text`` and ``thought_text`` can say (``View.observe``)."""
    heal = game.config.v_heal
    words: dict[str, object] = {
        "V decision": msg("V decision"),
        f"heal up to {heal} points": msg("heal up to {count} points", count=heal),
        f"heal up to {heal} points, or flip back to The Favour": msg(
            "heal up to {count} points, or flip back to The Favour", count=heal
        ),
    }
    for decision in game.content.decisions:
        icon = ABILITIES[decision.icon].capitalize()
        english = f"{decision.text} (writes {icon} in your Memories)"
        words[english] = msg(
            "{text} (writes {ability} in your Memories)",
            text=Name(decision.text),
            ability=Message(ABILITY_TITLES[decision.icon]),
        )
    for thought in game.content.thoughts:  # a code as it is (not an id made readable)
        words.update({thought.code: thought.code, thought.text: Name(thought.text)})
    return words


def _reasons(game: RibbonOfBone) -> dict[str, object]:
    """The end's ``detail``: each fixed reason, and each value a constituency can sway by."""
    words: dict[str, object] = dict(_REASONS)
    most = sum(2 if f.identity else 1 for f in game.content.fighters)
    words.update({sways(value).english(): sways(value) for value in range(most + 1)})
    return words
