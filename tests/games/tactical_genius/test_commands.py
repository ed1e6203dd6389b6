"""Command phases: orders, resolution by priority then speed, damage, moves and swaps
(TG5, TG6, TG9). Damage is worked out by hand from the house table in each test."""

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


def rejected(state: duelhost.State, seat: int, text: str, message: str) -> None:
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match=message):
        state.submit(seat, text)
    assert state.to_json() == before


def test_tg5_damage_effective_doubles() -> None:
    # Gun: base attack 0 + 3 points + free +1 = 4. Sword: 1 point + free +1 = defense 2.
    # Gun is effective against Sword: (4 - 2 / 2) x 2 = 6; 10 - 6 = 4 left.
    state = start(["place Gus Gun D2 bonus=0.26 atk=3"], ["place Sam Sword G2 bonus=0.25 def=1"])
    command(state, "Gus attack G2")
    assert health(state, "Sam") == 4


def test_tg5_damage_not_effective_can_be_fractional() -> None:
    # Axe attack 3 against Sword defense 2 + 1 = 3: 3 - 3 / 2 = 1.5 (Axe not effective).
    state = start(["place Bob Axe D2 bonus=0.26 atk=3"], ["place Sam Sword G2 bonus=0.25 def=2"])
    put(state, "Sam", "E2")
    command(state, "Bob attack E2")
    assert health(state, "Sam") == 8.5


def test_tg5_rule_change_half_damage_at_least() -> None:
    # Axe attack 1 against Sword defense 5 + 1 = 6: 1 - 3 = -2, raised to 0.5.
    # Axe attack 1 against Lance defense 5 (effective): (1 - 2.5) x 2 = -3, raised to 0.5.
    state = start(
        ["place Bob Axe D2 bonus=0.26 atk=1", "place Al Axe D1 bonus=0.24 atk=1"],
        ["place Sam Sword G2 bonus=0.25 def=5", "place Lou Lance G1 bonus=0.23 def=5"],
    )
    put(state, "Sam", "E2")
    put(state, "Lou", "E1")
    command(state, "Bob attack E2; Al attack E1")
    assert health(state, "Sam") == 9.5
    assert health(state, "Lou") == 9.5


def test_zero_attack_cannot_attack() -> None:
    state = start(["place Bob Axe D2 bonus=0.26"], ["place Sam Sword G2 bonus=0.25"])
    put(state, "Sam", "E2")
    rejected(state, 0, "Bob attack E2", "Bob has 0 attack and cannot attack")


def test_tg5_killed_before_its_turn_does_nothing() -> None:
    # Eve: Beserker speed 3 + 2 = 5.25, attack 5 + 1 = 6; effective against Gun:
    # 6 x 2 = 12 >= 10, Bob (Gun, speed 2.26) is removed before his turn.
    state = start(
        ["place Bob Gun D2 bonus=0.26 atk=5"], ["place Eve Beserker G2 bonus=0.25 atk=5 spd=2"]
    )
    put(state, "Eve", "E2")
    command(state, "Bob attack E2", "Eve attack D2")
    assert not unit(state, "Bob")["alive"]
    assert health(state, "Eve") == 10  # untouched
    # Bob's value: 3 + 5 attack points = 8 points, Blue's kill value.
    assert results(state) == [("Eve", "Bob takes 12 and is removed (value 8)")]
    assert state.kills == [0, 8]


def test_tg5_priority_class_before_speed() -> None:
    # Gus's Quickdraw is high priority: it resolves before the faster Eve's normal attack.
    # Gun attack 5 + 1 = 6 against Beserker (effective): 12 -> Eve removed first.
    state = start(
        ["place Gus Gun D2 bonus=0.26 atk=5 skills=quickdraw"],
        ["place Eve Beserker G2 bonus=0.25 atk=5 spd=2"],
    )
    put(state, "Eve", "E2")
    command(state, "Gus skill quickdraw E2", "Eve attack D2")
    assert not unit(state, "Eve")["alive"]
    assert health(state, "Gus") == 10
    assert [u for u, _ in results(state)] == ["Gus"]


def test_tg5_same_priority_higher_speed_first() -> None:
    # Both attack normally; Sam (Sword 3 + 0.25) is faster than Bob (Axe 2 + 0.26).
    state = start(["place Bob Axe D2 bonus=0.26 atk=2"], ["place Sam Sword G2 bonus=0.25 atk=2"])
    put(state, "Sam", "E2")
    command(state, "Bob attack E2", "Sam attack D2")
    assert [u for u, _ in results(state)] == ["Sam", "Bob"]
    assert [o["name"] for o in state.view(None)["order"]] == ["Sam", "Bob"]
    # Sam: attack 2 vs Axe defense 0, Sword effective against Axe: 4 -> 11 - 4 = 7.
    # Bob: attack 2 vs Sword defense 1: 2 - 0.5 = 1.5 -> 10 - 1.5 = 8.5.
    assert health(state, "Bob") == 7
    assert health(state, "Sam") == 8.5


def test_tg5_attack_on_an_empty_tile_or_an_ally_is_lost() -> None:
    state = start(
        ["place Gus Gun C2 bonus=0.26 atk=2", "place Al Axe D2 bonus=0.24"],
        ["place Sam Sword G2 bonus=0.25"],
    )
    command(state, "Gus attack D2")  # Al, an ally, stands there
    assert result_of(state, "Gus") == "lost: D2 holds an ally"
    assert health(state, "Al") == 11
    command(state, "Gus attack E2")
    assert result_of(state, "Gus") == "lost: E2 is empty"


def test_tg5_attack_targets_a_tile_not_a_unit() -> None:
    """TG5: the attack hits whoever stands on the tile when it resolves. Gus targets F2, empty
    when ordered; next phase Eve stands on F2 and the same order hits her."""
    state = start(
        ["place Gus Gun D2 bonus=0.26 atk=2"],
        ["place Sam Sword G2 bonus=0.25", "place Eve Axe G3 bonus=0.23 spd=3"],
    )
    command(state, "Gus attack F2", "Eve move up")
    assert result_of(state, "Gus") == "lost: F2 is empty"
    # Eve (Axe 2 + 3 = 5.23) moved up from G3 onto Sam's G2: a swap (TG6).
    assert result_of(state, "Eve") == "swaps with Sam to G2"
    put(state, "Eve", "F2")
    command(state, "Gus attack F2")
    # Gun attack 2 + 1 = 3 against Axe defense 0, not effective: 3; Axe health 10 + 1 - 3 = 8.
    assert health(state, "Eve") == 8


def test_green_attacks_to_the_right_blue_to_the_left() -> None:
    state = start(["place Gus Gun D2 bonus=0.26 atk=2"], ["place Gil Gun G2 bonus=0.25 atk=2"])
    put(state, "Gil", "B2")  # behind Gus
    rejected(state, 0, "Gus attack B2", "B2 is out of Gus's range")
    rejected(state, 1, "Gil attack C2", "C2 is out of Gil's range")
    assert state.submit(1, "Gil attack A2") == "Gil attack A2"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Zed attack E2", "you have no unit named 'Zed'"),
        ("Gus attack G2; gus move up", "Gus already has an order"),
        ("Gus dance", "'dance' is not an order"),
        ("Gus", "write 'NAME attack CELL'"),
        ("Gus attack", "write 'NAME attack CELL'"),
        ("Gus attack H2", "H2 is out of Gus's range"),
        ("Gus attack E1", "E1 is out of Gus's range"),  # Gun: same row only
        ("Gus move sideways", "write 'NAME move up'"),
        ("Gus move down; Al move up", "Al cannot move up off the board"),
        ("Gus skill rush", "Gus has no skill 'rush'"),
        ("Gus skill quickdraw", "quickdraw needs a target cell"),
        ("Gus skill retreat D2", "retreat targets Gus itself and takes no cell"),
        ("Gus skill quickdraw H2", "H2 is out of range of quickdraw"),
        ("Gus idle now", "'idle' takes nothing after it"),
        ("Gus attack Z9", "off the board"),
    ],
)
def test_bad_orders_are_refused(text: str, message: str) -> None:
    state = start(
        [
            "place Gus Gun D2 bonus=0.26 atk=2 skills=quickdraw,retreat",
            "place Al Axe D1 bonus=0.24",
        ],
        ["place Sam Sword G2 bonus=0.25"],
    )
    rejected(state, 0, text, message)


def test_orders_are_canonical_sorted_and_idle_is_implicit() -> None:
    state = start(
        ["place Gus Gun D2 bonus=0.26 atk=2", "place Al Axe D1 bonus=0.24"],
        ["place Sam Sword G2 bonus=0.25"],
    )
    assert state.submit(0, "al MOVE Down\ngus attack g2; ") == "Gus attack G2; Al move down"
    assert state.submit(1, "Sam idle") == "pass"


def test_tg6_moves_up_down_forward() -> None:
    state = start(
        ["place Bob Axe D2 bonus=0.26", "place Al Axe C1 bonus=0.24", "place Cy Axe C3 bonus=0.22"],
        ["place Sam Sword H2 bonus=0.25"],
    )
    command(state, "Bob move forward; Al move down; Cy move up")
    # Bob (2.26) first: D2 -> E2. Al (2.24): C1 -> C2. Cy (2.22): C3 -> C2 holds Al, an ally
    # who has acted: the swap fails.
    assert (unit(state, "Bob")["cell"], unit(state, "Al")["cell"]) == ("E2", "C2")
    assert unit(state, "Cy")["cell"] == "C3"
    assert result_of(state, "Cy") == "fails: Al has already acted"


def test_tg6_forward_needs_a_column_free_of_enemies() -> None:
    state = start(["place Bob Axe D2 bonus=0.26"], ["place Sam Sword G2 bonus=0.25"])
    put(state, "Sam", "E1")  # another row, but column E
    command(state, "Bob move forward")
    assert unit(state, "Bob")["cell"] == "D2"
    assert result_of(state, "Bob") == "fails: column E holds an enemy"


def test_tg6_up_or_down_only_onto_a_tile_without_an_enemy() -> None:
    state = start(["place Bob Axe D2 bonus=0.26"], ["place Sam Sword G2 bonus=0.25"])
    put(state, "Sam", "D1")
    command(state, "Bob move up")
    assert result_of(state, "Bob") == "fails: D1 holds an enemy"
    command(state, "Bob move down")  # D3 is empty, though column D holds an enemy
    assert unit(state, "Bob")["cell"] == "D3"


def test_tg6_moving_onto_an_ally_swaps_and_uses_both_orders() -> None:
    # Bob (Axe 2.26) is faster than Gus (Gun 2.24): Bob moves up onto Gus, they swap, and
    # Gus's attack never happens.
    state = start(
        ["place Bob Axe D2 bonus=0.26", "place Gus Gun D1 bonus=0.24 atk=3"],
        ["place Sam Sword G1 bonus=0.25"],
    )
    command(state, "Bob move up; Gus attack G1")
    assert (unit(state, "Bob")["cell"], unit(state, "Gus")["cell"]) == ("D1", "D2")
    assert health(state, "Sam") == 10
    assert [u for u, _ in results(state)] == ["Sam", "Bob"]


def test_tg9_unnamed_units_and_timeouts_idle() -> None:
    state = start(["place Bob Axe D2 bonus=0.26 atk=2"], ["place Sam Sword G2 bonus=0.25 atk=2"])
    put(state, "Sam", "E2")
    state.timeout(0)
    state.submit(1, "pass")
    assert results(state) == [("Sam", "idles"), ("Bob", "idles")]
    assert state.phase == "reinforcement"
    state.timeout(0)
    state.timeout(1)  # a reinforcement phase without a submission does nothing
    assert state.phase == "command" and state.round == 3
    assert state.points == [40 - 5, 40 - 5]
