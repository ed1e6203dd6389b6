"""Generalissimo's fixed action encoding and observation for learning.

Cells are numbered ``(row - 1) * 9 + column`` (A1 = 0, I1 = 8, A2 = 9, ..., I12 = 107). The
index blocks (``num_actions`` = 264,926):

- pass: 0, ``pass``; draw: 1, ``draw`` (offer, or accept a standing offer);
- move: ``2 + source * 108 + destination``, a step or capture of any piece but a Horseman
  (``B2-B4``, ``C2xC3``);
- Horseman: ``11,666 + source * 1,364 + path``, a Horseman's path as its single steps (below);
- shot: ``158,978 + source * 108 + target``, an Archer shooting from where it stands
  (``C2*C5``);
- step and shot: ``170,642 + (source * 8 + direction) * 108 + target``, an Archer stepping one
  cell in ``direction``, then shooting (``C2-C3*C6``);
- volley: ``263,954 + source``, a Catapult volley (``C1!``);
- volley and step: ``264,062 + source * 8 + direction``, volley, then a step (``C1!-C2``) or
  a capture by that step (``C5!xD5``).

A Horseman's path of 1-5 orthogonal steps (up, down, left, right = 0-3; "up" is towards
row 12) is numbered by its length and steps: paths of length
``L`` start at ``(4 + 16 + ... + 4^(L-1))`` and add ``sum(step_i * 4^(L-1-i))``. Moves are
told apart by their result (GE4: where the Horseman ends and what it captures), so the index
of a Horseman move is that of its canonical path, the one ``legal()`` lists; other paths with
the same result are never in the mask. Directions 0-7 for the Archer's step and the Catapult's
step are (-1,-1), (-1,0), (-1,1), (0,-1), (0,1), (1,-1), (1,0), (1,1) as (column, row) steps.
The mask is ``legal()``.

Observation (1,410 floats): 12 planes of 108 cells, one per piece type and side (the seat's
own side first; types Horseman, Archer, Shieldman, Swordsman, Guardsman, Catapult), the cell of
the piece that already moved this turn (108), then whether the seat is to move, moves left
(over 2), quiet turns over their limit, a standing draw offer by the seat and by the
opponent, and whether the match is over.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from duelhost.core.encoding import Draft, SingleStep, cell_index, cell_name

COLUMNS = 9
ROWS = 12
CELLS = COLUMNS * ROWS
DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
STEPS = ((0, 1), (0, -1), (-1, 0), (1, 0))
"""A Horseman's single steps: up (towards row 12), down, left, right."""
MAX_STEPS = 5
PATH_START: tuple[int, ...] = (0, 4, 20, 84, 340, 1364)
"""Where the paths of each length start (index ``length - 1``: 4 + 16 + ... + 4^(length - 1));
the last entry is the number of paths."""
PATHS = PATH_START[-1]
PASS = 0
DRAW = 1
MOVE = 2
HORSEMAN = MOVE + CELLS * CELLS
SHOT = HORSEMAN + CELLS * PATHS
STEP_SHOT = SHOT + CELLS * CELLS
VOLLEY = STEP_SHOT + CELLS * len(DIRECTIONS) * CELLS
VOLLEY_STEP = VOLLEY + CELLS
NUM_ACTIONS = VOLLEY_STEP + CELLS * len(DIRECTIONS)
PIECES = "HASWGC"


def _cell(text: str) -> int:
    return cell_index(text, COLUMNS)


def _direction(source: int, target: int) -> int:
    step = (target % COLUMNS - source % COLUMNS, target // COLUMNS - source // COLUMNS)
    return DIRECTIONS.index(step)


def _shift(source: int, direction: int) -> str:
    dx, dy = DIRECTIONS[direction]
    return cell_name(source + dx + dy * COLUMNS, COLUMNS)


def _path_cells(text: str) -> list[int]:
    return [_cell(part) for part in text.replace("x", "-").split("-")]


def horseman_path(cells: Sequence[int]) -> int:
    """The path number of a Horseman path given by its turning points (see the module)."""
    steps: list[int] = []
    for start, end in itertools.pairwise(cells):
        dx = end % COLUMNS - start % COLUMNS
        dy = end // COLUMNS - start // COLUMNS
        unit = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        steps.extend([STEPS.index(unit)] * (abs(dx) + abs(dy)))
    number = 0
    for step in steps:
        number = number * 4 + step
    return PATH_START[len(steps) - 1] + number


def _path_steps(path: int) -> list[int]:
    length = max(n for n in range(1, MAX_STEPS + 1) if PATH_START[n - 1] <= path)
    number = path - PATH_START[length - 1]
    steps = []
    for _ in range(length):
        number, step = divmod(number, 4)
        steps.append(step)
    return steps[::-1]


class GeneralissimoEncoding(SingleStep):
    def __init__(self, options: dict[str, Any]) -> None:
        self.num_actions = NUM_ACTIONS
        self.observation_size = 13 * CELLS + 6

    def index_of(self, text: str, legal: Sequence[str], view: dict[str, Any]) -> int:
        if text == "pass":
            return PASS
        if text == "draw":
            return DRAW
        if "!" in text:
            # A volley (``C1!``), then maybe a step or a capture by the step (``C1!-C2``,
            # ``C5!xD5``): told apart by the board, as moves and captures are.
            head, after = text.split("!")
            origin = _cell(head)
            if not after:
                return VOLLEY + origin
            return VOLLEY_STEP + origin * 8 + _direction(origin, _cell(after[1:]))
        if "*" in text:
            head, target = text.split("*")
            cells = _path_cells(head)
            if len(cells) == 1:
                return SHOT + cells[0] * CELLS + _cell(target)
            direction = _direction(cells[0], cells[1])
            return STEP_SHOT + (cells[0] * 8 + direction) * CELLS + _cell(target)
        path = _path_cells(text)
        start = path[0]
        piece: str = view["board"][ROWS - 1 - start // COLUMNS][start % COLUMNS]
        if piece.upper() == "H":
            return HORSEMAN + start * PATHS + horseman_path(path)
        return MOVE + start * CELLS + path[-1]

    def describe(self, index: int) -> str:
        if index == PASS:
            return "pass"
        if index == DRAW:
            return "draw"
        if index < HORSEMAN:
            source, target = divmod(index - MOVE, CELLS)
            return f"move {cell_name(source, COLUMNS)}-{cell_name(target, COLUMNS)}"
        if index < SHOT:
            source, path = divmod(index - HORSEMAN, PATHS)
            words = " ".join(("up", "down", "left", "right")[s] for s in _path_steps(path))
            return f"Horseman from {cell_name(source, COLUMNS)}: {words}"
        if index < STEP_SHOT:
            source, target = divmod(index - SHOT, CELLS)
            return f"{cell_name(source, COLUMNS)}*{cell_name(target, COLUMNS)}"
        if index < VOLLEY:
            rest, target = divmod(index - STEP_SHOT, CELLS)
            source, direction = divmod(rest, 8)
            return (
                f"{cell_name(source, COLUMNS)}-{_shift(source, direction)}"
                f"*{cell_name(target, COLUMNS)}"
            )
        if index < VOLLEY_STEP:
            return f"{cell_name(index - VOLLEY, COLUMNS)}!"
        source, direction = divmod(index - VOLLEY_STEP, 8)
        return f"{cell_name(source, COLUMNS)}!-{_shift(source, direction)}"

    def observe(self, view: dict[str, Any], draft: Draft) -> list[float]:
        me = view["seat"] if view["seat"] is not None else 0
        planes = [0.0] * (12 * CELLS)
        for row_number, line in enumerate(view["board"]):
            row = ROWS - 1 - row_number
            for column, char in enumerate(line):
                if char == ".":
                    continue
                side = 0 if char.isupper() else 1
                mine = side == me
                plane = PIECES.index(char.upper()) + (0 if mine else 6)
                planes[plane * CELLS + row * COLUMNS + column] = 1.0
        moved = [0.0] * CELLS
        if view["moved"]:
            moved[_cell(view["moved"])] = 1.0
        offer = view["draw_offer"]
        return [
            *planes,
            *moved,
            float(view["to_move"] == me),
            view["moves_left"] / 2,
            view["quiet_turns"] / max(1, view["quiet_turn_limit"]),
            float(offer == me),
            float(offer == 1 - me),
            float(view["is_over"]),
        ]


def encoding(options: dict[str, Any]) -> GeneralissimoEncoding:
    """The encoding for a game loaded with ``options``."""
    return GeneralissimoEncoding(options)
