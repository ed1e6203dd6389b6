"""Shared helpers for the Multiplanetary Empire tests: a fixed MP10 map and tick drivers.

Distances from A1 on ``FIXED`` (MP1, MP2; standard ticks ceil(d), quantum ceil(d / 2)):
C1 and A3 d = 2 (2 / 1 ticks), C3 d = sqrt(8) = 2.83 (3 / 2), A5 and E1 d = 4 (4 / 2),
E5 d = sqrt(32) = 5.66 (6 / 3), F6 d = sqrt(50) = 7.07 (8 / 4), J10 d = sqrt(162) = 12.73 (13 / 7).
"""

from __future__ import annotations

import copy
from typing import Any

import duelhost
from duelhost.games.multiplanetary.rules import NEUTRAL, MultiplanetaryState

FIXED: dict[str, Any] = {
    "planets": [
        {"cell": "A1", "size": 5, "owner": 0, "ships": 0},
        {"cell": "J10", "size": 5, "owner": 1, "ships": 0},
        {"cell": "C1", "size": 1, "owner": None, "ships": 5},
        {"cell": "H10", "size": 1, "owner": None, "ships": 5},
        {"cell": "A3", "size": 2, "owner": None, "ships": 4},
        {"cell": "J8", "size": 2, "owner": None, "ships": 4},
        {"cell": "C3", "size": 3, "owner": None, "ships": 10},
        {"cell": "H8", "size": 3, "owner": None, "ships": 10},
        {"cell": "E5", "size": 4, "owner": None, "ships": 20},
        {"cell": "F6", "size": 4, "owner": None, "ships": 20},
        {"cell": "A5", "size": 5, "owner": None, "ships": 30},
        {"cell": "J6", "size": 5, "owner": None, "ships": 30},
        {"cell": "E1", "size": 1, "owner": None, "ships": 0},
        {"cell": "F10", "size": 1, "owner": None, "ships": 0},
    ]
}


def fixed_map() -> dict[str, Any]:
    return copy.deepcopy(FIXED)


def new_state(seed: int = 0, **options: Any) -> MultiplanetaryState:
    state = duelhost.load("multiplanetary", **options).new(seed=seed, map=fixed_map())
    assert isinstance(state, MultiplanetaryState)
    return state


def tick(state: MultiplanetaryState, red: str = "wait", blue: str = "wait") -> None:
    """Both seats submit; the next tick resolves."""
    state.submit(0, red)
    state.submit(1, blue)


def wait(state: MultiplanetaryState, ticks: int) -> None:
    for _ in range(ticks):
        tick(state)


def planet(state: MultiplanetaryState, cell: str) -> dict[str, Any]:
    for item in state.view()["planets"]:
        if item["cell"] == cell:
            return dict(item)
    raise KeyError(cell)


def owner_ships(state: MultiplanetaryState, cell: str) -> tuple[int | None, int]:
    item = planet(state, cell)
    return item["owner"], item["ships"]


def place(
    state: MultiplanetaryState, cell: str, owner: int | None, ships: int, since: int | None = None
) -> None:
    """Set a planet directly (a crafted position); ``since`` is the tick of its current owner
    (default: the last tick processed)."""
    index = state._index[cell]
    state._owner[index] = NEUTRAL if owner is None else owner
    state._ships[index] = ships
    state._since[index] = state.tick if since is None else since


def last_tick_event(state: MultiplanetaryState) -> dict[str, Any]:
    return next(event for event in reversed(state.events) if event["event"] == "tick")
