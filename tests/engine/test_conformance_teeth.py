"""The harness has teeth: a leaking view, event, decision shape or a shallow clone fails it."""

from __future__ import annotations

import pytest

from rulebook.engine.conformance import ConformanceError, check
from tests.engine.toy import Config, Toy


def test_an_honest_game_that_keeps_its_reads_passes() -> None:
    """Reads kept as play goes (``State.kept_reads``), as a restored copy rebuilds them."""
    report = check(Toy(Config(kept_reads=True)), games=30, seed=3)
    assert report.continued > 0 and report.permuted_worlds > 0


def test_an_honest_game_passes_at_every_player_count() -> None:
    report = check(Toy(Config()), games=60, seed=3)
    assert report.player_counts == (2, 3)
    assert report.games == 120 and report.after_action_checks > 0
    assert report.permuted_worlds > 0 and report.redeterminize_changed > 0
    assert report.continued > 0


@pytest.mark.parametrize(
    ("switch", "message"),
    [
        ("leak_view", "what seat 0 can see|cards it cannot see"),
        ("leak_shape", "shape of play"),
        ("leak_event", "event text"),
        (
            "leak_setup",
            "setup's narration tells (seat .|the spectator) apart cards it cannot see: seed",
        ),
        ("crash", r"seed \d+, decision \d+\): the game raised ValueError: list.remove"),
        ("shallow_clone", "clone"),
        ("undeclared", "keeps bonus_taken outside its declared FIELDS"),
        ("transient_read", "a restored save made at decision .* carried on"),
        ("clone_forgets", "clone"),
        ("peek_reads", r"hidden_reads\(.\) (changes when cards it cannot see|read cards)"),
        ("false_reads", "certain read the state breaks"),
        ("narrated_reads", r"restored save .* gives hidden_reads\(.\) otherwise"),
    ],
)
def test_each_broken_promise_is_caught(switch: str, message: str) -> None:
    switches = {switch: True, "kept_reads": switch == "narrated_reads"}
    with pytest.raises(ConformanceError, match=message):
        check(Toy(Config(**switches)), games=60, seed=3)


def test_a_move_falsely_declared_seen_by_every_seat_fails() -> None:
    """``Game.seen_by_all`` is checked: Player 2's card laid face down, declared seen, reads
    the same to Player 1 whichever card it was, so a search reading ``moves_seen`` would
    learn it. The honest declaration passes."""
    from tests.engine.hide import Config as HideConfig
    from tests.engine.hide import Hide

    assert check(Hide(HideConfig()), games=20, seed=1).games == 20
    with pytest.raises(ConformanceError, match=r"declared seen by every seat \(seen_by_all\)"):
        check(Hide(HideConfig(seen="leaky")), games=20, seed=1)
