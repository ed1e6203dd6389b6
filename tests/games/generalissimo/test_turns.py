"""The double-move turn (GE2), the match's end (GE8), timeouts (GE9), views and rendering."""

from __future__ import annotations

import json

import pytest

import duelhost
from duelhost.core.events import describe_event
from tests.games.generalissimo.helpers import START, diagram, make, piece_at


def test_ge1_start_layout_and_seats() -> None:
    """GE1: South (seat 0) on rows 1-3 in capitals moves first; North on rows 10-12."""
    state = duelhost.load("generalissimo").new()
    assert state.to_act == (0,)
    view = state.view(0)
    assert view["board"][-1] == "HWCGGGCWH"  # row 1: A1 Horseman ... C1 Catapult, D1-F1 Guardsmen
    assert view["board"][-2] == "HWAAAAAWH"
    assert view["board"][-3] == "HWSSSSSWH"
    assert view["board"][0] == "hwcgggcwh"
    assert view["pieces"]["South"] == {
        "Horseman": 6,
        "Archer": 5,
        "Shieldman": 5,
        "Swordsman": 6,
        "Guardsman": 3,
        "Catapult": 2,
    }  # 27 units
    assert sum(view["pieces"]["North"].values()) == 27


def test_ge2_south_first_turn_is_one_move_then_two_moves_a_turn() -> None:
    state = duelhost.load("generalissimo").new()
    assert state.view(0)["moves_left"] == 1
    state.submit(0, "C3-C4")
    assert state.to_act == (1,)  # South's first turn was a single move
    assert state.view(1)["moves_left"] == 2
    state.submit(1, "C10-C9")
    assert state.to_act == (1,)  # North's second move of the same turn
    assert state.view(1)["moves_left"] == 1 and state.view(1)["moved"] == "C9"
    state.submit(1, "D10-D9")
    assert state.to_act == (0,) and state.view(0)["moves_left"] == 2


def test_ge2_the_second_move_must_be_another_piece() -> None:
    state = make({"A1": "H", "E5": "S", "I12": "h"})
    state.submit(0, "E5-E6")
    with pytest.raises(duelhost.IllegalAction, match="already moved this turn"):
        state.submit(0, "E6-E7")
    assert not [m for m in state.legal(0) if m.startswith("E6")]
    assert state.submit(0, "A1-A2") == "A1-A2"
    assert state.to_act == (1,)


def test_ge2_pass_ends_the_turn_and_may_skip_both_moves() -> None:
    state = make({"A1": "H", "E5": "S", "I12": "h", "I11": "w"})
    state.submit(0, "pass")
    assert state.to_act == (1,)
    state.submit(1, "I12-H12")
    state.submit(1, "pass")
    assert state.to_act == (0,) and state.view(0)["moves_left"] == 2


def test_ge2_a_single_piece_makes_one_move() -> None:
    """North has one piece: its turns are one move; South's position cannot claim 2 moves
    with a single piece."""
    state = make({"A1": "H", "B1": "W", "I12": "h"})
    state.submit(0, "A1-A2")
    state.submit(0, "B1-B2")
    assert state.to_act == (1,) and state.view(1)["moves_left"] == 1
    state.submit(1, "I12-I11")
    assert state.to_act == (0,)
    with pytest.raises(duelhost.ConfigError, match="single piece, so its turn has 1 move"):
        make(diagram({"A1": "H", "I12": "h"}, moves=2))


def test_ge2_turn_ends_when_no_other_piece_is_left_for_the_second_move() -> None:
    """Decisions: South's volley kills its own Swordsman on E5, its only other piece, so the
    turn ends at once instead of waiting for a forced pass."""
    state = make({"E1": "C", "E5": "W", "A12": "h"})
    state.submit(0, "E1!")
    assert state.to_act == (1,)
    assert state.view(1)["pieces"]["South"]["Swordsman"] == 0


def test_ge8_elimination_wins() -> None:
    state = make({"A1": "H", "A3": "h"})
    state.submit(0, "A1xA3")
    assert state.is_over
    assert state.result == {"winner": 0, "reason": "elimination", "scores": [1, 0]}
    assert state.to_act == ()


def test_ge8_draw_by_agreement_and_lapsed_offers() -> None:
    state = make({"A1": "H", "B1": "W", "I12": "h", "H12": "w"})
    state.submit(0, "draw")  # an offer is not a move: South still has its two moves
    assert state.to_act == (0,) and state.view(1)["draw_offer"] == 0
    assert "draw" not in state.legal(0)
    with pytest.raises(duelhost.IllegalAction, match="already offered a draw"):
        state.submit(0, "draw")
    state.submit(0, "A1-A2")
    state.submit(0, "pass")
    assert "draw" in state.legal(1)
    trial = state.clone()
    trial.submit(1, "draw")  # North accepts
    assert trial.result["winner"] is None and trial.result["reason"] == "draw by agreement"
    state.submit(1, "I12-I11")  # North plays on: the offer lapses
    assert state.view(0)["draw_offer"] is None
    state.submit(1, "pass")
    state.submit(0, "draw")  # a fresh offer, not an acceptance
    assert not state.is_over and state.view(1)["draw_offer"] == 0


def test_ge8_threefold_repetition_with_passes() -> None:
    """Start S to move (1st time). S pass -> N to move (1st); N pass -> S (2nd);
    S pass -> N (2nd); N pass -> S to move for the 3rd time: drawn."""
    state = make({"A1": "H", "I12": "h"} | {"B1": "W", "H12": "w"})
    seen = [state.view(0)["repetitions"]]
    for seat in (0, 1, 0):
        state.submit(seat, "pass")
        assert not state.is_over
        seen.append(state.view(1)["repetitions"])
    # S to move 1st time, N 1st, S 2nd, N 2nd: the view says which time each position is.
    assert seen == [1, 1, 2, 2]
    state.submit(1, "pass")
    assert state.result["reason"] == "draw by repetition"


def test_ge8_repetition_with_moves_back_and_forth() -> None:
    state = make({"A1": "H", "B1": "W", "I12": "h", "H12": "w"})
    cycle = [
        (0, "A1-A2"),
        (0, "pass"),
        (1, "I12-I11"),
        (1, "pass"),
        (0, "A2-A1"),
        (0, "pass"),
        (1, "I11-I12"),
        (1, "pass"),
    ]
    for seat, text in cycle:  # back to the start position: 2nd time
        state.submit(seat, text)
    assert not state.is_over
    for seat, text in cycle[:-1]:
        state.submit(seat, text)
    assert not state.is_over
    state.submit(1, "pass")  # 3rd time
    assert state.result["reason"] == "draw by repetition"


def test_ge8_fifty_quiet_turns_each_draw() -> None:
    """At 98 quiet turns South moves (99: its turn began quietly) and passes; North moves
    (100 = 50 turns of each player) and passes: the turn ends at the limit, drawn."""
    state = make(diagram({"A1": "H", "B1": "W", "I12": "h", "H12": "w"}, quiet=98))
    state.submit(0, "A1-A2")
    assert state.view(0)["quiet_turns"] == 99
    state.submit(0, "pass")
    state.submit(1, "I12-I11")
    assert state.view(1)["quiet_turns"] == 100 and not state.is_over  # the turn is still on
    state.submit(1, "pass")
    assert state.result["winner"] is None
    assert state.result["reason"] == "no capture in 50 turns of each player"


def test_ge8_a_capture_in_the_last_turn_resets_the_count() -> None:
    state = make(
        diagram({"A1": "H", "B1": "W", "I12": "h", "H12": "w", "A4": "a"}, side="n", quiet=99)
    )
    state.submit(1, "I12-I11")  # 100, mid-turn
    state.submit(1, "pass")
    assert state.result["reason"] == "no capture in 50 turns of each player"
    other = make(diagram({"A1": "H", "B1": "W", "I12": "h", "H12": "w", "A4": "a"}, quiet=99))
    other.submit(0, "A1-A3")  # 100 mid-turn
    other.submit(0, "B1-B2")
    assert other.is_over  # South's turn ended at 100
    third = make(diagram({"A1": "H", "B1": "W", "I12": "h", "H12": "w", "A4": "a"}, quiet=99))
    third.submit(0, "B1-B2")  # 100, but the second move captures
    third.submit(0, "A1xA4")
    assert not third.is_over and third.view(1)["quiet_turns"] == 0


def test_ge8_no_capture_turns_option() -> None:
    """no_capture_turns=2: 4 quiet turns in all end the match."""
    state = make({"A1": "H", "B1": "W", "I12": "h", "H12": "w"}, no_capture_turns=2)
    moves = [
        (0, "A1-A2"),
        (0, "pass"),
        (1, "I12-I11"),
        (1, "pass"),
        (0, "A2-A3"),
        (0, "pass"),
        (1, "I11-I10"),
    ]
    for seat, text in moves:
        state.submit(seat, text)
    assert not state.is_over
    state.submit(1, "pass")
    assert state.result["reason"] == "no capture in 2 turns of each player"
    with pytest.raises(duelhost.ConfigError, match="no_capture_turns"):
        duelhost.load("generalissimo", no_capture_turns=0)


def test_ge8_horseman_against_shieldman_ends_by_the_quiet_rule() -> None:
    """The seed's example: it is not a material draw (a Shieldman takes a Horseman), and it
    ends when 50 turns each pass without a capture."""
    state = make(diagram({"A1": "H", "I12": "s"}, moves=1, quiet=97), no_capture_turns=50)
    state.submit(0, "A1-A2")  # 98, single piece: one move a turn
    state.submit(1, "I12-I11")  # 99
    assert not state.is_over
    state.submit(0, "A2-A1")  # 100
    assert state.result["reason"] == "no capture in 50 turns of each player"


def test_ge9_timeout_passes_the_rest_of_the_turn() -> None:
    state = duelhost.load("generalissimo").new()
    state.timeout(0)
    assert state.to_act == (1,)
    state.submit(1, "C10-C9")
    state.timeout(1)
    assert state.to_act == (0,)
    assert "GE9" in describe_event(state.game.spec, state.events[-1])
    assert [e.kind for e in state.history] == ["timeout", "submit", "timeout"]


def test_resign_at_any_time() -> None:
    state = duelhost.load("generalissimo").new()
    state.submit(0, "C3-C4")
    state.resign(0)  # not South's turn
    assert state.result["winner"] == 1 and state.result["reason"] == "resignation"


def test_views_hold_no_secret_and_are_identical_for_every_seat() -> None:
    state = duelhost.load("generalissimo").new()
    state.submit(0, "A3-A6-C6")
    views = [state.view(seat) for seat in (0, 1, None)]
    for view in views:
        json.dumps(view)
        view.pop("seat")
    assert views[0] == views[1] == views[2]
    assert (
        views[0]["position"]
        == "hwcgggcwh/hwaaaaawh/hwssssswh/9/9/9/2H6/9/9/1WSSSSSWH/HWAAAAAWH/HWCGGGCWH n 2 1"
    )


def test_render_shows_the_board_with_coordinates() -> None:
    state = duelhost.load("generalissimo").new()
    text = state.game.spec.render(state.view(0))  # type: ignore[misc]
    lines = text.splitlines()
    assert lines[0].split() == list("ABCDEFGHI")
    assert lines[1].split() == ["12", *"hwcgggcwh", "12"]
    assert lines[12].split() == ["1", *"HWCGGGCWH", "1"]
    assert "South to move" in text


def test_events_describe_moves_and_captures() -> None:
    state = make({"A1": "H", "A2": "w", "A4": "a", "I12": "h"})
    state.submit(0, "A1-A5")
    line = describe_event(state.game.spec, state.events[-1])
    assert line == "South: Horseman A1xA5 — removes North Swordsman on A2, North Archer on A4"


def test_start_position_is_the_default_and_piece_at_reads_it() -> None:
    state = duelhost.load("generalissimo").new()
    assert state.position() == START  # type: ignore[attr-defined]
    assert piece_at(state, "C1") == "C" and piece_at(state, "E11") == "a"  # type: ignore[arg-type]


def test_ge8_a_volley_killing_only_own_pieces_is_not_a_capture_for_the_quiet_count() -> None:
    """GE8 "no capture": only an enemy piece taken restarts the count. The volley from E1 hits
    E5-E7 and kills only South's own Swordsman on E5: the turn begins without a capture, so the
    count goes from 40 to 41. A volley that also hits an enemy restarts it at 0."""
    state = make(diagram({"E1": "C", "E5": "W", "A1": "H", "I12": "h"}, quiet=40))
    state.submit(0, "E1!")
    assert piece_at(state, "E5") == "."  # type: ignore[arg-type]
    assert state.view(0)["quiet_turns"] == 41
    state = make(diagram({"E1": "C", "E5": "W", "E6": "w", "A1": "H", "I12": "h"}, quiet=40))
    state.submit(0, "E1!")
    assert state.view(0)["quiet_turns"] == 0


def test_ge8_quiet_limit_is_reported_before_repetition_on_the_same_turn_end() -> None:
    """no_capture_turns=2: four passes reach 4 quiet turns and the start position (South to
    move) for the third time at the same moment; the quiet-turn draw is reported."""
    state = make({"A1": "H", "B1": "W", "I12": "h", "H12": "w"}, no_capture_turns=2)
    for seat in (0, 1, 0, 1):
        state.submit(seat, "pass")
    assert state.result["reason"] == "no capture in 2 turns of each player"


def test_draw_can_only_be_answered_on_ones_own_turn() -> None:
    state = make({"A1": "H", "B1": "W", "I12": "h", "H12": "w"})
    state.submit(0, "draw")
    with pytest.raises(duelhost.IllegalAction, match="not seat 1's turn"):
        state.submit(1, "draw")


def test_bad_option_values_are_config_errors() -> None:
    with pytest.raises(duelhost.ConfigError, match="option archer must be one of aggressive"):
        duelhost.load("generalissimo", archer="sniper")


def test_render_counts_pieces_in_words() -> None:
    state = make({"E1": "C", "A1": "H", "B1": "H", "I12": "a"})
    text = state.game.spec.render(state.view(None))  # type: ignore[misc]
    assert "South (capitals): 3 pieces — 2 Horsemen, 1 Catapult" in text
    assert "North (lower case): 1 piece — 1 Archer" in text
