"""Every text a table shows over seeded random games, as one transcript (a speed change's check).

Run: ``.venv/bin/python benchmarks/transcript.py [--games N] > before.txt``, change the engine
or a game, run it again and ``diff`` the two: the same seeds must give the same games, option
labels, narration (each seat's line and the spectator's, in English and in Japanese) and views.
Options are read three ways (``legal_actions()`` texts, read after the action was applied, as a
lazily worded action must still read as listed; ``option_text`` in English and in Japanese).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator

import rulebook
from rulebook import i18n
from rulebook.engine.random import Rng

# (slug, rule parameters, player counts): every mode of every game, at its usual table sizes
TABLES: tuple[tuple[str, dict[str, str], tuple[int | None, ...]], ...] = (
    ("the-game", {}, (None,)),
    ("ribbon-of-bone", {}, (None,)),
    ("solo-bound-female", {}, (None,)),
    ("solo-bound-female", {"mode": "basic"}, (None,)),
    ("solo-bound-female", {"mode": "standard"}, (None,)),
    ("solo-bound-female", {"mode": "cooperative"}, (None,)),
    ("susumuka-modoruka", {}, (2, 4)),
    ("swing", {}, (2, 4)),
)


def game_lines(
    game: rulebook.Game, seed: int, players: int | None, ja: i18n.Language
) -> Iterator[str]:
    """One seeded random game, played through the public narrated path, as text lines."""
    state = game.new_state(seed=seed, players=players)
    seats: list[int | None] = [*range(state.players), None]
    rng = Rng(seed)
    while state.decisions:
        for seat in seats:
            yield f"view {seat} " + json.dumps(state.view(seat), sort_keys=True, default=str)
        legal = state.legal_ids()
        yield "option_text " + " | ".join(state.option_text(a) for a in legal)
        with i18n.reading(ja):
            yield "option_text ja " + " | ".join(state.option_text(a) for a in legal)
        actions = state.legal_actions()
        action = actions[rng.below(len(actions))]
        events = state.apply(action)
        yield "listed " + " | ".join(f"{a.id}:{a.kind}:{a.args}:{a.text}" for a in actions)
        for event in events:
            for seat in seats:
                yield f"event {seat} {event.for_seat(seat)!r} / {event.read(seat, ja)!r}"
    yield "outcome " + json.dumps(state.outcome().to_json() if state.outcome() else None)
    yield "history " + " ".join(map(str, state.history))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="seeded games per table")
    args = parser.parse_args()
    ja, warning = i18n.load("ja")
    if warning:
        raise SystemExit(warning)
    for slug, config, counts in TABLES:
        game = rulebook.load(slug, **config)
        for players in counts:
            for seed in range(args.games):
                print(f"== {slug} {config} players={players} seed={seed}")
                for line in game_lines(game, seed, players, ja):
                    print(line)


if __name__ == "__main__":
    main()
