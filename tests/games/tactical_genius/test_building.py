"""Army building at placement: cost, stat limits, names, decimal speed bonuses (TG3, TG4, TG7)."""

from __future__ import annotations

import pytest

import duelhost
from duelhost.games.tactical_genius.army import EVEN_BONUSES, ODD_BONUSES
from tests.games.tactical_genius.helpers import new, start, unit


def rejected(state: duelhost.State, seat: int, text: str, message: str) -> None:
    """G3: the submission is refused with this message and nothing changes."""
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match=message):
        state.submit(seat, text)
    assert state.to_json() == before


def test_tg3_cost_is_three_plus_skills_plus_every_stat_point() -> None:
    state = start(["place Bob Axe D2 bonus=0.26 hp=2 atk=3 def=1 spd=1 skills=rush,guard"], [])
    # 3 (unit) + 2 skills + 2 hp + 3 atk + 1 def + 1 spd = 12 points; 40 - 12 = 28 left.
    assert state.points == [28, 40]
    bob = unit(state, "Bob")
    assert bob["value"] == 12
    assert bob["max_health"] == 10 + 2 + 1  # base 10, 2 hp points, the Axe's free +1 health
    assert bob["attack"] == 0 + 3  # Axe base attack 0 + 3 points
    assert bob["defense"] == 1
    assert bob["speed"] == "3.26"  # Axe base speed 2 + 1 point + the 0.26 bonus
    assert bob["skills"] == ["rush", "guard"]


def test_tg3_free_stat_bonus_of_each_type() -> None:
    state = start(
        [
            "place Al1 Sword D1 bonus=0.26",
            "place Al2 Lance D2 bonus=0.24",
            "place Al3 Arrow D3 bonus=0.22",
        ],
        [],
    )
    assert unit(state, "Al1")["defense"] == 1  # Sword: +1 defense
    assert unit(state, "Al2")["attack"] == 1  # Lance: +1 attack
    assert unit(state, "Al3")["speed"] == "3.22"  # Arrow: base 2, +1 speed, 0.22


def test_budget_error_names_the_unit_and_the_points() -> None:
    state = start(["place Big Axe D2 bonus=0.26 hp=30"], [])  # 33 points, 7 left
    state.submit(0, "pass")
    state.submit(1, "pass")
    # 3 + 5 atk + 1 def = 9 > 7.
    rejected(
        state,
        0,
        "place Bob Axe C2 bonus=0.24 atk=5 def=1",
        "place Bob Axe C2 bonus=0.24 atk=5 def=1: 7 points left, this unit costs 9",
    )


def test_budget_counts_every_placement_of_the_submission() -> None:
    state = new()
    # 3+17 = 20 each: the first two fit the 40 points, the third does not.
    rejected(
        state,
        0,
        "place A Axe D1 bonus=0.26 hp=17; place B Axe D2 bonus=0.24 hp=17; "
        "place C Axe D3 bonus=0.22",
        "place C Axe D3 bonus=0.22: 0 points left, this unit costs 3",
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("place Bob Axe D2 bonus=0.26 atk=6", "attack points are 0-5"),
        ("place Bob Axe D2 bonus=0.26 def=6", "defense points are 0-5"),
        ("place Bob Axe D2 bonus=0.26 hp=-1", "whole number of at least 0"),
        ("place Bob Axe D2", "needs a decimal speed bonus"),
        ("place Bob Axe D2 bonus=0.5x", "not a decimal like 0.26"),
        ("place Bob Dragon D2 bonus=0.26", "'Dragon' is not a unit type"),
        ("place Bob Axe K2 bonus=0.26", "off the board"),
        ("place Bob Axe D2 bonus=0.26 luck=3", "'luck=3' is not one of"),
        ("place Bob Axe D2 bonus=0.26 hp=1 hp=2", "hp= is given twice"),
        ("place Bob Axe D2 bonus=0.26 skills=rush,guard,shove", "at most 2 skills"),
        ("place Bob Axe D2 bonus=0.26 skills=rush,rush", "skill rush is given twice"),
        ("place Bob Axe D2 bonus=0.26 skills=covering-fire", "a Axe cannot learn covering-fire"),
        ("place Bob Axe D2 bonus=0.26 skills=riposte", "a Axe cannot learn riposte"),
        ("place Bob Axe D2 bonus=0.26 skills=fly", "'fly' is not a skill"),
        ("place Bob Axe", "write 'place NAME TYPE CELL"),
        ("advance", "you have no units on the board"),
        ("dance", "not a reinforcement order"),
    ],
)
def test_bad_placements_are_refused(text: str, message: str) -> None:
    rejected(new(), 0, text, message)


def test_names_are_at_most_five_characters_and_do_not_confuse() -> None:
    state = start(["place Bob Axe D2 bonus=0.26"], ["place Eve Gun G2 bonus=0.25"])
    state.submit(0, "pass")
    state.submit(1, "pass")
    rejected(state, 0, "place Robert Axe D1 bonus=0.24", "a unit name is 1-5 letters or digits")
    rejected(state, 0, "place Bo-b Axe D1 bonus=0.24", "a unit name is 1-5 letters or digits")
    rejected(state, 0, "place BOB Axe D1 bonus=0.24", "you already have a unit named Bob")
    rejected(state, 0, "place eve Axe D1 bonus=0.24", "Eve is an opponent's unit name")
    rejected(state, 0, "place Lance Axe D1 bonus=0.24", "would confuse your opponent")
    # a name that reads as a cell would make orders such as 'G2 attack G1' ambiguous to read
    rejected(state, 0, "place G1 Axe D1 bonus=0.24", "'G1' would confuse your opponent")
    rejected(state, 0, "place b12 Axe D1 bonus=0.24", "it reads as a cell")
    rejected(
        state,
        0,
        "place Al Axe D1 bonus=0.24; place AL Axe D3 bonus=0.22",
        "another placement here is also named AL",
    )
    assert state.submit(0, "place Robby Axe D1 bonus=0.24").startswith("place Robby")


def test_names_of_dead_units_stay_taken() -> None:
    """A unit cannot be made again under a dead unit's name: points cannot be spent on units
    that are dead or already constructed (rule change)."""
    state = start(["place Bob Gun D2 bonus=0.26 atk=5"], ["place Eve Axe G2 bonus=0.25"])
    state.health[1] = 0.5
    state._put(1, 5, 1)  # Eve to F2, 2 columns ahead of Bob
    state.submit(0, "Bob attack F2")
    state.submit(1, "pass")
    assert not unit(state, "Eve")["alive"]
    rejected(state, 1, "place Eve Axe G2 bonus=0.23", "you already have a unit named Eve")


def test_tg4_more_garnets_gives_the_even_bonuses() -> None:
    state = new(garnets0=3, garnets1=5)  # Blue has more garnets
    assert state.bonuses(1) == EVEN_BONUSES == (26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2)
    assert state.bonuses(0) == ODD_BONUSES == (25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1)
    rejected(state, 0, "place Bob Axe D2 bonus=0.26", r"bonus=0.26 is not yours to give")
    assert state.submit(0, "place Bob Axe D2 bonus=.01") == "place Bob Axe D2 bonus=0.01"


def test_tg4_each_bonus_once_per_player() -> None:
    state = start(["place Bob Axe D2 bonus=0.26"], [])
    state.submit(0, "pass")
    state.submit(1, "pass")
    rejected(state, 0, "place Al Axe D1 bonus=0.26", "not yours to give")
    rejected(
        state, 0, "place Al Axe D1 bonus=0.24; place Cy Axe D3 bonus=0.24", "not yours to give"
    )
    assert "0.26" not in state.view(0)["bonuses"][0]


def test_tg4_equal_garnets_a_seeded_coin_flip_decides() -> None:
    flips = {new(seed=seed, garnets0=2, garnets1=2).even_seat for seed in range(40)}
    assert flips == {0, 1}  # both outcomes happen across seeds
    assert (
        new(seed=7, garnets0=2, garnets1=2).even_seat
        == new(seed=7, garnets0=2, garnets1=2).even_seat
    )


def test_tg4_speeds_are_never_equal() -> None:
    state = start(
        ["place A Axe D1 bonus=0.26 spd=1", "place B Sword D2 bonus=0.24"],
        ["place C Sword G1 bonus=0.25", "place D Axe G2 bonus=0.23 spd=1"],
    )
    speeds = [unit(state, n)["speed"] for n in "ABCD"]
    assert speeds == ["3.26", "3.24", "3.25", "3.23"]
    assert len(set(speeds)) == 4


def test_tg7_own_side_only_and_not_behind_an_enemy() -> None:
    state = start(["place Bob Axe D2 bonus=0.26"], ["place Eve Axe G1 bonus=0.25"])
    state._put(1, 1, 0)  # Eve (Blue) stands on B1, deep in Green's side
    state.submit(0, "pass")
    state.submit(1, "pass")
    rejected(state, 0, "place Al Axe E1 bonus=0.24", "E1 is not on your side")
    rejected(state, 0, "place Al Axe D2 bonus=0.24", "D2 is occupied")
    # C1 and D1 are behind Eve (she stands in row 1 nearer to Green's edge A); A1 is not.
    rejected(state, 0, "place Al Axe C1 bonus=0.24", "C1 is behind an enemy unit")
    rejected(state, 0, "place Al Axe D1 bonus=0.24", "D1 is behind an enemy unit")
    assert state.submit(0, "place Al Axe A1 bonus=0.24")
    rejected(state, 1, "place Zed Gun D3 bonus=0.23", "D3 is not on your side")


def test_tg7_at_most_six_on_the_board() -> None:
    six = [
        f"place Un{i} Axe {c}{r} bonus=0.{26 - 2 * i:02d}"
        for i, (c, r) in enumerate([("D", 1), ("D", 2), ("D", 3), ("C", 1), ("C", 2), ("C", 3)])
    ]
    state = new()
    rejected(
        state,
        0,
        "; ".join([*six, "place Un9 Axe B1 bonus=0.02"]),
        "at most 6 units on the board",
    )
    state = start(six, [])
    state.submit(0, "pass")
    state.submit(1, "pass")
    rejected(state, 0, "place Un9 Axe B1 bonus=0.02", "at most 6 units on the board")


def test_tg7_at_most_ten_placed_in_a_match() -> None:
    state = start([f"place Un{i} Axe A1 bonus=0.26" for i in range(1)], [])
    state.placed[0] = 10  # as if ten units had been placed (and some had died)
    state.submit(0, "pass")
    state.submit(1, "pass")
    rejected(state, 0, "place Un9 Axe B1 bonus=0.02", "at most 10 units in a match")


def test_tg3_a_placement_that_fails_at_resolution_costs_nothing() -> None:
    """Both players place a unit named Kim at once: both placements fail (a Decision), and
    neither pays for it or uses up its bonus or its count."""
    state = new()
    state.submit(0, "place Kim Axe D2 bonus=0.26 atk=3; place Al Axe D1 bonus=0.24")
    state.submit(1, "place kim Gun G2 bonus=0.25")
    assert [s.name for s in state.sheets] == ["Al"]
    assert state.points == [40 - 3, 40]
    assert state.placed == [1, 0]
    assert 26 in state.bonuses(0) and 25 in state.bonuses(1)
    log = [(e["seat"], e["result"]) for e in state.last_log]
    assert log[0][1].startswith("failed: the opponent placed a unit of the same name")
    assert log[2][1].startswith("failed")


def test_tg7_advances_resolve_before_placements() -> None:
    """Blue's advance takes D1 before Green's placement there resolves: the placement fails
    at resolution and costs nothing (TG3, TG7)."""
    state = start(["place Bob Axe A2 bonus=0.26"], ["place Eve Sword H1 bonus=0.25"])
    state._put(1, 4, 0)  # Eve on E1
    state.submit(0, "pass")
    state.submit(1, "pass")
    state.submit(0, "place Al Axe D1 bonus=0.24 atk=2")
    state.submit(1, "advance")
    assert unit(state, "Eve")["cell"] == "D1"
    assert [s.name for s in state.sheets] == ["Bob", "Eve"]
    assert state.points[0] == 40 - 3 and state.placed[0] == 1
    assert state.last_log[-1]["result"] == "failed: D1 is occupied"
