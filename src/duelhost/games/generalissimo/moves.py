"""Fast legal move generation for Generalissimo, one piece at a time.

A generated move is a tuple ``(text, start, end, removed)``: its canonical notation, the cell
the piece leaves, the cell it ends on (the same cell when it does not move), and the cells whose
pieces the move removes (displacement captures, the Archer's target, the Catapult's volley).
Applying any move is the same few assignments (``GeneralissimoState._play``). The shared move
tuples are in ``generated``, the Horseman's path trees and moves (GE4) in ``horseman``; this
module has the other pieces and the legal-move cache.

Speed (``docs/performance.md``, Generalissimo): moves that differ only by their cells are shared
tuples built once (``step_move`` and the like); each generator reports the cells it read, so
``legal_moves`` keeps a piece's moves until one of those cells changes; the board is also
kept as bit sets per piece code (``units_of``), from which the Horseman's masks come.
"""

from __future__ import annotations

from duelhost.games.generalissimo.board import (
    ARCHER,
    CATAPULT,
    CELLS,
    COLUMNS,
    GUARDSMAN,
    HORSEMAN,
    KING,
    MOVE_CAPTURES,
    NAMES,
    ORTHO,
    RAYS,
    RAYS_DIAGONAL,
    RING2,
    SHIELDMAN,
    SHOT_VICTIMS,
    SWORDSMAN,
    VOLLEY,
)
from duelhost.games.generalissimo.generated import (
    _SHOTS,
    _STEP_SHOTS,
    _STEPS,
    _TAKES,
    ALL_CELLS,
    ARCHER_RANGE,
    ARCHER_TACTICAL_DIAGONAL,
    BIT,
    GUARDSMAN_RANGE,
    HORSEMAN_RANGE,
    KINDS_SET,
    SHIELDMAN_RANGE,
    SWORDSMAN_RANGE,
    Generated,
    shot_move,
    step_move,
    step_shot_move,
    take_move,
)
from duelhost.games.generalissimo.horseman import (
    Captures,
    Masks,
    horseman_moves,
)

# --------------------------------------------------------------------------- other pieces


def _land(
    board: list[int], start: int, side: int, cell: int, victims: int, out: list[Generated]
) -> bool:
    """A step from ``start`` onto ``cell`` if it is empty (True), or a capture there if it
    holds an enemy of a kind in ``victims`` (GE5)."""
    piece = board[cell]
    if piece == 0:
        out.append(_STEPS[start * CELLS + cell] or step_move(start, cell))
        return True
    if piece >> 3 != side and victims >> (piece & 7) & 1:
        out.append(_TAKES[start * CELLS + cell] or take_move(start, cell))
    return False


def shieldman_moves(board: list[int], start: int, side: int, out: list[Generated]) -> int:
    """GE3: up to 2 king steps through empty cells; the last step may capture (GE5).
    Returns the cells read, as bits."""
    victims = MOVE_CAPTURES[SHIELDMAN]
    for cell in KING[start]:
        _land(board, start, side, cell, victims, out)
    for cell, middles in RING2[start]:
        if any(board[middle] == 0 for middle in middles):
            _land(board, start, side, cell, victims, out)
    return SHIELDMAN_REGIONS[start]


def _onward(start: int) -> tuple[tuple[int, ...], ...]:
    """Per cell up to 2 king steps from ``start``, its king neighbours 2 or more king steps
    from ``start`` (other cells: none)."""
    column, row = start % COLUMNS, start // COLUMNS

    def distance(cell: int) -> int:
        return max(abs(cell % COLUMNS - column), abs(cell // COLUMNS - row))

    return tuple(
        tuple(n for n in KING[cell] if distance(n) >= 2) if distance(cell) <= 2 else ()
        for cell in range(CELLS)
    )


SWORDSMAN_ONWARD = tuple(_onward(start) for start in range(CELLS))
"""Per start cell, for the second and the third step of a Swordsman: per cell, the king
neighbours that can still be new (every neighbour of the start is seen on the first step)."""
KING_BITS = tuple(sum(BIT[n] for n in KING[cell]) | BIT[cell] for cell in range(CELLS))
"""Per cell, itself and its king neighbours, as bits."""


def _layer(
    board: list[int],
    start: int,
    side: int,
    cells: tuple[int, ...],
    seen: list[bool],
    out: list[Generated],
) -> list[int]:
    """A Swordsman's moves onto the ``cells`` not yet seen; the empty ones reached."""
    victims = MOVE_CAPTURES[SWORDSMAN]
    reached = []
    for cell in cells:
        if seen[cell]:
            continue
        seen[cell] = True
        if _land(board, start, side, cell, victims, out):
            reached.append(cell)
    return reached


def swordsman_moves(board: list[int], start: int, side: int, out: list[Generated]) -> int:
    """GE3: up to 3 king steps through empty cells; the last step may capture (GE5).
    Returns the cells read, as bits.

    Cells are listed in the order a breadth-first search meets them (nearer first, then in
    the order of the cells they are reached from and of ``KING``)."""
    seen = [False] * CELLS
    read = KING_BITS[start]
    frontier = _layer(board, start, side, KING[start], seen, out)
    onward = SWORDSMAN_ONWARD[start]
    for _ in range(2):
        following: list[int] = []
        for here in frontier:
            read |= KING_BITS[here]  # every neighbour of ``here`` is read by now
            following += _layer(board, start, side, onward[here], seen, out)
        frontier = following
    return read


GUARDSMAN_RAYS = tuple(tuple(ray[:GUARDSMAN_RANGE] for ray in RAYS[cell]) for cell in range(CELLS))
"""Per cell, the cells a Guardsman can travel in each direction, nearest first."""


def _lines(origin: int) -> list[int]:
    out = [0] * CELLS
    for ray in RAYS[origin]:
        bits = 0
        for cell in ray[:GUARDSMAN_RANGE]:
            bits |= BIT[cell]
            out[cell] = bits
    return out


LINES = tuple(tuple(_lines(origin)) for origin in range(CELLS))
"""LINES[origin][cell]: the cells from ``origin`` (excluded) to ``cell`` (included) when
``cell`` lies on one of its 8 lines within 4 cells (else 0), as bits: what a look along that
line read when it stopped on ``cell``."""


def guardsman_moves(board: list[int], start: int, side: int, out: list[Generated]) -> int:
    """GE3: a straight line in one of 8 directions, up to 4 cells; it captures anything (GE5).
    Returns the cells read, as bits."""
    steps = _STEPS
    row = start * CELLS
    append = out.append
    read = BIT[start]
    lines = LINES[start]
    for ray in GUARDSMAN_RAYS[start]:
        for cell in ray:
            piece = board[cell]
            if piece == 0:
                append(steps[row + cell] or step_move(start, cell))
                continue
            if piece >> 3 != side:
                append(_TAKES[row + cell] or take_move(start, cell))
            break
        read |= lines[cell]
    return read


def _shooting_rays(origin: int, diagonal: int) -> tuple[tuple[int, ...], ...]:
    return tuple(
        ray[: diagonal if is_diagonal else ARCHER_RANGE]
        for ray, is_diagonal in zip(RAYS[origin], RAYS_DIAGONAL[origin], strict=True)
    )


SHOOTING_RAYS = {
    diagonal: tuple(_shooting_rays(origin, diagonal) for origin in range(CELLS))
    for diagonal in (ARCHER_RANGE, ARCHER_TACTICAL_DIAGONAL)
}
"""Per diagonal range and cell, the cells an Archer's shot can travel, nearest first."""
SIGHT = {
    diagonal: tuple(sum(BIT[cell] for ray in rays for cell in ray) for rays in by_origin)
    for diagonal, by_origin in SHOOTING_RAYS.items()
}
"""Per diagonal range and cell, every cell of its shooting rays, as bits."""


def _shot_target(board: list[int], ray: tuple[int, ...], side: int, vacated: int) -> int:
    """The first piece along ``ray`` (``vacated`` counts as empty) if a shot of ``side`` may
    hit it (GE6), else -1."""
    for cell in ray:
        piece = board[cell]
        if piece == 0 or cell == vacated:
            continue
        if piece >> 3 != side and SHOT_VICTIMS >> (piece & 7) & 1:
            return cell
        return -1
    return -1


def archer_moves(
    board: list[int], start: int, side: int, out: list[Generated], diagonal: int
) -> int:
    """GE6: a king step (to an empty cell, or a capture that ends the action) and/or a shot.
    Returns the cells read, as bits."""
    rays = SHOOTING_RAYS[diagonal]
    append = out.append
    row = start * CELLS
    sight = SIGHT[diagonal]
    read = KING_BITS[start] | sight[start]
    for ray in rays[start]:
        target = _shot_target(board, ray, side, -1)
        if target >= 0:
            append(_SHOTS[row + target] or shot_move(start, target))
    victims = MOVE_CAPTURES[ARCHER]
    step_shots = _STEP_SHOTS
    for cell in KING[start]:
        if not _land(board, start, side, cell, victims, out):
            continue
        shot_row = (row + cell) * CELLS
        read |= sight[cell]
        for ray in rays[cell]:
            target = _shot_target(board, ray, side, start)
            if target >= 0:
                append(step_shots.get(shot_row + target) or step_shot_move(start, cell, target))
    return read


def catapult_moves(board: list[int], start: int, side: int, out: list[Generated]) -> None:
    """GE7: a volley (hitting every piece on cells 4-6 ahead, even none) and/or one orthogonal
    step, to an empty cell or onto an enemy Archer or Catapult, which it captures (GE5/GE7:
    the capture ends its action; the step comes after the volley, so nothing follows it). The
    volley's cells are never next to the Catapult: a step's cell is the same with or without
    it. Its region is ``REGIONS``."""
    name = NAMES[start]
    hit = tuple(cell for cell in VOLLEY[side][start] if board[cell])
    out.append((name + "!", start, start, hit))
    victims = MOVE_CAPTURES[CATAPULT]
    row = start * CELLS
    for cell in ORTHO[start]:
        piece = board[cell]
        if piece == 0:
            out.append(_STEPS[row + cell] or step_move(start, cell))
            out.append((name + "!-" + NAMES[cell], start, cell, hit))
        elif piece >> 3 != side and victims >> (piece & 7) & 1:
            out.append(_TAKES[row + cell] or take_move(start, cell))
            out.append((name + "!x" + NAMES[cell], start, cell, (*hit, cell)))


def piece_moves(
    board: list[int], start: int, side: int, out: list[Generated], archer_diagonal: int
) -> None:
    """Append every legal move of the piece on ``start`` (which belongs to ``side``)."""
    kind = board[start] & 7
    if kind == HORSEMAN:
        horseman_moves(board, start, side, out)
    elif kind == ARCHER:
        archer_moves(board, start, side, out, archer_diagonal)
    elif kind == SHIELDMAN:
        shieldman_moves(board, start, side, out)
    elif kind == SWORDSMAN:
        swordsman_moves(board, start, side, out)
    elif kind == GUARDSMAN:
        guardsman_moves(board, start, side, out)
    elif kind == CATAPULT:
        catapult_moves(board, start, side, out)


def _region(cell: int, piece: int) -> int:
    """The cells (as bits, the piece's own cell included) whose contents decide the moves of
    ``piece`` (kind and side) on ``cell``: a move elsewhere cannot change them."""
    kind, side = piece & 7, piece >> 3
    column, row = cell % COLUMNS, cell // COLUMNS
    cells = {cell}
    if kind == HORSEMAN:
        for other in range(CELLS):
            if abs(other % COLUMNS - column) + abs(other // COLUMNS - row) <= HORSEMAN_RANGE:
                cells.add(other)
    elif kind in (SHIELDMAN, SWORDSMAN):
        reach = SHIELDMAN_RANGE if kind == SHIELDMAN else SWORDSMAN_RANGE
        for other in range(CELLS):
            if max(abs(other % COLUMNS - column), abs(other // COLUMNS - row)) <= reach:
                cells.add(other)
    elif kind == GUARDSMAN:
        for ray in RAYS[cell]:
            cells.update(ray[:GUARDSMAN_RANGE])
    elif kind == ARCHER:
        for origin in (cell, *KING[cell]):
            cells.add(origin)
            for ray in RAYS[origin]:
                cells.update(ray[:ARCHER_RANGE])
    elif kind == CATAPULT:
        cells.update(ORTHO[cell])
        cells.update(VOLLEY[side][cell])
    bits = 0
    for other in cells:
        bits |= BIT[other]
    return bits


REGIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_region(cell, piece) if piece & 7 in KINDS_SET else 0 for cell in range(CELLS))
    for piece in range(16)
)
"""REGIONS[piece][cell]: see ``_region``."""


SHIELDMAN_REGIONS = REGIONS[SHIELDMAN]

Units = list[int]
"""Per piece code (kind | side << 3, 16 entries), the cells holding such a piece, as bits."""

Known = list[tuple[int, list[Generated], list[str], Captures | None] | None]
"""Per cell: (the cells its moves were read from as bits, the moves, their texts, and for a
Horseman its capture moves (``Captures``)) as generated earlier, or None."""


def units_of(board: list[int]) -> Units:
    """The bit sets of ``Units`` for a board."""
    units = [0] * 16
    for cell, piece in enumerate(board):
        if piece:
            units[piece] |= BIT[cell]
    return units


def legal_moves(
    board: list[int],
    side: int,
    moved: int,
    archer_diagonal: int,
    units: Units,
    known: Known | None = None,
    changed: int = 0,
) -> tuple[list[Generated], list[str]]:
    """Every legal move of ``side`` (pass and draw aside) and their texts, in board order;
    ``moved`` is the cell of the piece that already moved this turn (GE2: two different
    pieces), or -1. ``units`` must describe ``board``.

    ``known`` holds the moves of ``side``'s pieces from its previous generation, and
    ``changed`` the cells changed since (as bits). A piece's entry is used again when none of
    the cells its moves were read from (its own cell included) has changed, and replaced
    otherwise; a piece that arrived on a cell since changed that cell, so an entry left by
    an earlier piece there is never used for it."""
    out: list[Generated] = []
    texts: list[str] = []
    base = side << 3
    own = (
        units[base + HORSEMAN]
        | units[base + ARCHER]
        | units[base + SHIELDMAN]
        | units[base + SWORDSMAN]
        | units[base + GUARDSMAN]
        | units[base + CATAPULT]
    )
    horseman_masks: Masks | None = None
    pieces = own
    if moved >= 0:
        pieces &= ~BIT[moved]
        if known is not None:
            known[moved] = None  # skipped now, so the cells changed since are not kept for it
    if known is None:
        known = [None] * CELLS
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        cell = low.bit_length() - 1
        entry = known[cell]
        if entry is not None and not entry[0] & changed:
            out += entry[1]
            texts += entry[2]
            continue
        piece = board[cell]
        kind = piece & 7
        moves: list[Generated] = []
        captures = None
        if kind == HORSEMAN:
            if horseman_masks is None:
                foe = 8 - base
                foe_shieldmen = units[foe + SHIELDMAN]
                foes = (
                    units[foe + HORSEMAN]
                    | units[foe + ARCHER]
                    | foe_shieldmen
                    | units[foe + SWORDSMAN]
                    | units[foe + GUARDSMAN]
                    | units[foe + CATAPULT]
                )
                horseman_masks = (ALL_CELLS ^ own ^ foes, own, foes ^ foe_shieldmen, foes)
            captures = horseman_moves(
                board, cell, side, moves, horseman_masks, entry[3] if entry is not None else None
            )
            read = REGIONS[piece][cell]
        elif kind == ARCHER:
            read = archer_moves(board, cell, side, moves, archer_diagonal)
        elif kind == SHIELDMAN:
            read = shieldman_moves(board, cell, side, moves)
        elif kind == SWORDSMAN:
            read = swordsman_moves(board, cell, side, moves)
        elif kind == GUARDSMAN:
            read = guardsman_moves(board, cell, side, moves)
        else:
            catapult_moves(board, cell, side, moves)
            read = REGIONS[piece][cell]
        names = [generated[0] for generated in moves]
        known[cell] = (read, moves, names, captures)
        out += moves
        texts += names
    return out, texts


def all_moves(board: list[int], side: int, moved: int, archer_diagonal: int) -> list[Generated]:
    """Every legal move of ``side`` (pass and draw aside), computed from scratch."""
    return legal_moves(board, side, moved, archer_diagonal, units_of(board))[0]
