"""Issue 17, item 6: skills and items say what they do wherever they are offered: the options
at the table (terminal and browser), `rulebook rules`,
`rulebook cards` and the card texts the browser shows on a tap (``CardRow.text``). One
function, ``describe``, writes every one of these texts from the card's effects (A13)."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.engine.content import card_rows
from rulebook.games.susumuka_modoruka.cards import describe
from tests.cli.helpers import run
from tests.games.susumuka_modoruka.helpers import ADVANCE, act, battle, me, start, texts
from tests.games.susumuka_modoruka.test_rules import FILL, flee, idle_rounds

GAME = rulebook.load("susumuka-modoruka")
CARDS = {c.id: c for c in (*GAME.content.items, *GAME.content.skills)}


@pytest.mark.parametrize(
    ("card", "text"),
    [
        ("leather-gloves", "+1 combat power"),
        ("clay-charm", "nullify brown (brown numbers count as 0)"),
        ("prism-charm", "nullify red and blue (red and blue numbers count as 0)"),
        ("crown-of-light", "nullify every colour (coloured numbers count as 0)"),
        ("wooden-shield", "lose 1 HP less when you lose a battle"),
        ("knotted-rope", "a battle won while returning takes you 1 depth further up"),
        ("medicinal-herb", "one use: heal 5 HP (up to your maximum)"),
        (
            "escape-wing",
            "one use: inside the dungeon, escape at once (planting your flag if you have none)",
        ),
        ("toughness", "+5 maximum HP; cost 3"),
        ("dragon-heart", "+2 combat power; +10 maximum HP; cost 12"),
    ],
)
def test_describe_says_what_each_kind_of_effect_does(card: str, text: str) -> None:
    assert describe(CARDS[card], GAME.content.colours) == text


def test_every_item_and_skill_has_a_text_in_the_card_list() -> None:
    """The card list (``rulebook cards``, the browser's text on a tap) carries each text."""
    rows = {r.id: r for r in card_rows(GAME)}
    for card_id, card in CARDS.items():
        assert rows[card_id].text == describe(card, GAME.content.colours)
        assert "no effect" not in rows[card_id].text
    assert (
        rows["tsuchikappa"].text
        == "difficulty 6; from depth 0: 3+4 (brown); from depth 20: 5+4 (brown)"
    )


def test_offered_skills_say_what_they_do() -> None:
    state = start(dungeon=FILL[:16])
    idle_rounds(state, 4)
    offered = [t for t in texts(state) if t.startswith("Gain skill")]
    assert "Gain skill: Earth Sense (cost 4) — nullify brown (brown numbers count as 0)" in offered
    assert "Gain skill: Toughness (cost 3) — +5 maximum HP" in offered
    assert all(" — " in t for t in offered)


def test_an_offered_item_says_what_it_does() -> None:
    items = {"silver": ["healing-potion"]}
    dungeon = ["ogre", *FILL[:2], "tengu", *FILL[2:4], "will-o-wisp", *FILL[4:6]]
    dungeon += ["collapsing-floor", "goblin", "mud-doll", "orochi", "flooded-hall"]
    state = start(dungeon=dungeon, dice=[6] * 4 + [1], items=items)
    for declare in (False, True, False, False):  # 5, 10 (declare), 5, out with the potion
        act(state, ADVANCE)
        battle(state, declare=declare)
        act(state, "Investigate")
    assert me(state)["items"] == ["healing-potion"]
    act(state, ADVANCE)
    act(state, "Fight")  # Orochi: a loss
    flee(state)  # Player 2
    assert "Use Healing Potion — one use: heal 10 HP (up to your maximum)" in texts(state)


def test_rules_lists_every_skill_and_item_with_what_it_does() -> None:
    code, out, err = run("rules", "susumuka-modoruka")
    assert code == 0, err
    flat = " ".join(out.split())
    for card in CARDS.values():
        assert f"{card.name}" in flat
        assert describe(card, GAME.content.colours) in flat, card.id


def test_cards_lists_every_skill_and_item_with_what_it_does() -> None:
    code, out, err = run("cards", "susumuka-modoruka")
    assert code == 0, err
    flat = " ".join(out.split())
    for words in ("+3 combat power", "nullify every colour", "one use: heal 30 HP"):
        assert words in flat
