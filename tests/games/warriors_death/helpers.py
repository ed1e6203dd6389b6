"""Shared helpers for the Warrior's Death tests: scripted rounds and reading the truth."""

from __future__ import annotations

import json
from typing import Any

import duelhost
from duelhost.games.warriors_death.state import WarriorsDeathState


def new(seed: int = 0, **options: Any) -> WarriorsDeathState:
    state = duelhost.load("warriors_death", **options).new(seed=seed)
    assert isinstance(state, WarriorsDeathState)
    return state


def play(state: WarriorsDeathState, *rounds: tuple[str, str]) -> WarriorsDeathState:
    """Submit ``(seat 0, seat 1)`` for each round in turn."""
    for first, second in rounds:
        state.submit(0, first)
        state.submit(1, second)
    return state


def truth(state: WarriorsDeathState) -> dict[str, Any]:
    """The whole state, secrets included (the snapshot ``to_json`` stores)."""
    data: dict[str, Any] = json.loads(state.to_json())["state"]
    return data


def last_round(state: WarriorsDeathState) -> dict[str, Any]:
    """The truth about the last resolved round of the current bout."""
    rounds: list[dict[str, Any]] = truth(state)["rounds"]
    return rounds[-1]


def underworld(state: WarriorsDeathState, seat: int) -> dict[str, int]:
    """Strength in death of each dead unit of ``seat`` (Chocobos summed under "Chocobo")."""
    from duelhost.games.warriors_death.units import UNITS

    data = truth(state)
    flat = data["underworld"]
    dead = {UNITS[u]: flat[10 * seat + u] for u in range(1, 10) if flat[10 * seat + u] >= 0}
    if data["chocobos"][seat]:
        dead["Chocobo"] = data["chocobo_strength"][seat]
    return dead


def finished_underworld(state: WarriorsDeathState, bout: int, seat: int) -> dict[str, int]:
    """A finished bout's underworld of ``seat``, rebuilt from its rounds' truth: each unit
    that died, at its last strength in death (a revival replaces the earlier one), Chocobos
    summed, survivors (Third Eye) left out."""
    from duelhost.games.warriors_death.units import UNITS

    dead: dict[str, int] = {}
    for record in truth(state)["finished"][bout]["rounds"]:
        unit = record["units"][seat]
        name = UNITS[unit]
        if record["survives"][seat]:
            dead.pop(name, None)
        elif unit == 0:
            dead[name] = dead.get(name, 0) + record["death"][seat]
        else:
            dead[name] = record["death"][seat]
    return dead
