"""The 7x7 /TACTIC/ board: cells, adjacency, build zones and crown spaces (RULINGS TA1).

A cell is an int ``row * 7 + column`` (A1 is 0, G7 is 48). Neighbour and line tables are built
once at import so the engine never recomputes geometry.
"""

from __future__ import annotations

from duelhost.core.notation import format_cell, parse_cell

SIZE = 7
CELLS = SIZE * SIZE

ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL

BUILD_ROWS = ((0, 1), (5, 6))
"""Build zone rows (zero-based) of seat 0 (rows 1-2) and seat 1 (rows 6-7), TA1."""


def cell_of(column: int, row: int) -> int:
    return row * SIZE + column


def column_row(cell: int) -> tuple[int, int]:
    return cell % SIZE, cell // SIZE


NAMES: tuple[str, ...] = tuple(format_cell(c % SIZE, c // SIZE) for c in range(CELLS))


def name(cell: int) -> str:
    """``0`` -> ``"A1"``."""
    return NAMES[cell]


def parse(text: str) -> int:
    """``"A1"`` -> ``0``; IllegalAction for a non-cell or a cell off the board."""
    column, row = parse_cell(text, SIZE, SIZE)
    return cell_of(column, row)


def _step(cell: int, dx: int, dy: int) -> int:
    x, y = column_row(cell)
    x, y = x + dx, y + dy
    return cell_of(x, y) if 0 <= x < SIZE and 0 <= y < SIZE else -1


def _ray(cell: int, dx: int, dy: int) -> tuple[int, ...]:
    cells = []
    current = _step(cell, dx, dy)
    while current >= 0:
        cells.append(current)
        current = _step(current, dx, dy)
    return tuple(cells)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in (_step(cell, dx, dy) for dx, dy in ALL_DIRECTIONS) if c >= 0)
    for cell in range(CELLS)
)
"""The up to 8 adjacent cells of each cell ("adjacent" in the text: any direction)."""

ADJACENT: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in NEIGHBOURS)

ORTHOGONAL_RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(r for r in (_ray(cell, dx, dy) for dx, dy in ORTHOGONAL) if r) for cell in range(CELLS)
)
DIAGONAL_RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(r for r in (_ray(cell, dx, dy) for dx, dy in DIAGONAL) if r) for cell in range(CELLS)
)

BUILD_ZONES: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(cell_of(x, y) for y in BUILD_ROWS[0] for x in range(SIZE)),
    tuple(cell_of(x, y) for y in BUILD_ROWS[1] for x in range(SIZE)),
)
CROWN_SPACES: tuple[tuple[int, ...], tuple[int, ...]] = (
    (cell_of(2, 0), cell_of(4, 0)),
    (cell_of(2, 6), cell_of(4, 6)),
)
"""C1 and E1 for seat 0, C7 and E7 for seat 1 (TA1)."""


def adjacent(a: int, b: int) -> bool:
    return b in ADJACENT[a]
