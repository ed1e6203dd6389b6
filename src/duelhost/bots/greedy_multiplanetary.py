"""A greedy Multiplanetary Empire bot: defend threatened planets, then expand to the best value.

It reads only its seat's view and the game's ``travel_ticks`` helper. Each tick:

1. Defence. For each of its planets it adds up the enemy ships that will land on it and its
   own ships that will (fleets in flight), and what the planet produces before the first enemy
   lands; if that is not enough it keeps every ship at home and asks the nearest planets for
   the difference.
2. Expansion. Every other planet is a target. The ships needed are its garrison when the fleet
   would land (enemy planets keep producing meanwhile; fleets already flying there count for
   or against) plus one. Targets are taken best first by production per tick divided by (ships
   needed + travel ticks), from the nearest planets that can spare ships, by standard warp
   (quantum warp loses half the fleet, MP2).

A planet spares its ships minus a reserve: the enemy ships it expects, or a tenth of its
garrison when none is expected, so it is never emptied for nothing.
"""

from __future__ import annotations

from typing import Any

from duelhost.bots.base import SeatHandle
from duelhost.bots.registry import register_bot
from duelhost.core.registry import Game

_RATE = {1: 0.25, 2: 0.5, 3: 1.0, 4: 2.0, 5: 4.0}
"""Ships per tick of each size before doubling (MP6)."""


class GreedyMultiplanetaryBot:
    name = "greedy"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.seat = seat

    def act(self, seat: SeatHandle) -> str:
        view = seat.view()
        me = seat.seat
        enemy = 1 - me
        tick = view["tick"]
        planets: dict[str, dict[str, Any]] = {p["cell"]: p for p in view["planets"]}
        incoming: dict[str, list[int]] = {cell: [0, 0] for cell in planets}
        first_enemy: dict[str, int] = {}
        for fleet in view["fleets"]:
            incoming[fleet["to"]][fleet["owner"]] += fleet["ships"]
            if fleet["owner"] == enemy:
                arrival = first_enemy.get(fleet["to"], fleet["arrives"])
                first_enemy[fleet["to"]] = min(arrival, fleet["arrives"])

        def ticks(source: str, destination: str) -> int:
            return int(seat.helper("travel_ticks", source, destination, False))

        mine = [cell for cell, p in planets.items() if p["owner"] == me]
        spare: dict[str, int] = {}
        needs: list[tuple[float, str, int]] = []
        for cell in mine:
            planet = planets[cell]
            threat = incoming[cell][enemy]
            if threat:
                lead = first_enemy[cell] - tick
                growth = int(_RATE[planet["size"]] * max(0, lead - 1))
                defence = planet["ships"] + incoming[cell][me] + growth
                if defence <= threat:
                    spare[cell] = 0
                    needs.append((1e9, cell, threat - defence + 1))
                    continue
                spare[cell] = max(0, planet["ships"] - threat)
            else:
                spare[cell] = planet["ships"] - planet["ships"] // 10

        orders: list[str] = []

        def send(target: str, need: int, limit: int | None = None) -> bool:
            sources = sorted(
                (ticks(cell, target), cell) for cell in mine if cell != target and spare[cell] > 0
            )
            if limit is not None:
                sources = [item for item in sources if item[0] <= limit]
            if sum(spare[cell] for _, cell in sources) < need:
                return False
            for _, cell in sources:
                if need <= 0:
                    break
                amount = min(spare[cell], need)
                spare[cell] -= amount
                need -= amount
                orders.append(f"{cell}>{target} {amount}")
            return True

        for _, cell, need in sorted(needs, reverse=True):
            send(cell, need, limit=first_enemy[cell] - tick)

        targets: list[tuple[float, str, int]] = []
        for cell, planet in planets.items():
            if planet["owner"] == me or not mine:
                continue
            distance = min(ticks(source, cell) for source in mine)
            garrison = planet["ships"] + incoming[cell][enemy] - incoming[cell][me]
            if planet["owner"] == enemy:
                garrison += int(
                    _RATE[planet["size"]] * distance * 2 ** ((tick - 1) // 180 if tick else 0)
                )
            need = garrison + 1
            if need <= 0:
                continue
            targets.append((_RATE[planet["size"]] / (need + distance), cell, need))
        for _, cell, need in sorted(targets, reverse=True):
            send(cell, need)
        return "; ".join(orders) or "wait"


def make(game: Game, seat: int, seed: int) -> GreedyMultiplanetaryBot:
    return GreedyMultiplanetaryBot(game, seat, seed)


register_bot("greedy", make, game="multiplanetary")
