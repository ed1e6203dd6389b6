"""Generalissimo's advance term for the bots: rows gained by the pieces the other side cannot take.

A piece counts the rows it stands beyond its side's back row (South's row 1, North's row 12),
at most ``CAP``, unless it stands on a cell the other side could remove it from with one move
(``exposed``): a piece that steps into the enemy's reach gains nothing until it is covered or
the threat is gone, so the search advances pieces in formation behind the safe ones instead of
sitting still (GE8's stand-off) or walking into volleys and shots.
"""

from __future__ import annotations

from collections.abc import Iterable

from duelhost.games.generalissimo.board import COLUMNS, ROWS
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
