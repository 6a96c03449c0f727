"""The games that ship with rulebook, one package each (found through entry points).

``rulebook.games()`` is the protocol's list of game classes, but importing any game sets the
attribute ``rulebook.games`` to this package; so the package itself is callable and gives the
same list, and ``rulebook.games()`` works whichever of the two the name holds.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any


class _CallablePackage(ModuleType):
    def __call__(self) -> list[Any]:
        from rulebook.engine.game import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
