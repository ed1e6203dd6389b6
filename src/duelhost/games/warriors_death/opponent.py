"""What the other seat may be doing in A Warrior's Death: three policies for the opponent model.

The bot models the other seat as a mixture (``duelhost.bots.opponent_model.MixtureModel``) of

* ``submission``: a uniformly random legal *submission*, as the ``random`` bot plays. The
  Astrologian has ten submissions (one per prediction) and the Blue Mage nine (one per
  disguise), so such a player sends them far more often than any other unit;
* ``unit``: a uniformly random playable unit (an Astrologian predicting one of the bot's
  playable units at random, a Blue Mage in any disguise);
* ``equilibrium``: the other seat's side of the matrix game the bot solved for that round;
* ``fitted`` (``hard`` and ``medium``): the plan learnt from the units it showed in this match
  (``duelhost.bots.choice_model``), each unit with a weight of its own and one that drifts
  over the bout's rounds (:func:`unit_features`): a player who keeps an order of units, or an
  order that changes from the first rounds to the last, is predicted exactly once seen.
  :class:`FittedUnits` plays it in rollouts.

It sees only the unit *shown* each round (a Blue Mage shows its disguise, WD11): the
likelihood of a shown unit under a policy counts every play that shows it, a Blue Mage's nine
disguises each taken as equally likely. The other seat's playable units at that round come
from the bot's determinized state of the round (its view only).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import cache
from itertools import accumulate

import numpy as np

from duelhost.games.warriors_death.units import ASTROLOGIAN, BLUE_MAGE

POLICIES = ("submission", "unit", "equilibrium", "fitted")
PRIOR = {"submission": 1.0, "unit": 1.0, "equilibrium": 1.0, "fitted": 1.0}
FEATURES = 20
"""Per unit: its own weight and its weight times the share of the bout gone by."""
DISGUISES = 9
"""A Blue Mage may show any unit but itself."""
WRONG = -2
"""The abstract prediction "a unit the other seat cannot play" (as in ``bots``)."""

Move = tuple[int, int]


def share(round_: int, rounds: int) -> float:
    """How far into the bout ``round_`` is: 0 at the first round, 1 at the last."""
    return (round_ - 1) / max(1, rounds - 1)


def unit_features(units: list[int], gone: float) -> np.ndarray:
    """The fitted plan's features of each of ``units`` (a one-hot of the unit, and the same
    times ``gone``, the share of the bout gone by)."""
    rows = np.zeros((len(units), FEATURES))
    for k, unit in enumerate(units):
        rows[k, unit] = 1.0
        rows[k, 10 + unit] = gone
    return rows


class FittedUnits:
    """The fitted plan as the other seat's rollout policy: a unit drawn with the fitted
    probabilities at the rollout's round, an Astrologian predicting a random unit."""

    __slots__ = ("late", "own", "rounds")

    def __init__(self, weights: np.ndarray, rounds: int) -> None:
        self.own = [float(w) for w in weights[:10]]
        self.late = [float(w) for w in weights[10:]]
        self.rounds = rounds

    def __call__(
        self, playable: list[int], targets: list[int], rounds_left: int, rng: random.Random
    ) -> Move:
        gone = share(self.rounds - rounds_left + 1, self.rounds)
        scores = [self.own[u] + gone * self.late[u] for u in playable]
        top = max(scores)
        unit = rng.choices(playable, weights=[math.exp(x - top) for x in scores])[0]
        return (unit, rng.choice(targets)) if unit == ASTROLOGIAN else (unit, -1)


Kind = str | Callable[[list[int], list[int], int, random.Random], Move]
"""A rollout policy: a name for :func:`choose`, or a fitted plan (:class:`FittedUnits`)."""


def column_predictions(
    cols: list[Move],
    theirs: list[int],
    mine: list[int],
    equilibrium: np.ndarray,
    fitted: dict[int, float] | None = None,
) -> dict[str, np.ndarray]:
    """Each policy's distribution over the other seat's abstract moves ``cols``: its playable
    units ``theirs``, the bot's playable units ``mine`` (what an Astrologian may hit);
    ``fitted`` the fitted plan's probability of each unit (uniform if None)."""
    submission = np.zeros(len(cols))
    unit = np.zeros(len(cols))
    plan = np.zeros(len(cols))
    chance = fitted or {u: 1.0 / len(theirs) for u in theirs}
    units = set(theirs)
    for k, (what, second) in enumerate(cols):
        if what not in units:
            continue
        if what == ASTROLOGIAN:
            hits = second in mine
            submission[k] = 1.0 if hits else 10 - len(mine)
            unit[k] = 1.0 / len(mine) if hits else 0.0
        elif what == BLUE_MAGE:
            submission[k], unit[k] = DISGUISES, 1.0
        else:
            submission[k], unit[k] = 1.0, 1.0
        plan[k] = unit[k] * chance.get(what, 0.0)
    return {
        "submission": submission / submission.sum(),
        "unit": unit / unit.sum(),
        "equilibrium": np.asarray(equilibrium, dtype=float),
        "fitted": plan / plan.sum() if plan.sum() > 0 else unit / unit.sum(),
    }


def shown_likelihoods(
    shown: int,
    theirs: list[int],
    mine: list[int],
    column: dict[Move, float],
    fitted: dict[int, float] | None = None,
) -> tuple[dict[str, float], int]:
    """How likely each policy showed unit ``shown`` with playable units ``theirs`` (the
    equilibrium's moves in ``column``, the fitted plan's units in ``fitted``, uniform if
    None), and the number of units it could show."""
    units = set(theirs)
    bluff = BLUE_MAGE in units and shown != BLUE_MAGE
    direct = shown in units and shown != BLUE_MAGE
    texts = sum(10 if u == ASTROLOGIAN else DISGUISES if u == BLUE_MAGE else 1 for u in units)
    submission = ((10 if shown == ASTROLOGIAN else 1) * direct + bluff) / texts
    unit = (direct + bluff / DISGUISES) / len(units)
    equilibrium = sum(p for (what, _), p in column.items() if what == shown and direct)
    equilibrium += (
        bluff * sum(p for (what, _), p in column.items() if what == BLUE_MAGE) / DISGUISES
    )
    chance = fitted or {u: 1.0 / len(units) for u in units}
    plan = direct * chance.get(shown, 0.0) + bluff * chance.get(BLUE_MAGE, 0.0) / DISGUISES
    shows = DISGUISES if BLUE_MAGE in units else len(units)
    likelihoods = {"submission": submission, "unit": unit, "equilibrium": equilibrium}
    likelihoods["fitted"] = plan
    return likelihoods, shows


@cache
def _cumulative(playable: tuple[int, ...]) -> list[int]:
    """Running totals of the submissions per unit (the ``submission`` policy's weights)."""
    return list(
        accumulate(10 if u == ASTROLOGIAN else DISGUISES if u == BLUE_MAGE else 1 for u in playable)
    )


def choose(
    playable: list[int], targets: list[int], kind: Kind, rng: random.Random, rounds_left: int = 1
) -> Move:
    """A rollout move by policy ``kind`` (``submission``; a fitted plan, called with the
    rounds left; any other name: a uniformly random unit) from ``playable``; an Astrologian
    predicts among ``targets`` (the other's units), or among all ten under ``submission``."""
    if not isinstance(kind, str):
        return kind(playable, targets, rounds_left, rng)
    if kind == "submission":
        unit = rng.choices(playable, cum_weights=_cumulative(tuple(playable)))[0]
        return (unit, rng.randrange(10)) if unit == ASTROLOGIAN else (unit, -1)
    unit = rng.choice(playable)
    return (unit, rng.choice(targets)) if unit == ASTROLOGIAN else (unit, -1)
