"""Reading Generalissimo move notation, and saying exactly why a move is illegal.

Canonical forms (what ``legal()`` lists and what the history records):

- ``B2-B4`` a move, ``B2xB4`` a move that captures (``B2-B4`` is accepted for it too);
- a Horseman's path lists its turning points, ``A3-A6-C6``; a leg that captures is written
  with ``x`` (``A3-A6xC6``); any path that reaches the same end capturing the same pieces is
  accepted and recorded as the canonical one;
- Archer: ``C2-C3`` step, ``C2*C5`` shot, ``C2-C3*C6`` step then shot, ``C2xC3`` capture;
- Catapult: ``C1!`` volley, ``C1!-C2`` volley then step, ``C1-C2`` step, ``C1xC2`` capture
  of an Archer or a Catapult by its step (GE5/GE7), ``C1!xC2`` volley then that capture;
- ``pass``, ``draw`` and ``resign`` (read by the state and the kernel).

Cells are case-insensitive and spaces are ignored. ``parse_move`` is called only for texts
that are not a canonical legal move, so it is mostly the place where errors are explained.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol

from duelhost.core.errors import IllegalAction, quote
from duelhost.games.generalissimo.board import (
    ARCHER,
    CATAPULT,
    COLUMNS,
    GUARDSMAN,
    HORSEMAN,
    KIND_NAMES,
    NAMES,
    ROWS,
    SHIELDMAN,
    SHOT_VICTIMS,
    SIDE_NAMES,
    can_take,
)
from duelhost.games.generalissimo.generated import (
    ARCHER_RANGE,
    GUARDSMAN_RANGE,
    HORSEMAN_RANGE,
    SHIELDMAN_RANGE,
    SWORDSMAN_RANGE,
    Generated,
)
from duelhost.games.generalissimo.horseman import leg_cells
from duelhost.games.generalissimo.moves import piece_moves


class Position(Protocol):
    """What parsing a move reads of a match (``GeneralissimoState`` has it): the board, the
    side to move, the piece that already moved this turn and the Archer's diagonal reach."""

    board: list[int]
    side: int
    moved: int
    archer_diagonal: int


_TOKEN = re.compile(r"([A-Za-z])([0-9]{1,2})|([-xX*!])")


class _Illegal(Exception):
    """A reason, turned into IllegalAction with the move's text by ``parse_move``."""


def parse_move(state: Position, seat: int, text: str) -> Generated:
    """The legal move ``text`` names for ``seat``, or IllegalAction saying why there is none."""
    try:
        return _parse(state, seat, text)
    except _Illegal as reason:
        raise IllegalAction(f"illegal move {quote(text.strip())}: {reason}") from None


def _describe(piece: int) -> str:
    return f"{SIDE_NAMES[piece >> 3]} {KIND_NAMES[piece & 7]}"


def _tokens(text: str) -> list[str | int]:
    """Cells as ints, operators as one-character strings ('-', 'x', '*', '!')."""
    squashed = "".join(text.split())
    if not squashed:
        raise _Illegal("empty move; write a move like B2-B4, or pass, draw or resign")
    out: list[str | int] = []
    position = 0
    while position < len(squashed):
        match = _TOKEN.match(squashed, position)
        if match is None:
            raise _Illegal(
                f"cannot read {squashed[position : position + 10]!r}; write a move like B2-B4, "
                "A3-A6-C6, C2*C5 or C1!, or pass, draw or resign"
            )
        if match.group(3):
            out.append(match.group(3).lower())
        else:
            column = ord(match.group(1).upper()) - 65
            row = int(match.group(2)) - 1
            if not (0 <= column < COLUMNS and 0 <= row < ROWS):
                raise _Illegal(f"{match.group(0)} is off the board (columns A-I, rows 1-12)")
            out.append(row * COLUMNS + column)
        position = match.end()
    return out


def _chebyshev(a: int, b: int) -> int:
    return max(abs(a % COLUMNS - b % COLUMNS), abs(a // COLUMNS - b // COLUMNS))


def _line(a: int, b: int) -> list[int] | None:
    """Cells after ``a`` up to ``b`` when they are on one of the 8 lines, else None."""
    dc = b % COLUMNS - a % COLUMNS
    dr = b // COLUMNS - a // COLUMNS
    if (dc, dr) == (0, 0) or (dc and dr and abs(dc) != abs(dr)):
        return None
    steps = max(abs(dc), abs(dr))
    step = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
    return [a + (step[0] * COLUMNS + step[1]) * k for k in range(1, steps + 1)]


def _parse(state: Position, seat: int, text: str) -> Generated:
    tokens = _tokens(text)
    start = tokens[0]
    if not isinstance(start, int):
        raise _Illegal("a move starts with the cell of the piece that moves, like B2-B4")
    kind = _mover(state, seat, start)
    name = KIND_NAMES[kind]
    volley, legs, shot = _read_actions(tokens)
    if volley and kind != CATAPULT:
        raise _Illegal(f"only a Catapult fires a volley ('!'); {NAMES[start]} holds a {name}")
    if shot >= 0 and kind != ARCHER:
        raise _Illegal(f"only an Archer shoots ('*'); {NAMES[start]} holds a {name}")
    if kind == HORSEMAN:
        return _horseman(state, seat, start, legs)
    if len(legs) > 1:
        raise _Illegal(f"only a Horseman's move lists turning points; a {name} gives one target")
    if not legs and shot < 0 and not volley:
        raise _Illegal(f"where does the {name} on {NAMES[start]} go? Write e.g. {NAMES[start]}-E5")
    if kind == ARCHER:
        return _archer(state, seat, start, legs, shot)
    if kind == CATAPULT:
        return _catapult(state, seat, start, legs, volley)
    return _stepper(state, seat, start, kind, legs[0])


def _mover(state: Position, seat: int, start: int) -> int:
    """The kind of ``seat``'s piece on ``start``, which may move now (GE2)."""
    piece = state.board[start]
    if piece == 0:
        raise _Illegal(f"there is no piece on {NAMES[start]}")
    if piece >> 3 != seat:
        raise _Illegal(f"{NAMES[start]} holds a {_describe(piece)}, not one of yours")
    if start == state.moved:
        raise _Illegal(
            f"the {KIND_NAMES[piece & 7]} on {NAMES[start]} has already moved this turn; the "
            "second move must be made by another piece (GE2)"
        )
    return piece & 7


def _read_actions(tokens: list[str | int]) -> tuple[bool, list[tuple[str, int]], int]:
    """After the start cell: whether a volley ('!') comes first, the legs ('-' or 'x' and a
    cell) and the shot's target ('*' and a cell, last; -1 for none)."""
    volley = len(tokens) > 1 and tokens[1] == "!"
    rest = tokens[2:] if volley else tokens[1:]
    legs: list[tuple[str, int]] = []
    shot = -1
    for index in range(0, len(rest), 2):
        operator = rest[index]
        target = rest[index + 1] if index + 1 < len(rest) else None
        if not isinstance(operator, str) or not isinstance(target, int):
            raise _Illegal("cannot read the move; each '-', 'x' or '*' must be followed by a cell")
        if operator == "!":
            raise _Illegal("'!' (a Catapult's volley) comes right after the Catapult's cell")
        if shot >= 0:
            raise _Illegal("the shot ('*') comes last")
        if operator == "*":
            shot = target
        else:
            legs.append((operator, target))
    return volley, legs, shot


def _stepper(state: Position, seat: int, start: int, kind: int, leg: tuple[str, int]) -> Generated:
    """A Shieldman's, Swordsman's or Guardsman's move (GE3), or why it is illegal."""
    board = state.board
    name = KIND_NAMES[kind]
    operator, end = leg
    if end == start:
        raise _Illegal("a move must leave its cell")
    target = board[end]
    if target and target >> 3 == seat:
        raise _Illegal(f"{NAMES[end]} holds your own {KIND_NAMES[target & 7]}")
    if target and not can_take(kind, target & 7):
        raise _Illegal(f"a {name} cannot capture a {KIND_NAMES[target & 7]} (GE5)")
    if operator == "x" and not target:
        raise _Illegal(f"there is nothing to capture on {NAMES[end]}")
    if kind == GUARDSMAN:
        _check_guardsman_line(board, start, end)
    else:
        reach = SHIELDMAN_RANGE if kind == SHIELDMAN else SWORDSMAN_RANGE
        if _chebyshev(start, end) > reach:
            raise _Illegal(f"a {name} moves at most {reach} cells")
    canonical = NAMES[start] + ("x" if target else "-") + NAMES[end]
    found = _find(state, start, lambda g: g[0] == canonical)
    if found is None:
        steps = SHIELDMAN_RANGE if kind == SHIELDMAN else SWORDSMAN_RANGE
        raise _Illegal(
            f"the {name} cannot reach {NAMES[end]}: it moves at most {steps} king steps through "
            "empty cells (GE3)"
        )
    return found


def _check_guardsman_line(board: list[int], start: int, end: int) -> None:
    line = _line(start, end)
    if line is None:
        raise _Illegal("a Guardsman moves in a straight line, in one of 8 directions (GE3)")
    if len(line) > GUARDSMAN_RANGE:
        raise _Illegal(f"a Guardsman moves at most {GUARDSMAN_RANGE} cells")
    for cell in line[:-1]:
        if board[cell]:
            raise _Illegal(f"the way is blocked on {NAMES[cell]} (GE3)")


def _find(state: Position, start: int, test: Callable[[Generated], bool]) -> Generated | None:
    out: list[Generated] = []
    piece_moves(state.board, start, state.side, out, state.archer_diagonal)
    for generated in out:
        if test(generated):
            return generated
    return None


def _horseman(state: Position, seat: int, start: int, legs: list[tuple[str, int]]) -> Generated:
    if not legs:
        raise _Illegal(
            f"where does the Horseman on {NAMES[start]} go? Write e.g. {NAMES[start]}-A6"
        )
    _check_horseman_legs(start, legs)
    end, captured = _horseman_walk(state.board, seat, start, legs)
    found = _find(state, start, lambda g: g[2] == end and set(g[3]) == captured)
    if found is None:  # the walk above applies every rule, so this does not happen
        raise _Illegal("this path breaks the Horseman's rules (GE4)")
    return found


def _check_horseman_legs(start: int, legs: list[tuple[str, int]]) -> None:
    """Each leg a straight orthogonal line, at most ``HORSEMAN_RANGE`` cells in all (GE4)."""
    here = start
    total = 0
    for _, point in legs:
        if point == here:
            raise _Illegal(f"the path goes from {NAMES[here]} to {NAMES[point]}: nowhere")
        if point // COLUMNS != here // COLUMNS and point % COLUMNS != here % COLUMNS:
            if len(legs) == 1:
                corner = NAMES[(point // COLUMNS) * COLUMNS + here % COLUMNS]
                raise _Illegal(
                    f"the path from {NAMES[here]} to {NAMES[point]} turns; a Horseman's path "
                    f"lists its turning points, like {NAMES[here]}-{corner}-{NAMES[point]} (GE4)"
                )
            raise _Illegal(
                f"{NAMES[here]} to {NAMES[point]} is not a straight orthogonal line; list every "
                "turning point of the path (GE4)"
            )
        total += len(leg_cells(here, point))
        here = point
    if total > HORSEMAN_RANGE:
        raise _Illegal(
            f"a Horseman moves at most {HORSEMAN_RANGE} cells; this path has {total} (GE4)"
        )


def _horseman_walk(
    board: list[int], seat: int, start: int, legs: list[tuple[str, int]]
) -> tuple[int, set[int]]:
    """Walk the path cell by cell applying GE4 and GE5: its end and the cells it captures."""
    visited = {start}
    captured: set[int] = set()
    previous_friend = -1
    here = start
    for operator, point in legs:
        leg_captures = False
        for cell in leg_cells(here, point):
            if cell in visited:
                raise _Illegal(
                    f"the path enters {NAMES[cell]} twice; it never revisits a cell (GE4)"
                )
            visited.add(cell)
            target = board[cell]
            if target and target >> 3 == seat:
                if previous_friend >= 0:
                    raise _Illegal(
                        "a Horseman cannot leap two friendly pieces in a row "
                        f"({NAMES[previous_friend]} and {NAMES[cell]}); there must be an empty "
                        "cell between them (GE4)"
                    )
                previous_friend = cell
                continue
            previous_friend = -1
            if target:
                if not can_take(HORSEMAN, target & 7):
                    raise _Illegal(
                        f"a Horseman cannot capture a {KIND_NAMES[target & 7]} ({NAMES[cell]}, GE5)"
                    )
                captured.add(cell)
                leg_captures = True
        if operator == "x" and not leg_captures:
            raise _Illegal(f"there is nothing to capture between {NAMES[here]} and {NAMES[point]}")
        here = point
    end_piece = board[here]
    if end_piece and end_piece >> 3 == seat:
        raise _Illegal(
            f"{NAMES[here]} holds your own {KIND_NAMES[end_piece & 7]}; a Horseman leaps over "
            "friends but never ends on one (GE4)"
        )
    return here, captured


def _shot_reason(state: Position, seat: int, origin: int, target: int, vacated: int) -> str:
    board = state.board
    line = _line(origin, target)
    if line is None:
        return f"{NAMES[target]} is not on a straight line from {NAMES[origin]} (GE6)"
    diagonal = origin % COLUMNS != target % COLUMNS and origin // COLUMNS != target // COLUMNS
    reach = state.archer_diagonal if diagonal else ARCHER_RANGE
    if len(line) > reach:
        kind = "diagonal " if diagonal and reach != ARCHER_RANGE else ""
        return f"an Archer's {kind}shot reaches at most {reach} cells (GE6)"
    for cell in line[:-1]:
        if board[cell] and cell != vacated:
            return f"the shot is blocked by the piece on {NAMES[cell]} (GE6)"
    piece = board[target]
    if piece == 0 or target == vacated:
        return f"there is nothing to shoot on {NAMES[target]}"
    if piece >> 3 == seat:
        return f"an Archer never shoots its own side's pieces ({NAMES[target]}, GE6)"
    if not SHOT_VICTIMS >> (piece & 7) & 1:
        return f"an Archer's shot cannot kill a {KIND_NAMES[piece & 7]} (GE6)"
    return ""


def _archer_step(board: list[int], seat: int, start: int, leg: tuple[str, int]) -> tuple[int, bool]:
    """An Archer's step (GE5, GE6): where it ends and whether it captures there."""
    if _chebyshev(start, leg[1]) != 1:
        raise _Illegal("an Archer steps 1 cell, in any of the 8 directions (GE6)")
    end, target = _step_onto(
        board,
        seat,
        ARCHER,
        leg,
        lambda end, target: (
            f"an Archer cannot capture a {KIND_NAMES[target & 7]} by moving onto it; "
            "it captures only Archers and Catapults that way (GE5)"
        ),
    )
    return end, bool(target)


def _step_onto(
    board: list[int],
    seat: int,
    kind: int,
    leg: tuple[str, int],
    refusal: Callable[[int, int], str],
) -> tuple[int, int]:
    """A one-cell step of a ``kind`` piece (GE5): where it ends and the piece there (0:
    none); never onto its own side, onto an enemy only if it may take it (else ``refusal(end,
    piece)`` says why), and ``x`` only onto a piece."""
    operator, end = leg
    target = board[end]
    if target and target >> 3 == seat:
        raise _Illegal(f"{NAMES[end]} holds your own {KIND_NAMES[target & 7]}")
    if target and not can_take(kind, target & 7):
        raise _Illegal(refusal(end, target))
    if operator == "x" and not target:
        raise _Illegal(f"there is nothing to capture on {NAMES[end]}")
    return end, target


def _archer(
    state: Position, seat: int, start: int, legs: list[tuple[str, int]], shot: int
) -> Generated:
    end = start
    capture = False
    if legs:
        end, capture = _archer_step(state.board, seat, start, legs[0])
        if capture and shot >= 0:
            raise _Illegal("an Archer's capture ends its action: it cannot shoot after it (GE6)")
    if shot >= 0:
        reason = _shot_reason(state, seat, end, shot, start if end != start else -1)
        if reason:
            raise _Illegal(reason)
        canonical = NAMES[start] + (f"-{NAMES[end]}" if end != start else "") + "*" + NAMES[shot]
    else:
        canonical = NAMES[start] + ("x" if capture else "-") + NAMES[end]
    found = _find(state, start, lambda g: g[0] == canonical)
    if found is None:
        raise _Illegal("not a legal Archer action (GE6)")
    return found


def _catapult(
    state: Position, seat: int, start: int, legs: list[tuple[str, int]], volley: bool
) -> Generated:
    if legs:
        if legs[0][1] not in _orthogonal_neighbours(start):
            raise _Illegal("a Catapult steps 1 cell forward, back, left or right (GE7)")
        end, target = _step_onto(
            state.board,
            seat,
            CATAPULT,
            legs[0],
            lambda end, target: (
                "a Catapult steps to an empty cell or onto an enemy Archer or Catapult "
                f"(GE5/GE7); {NAMES[end]} holds a {_describe(target)}"
            ),
        )
        canonical = NAMES[start] + ("!" if volley else "") + ("x" if target else "-") + NAMES[end]
    else:
        canonical = NAMES[start] + "!"
    found = _find(state, start, lambda g: g[0] == canonical)
    if found is None:
        raise _Illegal("not a legal Catapult action (GE7)")
    return found


def _orthogonal_neighbours(cell: int) -> list[int]:
    out = []
    if cell % COLUMNS > 0:
        out.append(cell - 1)
    if cell % COLUMNS < COLUMNS - 1:
        out.append(cell + 1)
    if cell >= COLUMNS:
        out.append(cell - COLUMNS)
    if cell < COLUMNS * (ROWS - 1):
        out.append(cell + COLUMNS)
    return out
