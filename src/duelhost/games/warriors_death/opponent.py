"""What the other seat may be doing in A Warrior's Death: three policies for the opponent model.

The bot models the other seat as a mixture (``duelhost.bots.opponent_model.MixtureModel``) of

* ``submission``: a uniformly random legal *submission*, as the ``random`` bot plays. The
  Astrologian has ten submissions (one per prediction) and the Blue Mage nine (one per
  disguise), so such a player sends them far more often than any other unit;
* ``unit``: a uniformly random playable unit (an Astrologian predicting one of the bot's
  playable units at random, a Blue Mage in any disguise);
* ``equilibrium``: the other seat's side of the matrix game the bot solved for that round.

It sees only the unit *shown* each round (a Blue Mage shows its disguise, WD11): the
likelihood of a shown unit under a policy counts every play that shows it, a Blue Mage's nine
disguises each taken as equally likely. The other seat's playable units at that round come
from the bot's determinized state of the round (its view only).
"""

from __future__ import annotations

import random
from functools import cache
from itertools import accumulate

import numpy as np

from duelhost.games.warriors_death.units import ASTROLOGIAN, BLUE_MAGE

POLICIES = ("submission", "unit", "equilibrium")
PRIOR = {"submission": 1.0, "unit": 1.0, "equilibrium": 1.0}
DISGUISES = 9
"""A Blue Mage may show any unit but itself."""
WRONG = -2
"""The abstract prediction "a unit the other seat cannot play" (as in ``bots``)."""

Move = tuple[int, int]


def column_predictions(
    cols: list[Move], theirs: list[int], mine: list[int], equilibrium: np.ndarray
) -> dict[str, np.ndarray]:
    """Each policy's distribution over the other seat's abstract moves ``cols``: its playable
    units ``theirs``, the bot's playable units ``mine`` (what an Astrologian may hit)."""
    submission = np.zeros(len(cols))
    unit = np.zeros(len(cols))
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
    return {
        "submission": submission / submission.sum(),
        "unit": unit / unit.sum(),
        "equilibrium": np.asarray(equilibrium, dtype=float),
    }


def shown_likelihoods(
    shown: int, theirs: list[int], mine: list[int], column: dict[Move, float]
) -> tuple[dict[str, float], int]:
    """How likely each policy showed unit ``shown`` with playable units ``theirs`` (the
    equilibrium's moves in ``column``), and the number of units it could show."""
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
    shows = DISGUISES if BLUE_MAGE in units else len(units)
    return {"submission": submission, "unit": unit, "equilibrium": equilibrium}, shows


@cache
def _cumulative(playable: tuple[int, ...]) -> list[int]:
    """Running totals of the submissions per unit (the ``submission`` policy's weights)."""
    return list(
        accumulate(10 if u == ASTROLOGIAN else DISGUISES if u == BLUE_MAGE else 1 for u in playable)
    )


def choose(playable: list[int], targets: list[int], kind: str, rng: random.Random) -> Move:
    """A rollout move by policy ``kind`` (``submission``; anything else: a uniformly random
    unit) from ``playable``; an Astrologian predicts among ``targets`` (the other's units),
    or among all ten units under ``submission``."""
    if kind == "submission":
        unit = rng.choices(playable, cum_weights=_cumulative(tuple(playable)))[0]
        return (unit, rng.randrange(10)) if unit == ASTROLOGIAN else (unit, -1)
    unit = rng.choice(playable)
    return (unit, rng.choice(targets)) if unit == ASTROLOGIAN else (unit, -1)
