"""Multiplanetary Empire's family of fixed plans (``duelhost.bots.plans``), searched by
``duelhost exploit multiplanetary``.

The only secret in the game is each tick's pending orders (MP11), so a fixed plan is a rule for
each tick's orders. ``fleet``: the greedy plan of ``tickplan.py`` with its constants made
parameters, read from the seat's view only:

* ``reserve`` (0-0.5): the share of an unthreatened planet's ships kept at home (the greedy
  plan: a tenth);
* ``defend`` (0-1): above one half, threatened planets keep what they need and ask the nearest
  planets for the rest (the greedy plan's defence), else threats are ignored;
* ``margin`` (0-10): ships sent beyond the garrison expected at landing plus one;
* ``distance`` (0-3): targets are taken best first by production per tick divided by (ships
  needed + ``distance`` x travel ticks) (the greedy plan: 1);
* ``enemy`` (-1 to 2): an enemy planet's score is multiplied by ``e ** enemy`` (above 0 it
  attacks before it expands, below it expands first);
* ``wait`` (0-40): no expansion before this tick (defence only: a turtle's opening).
"""

from __future__ import annotations

import math

from duelhost.bots.base import SeatHandle
from duelhost.bots.plans import Family, register_family
from duelhost.games.multiplanetary.tickplan import RATE, TickPlan

GAME = "multiplanetary"


class FleetPlan(TickPlan):
    """One tick of the ``fleet`` plan: the greedy plan with the family's parameters."""

    def __init__(self, seat: SeatHandle, params: tuple[float, ...]) -> None:
        super().__init__(seat)
        self.params = params

    def defend(self) -> None:
        reserve, defend = min(1.0, max(0.0, self.params[0])), self.params[1] > 0.5
        needs: list[tuple[str, int]] = []
        for cell in self.mine:
            planet = self.planets[cell]
            threat = self.incoming[cell][self.enemy]
            if not threat or not defend:
                self.spare[cell] = planet["ships"] - math.floor(planet["ships"] * reserve)
                continue
            lead = self.first_enemy[cell] - self.tick
            growth = int(RATE[planet["size"]] * max(0, lead - 1))
            defence = planet["ships"] + self.incoming[cell][self.me] + growth
            if defence <= threat:
                self.spare[cell] = 0
                needs.append((cell, threat - defence + 1))
                continue
            self.spare[cell] = max(0, planet["ships"] - threat)
        for cell, need in sorted(needs, reverse=True):
            self.send(cell, need, limit=self.first_enemy[cell] - self.tick)

    def expand(self) -> None:
        if self.tick < self.params[5]:
            return
        margin = max(0, round(self.params[2]))
        weight, bias = max(0.0, self.params[3]), math.exp(self.params[4])
        targets: list[tuple[float, str, int]] = []
        for cell, planet, distance, need in self.wanted():
            value = RATE[planet["size"]] / (need + weight * distance)
            if planet["owner"] == self.enemy:
                value *= bias
            targets.append((value, cell, need + margin))
        for _, cell, need in sorted(targets, reverse=True):
            self.send(cell, need)


def _fleet(params: tuple[float, ...], handle: SeatHandle) -> str:
    plan = FleetPlan(handle, params)
    plan.defend()
    plan.expand()
    return "; ".join(plan.orders) or "wait"


FLEET = register_family(
    Family(
        game=GAME,
        name="fleet",
        summary="the greedy plan with its reserve, defence, margin, distance, enemy bias, wait",
        names=("reserve", "defend", "margin", "distance", "enemy", "wait"),
        bounds=((0.0, 0.5), (0.0, 1.0), (0.0, 10.0), (0.0, 3.0), (-1.0, 2.0), (0.0, 40.0)),
        choose=_fleet,
    )
)
