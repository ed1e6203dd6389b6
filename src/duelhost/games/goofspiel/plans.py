"""Goofspiel's families of fixed plans (``duelhost.bots.plans``), searched by ``duelhost
exploit goofspiel``.

Both bid the fleet nearest a target (ties: the smaller), from the seat's view only:

* ``linear``: target ``bias + w_worth * worth + w_value * value + w_product * worth * value /
  planets + w_last * (the other seat's last fleet this playing) + w_round * round``, where
  ``worth`` is the planet's and ``value`` its galaxy's (in the classic game both are the
  prize's worth, ``value`` then 1);
* ``table``: target ``bid[worth]``, one parameter for each worth a planet can have.
"""

from __future__ import annotations

from typing import Any

from duelhost.bots.base import SeatHandle
from duelhost.bots.plans import Family, register_family


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
