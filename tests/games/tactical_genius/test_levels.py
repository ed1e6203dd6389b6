"""Tactical Genius's levels: regret matching over both seats' phase plans, rollout-valued."""

from __future__ import annotations

import random

import numpy as np

import duelhost
from duelhost.bots import SeatHandle, available_bots, make_bot
from duelhost.bots.budget import Budget, using
from duelhost.core.registry import Game
from duelhost.core.state import State
from duelhost.games.tactical_genius.bots import GreedyTacticalGenius
from duelhost.games.tactical_genius.opponent import AGREEING, EVIDENCE, OpponentModel
from duelhost.games.tactical_genius.search import (
    PhaseSearchBot,
    rebuild,
    regret_matching,
    robust_choice,
)
from tests.bots.levels import play


def test_levels_are_listed() -> None:
    assert {"easy", "medium", "hard", "greedy", "random"} <= set(available_bots("tactical_genius"))


def test_hard_wins_where_greedy_loses() -> None:
    # On seed 0 greedy beats greedy from seat 0; the search in seat 1 turns that round.
    assert play("tactical_genius", ("greedy", "greedy"), 0, nodes=100).winner == 0
    assert play("tactical_genius", ("greedy", "hard"), 0, nodes=100).winner == 1


def _after_first_phase(seed: int = 2) -> tuple[Game, State]:
    """A match of seed ``seed`` after round 1's reinforcement phase, both seats played by the
    greedy bot (so both armies are on the board and the search levels build nothing)."""
    game = duelhost.load("tactical_genius")
    state = game.new(seed=seed)
    bots = [make_bot("greedy", game, s, seed) for s in (0, 1)]
    for seat in (0, 1):
        state.submit(seat, bots[seat].act(SeatHandle(state, seat)))
    return game, state


def test_a_decision_is_reproducible_with_a_node_budget() -> None:
    game, state = _after_first_phase()
    with using(Budget(nodes=40)):
        texts = {make_bot("hard", game, 0, 9).act(SeatHandle(state, 0)) for _ in range(2)}
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


def _watch(opponent: str, seed: int, decisions: int) -> OpponentModel:
    """Seat 0 plays greedy against ``opponent`` while a model of seat 0 watches seat 1."""
    game = duelhost.load("tactical_genius")
    state = game.new(seed=seed)
    bots = [make_bot("greedy", game, 0, seed), make_bot(opponent, game, 1, seed)]
    model = OpponentModel(0)
    for _ in range(decisions):
        if state.is_over:
            break
        handle = SeatHandle(state, 0)
        model.observe(handle.view(), rebuild(handle))
        for seat in (0, 1):
            state.submit(seat, bots[seat].act(SeatHandle(state, seat)))
    return model


def test_the_other_seat_is_modelled_from_its_orders() -> None:
    """The random bot's orders rarely match the greedy bot's (one order a unit out of many):
    after ten phases the model plays it as random; a greedy seat agrees with itself on every
    comparison and stays greedy."""
    for seed in (3, 4):
        against_random = _watch("random", seed, 10)
        assert against_random.compared >= EVIDENCE
        assert against_random.model == "random"
        against_greedy = _watch("greedy", seed, 10)
        assert against_greedy.compared >= EVIDENCE
        assert against_greedy.agreed >= AGREEING * against_greedy.compared
        assert against_greedy.model == "greedy"


def test_before_any_evidence_the_model_is_greedy() -> None:
    assert OpponentModel(1).model == "greedy"


def test_a_plan_must_beat_the_greedy_plan_beyond_the_noise() -> None:
    """Plan 0 is the greedy plan; the standard errors are 0.1 each, so the difference's is
    0.1 x sqrt(2) = 0.141 and a plan must lead by more than 1.5 x 0.141 = 0.212: by 0.1 or
    0.2 the greedy plan stays, by 0.4 the better plan is played."""
    errors = np.array([0.1, 0.1])
    assert robust_choice(np.array([0.5, 0.6]), errors) == 0
    assert robust_choice(np.array([0.4, 0.6]), errors) == 0
    assert robust_choice(np.array([0.2, 0.6]), errors) == 1
    assert robust_choice(np.array([0.6, 0.2]), errors) == 0


def test_evaluate_values_the_plans_from_the_seat_view() -> None:
    """The analysis's evaluation: each plan valued in [-1, 1], every one a valid submission,
    the greedy plan among them."""
    game, state = _after_first_phase()
    with using(Budget(nodes=60)):
        bot = make_bot("hard", game, 0, 9)
    assert isinstance(bot, PhaseSearchBot)
    values = bot.evaluate(SeatHandle(state, 0))
    assert len(values) >= 2
    assert all(-1.0 <= value <= 1.0 for value in values.values())
    for text in values:
        trial = state.clone()
        trial.submit(0, text)  # raises if not a valid submission
    greedy = make_bot("greedy", game, 0, 2)
    assert isinstance(greedy, GreedyTacticalGenius)
    # The search's first command plan is the greedy bot's orders.
    assert greedy.act(SeatHandle(state, 0)) in values


def test_evaluate_values_the_submission_played_too() -> None:
    """Given ``played=`` (here a random valid command, none of the search's plans), the
    evaluation values it as one more plan, so the analysis has its ``after``."""
    game, state = _after_first_phase()
    with using(Budget(nodes=60)):
        plain = make_bot("hard", game, 0, 9)
        bot = make_bot("hard", game, 0, 9)
    assert isinstance(plain, PhaseSearchBot)
    assert isinstance(bot, PhaseSearchBot)
    plans = plain.evaluate(SeatHandle(state, 0))
    rng = random.Random(1)
    played = next(t for t in (state.sample(0, rng) for _ in range(50)) if t not in plans)
    values = bot.evaluate(SeatHandle(state, 0), played=played)
    assert played in values
    assert -1.0 <= values[played] <= 1.0
    assert set(plans) <= set(values)
