"""Goofspiel's families of fixed plans (``duelhost.bots.plans``), searched by ``duelhost
exploit goofspiel``.

Both bid the fleet nearest a target (ties: the smaller), from the seat's view only:

* ``linear``: target ``bias + w_worth * worth + w_value * value + w_product * worth * value /
  planets + w_last * (the other seat's last fleet this playing) + w_round * round``, where
  ``worth`` is the planet's and ``value`` its galaxy's (in the classic game both are the
  prize's worth, ``value`` then 1);
* ``table``: target ``bid[worth]``, one parameter for each worth a planet can have.

The response to observed play (``duelhost.bots.observed``, ``--method observed``) keys a
decision by ``"value:worth"`` (the galaxy's value, the planet's worth: public, the same for
both seats). Each key occurs exactly once in a playing and each seat holds ``galaxies`` fleets
of each size, so a plan is an assignment of the fleets to the keys: the one maximizing the sum
over keys of ``value * worth * (P(bot's fleet < ours) - P(bot's fleet > ours))`` under the
model's fleet distribution at the key (uniform at a key never observed), solved exactly as an
assignment problem (SciPy's ``linear_sum_assignment``). The galaxy's value weighs the expected
net worth won there: a linear stand-in for "win the galaxies of most value".
"""

from __future__ import annotations

from typing import Any

import numpy as np

from duelhost.bots.base import SeatHandle
from duelhost.bots.observed import Model, Responder, Table, register_responder
from duelhost.bots.plans import Family, register_family
from duelhost.core.registry import Game


def _nearest(legal: list[str], target: float) -> str:
    """The legal fleet nearest ``target`` (ties: the smaller fleet)."""
    return min(legal, key=lambda text: (abs(int(text) - target), int(text)))


def _their_last(view: dict[str, Any], seat: int) -> int:
    last = view.get("last_round")
    return int(last["fleets"][1 - seat]) if last else 0


def _linear(params: tuple[float, ...], handle: SeatHandle) -> str:
    view = handle.view()
    bias, w_worth, w_value, w_product, w_last, w_round = params
    worth = float(view["worth"])
    value = float(view.get("values", {}).get(view.get("galaxy"), 1))
    planets = float(handle.game.options["planets"])
    target = (
        bias
        + w_worth * worth
        + w_value * value
        + w_product * worth * value / planets
        + w_last * _their_last(view, handle.seat)
        + w_round * float(view["round"])
    )
    return _nearest(handle.legal(), target)


def _table(params: tuple[float, ...], handle: SeatHandle) -> str:
    worth = int(handle.view()["worth"])
    return _nearest(handle.legal(), params[min(worth, len(params)) - 1])


register_family(
    Family(
        game="goofspiel",
        name="linear",
        summary="bid nearest a linear function of worth, galaxy value, their last fleet, round",
        names=("bias", "w_worth", "w_value", "w_product", "w_last", "w_round"),
        bounds=((-3.0, 3.0), (-1.0, 2.0), (-1.0, 1.0), (-1.0, 2.0), (-1.0, 1.0), (-0.5, 0.5)),
        choose=_linear,
    )
)
register_family(
    Family(
        game="goofspiel",
        name="table",
        summary="bid nearest a fixed fleet for each worth 1..7",
        names=tuple(f"bid_{worth}" for worth in range(1, 8)),
        bounds=((0.5, 7.5),) * 7,
        choose=_table,
    )
)


def _key(handle: SeatHandle) -> str:
    view = handle.view()
    value = view.get("values", {}).get(view.get("galaxy"), 1)
    return f"{int(value)}:{int(view['worth'])}"


def _respond(game: Game, model: Model) -> Table:
    galaxies, planets = int(game.options["galaxies"]), int(game.options["planets"])
    keys = [(v, w) for v in range(1, galaxies + 1) for w in range(1, planets + 1)]
    fleets = [f for f in range(1, planets + 1) for _ in range(galaxies)]
    gain = np.zeros((len(keys), len(fleets)))
    uniform = {str(f): 1 / planets for f in range(1, planets + 1)}
    for row, (value, worth) in enumerate(keys):
        shares = model.get(f"{value}:{worth}") or uniform
        for column, fleet in enumerate(fleets):
            edge = sum(p * ((int(b) < fleet) - (int(b) > fleet)) for b, p in shares.items())
            gain[row, column] = value * worth * edge
    from scipy.optimize import linear_sum_assignment  # only when a response is made

    rows, columns = linear_sum_assignment(gain, maximize=True)
    return {
        f"{keys[r][0]}:{keys[r][1]}": str(fleets[c]) for r, c in zip(rows, columns, strict=True)
    }


def _play(table: Table, handle: SeatHandle) -> str:
    legal = handle.legal()
    target = table.get(_key(handle))
    if target in legal:
        return str(target)
    return _nearest(legal, float(target) if target else float(handle.view()["worth"]))


register_responder(
    Responder(game="goofspiel", feature=_key, respond=_respond, play=_play, choice=str.strip)
)
