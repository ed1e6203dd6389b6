"""Tick-by-tick rules of Multiplanetary Empire (MP2-MP9, G1), with hand-computed states.

Positions come from the fixed map in ``helpers`` (distances in its docstring). Where a test
needs a planet owned by a player besides the homes, it is set with ``place`` (a crafted position)
and the test says so.
"""

from __future__ import annotations

import pytest

import duelhost
from duelhost.games.multiplanetary.rules import travel_ticks
from tests.games.multiplanetary.helpers import (
    last_tick_event,
    new_state,
    owner_ships,
    place,
    planet,
    tick,
    wait,
)

# ---------------------------------------------------------------------- G1, MP2 basics


def test_g1_mp10_red_is_seat_0_on_a1_and_ticks_start_at_0() -> None:
    state = new_state()
    assert state.game.spec.seat_names == ("Red", "Blue")
    assert owner_ships(state, "A1") == (0, 0)
    assert owner_ships(state, "J10") == (1, 0)
    assert state.view()["tick"] == 0
    assert state.to_act == (0, 1)  # tick dynamics: both seats act in every decision
    tick(state)
    assert state.view()["tick"] == 1
    assert state.to_act == (0, 1)


@pytest.mark.parametrize(
    ("dx", "dy", "standard", "quantum"),
    [
        (1, 0, 1, 1),  # d = 1: ceil(1) = 1; ceil(0.5) = 1
        (1, 1, 2, 1),  # d = 1.414: 2; ceil(0.707) = 1
        (2, 0, 2, 1),  # d = 2: 2; ceil(1) = 1
        (2, 2, 3, 2),  # d = 2.828: 3; ceil(1.414) = 2
        (3, 1, 4, 2),  # d = 3.162: 4; ceil(1.581) = 2
        (3, 4, 5, 3),  # d = 5 exactly: 5; ceil(2.5) = 3
        (4, 1, 5, 3),  # d = 4.123: 5; ceil(2.062) = 3
        (6, 8, 10, 5),  # d = 10 exactly: 10; 5
        (7, 7, 10, 5),  # d = 9.899: 10; ceil(4.950) = 5
        (9, 5, 11, 6),  # d = 10.296: 11; ceil(5.148) = 6
        (9, 9, 13, 7),  # d = 12.728: 13; ceil(6.364) = 7
    ],
)
def test_mp1_mp2_travel_ticks_round_up_distance(
    dx: int, dy: int, standard: int, quantum: int
) -> None:
    assert travel_ticks(dx * dx + dy * dy, False) == standard
    assert travel_ticks(dx * dx + dy * dy, True) == quantum


def test_mp2_fleets_processed_at_t_arrive_at_t_plus_travel() -> None:
    state = new_state()
    wait(state, 4)  # A1 makes 4 ships a tick from tick 1: 16 after tick 4
    # Processed at tick 5: A1-E5 is d = sqrt(32) = 5.66: standard 6 ticks, quantum 3.
    tick(state, red="A1>E5 4; A1>>E5 6")
    fleets = state.view()["fleets"]
    assert [(f["arrives"], f["ships"], f["sent"], f["warp"]) for f in fleets] == [
        (8, 3, 6, "quantum"),  # 5 + 3; 6 sent, 3 arrive
        (11, 4, 4, "standard"),  # 5 + 6
    ]
    assert all(f["departed"] == 5 and f["from"] == "A1" and f["to"] == "E5" for f in fleets)
    assert owner_ships(state, "A1") == (0, 16 - 10 + 4)
    wait(state, 2)  # ticks 6, 7: nothing has landed yet
    assert owner_ships(state, "E5") == (None, 20)
    tick(state)  # tick 8: the quantum fleet of 3 lands, 20 - 3 = 17
    assert owner_ships(state, "E5") == (None, 17)
    wait(state, 2)  # ticks 9, 10
    assert owner_ships(state, "E5") == (None, 17)
    tick(state)  # tick 11: the standard fleet of 4 lands, 17 - 4 = 13
    assert owner_ships(state, "E5") == (None, 13)
    assert state.view()["fleets"] == []


def test_mp2_quantum_warp_loses_half_rounded_up_with_odd_fleets() -> None:
    state = new_state()
    wait(state, 3)  # A1: 12 ships
    # Tick 4: 7 by quantum: floor(7 / 2) = 3 fly, 4 lost; 1 by quantum: 0 fly, 1 lost.
    tick(state, red="A1>>C1 7; A1>>C3 1")
    assert last_tick_event(state)["quantum_lost"] == 5
    fleets = state.view()["fleets"]
    assert [(f["to"], f["ships"], f["sent"], f["arrives"]) for f in fleets] == [("C1", 3, 7, 5)]
    assert owner_ships(state, "A1") == (0, 12 - 8 + 4)
    assert state.view()["totals"]["ships"][0] == 8 + 3  # A1 plus the fleet in flight
    tick(state)  # tick 5: 3 ships reach C1 (5 ships): 5 - 3 = 2, still neutral
    assert owner_ships(state, "C1") == (None, 2)
    # An even quantum fleet: 6 sent, 3 arrive, 3 lost (tick 6; C1 is 1 tick away by quantum).
    tick(state, red="A1>>C1 6")
    assert last_tick_event(state)["quantum_lost"] == 3
    tick(state)  # tick 7: 3 > 2: Red captures C1 with 3 - 2 = 1
    assert owner_ships(state, "C1") == (0, 1)


# ---------------------------------------------------------------------- MP6 production


def test_mp6_home_planets_produce_from_tick_1() -> None:
    state = new_state()
    tick(state)
    assert owner_ships(state, "A1") == (0, 4)
    assert owner_ships(state, "J10") == (1, 4)
    wait(state, 2)
    assert owner_ships(state, "A1") == (0, 12)


def test_mp6_size_1_captured_at_tick_7_next_produces_at_tick_11() -> None:
    """The text's addendum, played out: C1 (size 1, 5 ships) captured at tick 7."""
    state = new_state()
    wait(state, 4)  # A1: 16
    tick(state, red="A1>C1 6")  # tick 5: d(A1, C1) = 2, arrives at 5 + 2 = 7
    assert owner_ships(state, "A1") == (0, 16 - 6 + 4)
    tick(state)  # tick 6
    assert owner_ships(state, "C1") == (None, 5)
    tick(state)  # tick 7: 6 > 5: captured with 1; no production on the capture tick
    assert owner_ships(state, "C1") == (0, 1)
    assert planet(state, "C1")["next_production"] == 4
    for expected_wait in (3, 2, 1):  # ticks 8, 9, 10: nothing produced
        tick(state)
        assert owner_ships(state, "C1") == (0, 1)
        assert planet(state, "C1")["next_production"] == expected_wait
    tick(state)  # tick 11: the first production, 1 ship
    assert owner_ships(state, "C1") == (0, 2)
    wait(state, 3)  # ticks 12-14
    assert owner_ships(state, "C1") == (0, 2)
    tick(state)  # tick 15
    assert owner_ships(state, "C1") == (0, 3)


def test_mp6_recapture_restarts_the_schedule_and_arrivals_come_before_production() -> None:
    """MP3/MP6: Blue retakes C1 at tick 11, the very tick Red's C1 was due to produce."""
    state = new_state()
    wait(state, 4)
    tick(state, red="A1>C1 6")  # tick 5
    wait(state, 2)  # tick 7: Red captures C1 with 1
    place(state, "A3", 1, 10)  # crafted: Blue owns A3 (size 2) with 10 ships from tick 7
    # Tick 8: A3-C1 is d = sqrt(8) = 2.83: 3 ticks, arrives at 11.
    tick(state, blue="A3>C1 5")
    wait(state, 2)  # ticks 9, 10
    assert owner_ships(state, "C1") == (0, 1)
    tick(state)  # tick 11: 5 > 1 (Red's production of tick 11 comes after arrivals): Blue 4
    assert owner_ships(state, "C1") == (1, 4)
    assert planet(state, "C1")["next_production"] == 4
    wait(state, 3)  # ticks 12-14
    assert owner_ships(state, "C1") == (1, 4)
    tick(state)  # tick 15: Blue's first production at C1
    assert owner_ships(state, "C1") == (1, 5)


def test_mp6_sizes_2_to_5_produce_every_2nd_tick_and_every_tick() -> None:
    """Crafted: Red owns A3 (size 2), C3 (size 3) and E5 (size 4) from tick 0, no ships."""
    state = new_state()
    for cell in ("A3", "C3", "E5"):
        place(state, cell, 0, 0)
    expected = {  # after ticks 1..4: size 2 at ticks 2, 4; size 3 +1; size 4 +2; size 5 +4
        1: (0, 1, 2, 4),
        2: (1, 2, 4, 8),
        3: (1, 3, 6, 12),
        4: (2, 4, 8, 16),
    }
    for number in range(1, 5):
        tick(state)
        got = tuple(owner_ships(state, cell)[1] for cell in ("A3", "C3", "E5", "A1"))
        assert got == expected[number]


def test_mp6_sizes_3_to_5_do_not_produce_on_their_capture_tick() -> None:
    """Decision: 'every tick counted from the tick of capture' starts the tick after it."""
    state = new_state()
    wait(state, 5)  # A1: 20
    tick(state, red="A1>A5 20")  # tick 6: A5 (size 5, 30 ships) is 4 away: arrives at 10
    wait(state, 3)  # ticks 7-9: A1 gets 4 ships a tick
    tick(state, red="A1>A5 12")  # tick 10: 20 lands (30 - 20 = 10); this 12 arrives at 14
    assert owner_ships(state, "A5") == (None, 10)
    wait(state, 4)  # tick 14: 12 > 10: captured with 2, no production on tick 14
    assert owner_ships(state, "A5") == (0, 2)
    tick(state)  # tick 15: + 4
    assert owner_ships(state, "A5") == (0, 6)


def test_mp6_production_doubles_at_tick_181_and_quadruples_at_361() -> None:
    state = new_state(max_ticks=None)
    tick(state)
    tick(state, red="A1>E1 1")  # tick 2: E1 (size 1, 0 ships) is 4 away: captured at 6 with 1
    wait(state, 4)
    assert owner_ships(state, "E1") == (0, 1)
    wait(state, 180 - 6)
    # A1 after tick 180: 4 * 180 - 1 = 719. E1 produced at 10, 14, ..., 178 (43 times): 44.
    assert owner_ships(state, "A1") == (0, 719)
    assert owner_ships(state, "E1") == (0, 44)
    assert planet(state, "A1")["production"] == 8  # the next one is at tick 181: doubled
    tick(state)  # tick 181
    assert owner_ships(state, "A1") == (0, 727)
    assert owner_ships(state, "E1") == (0, 44)
    tick(state)  # tick 182: E1 produces 2 now
    assert owner_ships(state, "A1") == (0, 735)
    assert owner_ships(state, "E1") == (0, 46)
    wait(state, 360 - 182)
    # E1 produced 2 at 182, 186, ..., 358 (45 times): 44 + 90 = 134; A1 is capped at 999.
    assert owner_ships(state, "E1") == (0, 134)
    assert owner_ships(state, "A1") == (0, 999)
    place(state, "A1", 0, 0, since=0)  # crafted: empty A1 to see the tick-361 amount
    tick(state)  # tick 361: 4 * 4 = 16
    assert owner_ships(state, "A1") == (0, 16)
    tick(state)  # tick 362: E1 (6 + 4 * 89) produces 4
    assert owner_ships(state, "E1") == (0, 138)


def test_mp5_neutral_planets_do_not_produce_by_default() -> None:
    state = new_state()
    wait(state, 8)
    assert owner_ships(state, "C3") == (None, 10)
    assert owner_ships(state, "A5") == (None, 30)
    assert planet(state, "C3")["next_production"] is None


def test_mp5_neutral_production_option_counts_from_tick_0() -> None:
    state = new_state(neutral_production=True)
    wait(state, 8)
    # size 1 (C1, 5): ticks 4, 8 -> 7; size 2 (A3, 4): 2, 4, 6, 8 -> 8; size 3 (C3, 10): 18;
    # size 4 (E5, 20): 20 + 2 * 8 = 36; size 5 (A5, 30): 30 + 4 * 8 = 62.
    assert [owner_ships(state, c)[1] for c in ("C1", "A3", "C3", "E5", "A5")] == [7, 8, 18, 36, 62]
    assert planet(state, "C1")["next_production"] == 4


# ---------------------------------------------------------------------- MP3, MP4 arrivals


def test_mp3_departures_come_before_arrivals() -> None:
    """Crafted: Red C3 (size 3) with 6 ships, Blue E5 (size 4) with 10, both from tick 0."""
    state = new_state()
    place(state, "C3", 0, 6)
    place(state, "E5", 1, 10)
    tick(state, blue="E5>C3 3")  # tick 1: d(E5, C3) = sqrt(8): 3 ticks, arrives at 4
    wait(state, 2)  # C3: 6 + 1 + 1 + 1 = 9 after tick 3
    assert owner_ships(state, "C3") == (0, 9)
    tick(state, red="C3>A1 9")  # tick 4: C3 empties first, then 3 > 0: Blue captures with 3
    assert owner_ships(state, "C3") == (1, 3)


@pytest.mark.parametrize(
    ("blue_sends", "expected"),
    [
        (4, (0, 7)),  # 5 + 5 friendly = 10; 10 - 4 = 6; + 1 produced
        (10, (0, 1)),  # MP4: equal numbers leave 0 ships and the owner; + 1 produced
        (11, (1, 1)),  # 11 > 10: Blue captures with 1; no production on the capture tick
    ],
)
def test_mp3_mp4_friendly_arrivals_before_hostile(
    blue_sends: int, expected: tuple[int, int]
) -> None:
    """Crafted: Red C3 (size 3) with 0 ships and Blue E5 (size 4) with 10 from tick 0. Both
    fleets leave at tick 3 and land at tick 6 (3 ticks each); Red's reinforcement counts first."""
    state = new_state()
    place(state, "C3", 0, 0)
    place(state, "E5", 1, 10)
    wait(state, 2)  # A1: 8; E5: 10 + 2 + 2 = 14; C3: 2
    tick(state, red="A1>C3 5", blue=f"E5>C3 {blue_sends}")  # tick 3
    wait(state, 2)  # C3 after tick 5: 5
    assert owner_ships(state, "C3") == (0, 5)
    tick(state)  # tick 6
    assert owner_ships(state, "C3") == expected


@pytest.mark.parametrize(
    ("red", "blue", "expected", "fought"),
    [
        (7, 7, (None, 10), 14),  # X = Y: both destroyed, the planet untouched
        (20, 5, (0, 5), 30),  # 20 - 5 = 15 against 10: Red captures with 5 (10 + 20 lost)
        (5, 20, (1, 5), 30),  # the same for Blue
        (12, 5, (None, 3), 24),  # 7 against 10: the garrison keeps 3 (10 + 14 lost)
        (15, 5, (None, 0), 30),  # 10 against 10: 0 ships, still neutral
    ],
)
def test_mp4_three_way_fight_at_a_neutral_planet(
    red: int, blue: int, expected: tuple[int | None, int], fought: int
) -> None:
    """Crafted: Blue owns E5 with 100 ships. C3 is neutral with 10; A1-C3 and E5-C3 both take
    3 ticks, so fleets sent at tick 6 meet there at tick 9."""
    state = new_state()
    place(state, "E5", 1, 100)
    wait(state, 5)  # A1: 20
    tick(state, red=f"A1>C3 {red}", blue=f"E5>C3 {blue}")  # tick 6
    wait(state, 2)
    assert owner_ships(state, "C3") == (None, 10)
    tick(state)  # tick 9
    assert owner_ships(state, "C3") == expected
    assert last_tick_event(state)["fought"] == fought
    clash = [e for e in state.events if e["event"] == "clash"]
    assert clash[-1]["cell"] == "C3" and clash[-1]["ships"] == [red, blue]


def test_mp4_hostile_fleets_of_one_player_landing_together_add_up() -> None:
    """Crafted: Red A3 and C1 each hold 6; C3 (neutral, 10) is 2 away from both."""
    state = new_state()
    place(state, "A3", 0, 6)
    place(state, "C1", 0, 6)
    tick(state, red="A3>C3 6; C1>C3 6")  # tick 1: both land at 3
    wait(state, 2)
    assert owner_ships(state, "C3") == (0, 2)  # 12 > 10: captured with 2


def test_mp4_attacking_an_enemy_planet() -> None:
    """Crafted: Blue owns C3 (size 3) with 3 ships from tick 0."""
    state = new_state()
    place(state, "C3", 1, 3)
    wait(state, 2)  # A1: 8; C3: 5
    tick(state, red="A1>C3 8")  # tick 3: lands at 6; C3 then holds 3 + 5 = 8 before tick 6
    wait(state, 2)
    assert owner_ships(state, "C3") == (1, 8)
    tick(state)  # tick 6: 8 against 8: 0 ships, Blue keeps it, then produces 1
    assert owner_ships(state, "C3") == (1, 1)


# ---------------------------------------------------------------------- MP7 cap


def test_mp7_friendly_arrivals_beyond_999_are_lost() -> None:
    """Crafted: Red C1 (size 1) with 990 ships from tick 0 (produces at 4, 8, ...)."""
    state = new_state()
    place(state, "C1", 0, 990)
    wait(state, 5)  # A1: 20; C1: 991 (tick 4)
    tick(state, red="A1>C1 20")  # tick 6: lands at 8
    tick(state)
    assert owner_ships(state, "C1") == (0, 991)
    tick(state)  # tick 8: 991 + 20 = 1011 -> 999 (12 lost); production 1 -> 999 (1 lost)
    assert owner_ships(state, "C1") == (0, 999)
    assert last_tick_event(state)["capped"] == 13


def test_mp7_cap_applies_after_friendly_arrivals_before_hostile_ones() -> None:
    """Decision: no planet ever holds more than 999, so the cap is applied as soon as friendly
    ships land, before the hostile ones fight. Crafted: Red C3 (size 3) with 990, Blue E5 with
    600, both from tick 0."""
    state = new_state()
    place(state, "C3", 0, 990)
    place(state, "E5", 1, 600)
    wait(state, 5)  # A1: 20; C3: 995
    tick(state, red="A1>C3 20", blue="E5>C3 500")  # tick 6: both land at 9
    wait(state, 2)
    assert owner_ships(state, "C3") == (0, 998)
    tick(state)  # tick 9: 998 + 20 = 1018 -> 999; 999 - 500 = 499; + 1 produced = 500
    assert owner_ships(state, "C3") == (0, 500)
    event = last_tick_event(state)
    assert (event["capped"], event["fought"], event["quantum_lost"]) == (19, 1000, 0)


def test_mp7_a_capture_beyond_999_is_capped() -> None:
    """Crafted: Red A3 and C1 each hold 999; together they take C3 (10) at tick 3."""
    state = new_state()
    place(state, "A3", 0, 999)
    place(state, "C1", 0, 999)
    tick(state, red="A3>C3 999; C1>C3 999")
    wait(state, 2)
    # 1998 - 10 = 1988 -> 999 (989 lost); no production on the capture tick.
    assert owner_ships(state, "C3") == (0, 999)
    assert last_tick_event(state)["capped"] == 989


def test_mp7_production_beyond_999_is_lost() -> None:
    state = new_state()
    wait(state, 260)  # 4 * 180 + 8 * 80 = 1360 > 999: both homes sit at the cap
    assert owner_ships(state, "A1") == (0, 999)
    assert owner_ships(state, "J10") == (1, 999)
    assert last_tick_event(state)["capped"] == 16  # both homes lose their 8 of tick 260


# ---------------------------------------------------------------------- MP8, MP9 endings


def _blue_flees_while_red_strikes(state: duelhost.State) -> None:
    """Tick 1: wait. Tick 2: Red sends 4 by quantum to J10 (2 fly, land at 2 + 7 = 9).
    Ticks 2-9: Blue sends all J10's ships (4) to A5 (11 ticks away: they land at 13-20);
    ticks 3-9: Red sends A1's 4 to A5 (4 away: those of ticks 3-5 land at 7-9)."""
    tick(state)  # type: ignore[arg-type]
    tick(state, red="A1>>J10 4", blue="J10>A5 4")  # type: ignore[arg-type]
    for _ in range(7):
        tick(state, red="A1>A5 4", blue="J10>A5 4")  # type: ignore[arg-type]


def test_mp8_elimination_with_fleets_still_in_flight() -> None:
    state = new_state()
    _blue_flees_while_red_strikes(state)
    # Tick 9: J10 sends its 4 out first (MP3), so Red's 2 land on 0 ships and capture J10.
    assert state.view()["tick"] == 9
    assert owner_ships(state, "J10") == (0, 2)
    assert state.is_over and state.to_act == ()
    # Red: A1 4 + J10 2 + 4 fleets of 4 in flight (7 sent, 3 fought A5) = 22. Blue: 8 fleets
    # of 4 in flight = 32: more ships, but no planet (MP8: fleets in flight do not count).
    assert state.result == {
        "winner": 0,
        "reason": "Blue owns no planet",
        "scores": {"ships": [22, 32], "planets": [2, 0]},
    }
    assert owner_ships(state, "A5") == (None, 30 - 12)
    with pytest.raises(duelhost.IllegalAction, match="the match is over"):
        state.submit(1, "wait")


def test_mp8_elimination_beats_the_max_ticks_tie_break_on_the_same_tick() -> None:
    state = new_state(max_ticks=9)
    _blue_flees_while_red_strikes(state)
    assert state.result["winner"] == 0
    assert state.result["reason"] == "Blue owns no planet"


def test_mp8_both_taking_the_others_last_planet_at_once_is_no_elimination() -> None:
    """Each player's last planet falls in the same tick, but each capture gives the capturer a
    planet, so both still own one and the match goes on (the homes swap)."""
    state = new_state()
    tick(state)
    tick(state, red="A1>>J10 4", blue="J10>>A1 4")  # tick 2: 2 ships each land at 9
    for _ in range(7):  # ticks 3-9: both empty their home (A5 and J6 are 4 away, 30 ships)
        tick(state, red="A1>A5 4", blue="J10>J6 4")
    assert owner_ships(state, "A1") == (1, 2)
    assert owner_ships(state, "J10") == (0, 2)
    assert not state.is_over and state.to_act == (0, 1)
    tick(state)  # tick 10: each home produces 4 for its new owner
    assert owner_ships(state, "J10") == (0, 6)


def test_mp8_no_planet_for_both_at_once_is_a_draw() -> None:
    """Unreachable in play (a capture always gives the capturer a planet and no planet turns
    neutral), so tested on a crafted position: both homes made neutral."""
    state = new_state()
    place(state, "A1", None, 0)
    place(state, "J10", None, 0)
    tick(state)
    assert state.result["winner"] is None
    assert state.result["reason"] == "both players lost their last planet at once"


def test_mp9_max_ticks_equal_ships_and_planets_is_a_draw() -> None:
    state = new_state(max_ticks=3)
    wait(state, 3)
    assert state.result == {
        "winner": None,
        "reason": "tick 3 reached: equal ships and planets",
        "scores": {"ships": [12, 12], "planets": [1, 1]},
    }


def test_mp9_ships_in_flight_count() -> None:
    state = new_state(max_ticks=3)
    tick(state)
    tick(state, red="A1>J10 4")  # 4 ships in flight at tick 3: Red 8 + 4 = Blue 12
    tick(state)
    assert state.result["winner"] is None
    assert state.result["scores"]["ships"] == [12, 12]


def test_mp9_more_ships_wins() -> None:
    state = new_state(max_ticks=3)
    tick(state)
    tick(state, red="A1>>J10 4")  # quantum: 2 lost, so Red has 10 against 12
    tick(state)
    assert state.result["winner"] == 1
    assert state.result["reason"] == "tick 3 reached: more ships"
    assert state.result["scores"]["ships"] == [10, 12]


def test_mp9_equal_ships_more_planets_wins() -> None:
    state = new_state(max_ticks=6)
    tick(state)
    tick(state, red="A1>E1 1")  # tick 2: E1 (0 ships, 4 away) captured at 6 with 1
    wait(state, 4)
    # Red: A1 4 * 6 - 1 = 23, E1 1: 24 ships, 2 planets; Blue: 24 ships, 1 planet.
    assert state.result == {
        "winner": 0,
        "reason": "tick 6 reached: equal ships, more planets",
        "scores": {"ships": [24, 24], "planets": [2, 1]},
    }


def test_mp9_max_ticks_null_has_no_limit() -> None:
    state = new_state(max_ticks=None)
    wait(state, 400)
    assert not state.is_over
    assert state.view()["max_ticks"] is None


def test_mp9_default_max_ticks_is_360() -> None:
    state = new_state()
    wait(state, 359)
    assert not state.is_over
    tick(state)
    assert state.is_over and state.result["reason"] == "tick 360 reached: equal ships and planets"


def test_options_are_validated() -> None:
    with pytest.raises(duelhost.ConfigError, match="option max_ticks must be an integer of at"):
        duelhost.load("multiplanetary", max_ticks=0)
    with pytest.raises(duelhost.ConfigError, match="option neutral_production must be true or"):
        duelhost.load("multiplanetary", neutral_production="sometimes")
