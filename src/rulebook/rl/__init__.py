"""Research interfaces: PettingZoo (AEC), Gymnasium (single agent) and OpenSpiel.

Every game gets a fixed action space (its stable action ids, ``game.num_actions``) and a
fixed-length observation per seat derived from its views (``rulebook.rl.encoding``), read
only from ``state.view(seat)`` and ``state.infoset(seat)``. Needs the ``rl`` extra
(``pip install -e '.[rl]'`` in a checkout; ``require`` names the command for this install).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from rulebook.extras import install_hint
from rulebook.i18n import N_, _

MISSING = N_("{module} is not installed: install the rl extra ({command})")


def require(module: str) -> ModuleType:
    """Import an optional dependency, or fail with one line naming the extra."""
    try:
        return import_module(module)
    except ImportError:
        raise ImportError(_(MISSING, module=module, command=install_hint("rl"))) from None
