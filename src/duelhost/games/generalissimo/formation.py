"""Generalissimo's advance term for the bots: rows gained by the pieces the other side cannot take.

A piece counts the rows it stands beyond its side's back row (South's row 1, North's row 12),
at most ``CAP``, unless it stands on a cell the other side could remove it from with one move
(``exposed``): a piece that steps into the enemy's reach gains nothing until it is covered or
the threat is gone, so the search advances pieces in formation behind the safe ones instead of
sitting still (GE8's stand-off) or walking into volleys and shots.
"""

from __future__ import annotations

from collections.abc import Iterable

from duelhost.games.generalissimo.board import COLUMNS, KINDS, ROWS, kind_can_remove
from duelhost.games.generalissimo.generated import Generated

CAP = 7
"""Rows counted at most (South's row 8, North's row 5)."""


def exposed(moves: Iterable[Generated]) -> set[int]:
    """The cells some move in ``moves`` removes a piece from (either side's: a volley's own
    losses included; the caller looks only at the other side's pieces)."""
    cells: set[int] = set()
    for move in moves:
        if move[3]:
            cells.update(move[3])
    return cells


def advance(board: list[int], side: int, unsafe: set[int]) -> int:
    """Rows ``side``'s pieces stand beyond its back row (each at most ``CAP``), the pieces on
    ``unsafe`` cells not counted."""
    total = 0
    for cell, piece in enumerate(board):
        if piece and piece >> 3 == side and cell not in unsafe:
            row = cell // COLUMNS
            gained = row if side == 0 else ROWS - 1 - row
            total += gained if gained < CAP else CAP
    return total


DISTANCE = tuple(
    tuple(
        max(abs(a % COLUMNS - b % COLUMNS), abs(a // COLUMNS - b // COLUMNS))
        for b in range(COLUMNS * ROWS)
    )
    for a in range(COLUMNS * ROWS)
)
"""King steps between two cells (``DISTANCE[a][b]``)."""
PREY = tuple(
    tuple(victim for victim in KINDS if attacker in KINDS and kind_can_remove(attacker, victim))
    for attacker in range(8)
)
"""The kinds each kind can remove (GE5-GE7)."""


def steps_to_prey(board: list[int], side: int) -> int:
    """King steps from each of ``side``'s pieces to the nearest enemy it can remove, summed
    (pieces with no such enemy not counted)."""
    cells_of_kind: list[list[int]] = [[], [], [], [], [], [], [], []]
    own: list[tuple[int, int]] = []
    for cell, piece in enumerate(board):
        if piece:
            if piece >> 3 == side:
                own.append((cell, piece & 7))
            else:
                cells_of_kind[piece & 7].append(cell)
    targets: dict[int, list[int]] = {}
    total = 0
    for cell, kind in own:
        found = targets.get(kind)
        if found is None:
            found = targets[kind] = [c for victim in PREY[kind] for c in cells_of_kind[victim]]
        if found:
            row = DISTANCE[cell]
            total += min([row[c] for c in found])
    return total
