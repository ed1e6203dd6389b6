"""Goofspiel's fitted plan of the other seat: the features of its fleet sizes, and a rollout policy.

``duelhost.bots.choice_model.ChoiceModel`` learns a plan from the other seat's fleets. A fleet
``size`` sent on a planet of ``worth`` in a galaxy of ``value``, at ``round`` of the bout, the
bot's last fleet being ``last``, has the features (:func:`features`)

    -size^2 / 2, size * [worth == k] for each worth k, size * value, size * worth * value / planets,
    size * last, size * round, size * [value == j] for each galaxy value j,
    size * stake_rank(worth, value)

so "the fleet nearest ``t``", ``t`` any table of the worth plus any table of the galaxy's value
plus a linear function of the value, their product, the product's rank among the match's
planets (:func:`stake_rank`: a player who ranks the planets by their stake; the rank, unlike
the product, bends the way a fixed pool of fleets does), the last fleet and the round, is one
weight vector (the value both as a table, for a player who treats some galaxies apart, and as
a number, which carries over to a value not seen yet) (see the choice model's
docstring): bidding the prize, a fixed fleet per worth, bidding by the galaxy's value, answering
the last fleet seen. :class:`FittedPolicy` plays the fitted plan for the other seat in the bot's
galaxy rollouts (a fleet drawn from the fitted probabilities at each round of the rollout).
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray


def width(planets: int, galaxies: int) -> int:
    """The number of features for a game of ``planets`` planets a galaxy and ``galaxies``."""
    return planets + galaxies + 6


@lru_cache(maxsize=64)
def stake_rank(worth: int, value: int, planets: int, galaxies: int) -> float:
    """Where the stake ``worth * value`` ranks among the stakes of every planet of every
    galaxy, scaled to 0..planets (the middle of its ties): a player who gives the larger fleets
    to the larger stakes sends about this size."""
    stakes = [w * v for w in range(1, planets + 1) for v in range(1, galaxies + 1)]
    stake = worth * value
    below = sum(s < stake for s in stakes) + sum(s == stake for s in stakes) / 2
    return planets * below / len(stakes)


def features(
    sizes: list[int], worth: int, value: int, last: int, round_: int, planets: int, galaxies: int
) -> NDArray[np.float64]:
    """One row of features per fleet size in ``sizes`` (see the module docstring)."""
    s = np.asarray(sizes, dtype=float)
    rows = np.zeros((len(sizes), width(planets, galaxies)))
    rows[:, 0] = -s * s / 2
    rows[:, worth] = s
    rows[:, planets + 1] = s * value
    rows[:, planets + 2] = s * worth * value / planets
    rows[:, planets + 3] = s * last
    rows[:, planets + 4] = s * round_
    rows[:, planets + 4 + value] = s
    rows[:, planets + galaxies + 5] = s * stake_rank(worth, value, planets, galaxies)
    return rows


class FittedPolicy:
    """The fitted plan as a rollout policy of the other seat in the current galaxy."""

    __slots__ = ("by_worth", "per_last", "per_round", "round0", "square")

    def __init__(
        self, weights: NDArray[np.float64], value: int, round_: int, planets: int, galaxies: int
    ) -> None:
        w = [float(x) for x in weights]
        self.square = w[0]
        # The part of the score linear in the size, before the last fleet and the round.
        self.by_worth = [0.0] + [
            w[k]
            + w[planets + 1] * value
            + w[planets + 2] * k * value / planets
            + w[planets + 4 + value]
            + w[planets + galaxies + 5] * stake_rank(k, value, planets, galaxies)
            for k in range(1, planets + 1)
        ]
        self.per_last = w[planets + 3]
        self.per_round = w[planets + 4]
        self.round0 = round_

    def __call__(
        self, counts: list[int], worth: int, rng: random.Random, step: int, last: int
    ) -> int:
        """A remaining size of ``counts`` at rollout ``step`` (the round ``round0 + step``),
        the other side's last fleet ``last``: drawn with the fitted probabilities."""
        slope = self.by_worth[worth] + self.per_last * last + self.per_round * (self.round0 + step)
        sizes = [size for size in range(1, len(counts)) if counts[size]]
        scores = [slope * size - self.square * size * size / 2 for size in sizes]
        top = max(scores)
        odds = [math.exp(score - top) for score in scores]
        return rng.choices(sizes, weights=odds)[0]
