"""The return declaration and the escape (SM-21..SM-27): after an Advance inside the dungeon a
player may declare their return, planting a flag; reaching depth 0 while returning is an
escape, which draws an item by the flag's depth and may turn the flag into the trophy."""

from __future__ import annotations

from rulebook.games.susumuka_modoruka.cards import described, tier_word
from rulebook.games.susumuka_modoruka.components import Components
from rulebook.games.susumuka_modoruka.game import ITEM_DEPTHS, player
from rulebook.i18n import Listed, msg


class Returning(Components):
    __slots__ = ()

    def options_declare(self, decision: tuple[int, ...]) -> tuple[int, ...]:
        """SM-21: declare the return here, or keep going deeper."""
        return self.game.declare_options

    def on_declare(self, _: int) -> None:
        seat = self.decisions[-1][1]
        self.plant_flag(seat)
        self.end_move(seat)

    def on_carry_on(self, _: int) -> None:
        self.end_move(self.decisions[-1][1])

    def plant_flag(self, seat: int) -> None:
        """SM-22, A7: the flag marks where you stand (or this dive's deepest depth, or the
        whole game's)."""
        at = self.game.config.flag_at
        if at == "current":
            self.flag[seat] = self.depth[seat]
        else:
            self.flag[seat] = self.dive[seat] if at == "deepest" else self.deepest[seat]
        if self.log is not None:
            flag, depth = self.flag[seat], self.depth[seat]
            self.narrate(
                msg(
                    "{player} declares a return and plants a flag at depth {depth}.",
                    player=player(seat),
                    depth=flag,
                )
                if flag == depth
                else msg(  # A7, flag_at=deepest after a flight: the flag shows the deepest
                    "{player} declares a return and plants, at depth {depth}, a flag of "
                    "depth {flag}.",
                    player=player(seat),
                    depth=depth,
                    flag=flag,
                )
            )

    def escape(self, seat: int) -> None:
        """SM-26, SM-27: items by the flag's depth, then the flag may become the trophy."""
        g = self.game
        flag = self.flag[seat]
        reached = [t for t, depth in enumerate(ITEM_DEPTHS) if flag >= depth]
        if reached and g.config.escape_items == "highest":  # A9
            reached = reached[-1:]
        gained = []
        for tier in reached:
            if self.item_decks[tier]:  # A10: an empty deck gives nothing
                gained.append(self.item_decks[tier].pop())
        for item in gained:
            self.gain_item(seat, item)
        if gained:
            self.items = tuple(
                (*mine, *gained) if s == seat else mine for s, mine in enumerate(self.items)
            )
        if flag > self.trophy[seat]:  # SM-27
            self.trophy[seat] = flag
        self.flag[seat] = self.depth[seat] = self.dive[seat] = 0
        if self.log is not None:
            c = g.content
            names = Listed(
                tuple(
                    msg(
                        "{item} ({tier}: {effects})",
                        item=self.item_named(i),
                        tier=tier_word(g.item_tier[i]),
                        effects=described(c.items[g.item_type[i]], c.colours),
                    )
                    for i in gained
                ),
                ", ",
            )
            args = {"player": player(seat), "flag": flag, "trophy": self.trophy[seat]}
            self.narrate(
                msg(
                    "{player} escapes from the dungeon with the flag of depth {flag} and gains "
                    "{items}. Trophy: depth {trophy}.",
                    items=names,
                    **args,
                )
                if gained
                else msg(
                    "{player} escapes from the dungeon with the flag of depth {flag}. "
                    "Trophy: depth {trophy}.",
                    **args,
                )
            )
