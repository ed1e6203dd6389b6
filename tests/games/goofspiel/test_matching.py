"""``hard``'s matched model of a plan ranking the match's planets (``games/goofspiel/matching``),
worked out by hand."""

from __future__ import annotations

import random

import pytest

from duelhost.games.goofspiel.matching import MatchedPolicy, assign, probabilities
from duelhost.games.goofspiel.plan_model import stake_rank


def test_the_stake_rank_by_hand() -> None:
    """Two galaxies (values 1, 2) of two planets (worths 1, 2): stakes 1, 2, 2, 4. The stake 2
    has 1 below and 2 equal: (1 + 2 / 2) / 4 of 2 planets = 1.0; the stake 4: 3.5 / 4 x 2;
    the stake 1: 0.5 / 4 x 2."""
    assert stake_rank(2, 1, 2, 2) == stake_rank(1, 2, 2, 2) == pytest.approx(1.0)
    assert stake_rank(2, 2, 2, 2) == pytest.approx(1.75)
    assert stake_rank(1, 1, 2, 2) == pytest.approx(0.25)


def test_the_planets_to_come_get_the_fleets_held_in_stake_order() -> None:
    """Planets (value, worth) (1, 1), (1, 2), (3, 1), (2, 3) have stakes 1, 2, 3, 6 and get
    the fleets 1, 2, 2, 4 in that order; (2, 1) and (1, 2) tie at stake 2: value 1 first."""
    planets = [(2, 3), (1, 1), (3, 1), (1, 2)]
    assert assign(planets, [4, 1, 2, 2]) == {(1, 1): 1, (1, 2): 2, (3, 1): 2, (2, 3): 4}
    assert assign([(2, 1), (1, 2)], [5, 3]) == {(1, 2): 3, (2, 1): 5}


def test_a_seat_that_spent_its_large_fleets_is_guessed_lower() -> None:
    """The same four planets to come from a seat that holds 1, 1, 2, 3 (its 4 spent): the
    largest stake now gets the 3, and the planet of stake 3 a 2 where it got a 2 before."""
    planets = [(2, 3), (1, 1), (3, 1), (1, 2)]
    assert assign(planets, [3, 1, 2, 1]) == {(1, 1): 1, (1, 2): 1, (3, 1): 2, (2, 3): 3}


def test_the_matched_distribution_by_hand() -> None:
    """Around a guess of 3 among sizes 1..5: 0.6 on 3, 0.15 on 2 and 4, 0.04 on 1 and 5; the
    0.02 left spread evenly (0.004 each)."""
    assert probabilities([1, 2, 3, 4, 5], 3).tolist() == pytest.approx(
        [0.044, 0.154, 0.604, 0.154, 0.044]
    )
    # Only 3 and 5 left: 0.6 and 0.04, and the 0.36 left spread over both.
    assert probabilities([3, 5], 3).tolist() == pytest.approx([0.78, 0.22])


def test_the_matched_rollout_policy() -> None:
    """On worth 5 guessed 3: a draw under 0.15 sends 2, under 0.3 sends 4, else 3; a size not
    held is replaced by the nearest held (the smaller on a tie); a worth without a guess is
    guessed as its own worth."""
    policy = MatchedPolicy({5: 3})

    def draw(value: float) -> random.Random:
        rng = random.Random(0)
        rng.random = lambda: value  # type: ignore[method-assign]
        return rng

    full = [0, 1, 1, 1, 1, 1]
    assert [policy(full, 5, draw(x), 1, 0) for x in (0.1, 0.2, 0.5)] == [2, 4, 3]
    assert policy([0, 1, 0, 0, 1, 1], 5, draw(0.5), 1, 0) == 4
    assert policy([0, 1, 1, 0, 1, 0], 5, draw(0.5), 1, 0) == 2
    assert policy(full, 2, draw(0.5), 1, 0) == 2
