"""Phase sequence, advances, and how a match is won (TG2, TG7, TG8)."""

from __future__ import annotations

import pytest

import duelhost
from tests.games.tactical_genius.helpers import (
    command,
    new,
    put,
    start,
    unit,
)


def pass_to_end(state: duelhost.State) -> None:
    while not state.is_over:
        for seat in state.to_act:
            state.submit(seat, "pass")


def test_tg2_phase_sequence_and_end_after_round_ten() -> None:
    state = new(garnets0=0, garnets1=0)
    seen = []
    while not state.is_over:
        seen.append((state.round, state.phase))
        state.submit(0, "pass")
        state.submit(1, "pass")
    expected = [(1, "reinforcement")]
    for number in range(2, 11):
        expected += [(number, "command"), (number, "reinforcement")]
    assert seen == expected
    assert state.decision == 19
    # TG8: nothing killed, no points spent, equal garnets: a draw (G5).
    assert state.winner is None
    assert state.result["reason"] == "after round 10: equal kill value, points left and garnets"


def test_tg8_garnets_break_the_last_tie() -> None:
    state = new(garnets0=1, garnets1=4)
    pass_to_end(state)
    assert state.winner == 1
    assert state.result["reason"] == "after round 10: more garnets"


def test_tg8_points_left_break_a_kill_value_tie() -> None:
    state = start(["place Bob Axe A2 bonus=0.26 hp=2"], ["place Sam Sword J2 bonus=0.25"])
    pass_to_end(state)
    # Green spent 3 + 2 = 5 (35 left), Blue 3 (37 left); no kills.
    assert state.winner == 1
    assert state.result["reason"] == "after round 10: more points left"
    assert state.result["scores"] == {"kills": [0, 0], "points_left": [35, 37]}


def test_tg8_kill_value_decides_first() -> None:
    # Gus: Gun attack 5 + 1 = 6, effective against Sword (defense 1): (6 - 0.5) x 2 = 11 >= 10.
    # Green spends 3 + 5 = 8 and more than Blue (3 + 3 = 6), but has killed a unit worth 3.
    state = start(
        ["place Gus Gun D2 bonus=0.26 atk=5"],
        ["place Sam Sword G2 bonus=0.25", "place Lou Lance J1 bonus=0.23 hp=0"],
    )
    command(state, "Gus attack G2")
    assert not unit(state, "Sam")["alive"]
    pass_to_end(state)
    assert state.kills == [3, 0]
    assert state.points == [32, 34]
    assert state.winner == 0
    assert state.result["reason"] == "after round 10: more kill value"


def test_tg8_far_edge_after_a_command_phase() -> None:
    state = start(["place Bob Axe D2 bonus=0.26"], ["place Sam Sword G1 bonus=0.25"])
    put(state, "Bob", "I2")
    put(state, "Sam", "B1")  # Sam is behind Bob: column J is free of enemies
    command(state, "Bob move forward")
    assert state.is_over and state.winner == 0
    assert state.result["reason"] == "far edge"


def test_tg8_blue_far_edge_is_column_a() -> None:
    state = start(["place Bob Axe D2 bonus=0.26"], ["place Sam Sword G1 bonus=0.25"])
    put(state, "Sam", "B1")
    put(state, "Bob", "I2")
    command(state, "pass", "Sam move forward")
    assert (state.winner, state.result["reason"]) == (1, "far edge")


def test_tg8_far_edge_after_an_advance() -> None:
    state = start(["place Bob Axe D2 bonus=0.26"], ["place Sam Sword G1 bonus=0.25"])
    put(state, "Bob", "I2")
    put(state, "Sam", "B1")
    command(state)
    assert not state.is_over  # a unit one column short of the edge is no win
    state.submit(0, "advance")
    state.submit(1, "pass")
    assert unit(state, "Bob")["cell"] == "J2"
    assert (state.winner, state.result["reason"]) == (0, "far edge")


def test_tg8_elimination_when_the_opponent_cannot_make_another_unit() -> None:
    # Sam cost 3 + 36 hp = 39: Blue has 1 point left, fewer than the 3 a unit costs.
    state = start(["place Gus Gun D2 bonus=0.26 atk=5"], ["place Sam Sword G2 bonus=0.25 hp=36"])
    state.health[1] = 1.0  # Sam is worn down (set-up)
    command(state, "Gus attack G2")
    assert (state.winner, state.result["reason"]) == (0, "elimination")


def test_tg8_no_elimination_while_the_opponent_can_still_make_a_unit() -> None:
    state = start(["place Gus Gun D2 bonus=0.26 atk=5"], ["place Sam Sword G2 bonus=0.25 hp=34"])
    state.health[1] = 1.0
    command(state, "Gus attack G2")  # Blue has 40 - 37 = 3 points: enough for a unit
    assert not state.is_over
    assert state.phase == "reinforcement"


def test_tg8_elimination_after_ten_units_placed() -> None:
    state = start(["place Gus Gun D2 bonus=0.26 atk=5"], ["place Sam Sword G2 bonus=0.25"])
    state.placed[1] = 10  # as if Blue had placed ten units
    command(state, "Gus attack G2")
    assert (state.winner, state.result["reason"]) == (0, "elimination")


def test_tg8_both_win_at_once_is_decided_as_at_the_end() -> None:
    # Bob reaches J2 and Sam reaches A1 in the same command phase; no kills, Green spent
    # 3 and Blue 3 + 1 = 4: Green has more points left.
    state = start(["place Bob Axe D2 bonus=0.26"], ["place Sam Sword G1 bonus=0.25 hp=1"])
    put(state, "Bob", "I2")
    put(state, "Sam", "B1")
    command(state, "Bob move forward", "Sam move forward")
    assert state.winner == 0
    assert state.result["reason"] == "both won at once (far edge, far edge): more points left"


def test_tg7_advance_moves_every_unit_one_column() -> None:
    state = start(
        ["place Bob Axe D1 bonus=0.26", "place Al Axe B3 bonus=0.24"],
        ["place Sam Sword H2 bonus=0.25", "place Eve Axe J3 bonus=0.23"],
    )
    command(state)
    state.submit(0, "advance")
    state.submit(1, "advance")
    cells = [unit(state, n)["cell"] for n in ("Bob", "Al", "Sam", "Eve")]
    assert cells == ["E1", "C3", "G2", "I3"]


def test_tg7_advance_is_all_or_nothing() -> None:
    """'Must move all units forward if you advance': one blocked unit blocks the advance."""
    state = start(
        ["place Bob Axe D1 bonus=0.26", "place Al Axe B3 bonus=0.24"],
        ["place Sam Sword G2 bonus=0.25"],
    )
    put(state, "Sam", "E2")
    command(state)
    with pytest.raises(
        duelhost.IllegalAction, match="Bob would enter column E, which holds an enemy"
    ):
        state.submit(0, "advance")
    assert unit(state, "Al")["cell"] == "B3"
    state.submit(0, "pass")
    state.submit(1, "pass")
    put(state, "Sam", "J2")
    command(state)
    with pytest.raises(duelhost.IllegalAction, match="advance is given twice"):
        state.submit(0, "advance; advance")


@pytest.mark.parametrize(("green_speed", "first"), [(0, 1), (4, 0)])
def test_tg7_the_owner_of_the_fastest_unit_advances_first(green_speed: int, first: int) -> None:
    """Bob on E2 and Sam (Sword, 3.25) on G2 both advance into column F: whoever advances
    first takes it and the other's advance fails. Bob's speed is 2.26 or 2 + 4 + 0.26."""
    state = start(
        [f"place Bob Axe D2 bonus=0.26 spd={green_speed}"], ["place Sam Sword G2 bonus=0.25"]
    )
    put(state, "Bob", "E2")
    command(state)
    state.submit(0, "advance")
    state.submit(1, "advance")
    if first == 0:
        assert (unit(state, "Bob")["cell"], unit(state, "Sam")["cell"]) == ("F2", "G2")
    else:
        assert (unit(state, "Bob")["cell"], unit(state, "Sam")["cell"]) == ("E2", "F2")
    log = state.last_log
    assert log[0]["seat"] == first and log[0]["result"] == "advanced"
    assert log[1]["seat"] == 1 - first and log[1]["result"].startswith("failed:")


def test_tg7_own_advance_frees_tiles_for_placement() -> None:
    state = start(["place Bob Axe D2 bonus=0.26"], ["place Sam Sword J2 bonus=0.25"])
    command(state)
    with pytest.raises(duelhost.IllegalAction, match="D2 is occupied"):
        state.submit(0, "place Al Axe D2 bonus=0.24")
    assert state.submit(0, "place Al Axe D2 bonus=0.24; advance") == (
        "advance; place Al Axe D2 bonus=0.24"
    )
    state.submit(1, "pass")
    assert (unit(state, "Bob")["cell"], unit(state, "Al")["cell"]) == ("E2", "D2")
