"""One test (or more) per ability of the text, with expected values worked out by hand."""

from __future__ import annotations

import pytest

from duelhost import IllegalAction
from tests.games.tactic.helpers import arena, at, current_at, custom, damage, empty, play

# -- Dash


def test_dash_moves_extra_cells_along_any_path() -> None:
    # Eagle has Dash 1: 1 + 1 = 2 cells per move, turning allowed (up, then diagonally).
    state = arena((0, "Eagle", "B2"))
    play(state, "B2-B3-C4")
    assert not empty(state, "C4") and empty(state, "B2")


def test_dash_limit_and_one_move_per_turn() -> None:
    state = arena((0, "Eagle", "B2"), (0, "Knight", "E2"))
    with pytest.raises(IllegalAction, match="Eagle moves at most 2 cells"):
        play(state, "B2-B3-B4-B5")
    with pytest.raises(IllegalAction, match="Knight moves at most 1 cell"):
        play(state, "E2-E3-E4")
    play(state, "B2-C3")
    with pytest.raises(IllegalAction, match="Eagle has already moved this turn"):
        play(state, "C3-C4")


def test_dash_path_cannot_pass_through_units() -> None:
    state = arena((0, "Eagle", "B2"), (1, "Hydra", "B3"))
    with pytest.raises(IllegalAction, match="B3 is occupied by Hydra on B3"):
        play(state, "B2-B3-B4")


# -- Heal


def test_heal_removes_at_plus_x_from_an_ally() -> None:
    # Cleric AT 1, Heal 1: removes 1 + 1 = 2 of the Knight's 3 counters -> 1 left.
    state = arena((0, "Cleric", "C3"), (0, "Knight", "C4", 3))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1


def test_heal_cannot_overheal() -> None:
    # 1 counter, heal 2: all counters removed, no more (damage 0, not -1).
    state = arena((0, "Cleric", "C3"), (0, "Knight", "C4", 1))
    play(state, "C3>C4")
    assert damage(state, "C4") == 0


def test_heal_damages_enemies_normally() -> None:
    state = arena((0, "Cleric", "C3"), (1, "Hydra", "C4"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1


# -- Range


def test_range_attacks_from_further_away_but_not_over_units() -> None:
    # Eagle Range 1: combat range is 1 + 1 = 2 cells orthogonally.
    state = arena((0, "Eagle", "B2"), (1, "Hydra", "B4"), (1, "Imp", "D2"), (1, "Gorgon", "B7"))
    play(state, "B2>B4")
    assert damage(state, "B4") == 1
    state = arena((0, "Eagle", "B2"), (1, "Hydra", "B4"), (1, "Imp", "B3"))
    with pytest.raises(IllegalAction, match="B4 is not in Eagle's combat range"):
        play(state, "B2>B4")
    state = arena((0, "Eagle", "B2"), (1, "Hydra", "B5"))
    with pytest.raises(IllegalAction, match="B5 is not in Eagle's combat range"):
        play(state, "B2>B5")


# -- Armor


def test_armor_reduces_damage_from_adjacent_attackers_only() -> None:
    # Bear AT 2 next to the Striker (Armor 1): 2 - 1 = 1.
    state = arena((0, "Bear", "C3"), (1, "Striker", "C4"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1
    # Eagle AT 1 from two cells away is not adjacent: the full 1.
    state = arena((0, "Eagle", "C2"), (1, "Striker", "C4"))
    play(state, "C2>C4")
    assert damage(state, "C4") == 1
    # Knight AT 1 adjacent: 1 - 1 = 0.
    state = arena((0, "Knight", "C3"), (1, "Striker", "C4"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 0


# -- Fireball


def test_fireball_deals_one_to_an_adjacent_unit_once_per_turn_without_caching() -> None:
    state = arena((0, "Imp", "C3"), (1, "Hydra", "D4"), (1, "Gorgon", "C4"))
    play(state, "C3 fireball D4")  # diagonal is adjacent
    assert damage(state, "D4") == 1
    with pytest.raises(IllegalAction, match="Imp has already used Fireball this turn"):
        play(state, "C3 fireball C4")
    play(state, "C3>C4")  # not cached: it may still attack
    assert damage(state, "C4") == 1


def test_fireball_is_reduced_by_armor_and_does_not_trigger_barbs_or_pity() -> None:
    # Striker Armor 1: fireball 1 - 1 = 0. Porcupine next to the Troll: no Barbs (not an
    # attack); Troll: no Pity (only attacks trigger it).
    state = arena((0, "Imp", "C3"), (1, "Striker", "C4"))
    play(state, "C3 fireball C4")
    assert damage(state, "C4") == 0
    state = arena((0, "Imp", "C3"), (1, "Troll", "B4"), (1, "Porcupine", "A4"))
    play(state, "C3 fireball B4")
    assert damage(state, "B4") == 1
    assert damage(state, "C3") == 0  # no Barbs, no Pity back at the Imp
    assert damage(state, "A4") == 0  # no Pity on the Porcupine


def test_fireball_needs_an_uncached_unit() -> None:
    state = arena((0, "Imp", "C3"), (1, "Hydra", "C4"), (1, "Gorgon", "D4"))
    play(state, "C3>C4")
    with pytest.raises(IllegalAction, match="Imp is cached"):
        play(state, "C3 fireball D4")


# -- Badger


def test_badger_attacks_only_diagonally() -> None:
    state = arena((0, "Badger", "C3"), (1, "Hydra", "D4"), (1, "Imp", "C4"))
    with pytest.raises(IllegalAction, match="C4 is not in Badger's combat range"):
        play(state, "C3>C4")
    play(state, "C3>D4")
    assert damage(state, "D4") == 2  # Badger AT 2


# -- Protection


def test_protection_without_an_adjacent_enemy_takes_no_damage() -> None:
    # Friendly fire on a Guardian with no enemy next to it: no damage.
    state = arena((0, "Knight", "C3"), (0, "Guardian", "C4"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 0
    # With an enemy adjacent (D5, diagonal) it can be damaged, by anyone.
    state = arena((0, "Knight", "C3"), (0, "Guardian", "C4"), (1, "Hydra", "D5"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1


# -- Push


def test_push_moves_a_unit_in_combat_range_one_cell_any_direction_and_caches() -> None:
    state = arena((0, "Ram", "C3"), (1, "Hydra", "C4"))
    play(state, "C3 push C4 B4")  # sideways, not away
    assert not empty(state, "B4") and empty(state, "C4")
    ram = at(state, "C3")
    assert state.u_flags[ram] & 1  # cached
    with pytest.raises(IllegalAction, match="Ram is cached"):
        play(state, "C3-D3")


def test_push_needs_an_empty_destination_next_to_the_target() -> None:
    state = arena((0, "Ram", "C3"), (1, "Hydra", "C4"), (1, "Imp", "C5"))
    with pytest.raises(IllegalAction, match="C5 is occupied"):
        play(state, "C3 push C4 C5")
    with pytest.raises(IllegalAction, match="C6 is not next to it"):
        play(state, "C3 push C4 C6")
    state = arena((0, "Ram", "C3"), (1, "Hydra", "D4"))
    with pytest.raises(IllegalAction, match="D4 is not in Ram's combat range"):
        play(state, "C3 push D4 E5")


def test_push_cannot_push_off_the_board() -> None:
    state = arena((0, "Ram", "A2"), (1, "Hydra", "A1"))
    with pytest.raises(IllegalAction, match="off the board"):
        play(state, "A2 push A1 A0")


# -- Swap


def test_swap_exchanges_places_and_caches_only_the_swapper() -> None:
    state = arena((0, "Fox", "C3"), (1, "Hydra", "D4"))
    fox, hydra = at(state, "C3"), at(state, "D4")
    play(state, "C3 swap D4")
    assert at(state, "D4") == fox and at(state, "C3") == hydra
    assert state.u_flags[fox] & 1 and not state.u_flags[hydra] & 1


# -- Annoy


def test_annoy_lowers_adjacent_enemies_to_a_minimum_of_one_until_they_leave() -> None:
    # Bear AT 2 next to an enemy Gorgon: 2 - 1 = 1. A Knight (AT 1) stays at 1.
    state = arena((0, "Bear", "C3"), (0, "Knight", "D3"), (1, "Gorgon", "C4"))
    assert current_at(state, "C3") == 1
    assert current_at(state, "D3") == 1
    play(state, "C3-B2")  # no longer adjacent: AT 2 again
    assert current_at(state, "B2") == 2


def test_annoy_does_not_touch_allies() -> None:
    state = arena((1, "Striker", "C3"), (1, "Gorgon", "C4"))
    assert current_at(state, "C3") == 2


# -- Regenerate


def test_regenerate_removes_one_counter_at_the_start_of_its_owners_turn() -> None:
    state = arena((0, "Knight", "A1"), (1, "Hydra", "G7", 2))
    play(state, "end")  # seat 1's turn starts: 2 - 1 = 1
    assert damage(state, "G7") == 1
    play(state, "end")  # seat 0's turn: no change
    assert damage(state, "G7") == 1


# -- Command


def test_command_makes_the_attacked_unit_attack_the_named_target() -> None:
    # Order King (AT 1, Command) attacks the enemy Bear (AT 2) on C4; the Bear, now with 1
    # counter (Spite: AT 2 + 1 = 3), then attacks its own side's Wall on C5: 3 damage.
    wall = custom("Wall", 9, 0)
    state = arena((0, "King:Order", "C3"), (1, "Bear", "C4"), (1, wall, "C5"))
    play(state, "C3>C4>C5")
    assert damage(state, "C4") == 1
    assert damage(state, "C5") == 3
    bear = at(state, "C4")
    assert state.u_flags[bear] & 1  # the commanded Bear attacked, so it is cached (TA3)


def test_command_target_must_be_named_and_in_the_commanded_units_range() -> None:
    state = arena((0, "King:Order", "C3"), (1, "Bear", "C4"), (1, "Hydra", "C5"), (1, "Imp", "E4"))
    with pytest.raises(IllegalAction, match="Command: name the unit Bear on C4 attacks"):
        play(state, "C3>C4")
    with pytest.raises(IllegalAction, match="E4 is not in Bear's combat range"):
        play(state, "C3>C4>E4")


def test_command_follow_up_happens_even_if_the_attacked_unit_dies() -> None:
    # The Bear on C4 has 3 damage (HP 4): the King's 1 makes it 4 and kills it. It still
    # attacks, with its AT at that moment: base 2 + Spite 4 counters = 6.
    wall = custom("Wall", 9, 0)
    state = arena((0, "King:Order", "C3"), (1, "Bear", "C4", 3), (1, wall, "C5"))
    play(state, "C3>C4>C5")
    assert empty(state, "C4")
    assert damage(state, "C5") == 6


def test_command_without_possible_target_needs_no_follow_up() -> None:
    # A Badger attacks only diagonally: with B3, D3, B5, D5 empty it has no target.
    state = arena((0, "King:Order", "C3"), (1, "Badger", "C4"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1


def test_only_a_commander_names_a_follow_up() -> None:
    state = arena((0, "Knight", "C3"), (1, "Hydra", "C4"), (1, "Imp", "C5"))
    with pytest.raises(IllegalAction, match="Knight has no Command"):
        play(state, "C3>C4>C5")


# -- Flame


def test_flame_owner_chooses_two_damage_and_everything_else_adjacent_takes_one() -> None:
    # Salamander (seat 1, HP 2, 1 damage) on C4 dies to the Knight's attack from C3. Adjacent
    # to it: the Knight (C3), seat 1's Hydra (D4) and seat 0's Cleric (B5). Seat 1 chooses.
    state = arena(
        (0, "Knight", "C3"), (0, "Cleric", "B5"), (1, "Salamander", "C4", 1), (1, "Hydra", "D4")
    )
    play(state, "C3>C4")
    assert empty(state, "C4")
    assert state.to_act == (1,)  # the Flame's owner chooses, during seat 0's turn
    assert set(state.legal(1)) == {"flame C3", "flame D4", "flame B5"}
    state.submit(1, "flame C3")
    # Knight 2; the others 1 each, the owner's own Hydra included (clarification: allies too).
    assert damage(state, "C3") == 2
    assert damage(state, "B5") == 1
    assert damage(state, "D4") == 1
    assert state.to_act == (0,)  # seat 0's turn goes on


def test_flame_with_a_single_adjacent_unit_needs_no_choice() -> None:
    state = arena((0, "Knight", "C3"), (1, "Salamander", "C4", 1))
    play(state, "C3>C4")
    assert damage(state, "C3") == 2
    assert state.to_act == (0,)


# -- Sacrifice


def test_sacrifice_removes_the_unit_and_deals_x_to_any_adjacent_unit() -> None:
    # Cultist Sacrifice 3 on a diagonal neighbour (not in its combat range): 3 damage.
    wall = custom("Wall", 9, 0)
    state = arena((0, "Cultist", "C3"), (1, wall, "D4"))
    play(state, "C3 sacrifice D4")
    assert empty(state, "C3")
    assert damage(state, "D4") == 3


def test_sacrifice_is_instead_of_attacking() -> None:
    state = arena((0, "Cultist", "C3"), (1, "Hydra", "C4"), (1, "Imp", "D4"))
    play(state, "C3>C4")
    with pytest.raises(IllegalAction, match="Cultist is cached"):
        play(state, "C3 sacrifice D4")


# -- Double Strike


def test_double_strike_hits_two_different_units_at_once() -> None:
    state = arena((0, "Halberdier", "C3"), (1, "Hydra", "C4"), (1, "Hydra", "D3"))
    play(state, "C3>D3,C4")
    assert damage(state, "C4") == 2 and damage(state, "D3") == 2  # Halberdier AT 2 each
    # canonical: targets in board order (A1, B1, ..., G1, A2, ...): D3 before C4
    assert state.history[-1].text == "C3>D3,C4"
    state = arena((0, "Knight", "C3"), (1, "Hydra", "C4"), (1, "Imp", "D3"))
    with pytest.raises(IllegalAction, match="Knight has no Double Strike"):
        play(state, "C3>C4,D3")
    state = arena((0, "Halberdier", "C3"), (1, "Hydra", "C4"))
    with pytest.raises(IllegalAction, match="two different units"):
        play(state, "C3>C4,C4")


# -- Spite


def test_spite_adds_one_at_per_damage_counter() -> None:
    state = arena((0, "Bear", "C3", 2))
    assert current_at(state, "C3") == 2 + 2
    state.u_dmg[at(state, "C3")] = 0  # counters removed: AT back to base
    assert current_at(state, "C3") == 2


# -- Burn


def test_burn_cannot_be_damaged_by_allies() -> None:
    state = arena((0, "Knight", "C3"), (0, "Firewall", "C4"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 0


def test_burn_damaged_stops_all_other_healing() -> None:
    # Firewall (seat 1) damaged: seat 1's Hydra does not Regenerate.
    state = arena((0, "Knight", "A1"), (1, "Firewall", "G7", 1), (1, "Hydra", "A7", 2))
    play(state, "end")
    assert damage(state, "A7") == 2


# -- Drain


def test_drain_moves_x_counters_to_a_unit_in_combat_range_once_per_turn() -> None:
    # Virus Drain 1 with 2 damage: 2 - 1 = 1 on itself, 0 + 1 on the Hydra.
    state = arena((0, "Virus", "C3", 2), (1, "Hydra", "C4"), (1, "Imp", "D3"))
    play(state, "C3 drain C4")
    assert damage(state, "C3") == 1 and damage(state, "C4") == 1
    with pytest.raises(IllegalAction, match="Virus has already used Drain this turn"):
        play(state, "C3 drain D3")
    play(state, "C3>D3")  # draining does not cache


def test_drain_needs_x_counters_and_ignores_armor_and_protection() -> None:
    state = arena((0, "Virus", "C3"), (1, "Striker", "C4"))
    with pytest.raises(IllegalAction, match="Virus has 0 damage; Drain 1 needs 1"):
        play(state, "C3 drain C4")
    # Armor 1 would cut 1 to 0; Drain is not reduced: the Striker gets the counter.
    state = arena((0, "Virus", "C3", 1), (1, "Striker", "C4"))
    play(state, "C3 drain C4")
    assert damage(state, "C4") == 1
    # Friendly Guardian with no enemy adjacent: Protection does not stop Drain either.
    state = arena((0, "Virus", "C3", 1), (0, "Guardian", "C4"))
    play(state, "C3 drain C4")
    assert damage(state, "C4") == 1 and damage(state, "C3") == 0


# -- Aura of Pain


def test_aura_of_pain_hits_every_adjacent_unit_at_its_owners_turn_start() -> None:
    # Wraith (seat 1) with 2 damage: at seat 1's turn start, 2 to each adjacent unit, ally
    # Gorgon included; the Striker's Armor 1 makes it 2 - 1 = 1.
    state = arena(
        (0, "Knight", "C3"), (0, "Striker", "D5"), (1, "Wraith", "C4", 2), (1, "Gorgon", "B5")
    )
    assert damage(state, "C3") == 0
    play(state, "end")
    assert damage(state, "C3") == 2
    assert damage(state, "B5") == 2
    assert damage(state, "D5") == 1
    assert damage(state, "C4") == 2  # the Wraith itself is not hurt by its own aura


def test_aura_of_pain_without_counters_deals_nothing() -> None:
    state = arena((0, "Knight", "C3"), (1, "Wraith", "C4"))
    play(state, "end")
    assert damage(state, "C3") == 0


# -- Sprinkle Dust


def test_sprinkle_dust_removes_one_counter_from_an_adjacent_unit_then_may_move() -> None:
    # Network King on C3, enemy Hydra diagonal on D4 with 2 counters: 2 - 1 = 1.
    state = arena((0, "King:Network", "C3"), (1, "Hydra", "D4", 2), (0, "Knight", "B3", 1))
    play(state, "C3 dust D4")
    assert damage(state, "D4") == 1
    with pytest.raises(IllegalAction, match="already used Sprinkle Dust this turn"):
        play(state, "C3 dust B3")
    play(state, "C3-C2")  # not cached: it may still move


def test_sprinkle_dust_cannot_target_itself_or_an_undamaged_unit() -> None:
    state = arena((0, "King:Network", "C3", 1), (0, "Knight", "B3"))
    with pytest.raises(IllegalAction, match="cannot target itself"):
        play(state, "C3 dust C3")
    with pytest.raises(IllegalAction, match="Knight on B3 has no damage"):
        play(state, "C3 dust B3")


# -- Taunt


def test_taunt_stops_adjacent_enemies_from_moving() -> None:
    state = arena((0, "Bear", "C4"), (1, "Knight", "D5"))
    with pytest.raises(IllegalAction, match="C4-C3: Taunted by Knight on D5"):
        play(state, "C4-C3")


def test_taunt_forces_an_attack_on_the_taunter_if_able() -> None:
    # The text's picture: Bear can attack the Knight so it must; Eagle cannot (diagonal) and
    # is free to attack the King.
    state = arena(
        (0, "Bear", "C4"),
        (0, "Eagle", "E3"),
        (1, "Knight", "D4"),
        (1, "King:Abyss", "E5"),
        (1, "Hydra", "C5"),
    )
    with pytest.raises(IllegalAction, match="C4>C5: Taunted by Knight on D4; Bear must attack it"):
        play(state, "C4>C5")
    with pytest.raises(IllegalAction, match="end: Bear on C4 must attack Knight on D4"):
        play(state, "end")
    with pytest.raises(IllegalAction, match="E3-E2: Taunted by Knight on D4"):
        play(state, "E3-E2")
    play(state, "E3>E5")  # Eagle Range 1: E4 is empty, the King on E5 is 2 away
    assert damage(state, "E5") == 1  # Abyss King's Armor 1 does not reduce a ranged attack
    play(state, "C4>D4")
    assert damage(state, "D4") == 2
    play(state, "end")


def test_a_dash_stops_next_to_a_taunter() -> None:
    state = arena((0, "Eagle", "B2"), (1, "Knight", "D4"))
    with pytest.raises(IllegalAction, match="Taunted by Knight on D4 on reaching C3"):
        play(state, "B2-C3-B4")
    play(state, "B2-C3")


# -- Barbs


def test_barbs_hurts_an_enemy_attacking_a_unit_next_to_it_after_combat() -> None:
    # Porcupine (seat 1) on D4 next to its Hydra on C4: seat 0's Knight attacks the Hydra,
    # deals 1, then takes 1 from the Barbs.
    state = arena((0, "Knight", "C3"), (1, "Hydra", "C4"), (1, "Porcupine", "D4"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1 and damage(state, "C3") == 1


def test_barbs_does_not_trigger_when_the_barbs_unit_itself_is_attacked() -> None:
    state = arena((0, "Knight", "C3"), (1, "Porcupine", "C4"))
    play(state, "C3>C4")
    assert damage(state, "C3") == 0


# -- Weaken


def test_weaken_lowers_at_per_counter_to_a_floor_of_zero() -> None:
    state = arena((0, "Golem", "C3", 2))
    assert current_at(state, "C3") == 3 - 2
    state.u_dmg[at(state, "C3")] = 4
    assert current_at(state, "C3") == 0  # 3 - 4 would be -1


# -- Pity


def test_pity_hits_every_adjacent_unit_when_attacked() -> None:
    # Troll attacked by seat 0's Knight: 1 to the Knight, 1 to seat 1's Hydra, 1 to seat 0's
    # Cleric; the Troll itself takes the Knight's 1.
    state = arena((0, "Knight", "C3"), (0, "Cleric", "D5"), (1, "Troll", "C4"), (1, "Hydra", "B4"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1
    assert damage(state, "C3") == 1 and damage(state, "B4") == 1 and damage(state, "D5") == 1


def test_pity_with_heal_heals_allies_and_hurts_enemies() -> None:
    # A Pity unit with Heal 1: allies are healed 1 + 1 = 2, enemies take 1.
    medic = custom("Medic", 5, 1, Pity=0, Heal=1)
    state = arena((0, "Knight", "C3"), (1, medic, "C4"), (1, "Hydra", "B4", 2))
    play(state, "C3>C4")
    assert damage(state, "B4") == 0
    assert damage(state, "C3") == 1


# -- Check


def test_check_gives_adjacent_undamaged_units_minus_two_floor_zero() -> None:
    # Bishop on D4: the Striker (AT 2) next to it -> 0; the Bear (AT 2, ally of the Bishop)
    # -> 0 too; a damaged Golem (AT 3, 1 counter, Weaken) is unaffected by Check: 3 - 1 = 2.
    state = arena(
        (0, "Bishop", "D4"), (1, "Striker", "D5"), (0, "Bear", "C4"), (1, "Golem", "E4", 1)
    )
    assert current_at(state, "D5") == 0
    assert current_at(state, "C4") == 0
    assert current_at(state, "E4") == 2
    state = arena((0, "Bishop", "D4"), (1, "Striker", "D6"))
    assert current_at(state, "D6") == 2  # not adjacent


# -- Feedback


def test_feedback_hits_every_unit_sharing_an_ability_with_the_attacked_unit() -> None:
    # Spammer attacks the Hydra (Regenerate): every other Regenerate unit takes 2 (the
    # Menagerie King is a King: spared); the Hydra takes the attack's 1.
    state = arena(
        (0, "Spammer", "C3"),
        (1, "Hydra", "C4"),
        (1, "Hydra", "G7"),
        (0, "Hydra", "A1"),
        (1, "King:Menagerie", "F7"),
        (1, "Imp", "E7"),
    )
    play(state, "C3>C4")
    assert damage(state, "C4") == 1
    assert damage(state, "G7") == 2 and damage(state, "A1") == 2
    assert damage(state, "F7") == 0 and damage(state, "E7") == 0


# -- Feel the Pain


def test_feel_the_pain_gains_at_and_hp_from_adjacent_counters() -> None:
    # Lurker AT 0 HP 2, neighbours with 2 + 1 counters: AT 3, HP 5.
    state = arena((0, "Lurker", "C3"), (1, "Hydra", "C4", 2), (0, "Knight", "B2", 1))
    lurker = at(state, "C3")
    assert state.at(lurker) == 3 and state.hp(lurker) == 5


# -- Reverberate


def test_reverberate_chains_through_the_targets_allies_once_per_turn() -> None:
    # Chain attacks Hydra A (C4): A takes 1; A deals 1 to its adjacent allies: Hydra B (C5);
    # B deals 1 to its adjacent allies: A again (1 more) and Imp (C6). The Imp deals 1 to its
    # allies: B (1 more). A has already dealt, B has dealt: the chain stops.
    wall = custom("Wall", 9, 0)
    state = arena((0, "Chain", "C3"), (1, wall, "C4"), (1, wall, "C5"), (1, wall, "C6"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1 + 1
    assert damage(state, "C5") == 1 + 1
    assert damage(state, "C6") == 1


def test_reverberate_only_on_enemies() -> None:
    wall = custom("Wall", 9, 0)
    state = arena((0, "Chain", "C3"), (0, wall, "C4"), (0, wall, "C5"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1 and damage(state, "C5") == 0


# -- Equalize


def test_equalize_sets_adjacent_units_to_two() -> None:
    # Arbiter next to a Golem (AT 3) and a Knight (AT 1): both 2.
    state = arena((0, "Arbiter", "C3"), (1, "Golem", "C4"), (0, "Knight", "B3"))
    assert current_at(state, "C4") == 2 and current_at(state, "B3") == 2
    assert current_at(state, "C3") == 1  # not itself
