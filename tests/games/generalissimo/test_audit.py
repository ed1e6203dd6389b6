"""Independent rules audit: rules and rulings the other test files left untested, bad input
fuzzing, and the moves' effects (not only their texts) checked against the reference."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import duelhost
from duelhost.games.generalissimo.board import COLUMNS
from duelhost.games.generalissimo.state import GeneralissimoState
from tests.games.generalissimo import reference
from tests.games.generalissimo.helpers import START, diagram, make, piece_at

FAR = {"I12": "h"}
"""A North piece far from the action, so that no capture below ends the match."""
GAME = duelhost.load("generalissimo")


# --------------------------------------------------------------------------- GE3: a capture ends


def test_ge3_a_swordsman_cannot_go_on_past_a_piece_it_captures() -> None:
    """Swordsman A1 hemmed in by its own B1 and B2: its only way out is A2, held by a North
    Swordsman. It captures A2 and stops there: A3 (2 steps) and A4 (3 steps) are out of reach,
    although they are within 3 king steps."""
    state = make({"A1": "W", "B1": "S", "B2": "S", "A2": "w", **FAR})
    legal = state.legal(0)
    a1_moves = sorted(m for m in legal if m.startswith("A1"))
    assert a1_moves == ["A1xA2"]
    with pytest.raises(duelhost.IllegalAction, match="cannot reach A3"):
        state.submit(0, "A1-A3")


def test_ge3_a_shieldman_cannot_go_on_past_a_piece_it_captures() -> None:
    """Shieldman A1, own B1 and B2, North Archer on A2: A1xA2 only, never A3 through A2."""
    state = make({"A1": "S", "B1": "W", "B2": "W", "A2": "a", **FAR})
    assert sorted(m for m in state.legal(0) if m.startswith("A1")) == ["A1xA2"]


def test_ge3_a_guardsman_stops_on_the_enemy_it_captures() -> None:
    """Guardsman E1, North Shieldman on E3: up the E column E2, E3 (a capture) and nothing
    further (E4, E5 lie behind the captured piece)."""
    state = make({"E1": "G", "E3": "s", **FAR})
    up = sorted(m for m in state.legal(0) if m.startswith("E1") and m[3] == "E")
    assert up == ["E1-E2", "E1xE3"]
    with pytest.raises(duelhost.IllegalAction, match="blocked on E3"):
        state.submit(0, "E1-E5")


# --------------------------------------------------------------------------- GE4: leap + capture


def test_ge4_a_horseman_leaps_a_friend_then_breaks_through_an_enemy() -> None:
    """A1: over its own Swordsman on A2 (step 1), captures the North Archer on A3 (step 2) and
    goes on to A4: one leg, written with x; A2 keeps its Swordsman."""
    state = make({"A1": "H", "A2": "W", "A3": "a", **FAR})
    assert "A1xA4" in state.legal(0)
    assert state.submit(0, "A1-A4") == "A1xA4"
    assert [piece_at(state, c) for c in ("A1", "A2", "A3", "A4")] == [".", "W", ".", "H"]


def test_ge4_friends_on_steps_1_and_3_with_a_capture_between_are_not_consecutive() -> None:
    """GE4 forbids two friends on consecutive steps only: friend A2 (step 1), enemy A3
    captured (step 2), friend A4 (step 3), end A5 (step 4)."""
    state = make({"A1": "H", "A2": "W", "A3": "w", "A4": "W", **FAR})
    assert state.submit(0, "A1-A5") == "A1xA5"
    assert [piece_at(state, c) for c in ("A2", "A3", "A4", "A5")] == ["W", ".", "W", "H"]


def test_ge4_a_breakthrough_ends_when_the_5_steps_are_used() -> None:
    """Enemies on A2 and A7: A2 is step 1, A6 step 5, A7 would be step 6. A1xA6 takes A2
    only; nothing reaches A7."""
    state = make({"A1": "H", "A2": "w", "A7": "w", **FAR})
    legal = state.legal(0)
    assert "A1xA6" in legal and "A1xA7" not in legal
    state.submit(0, "A1xA6")
    assert piece_at(state, "A7") == "w" and piece_at(state, "A2") == "."


# --------------------------------------------------------------------------- GE6 / GE7 details


def test_ge6_a_shot_is_the_archers_whole_move() -> None:
    """The seed: "A shot is a completed action (one move)". After E5*E8 the Archer has used
    its move; the second move must be another piece's (GE2)."""
    state = make({"E5": "A", "E8": "w", "A1": "W", **FAR})
    state.submit(0, "E5*E8")
    view = state.view(0)
    assert view["moves_left"] == 1 and view["moved"] == "E5"
    assert not [m for m in state.legal(0) if m.startswith("E5")]


def test_ge6_a_shot_off_the_8_lines_is_refused() -> None:
    state = make({"E5": "A", "F7": "w", **FAR})  # a knight's jump away: on no line
    with pytest.raises(duelhost.IllegalAction, match="not on a straight line"):
        state.submit(0, "E5*F7")


def test_ge7_the_volley_destroys_shieldmen_and_catapults_too() -> None:
    """GE7 destroys every piece on the cells: North Shieldman on E5 (4 ahead of E1), North
    Catapult on E6 (5 ahead), North Guardsman on E7 (6 ahead) all go, though an Archer's shot
    could not touch the first two."""
    state = make({"E1": "C", "E5": "s", "E6": "c", "E7": "g", "A1": "W", **FAR})
    state.submit(0, "E1!")
    assert [piece_at(state, c) for c in ("E5", "E6", "E7")] == [".", ".", "."]
    assert state.view(0)["pieces"]["North"]["Shieldman"] == 0


def test_ge7_the_volley_comes_before_the_step() -> None:
    """The seed: "The Catapult first fires its shot (forward only), then moves 1 cell"; a step
    then a volley is refused, and E1!-D1 fires from E1 (the E column), not from D1."""
    state = make({"E1": "C", "E5": "w", "D5": "w", "A1": "W", **FAR})
    with pytest.raises(duelhost.IllegalAction):
        state.clone().submit(0, "E1-D1!")
    state.submit(0, "E1!-D1")
    assert piece_at(state, "E5") == "." and piece_at(state, "D5") == "w"
    assert piece_at(state, "D1") == "C"


def test_ge7_a_north_catapult_volleys_only_southwards_then_steps() -> None:
    """North Catapult on E8: cells 4-6 ahead are E4, E3, E2; E12 behind it is never hit."""
    state = make({"A1": "H", "E8": "c", "E12": "w", "E3": "S", "E9": "w"})
    state.submit(0, "pass")
    assert "E8!" in state.legal(1)
    state.submit(1, "E8!-D8")
    assert piece_at(state, "E3") == "." and piece_at(state, "E12") == "w"


# --------------------------------------------------------------------------- bad input (G3)


@pytest.mark.parametrize(
    "text",
    [
        START.replace("HWCGGGCWH s", "HWCGGGCW\u00b2 s"),  # superscript two
        START.replace("/9/9/9/9/9/9/", "/9/9/\u0669/9/9/9/", 1),  # Arabic-Indic nine
        START.replace(" s 1 0", " s 1 \u0663"),  # Arabic-Indic three
        START.replace(" s 1 0", " s 1 \u00b2"),
    ],
)
def test_non_ascii_digits_in_a_position_are_config_errors(text: str) -> None:
    """Found by the audit: ``str.isdigit`` accepts these, then ``int`` crashed (ValueError) or
    the position was read and printed back differently. A position is ASCII."""
    with pytest.raises(duelhost.ConfigError):
        GAME.new(position=text)


def test_non_ascii_digits_in_a_move_are_refused() -> None:
    state = GAME.new()
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match="cannot read"):
        state.submit(0, "C\u0663-C4")  # C, Arabic-Indic three
    assert state.to_json() == before


def _states_along_matches() -> list[GeneralissimoState]:
    out = []
    for seed in (1, 2):
        state = GAME.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.decision < 160:
            if state.decision % 40 == 20:
                clone = state.clone()
                assert isinstance(clone, GeneralissimoState)
                out.append(clone)
            seat = state.to_act[0]
            state.submit(seat, rng.choice(state.legal(seat)))
    return out


STATES = _states_along_matches()
_CELL = st.builds(
    lambda column, row: f"{column}{row}",
    st.sampled_from("ABCDEFGHIJabci"),
    st.integers(min_value=0, max_value=14),
)
_MOVE_LIKE = st.builds(
    "".join,
    st.lists(st.one_of(_CELL, st.sampled_from(["-", "x", "*", "!", " ", "X"])), max_size=8),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(min_value=0, max_value=len(STATES) - 1),
    text=st.one_of(_MOVE_LIKE, st.text(max_size=20)),
)
def test_fuzzed_submissions_are_accepted_or_refused_cleanly(index: int, text: str) -> None:
    """G3: any text is a legal move (whose canonical form is legal) or IllegalAction with the
    state unchanged; never another exception."""
    state = STATES[index].clone()
    seat = state.to_act[0]
    legal = state.legal(seat)
    before = state.to_json()
    try:
        canonical = state.submit(seat, text)
    except duelhost.IllegalAction:
        assert state.to_json() == before
        return
    assert canonical in legal or canonical == "resign"


_POSITION_CHARS = st.sampled_from(list("hascgwHASCGW123456789/ sn0x-\u00b2\u0663"))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=st.one_of(
        st.text(_POSITION_CHARS, max_size=40),
        st.builds(lambda tail: START[:-5] + tail, st.text(_POSITION_CHARS, max_size=8)),
    )
)
def test_fuzzed_positions_are_read_exactly_or_refused_cleanly(text: str) -> None:
    """Any text is a position that prints back unchanged (once the kernel has trimmed the
    whitespace around it), or a ConfigError."""
    try:
        state = GAME.new(position=text)
    except duelhost.ConfigError:
        return
    assert state.position() == text.strip()  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- effects of moves


def _cell(index: int) -> tuple[int, int]:
    return (index % COLUMNS, index // COLUMNS)


@pytest.mark.parametrize(("archer", "seed"), [("aggressive", 21), ("tactical", 22)])
def test_moves_kept_in_the_caches_have_the_reference_effects(archer: str, seed: int) -> None:
    """Along a live random match (caches carried from decision to decision, clones, passes,
    draw offers), every listed move removes exactly the pieces and ends on exactly the cell the
    reference generator gives: texts alone cannot tell a Horseman that takes one piece on a
    leg from one that takes two, nor a volley's victims."""
    state = duelhost.load("generalissimo", archer=archer).new(seed=seed)
    assert isinstance(state, GeneralissimoState)
    rng = random.Random(seed)
    checked = 0
    while not state.is_over and checked < 150:
        seat = state.to_act[0]
        legal = state.legal(seat)
        mine = {
            g[0]: (_cell(g[1]), _cell(g[2]), frozenset(_cell(c) for c in g[3]))
            for g in state._generated()
        }
        ref = reference.read_position(state.position(), state.quiet_limit, state.archer_diagonal)
        assert mine == reference.legal_moves(ref), state.position()
        checked += 1
        roll = rng.random()
        if roll < 0.05:
            state.submit(seat, "pass")
        elif roll < 0.08 and "draw" in legal:
            state.submit(seat, "draw")
        elif roll < 0.12:
            clone = state.clone()
            assert isinstance(clone, GeneralissimoState)
            state = clone
            state.submit(seat, rng.choice(legal))
        else:
            state.submit(seat, rng.choice(legal))
    assert checked > 100


# --------------------------------------------------------------------------- GE8 details


def test_ge8_repetition_counts_only_positions_since_the_last_capture() -> None:
    """Decisions: a capture clears the repetition record. South to move (1st), two rounds of
    passes bring it back a 2nd time; then North's Archer is shot and the same moves go on:
    the start position can never recur (a piece is gone), and the new one needs 3 times."""
    state = make({"A1": "H", "B1": "W", "E5": "A", "E8": "a", "I12": "h", "H12": "w"})
    for seat in (0, 1):
        state.submit(seat, "pass")  # S to move: 2nd time
    state.submit(0, "E5*E8")
    state.submit(0, "pass")  # N to move, new position (1st)
    for seat in (1, 0, 1):
        state.submit(seat, "pass")  # S (1st), N (2nd), S (2nd)
        assert not state.is_over
    state.submit(0, "pass")  # N to move for the 3rd time
    assert state.result["reason"] == "draw by repetition"


def test_ge2_first_turn_single_move_then_north_uses_both() -> None:
    """GE2 from the start position: a single South move, then two North moves by different
    pieces, then two South moves: decisions 0 (S), 1-2 (N), 3-4 (S)."""
    state = GAME.new()
    seats = []
    for text in ("C3-C4", "C10-C9", "D10-D9", "D3-D4", "E3-E4"):
        seat = state.to_act[0]
        seats.append(seat)
        state.submit(seat, text)
    assert seats == [0, 1, 1, 0, 0] and state.to_act == (1,)


@pytest.mark.parametrize("spacing", ["double", "tab", "newline"])
def test_position_spacing_is_exact_so_that_it_prints_back_unchanged(spacing: str) -> None:
    """Issue 3: position() of new(position=p) is p. Found by the audit: extra whitespace
    between the fields was accepted and printed back differently; they are separated by single
    spaces. (Whitespace around the whole text is trimmed by the kernel, as for every setup
    value, before the game sees it.)"""
    text = diagram({"A1": "H", "I12": "h"}, moves=1)
    assert GAME.new(position=text).position() == text  # type: ignore[attr-defined]
    assert GAME.new(position=f" {text}\n").position() == text  # type: ignore[attr-defined]
    bad = {
        "double": text.replace(" ", "  ", 1),
        "tab": text.replace(" ", "\t", 1),
        "newline": text.replace(" ", "\n", 1),
    }[spacing]
    with pytest.raises(duelhost.ConfigError, match="single spaces"):
        GAME.new(position=bad)
