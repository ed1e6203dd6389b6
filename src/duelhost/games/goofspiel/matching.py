"""A plan of the other seat that ranks the planets of the whole match: ``hard``'s matched model.

A seven-galaxy player with a plan often ranks every planet of the match by how much it matters,
its *stake* (its worth times its galaxy's value), and sends the larger fleets to the planets
that rank higher. A seat holds ``galaxies`` fleets of each size, one for each of the ``galaxies
x planets`` planets, so such a plan is an *assignment* of the fleets to the planets; and once
part of the match is played, what such a player still holds is exactly the fleets of the
planets still to come. So the matched model's guess of its fleet on a planet is not a fleet
chosen in isolation but the fleet of the same rank among those it still holds:
:func:`assign` sorts the planets still to come (the current galaxy's and every planet of the
galaxies not yet revealed) by stake and gives them the other seat's remaining fleets in
ascending order. It learns nothing but what the other seat still holds; the mixture of
``response`` weighs it against the other policies by how well it predicted each fleet, and
the fitted plan of ``plan_model`` covers the plans of other shapes.

An offline check on the two plans the exploit finder found against ``hard`` before this model
(``docs/exploits/goofspiel-hard-observed*.json``, 20 galaxy orders each, every galaxy after
the first): the matched guess was the exact fleet 55% of the time and within one size 86%;
a conditional logit fitted to the fleets seen (``choice_model``, five features) predicted 45%
and 80%, and a score fitted that way and then matched 51-53% and 83-84%.
"""

from __future__ import annotations

import random

import numpy as np
from numpy.typing import NDArray

SPREAD = (0.6, 0.15, 0.04)
"""The matched model's probability of the fleet assigned, of a size one away and two away (the
rest spread evenly): about what the offline check saw."""


def assign(planets: list[tuple[int, int]], fleets: list[int]) -> dict[tuple[int, int], int]:
    """The guessed fleet of each planet ``(value, worth)`` still to come, ``fleets`` the
    other seat's remaining sizes (one per planet to come): by stake, ties by value."""
    ranked = sorted(planets, key=lambda p: (p[0] * p[1], p))
    return dict(zip(ranked, sorted(fleets), strict=False))


def probabilities(sizes: list[int], guess: int) -> NDArray[np.float64]:
    """The matched model's distribution over ``sizes`` around the ``guess``."""
    near = np.array([SPREAD[abs(s - guess)] if abs(s - guess) < 3 else 0.0 for s in sizes])
    rest = max(0.0, 1.0 - float(near.sum()))
    return np.asarray((near + rest / len(sizes)) / (near.sum() + rest), dtype=np.float64)


class MatchedPolicy:
    """The matched model as the other seat's rollout policy in the current galaxy: the size
    nearest the fleet assigned to the planet's worth, one size off now and then."""

    __slots__ = ("guesses",)

    def __init__(self, guesses: dict[int, int]) -> None:
        self.guesses = guesses
        """The fleet assigned to each worth still to come in this galaxy."""

    def __call__(
        self, counts: list[int], worth: int, rng: random.Random, step: int, last: int
    ) -> int:
        target = self.guesses.get(worth, worth)
        draw = rng.random()
        if draw < SPREAD[1]:
            target -= 1
        elif draw < 2 * SPREAD[1]:
            target += 1
        sizes = [size for size in range(1, len(counts)) if counts[size]]
        return min(sizes, key=lambda size: (abs(size - target), size))
