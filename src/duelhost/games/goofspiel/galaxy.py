"""The galaxy being fought, as plain integers from one seat's view, and rollouts to its end.

:class:`Galaxy` holds what a seat knows (GO1): the worth of the planet fought now, the worths
still to come in this galaxy (their order is secret: a rollout draws it), the points of the
bout (own minus other's), the galaxy's strategic value, the strategic lead, the values of the
galaxies still to come and both seats' remaining fleets (counts by size; the other seat's from
the view, or with ``show_history=false`` from the rounds the seat was shown). Seat 0 of a
:class:`Galaxy` is the bot, seat 1 the other seat.

:meth:`Galaxy.rollout` plays the round with the two given fleets, the rest of the galaxy with
two policies, and values the end with :func:`duelhost.games.goofspiel.forecast.match_forecast`.
Policies (:data:`POLICIES`): ``prize`` (the fleet closest to the worth, the smaller on a tie:
the ``easy`` bot), ``random`` (a uniformly random remaining size: the ``random`` bot) and
``mixed`` (``prize`` half of the time, else ``random``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from duelhost.games.goofspiel.forecast import match_forecast


def closest(sizes: list[int], worth: int) -> int:
    """The size closest to ``worth``, the smaller on a tie ("bid the prize")."""
    return min(sizes, key=lambda size: (abs(size - worth), size))


def _sizes(counts: list[int]) -> list[int]:
    return [size for size in range(1, len(counts)) if counts[size]]


def _prize(counts: list[int], worth: int, rng: random.Random, step: int, last: int) -> int:
    return closest(_sizes(counts), worth)


def _random(counts: list[int], worth: int, rng: random.Random, step: int, last: int) -> int:
    return rng.choice(_sizes(counts))


def _mixed(counts: list[int], worth: int, rng: random.Random, step: int, last: int) -> int:
    sizes = _sizes(counts)
    if rng.random() < 0.5:
        return closest(sizes, worth)
    return rng.choice(sizes)


Policy = Callable[[list[int], int, random.Random, int, int], int]
"""``policy(counts, worth, rng, step, last)`` -> a remaining fleet size (``counts[size]`` > 0)
at the rollout's ``step`` (1 for the first round after the one decided now), the other side's
last fleet being ``last`` (the fitted plan of ``plan_model`` reads both; the others do not)."""

POLICIES: dict[str, Policy] = {"prize": _prize, "random": _random, "mixed": _mixed}


class Galaxy:
    """The rest of the current galaxy and what follows it, from one seat's view."""

    __slots__ = ("counts", "later", "lead", "points", "to_come", "value", "worth")

    def __init__(
        self,
        worth: int,
        to_come: list[int],
        points: int,
        value: int,
        lead: int,
        later: tuple[int, ...],
        counts: tuple[list[int], list[int]],
    ) -> None:
        self.worth = worth
        self.to_come = to_come
        self.points = points
        self.value = value
        self.lead = lead
        self.later = later
        self.counts = counts

    def sizes(self, seat: int) -> list[int]:
        """The distinct remaining fleet sizes of ``seat`` (0: the bot), ascending."""
        return _sizes(self.counts[seat])

    def rollout(
        self,
        mine: int,
        theirs: int,
        order: list[int],
        rng: random.Random,
        policies: tuple[Policy, Policy],
    ) -> float:
        """Send ``mine`` and ``theirs`` now, play the worths of ``order`` (a permutation of
        ``to_come``) with ``policies`` (the bot's, the other seat's), value the end."""
        counts = (self.counts[0].copy(), self.counts[1].copy())
        points = self.points
        worth = self.worth
        ours, other = policies
        a, b = mine, theirs
        step = 0
        while True:
            counts[0][a] -= 1
            counts[1][b] -= 1
            if a > b:
                points += worth
            elif b > a:
                points -= worth
            if step == len(order):
                break
            worth = order[step]
            step += 1
            a, b = ours(counts[0], worth, rng, step, b), other(counts[1], worth, rng, step, a)
        lead = self.lead + (self.value if points > 0 else -self.value if points < 0 else 0)
        total = [sum(size * n for size, n in enumerate(c)) for c in counts]
        return match_forecast(lead, self.later, total[0], total[1])


def _remaining(fleets: dict[str, int], planets: int) -> list[int]:
    counts = [0] * (planets + 1)
    for size, count in fleets.items():
        counts[int(size)] = int(count)
    return counts


def galaxy_from_view(
    view: dict[str, Any], seat: int, rounds: list[dict[str, Any]], theirs: list[int]
) -> Galaxy:
    """The galaxy of ``view`` for ``seat``; ``rounds`` are the current playing's rounds seen
    and ``theirs`` the other seat's remaining fleets (a list of sizes)."""
    planets = len(view["fleets"][str(seat)])
    galaxies = len(view["order"])
    bout = int(view["bout"])
    fought = {int(entry["worth"]) for entry in rounds if int(entry["bout"]) == bout}
    worth = int(view["worth"])
    to_come = [w for w in range(1, planets + 1) if w not in fought and w != worth]
    revealed = {int(v) for v in view["values"].values()}
    later = tuple(v for v in range(1, galaxies + 1) if v not in revealed)
    points, strategic = view["points"], view["strategic"]
    other_counts = [0] * (planets + 1)
    for size in theirs:
        other_counts[size] += 1
    return Galaxy(
        worth,
        to_come,
        int(points[seat]) - int(points[1 - seat]),
        int(view["values"][view["galaxy"]]),
        int(strategic[seat]) - int(strategic[1 - seat]),
        later,
        (_remaining(view["fleets"][str(seat)], planets), other_counts),
    )
