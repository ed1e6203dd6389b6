"""The Tactical Genius board and army: constants of the rules, unit sheets and the queries
every other module asks (TG1, TG3, TG4, TG7).

``Army`` holds the match data (one list per unit field, indexed by unit id, and the 10x3 grid
of unit ids) and answers questions about it; it changes nothing but a unit's tile (``_put``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from duelhost.core.notation import format_cell
from duelhost.core.state import State
from duelhost.games.tactical_genius.table import Table

COLUMNS = 10
ROWS = 3
ROUNDS = 10
BUDGET = 40
UNIT_COST = 3
MAX_ON_BOARD = 6
MAX_PLACED = 10
MAX_SKILLS = 2
MAX_ATK = 5
MAX_DEF = 5
NAME_LENGTH = 5
SIDES = ("Green", "Blue")
FACING = (1, -1)
"""Column step forward: Green towards J, Blue towards A (TG1)."""
OWN_COLUMNS = ((0, 1, 2, 3), (6, 7, 8, 9))
FAR_EDGE = (COLUMNS - 1, 0)
EVEN_BONUSES = tuple(range(26, 0, -2))
ODD_BONUSES = tuple(range(25, 0, -2))
DIRECTIONS = ("up", "down", "forward")
PHASE_SECONDS = 300
EXTENDED_SECONDS = 600
CELL_NAMES = tuple(format_cell(c, r) for c in range(COLUMNS) for r in range(ROWS))


@dataclass(frozen=True, slots=True)
class Sheet:
    """A unit's fixed stats, decided when it is placed (TG3); public."""

    uid: int
    owner: int
    name: str
    type: str
    kind: str
    max_health: int
    attack: int
    defense: int
    speed: int
    """In hundredths, decimal bonus included."""
    bonus: int
    skills: tuple[str, ...]
    value: int
    """Points spent on the unit (its kill value, TG8)."""


class Army(State):
    """The match data of Tactical Genius and the queries on it."""

    table: Table
    garnets: tuple[int, int]
    even_seat: int
    round: int
    phase: str
    sheets: list[Sheet]
    health: list[float]
    col: list[int]
    row: list[int]
    alive: list[bool]
    boost_atk: list[int]
    boost_def: list[int]
    boost_spd: list[int]
    boosted: list[tuple[str, ...]]
    grid: list[int]
    points: list[int]
    placed: list[int]
    used_bonus: list[tuple[int, ...]]
    kills: list[int]
    last_log: list[dict[str, Any]]

    # ------------------------------------------------------------------ queries

    def bonuses(self, seat: int) -> tuple[int, ...]:
        """The decimal speed bonuses (hundredths) ``seat`` may still give, largest first (TG4)."""
        full = EVEN_BONUSES if seat == self.even_seat else ODD_BONUSES
        return tuple(b for b in full if b not in self.used_bonus[seat])

    def at(self, col: int, row: int) -> int:
        """The unit id on a tile, -1 if empty."""
        return self.grid[col * ROWS + row]

    def on_board(self, seat: int | None = None) -> list[int]:
        return [
            u
            for u, s in enumerate(self.sheets)
            if self.alive[u] and (seat is None or s.owner == seat)
        ]

    def attack_of(self, uid: int) -> int:
        return max(0, self.sheets[uid].attack + self.boost_atk[uid])

    def defense_of(self, uid: int) -> int:
        return max(0, self.sheets[uid].defense + self.boost_def[uid])

    def speed_of(self, uid: int) -> int:
        """Current speed in hundredths; integer boosts keep every speed distinct (TG4)."""
        return self.sheets[uid].speed + 100 * self.boost_spd[uid]

    def column_has_enemy(self, seat: int, col: int) -> bool:
        return any(
            (u := self.at(col, r)) >= 0 and self.sheets[u].owner != seat for r in range(ROWS)
        )

    def behind_enemy(self, seat: int, col: int, row: int, grid: list[int] | None = None) -> bool:
        """TG7: an enemy stands in this row nearer to ``seat``'s own edge."""
        cells = self.grid if grid is None else grid
        nearer = range(col) if seat == 0 else range(col + 1, COLUMNS)
        for c in nearer:
            u = cells[c * ROWS + row]
            if u >= 0 and self.sheets[u].owner != seat:
                return True
        return False

    def can_create(self, seat: int) -> bool:
        """TG8: a player can make another unit with 3 points and fewer than 10 placed."""
        return self.points[seat] >= UNIT_COST and self.placed[seat] < MAX_PLACED

    def advance_problem(self, seat: int) -> str | None:
        """Why ``seat`` cannot advance now, or None (TG7)."""
        units = self.on_board(seat)
        if not units:
            return "you have no units on the board"
        step = FACING[seat]
        for u in units:
            dest = self.col[u] + step
            if not 0 <= dest < COLUMNS:
                return f"{self.sheets[u].name} cannot advance off the board"
            if self.column_has_enemy(seat, dest):
                return (
                    f"{self.sheets[u].name} would enter column {chr(65 + dest)}, "
                    "which holds an enemy"
                )
        return None

    def _name_taken(self, seat: int, name: str) -> str | None:
        key = name.lower()
        for sheet in self.sheets:
            if sheet.name.lower() == key:
                if sheet.owner == seat:
                    return f"you already have a unit named {sheet.name}"
                return f"{sheet.name} is an opponent's unit name"
        return None

    def _cell_problem(self, seat: int, col: int, row: int, grid: list[int]) -> str | None:
        """Why a unit cannot be placed on (col, row) with ``grid`` (TG7), or None."""
        if col not in OWN_COLUMNS[seat]:
            first, last = OWN_COLUMNS[seat][0], OWN_COLUMNS[seat][-1]
            return (
                f"{format_cell(col, row)} is not on your side (columns {chr(65 + first)}-"
                f"{chr(65 + last)})"
            )
        if grid[col * ROWS + row] >= 0:
            return f"{format_cell(col, row)} is occupied"
        if self.behind_enemy(seat, col, row, grid):
            return f"{format_cell(col, row)} is behind an enemy unit"
        return None

    def _offset(self, uid: int, cell: tuple[int, int]) -> tuple[int, int]:
        """(columns ahead in the unit's facing direction, rows up or down) of a tile."""
        owner = self.sheets[uid].owner
        return (cell[0] - self.col[uid]) * FACING[owner], cell[1] - self.row[uid]

    def _destination(self, uid: int, direction: str) -> tuple[int, int]:
        col, row = self.col[uid], self.row[uid]
        if direction == "up":
            return col, row - 1
        if direction == "down":
            return col, row + 1
        return col + FACING[self.sheets[uid].owner], row

    def _put(self, uid: int, col: int, row: int) -> None:
        old = self.col[uid] * ROWS + self.row[uid]
        if self.grid[old] == uid:
            self.grid[old] = -1
        self.col[uid] = col
        self.row[uid] = row
        self.grid[col * ROWS + row] = uid
