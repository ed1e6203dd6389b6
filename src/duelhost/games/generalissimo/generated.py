"""Generalissimo's generated moves: a move is a tuple ``(text, start, end, removed)`` (its
canonical notation, the cell the piece leaves, the cell it ends on, the cells whose pieces it
removes); moves that differ only by their cells are shared tuples built once (``step_move`` and
the like), and the board's cells are also bits (``BIT``) for the bit-set generators.
"""

from __future__ import annotations

from duelhost.games.generalissimo.board import (
    CELLS,
    COLUMNS,
    KINDS,
    NAMES,
)

Generated = tuple[str, int, int, tuple[int, ...]]
KINDS_SET = frozenset(KINDS)

HORSEMAN_RANGE = 5
GUARDSMAN_RANGE = 4
SHIELDMAN_RANGE = 2
SWORDSMAN_RANGE = 3
ARCHER_RANGE = 3
ARCHER_TACTICAL_DIAGONAL = 2


# --------------------------------------------------------------------------- prebuilt moves

BIT = tuple(1 << cell for cell in range(CELLS))
ALL_CELLS = (1 << CELLS) - 1
NOT_COLUMN_A = ALL_CELLS & ~sum(BIT[row * COLUMNS] for row in range(CELLS // COLUMNS))
NOT_COLUMN_I = ALL_CELLS & ~sum(BIT[row * COLUMNS + COLUMNS - 1] for row in range(CELLS // COLUMNS))

ONE_CELL = tuple((cell,) for cell in range(CELLS))
_STEPS: list[Generated | None] = [None] * (CELLS * CELLS)
_TAKES: list[Generated | None] = [None] * (CELLS * CELLS)
_SHOTS: list[Generated | None] = [None] * (CELLS * CELLS)
_STEP_SHOTS: dict[int, Generated] = {}


def step_move(start: int, end: int) -> Generated:
    """The move ``start-end`` that removes nothing (one shared tuple per pair of cells)."""
    generated = _STEPS[start * CELLS + end]
    if generated is None:
        generated = _STEPS[start * CELLS + end] = (NAMES[start] + "-" + NAMES[end], start, end, ())
    return generated


def take_move(start: int, end: int) -> Generated:
    """The move ``startxend`` that removes the piece on ``end``."""
    generated = _TAKES[start * CELLS + end]
    if generated is None:
        generated = _TAKES[start * CELLS + end] = (
            NAMES[start] + "x" + NAMES[end],
            start,
            end,
            ONE_CELL[end],
        )
    return generated


def shot_move(start: int, target: int) -> Generated:
    """The Archer's shot ``start*target`` without a step."""
    generated = _SHOTS[start * CELLS + target]
    if generated is None:
        generated = _SHOTS[start * CELLS + target] = (
            NAMES[start] + "*" + NAMES[target],
            start,
            start,
            ONE_CELL[target],
        )
    return generated


def step_shot_move(start: int, end: int, target: int) -> Generated:
    """The Archer's step then shot ``start-end*target``."""
    key = (start * CELLS + end) * CELLS + target
    generated = _STEP_SHOTS.get(key)
    if generated is None:
        generated = _STEP_SHOTS[key] = (
            NAMES[start] + "-" + NAMES[end] + "*" + NAMES[target],
            start,
            end,
            ONE_CELL[target],
        )
    return generated
