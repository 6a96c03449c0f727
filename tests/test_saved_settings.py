"""A save names every rule setting it was played under, and one lacking a setting added since
is refused unless the game says what it then played as (``Game.legacy_config``). The fields
below are each game's settings as saves carried them on 2026-11-27 (before that day's audits):
a setting added after must come with its legacy value, or every older save stops loading."""

from __future__ import annotations

import dataclasses

import pytest

from rulebook.engine.game import game_class

SAVED = {
    "ribbon-of-bone": "attunement_reading binds_per_turn capture_is_victory cards court_memories "
    "court_start death_memories forced_encounter_tokens identity_align_binds imprisoned "
    "lost_opponent max_health max_rounds max_turns memory_tokens name negative_attunement "
    "notebook_reaction opponent_health party_size rogue_attunes rogue_combine simultaneous_ko "
    "starting_health stillness_move unleashed v_heal v_prompt_tokens v_resets_sheet wrath_health",
    "solo-bound-female": "above_ten basic_scenario_out cards character character2 "
    "character_deck character_deck2 competence_from_hand coop_inaptitude coop_start "
    "coop_step_end coop_unpaid deck_out deck_size denial_loss denial_persists denied_on_orgasm "
    "hand_size ignore_ends ignored_duration max_copies max_turns mode orgasm_order "
    "orgasm_progress person_check scenario scenario2 scenario_choices scenario_deck "
    "scenario_deck2 scenario_deck_size scenario_inaptitude standard_loss standard_scenarios "
    "tie_order unused_bondage",
    "susumuka-modoruka": "cards death_keeps_trophy declare_on_entry escape_items first_player "
    "flag_at hand_battle_discards hp score_by ties turn_counts turns",
    "swing": "aftercare_mix block blockers cards decks ending first_top hand_size laundry_cost "
    "max_rounds pleasure_meter removed_host respond_needs_surprise top_draw top_hand untag "
    "untag_from win_by winner",
    "the-game": "asked_player_chooses cards chosen_cost discard_specials draw_before_action "
    "effects_on_draw enforce_hand_limit hand_size max_turns player2_reward "
    "player2_set_destination pleasures_public pleasures_to_win punishments_to_win random_cost "
    "special_replaces_discard spend_points_anytime stop_game_winner theme "
    "used_pleasures_count without",
}


@pytest.mark.parametrize("slug", sorted(SAVED))
def test_every_setting_added_since_saves_were_written_has_its_legacy_value(slug: str) -> None:
    cls = game_class(slug)
    fields = {f.name for f in dataclasses.fields(cls.config_class)}
    added = fields - set(SAVED[slug].split())
    assert added <= set(cls.legacy_config), sorted(added - set(cls.legacy_config))
    assert set(cls.legacy_config) <= fields  # a legacy value names a setting the game has
