"""/TACTIC/'s cheap rollout policy: the same scores as applying each action to a clone."""

from __future__ import annotations

import random

import pytest

import duelhost
from duelhost.bots import SeatHandle, make_bot
from duelhost.games.tactic.actions import format_action
from duelhost.games.tactic.evaluation import score
from duelhost.games.tactic.rollout import (
    Policy,
    positional,
    raw_score,
    rollout,
    scores,
    turn_actions,
)
from duelhost.games.tactic.state import TacticState
from tests.games.tactic.helpers import arena


def _by_text(state: TacticState, seat: int) -> dict[str, float]:
    """The fast scores of every legal action, by its text."""
    actions = turn_actions(state, seat)
    return {format_action(a): v for a, v in zip(actions, scores(state, seat, actions), strict=True)}


def _cloned(state: TacticState, seat: int, text: str) -> float:
    """The old way: the action's text submitted to a clone, the clone scored."""
    trial = state.clone()
    assert isinstance(trial, TacticState)
    trial.submit(seat, text)
    return raw_score(trial, seat)


def test_a_move_changes_only_the_pull_towards_the_enemy_king() -> None:
    """Order King (HP 5) 12 x 5 = 60; Knight (HP 5, AT 1) 3 + 5 + 1 = 9, three rows from the
    Abyss King on D6: -0.9; the Abyss King has 3 HP left: -36; Striker (HP 3, AT 2): -8.
    So 24.1; the Knight one row closer (D3-D4) 24.4, one column aside (D3-E3) 23.8."""
    state = arena(
        (0, "King:Order", "A1"),
        (0, "Knight", "D3"),
        (1, "King:Abyss", "D6", 2),
        (1, "Striker", "G7"),
    )
    assert not positional(state)
    assert raw_score(state, 0) == pytest.approx(24.1)
    found = _by_text(state, 0)
    assert found["D3-D4"] == pytest.approx(24.4)
    assert found["D3-E3"] == pytest.approx(23.8)
    assert found["A1-B1"] == pytest.approx(24.1)  # a King's step pulls nothing
    assert found["end"] == pytest.approx(24.1)
    assert set(found) == set(state.legal(0))


def test_a_move_that_kills_by_feel_the_pain_is_scored_with_the_death() -> None:
    """The Lurker (HP 2 + 1 per counter next to it, AT 0 + the same) has 2 counters and
    lives on the Troll's 1. Before: King 60, Lurker 3 + 1 + 1 - 1.5, Troll (HP 4, AT 1,
    1 counter) 3 + 3 + 1 - 1.2, Abyss King -60, Striker -8: 1.3. Stepping to D4, still next
    to the Troll, takes two steps off its way to D7 (1.9), to D3 one (1.6). Stepping away
    (C3-C2) drops its HP to 2: it dies, and the board is 1.3 - 5 + 1.5 = -2.2."""
    units = (
        (0, "King:Network", "A1"),
        (0, "Lurker", "C3", 2),
        (0, "Troll", "C4", 1),
        (1, "King:Abyss", "D7"),
        (1, "Striker", "G7"),
    )
    state = arena(*units, factions=("Network", "Abyss"))
    assert positional(state)
    assert raw_score(state, 0) == pytest.approx(1.3)
    found = _by_text(state, 0)
    assert found["C3-D4"] == pytest.approx(1.9)
    assert found["C3-D3"] == pytest.approx(1.6)
    assert found["C3-C2"] == pytest.approx(-2.2)
    # scoring put the Lurker back
    assert state.board_ == arena(*units, factions=("Network", "Abyss")).board_


def test_fast_scores_equal_clone_and_submit_in_greedy_matches() -> None:
    """Every legal action of every turn decision of two greedy matches (Feel the Pain,
    Equalize, Check and Annoy boards among them): the fast score equals the clone's, the
    action list equals ``legal``, and ``raw_score`` equals the greedy bot's ``score``."""
    game = duelhost.load("tactic")
    compared = positions = 0
    for seed in (0, 5):
        state = game.new(seed=seed)
        assert isinstance(state, TacticState)
        bots = [make_bot("greedy", game, s, seed) for s in (0, 1)]
        while not state.is_over and state.turn < 30:
            if state.phase == "play" and not state.flames:
                seat = state.to_act[0]
                assert [format_action(a) for a in turn_actions(state, seat)] == state.legal(seat)
                board = state.view(seat)["board"]
                assert raw_score(state, seat) == pytest.approx(score(board, seat, None, False))
                positions += positional(state)
                for text, value in _by_text(state, seat).items():
                    if text != "end":
                        assert value == pytest.approx(_cloned(state, seat, text), abs=1e-9), text
                        compared += 1
            for seat in state.to_act:
                state.submit(seat, bots[seat].act(SeatHandle(state, seat)))
    assert compared > 1000 and positions > 0


def test_rollouts_are_determined_by_the_seed() -> None:
    """Two rollouts from the same position with equally seeded policies end on the same
    board; the position itself is left as it was."""
    state = arena(
        (0, "King:Order", "A1"),
        (0, "Knight", "D3"),
        (0, "Halberdier", "E3"),
        (1, "King:Abyss", "D6", 2),
        (1, "Striker", "G7"),
        (1, "Imp", "C5"),
    )
    boards = []
    for _ in range(2):
        trial = state.clone()
        assert isinstance(trial, TacticState)
        rollout(trial, Policy(random.Random(7)), horizon=4)
        assert trial.turn >= 4 or trial.is_over
        boards.append((trial.board_, trial.u_dmg, trial.turn))
    assert boards[0] == boards[1]
    assert state.turn == 1 and state.decision == 0
