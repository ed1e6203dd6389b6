"""The units of a /TACTIC/ match: per-unit data, phases and the small queries.

Units live in flat per-unit lists (type, owner, cell, damage, flag bits) indexed by a unit id;
the board is a list of 49 unit ids (-1 empty). A dead unit keeps its cell and data, so effects
it still causes ("it is still technically there": Flame, Sacrifice, a Command follow-up after
death) read them as a ghost.
"""

from __future__ import annotations

from duelhost.core.state import State
from duelhost.games.tactic import board
from duelhost.games.tactic.board import NEIGHBOURS
from duelhost.games.tactic.factions import Faction, FactionTable, UnitType
from duelhost.games.tactic.flags import ALIVE
from duelhost.games.tactic.rows import Ability

START_COINS = 6

FACTION = "faction"
KING = "king"
PLACE = "place"
PLAY = "play"
OVER = "over"
"""The phases (TA2, TA3), as in the views' ``phase``."""


class Army(State):
    """The match data of /TACTIC/ and the queries every rule asks."""

    table: FactionTable
    phase: str
    factions: list[int]
    coins: list[int]
    placer: int
    turn: int
    turn_seat: int
    quiet: int
    quiet_limit: int
    hurt: bool
    board_: list[int]
    u_type: list[UnitType]
    u_owner: list[int]
    u_cell: list[int]
    u_dmg: list[int]
    u_flags: list[int]
    kings: list[int]
    flames: list[int]

    # ------------------------------------------------------------------ small queries

    def faction(self, seat: int) -> Faction:
        return self.table.factions[self.factions[seat]]

    def alive(self, unit: int) -> bool:
        return bool(self.u_flags[unit] & ALIVE)

    def units(self, seat: int | None = None) -> list[int]:
        """Living unit ids (of ``seat``), in placement order."""
        return [
            u
            for u in range(len(self.u_flags))
            if self.u_flags[u] & ALIVE and (seat is None or self.u_owner[u] == seat)
        ]

    def unit_at(self, cell: int) -> int:
        return self.board_[cell]

    def label(self, unit: int) -> str:
        """``"Eagle on B2"``."""
        return f"{self.u_type[unit].name} on {board.name(self.u_cell[unit])}"

    def has(self, unit: int, ability: Ability) -> bool:
        """Whether ``unit``'s type has this ability (a row of the table)."""
        return ability in self.u_type[unit].kit.rows

    def around(self, cell: int, exclude: int = -1) -> list[int]:
        """Units adjacent to ``cell`` (in board order), ``exclude`` left out."""
        return [v for c in NEIGHBOURS[cell] if (v := self.board_[c]) >= 0 and v != exclude]

    def _add_unit(self, seat: int, kind: UnitType, cell: int) -> int:
        unit = len(self.u_type)
        self.u_type.append(kind)
        self.u_owner.append(seat)
        self.u_cell.append(cell)
        self.u_dmg.append(0)
        self.u_flags.append(ALIVE)
        self.board_[cell] = unit
        return unit
