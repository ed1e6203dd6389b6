"""Each unit's movement and combat (GE3-GE7), with expected values worked out by hand."""

from __future__ import annotations

import pytest

import duelhost
from duelhost.games.generalissimo.board import capture_possible
from tests.games.generalissimo.helpers import make, piece_at

FAR = {"I12": "h"}
"""A North piece far from the action, so that no capture below ends the match."""


def moves_of(state: object, cell: str) -> list[str]:
    legal = state.legal(state.to_act[0])  # type: ignore[attr-defined]
    return sorted(
        m for m in legal if m.split("-")[0].split("x")[0].split("*")[0].rstrip("!") == cell
    )


# --------------------------------------------------------------------------- GE4 Horseman


def test_ge4_lone_horseman_in_a_corner_has_one_move_per_cell_within_5_steps() -> None:
    """GE4 + Decisions: paths reaching the same cell capturing nothing are one move.
    From A1 the cells within 5 orthogonal steps are those with column + row offsets 1..5:
    2 + 3 + 4 + 5 + 6 = 20 cells, all reachable on an empty board."""
    state = make({"A1": "H", **FAR})
    assert len(moves_of(state, "A1")) == 20


def test_ge4_canonical_path_has_fewest_turning_points_then_column_row_order() -> None:
    """A1 -> C3: A1-A3-C3 and A1-C1-C3 both turn once in 4 steps; A3 (column A) comes before
    C1 (column C), so A1-A3-C3 is the canonical notation; the other path is the same move."""
    state = make({"A1": "H", **FAR})
    legal = state.legal(0)
    assert "A1-A3-C3" in legal and "A1-C1-C3" not in legal
    assert state.clone().submit(0, "A1-C1-C3") == "A1-A3-C3"
    assert "A1-A5" in legal  # straight: no turning points


def test_ge4_a_turning_path_without_its_turning_points_is_an_error_that_says_so() -> None:
    state = make({"A1": "H", **FAR})
    with pytest.raises(duelhost.IllegalAction, match="turns; a Horseman's path lists its turning"):
        state.submit(0, "A1-C3")


def test_ge4_horseman_leaps_two_friends_with_a_gap() -> None:
    """A1 over A2 (friend), A3 empty, over A4 (friend) to A5: 4 steps, each friend counts."""
    state = make({"A1": "H", "A2": "W", "A4": "W", **FAR})
    assert state.submit(0, "A1-A5") == "A1-A5"
    assert piece_at(state, "A5") == "H" and piece_at(state, "A1") == "."
    assert piece_at(state, "A2") == "W" and piece_at(state, "A4") == "W"


def test_ge4_horseman_leap_over_two_adjacent_friends_is_refused() -> None:
    state = make({"A1": "H", "A2": "W", "A3": "W", **FAR})
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match=r"two friendly pieces in a row \(A2 and A3\)"):
        state.submit(0, "A1-A4")
    assert state.to_json() == before
    # nothing straight up the A column past A3 exists in the legal list
    assert not [m for m in state.legal(0) if m.startswith("A1-A4") or m.startswith("A1-A5")]


def test_ge4_adjacent_friends_across_a_turn_are_refused_too() -> None:
    """Consecutive steps, not just a straight line: A1 -> A2 (friend) -> B2 (friend)."""
    state = make({"A1": "H", "A2": "W", "B2": "W", "B1": "W", **FAR})
    with pytest.raises(duelhost.IllegalAction, match=r"\(A2 and B2\)"):
        state.submit(0, "A1-A2-B2-B4")


def test_ge4_horseman_never_ends_on_a_friend_and_never_revisits() -> None:
    state = make({"A1": "H", "A3": "W", **FAR})
    with pytest.raises(duelhost.IllegalAction, match="never ends on one"):
        state.submit(0, "A1-A3")
    with pytest.raises(duelhost.IllegalAction, match="never revisits"):
        state.submit(0, "A1-A3-A2")


def test_ge4_horseman_moves_at_most_5_cells() -> None:
    state = make({"A1": "H", **FAR})
    with pytest.raises(duelhost.IllegalAction, match="at most 5 cells; this path has 6"):
        state.submit(0, "A1-A7")
    with pytest.raises(duelhost.IllegalAction, match="this path has 6"):
        state.submit(0, "A1-A4-D4")


def test_ge4_breakthrough_captures_two_pieces_and_goes_on() -> None:
    """A1 up the A column: captures the Swordsman on A2 and the Archer on A4 (A3 empty between)
    and ends on A5; one leg that captures is written with x."""
    state = make({"A1": "H", "A2": "w", "A4": "a", **FAR})
    assert "A1xA5" in state.legal(0)
    assert state.submit(0, "A1-A5") == "A1xA5"
    assert [piece_at(state, c) for c in ("A1", "A2", "A3", "A4", "A5")] == [".", ".", ".", ".", "H"]
    # North lost 2 of its 3 pieces: scores are pieces left per seat
    assert state.result["scores"] == [1, 1]


def test_ge4_breakthrough_over_two_adjacent_enemies_is_allowed() -> None:
    """The two-in-a-row limit is for friends only (GE4): A2 and A3 both captured."""
    state = make({"A1": "H", "A2": "w", "A3": "g", **FAR})
    assert state.submit(0, "A1xA4") == "A1xA4"
    assert piece_at(state, "A4") == "H" and piece_at(state, "A2") == "." == piece_at(state, "A3")


def test_ge4_breakthrough_is_stopped_by_a_shieldman() -> None:
    """Captures A2 and A3, then A4 holds a Shieldman: the Horseman cannot enter it (GE4/GE5)."""
    state = make({"A1": "H", "A2": "w", "A3": "a", "A4": "s", **FAR})
    legal = state.legal(0)
    assert "A1xA3" in legal
    assert not [m for m in legal if m.startswith("A1") and ("A4" in m or "A5" in m)]
    with pytest.raises(duelhost.IllegalAction, match=r"cannot capture a Shieldman \(A4"):
        state.submit(0, "A1-A5")


def test_ge4_x_marks_each_leg_that_captures() -> None:
    """A1-A4-C4 capturing on A3 (first leg) only: 'A1xA4-C4'; an x on a leg that captures
    nothing is refused."""
    state = make({"A1": "H", "A3": "w", **FAR})
    assert "A1xA4-C4" in state.legal(0)
    with pytest.raises(duelhost.IllegalAction, match="nothing to capture between A4 and C4"):
        state.clone().submit(0, "A1xA4xC4")
    assert state.submit(0, "A1-A4-C4") == "A1xA4-C4"


def test_ge4_paths_capturing_different_pieces_are_different_moves() -> None:
    """A1 -> B2: A1-A2-B2 captures the Swordsman on A2; A1-B1-B2 captures the one on B1:
    two moves to the same cell (plus none: every path to B2 passes A2 or B1)."""
    state = make({"A1": "H", "A2": "w", "B1": "w", **FAR})
    to_b2 = [m for m in state.legal(0) if m.startswith("A1") and m.endswith("B2")]
    assert sorted(to_b2) == ["A1xA2-B2", "A1xB1-B2"]


# --------------------------------------------------------------------------- GE3


def test_ge3_shieldman_moves_at_most_2_cells() -> None:
    state = make({"C3": "S", **FAR})
    with pytest.raises(
        duelhost.IllegalAction, match="illegal move 'C3-C6': a Shieldman moves at most 2 cells"
    ):
        state.submit(0, "C3-C6")
    # king distance <= 2 from C3 on an open board: a 5x5 square minus the centre = 24 cells
    assert len(moves_of(state, "C3")) == 24


def test_ge3_shieldman_turns_through_empty_cells_only() -> None:
    """E5 -> E7: the cells between are D6, E6, F6. With all three occupied E7 is out of reach;
    free F6 and the Shieldman goes E5-F6-E7 (turning)."""
    blocked = make({"E5": "S", "D6": "W", "E6": "W", "F6": "W", **FAR})
    with pytest.raises(duelhost.IllegalAction, match="cannot reach E7"):
        blocked.submit(0, "E5-E7")
    open_one = make({"E5": "S", "D6": "W", "E6": "W", **FAR})
    assert open_one.submit(0, "E5-E7") == "E5-E7"


def test_ge3_swordsman_moves_up_to_3_and_a_capture_ends_the_move() -> None:
    state = make({"E5": "W", "E6": "w", **FAR})
    assert "E5-E8" in state.legal(0)
    with pytest.raises(duelhost.IllegalAction, match="a Swordsman moves at most 3 cells"):
        state.clone().submit(0, "E5-E9")
    # E6 holds an enemy: capturing it is the whole move, and the Swordsman cannot pass it,
    # but it can go round (D6 -> E7)
    assert "E5xE6" in state.legal(0)
    assert state.submit(0, "E5-E6") == "E5xE6"
    assert piece_at(state, "E6") == "W"


def test_ge3_guardsman_straight_lines_up_to_4_cells() -> None:
    state = make({"E1": "G", "E3": "W", "C3": "s", **FAR})
    legal = state.legal(0)
    assert "E1-E2" in legal and "E1-E3" not in legal and "E1-E4" not in legal
    assert "E1xC3" in legal  # diagonal, captures even a Shieldman (GE5)
    with pytest.raises(duelhost.IllegalAction, match="blocked on E3"):
        state.clone().submit(0, "E1-E4")
    with pytest.raises(duelhost.IllegalAction, match="straight line"):
        state.clone().submit(0, "E1-F3")
    open_board = make({"E1": "G", **FAR})
    assert "E1-E5" in open_board.legal(0)
    with pytest.raises(duelhost.IllegalAction, match="at most 4 cells"):
        open_board.submit(0, "E1-E6")


# --------------------------------------------------------------------------- GE5

# Hand-written from GE5: attacker -> the kinds it captures by moving onto them.
GE5_TABLE = {
    "H": "HWGAC",
    "S": "SHAC",
    "W": "WSAC",
    "G": "HASWGC",
    "A": "AC",
    "C": "AC",  # GE5/GE7 revised: by its one orthogonal step
}


@pytest.mark.parametrize("attacker", list(GE5_TABLE))
@pytest.mark.parametrize("victim", list("HASWGC"))
def test_ge5_capture_table(attacker: str, victim: str) -> None:
    """Attacker on E5, enemy on E6 (one step, in reach of every unit)."""
    state = make({"E5": attacker, "E6": victim.lower(), **FAR})
    expected = victim in GE5_TABLE[attacker]
    assert ("E5xE6" in state.legal(0)) is expected
    if not expected:
        with pytest.raises(duelhost.IllegalAction):
            state.submit(0, "E5xE6")


def test_ge5_error_names_the_pair() -> None:
    state = make({"E4": "H", "E6": "s", **FAR})
    with pytest.raises(
        duelhost.IllegalAction, match="illegal move 'E4xE6': a Horseman cannot capture a Shieldman"
    ):
        state.submit(0, "E4xE6")


def test_ge8_no_capture_possible_never_holds_while_both_sides_have_pieces() -> None:
    """GE8's "no capture possible" draw: by GE5-GE7 every pair of kinds has a capture in at
    least one direction (e.g. Horseman vs Shieldman: the Shieldman takes the Horseman;
    Catapult vs anything: the volley), so the draw never comes from material alone."""
    kinds = range(1, 7)
    for a in kinds:
        for b in kinds:
            assert capture_possible({a}, {b}), (a, b)
    assert not capture_possible(set(), {1})


# --------------------------------------------------------------------------- GE6 Archer


def test_ge6_archer_shoots_up_to_3_cells_in_line() -> None:
    state = make({"E5": "A", "E8": "w", "H8": "g", "B2": "h", "E2": "a", **FAR})
    legal = state.legal(0)
    # E8 straight up 3 cells; H8 diagonal 3 cells; B2 diagonal 3 cells down-left; E2 down 3
    assert {"E5*E8", "E5*H8", "E5*B2", "E5*E2"} <= set(legal)
    assert state.submit(0, "E5*E8") == "E5*E8"
    assert piece_at(state, "E8") == "." and piece_at(state, "E5") == "A"


def test_ge6_archer_range_is_3() -> None:
    state = make({"E5": "A", "E9": "w", **FAR})
    with pytest.raises(duelhost.IllegalAction, match="reaches at most 3 cells"):
        state.submit(0, "E5*E9")


def test_ge6_tactical_archer_diagonals_reach_2() -> None:
    aggressive = make({"E5": "A", "H8": "g", "G7": "w", "E8": "w", **FAR})
    assert {"E5*G7", "E5*E8"} <= set(aggressive.legal(0))
    # H8 is behind G7 on the diagonal: blocked either way
    assert "E5*H8" not in aggressive.legal(0)
    far = make({"E5": "A", "H8": "g", **FAR}, archer="tactical")
    assert "E5*H8" not in far.legal(0)
    with pytest.raises(duelhost.IllegalAction, match="diagonal shot reaches at most 2 cells"):
        far.submit(0, "E5*H8")
    near = make({"E5": "A", "G7": "g", "E8": "w", **FAR}, archer="tactical")
    assert {"E5*G7", "E5*E8"} <= set(near.legal(0))  # straight lines keep 3 cells


@pytest.mark.parametrize("blocker", ["W", "w", "s", "C"])
def test_ge6_shot_is_blocked_by_any_piece(blocker: str) -> None:
    state = make({"E5": "A", "E6": blocker, "E8": "w", **FAR})
    assert "E5*E8" not in state.legal(0)
    with pytest.raises(duelhost.IllegalAction, match="blocked by the piece on E6"):
        state.submit(0, "E5*E8")


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        ("s", "cannot kill a Shieldman"),
        ("c", "cannot kill a Catapult"),
        ("W", "never shoots its own"),
    ],
)
def test_ge6_shot_targets(target: str, reason: str) -> None:
    state = make({"E5": "A", "E7": target, **FAR})
    with pytest.raises(duelhost.IllegalAction, match=reason):
        state.submit(0, "E5*E7")


def test_ge6_archer_steps_then_shoots_through_the_cell_it_left() -> None:
    """E5 -> E6, then down the E column: E5 (now empty), E4, E3 holds a Horseman 3 cells away."""
    state = make({"E5": "A", "E3": "h", **FAR})
    assert "E5-E6*E3" in state.legal(0)
    assert state.submit(0, "e5-e6*e3") == "E5-E6*E3"
    assert piece_at(state, "E6") == "A" and piece_at(state, "E3") == "."


def test_ge6_archer_captures_only_archers_and_catapults_and_capture_ends_the_action() -> None:
    state = make({"E5": "A", "E6": "a", "D6": "w", "E9": "g", **FAR})
    legal = state.legal(0)
    assert "E5xE6" in legal and "E5xD6" not in legal
    with pytest.raises(duelhost.IllegalAction, match="capture ends its action"):
        state.clone().submit(0, "E5xE6*E9")
    with pytest.raises(duelhost.IllegalAction, match="captures only Archers and Catapults"):
        state.clone().submit(0, "E5xD6")
    with pytest.raises(duelhost.IllegalAction, match="steps 1 cell"):
        state.clone().submit(0, "E5-E7")


# --------------------------------------------------------------------------- GE7 Catapult


def test_ge7_volley_hits_cells_4_to_6_ahead_of_both_sides() -> None:
    """South Catapult on E1: cells 4, 5, 6 ahead are E5, E6, E7. E4 (3 ahead) and E8 (7 ahead)
    are spared; the own Swordsman on E5 dies with the North Horseman on E7."""
    state = make({"E1": "C", "E4": "s", "E5": "W", "E7": "h", "E8": "a", "A1": "W", **FAR})
    assert state.submit(0, "E1!") == "E1!"
    after = {cell: piece_at(state, cell) for cell in ("E1", "E4", "E5", "E6", "E7", "E8")}
    assert after == {"E1": "C", "E4": "s", "E5": ".", "E6": ".", "E7": ".", "E8": "a"}
    event = state.events[-1]
    assert [v["cell"] for v in event["removed"]] == ["E5", "E7"]


def test_ge7_north_catapult_fires_down_the_board() -> None:
    """North on E12: ahead is down, cells E8, E7, E6."""
    state = make({"A1": "H", "E12": "c", "E8": "W", "E6": "S", "E5": "G", "E9": "a"})
    state.submit(0, "pass")
    state.submit(1, "E12!")
    assert [piece_at(state, c) for c in ("E9", "E8", "E7", "E6", "E5")] == ["a", ".", ".", ".", "G"]


def test_ge7_catapult_at_the_board_edge() -> None:
    """South Catapult on E8: cells 4-6 ahead would be E12, E13, E14; only E12 is on the board.
    On E10 all three are off the board: the volley is legal and hits nothing (GE7)."""
    edge = make({"E8": "C", "E12": "g", "A1": "h"})
    edge.submit(0, "E8!")
    assert piece_at(edge, "E12") == "."
    off = make({"E10": "C", "A1": "h"})
    assert "E10!" in off.legal(0)
    off.submit(0, "E10!")
    assert off.events[-1]["removed"] == []


def test_ge7_volley_then_step_and_step_rules() -> None:
    state = make({"E1": "C", "E2": "W", "E5": "w", **FAR})
    legal = state.legal(0)
    # E2 is taken: the steps are D1 and F1; each with and without a volley, plus the volley
    assert sorted(moves_of(state, "E1")) == sorted(["E1!", "E1-D1", "E1-F1", "E1!-D1", "E1!-F1"])
    assert "E1!-D1" in legal
    with pytest.raises(duelhost.IllegalAction, match="E2 holds your own Swordsman"):
        state.clone().submit(0, "E1xE2")
    with pytest.raises(duelhost.IllegalAction, match="forward, back, left or right"):
        state.clone().submit(0, "E1-D2")
    assert state.submit(0, "E1!-D1") == "E1!-D1"
    assert piece_at(state, "D1") == "C" and piece_at(state, "E5") == "."


def test_ge5_ge7_catapult_captures_an_archer_or_catapult_by_its_step() -> None:
    """Revised GE5/GE7: South Catapult on E4 with a North Archer on E5 (ahead), a North
    Catapult on D4 (left), a North Shieldman on F4 (right), E3 empty (behind); North Swordsman
    on E8, 4 ahead of E4. By hand: the volley E4! (hits E8); E4-E3 and E4!-E3; E4xE5 and
    E4!xE5; E4xD4 and E4!xD4; nothing onto F4 (a Catapult never captures a Shieldman): 7.
    Under the old GE7 (steps to empty cells only) there were 3: E4!, E4-E3, E4!-E3."""
    state = make({"E4": "C", "E5": "a", "D4": "c", "F4": "s", "E8": "w", "A1": "W", **FAR})
    assert sorted(moves_of(state, "E4")) == sorted(
        ["E4!", "E4-E3", "E4!-E3", "E4xE5", "E4!xE5", "E4xD4", "E4!xD4"]
    )
    assert state.clone().submit(0, "E4-E5") == "E4xE5"  # '-' is accepted for a capture
    with pytest.raises(duelhost.IllegalAction, match="onto an enemy Archer or Catapult"):
        state.clone().submit(0, "E4xF4")
    with pytest.raises(duelhost.IllegalAction, match="nothing to capture on E3"):
        state.clone().submit(0, "E4xE3")
    assert state.submit(0, "E4!xE5") == "E4!xE5"
    event = state.events[-1]
    assert [v["cell"] for v in event["removed"]] == ["E8", "E5"]
    assert [piece_at(state, c) for c in ("E4", "E5", "E8", "D4")] == [".", "C", ".", "c"]
    assert state.view(None)["moves_left"] == 1  # the capture ended the Catapult's action
    assert state.quiet == 0
    with pytest.raises(duelhost.IllegalAction, match="already moved this turn"):
        state.clone().submit(0, "E5xD5")


def test_ge5_ge7_a_north_catapult_captures_a_catapult_behind_it() -> None:
    """North Catapult on E9, South Catapult on E10 (behind North's Catapult: North faces down).
    North's step back captures it; the last South piece gone, North wins (GE8)."""
    state = make({"E10": "C", "E9": "c", "A12": "h"})
    state.submit(0, "pass")
    assert "E9xE10" in state.legal(1)
    state.submit(1, "E9xE10")
    assert state.result is not None and state.result["winner"] == 1


@pytest.mark.parametrize(("cell", "piece"), [("E5", "A"), ("E1", "C")])
def test_ge6_ge7_an_archer_or_catapult_action_does_something(cell: str, piece: str) -> None:
    """GE6/GE7: a step, a shot or volley, or both; naming the piece alone is refused."""
    state = make({cell: piece, "A1": "W", **FAR})
    with pytest.raises(duelhost.IllegalAction, match=f"where does the .* on {cell} go"):
        state.submit(0, cell)
    assert cell not in state.legal(0)
