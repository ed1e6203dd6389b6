"""The fitted plan of the other seat (``bots/choice_model.py``): a conditional logit learns a
"nearest target" plan exactly and stays flat for a player who picks at random; bad input."""

from __future__ import annotations

import numpy as np
import pytest

from duelhost.bots.choice_model import ChoiceModel

SIZES = np.arange(1, 8)


def _rows(worth: int) -> np.ndarray:
    """Features of sizes 1..7 for a plan "the size nearest a * worth": -s^2 / 2 and s * worth."""
    return np.stack([-(SIZES**2) / 2, SIZES * worth], axis=1).astype(float)


def _nearest(worth: int, slope: float) -> int:
    return int(np.argmin(np.abs(SIZES - slope * worth) + 1e-9 * SIZES))


def test_a_nearest_target_plan_is_learnt() -> None:
    """After 30 choices of "the size nearest 0.8 * worth" on random worths, the model's most
    likely size is the plan's for every worth 1..7, with probability above 0.9 where the
    target is not near a tie (0.8 * 5 = 4: size 4)."""
    model = ChoiceModel(2, ridge=0.02)
    rng = np.random.default_rng(0)
    for _ in range(30):
        worth = int(rng.integers(1, 8))
        model.observe(_rows(worth), _nearest(worth, 0.8))
    assert model.observed == 30
    for worth in range(1, 8):
        assert int(np.argmax(model.probabilities(_rows(worth)))) == _nearest(worth, 0.8)
    assert model.probabilities(_rows(5))[3] > 0.9


def test_nothing_seen_is_uniform_and_random_choices_stay_flat() -> None:
    """Before any choice every move is equally likely; after 60 uniformly random choices no
    size gets more than 0.3 (a plan would get near 1)."""
    model = ChoiceModel(2)
    assert model.probabilities(_rows(3)).tolist() == pytest.approx([1 / 7] * 7)
    rng = np.random.default_rng(1)
    for _ in range(60):
        model.observe(_rows(int(rng.integers(1, 8))), int(rng.integers(0, 7)))
    assert max(model.probabilities(_rows(4))) < 0.3


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="features >= 1"):
        ChoiceModel(0)
    model = ChoiceModel(2)
    with pytest.raises(ValueError, match="rows of 2 features"):
        model.observe(np.zeros((3, 4)), 0)
    with pytest.raises(ValueError, match="not one of 3"):
        model.observe(np.zeros((3, 2)), 3)
    assert model.observed == 0
