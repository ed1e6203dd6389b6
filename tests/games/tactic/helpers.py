"""Building /TACTIC/ positions for rule tests: any unit of any house faction for either seat."""

from __future__ import annotations

from typing import Any

import duelhost
from duelhost.games.tactic import board
from duelhost.games.tactic.factions import UnitType, load_table
from duelhost.games.tactic.state import TacticState

TABLE = load_table()
KINGS = {f.name: f.king for f in TABLE.factions}
UNITS = {u.name: u for f in TABLE.factions for u in f.units}


def kind(name: str) -> UnitType:
    """A house unit by name; ``"King:Order"`` is the Order King."""
    if name.startswith("King:"):
        return KINGS[name.split(":", 1)[1]]
    return UNITS[name]


def custom(name: str, hp: int, at: int, **abilities: int) -> UnitType:
    """A unit type made for one test (``Double_Strike=0`` -> ability ``Double Strike``)."""
    named = {key.replace("_", " "): value for key, value in abilities.items()}
    return UnitType(name, hp, at, 1, False, named, "Test")


def arena(
    *units: tuple[Any, ...],
    turn_seat: int = 0,
    factions: tuple[str, str] = ("Order", "Abyss"),
    **options: Any,
) -> TacticState:
    """A match in play with exactly ``units``: ``(seat, name or UnitType, cell[, damage])``.

    Without a King in ``units`` a seat has no King and cannot lose by a King's death.
    """
    state = duelhost.load("tactic", **options).new(seed=0)
    assert isinstance(state, TacticState)
    state.factions = [TABLE.names.index(factions[0]), TABLE.names.index(factions[1])]
    state.coins = [0, 0]
    state.phase = "play"
    state.turn = 1
    state.turn_seat = turn_seat
    for spec in units:
        seat, name, cell = spec[0], spec[1], spec[2]
        damage = spec[3] if len(spec) > 3 else 0
        unit_type = name if isinstance(name, UnitType) else kind(name)
        unit = state._add_unit(seat, unit_type, board.parse(cell))
        state.u_dmg[unit] = damage
        if unit_type.king:
            state.kings[seat] = unit
    return state


def at(state: TacticState, cell: str) -> int:
    """The unit id on ``cell`` (AssertionError if empty)."""
    unit = state.board_[board.parse(cell)]
    assert unit >= 0, f"no unit on {cell}"
    return unit


def damage(state: TacticState, cell: str) -> int:
    return state.u_dmg[at(state, cell)]


def empty(state: TacticState, cell: str) -> bool:
    return state.board_[board.parse(cell)] < 0


def current_at(state: TacticState, cell: str) -> int:
    return state.at(at(state, cell))


def play(state: TacticState, *texts: str) -> None:
    """Submit each text for the seat to act."""
    for text in texts:
        state.submit(state.to_act[0], text)
