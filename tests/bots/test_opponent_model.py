"""The opponent model (a Bayesian mixture of policies) and the restricted Nash response LP,
both on hand-worked cases."""

from __future__ import annotations

import random

import numpy as np
import pytest

from duelhost.bots.opponent_model import MixtureModel
from duelhost.core.matrix_games import restricted_response

PENNIES = np.array([[1.0, -1.0], [-1.0, 1.0]])


def test_a_hand_made_history_moves_the_weights_by_bayes_rule() -> None:
    """Priors 1/3 each, smoothing 0.05, five moves to choose from (uniform 0.2). Each move is
    the one "prize" predicts (probability 1), "random" gives it 0.2 and "equilibrium" 0.5, so
    the smoothed likelihoods are 0.95 + 0.01 = 0.96, 0.19 + 0.01 = 0.2 and 0.475 + 0.01 =
    0.485. After two moves the weights are proportional to 0.9216, 0.04 and 0.235225 (sum
    1.196825)."""
    model = MixtureModel({"prize": 1.0, "random": 1.0, "equilibrium": 1.0})
    assert model.weights() == pytest.approx({"prize": 1 / 3, "random": 1 / 3, "equilibrium": 1 / 3})
    for _ in range(2):
        model.observe({"prize": 1.0, "random": 0.2, "equilibrium": 0.5}, 5)
    assert model.weights() == pytest.approx(
        {
            "prize": 0.9216 / 1.196825,
            "random": 0.04 / 1.196825,
            "equilibrium": 0.235225 / 1.196825,
        }
    )
    assert model.observed == 2


def test_a_move_a_policy_never_makes_lowers_it_without_ruling_it_out() -> None:
    """Prior 3:1 for "prize"; one move it gives probability 0 among 4 choices: smoothed 0.05 *
    0.25 = 0.0125 against 0.95 * 0.25 + 0.0125 = 0.25 for "random": 3 * 0.0125 : 0.25 =
    0.0375 : 0.25."""
    model = MixtureModel({"prize": 3.0, "random": 1.0})
    model.observe({"prize": 0.0, "random": 0.25}, 4)
    assert model.weights()["prize"] == pytest.approx(0.0375 / 0.2875)


def test_prediction_is_the_posterior_mixture() -> None:
    """Weights 0.75 and 0.25 (prior 3:1, nothing seen): 0.75 * (1, 0) + 0.25 * (0.5, 0.5)."""
    model = MixtureModel({"prize": 3.0, "random": 1.0})
    predicted = model.predict({"prize": np.array([1.0, 0.0]), "random": np.array([0.5, 0.5])})
    assert predicted.tolist() == pytest.approx([0.875, 0.125])


def test_confidence_grows_with_what_was_seen() -> None:
    """trust 0.9, patience 3: 0 before any move, 0.9 * 2 / 5 = 0.36 after two, 0.9 * 27 / 30
    = 0.81 after 27."""
    model = MixtureModel({"a": 1.0, "b": 1.0})
    assert model.confidence() == 0.0
    for seen in range(27):
        model.observe({"a": 0.5, "b": 0.5}, 2)
        if seen == 1:
            assert model.confidence() == pytest.approx(0.36)
    assert model.confidence() == pytest.approx(0.81)


def test_confidence_stays_low_against_a_player_the_equilibrium_explains() -> None:
    """Two moves both policies predicted (probability 1 of 2 choices): weights stay 1/2 each,
    so the confidence is 0.9 * 2 / 5 = 0.36 times the exploitable weight 1/2: 0.18. A move only
    the equilibrium predicts: weights 0.975 * 0.025 : 0.975^2 = 0.025 : 0.975, confidence
    0.9 * 3 / 6 * 0.025."""
    model = MixtureModel({"prize": 1.0, "equilibrium": 1.0}, safe="equilibrium")
    for _ in range(2):
        model.observe({"prize": 1.0, "equilibrium": 1.0}, 2)
    assert model.confidence() == pytest.approx(0.18)
    model.observe({"prize": 0.0, "equilibrium": 1.0}, 2)
    assert model.confidence() == pytest.approx(0.45 * 0.025 / (0.025 + 0.975))
    with pytest.raises(ValueError, match="safe policy"):
        MixtureModel({"prize": 1.0}, safe="equilibrium")


def test_draws_follow_the_weights() -> None:
    """A policy that gave the moves probability 1 against 1/2 twice, prior equal: weights
    (0.95 + 0.025)^2 : (0.5)^2 = 0.950625 : 0.25; about 79% of 2,000 draws."""
    model = MixtureModel({"a": 1.0, "b": 1.0})
    for _ in range(2):
        model.observe({"a": 1.0, "b": 0.5}, 2)
    rng = random.Random(3)
    share = sum(model.draw(rng) == "a" for _ in range(2000)) / 2000
    assert share == pytest.approx(0.950625 / 1.200625, abs=0.03)


def test_bad_models_are_refused() -> None:
    with pytest.raises(ValueError, match="positive prior"):
        MixtureModel({"a": 0.0})
    with pytest.raises(ValueError, match="at least one choice"):
        MixtureModel({"a": 1.0}).observe({"a": 1.0}, 0)
    with pytest.raises(ValueError, match="probability vector"):
        restricted_response(PENNIES, np.array([0.7, 0.7]), 0.5)
    with pytest.raises(ValueError, match="confidence"):
        restricted_response(PENNIES, np.array([0.5, 0.5]), 1.5)


@pytest.mark.parametrize(
    ("confidence", "heads", "against_model", "worst"),
    [
        (0.0, 0.5, 0.0, 0.0),  # the equilibrium
        (0.5, 0.5, 0.0, 0.0),  # 1.6 * 0.5 - 1 < 0: still the equilibrium
        (0.8, 1.0, 0.6, -1.0),  # 1.6 * 0.8 - 1 > 0: heads, the best response
        (1.0, 1.0, 0.6, -1.0),
    ],
)
def test_restricted_response_in_matching_pennies_by_hand(
    confidence: float, heads: float, against_model: float, worst: float
) -> None:
    """The model plays heads with probability 0.8, so (M q) = (0.6, -0.6). With x = (a, 1 - a):
    x M q = 0.6 (2a - 1) and min_j (x M)_j = -|2a - 1|; for a >= 1/2 the objective is
    (2a - 1)(0.6 p - (1 - p)) = (2a - 1)(1.6 p - 1): heads for p > 0.625, the equilibrium
    (1/2, 1/2) below."""
    x, value, floor = restricted_response(PENNIES, np.array([0.8, 0.2]), confidence)
    assert x.tolist() == pytest.approx([heads, 1 - heads], abs=1e-7)
    assert value == pytest.approx(against_model, abs=1e-7)
    assert floor == pytest.approx(worst, abs=1e-7)


def test_restricted_response_keeps_a_floor_in_a_rectangular_game() -> None:
    """Rows: a safe row worth 0.2 against both columns, a gamble worth 1 against column 0 and
    -1 against column 1. The model says column 0 with probability 0.9. With x = (1 - g, g):
    against the model 0.2 (1 - g) + 0.8 g, worst case 0.2 (1 - g) - g. The objective
    p (0.2 + 0.6 g) + (1 - p)(0.2 - 1.2 g) grows with g when 0.6 p > 1.2 (1 - p), p > 2/3:
    at p = 0.6 the safe row, at p = 0.7 the gamble."""
    values = np.array([[0.2, 0.2], [1.0, -1.0]])
    model = np.array([0.9, 0.1])
    safe, _, floor = restricted_response(values, model, 0.6)
    assert safe.tolist() == pytest.approx([1.0, 0.0], abs=1e-7)
    assert floor == pytest.approx(0.2)
    gamble, value, floor = restricted_response(values, model, 0.7)
    assert gamble.tolist() == pytest.approx([0.0, 1.0], abs=1e-7)
    assert (value, floor) == pytest.approx((0.8, -1.0))
