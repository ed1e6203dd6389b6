"""The position format and the move notation: round trips, canonical forms and errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import duelhost
from tests.games.generalissimo.helpers import START, diagram, make

GAME = duelhost.load("generalissimo")


# --------------------------------------------------------------------------- positions


def test_start_position_text() -> None:
    assert GAME.new().position() == START  # type: ignore[attr-defined]
    assert GAME.new(position=START).position() == START  # type: ignore[attr-defined]


def test_position_round_trips_along_random_matches() -> None:
    """position() of new(position=p) is p, and the new state has the same legal moves."""
    rng = random.Random(3)
    state = GAME.new(seed=3)
    checked = 0
    while not state.is_over and checked < 120:
        text = state.position()  # type: ignore[attr-defined]
        copy = GAME.new(position=text)
        assert copy.position() == text  # type: ignore[attr-defined]
        seat = state.to_act[0]
        assert set(copy.legal(seat)) - {"draw"} == set(state.legal(seat)) - {"draw"}
        state.submit(seat, rng.choice(state.legal(seat)))
        checked += 1


def test_mid_turn_position_names_the_piece_that_moved() -> None:
    state = GAME.new()
    state.submit(0, "C3-C4")
    state.submit(1, "C10-C9")
    text = state.position()  # type: ignore[attr-defined]
    assert (
        text
        == "hwcgggcwh/hwaaaaawh/hw1sssswh/2s6/9/9/9/9/2S6/HW1SSSSWH/HWAAAAAWH/HWCGGGCWH n 1 2 C9"
    )
    copy = GAME.new(position=text)
    with pytest.raises(duelhost.IllegalAction, match="already moved this turn"):
        copy.submit(1, "C9-C8")


def test_quiet_count_in_positions() -> None:
    """South's first move is quiet (1); North's turn begins quietly (2) and its second move
    does not add to it (a turn counts once); South's capture resets it to 0."""
    state = make(diagram({"A1": "H", "B1": "W", "A6": "w", "I12": "h"}, moves=1))
    state.submit(0, "B1-B2")
    assert state.position().endswith(" n 2 1")
    state.submit(1, "I12-I11")
    assert state.position().endswith(" n 1 2 I11")
    state.submit(1, "A6-A5")
    assert state.position().endswith(" s 2 2")
    state.submit(0, "A1xA5")
    assert state.position().endswith(" s 1 0 A5")


def test_position_quiet_count_limit_is_twice_no_capture_turns() -> None:
    """The rules page's position format (issue 16: it said "a count at the limit" is refused):
    the count is of both players' turns, limit 2 x no_capture_turns (100 by default). At the
    start of a turn it must be below the limit; mid-turn (the fifth field) it may equal it,
    since the count already includes the current turn; above the limit it is refused."""
    pieces = {"A1": "H", "B1": "W", "I12": "h", "H12": "w"}
    assert make(diagram(pieces, quiet=99)).position().endswith(" s 2 99")
    with pytest.raises(duelhost.ConfigError, match="100 quiet turns reach the no-capture limit"):
        make(diagram(pieces, quiet=100))
    mid = make(diagram(pieces, moves=1, quiet=100, moved="B1"))
    assert mid.position().endswith(" s 1 100 B1") and not mid.is_over
    with pytest.raises(duelhost.ConfigError, match="101 quiet turns reach the no-capture limit"):
        make(diagram(pieces, moves=1, quiet=101, moved="B1"))
    assert make(diagram(pieces, quiet=9), no_capture_turns=5).position().endswith(" s 2 9")
    with pytest.raises(duelhost.ConfigError, match="limit of 10 turns"):
        make(diagram(pieces, quiet=10), no_capture_turns=5)


BAD_POSITIONS = [
    ("9/9/9 s 1 0", "12 rows"),
    (START.replace("hwcgggcwh", "hwcgggcwhh", 1), "row 12 .* more than 9 cells"),
    (START.replace("hwcgggcwh", "hwcgggcw", 1), "row 12 .* fewer than 9 cells"),
    (START.replace("/9/9/9/9/9/9/", "/9/9/45/9/9/9/", 1), "two digits in a row"),
    (START.replace("/9/9/9/9/9/9/", "/9/9/X8/9/9/9/", 1), "'X', which is not a piece"),
    (START.replace(" s 1 0", " x 1 0"), "side to move must be s or n"),
    (START.replace(" s 1 0", " s 3 0"), "moves left in the turn must be 1 or 2"),
    (START.replace(" s 1 0", " s 1 -4"), "quiet-turn count must be a whole number"),
    (START.replace(" s 1 0", " s 1"), "got 3 field"),
    (START.replace(" s 1 0", " s 1 100"), "reach the no-capture limit of 100"),
    (START.replace(" s 1 0", " s 2 0 C3"), "1 move is left, not 2"),
    (START.replace(" s 1 0", " s 1 0 C11"), "C11 must hold the South piece"),
    (START.replace(" s 1 0", " s 1 0 Z3"), "'Z3' is not a cell"),
    (
        START.replace("/9/9/9/9/9/9/", "/9/9/H8/9/9/9/", 1),
        "South has 7 Horsemen; an army has at most 6",
    ),
    (diagram({"A1": "H"}, moves=1), "North has no pieces"),
    (diagram({"A1": "H", "I12": "h"}, moves=1, moved="A1"), "no other piece to make a second move"),
]


@pytest.mark.parametrize(("text", "message"), BAD_POSITIONS)
def test_bad_positions_are_config_errors_naming_the_fault(text: str, message: str) -> None:
    with pytest.raises(duelhost.ConfigError, match=message):
        GAME.new(position=text)


# --------------------------------------------------------------------------- notation


def test_cells_are_case_insensitive_and_spaces_ignored() -> None:
    state = GAME.new()
    assert state.submit(0, " c3 - c5 ") == "C3-C5"


def test_dash_is_accepted_for_a_capture_and_x_is_canonical() -> None:
    state = make({"E5": "S", "E6": "h", "I12": "h"})
    assert "E5xE6" in state.legal(0) and "E5-E6" not in state.legal(0)
    assert state.submit(0, "E5-E6") == "E5xE6"


def test_x_without_a_capture_is_refused() -> None:
    state = GAME.new()
    with pytest.raises(duelhost.IllegalAction, match="nothing to capture on C4"):
        state.submit(0, "C3xC4")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("E5-E6", "there is no piece on E5"),
        ("C10-C9", "C10 holds a North Shieldman, not one of yours"),
        ("J3-J4", "J3 is off the board"),
        ("C3-C13", "C13 is off the board"),
        ("C3", "where does the Shieldman on C3 go"),
        ("C3-C4-C5", "only a Horseman's move lists turning points"),
        ("C3!", "only a Catapult fires a volley"),
        ("C3*C5", "only an Archer shoots"),
        ("C1!-C2", "C2 holds your own Archer"),
        ("C2*C5*C6", "the shot \\('\\*'\\) comes last"),
        ("C3-", "must be followed by a cell"),
        ("hello", "cannot read"),
        ("C3-C3", "must leave its cell"),
        ("C3-C6", "illegal move 'C3-C6': a Shieldman moves at most 2 cells"),
        ("D1-D4", "blocked on D2"),
        ("A3-A6-A4", "never revisits"),
    ],
)
def test_errors_say_why(text: str, message: str) -> None:
    state = GAME.new()
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match=message):
        state.submit(0, text)
    assert state.to_json() == before  # G3: nothing changed


def test_volley_forms() -> None:
    state = make({"E1": "C", "E5": "w", "I12": "h"})
    legal = state.legal(0)
    assert {"E1!", "E1!-D1", "E1-D1", "E1!-E2", "E1-E2", "E1!-F1", "E1-F1"} <= set(legal)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_every_legal_string_parses_back_to_itself(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new(seed=seed)
    while not state.is_over and state.decision < 80:
        seat = state.to_act[0]
        legal = state.legal(seat)
        for text in rng.sample(legal, min(10, len(legal))):
            assert state.clone().submit(seat, text) == text
            assert state.clone().submit(seat, text.lower()) == text
        state.submit(seat, rng.choice(legal))


def test_errors_quote_at_most_sixty_characters_of_the_move() -> None:
    """Issue 16: an error echoes at most 60 characters of what it was given."""
    state = GAME.new()
    with pytest.raises(duelhost.IllegalAction) as caught:
        state.submit(0, "C3-C4" + "-C5" * 10_000)
    assert str(caught.value).startswith("illegal move 'C3-C4" + "-C5" * 18 + "\u2026': ")
    assert len(str(caught.value)) < 200
    with pytest.raises(duelhost.ConfigError) as config:
        GAME.new(position="x" * 100_000 + " s 1 0")
    assert len(str(config.value)) < 200
