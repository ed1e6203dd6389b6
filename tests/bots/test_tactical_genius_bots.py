"""Tactical Genius's levels: regret matching over both seats' phase plans, rollout-valued."""

from __future__ import annotations

import numpy as np

import duelhost
from duelhost.bots import SeatHandle, available_bots, make_bot
from duelhost.bots.budget import Budget, default, set_default
from duelhost.games.tactical_genius.search import rebuild, regret_matching
from tests.bots.levels import play


def test_levels_are_listed() -> None:
    assert {"easy", "medium", "hard", "greedy", "random"} <= set(available_bots("tactical_genius"))


def test_hard_wins_where_greedy_loses() -> None:
    # On seed 1 greedy beats greedy from seat 0; the search in seat 1 turns that round.
    assert play("tactical_genius", ("greedy", "greedy"), 1, nodes=100).winner == 0
    assert play("tactical_genius", ("greedy", "hard"), 1, nodes=100).winner == 1


def test_a_decision_is_reproducible_with_a_node_budget() -> None:
    game = duelhost.load("tactical_genius")
    state = game.new(seed=2)
    bots = [make_bot("greedy", game, s, 2) for s in (0, 1)]
    for seat in (0, 1):
        state.submit(seat, bots[seat].act(SeatHandle(state, seat)))
    previous = default()
    set_default(Budget(nodes=40))
    try:
        texts = {make_bot("hard", game, 0, 9).act(SeatHandle(state, 0)) for _ in range(2)}
    finally:
        set_default(previous)
    assert len(texts) == 1


def test_medium_beats_random() -> None:
    state = play("tactical_genius", ("random", "medium"), 5, nodes=40)
    assert state.winner == 1


def test_rebuilt_state_agrees_with_the_view() -> None:
    game = duelhost.load("tactical_genius")
    state = game.new(seed=5)
    bots = [make_bot("greedy", game, s, 5) for s in (0, 1)]
    for _ in range(7):
        for seat in (0, 1):
            state.submit(seat, bots[seat].act(SeatHandle(state, seat)))
    state.submit(0, "pass")  # pending: the other seat's rebuild must not depend on it
    rebuilt = rebuild(SeatHandle(state, 1))
    assert rebuilt._view(1) == state._view(1)  # the game's part of the view (not the kernel's)
    assert rebuilt.legal(1) == state.legal(1)


def test_regret_matching_finds_mixed_equilibria() -> None:
    matching_pennies = np.array([[1.0, -1.0], [-1.0, 1.0]])
    assert np.allclose(regret_matching(matching_pennies), [0.5, 0.5], atol=0.02)
    dominated = np.array([[1.0, 1.0], [-1.0, 0.0]])
    assert regret_matching(dominated)[0] > 0.99
