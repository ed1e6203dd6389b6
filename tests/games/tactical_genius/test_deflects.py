"""Rulings TG11 (Riposte held apart from Guard/Barrier) and TG12 (a strike's hits land
together, then its counter), with damage worked out by hand.

House table figures: base health 10, attack and defense 0; Sword +1 defense, Gun/Magic +1
attack, Arrow +1 speed; Sword is effective against Arrow, Arrow against Gun (double damage).
"""

from __future__ import annotations

from tests.games.tactical_genius.helpers import command, health, results, start


def test_riposte_survives_an_allys_barrier_and_counters() -> None:
    # Issue 32 section 9. High priority first, by speed: Ga (Sword, speed 3 + 5 + 0.24 = 8.24)
    # readies Riposte, then Gc (Magic, speed 2.26) puts Barrier on Ga. Before TG11 the Barrier
    # overwrote the Riposte and Ba kept 10 health. Now Ga holds both; the Riposte, gained
    # first, deflects Ba's attack and counters: Sword attack 5 against Gun defense 0, not
    # effective: 5 -> Ba 10 - 5 = 5.
    state = start(
        [
            "place Ga Sword D2 bonus=0.24 atk=5 spd=5 skills=riposte",
            "place Gc Magic C2 bonus=0.26 skills=barrier",
        ],
        ["place Ba Gun G2 bonus=0.25 atk=5 spd=9"],
    )
    command(state, "Ga skill riposte; Gc skill barrier D2", "Ba attack D2")
    assert results(state) == [
        ("Ga", "Ga is ready to deflect"),
        ("Gc", "Ga is ready to deflect"),
        ("Ba", "Ga deflects it; counter: Ba takes 5 (5 left)"),
    ]
    assert (health(state, "Ga"), health(state, "Ba")) == (10, 5)


def test_each_held_deflect_stops_one_attack_the_first_gained_first() -> None:
    # Gc (speed 2 + 9 + 0.26 = 11.26) puts Barrier on Ga before Ga (8.24) readies Riposte.
    # Normal priority: Ba (Gun, 2 + 9 + 0.25 = 11.25) attacks first and meets the Barrier
    # (gained first): deflected, no counter. Bb (Magic, 2.23) attacks next and meets the
    # Riposte: deflected, counter 5 (Sword attack 5, Magic defense 0) -> Bb 5. Ga untouched.
    state = start(
        [
            "place Ga Sword D2 bonus=0.24 atk=5 spd=5 skills=riposte",
            "place Gc Magic C2 bonus=0.26 spd=9 skills=barrier",
        ],
        ["place Ba Gun G2 bonus=0.25 atk=5 spd=9", "place Bb Magic G1 bonus=0.23 atk=3"],
    )
    command(state, "Ga skill riposte; Gc skill barrier D2", "Ba attack D2; Bb attack D2")
    assert results(state) == [
        ("Gc", "Ga is ready to deflect"),
        ("Ga", "Ga is ready to deflect"),
        ("Ba", "Ga deflects it"),
        ("Bb", "Ga deflects it; counter: Bb takes 5 (5 left)"),
    ]
    assert (health(state, "Ga"), health(state, "Ba"), health(state, "Bb")) == (10, 10, 5)


def test_guard_and_barrier_together_give_one_deflect() -> None:
    # Gc's Barrier and Gd's Guard both land on Ga (no Riposte): one deflect only. Ba's attack
    # is deflected; Bb's lands: Magic attack 3 + 1 = 4, effective against Sword (x2), Sword
    # defense 1: (4 - 0.5) x 2 = 7 -> Ga 10 - 7 = 3.
    state = start(
        [
            "place Ga Sword D2 bonus=0.24",
            "place Gc Magic C2 bonus=0.26 skills=barrier",
            "place Gd Axe C1 bonus=0.22 skills=guard",
        ],
        ["place Ba Gun G2 bonus=0.25 atk=5 spd=9", "place Bb Magic G1 bonus=0.23 atk=3"],
    )
    command(state, "Gc skill barrier D2; Gd skill guard D2", "Ba attack D2; Bb attack D2")
    assert health(state, "Ga") == 3
    assert (health(state, "Ba"), health(state, "Bb")) == (10, 10)


def test_rain_lands_every_hit_before_the_counter_that_kills_the_archer() -> None:
    # Issue 32 section 9. Ga (Arrow, attack 5) rains on G2: half damage on G2, G1 and G3.
    # Ba (Sword) on G2 deflects with Riposte; Bb and Bc (Gun, defense 0, Arrow effective):
    # 5 x 2 x 0.5 = 5 each -> 5 left. Then the counter: Sword attack 5, effective against
    # Arrow: 10 -> Ga removed, worth 3 + 1 skill + 5 attack points = 9. Before TG12 the
    # counter came first and Bb, Bc kept 10.
    state = start(
        ["place Ga Arrow D2 bonus=0.26 atk=5 skills=rain"],
        [
            "place Ba Sword G2 bonus=0.25 atk=5 skills=riposte",
            "place Bb Gun G1 bonus=0.23",
            "place Bc Gun G3 bonus=0.21",
        ],
    )
    command(state, "Ga skill rain G2", "Ba skill riposte")
    assert (health(state, "Bb"), health(state, "Bc")) == (5, 5)
    assert health(state, "Ba") == 10
    assert health(state, "Ga") <= 0
    assert results(state)[-1] == (
        "Ga",
        "Ba deflects it; Bb takes 5 (5 left); Bc takes 5 (5 left); "
        "counter: Ga takes 10 and is removed (value 9)",
    )
