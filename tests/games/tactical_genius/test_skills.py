"""Every skill of the house table (TG10), with damage worked out by hand.

House table figures used here: base health 10, base attack and defense 0; free bonuses Axe
+1 health, Sword +1 defense, Lance/Beserker/Gun/Magic/Cannon +1 attack, Arrow +1 speed.
Skills can target any unit, enemy or ally (TG10).
"""

from __future__ import annotations

import pytest

import duelhost
from tests.games.tactical_genius.helpers import (
    command,
    health,
    put,
    result_of,
    results,
    start,
    unit,
)


def blue_line(*extra: str) -> list[str]:
    return ["place Sam Sword G2 bonus=0.25", *extra]


# ---------------------------------------------------------------- melee skills


def test_rush_passes_through_allies() -> None:
    state = start(
        ["place Bob Axe A2 bonus=0.26 skills=rush", "place Al Axe B2 bonus=0.24"], blue_line()
    )
    put(state, "Sam", "D1")  # column D holds an enemy: Bob may enter B and C only
    command(state, "Bob skill rush")
    assert result_of(state, "Bob") == "rushes to C2"  # through Al on B2
    assert (unit(state, "Bob")["cell"], unit(state, "Al")["cell"]) == ("C2", "B2")


def test_rush_goes_two_columns_and_never_into_an_enemy_column() -> None:
    state = start(["place Bob Axe B2 bonus=0.26 skills=rush"], blue_line())
    put(state, "Sam", "J1")
    command(state, "Bob skill rush")
    assert unit(state, "Bob")["cell"] == "D2"  # B -> D, two columns
    state = start(
        ["place Bob Axe B2 bonus=0.26 skills=rush", "place Al Axe C2 bonus=0.24"], blue_line()
    )
    put(state, "Sam", "D3")
    command(state, "Bob skill rush")  # C2 holds Al and column D an enemy: nowhere to land
    assert result_of(state, "Bob") == "fails: no free tile ahead"


def test_heavy_blow_is_low_priority_and_one_and_a_half_times() -> None:
    # Axe attack 3 vs Sword defense 1: (3 - 0.5) x 1.5 = 3.75 -> 10 - 3.75 = 6.25.
    state = start(
        ["place Bob Axe D2 bonus=0.26 atk=3 skills=heavy-blow"],
        blue_line("place Cal Cannon J3 bonus=0.01"),
    )
    put(state, "Sam", "E2")
    command(state, "Bob skill heavy-blow E2")
    assert health(state, "Sam") == 6.25
    # Cal (Cannon, speed 0.01, the slowest) idles at normal priority before Bob's low blow.
    assert [u for u, _ in results(state)] == ["Sam", "Cal", "Bob"]


def test_guard_deflects_the_next_attack_only() -> None:
    # Al guards Bob (D2, one row below Al on D1). Sam and Eve both attack Bob: Sam's
    # (faster, 3.25) is deflected; Eve's (2.23) lands: Axe attack 2 vs Axe defense 0:
    # 2 -> 11 - 2 = 9.
    state = start(
        ["place Bob Axe D2 bonus=0.26", "place Al Axe D1 bonus=0.24 skills=guard"],
        ["place Sam Sword G2 bonus=0.25 atk=2", "place Eve Axe G3 bonus=0.23 atk=2"],
    )
    put(state, "Sam", "E2")
    put(state, "Eve", "E3")
    command(state, "Al skill guard D2", "Sam attack D2; Eve attack D2")
    assert result_of(state, "Sam") == "Bob deflects it"
    assert result_of(state, "Eve") == "Bob takes 2 (9 left)"


def test_war_cry_adds_one_attack_for_good_once_per_unit() -> None:
    # Bob attack 3 + 1 = 4 after War Cry (high priority, before his attack):
    # 4 vs Sword defense 1: 3.5 -> 10 - 3.5 = 6.5.
    state = start(
        ["place Bob Axe D2 bonus=0.26 atk=3", "place Al Axe D1 bonus=0.24 skills=war-cry"],
        blue_line(),
    )
    put(state, "Sam", "E2")
    command(state, "Al skill war-cry D2; Bob attack E2")
    assert health(state, "Sam") == 6.5
    assert unit(state, "Bob")["attack"] == 4
    command(state, "Al skill war-cry D2")
    assert result_of(state, "Al") == "no effect: Bob already has War Cry"
    assert unit(state, "Bob")["attack"] == 4


def test_fortify_adds_two_defense() -> None:
    # Sam: Sword attack 3, effective against Axe. Bob's defense 0 + 2 = 2:
    # (3 - 1) x 2 = 4 -> 11 - 4 = 7 (it would be 6 without Fortify).
    state = start(
        ["place Bob Axe D2 bonus=0.26", "place Al Axe D1 bonus=0.24 skills=fortify"],
        ["place Sam Sword G2 bonus=0.25 atk=3"],
    )
    put(state, "Sam", "E2")
    command(state, "Al skill fortify D2", "Sam attack D2")
    assert health(state, "Bob") == 7
    assert unit(state, "Bob")["defense"] == 2


def test_shove_pushes_the_unit_one_column_further() -> None:
    state = start(
        ["place Bob Axe D2 bonus=0.26 skills=shove"],
        blue_line("place Eve Axe G3 bonus=0.23"),
    )
    put(state, "Sam", "E2")
    command(state, "Bob skill shove E2")
    assert unit(state, "Sam")["cell"] == "F2"
    put(state, "Eve", "G2")
    put(state, "Bob", "E2")
    command(state, "Bob skill shove F2")  # G2 behind Sam is taken
    assert result_of(state, "Bob") == "fails: no free tile behind Sam"


# ---------------------------------------------------------------- ranged skills


def test_covering_fire_is_high_priority_half_damage_and_pins() -> None:
    # Gus: Gun attack 3 + 1 = 4; effective against Sword (defense 1):
    # (4 - 0.5) x 2 x 0.5 = 3.5 -> 6.5. Sam (3.25) is faster than Gus (2.26) but
    # Covering Fire is high priority, and Sam, pinned, cannot move.
    state = start(["place Gus Gun D2 bonus=0.26 atk=3 skills=covering-fire"], blue_line())
    put(state, "Sam", "F2")
    command(state, "Gus skill covering-fire F2", "Sam move forward")
    assert [u for u, _ in results(state)] == ["Gus", "Sam"]
    assert health(state, "Sam") == 6.5
    assert result_of(state, "Sam") == "fails: pinned by covering fire"
    assert unit(state, "Sam")["cell"] == "F2"


def test_aimed_shot_ignores_defense() -> None:
    # Gun attack 4 vs Sword defense 3 + 1 ignored: 4 x 2 = 8 -> 2 left.
    state = start(
        ["place Gus Gun D2 bonus=0.26 atk=3 skills=aimed-shot"],
        ["place Sam Sword G2 bonus=0.25 def=3"],
    )
    command(state, "Gus skill aimed-shot G2")
    assert health(state, "Sam") == 2


def test_mend_heals_an_ally_never_above_its_starting_health() -> None:
    state = start(
        ["place Bob Axe D2 bonus=0.26", "place Gus Gun C2 bonus=0.24 skills=mend"], blue_line()
    )
    state.health[0] = 5.0
    command(state, "Gus skill mend D2")
    assert health(state, "Bob") == 8
    state.health[0] = 10.0
    command(state, "Gus skill mend D2")
    assert health(state, "Bob") == 11  # 10 + 3 capped at 11
    assert result_of(state, "Gus") == "Bob regains 1"


def test_barrier_deflects_an_attack_on_the_unit() -> None:
    state = start(
        ["place Bob Axe D2 bonus=0.26", "place Gus Gun C1 bonus=0.24 skills=barrier"],
        ["place Sam Sword G2 bonus=0.25 atk=3"],
    )
    put(state, "Sam", "E2")
    command(state, "Gus skill barrier D2", "Sam attack D2")
    assert health(state, "Bob") == 11
    assert result_of(state, "Sam") == "Bob deflects it"


def test_haste_adds_two_speed_and_reorders_the_phase() -> None:
    # Al (Axe 2.24) gets +2 speed: 4.24, now faster than Sam (3.25), so he acts before Sam.
    state = start(
        ["place Al Axe D2 bonus=0.24", "place Gus Gun C1 bonus=0.26 skills=haste"],
        blue_line(),
    )
    command(state, "Gus skill haste D2")
    assert [u for u, _ in results(state)] == ["Gus", "Al", "Sam"]
    assert unit(state, "Al")["speed"] == "4.24"
    assert [o["name"] for o in state.view(None)["order"]] == ["Al", "Sam", "Gus"]


def test_retreat_steps_back_onto_an_empty_tile() -> None:
    state = start(
        ["place Gus Gun D2 bonus=0.26 skills=retreat", "place Al Axe C1 bonus=0.24"],
        blue_line(),
    )
    command(state, "Gus skill retreat")
    assert unit(state, "Gus")["cell"] == "C2"
    put(state, "Al", "B2")
    command(state, "Gus skill retreat")
    assert result_of(state, "Gus") == "fails: the tile behind is not free"


# ---------------------------------------------------------------- unique skills


def test_whirlwind_hits_the_tile_and_its_neighbours_allies_too() -> None:
    # Axe attack 3. Sam (Sword, defense 1) on E2: 3 - 0.5 = 2.5 -> 7.5.
    # Eve (Gun, defense 0) on E1, Axe effective: 3 x 2 x 0.5 = 3 -> 7.
    # Al (Green's own Axe) on E3: 3 x 0.5 = 1.5 -> 11 - 1.5 = 9.5 (TG10: any unit).
    state = start(
        ["place Bob Axe D2 bonus=0.26 atk=3 skills=whirlwind", "place Al Axe D3 bonus=0.24"],
        blue_line("place Eve Gun G1 bonus=0.23"),
    )
    put(state, "Sam", "E2")
    put(state, "Eve", "E1")
    put(state, "Al", "E3")
    command(state, "Bob skill whirlwind E2")
    assert (health(state, "Sam"), health(state, "Eve"), health(state, "Al")) == (7.5, 7, 9.5)


def test_riposte_deflects_and_strikes_back() -> None:
    # Bob attacks Sam, who has readied Riposte: deflected; Sam's counter: Sword attack 2,
    # effective against Axe (defense 0): 4 -> 11 - 4 = 7.
    state = start(
        ["place Bob Axe D2 bonus=0.26 atk=3"],
        ["place Sam Sword G2 bonus=0.25 atk=2 skills=riposte"],
    )
    put(state, "Sam", "E2")
    command(state, "Bob attack E2", "Sam skill riposte")
    assert health(state, "Sam") == 10
    assert health(state, "Bob") == 7
    assert result_of(state, "Bob") == "Sam deflects it; counter: Bob takes 4 (7 left)"


def test_impale_hits_the_tile_and_the_one_beyond() -> None:
    # Lance attack 2 + 1 = 3, effective against Sword and Gun.
    # Sam (defense 1) on E2: (3 - 0.5) x 2 = 5 -> 5. Eve (Gun, defense 0) on F2: 6 -> 4.
    state = start(
        ["place Lou Lance D2 bonus=0.26 atk=2 skills=impale"],
        blue_line("place Eve Gun G1 bonus=0.23"),
    )
    put(state, "Sam", "E2")
    put(state, "Eve", "F2")
    command(state, "Lou skill impale E2")
    assert (health(state, "Sam"), health(state, "Eve")) == (5, 4)


def test_frenzy_trades_defense_for_attack_once() -> None:
    # Beserker: attack 2 + 1 = 3 -> 5; defense 2 -> 1.
    state = start(["place Ben Beserker D2 bonus=0.26 atk=2 def=2 skills=frenzy"], blue_line())
    command(state, "Ben skill frenzy")
    assert (unit(state, "Ben")["attack"], unit(state, "Ben")["defense"]) == (5, 1)
    command(state, "Ben skill frenzy")
    assert result_of(state, "Ben") == "no effect: Ben already has Frenzy"
    assert unit(state, "Ben")["attack"] == 5


def test_rain_of_arrows_half_damage_on_three_tiles_low_priority() -> None:
    # Arrow attack 3. Sam (Sword, defense 1) on E2, not effective: 2.5 x 0.5 = 1.25 -> 8.75.
    # Eve (Gun) on E1, Arrow effective: 3 x 2 x 0.5 = 3 -> 7.
    state = start(
        ["place Ann Arrow C2 bonus=0.26 atk=3 skills=rain"],
        blue_line("place Eve Gun G1 bonus=0.23"),
    )
    put(state, "Sam", "E2")
    put(state, "Eve", "E1")
    command(state, "Ann skill rain E2")
    assert (health(state, "Sam"), health(state, "Eve")) == (8.75, 7)
    assert results(state)[-1][0] == "Ann"  # low priority: last although fastest (3.26)


def test_quickdraw_is_a_normal_shot_at_high_priority() -> None:
    # Gun attack 2 + 1 = 3 vs Sword defense 1, effective: (3 - 0.5) x 2 = 5 -> 5.
    state = start(["place Gus Gun D2 bonus=0.26 atk=2 skills=quickdraw"], blue_line())
    command(state, "Gus skill quickdraw G2")
    assert health(state, "Sam") == 5
    assert results(state)[0] == ("Gus", "Sam takes 5 (5 left)")


def test_hex_lowers_defense_by_two_never_below_zero() -> None:
    # Sam: defense 3 + 1 = 4 -> 2 after Hex. Gus (Gun attack 4, effective): (4 - 1) x 2 = 6.
    state = start(
        ["place Mia Magic D1 bonus=0.26 skills=hex", "place Gus Gun D2 bonus=0.24 atk=3"],
        ["place Sam Sword G2 bonus=0.25 def=3", "place Eve Gun G1 bonus=0.23"],
    )
    command(state, "Mia skill hex G2; Gus attack G2")
    assert unit(state, "Sam")["defense"] == 2
    assert health(state, "Sam") == 4
    command(state, "Mia skill hex G1")
    assert unit(state, "Eve")["defense"] == 0


def test_bombard_full_on_the_tile_half_on_its_neighbours() -> None:
    # Cannon attack 2 + 1 = 3, effective against Sword: (3 - 0.5) x 2 = 5 -> 5.
    # Eve (Gun, defense 0) on E1, not effective: 3 x 0.5 = 1.5 -> 8.5.
    state = start(
        ["place Cal Cannon B2 bonus=0.26 atk=2 skills=bombard"],
        blue_line("place Eve Gun G1 bonus=0.23"),
    )
    put(state, "Sam", "E2")
    put(state, "Eve", "E1")
    command(state, "Cal skill bombard E2")
    assert (health(state, "Sam"), health(state, "Eve")) == (5, 8.5)


def test_tg10_a_skill_may_target_an_ally() -> None:
    # Gus's Covering Fire on his own Bob: Gun attack 3 vs Axe defense 0, not effective:
    # 3 x 0.5 = 1.5 -> 11 - 1.5 = 9.5, and Bob is pinned.
    state = start(
        ["place Bob Axe D2 bonus=0.26", "place Gus Gun C2 bonus=0.24 atk=2 skills=covering-fire"],
        blue_line(),
    )
    command(state, "Gus skill covering-fire D2; Bob move forward")
    assert health(state, "Bob") == 9.5
    assert result_of(state, "Bob") == "fails: pinned by covering fire"


def test_a_unit_with_zero_attack_cannot_use_a_strike_skill() -> None:
    state = start(["place Bob Axe D2 bonus=0.26 skills=whirlwind,war-cry"], blue_line())
    with pytest.raises(duelhost.IllegalAction, match="0 attack and cannot use whirlwind"):
        state.submit(0, "Bob skill whirlwind E2")
    assert state.submit(0, "Bob skill war-cry D2") == "Bob skill war-cry D2"  # not a strike


def test_a_pinned_unit_cannot_be_swapped_into() -> None:
    # Gus pins his own Al (Covering Fire, high priority); Bob's move onto Al then fails.
    state = start(
        [
            "place Bob Axe D2 bonus=0.26",
            "place Al Axe D1 bonus=0.24",
            "place Gus Gun C1 bonus=0.22 atk=1 skills=covering-fire",
        ],
        blue_line(),
    )
    command(state, "Gus skill covering-fire D1; Bob move up")
    assert result_of(state, "Bob") == "fails: Al is pinned"
    assert (unit(state, "Bob")["cell"], unit(state, "Al")["cell"]) == ("D2", "D1")


def test_shoving_an_ally_forward_obeys_the_forward_rule() -> None:
    state = start(
        ["place Bob Axe C2 bonus=0.26 skills=shove", "place Al Axe D2 bonus=0.24"], blue_line()
    )
    put(state, "Sam", "E3")  # column E holds an enemy of Al
    command(state, "Bob skill shove D2")
    assert result_of(state, "Bob") == "fails: column E holds an enemy of Al"
    put(state, "Sam", "H3")
    command(state, "Bob skill shove D2")
    assert unit(state, "Al")["cell"] == "E2"


def test_the_half_damage_minimum_applies_after_the_skill_multiplier() -> None:
    # Issue 16: the rules page had max(0.5, ...) x multiplier; the engine (and TG5's "0.5
    # damage at minimum") apply the multiplier inside. Gus: Gun attack 0 + 1 = 1; Sam: Sword
    # defense 5 + 1 = 6; Gun effective against Sword: (1 - 3) x 2 x 0.5 = -2 -> 0.5 (not 0.25).
    state = start(
        ["place Gus Gun D2 bonus=0.26 skills=covering-fire"],
        ["place Sam Sword G2 bonus=0.25 def=5"],
    )
    put(state, "Sam", "F2")
    command(state, "Gus skill covering-fire F2")
    assert health(state, "Sam") == 9.5
    page = " ".join(duelhost.core.registry.rules_text("tactical_genius").split())
    assert "× the skill's multiplier), for a unit with attack above 0" in page
