"""Shared set-up for the Tactical Genius tests: matches with chosen armies and positions.

Green (seat 0) is given more garnets, so it owns the even decimal bonuses (0.26, 0.24, ...) and
Blue the odd ones (TG4). ``start`` plays round 1's reinforcement phase with the given
placements, leaving the match at round 2's command phase; ``put`` moves a unit to any tile,
as test set-up only (positions that would otherwise take several rounds to reach).
"""

from __future__ import annotations

from typing import Any

import duelhost
from duelhost.core.notation import parse_cell
from duelhost.games.tactical_genius.state import TacticalGeniusState


def new(seed: int = 1, **options: Any) -> TacticalGeniusState:
    options.setdefault("garnets0", 1)
    options.setdefault("garnets1", 0)
    state = duelhost.load("tactical_genius", **options).new(seed=seed)
    assert isinstance(state, TacticalGeniusState)
    return state


def start(green: list[str], blue: list[str], **options: Any) -> TacticalGeniusState:
    """A match after round 1, with these placements made (both lists of ``place ...``)."""
    state = new(**options)
    state.submit(0, "; ".join(green) or "pass")
    state.submit(1, "; ".join(blue) or "pass")
    assert state.phase == "command" and state.round == 2, state.view(None)["log"]
    return state


def uid(state: TacticalGeniusState, name: str) -> int:
    for number, sheet in enumerate(state.sheets):
        if sheet.name == name:
            return number
    raise KeyError(name)


def put(state: TacticalGeniusState, name: str, cell: str) -> None:
    col, row = parse_cell(cell, 10, 3)
    assert state.at(col, row) < 0, f"{cell} is occupied"
    state._put(uid(state, name), col, row)


def unit(state: TacticalGeniusState, name: str) -> dict[str, Any]:
    return state.unit_view(uid(state, name))


def health(state: TacticalGeniusState, name: str) -> float:
    return state.health[uid(state, name)]


def cell(state: TacticalGeniusState, name: str) -> str | None:
    found: str | None = unit(state, name)["cell"]
    return found


def command(state: TacticalGeniusState, green: str = "pass", blue: str = "pass") -> None:
    """Play one command phase with these submissions (passing a reinforcement phase first
    if the match is in one)."""
    if state.phase == "reinforcement":
        state.submit(0, "pass")
        state.submit(1, "pass")
    assert state.phase == "command"
    state.submit(0, green)
    state.submit(1, blue)


def results(state: TacticalGeniusState) -> list[tuple[str, str]]:
    """(unit, result) of the last phase's log, in resolution order."""
    return [(entry.get("unit", entry["order"]), entry["result"]) for entry in state.last_log]


def result_of(state: TacticalGeniusState, name: str) -> str:
    """What unit ``name`` did in the last phase."""
    found = [entry["result"] for entry in state.last_log if entry.get("unit") == name]
    assert len(found) == 1, state.last_log
    return str(found[0])
