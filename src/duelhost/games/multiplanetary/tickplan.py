"""One tick of Multiplanetary Empire's greedy plan, built from a seat's view: defence first,
then expansion (the greedy bot plays it; the planner levels vary it, ``planner.plan``).

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

RATE = {1: 0.25, 2: 0.5, 3: 1.0, 4: 2.0, 5: 4.0}
"""Ships per tick of each size before doubling (MP6)."""
TRAVEL: dict[tuple[str, str], int] = {}
"""Standard-warp ticks by (source, destination) cells, as the ``travel_ticks`` helper gave them."""


class TickPlan:
    """One tick's orders, built from the seat's view: defence first, then expansion."""

    def __init__(self, seat: SeatHandle) -> None:
        view = seat.view()
        self.handle = seat
        self.me = seat.seat
        self.enemy = 1 - self.me
        self.tick: int = view["tick"]
        self.planets: dict[str, dict[str, Any]] = {p["cell"]: p for p in view["planets"]}
        self.incoming: dict[str, list[int]] = {cell: [0, 0] for cell in self.planets}
        self.first_enemy: dict[str, int] = {}
        for fleet in view["fleets"]:
            self.incoming[fleet["to"]][fleet["owner"]] += fleet["ships"]
            if fleet["owner"] == self.enemy:
                arrival = self.first_enemy.get(fleet["to"], fleet["arrives"])
                self.first_enemy[fleet["to"]] = min(arrival, fleet["arrives"])
        self.mine = [cell for cell, p in self.planets.items() if p["owner"] == self.me]
        self.spare: dict[str, int] = {}
        self.orders: list[str] = []

    def ticks(self, source: str, destination: str) -> int:
        """Standard-warp ticks between two planets: the helper's, remembered (they depend on
        the two cells only, MP2)."""
        key = (source, destination)
        found = TRAVEL.get(key)
        if found is None:
            found = TRAVEL[key] = int(
                self.handle.helper("travel_ticks", source, destination, False)
            )
        return found

    def defend(self) -> None:
        """Reserve what each threatened planet needs; ask the nearest planets for any lack."""
        needs: list[tuple[float, str, int]] = []
        for cell in self.mine:
            planet = self.planets[cell]
            threat = self.incoming[cell][self.enemy]
            if not threat:
                self.spare[cell] = planet["ships"] - planet["ships"] // 10
                continue
            lead = self.first_enemy[cell] - self.tick
            growth = int(RATE[planet["size"]] * max(0, lead - 1))
            defence = planet["ships"] + self.incoming[cell][self.me] + growth
            if defence <= threat:
                self.spare[cell] = 0
                needs.append((1e9, cell, threat - defence + 1))
                continue
            self.spare[cell] = max(0, planet["ships"] - threat)
        for _, cell, need in sorted(needs, reverse=True):
            self.send(cell, need, limit=self.first_enemy[cell] - self.tick)

    def expand(self) -> None:
        """Take the other planets best first by production per (ships needed + travel)."""
        targets = [
            (RATE[planet["size"]] / (need + distance), cell, need)
            for cell, planet, distance, need in self.wanted()
        ]
        for _, cell, need in sorted(targets, reverse=True):
            self.send(cell, need)

    def wanted(self) -> list[tuple[str, dict[str, Any], int, int]]:
        """Each planet not ours that ships could take: (cell, planet, ticks from our nearest
        planet, ships needed to take it on arrival)."""
        found = []
        for cell, planet in self.planets.items():
            if planet["owner"] == self.me or not self.mine:
                continue
            distance = min(self.ticks(source, cell) for source in self.mine)
            garrison = planet["ships"] + self.incoming[cell][self.enemy]
            garrison -= self.incoming[cell][self.me]
            if planet["owner"] == self.enemy:
                doubling = 2 ** ((self.tick - 1) // 180 if self.tick else 0)
                garrison += int(RATE[planet["size"]] * distance * doubling)
            need = garrison + 1
            if need > 0:
                found.append((cell, planet, distance, need))
        return found

    def send(self, target: str, need: int, limit: int | None = None) -> bool:
        """Orders for ``need`` ships to ``target`` from the nearest planets with ships to
        spare (within ``limit`` ticks); False, sending nothing, if they cannot make it."""
        sources = sorted(
            (self.ticks(cell, target), cell)
            for cell in self.mine
            if cell != target and self.spare[cell] > 0
        )
        if limit is not None:
            sources = [item for item in sources if item[0] <= limit]
        if sum(self.spare[cell] for _, cell in sources) < need:
            return False
        for _, cell in sources:
            if need <= 0:
                break
            amount = min(self.spare[cell], need)
            self.spare[cell] -= amount
            need -= amount
            self.orders.append(f"{cell}>{target} {amount}")
        return True
