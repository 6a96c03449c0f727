"""The escape's rewards by the flag's depth (SM-26: 5 Bronze, 10 Silver, 20 Gold, 25 Platinum),
the flag against the trophy (SM-27), the escape-help items (A13: Escape Wing, Return Crystal)
and death inside the dungeon (SM-28, A11). A designer's card file (the reference cards plus
power-0 'shafts' of any Difficulty and a Difficulty-30 'rope' home) reaches any depth in one
scripted battle; everything else goes through the public protocol."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulebook.games.susumuka_modoruka as package
from rulebook.engine.state import State
from tests.games.susumuka_modoruka.helpers import ADVANCE, act, battle, me, start, texts

DEPTHS = (4, 5, 9, 10, 19, 20, 24, 25)
TIER_TOPS = {"bronze": ["clay-charm"], "silver": ["iron-sword"], "gold": ["escape-wing"]}
TIER_TOPS["platinum"] = ["return-crystal"]


def _card(card_id: str, difficulty: int) -> str:
    return (
        f'\n[[dungeon]]\nid = "{card_id}"\nname = "{card_id.title()}"\nname_ja = "たて穴"\n'
        f'kind = "trap"\ndifficulty = {difficulty}\ntiers = [{{depth = 0, power = 0}}]\n'
    )


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> str:
    text = Path(package.__file__).with_name("cards.toml").read_text(encoding="utf-8")
    text += "".join(_card(f"shaft-{d}", d) for d in DEPTHS) + _card("ledge", 5)
    text += "".join(_card(rope, 30) for rope in ("rope", "rope-2", "rope-3"))
    path = tmp_path_factory.mktemp("sm") / "cards.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def dive_and_escape(cards: str, depth: int, then: tuple[str, ...] = (), **config: object) -> State:
    """Player 1 wins shaft-<depth> (roll 1 beats power 0), declares, and wins the rope home;
    Player 2 flees a Slime meanwhile and is to move, to meet a Bat Swarm; ``then`` follows."""
    dungeon = [f"shaft-{depth}", "slime", "rope", "bat-swarm", *then]
    state = start(dungeon=dungeon, dice=[1] * 6, items=TIER_TOPS, cards=cards, **config)
    act(state, ADVANCE)
    battle(state, declare=True)
    assert me(state)["depth"] == depth and me(state)["flag"] == depth
    act(state, ADVANCE)
    battle(state, fight=False)  # Player 2 flees outside: stays outside
    act(state, ADVANCE)
    battle(state)
    return state


@pytest.mark.parametrize(
    ("depth", "item"),
    [
        (4, None),
        (5, "clay-charm"),
        (9, "clay-charm"),
        (10, "iron-sword"),
        (19, "iron-sword"),
        (20, "escape-wing"),
        (24, "escape-wing"),
        (25, "return-crystal"),
    ],
)
def test_sm26_sm27_escape_draws_one_item_by_the_flags_depth(
    cards: str, depth: int, item: str | None
) -> None:
    """5 Bronze, 10 Silver, 20 Gold, 25 Platinum (A9: one card, from the deepest deck the flag
    reaches); the flag becomes the trophy when there was none."""
    state = dive_and_escape(cards, depth)
    player = me(state)
    assert player["depth"] == 0 and player["flag"] is None and player["trophy"] == depth
    assert player["items"] == ([] if item is None else [item])


def test_sm27_a_deeper_flag_replaces_the_trophy_a_shallower_one_does_not(cards: str) -> None:
    then = ("shaft-10", "mud-doll", "rope-2", "kappa", "ledge", "spike-pit", "rope-3")
    state = dive_and_escape(cards, 5, then=then)
    assert me(state)["trophy"] == 5
    for depth, trophy in ((10, 10), (5, 10)):
        act(state, ADVANCE)
        battle(state, fight=False)  # Player 2
        act(state, ADVANCE)
        battle(state, declare=True)
        act(state, ADVANCE)
        battle(state, fight=False)  # Player 2
        act(state, ADVANCE)
        battle(state)
        player = me(state)
        assert player["depth"] == 0 and player["flag"] is None
        assert player["trophy"] == trophy, f"after escaping with a flag at {depth}"


@pytest.mark.parametrize(("depth", "item"), [(20, "escape-wing"), (25, "return-crystal")])
def test_a13_escape_items_plant_the_flag_and_leave_at_once(
    cards: str, depth: int, item: str
) -> None:
    """Escape Wing (Gold) and Return Crystal (Platinum): used inside on your own turn, they
    plant the flag where you stand (none was declared) and escape at once, drawing by that
    depth; the shallower flag leaves the deeper trophy alone. Outside they are not offered."""
    state = dive_and_escape(cards, depth, then=("shaft-10", "kappa"))
    name = "Use " + {"escape-wing": "Escape Wing", "return-crystal": "Return Crystal"}[item]
    act(state, ADVANCE)
    battle(state, fight=False)  # Player 2
    assert me(state)["items"] == [item]
    assert not [t for t in texts(state) if t.startswith(name)]  # outside: not offered
    act(state, ADVANCE)
    battle(state, declare=False)  # depth 10, no flag
    act(state, ADVANCE)
    battle(state, fight=False)  # Player 2
    assert me(state)["depth"] == 10 and me(state)["flag"] is None
    said = act(state, name)
    view = state.view(1)
    player = view["players"][0]
    assert player["depth"] == 0 and player["flag"] is None and player["trophy"] == depth
    assert player["items"] == ["iron-sword"]  # the flag at 10: one Silver item
    assert view["used_items"] == [item] and state.to_move == 1  # the move is over
    assert f"Player 1 uses {name[4:]}." in said


def test_sm28_a11_death_inside_removes_the_flag_and_brings_nothing_home(cards: str) -> None:
    """Dying at depth 10 with a flag planted: back outside at full HP, no flag, no trophy and
    no item (the flag was never brought home)."""
    dungeon = ["shaft-10", "slime", "orochi"]
    state = start(dungeon=dungeon, dice=[1, 1], items=TIER_TOPS, cards=cards, hp=6)
    act(state, ADVANCE)
    battle(state, declare=True)
    act(state, ADVANCE)
    battle(state, fight=False)
    act(state, ADVANCE)
    act(state, "Fight")  # Orochi's 3+5 at depth 10: 8 HP lost of 6
    player = me(state)
    assert player["deaths"] == 1 and player["hp"] == 6 and player["depth"] == 0
    assert player["flag"] is None and player["trophy"] is None and player["items"] == []
    assert state.to_move == 1


def test_the_escape_says_what_the_item_drawn_does(cards: str) -> None:
    """Issue 17, item 6: the narration of an escape names the item, its deck and its effect."""
    state = start(dungeon=["shaft-10", "slime", "rope"], dice=[1] * 6, items=TIER_TOPS, cards=cards)
    act(state, ADVANCE)
    battle(state, declare=True)
    act(state, ADVANCE)
    battle(state, fight=False)  # Player 2
    act(state, ADVANCE)
    said = act(state, "Fight")
    assert me(state)["items"] == ["iron-sword"]
    assert any("gains Iron Sword (Silver: +2 combat power)." in line for line in said), said
