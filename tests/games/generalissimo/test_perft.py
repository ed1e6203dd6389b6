"""Move counting (perft): the perft file, the fast generator and the slow reference agree."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import duelhost
from duelhost.games.generalissimo.state import GeneralissimoState
from tests.games.generalissimo import reference
from tests.games.generalissimo.helpers import diagram, make

PERFT_FILE = Path(__file__).with_name("perft_positions.txt")


def perft_cases() -> list[tuple[str, str, dict[str, str], int, int]]:
    cases = []
    for line in PERFT_FILE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        description, position, options, depth, count = (part.strip() for part in line.split(";"))
        parsed = {} if options == "-" else dict(kv.split("=", 1) for kv in options.split(","))
        cases.append((description, position, parsed, int(depth), int(count)))
    return cases


CASES = perft_cases()


def new_state(position: str, options: dict[str, str]) -> GeneralissimoState:
    state = duelhost.load("generalissimo", **options).new(position=position)
    assert isinstance(state, GeneralissimoState)
    return state


def test_the_perft_file_covers_depth_2_and_3() -> None:
    assert len(CASES) >= 20
    assert max(case[3] for case in CASES) == 3
    assert sum(1 for case in CASES if case[3] == 3) >= 5


@pytest.mark.parametrize(
    ("description", "position", "options", "depth", "count"),
    CASES,
    ids=[f"{c[0]} d{c[3]}" for c in CASES],
)
def test_engine_perft_matches_the_file(
    description: str, position: str, options: dict[str, str], depth: int, count: int
) -> None:
    assert new_state(position, options).perft(depth) == count


@pytest.mark.slow
@pytest.mark.parametrize(
    ("description", "position", "options", "depth", "count"),
    CASES,
    ids=[f"{c[0]} d{c[3]}" for c in CASES],
)
def test_reference_perft_matches_the_file(
    description: str, position: str, options: dict[str, str], depth: int, count: int
) -> None:
    state = new_state(position, options)  # for the option values only
    ref = reference.read_position(position, state.quiet_limit, state.archer_diagonal)
    assert reference.perft(ref, depth) == count


def test_archer_duel_counted_by_hand() -> None:
    """South Archer E5, North Archer G7 (2 cells diagonally), one move each turn.
    Shot from E5 at G7 (F6 empty): 1. Steps to the 8 empty neighbours: 8. After a step, G7 is
    in line from F6 (1 cell, diagonal) and from D4 (3 cells diagonal, through E5 which the
    Archer left, and F6): 2 more. 11 moves + pass = 12. Tactical: D4*G7 is 3 diagonal: 11."""
    position = diagram({"E5": "A", "G7": "a"}, moves=1)
    assert make(position).perft(1) == 12
    assert make(position, archer="tactical").perft(1) == 11
    legal = make(position).legal(0)
    assert {"E5*G7", "E5-F6*G7", "E5-D4*G7"} <= set(legal)


def test_catapult_capture_position_counted_by_hand() -> None:
    """The perft file's first revised-GE5/GE7 position: South Catapult E4 (North Archer E5
    ahead, North Catapult D4 left, North Shieldman F4 right, North Swordsman E8 in the volley),
    South Swordsman A1, North Horseman I12. Catapult: E4!, E4-E3, E4!-E3, E4xE5, E4!xE5, E4xD4,
    E4!xD4 (7; 3 under the old rule). Swordsman: the 15 cells within 3 king steps of A1, D4 a
    capture (15). With pass: 23 (19 under the old rule)."""
    position = diagram(
        {"E4": "C", "E5": "a", "D4": "c", "F4": "s", "E8": "w", "A1": "W", "I12": "h"}
    )
    assert any(case[1] == position and case[3] == 1 and case[4] == 23 for case in CASES)
    assert make(position).perft(1) == 23


def test_divide_sums_to_perft() -> None:
    state = make(diagram({"E1": "C", "E2": "S", "E6": "c", "E7": "s", "E3": "w"}))
    parts = state.divide(2)
    assert sum(n for _, n in parts) == state.perft(2)
    assert parts[-1][0] == "pass"
    with pytest.raises(duelhost.ConfigError):
        state.divide(0)
    with pytest.raises(duelhost.ConfigError):
        state.perft(-1)


def _positions_along_a_match(seed: int, every: int) -> list[str]:
    rng = random.Random(seed)
    state = duelhost.load("generalissimo").new(seed=seed)
    out = []
    while not state.is_over and state.decision < 600:
        if state.decision % every == 0:
            out.append(state.position())  # type: ignore[attr-defined]
        seat = state.to_act[0]
        state.submit(seat, rng.choice(state.legal(seat)))
    return out


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    archer=st.sampled_from(["aggressive", "tactical"]),
)
def test_fast_and_reference_generators_agree_along_random_matches(seed: int, archer: str) -> None:
    """Every 25th position of a random match: the same legal move texts, one for one."""
    for position in _positions_along_a_match(seed, 25):
        state = new_state(position, {"archer": archer})
        fast = [m for m in state.legal(state.to_act[0]) if m not in ("pass", "draw")]
        assert len(fast) == len(set(fast)), "the engine lists a move twice"
        ref = reference.read_position(position, state.quiet_limit, state.archer_diagonal)
        assert set(fast) == set(reference.legal_moves(ref)), position
