"""The Multiplanetary Empire engine: one simultaneous decision per tick (MP2), resolved exactly.

Every tick both seats submit their orders (MP12: a timeout is no orders); the tick then
resolves at every planet in the order of MP3: departures, arrivals of the planet owner's colour,
arrivals of other colours (MP4, with the three-way fight at neutral planets), production (MP6,
MP5), with the 999 cap after arrivals and after production (MP7). At the end of the tick come
elimination (MP8) and the ``max_ticks`` tie-breaks (MP9).

Fleets depart at tick ``t`` and arrive at ``t + ceil(d)`` (standard) or ``t + ceil(d / 2)``
(quantum, which delivers ``floor(n / 2)`` of its ``n`` ships); since every distance is at least
1, no fleet arrives in the tick it departs, so planets are independent within a tick.

The state is flat lists indexed by planet (owner, ships, tick of the current ownership) plus a
list of fleet tuples, so ``_clone_into`` copies four lists.
"""

from __future__ import annotations

import random
from math import isqrt
from typing import Any, NoReturn

from duelhost.core.errors import ConfigError, IllegalAction, quote
from duelhost.core.state import State
from duelhost.games.multiplanetary.maps import (
    COLUMNS,
    MAX_SHIPS,
    ROWS,
    cell_xy,
    generate_map,
    normalise_map,
)
from duelhost.games.multiplanetary.notation import (
    WAIT,
    Order,
    Orders,
    parse_order_text,
    split_submission,
)

NEUTRAL = -1
SEAT_NAMES = ("Red", "Blue")
"""G1: seat 0 is Red."""
PERIOD = (4, 2, 1, 1, 1)
"""MP6: a planet of size s produces every PERIOD[s - 1] ticks ..."""
AMOUNT = (1, 1, 1, 2, 4)
"""... AMOUNT[s - 1] ships (times the doubling factor)."""
DOUBLING_TICKS = 180
"""MP6: ticks 1-180 produce the base amount, 181-360 twice it, 361-540 four times, ..."""

# A fleet in flight: (arrives, owner, ships, source, destination, quantum, sent, departed).
# ``ships`` is what will arrive: a quantum fleet already lost half of ``sent``, rounded up.
Fleet = tuple[int, int, int, int, int, bool, int, int]


def travel_ticks(distance_squared: int, quantum: bool) -> int:
    """MP2: ceil(d) ticks for standard warp, ceil(d / 2) for quantum, with d = sqrt(dx²+dy²).

    Exact integer arithmetic: the smallest k with k² >= d² (standard) or (2k)² >= d² (quantum).
    """
    root = isqrt(distance_squared)
    standard = root if root * root == distance_squared else root + 1
    if not quantum:
        return standard
    # ceil(d / 2) is ceil(ceil(d) / 2): both are the smallest integer k with 2k >= d.
    return (standard + 1) // 2


def multiplier(tick: int) -> int:
    """MP6: the production factor at ``tick`` (1 for ticks 1-180, 2 for 181-360, ...)."""
    return 1 << ((tick - 1) // DOUBLING_TICKS)


class MultiplanetaryState(State):
    """A Multiplanetary Empire match: planets, fleets in flight, and the tick counter."""

    tick: int
    """The last tick processed (0 at the start, MP2)."""

    # Fixed for the match (shared between clones).
    _cells: tuple[str, ...]
    _sizes: tuple[int, ...]
    _period: tuple[int, ...]
    _amount: tuple[int, ...]
    _index: dict[str, int]
    _standard: tuple[tuple[int, ...], ...]
    _quantum: tuple[tuple[int, ...], ...]
    _max_ticks: int | None
    _neutral_production: bool

    # Mutable (copied by ``_clone_into``).
    _owner: list[int]
    _ships: list[int]
    _since: list[int]
    _fleets: dict[int, tuple[Fleet, ...]]
    """Fleets in flight by arrival tick, each tick's in the order they departed."""
    _last_orders: tuple[tuple[str, ...], tuple[str, ...]]

    # ------------------------------------------------------------------ setup

    def _start(self, setup: dict[str, Any]) -> dict[str, Any]:
        given = setup.get("map")
        board = generate_map(self.seed) if given is None else normalise_map(given)
        planets = board["planets"]
        self._cells = tuple(planet["cell"] for planet in planets)
        self._sizes = tuple(planet["size"] for planet in planets)
        self._period = tuple(PERIOD[size - 1] for size in self._sizes)
        self._amount = tuple(AMOUNT[size - 1] for size in self._sizes)
        self._index = {cell: number for number, cell in enumerate(self._cells)}
        xys = [cell_xy(cell) for cell in self._cells]
        standard: list[tuple[int, ...]] = []
        quantum: list[tuple[int, ...]] = []
        for a in xys:
            assert a is not None
            row_s: list[int] = []
            row_q: list[int] = []
            for b in xys:
                assert b is not None
                squared = (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
                row_s.append(travel_ticks(squared, False))
                row_q.append(travel_ticks(squared, True))
            standard.append(tuple(row_s))
            quantum.append(tuple(row_q))
        self._standard = tuple(standard)
        self._quantum = tuple(quantum)
        options = self.game.options
        self._max_ticks = options["max_ticks"]
        self._neutral_production = bool(options["neutral_production"])
        self._owner = [NEUTRAL if p["owner"] is None else p["owner"] for p in planets]
        self._ships = [p["ships"] for p in planets]
        # MP6: home planets are owned from tick 0; neutral planets count from tick 0 too
        # (they matter only with neutral_production, MP5).
        self._since = [0] * len(planets)
        self._fleets = {}
        self._last_orders = ((), ())
        self.tick = 0
        return {"map": board}

    # ------------------------------------------------------------------ decisions

    def _decision_seats(self) -> tuple[int, ...]:
        return (0, 1)

    def _parse(self, seat: int, text: str) -> Orders:
        parts = split_submission(text)
        if not parts:
            return WAIT
        index = self._index
        owners = self._owner
        ships_on = self._ships
        ordered: dict[int, int] = {}
        orders: list[Order] = []
        for part in parts:
            source, destination, ships, quantum = parse_order_text(part)
            order = Order.make(source, destination, ships, quantum)
            src = index.get(source)
            dst = index.get(destination)
            if src is None or dst is None:
                self._no_planet(order.text, source if src is None else destination)
            elif src == dst:
                raise IllegalAction(f"{order.text}: an order must name two different planets (MP3)")
            owner = owners[src]
            if owner != seat:
                whose = "neutral" if owner == NEUTRAL else f"{SEAT_NAMES[owner]}'s"
                raise IllegalAction(
                    f"{order.text}: {source} is not your planet (it is {whose}; MP3)"
                )
            if ships < 1:
                raise IllegalAction(f"{order.text}: an order must send at least 1 ship (MP3)")
            already = ordered.get(src, 0)
            if ships > ships_on[src] - already:
                held = f" ({already} already ordered out this tick)" if already else ""
                raise IllegalAction(f"{order.text}: {source} has {ships_on[src]} ships{held}")
            ordered[src] = already + ships
            orders.append(order)
        return Orders(tuple(orders))

    def _no_planet(self, label: str, cell: str) -> NoReturn:
        if cell_xy(cell) is None:
            raise IllegalAction(f"{label}: {quote(cell)} is off the board (columns A-J, rows 1-10)")
        raise IllegalAction(f"{label}: there is no planet on {cell}")

    def _format(self, seat: int, action: Any) -> str:
        assert isinstance(action, Orders)
        return action.text

    def _timeout_action(self, seat: int) -> Orders:
        return WAIT  # MP12: no orders for that tick

    # ------------------------------------------------------------------ the tick

    def _resolve(self, actions: dict[int, Any]) -> None:
        tick = self.tick + 1
        self.tick = tick
        departing, quantum_lost = self._depart(actions, tick)
        tick_event = self._events[-1]
        fought, capped = self._arrive(tick, departing)
        produced, capped_now = self._produce(tick)
        tick_event["produced"] = produced
        tick_event["fought"] = fought
        tick_event["quantum_lost"] = quantum_lost
        tick_event["capped"] = capped + capped_now
        self._end_of_tick(tick)

    def _depart(self, actions: dict[int, Any], tick: int) -> tuple[list[Fleet], int]:
        """1. Departures (MP3), then the tick's event: the fleets leaving and the ships lost
        to quantum travel. Every order was checked against this very state when it was
        submitted, and nothing changes between submission and the tick, so all are valid."""
        ships = self._ships
        index = self._index
        quantum_lost = 0
        departing: list[Fleet] = []
        orders_text: list[tuple[str, ...]] = []
        for seat in (0, 1):
            submission: Orders = actions[seat]
            orders_text.append(submission.texts)
            for order in submission.orders:
                src = index[order.source]
                dst = index[order.destination]
                sent = order.ships
                ships[src] -= sent
                if order.quantum:
                    arriving = sent // 2  # MP2: half the ships, rounded up, are lost
                    quantum_lost += sent - arriving
                    ticks = self._quantum[src][dst]
                else:
                    arriving = sent
                    ticks = self._standard[src][dst]
                if arriving:
                    departing.append(
                        (tick + ticks, seat, arriving, src, dst, order.quantum, sent, tick)
                    )
        self._last_orders = (orders_text[0], orders_text[1])
        self._log("tick", tick=tick, orders=[list(orders_text[0]), list(orders_text[1])])
        return departing, quantum_lost

    def _arrive(self, tick: int, departing: list[Fleet]) -> tuple[int, int]:
        """2-3. Arrivals: first the planet owner's colour, then the other colours (MP3, MP4);
        the departing fleets join those in flight. Returns the ships fought and capped."""
        owner = self._owner
        ships = self._ships
        fought = capped = 0
        fleets = self._fleets
        incoming: dict[int, list[int]] = {}
        for fleet in fleets.pop(tick, ()):
            per_seat = incoming.get(fleet[4])
            if per_seat is None:
                incoming[fleet[4]] = per_seat = [0, 0]
            per_seat[fleet[1]] += fleet[2]
        for fleet in departing:
            fleets[fleet[0]] = (*fleets.get(fleet[0], ()), fleet)
        for planet, per_seat in incoming.items():
            holder = owner[planet]
            if holder != NEUTRAL:
                friendly = per_seat[holder]
                if friendly:
                    total = ships[planet] + friendly
                    if total > MAX_SHIPS:  # MP7: capped after arrivals
                        capped += total - MAX_SHIPS
                        total = MAX_SHIPS
                    ships[planet] = total
                attacker = 1 - holder
                attacking = per_seat[attacker]
            else:
                attacker, attacking, beaten = self._neutral_clash(tick, planet, per_seat)
                fought += 2 * beaten
            if attacking:
                won, lost = self._attack(tick, planet, attacker, attacking)
                fought += won
                capped += lost
        return fought, capped

    def _neutral_clash(self, tick: int, planet: int, per_seat: list[int]) -> tuple[int, int, int]:
        """MP4: at a neutral planet the two players fight each other first. Returns the seat
        left attacking, its ships, and the ships each side lost in the clash."""
        red, blue = per_seat
        if not (red and blue):
            return (0 if red else 1), (red or blue), 0
        self._log("clash", tick=tick, cell=self._cells[planet], ships=[red, blue])
        if red > blue:
            return 0, red - blue, blue
        return 1, blue - red, red

    def _attack(self, tick: int, planet: int, attacker: int, attacking: int) -> tuple[int, int]:
        """``attacking`` ships of ``attacker`` against the planet's garrison (MP4); returns
        the ships fought and the ships capped (MP7)."""
        ships = self._ships
        owner = self._owner
        garrison = ships[planet]
        if attacking <= garrison:
            ships[planet] = garrison - attacking  # MP4: equal numbers leave 0 ships
            return 2 * attacking, 0
        capped = 0
        left = attacking - garrison
        if left > MAX_SHIPS:
            capped = left - MAX_SHIPS
            left = MAX_SHIPS
        previous = owner[planet]
        owner[planet] = attacker
        ships[planet] = left
        self._since[planet] = tick  # MP6: the production schedule restarts here
        self._log(
            "capture",
            tick=tick,
            cell=self._cells[planet],
            owner=attacker,
            previous=None if previous == NEUTRAL else previous,
            ships=left,
        )
        return 2 * garrison, capped

    def _produce(self, tick: int) -> tuple[int, int]:
        """4. Production (MP6, MP5), capped (MP7); returns the ships made and capped."""
        owner = self._owner
        ships = self._ships
        since = self._since
        produced = capped = 0
        factor = multiplier(tick)
        period = self._period
        amount = self._amount
        neutral_production = self._neutral_production
        for planet in range(len(owner)):
            if owner[planet] == NEUTRAL and not neutral_production:
                continue
            age = tick - since[planet]
            if age > 0 and age % period[planet] == 0:
                made = amount[planet] * factor
                produced += made
                total = ships[planet] + made
                if total > MAX_SHIPS:
                    capped += total - MAX_SHIPS
                    total = MAX_SHIPS
                ships[planet] = total
        return produced, capped

    def _end_of_tick(self, tick: int) -> None:
        """MP8 elimination, then MP9 at ``max_ticks``."""
        owner = self._owner
        red = owner.count(0)
        blue = owner.count(1)
        if not red or not blue:
            if not red and not blue:
                self._finish(None, "both players lost their last planet at once")
            else:
                loser = 0 if not red else 1
                self._finish(1 - loser, f"{SEAT_NAMES[loser]} owns no planet")
            return
        if self._max_ticks is not None and tick >= self._max_ticks:
            totals = self.total_ships()
            if totals[0] != totals[1]:
                winner = 0 if totals[0] > totals[1] else 1
                self._finish(winner, f"tick {tick} reached: more ships")
            elif red != blue:
                self._finish(
                    0 if red > blue else 1, f"tick {tick} reached: equal ships, more planets"
                )
            else:
                self._finish(None, f"tick {tick} reached: equal ships and planets")

    # ------------------------------------------------------------------ queries

    def total_ships(self) -> list[int]:
        """Ships of each seat on its planets plus in flight (what will arrive) (MP9)."""
        totals = [0, 0]
        for holder, count in zip(self._owner, self._ships, strict=True):
            if holder != NEUTRAL:
                totals[holder] += count
        for fleets in self._fleets.values():
            for fleet in fleets:
                totals[fleet[1]] += fleet[2]
        return totals

    def _scores(self) -> dict[str, list[int]]:
        return {
            "ships": self.total_ships(),
            "planets": [self._owner.count(0), self._owner.count(1)],
        }

    def travel_ticks(self, seat: int, source: str, destination: str, quantum: bool = False) -> int:
        """Bot helper: ticks a fleet takes between two planets (MP2)."""
        try:
            src = self._index[source]
            dst = self._index[destination]
        except KeyError as error:
            raise ConfigError(f"there is no planet on {error.args[0]}") from None
        return (self._quantum if quantum else self._standard)[src][dst]

    def legal_orders(self, seat: int) -> list[tuple[str, str, int]]:
        """Bot helper: (source, destination, most ships it may send) for every source planet
        of ``seat`` holding ships and every other planet; empty when it need not act."""
        if self.is_over:
            return []
        cells = self._cells
        found: list[tuple[str, str, int]] = []
        for src, (holder, count) in enumerate(zip(self._owner, self._ships, strict=True)):
            if holder != seat or count < 1:
                continue
            found.extend((cells[src], cells[dst], count) for dst in range(len(cells)) if dst != src)
        return found

    def _legal(self, seat: int) -> list[str]:
        """Not the full list (``legal_enumerated=False``): ``wait`` plus, for every planet of
        the seat holding ships and every other planet, sending all its ships by either warp."""
        legal = ["wait"]
        for source, destination, count in self.legal_orders(seat):
            legal.append(f"{source}>{destination} {count}")
            legal.append(f"{source}>>{destination} {count}")
        return legal

    def sample(self, seat: int, rng: random.Random) -> str:
        """A random valid submission: ``wait`` one time in five, otherwise orders from a random
        subset of the seat's planets holding ships, each sending a random count by a random
        warp to a random other planet (one to three orders a planet)."""
        if seat not in self.to_act:
            raise IllegalAction(f"seat {seat} need not act now")
        sources = [
            planet
            for planet, (holder, count) in enumerate(zip(self._owner, self._ships, strict=True))
            if holder == seat and count > 0
        ]
        if not sources or rng.random() < 0.2:
            return "wait"
        chosen = rng.sample(sources, rng.randint(1, len(sources)))
        cells = self._cells
        orders: list[str] = []
        for src in chosen:
            left = self._ships[src]
            for _ in range(rng.randint(1, 3)):
                if left < 1:
                    break
                dst = rng.randrange(len(cells) - 1)
                if dst >= src:
                    dst += 1
                count = rng.randint(1, left)
                left -= count
                arrow = ">>" if rng.random() < 0.5 else ">"
                orders.append(f"{cells[src]}{arrow}{cells[dst]} {count}")
        return "; ".join(orders)

    # ------------------------------------------------------------------ views and copies

    def _next_production(self, planet: int) -> tuple[int | None, int | None]:
        """(ticks until the planet next produces, ships it makes then); (None, None) if never."""
        if self._owner[planet] == NEUTRAL and not self._neutral_production:
            return None, None
        period = self._period[planet]
        wait = period - (self.tick - self._since[planet]) % period
        return wait, self._amount[planet] * multiplier(self.tick + wait)

    def _view(self, seat: int | None) -> dict[str, Any]:
        # MP11: everything is public except orders not yet processed, which the kernel holds
        # (the seat's own pending submission is the kernel's ``pending`` field).
        planets = []
        for planet, cell in enumerate(self._cells):
            holder = self._owner[planet]
            wait, amount = self._next_production(planet)
            planets.append(
                {
                    "cell": cell,
                    "size": self._sizes[planet],
                    "owner": None if holder == NEUTRAL else holder,
                    "ships": self._ships[planet],
                    "next_production": wait,
                    "production": amount,
                }
            )
        return {
            "tick": self.tick,
            "max_ticks": self._max_ticks,
            "neutral_production": self._neutral_production,
            "board": {"columns": COLUMNS, "rows": ROWS},
            "seat_names": list(SEAT_NAMES),
            "planets": planets,
            "fleets": self._fleet_list(),
            "last_orders": [list(self._last_orders[0]), list(self._last_orders[1])],
            "totals": self._scores(),
        }

    def _fleet_list(self) -> list[dict[str, Any]]:
        cells = self._cells
        ordered = self._fleets_in_order()
        return [
            {
                "owner": fleet[1],
                "ships": fleet[2],
                "from": cells[fleet[3]],
                "to": cells[fleet[4]],
                "arrives": fleet[0],
                "warp": "quantum" if fleet[5] else "standard",
                "sent": fleet[6],
                "departed": fleet[7],
            }
            for fleet in ordered
        ]

    def _fleets_in_order(self) -> list[Fleet]:
        """By arrival tick, then departure tick, then the order they were given in."""
        ordered: list[Fleet] = []
        for arrives in sorted(self._fleets):
            ordered.extend(sorted(self._fleets[arrives], key=lambda fleet: fleet[7]))
        return ordered

    def _snapshot(self) -> dict[str, Any]:
        return {
            "tick": self.tick,
            "owner": list(self._owner),
            "ships": list(self._ships),
            "since": list(self._since),
            "fleets": [list(fleet) for fleet in self._fleets_in_order()],
            "last_orders": [list(self._last_orders[0]), list(self._last_orders[1])],
        }

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, MultiplanetaryState)
        other._owner = self._owner.copy()
        other._ships = self._ships.copy()
        other._since = self._since.copy()
        other._fleets = self._fleets.copy()  # tuples: a shallow copy is independent
