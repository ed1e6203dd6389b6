"""Multiplanetary Empire's fixed action encoding and observation for learning.

A tick's submission is built one order per step. Cells are numbered ``(row - 1) * 10 +
column`` (A1 = 0, J1 = 9, A2 = 10, ..., J10 = 99), so an index means the same order on every
map. Index 0 is END: submit the orders chosen so far (``wait`` when there are none). Index
``1 + ((source * 100 + destination) * 2 + warp) * 4 + part`` orders ships from ``source`` to
``destination`` by standard (warp 0) or quantum (warp 1) warp; ``part`` 0-3 sends a quarter,
half, three quarters or all of the ships the source still has after the orders already
chosen this tick, rounded up (at least 1). ``num_actions`` = 80,001.

The mask comes from ``legal()``, which lists every (source, destination, ships) the seat may
use: an order is allowed when its source still has a ship after the orders already chosen.
At most ``MAX_ORDERS`` (8) orders a tick: then only END is allowed.

Observation (``100 * 12 + 8`` floats, from the view and the seat's own draft): per cell,
whether a planet is there, its size (over 5), owner (the seat / the opponent / neutral), ships
(over 100), ticks to its next production (over 4) and that production (over 8), ships flying
to it of the seat's and of the opponent's (over 100), the seat's ships already ordered out of
it this tick (over 100), and whether a fleet lands there next tick; then the tick over
``max_ticks``, ships and planets of each side (own first, over 1000 and 25), whether the match
is over, the orders chosen this tick (over ``MAX_ORDERS``) and whether the seat must act.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from duelhost.core.encoding import Draft, Step, Valid, cell_index, cell_name

COLUMNS = 10
CELLS = 100
PARTS = 4
END = 0
NUM_ACTIONS = 1 + CELLS * CELLS * 2 * PARTS
MAX_ORDERS = 8


def _cell(text: str) -> int:
    return cell_index(text, COLUMNS)


def _split(index: int) -> tuple[int, int, int, int]:
    rest, part = divmod(index - 1, PARTS)
    pair, warp = divmod(rest, 2)
    source, destination = divmod(pair, CELLS)
    return source, destination, warp, part


def _order_text(source: int, destination: int, warp: int, ships: int) -> str:
    arrow = ">>" if warp else ">"
    return f"{cell_name(source, COLUMNS)}{arrow}{cell_name(destination, COLUMNS)} {ships}"


def _ships(available: int, part: int) -> int:
    return max(1, math.ceil(available * (part + 1) / PARTS))


class MultiplanetaryEncoding:
    multi_step = True
    num_actions = NUM_ACTIONS
    observation_size = CELLS * 12 + 8

    def __init__(self, options: dict[str, Any]) -> None:
        self.max_ticks = int(options["max_ticks"])

    def describe(self, index: int) -> str:
        if index == END:
            return "END: submit this tick's orders (wait if none)"
        source, destination, warp, part = _split(index)
        arrow = ">>" if warp else ">"
        share = ("a quarter", "half", "three quarters", "all")[part]
        return (
            f"{cell_name(source, COLUMNS)}{arrow}{cell_name(destination, COLUMNS)}: "
            f"{share} of the ships left on {cell_name(source, COLUMNS)}"
        )

    def index_of(self, text: str, legal: Sequence[str], view: dict[str, Any]) -> int:
        """The index of one order of ``legal()`` (``A1>D3 12`` sends all of A1's ships: part
        3); -1 for ``wait`` (END of an empty draft)."""
        if text == "wait":
            return -1
        route, _ = text.split()
        warp = int(">>" in route)
        source, destination = (_cell(cell) for cell in route.replace(">>", ">").split(">"))
        return 1 + ((source * CELLS + destination) * 2 + warp) * PARTS + PARTS - 1

    def _sources(self, legal: Sequence[str]) -> tuple[dict[int, int], dict[int, list[int]]]:
        """Ships on each source and its destinations, read off ``legal()``."""
        ships: dict[int, int] = {}
        targets: dict[int, list[int]] = {}
        for text in legal:
            if text == "wait" or ">>" in text:
                continue
            route, count = text.split()
            source, destination = (_cell(cell) for cell in route.split(">"))
            ships[source] = int(count)
            targets.setdefault(source, []).append(destination)
        return ships, targets

    def orders(self, legal: Sequence[str], draft: Draft) -> tuple[list[str], dict[int, int]]:
        """The orders of a draft as notation, and the ships each source has left."""
        ships, _ = self._sources(legal)
        texts: list[str] = []
        for index in draft:
            source, destination, warp, part = _split(index)
            sent = _ships(ships[source], part)
            ships[source] -= sent
            texts.append(_order_text(source, destination, warp, sent))
        return texts, ships

    def choices(
        self, view: dict[str, Any], legal: Sequence[str], draft: Draft, valid: Valid
    ) -> dict[int, Step]:
        texts, left = self.orders(legal, draft)
        found = {END: Step(text="; ".join(texts) if texts else "wait")}
        if len(draft) >= MAX_ORDERS:
            return found
        _, targets = self._sources(legal)
        for source in sorted(targets):
            if left[source] < 1:
                continue
            for destination in targets[source]:
                base = 1 + (source * CELLS + destination) * 2 * PARTS
                for index in range(base, base + 2 * PARTS):
                    found[index] = Step(draft=(*draft, index))
        return dict(sorted(found.items()))

    def observe(self, view: dict[str, Any], draft: Draft) -> list[float]:
        me = view["seat"] if view["seat"] is not None else 0
        cells = [[0.0] * 12 for _ in range(CELLS)]
        mine: dict[int, int] = {}
        for planet in view["planets"]:
            where = _cell(planet["cell"])
            row = cells[where]
            owner = planet["owner"]
            row[0] = 1.0
            row[1] = planet["size"] / 5
            row[2] = float(owner == me)
            row[3] = float(owner is not None and owner != me)
            row[4] = float(owner is None)
            row[5] = planet["ships"] / 100
            if planet["next_production"] is not None:
                row[6] = planet["next_production"] / 4
                row[7] = planet["production"] / 8
            if owner == me:
                mine[where] = planet["ships"]
        tick = view["tick"]
        for fleet in view["fleets"]:
            row = cells[_cell(fleet["to"])]
            row[8 if fleet["owner"] == me else 9] += fleet["ships"] / 100
            if fleet["arrives"] == tick + 1:
                row[11] = 1.0
        for index in draft:
            source, _, _, part = _split(index)
            amount = _ships(mine[source], part)
            mine[source] -= amount
            cells[source][10] += amount / 100
        totals = view["totals"]
        return [
            *(value for row in cells for value in row),
            tick / self.max_ticks,
            totals["ships"][me] / 1000,
            totals["ships"][1 - me] / 1000,
            totals["planets"][me] / 25,
            totals["planets"][1 - me] / 25,
            float(view["is_over"]),
            len(draft) / MAX_ORDERS,
            float(me in view["to_act"]),
        ]


def encoding(options: dict[str, Any]) -> MultiplanetaryEncoding:
    """The encoding for a game loaded with ``options``."""
    return MultiplanetaryEncoding(options)
