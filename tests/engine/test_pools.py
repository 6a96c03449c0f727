"""Pools: `{seat}` in a pool name gives each seat's lists a pool of their own, so resampling
never hands one seat's hidden cards to another (a hand and a face-down bid, docs/new-game.md
section 4 plays a whole game of it); on lists with no owner the name is refused."""

from __future__ import annotations

import pytest

from rulebook.engine.errors import DeclarationError
from rulebook.engine.zones import FLAT, NOBODY, OWNER, PER_SEAT, PILES, Zone
from tests.engine.toy import Config, Toy, ToyState


class OwnHands(Toy):
    """The toy with each seat's hand its own pool: a seat's cards stay that seat's."""

    def zones(self) -> tuple[Zone, ...]:
        return (
            Zone("deck", NOBODY),
            Zone("hands", OWNER, PER_SEAT, pool="own{seat}"),
            Zone("table", "everyone", ordered=True),
        )


def _hands(game: Toy, rng: int | None) -> tuple[list[list[int]], list[int]]:
    """Each hand and the deck, sorted: of the game at seed 4, or of a spectator's resample."""
    state = game.new_state(seed=4, players=3)
    world = state if rng is None else state.redeterminize(None, rng)
    assert isinstance(world, ToyState)
    return [sorted(hand) for hand in world.hands], sorted(world.deck)


def test_a_seat_pool_keeps_each_seat_s_hidden_cards_its_own() -> None:
    own = OwnHands(Config())
    dealt = _hands(own, None)
    assert all(_hands(own, rng) == dealt for rng in range(20))  # every hand moves only in itself
    shared = Toy(Config())  # hands and deck one pool: a spectator's worlds deal other hands
    assert sum(_hands(shared, rng) != _hands(shared, None) for rng in range(20)) > 10


@pytest.mark.parametrize(
    "zone",
    [Zone("deck", NOBODY, FLAT, pool="own{seat}"), Zone("deck", NOBODY, PILES, pool="p{seat}")],
)
def test_a_seat_pool_on_lists_nobody_owns_is_refused(zone: Zone) -> None:
    class Unowned(Toy):
        def zones(self) -> tuple[Zone, ...]:
            return (zone, Zone("hands", OWNER, PER_SEAT, pool="deck"))

    with pytest.raises(DeclarationError, match="names \\{seat\\}, but its lists have no owner"):
        Unowned(Config())
