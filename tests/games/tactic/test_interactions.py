"""The interactions the text names, and the documented orders (AT pipeline, triggers)."""

from __future__ import annotations

import pytest

from duelhost import IllegalAction
from tests.games.tactic.helpers import arena, at, current_at, custom, damage, empty, play

WALL = custom("Wall", 9, 0)


# -- Heal vs Armor


def test_heal_vs_armor_heals_the_reduced_amount_plus_x() -> None:
    # Cleric AT 1 next to an allied Striker (Armor 1): would deal 1 - 1 = 0, heals 0 + 1 = 1.
    state = arena((0, "Cleric", "C3"), (0, "Striker", "C4", 3))
    play(state, "C3>C4")
    assert damage(state, "C4") == 3 - 1
    # A healer with AT 3 and Heal 1: (3 - 1) + 1 = 3 removed.
    healer = custom("Healer", 3, 3, Heal=1)
    state = arena((0, healer, "C3"), (0, custom("Armored", 9, 0, Armor=1), "C4", 5))
    play(state, "C3>C4")
    assert damage(state, "C4") == 5 - 3


# -- Burn vs Heal, Regenerate, Drain, Dust


def test_burn_makes_heal_units_damage_their_allies() -> None:
    # Damaged Firewall anywhere: the Cleric "acts as though it did not have Heal": its attack
    # on the allied Knight deals 1 (2 -> 3) instead of healing.
    state = arena((0, "Cleric", "C3"), (0, "Knight", "C4", 2), (1, "Firewall", "G7", 1))
    play(state, "C3>C4")
    assert damage(state, "C4") == 3


def test_heal_can_still_heal_the_burning_unit_itself() -> None:
    # Allies with Heal CAN heal the Burn unit: 1 + 1 = 2 >= its 1 counter.
    state = arena((0, "Cleric", "C3"), (0, "Firewall", "C4", 1))
    play(state, "C3>C4")
    assert damage(state, "C4") == 0


def test_two_damaged_burn_units_block_all_healing() -> None:
    # The other damaged Firewall blocks healing of this one; the Cleric's attack is then an
    # ally's attack on a Burn unit, which cannot damage it: counters stay at 1.
    state = arena((0, "Cleric", "C3"), (0, "Firewall", "C4", 1), (1, "Firewall", "G7", 1))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1


def test_burn_blocks_regenerate_of_either_side() -> None:
    # Seat 0's damaged Firewall stops seat 1's Hydra regenerating (2 stays 2).
    state = arena((0, "Firewall", "A1", 1), (1, "Hydra", "G7", 2))
    play(state, "end")
    assert damage(state, "G7") == 2
    # Without the Burn: 2 - 1 = 1.
    state = arena((0, "Firewall", "A1"), (1, "Hydra", "G7", 2))
    play(state, "end")
    assert damage(state, "G7") == 1


def test_burn_blocks_drain_entirely() -> None:
    state = arena((0, "Virus", "C3", 1), (1, "Hydra", "C4"), (1, "Firewall", "G7", 1))
    with pytest.raises(
        IllegalAction, match=r"Drain is blocked while Firewall on G7 is damaged \(Burn\)"
    ):
        play(state, "C3 drain C4")
    assert damage(state, "C3") == 1 and damage(state, "C4") == 0


def test_drain_cannot_target_an_allied_burn_unit() -> None:
    state = arena((0, "Virus", "C3", 1), (0, "Firewall", "C4"))
    with pytest.raises(IllegalAction, match="cannot be damaged by allies"):
        play(state, "C3 drain C4")


def test_burn_blocks_sprinkle_dust() -> None:
    state = arena((0, "King:Network", "C3"), (0, "Knight", "C4", 1), (1, "Firewall", "G7", 1))
    with pytest.raises(IllegalAction, match=r"healing is blocked while Firewall on G7 is damaged"):
        play(state, "C3 dust C4")


# -- Command with Heal


def test_command_with_heal_the_commanded_healer_heals_its_own_ally() -> None:
    # Seat 0's King commands seat 1's Cleric (C4) to attack seat 1's Knight (C5): the attack
    # is "as if the target's player issued it", so it heals: 1 + 1 = 2 of the Knight's 3.
    state = arena((0, "King:Order", "C3"), (1, "Cleric", "C4"), (1, "Knight", "C5", 3))
    play(state, "C3>C4>C5")
    assert damage(state, "C4") == 1
    assert damage(state, "C5") == 1


def test_command_on_an_ally_healer() -> None:
    # The King attacks its own Cleric (no Heal on the King: 1 damage), which then heals the
    # allied Knight: 2 - (1 + 1) = 0.
    state = arena((0, "King:Order", "C3"), (0, "Cleric", "C4"), (0, "Knight", "C5", 2))
    play(state, "C3>C4>C5")
    assert damage(state, "C4") == 1 and damage(state, "C5") == 0


# -- Reverberate vs Armor


def test_reverberate_is_stopped_by_armor() -> None:
    # Chain hits A (C4). A -> its allies B (C5) and the Striker (D4): B 1, Striker 1 - 1 = 0.
    # B -> its allies A (1 more) and the Striker (0 again). The Striker took nothing, so it
    # passes nothing to the Imp on E4 (adjacent to the Striker only).
    state = arena(
        (0, "Chain", "C3"), (1, WALL, "C4"), (1, WALL, "C5"), (1, "Striker", "D4"), (1, "Imp", "E4")
    )
    play(state, "C3>C4")
    assert damage(state, "C4") == 1 + 1
    assert damage(state, "C5") == 1
    assert damage(state, "D4") == 0
    assert damage(state, "E4") == 0


def test_reverberate_once_per_turn_per_unit() -> None:
    # Two Chains hit the same Wall A (C4) next to Wall B (C5). First: A 1 + chain: B 1, then B
    # hits A (1). Second Chain: A +1, but A and B have already dealt this turn: no chain.
    state = arena((0, "Chain", "C3"), (0, "Chain", "B4"), (1, WALL, "C4"), (1, WALL, "C5"))
    play(state, "C3>C4")
    assert (damage(state, "C4"), damage(state, "C5")) == (2, 1)
    play(state, "B4>C4")
    assert (damage(state, "C4"), damage(state, "C5")) == (3, 1)


# -- Equalize vs Annoy and Feel the Pain


def test_equalize_beats_annoy() -> None:
    # Bear (AT 2) next to an enemy Gorgon would be 1; next to an Arbiter too it is 2.
    state = arena((0, "Bear", "C3"), (1, "Gorgon", "C4"), (0, "Arbiter", "B3"))
    assert current_at(state, "C3") == 2
    # An Equalized Knight (AT 1) next to the Gorgon: still exactly 2.
    state = arena((0, "Knight", "C3"), (1, "Gorgon", "C4"), (1, "Arbiter", "B3"))
    assert current_at(state, "C3") == 2


def test_equalize_vs_feel_the_pain_only_hp_grows() -> None:
    # Lurker next to a Hydra with 2 counters: AT 0 + 2 = 2 and HP 2 + 2 = 4 normally; next to
    # an Arbiter as well: AT exactly 2 whatever the counters (3 here), HP still 2 + 3 = 5.
    state = arena((0, "Lurker", "C3"), (1, "Hydra", "C4", 3), (1, "Arbiter", "B3"))
    lurker = at(state, "C3")
    assert state.at(lurker) == 2 and state.hp(lurker) == 2 + 3
    state = arena((0, "Lurker", "C3"), (1, "Hydra", "C4", 1))
    assert state.at(at(state, "C3")) == 1


def test_weaken_still_applies_under_equalize() -> None:
    # Golem with 1 counter next to an Arbiter: Equalize 2, then Weaken -1 = 1.
    state = arena((0, "Golem", "C3", 1), (1, "Arbiter", "C4"))
    assert current_at(state, "C3") == 1


# -- AT order


def test_at_order_check_before_annoy() -> None:
    # Golem AT 3 undamaged next to an enemy Bishop (Check) and an enemy Gorgon (Annoy):
    # Check 3 - 2 = 1, then Annoy cannot go below 1: 1. (Annoy first would give 2 - 2 = 0.)
    state = arena((1, "Golem", "C3"), (0, "Bishop", "C4"), (0, "Gorgon", "B3"))
    assert current_at(state, "C3") == 1


def test_annoy_stacks_but_never_below_one() -> None:
    # Golem AT 3 next to two enemy Gorgons: 3 - 1 - 1 = 1; a third changes nothing.
    state = arena((1, "Golem", "C3"), (0, "Gorgon", "C4"), (0, "Gorgon", "B3"))
    assert current_at(state, "C3") == 1
    state = arena((1, "Golem", "C3"), (0, "Gorgon", "C4"), (0, "Gorgon", "B3"), (0, "Gorgon", "D3"))
    assert current_at(state, "C3") == 1


def test_annoy_before_spite() -> None:
    # Bear (AT 2) with 1 counter next to an enemy Gorgon: Annoy 2 - 1 = 1, Spite + 1 = 2.
    state = arena((0, "Bear", "C3", 1), (1, "Gorgon", "C4"))
    assert current_at(state, "C3") == 2
    # With 2 counters and two enemy Gorgons: Annoy 2 - 1 = 1 (the second cannot lower 1), then
    # Spite + 2 = 3. (Spite first would give 4 - 1 - 1 = 2.)
    state = arena((0, "Bear", "C3", 2), (1, "Gorgon", "C4"), (1, "Gorgon", "B3"))
    assert current_at(state, "C3") == 3


def test_check_before_feel_the_pain() -> None:
    # Undamaged Lurker (AT 0) next to an enemy Bishop (Check) and an enemy Golem with 2
    # counters: Check takes 0 from 0, then Feel the Pain + 2 = 2. (Feel the Pain first would
    # give 2 - 2 = 0.)
    state = arena((0, "Lurker", "C3"), (1, "Bishop", "C4"), (1, "Golem", "B3", 2))
    assert current_at(state, "C3") == 2


def test_the_documented_at_order_is_the_issues() -> None:
    from duelhost.games.tactic.abilities import AT_ORDER

    # Issue #6: "Equalize wins; then Check, Annoy, Spite, Weaken, Feel the Pain".
    assert AT_ORDER == ("Equalize", "Check", "Annoy", "Spite", "Weaken", "Feel the Pain")


# -- Protection vs Range


def test_protection_vs_range_needs_an_adjacent_enemy() -> None:
    # Eagle (Range 1) on C3 attacks the enemy Guardian on C5: no enemy of the Guardian next to
    # it, so no damage.
    state = arena((0, "Eagle", "C3"), (1, "Guardian", "C5"))
    play(state, "C3>C5")
    assert damage(state, "C5") == 0
    # A seat 0 Knight on D6, adjacent to the Guardian but not attacking: the Eagle deals 1.
    state = arena((0, "Eagle", "C3"), (1, "Guardian", "C5"), (0, "Knight", "D6"))
    play(state, "C3>C5")
    assert damage(state, "C5") == 1


# -- Taunt forcing an attack


def test_taunt_forces_the_attack_before_the_turn_can_end() -> None:
    state = arena((0, "Bear", "C3"), (1, "Knight", "C4"), (1, "Hydra", "B3"))
    assert "end" not in state.legal(0)
    assert [t for t in state.legal(0) if t.startswith("C3")] == ["C3>C4"]
    with pytest.raises(IllegalAction, match="end: Bear on C3 must attack Knight on C4"):
        play(state, "end")
    play(state, "C3>C4")
    assert "end" in state.legal(0)


def test_taunt_forbids_caching_abilities_instead_of_the_attack() -> None:
    state = arena((0, "Ram", "C3"), (1, "Knight", "C4"), (1, "Hydra", "B3"))
    with pytest.raises(IllegalAction, match="Taunted by Knight on C4; Ram must attack it"):
        play(state, "C3 push B3 A3")


def test_taunt_on_a_commanded_unit() -> None:
    # The King commands the enemy Bear (C4), which is next to seat 0's Knight (C5, Taunt):
    # the Bear must attack the Knight, not the King.
    state = arena((0, "King:Order", "C3"), (1, "Bear", "C4"), (0, "Knight", "C5"))
    assert [t for t in state.legal(0) if t.startswith("C3>")] == ["C3>C4>C5"]
    with pytest.raises(IllegalAction, match="Taunted by Knight on C5; Bear must attack it"):
        play(state, "C3>C4>C3")


def test_the_timeout_ends_the_turn_even_with_a_taunt_duty() -> None:
    state = arena((0, "Bear", "C3"), (1, "Knight", "C4"))
    state.timeout(0)
    assert state.to_act == (1,) and state.turn_seat == 1


# -- Flame and Sacrifice "still there"


def test_flame_counts_the_dead_unit_as_present_for_protection() -> None:
    # Eagle (C2, Range 1) kills the Salamander on C4 (1 + 1 = HP 2). Its only neighbour is
    # seat 0's Guardian on B5, with no other enemy next to it: the Salamander still counts as
    # an adjacent enemy, so the Flame's 2 damage goes through.
    state = arena((0, "Eagle", "C2"), (1, "Salamander", "C4", 1), (0, "Guardian", "B5"))
    play(state, "C2>C4")
    assert empty(state, "C4")
    assert damage(state, "B5") == 2


def test_flame_counts_the_dead_unit_as_adjacent_for_armor() -> None:
    # Same, next to seat 0's Striker (Armor 1): 2 - 1 = 1.
    state = arena((0, "Eagle", "C2"), (1, "Salamander", "C4", 1), (0, "Striker", "B5"))
    play(state, "C2>C4")
    assert damage(state, "B5") == 1


def test_sacrifice_counts_the_unit_as_present_for_protection_and_armor() -> None:
    # Cultist (seat 1) next to seat 0's lone Guardian: 3 damage kills it (HP 3).
    state = arena((1, "Cultist", "C4"), (0, "Guardian", "C3"), turn_seat=1)
    play(state, "C4 sacrifice C3")
    assert empty(state, "C3") and empty(state, "C4")
    # Next to the Striker: 3 - 1 = 2.
    state = arena((1, "Cultist", "C4"), (0, "Striker", "C3"), turn_seat=1)
    play(state, "C4 sacrifice C3")
    assert damage(state, "C3") == 2


# -- Feedback spares Kings


def test_feedback_does_not_trigger_when_attacking_a_king() -> None:
    # The Menagerie King has Regenerate like the Hydra; attacking the King: no Feedback.
    state = arena((0, "Spammer", "C3"), (1, "King:Menagerie", "C4"), (1, "Hydra", "G7"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1 and damage(state, "G7") == 0


def test_feedback_reduced_by_armor_when_adjacent_to_the_spammer() -> None:
    # Spammer attacks the Striker (Armor): the other Striker next to the Spammer takes
    # 2 - 1 = 1; the Abyss King (Armor 1 too) is spared as a King.
    state = arena(
        (0, "Spammer", "C3"), (1, "Striker", "C4"), (1, "Striker", "B3"), (1, "King:Abyss", "G7")
    )
    play(state, "C3>C4")
    assert damage(state, "C4") == 0  # AT 1 - Armor 1
    assert damage(state, "B3") == 1
    assert damage(state, "G7") == 0


# -- Feel the Pain dies when a neighbour heals


def test_feel_the_pain_dies_when_a_neighbour_is_healed() -> None:
    # Lurker with 3 counters, HP 2 + 2 (the Knight's counters) = 4. The Cleric heals the
    # Knight by 2: the Lurker's HP falls to 2 <= 3: destroyed at once.
    state = arena((0, "Lurker", "C3", 3), (0, "Knight", "C4", 2), (0, "Cleric", "C5"))
    play(state, "C5>C4")
    assert damage(state, "C4") == 0
    assert empty(state, "C3")


def test_feel_the_pain_dies_when_a_damaged_neighbour_moves_away() -> None:
    state = arena((0, "Lurker", "C3", 2), (0, "Knight", "C4", 1))
    play(state, "C4-C5")
    assert empty(state, "C3")


# -- Double Strike is one attack for Barbs


def test_double_strike_is_one_attack_for_barbs() -> None:
    # Porcupine on D4 is next to both targets (C4, D3... D3 is adjacent to D4): 1 Barbs damage.
    state = arena(
        (0, "Halberdier", "C3"), (1, "Hydra", "C4"), (1, "Hydra", "D3"), (1, "Porcupine", "D4")
    )
    play(state, "C3>D3,C4")
    assert damage(state, "C3") == 1


def test_pity_triggered_by_each_attack_of_a_double_strike() -> None:
    # Two Trolls attacked at once: each Pity deals 1 to the Halberdier: 1 + 1 = 2.
    state = arena((0, "Halberdier", "C3"), (1, "Troll", "C4"), (1, "Troll", "D3"))
    play(state, "C3>D3,C4")
    assert damage(state, "C3") == 2


# -- more decisions


def test_command_follow_up_fizzles_if_its_target_died_first() -> None:
    # The King hits the enemy Troll (C4); its Pity deals 1 to the Imp on D4 (1 + 1 = HP 2:
    # dead) before the follow-up, which therefore never happens; the King takes Pity's 1.
    state = arena((0, "King:Order", "C3"), (1, "Troll", "C4"), (0, "Imp", "D4", 1))
    play(state, "C3>C4>D4")
    assert empty(state, "D4")
    assert not any(e["event"] == "attack" and e["commanded"] for e in state.events)
    assert damage(state, "C3") == 1


def test_flame_choice_timeout_burns_the_first_adjacent_unit_in_board_order() -> None:
    # Candidates C3, D4, B5: board order is A1..G1, A2..: C3 (row 3) comes first.
    state = arena(
        (0, "Knight", "C3"), (0, "Cleric", "B5"), (1, "Salamander", "C4", 1), (1, "Hydra", "D4")
    )
    play(state, "C3>C4")
    state.timeout(1)
    assert damage(state, "C3") == 2 and damage(state, "D4") == 1 and damage(state, "B5") == 1


def test_sacrifice_is_not_a_death_so_no_flame() -> None:
    bomber = custom("Bomber", 2, 1, Sacrifice=1, Flame=0)
    state = arena((0, bomber, "C3"), (1, WALL, "C4"), (1, WALL, "D4"))
    play(state, "C3 sacrifice C4")
    assert damage(state, "C4") == 1 and damage(state, "D4") == 0
    assert state.to_act == (0,)


def test_a_flame_killing_a_flame_queues_a_second_choice() -> None:
    # Eagle (C2) kills Salamander A (C4, 1 counter). A's only neighbour is Salamander B (C5,
    # 1 counter): automatic 2 -> B dies. B's neighbours: the Walls on B6 and D6: seat 1 chooses.
    state = arena(
        (0, "Eagle", "C2"),
        (1, "Salamander", "C4", 1),
        (1, "Salamander", "C5", 1),
        (0, WALL, "B6"),
        (0, WALL, "D6"),
    )
    play(state, "C2>C4")
    assert empty(state, "C4") and empty(state, "C5")
    assert state.to_act == (1,)
    assert sorted(state.legal(1)) == ["flame B6", "flame D6"]
    state.submit(1, "flame D6")
    assert damage(state, "D6") == 2 and damage(state, "B6") == 1


# -- abilities combined on one unit (faction tables may combine any; Decision 19)


def test_check_and_annoy_on_one_unit_both_apply_in_at_order() -> None:
    warden = custom("Warden", 3, 1, Check=0, Annoy=0)
    ogre = custom("Ogre", 5, 4)
    state = arena((0, ogre, "C3"), (1, warden, "C4"))
    # Undamaged: Check 4 - 2 = 2, then Annoy 2 - 1 = 1.
    assert current_at(state, "C3") == 1
    notes = state.view(None)["board"][0]["at_modifiers"]
    assert notes == ["Check -2 (Warden on C4)", "Annoy -1 (Warden on C4)"]
    # Damaged: Check no longer applies, Annoy does: 4 - 1 = 3.
    state = arena((0, ogre, "C3", 1), (1, warden, "C4"))
    assert current_at(state, "C3") == 3
