"""Property tests along random matches: damage never negative, dead units never act, the board
and the unit lists agree, legal() is exactly what parses, and bots finish matches."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import duelhost
from duelhost import IllegalAction
from duelhost.bots import make_bot, play_match
from duelhost.games.tactic import board
from duelhost.games.tactic.flags import ALIVE
from duelhost.games.tactic.render import describe_event, render_view
from duelhost.games.tactic.state import TacticState
from tests.games.tactic.helpers import UNITS, arena

FAST = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state: TacticState) -> None:
    for unit in range(len(state.u_flags)):
        assert state.u_dmg[unit] >= 0, "damage counters are never negative"
        cell = state.u_cell[unit]
        if state.u_flags[unit] & ALIVE:
            assert state.board_[cell] == unit
            if not state.flames and not state.is_over:  # Decision 20: nothing resolves after
                assert state.u_dmg[unit] < state.hp(unit), "a unit at its HP is removed"
        else:
            assert state.board_[cell] != unit, "a dead unit is off the board"
    for cell, unit in enumerate(state.board_):
        if unit >= 0:
            assert state.u_flags[unit] & ALIVE and state.u_cell[unit] == cell
    if state.phase == "play" and not state.is_over and not state.flames:
        seat = state.to_act[0]
        for text in state.legal(seat):
            if text == "end":
                continue
            origin = board.parse(text.replace(">", " ").replace("-", " ").split()[0])
            unit = state.board_[origin]
            assert unit >= 0 and state.alive(unit) and state.u_owner[unit] == seat, (
                f"{text}: only the seat's own living units act"
            )


def random_match(seed: int, limit: int = 600) -> TacticState:
    state = duelhost.load("tactic").new(seed=seed)
    assert isinstance(state, TacticState)
    rng = random.Random(seed)
    while not state.is_over and state.decision < limit:
        check_invariants(state)
        seat = state.to_act[0]
        state.submit(seat, state.sample(seat, rng))
    check_invariants(state)
    return state


SEED_75_TEXT = (
    "faction Network, faction Network, king E1, king C7, place Lurker A1, place Spammer B7, "
    "place Troll D2, place Firewall A6, place Troll C2, place Chain G7, place Spammer F2, "
    "place Firewall A7, place Firewall G2, place Troll F6, place Lurker B2, place Lurker D6, "
    "F2-E2, B2-C3, D2-D1, C2-B3, E1-F1, G2-F2, C3>B3, F2>E2, A1-B1, F1 dust E2, B3>C3, F1>F2, "
    "end, end, D1-D2, F2-G1, F1-F2, B3-B2, F2 dust E2, B1-A1, F2>E2, E2-F1, G1>F1, end, C7>B7, "
    "B7>C7, F6-G5, A6>A7, D6-C5, G7-F6, A7>B7, end, B2-A2, D2-E3, F2-G3, G1-G2, A2>A1, end, "
    "F6-E6, A6-B7, G5-F5, C7-C6, C5>C6, C6>C5, A7-B6, B6>C6, end, E3-E2, G3-G4, G2-G3, A1-B2, "
    "end, C5-D6, F5-F4, C6-C7, E6-E5, B6-C5, B7-B6, F4>G4, end, G3-G2, E2-E3, A2-B3, B2-A1, "
    "G4-F3, F3>F4, end, C5-C6, F4-G5, E5-F4, D6-D5, B6-C5, C5>C6, C7-B7, D5>C5, C6>C5, end, "
    "B3-C3, F3-F2, end, D5>C5, G5-F6, F4-E4, C5>C6, C6-B5, E4>E3, B7-C6, C6>C5, end, A1-A2, "
    "end, F6-E5, C6-D6, E5>E4, B5-A4, D5>C5, C5-C4, D6 dust D5, C4>C3, end, E3-E4, F2-G1, "
    "G2-F2, C3-B4, A2-B3, B3>B4, end, A4-A3, D5>D6"
)
SEED_75 = SEED_75_TEXT.split(", ")


def test_nothing_resolves_after_a_king_dies() -> None:
    """Decision 20 (found by the property below, seed 75): seat 1's Lurker strikes its own King
    (AT 10); seat 1 loses at once and its pieces leave. Seat 0's Lurker on B3 (HP 2, Feel the
    Pain) has 2 counters; beside seat 1's Firewalls on A3 (1 counter) and C4 (2) its HP was
    2 + 1 + 2 = 5; with them gone it is 2, and it stays on the board: the score is 4-0."""
    state = duelhost.load("tactic").new(seed=75)
    assert isinstance(state, TacticState)
    for text in SEED_75[:-1]:
        state.submit(state.to_act[0], text)
    lurker = state.board_[board.parse("B3")]
    assert (state.u_dmg[lurker], state.hp(lurker)) == (2, 5)
    state.submit(1, SEED_75[-1])
    assert state.result == {"winner": 0, "reason": "the King of seat 1 died", "scores": [4, 0]}
    assert state.alive(lurker) and state.board_[board.parse("B3")] == lurker
    assert (state.u_dmg[lurker], state.hp(lurker)) == (2, 2)
    assert state.units(1) == []


@FAST
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_matches_keep_the_invariants(seed: int) -> None:
    random_match(seed)


def candidate_texts(state: TacticState, seat: int) -> list[str]:
    """Many syntactically valid turn actions of ``seat``, legal or not."""
    cells = [board.name(c) for c in range(board.CELLS)]
    texts = ["end"]
    for unit in state.units(seat):
        origin = board.name(state.u_cell[unit])
        for target in cells:
            texts.append(f"{origin}>{target}")
            texts.append(f"{origin}-{target}")
            for keyword in ("swap", "fireball", "drain", "sacrifice", "dust"):
                texts.append(f"{origin} {keyword} {target}")
    return texts


@FAST
@given(
    seed=st.integers(min_value=0, max_value=2**31), stop=st.integers(min_value=40, max_value=160)
)
def test_legal_is_exactly_what_parses(seed: int, stop: int) -> None:
    """Every candidate is accepted iff legal() lists it (for these forms, which have one
    canonical spelling when the unit has no Dash, Command or Double Strike)."""
    state = random_match(seed, limit=stop)
    if state.is_over or state.phase != "play" or state.flames:
        return
    seat = state.to_act[0]
    legal = set(state.legal(seat))
    for text in candidate_texts(state, seat):
        if text == "end":
            unit = -1
        else:
            unit = state.board_[board.parse(text.replace(">", " ").replace("-", " ").split()[0])]
        if unit >= 0 and any(
            a in state.u_type[unit].abilities for a in ("Dash", "Command", "Double Strike")
        ):
            continue
        trial = state.clone()
        try:
            trial.submit(seat, text)
        except IllegalAction:
            assert text not in legal, f"{text!r} is listed as legal but refused"
        else:
            assert text in legal, f"{text!r} is accepted but not listed as legal"


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_greedy_matches_finish(seed: int) -> None:
    """Done when: a greedy match finishes."""
    game = duelhost.load("tactic")
    state = game.new(seed=seed)
    bots = [make_bot("greedy", game, 0, seed), make_bot("random", game, 1, seed)]
    play_match(state, bots, max_decisions=20_000)
    assert state.is_over and state.result["reason"]


def test_greedy_beats_random_most_of_the_time() -> None:
    game = duelhost.load("tactic")
    wins = 0
    for seed in range(6):
        state = game.new(seed=seed)
        seats = (0, 1) if seed % 2 == 0 else (1, 0)
        bots = [make_bot("random", game, s, seed) for s in (0, 1)]
        bots[seats[0]] = make_bot("greedy", game, seats[0], seed)
        play_match(state, bots, max_decisions=20_000)
        wins += state.winner == seats[0]
    assert wins >= 4


def test_render_and_events_are_readable() -> None:
    state = random_match(7, limit=300)
    text = render_view(state.view(0))
    assert "/TACTIC/" in text and " 7  " in text and " 1  " in text
    for event in state.events:
        line = describe_event(event)
        assert line and "event=" not in line and "decision=" not in line, event
        assert "[" not in line, "rich would read brackets as markup"


def test_rules_page_is_installed() -> None:
    from duelhost.core.registry import rules_text

    text = rules_text("tactic")
    assert "Decisions" in text and "TA7" in text


UNIT_NAMES = sorted(UNITS)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.lists(
        st.tuples(
            st.integers(0, 1),
            st.sampled_from(UNIT_NAMES),
            st.integers(0, board.CELLS - 1),
            st.integers(0, 3),
        ),
        min_size=2,
        max_size=12,
        unique_by=lambda t: t[2],
    ),
    seed=st.integers(0, 1000),
)
def test_crowded_boards_keep_the_invariants(
    data: list[tuple[int, str, int, int]], seed: int
) -> None:
    """Random crowds of units (every ability meets every other): AT is never negative, an
    Equalized unit has AT 2 (less only by Weaken), and random actions never make damage
    negative or let a dead unit act."""
    units = [(s, n, board.name(c), min(d, UNITS[n].hp - 1)) for s, n, c, d in data]
    state = arena(*units)
    for unit in state.units():
        value = state.at(unit)
        assert value >= 0
        around = [state.board_[c] for c in board.NEIGHBOURS[state.u_cell[unit]]]
        if any(v >= 0 and "Equalize" in state.u_type[v].abilities for v in around):
            weaken = state.u_dmg[unit] if "Weaken" in state.u_type[unit].abilities else 0
            assert value == max(0, 2 - weaken)
    rng = random.Random(seed)
    for _ in range(40):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.submit(seat, state.sample(seat, rng))
        check_invariants(state)
