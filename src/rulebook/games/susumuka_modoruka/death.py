"""Death (SM-28..SM-31): at 0 HP or less a player puts every item in the lost-property area and
shuffles their lost-property card into the dungeon deck; whoever draws it takes those items
(``Components.recover``). A11: the dead player starts again outside at full HP."""

from __future__ import annotations

from rulebook.games.susumuka_modoruka.components import Components
from rulebook.games.susumuka_modoruka.game import player
from rulebook.i18n import msgn


class Death(Components):
    __slots__ = ()

    def die(self, seat: int) -> None:
        g = self.game
        dropped = self.items[seat]
        self.lost = tuple(
            (*pile, *dropped) if s == seat else pile for s, pile in enumerate(self.lost)
        )
        self.items = tuple(() if s == seat else mine for s, mine in enumerate(self.items))
        card = g.lost_base + seat
        shuffled = card in self.aside  # else still in the deck from an earlier death (A12)
        if shuffled:
            self.aside = tuple(c for c in self.aside if c != card)
            self.deck.insert(self.below(len(self.deck) + 1), card)
        self.deaths[seat] += 1
        self.depth[seat] = self.flag[seat] = self.dive[seat] = 0
        if not g.config.death_keeps_trophy:
            self.trophy[seat] = 0
        self.hp[seat] = self.max_hp(seat)
        if self.log is not None and not shuffled:
            self.narrate(
                msgn(
                    "{player} dies: {count} item goes to the lost-property area; their "
                    "lost-property card is still in the dungeon deck. They start again outside "
                    "at full HP.",
                    "{player} dies: {count} items go to the lost-property area; their "
                    "lost-property card is still in the dungeon deck. They start again outside "
                    "at full HP.",
                    len(dropped),
                    player=player(seat),
                )
            )
        elif self.log is not None:
            self.narrate(
                msgn(
                    "{player} dies: {count} item go to the lost-property area, and their "
                    "lost-property card is shuffled into the dungeon deck. They start again "
                    "outside at full HP.",
                    "{player} dies: {count} items go to the lost-property area, and their "
                    "lost-property card is shuffled into the dungeon deck. They start again "
                    "outside at full HP.",
                    len(dropped),
                    player=player(seat),
                )
            )
