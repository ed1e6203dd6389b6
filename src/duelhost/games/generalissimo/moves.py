"""Fast legal move generation for Generalissimo, one piece at a time.

A generated move is a tuple ``(text, start, end, removed)``: its canonical notation, the cell
the piece leaves, the cell it ends on (the same cell when it does not move), and the cells whose
pieces the move removes (displacement captures, the Archer's target, the Catapult's volley).
Applying any move is the same few assignments (``GeneralissimoState._play``).

The Horseman (GE4) has a precomputed tree of every orthogonal path of up to 5 steps that never
revisits a cell, per start cell. Its moves that capture nothing come from bit-set layers and the
first allowed path of each end; its captures from a walk of the tree where enemies are. Paths
that reach the same end capturing the same pieces are one move; its notation is the path
with the fewest turning points, then the fewest steps, then the first in column-then-row order
of its points (see the rules page, "Decisions").
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from duelhost.games.generalissimo.board import (
    ARCHER,
    CATAPULT,
    CELLS,
    COLUMNS,
    GUARDSMAN,
    HORSEMAN,
    KINDS,
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

Generated = tuple[str, int, int, tuple[int, ...]]
KINDS_SET = frozenset(KINDS)

HORSEMAN_RANGE = 5
GUARDSMAN_RANGE = 4
SHIELDMAN_RANGE = 2
SWORDSMAN_RANGE = 3
ARCHER_RANGE = 3
ARCHER_TACTICAL_DIAGONAL = 2


# --------------------------------------------------------------------------- Horseman paths


@dataclass
class PathTree:
    """Every Horseman path from one start cell, in depth-first order."""

    nodes: list[tuple[int, int, int, int, int, int, tuple[tuple[int, int], ...]]]
    """Per path: (last cell, depth - 1, depth, index after its subtree, preference rank,
    cells of its subtree as bits, (end, best rank) of each end cell in its subtree)."""
    order: list[int]
    """Node index of each preference rank (lower ranks are preferred notations)."""
    points: list[tuple[int, ...]]
    """Start, turning points and end of each path."""
    texts: list[str]
    """Notation of each path when it captures nothing."""
    candidates: dict[int, list[tuple[int, int, tuple[int, ...], int]]]
    """End cell -> its paths, preferred first: (cells as bits, cells before the end as bits,
    consecutive cell pairs before the end as bits, node index)."""
    captures: dict[tuple[int, int], tuple[str, tuple[int, ...]]]
    """(node, captured cells as bits) -> (notation, removed cells) (filled on first use)."""
    reach: int
    """Every cell of every path, as bits."""


_TREES: list[PathTree | None] = [None] * CELLS
CAPTURE_MEMO_LIMIT = 4096
"""Capture notations remembered per start cell (a memo of a pure function, bounded)."""
BIT = tuple(1 << cell for cell in range(CELLS))
ALL_CELLS = (1 << CELLS) - 1
NOT_COLUMN_A = ALL_CELLS & ~sum(BIT[row * COLUMNS] for row in range(CELLS // COLUMNS))
NOT_COLUMN_I = ALL_CELLS & ~sum(BIT[row * COLUMNS + COLUMNS - 1] for row in range(CELLS // COLUMNS))


def _direction(a: int, b: int) -> int:
    step = b - a
    return {COLUMNS: 0, 1: 1, -COLUMNS: 2, -1: 3}[step]


def _build_tree(start: int) -> PathTree:
    cells: list[int] = []
    depths: list[int] = []
    skips: list[int] = []
    points: list[tuple[int, ...]] = []
    walks: list[tuple[int, ...]] = []

    def visit(
        cell: int, depth: int, walked: tuple[int, ...], pts: tuple[int, ...], last: int
    ) -> None:
        index = len(cells)
        cells.append(cell)
        depths.append(depth)
        skips.append(-1)
        points.append(pts)
        walks.append(walked)
        if depth < HORSEMAN_RANGE:
            for nxt in ORTHO[cell]:
                if nxt == start or nxt in walked:
                    continue
                way = _direction(cell, nxt)
                new_points = (*pts[:-1], nxt) if way == last else (*pts, nxt)
                visit(nxt, depth + 1, (*walked, nxt), new_points, way)
        skips[index] = len(cells)

    for first in ORTHO[start]:
        visit(first, 1, (first,), (start, first), _direction(start, first))

    keys = [
        (len(pts), depths[i], tuple((p % COLUMNS, p // COLUMNS) for p in pts))
        for i, pts in enumerate(points)
    ]
    order = sorted(range(len(cells)), key=keys.__getitem__)
    ranks = [0] * len(cells)
    for rank, index in enumerate(order):
        ranks[index] = rank
    nodes = []
    reach = 0
    shared: dict[tuple[int, int], tuple[int, int]] = {}  # one tuple per (end, rank) pair
    for i, cell in enumerate(cells):
        reach |= BIT[cell]
        mask = 0
        best: dict[int, int] = {}
        for j in range(i + 1, skips[i]):
            mask |= BIT[cells[j]]
            if cells[j] not in best or best[cells[j]] > ranks[j]:
                best[cells[j]] = ranks[j]
        nodes.append(
            (
                cell,
                depths[i] - 1,
                depths[i],
                skips[i],
                ranks[i],
                mask,
                tuple(shared.setdefault(pair, pair) for pair in best.items()),
            )
        )
    candidates: dict[int, list[tuple[int, int, tuple[int, ...], int]]] = {}
    for index in order:
        walked = walks[index]
        inner = walked[:-1]
        mask = 0
        for c in walked:
            mask |= BIT[c]
        pairs = tuple(BIT[a] | BIT[b] for a, b in pairwise(inner))
        candidates.setdefault(cells[index], []).append(
            (mask, mask & ~BIT[walked[-1]], pairs, index)
        )
    texts = ["-".join([NAMES[p] for p in pts]) for pts in points]
    return PathTree(nodes, order, points, texts, candidates, {}, reach)


def path_tree(start: int) -> PathTree:
    tree = _TREES[start]
    if tree is None:
        tree = _TREES[start] = _build_tree(start)
    return tree


def leg_cells(a: int, b: int) -> list[int]:
    """The cells after ``a`` up to and including ``b`` on a straight orthogonal line."""
    unit = 1 if a // COLUMNS == b // COLUMNS else COLUMNS
    step = unit if b > a else -unit
    return list(range(a + step, b + step, step))


Masks = tuple[int, int, int, int]
"""(empty cells, own pieces, enemies a Horseman can capture, all enemies), as bits."""


def masks(board: list[int], side: int) -> Masks:
    empty = own = prey = enemies = 0
    for cell, piece in enumerate(board):
        bit = BIT[cell]
        if not piece:
            empty |= bit
        elif piece >> 3 == side:
            own |= bit
        else:
            enemies |= bit
            if piece & 7 != SHIELDMAN:
                prey |= bit
    return empty, own, prey, enemies


def horseman_moves(
    board: list[int], start: int, side: int, out: list[Generated], known: Masks | None = None
) -> None:
    """GE4: up to 5 orthogonal steps, never revisiting a cell, leaping single friends,
    capturing (and going on) through enemies other than Shieldmen, never ending on a friend.

    Moves that capture nothing: the cells reachable are found on bit sets, layer by layer
    (a walk that revisits a cell can always be shortened to one that does not, keeping every
    rule, so walks find exactly the paths' ends); each end's notation is its first path, in
    order of preference, that the board allows. Moves that capture: the tree of paths is
    walked only where enemies are."""
    tree = _TREES[start] or path_tree(start)
    empty, own, prey, enemies = known if known is not None else masks(board, side)
    # the start cell holds the Horseman itself: as a friend it only allows walks that can be
    # shortened to paths never coming back to it
    on_empty = BIT[start]
    on_friend = 0
    ends = 0
    for _ in range(HORSEMAN_RANGE):
        spread = (
            (on_empty << COLUMNS)
            | (on_empty >> COLUMNS)
            | ((on_empty << 1) & NOT_COLUMN_A)
            | ((on_empty >> 1) & NOT_COLUMN_I)
        )
        after_leap = on_friend and (
            (on_friend << COLUMNS)
            | (on_friend >> COLUMNS)
            | ((on_friend << 1) & NOT_COLUMN_A)
            | ((on_friend >> 1) & NOT_COLUMN_I)
        )
        on_friend = spread & own  # never two friends in a row: only from an empty cell
        on_empty = (spread | after_leap) & empty
        ends |= on_empty
    candidates = tree.candidates
    texts = tree.texts
    while ends:
        low = ends & -ends
        ends ^= low
        end = low.bit_length() - 1
        for mask, inner, pairs, index in candidates[end]:
            if mask & enemies:
                continue
            friends = inner & own
            if friends:
                for pair in pairs:
                    if friends & pair == pair:
                        break
                else:
                    out.append((texts[index], start, end, ()))
                    break
                continue
            out.append((texts[index], start, end, ()))
            break
    if prey & tree.reach:
        _capture_walk(board, start, side, tree, out, prey, empty)


def _capture_walk(
    board: list[int],
    start: int,
    side: int,
    tree: PathTree,
    out: list[Generated],
    prey: int,
    empty: int,
) -> None:
    """The Horseman's moves that capture: paths through at least one enemy it can take."""
    nodes = tree.nodes
    captured = [0] * (HORSEMAN_RANGE + 1)
    friend = [False] * (HORSEMAN_RANGE + 1)
    best: dict[int, int] = {}
    known_rank = best.get
    total = len(nodes)
    i = 0
    while i < total:
        cell, above, depth, skip, rank, below, ends = nodes[i]
        piece = board[cell]
        if piece:
            if piece >> 3 == side:
                if friend[above]:
                    i = skip  # GE4: never over two friends on consecutive steps
                    continue
                bits = captured[depth] = captured[above]
                friend[depth] = True
                if not bits and not below & prey:
                    i = skip  # no capture can follow
                    continue
                if bits and not below & ~empty:
                    # every cell beyond is empty: every path on from here is a move
                    for end, end_rank in ends:
                        key = (bits << 7) | end
                        known = known_rank(key)
                        if known is None or known > end_rank:
                            best[key] = end_rank
                    i = skip
                    continue
                i += 1
                continue
            if piece & 7 == SHIELDMAN:
                i = skip  # GE5: a Horseman cannot capture a Shieldman, nor pass it
                continue
            bits = captured[above] | BIT[cell]
        else:
            bits = captured[above]
            if not bits and not below & prey:
                i = skip
                continue
        if bits:
            key = (bits << 7) | cell
            known = known_rank(key)
            if known is None or known > rank:
                best[key] = rank
            if not below & ~empty:
                for end, end_rank in ends:
                    key = (bits << 7) | end
                    known = known_rank(key)
                    if known is None or known > end_rank:
                        best[key] = end_rank
                i = skip
                continue
        captured[depth] = bits
        friend[depth] = False
        i += 1
    order = tree.order
    memo = tree.captures
    for key, rank in best.items():
        index = order[rank]
        bits = key >> 7
        known_capture = memo.get((index, bits))
        if known_capture is None:
            if len(memo) > CAPTURE_MEMO_LIMIT:
                memo.clear()
            text = NAMES[start]
            removed: list[int] = []
            for a, b in pairwise(tree.points[index]):
                leg = [c for c in leg_cells(a, b) if bits >> c & 1]
                removed.extend(leg)
                text += ("x" if leg else "-") + NAMES[b]
            known_capture = memo[(index, bits)] = (text, tuple(removed))
        out.append((known_capture[0], start, key & 127, known_capture[1]))


# --------------------------------------------------------------------------- other pieces


def shieldman_moves(board: list[int], start: int, side: int, out: list[Generated]) -> None:
    """GE3: up to 2 king steps through empty cells; the last step may capture (GE5)."""
    victims = MOVE_CAPTURES[SHIELDMAN]
    name = NAMES[start]
    for cell in KING[start]:
        piece = board[cell]
        if piece == 0:
            out.append((name + "-" + NAMES[cell], start, cell, ()))
        elif piece >> 3 != side and victims >> (piece & 7) & 1:
            out.append((name + "x" + NAMES[cell], start, cell, (cell,)))
    for cell, middles in RING2[start]:
        piece = board[cell]
        if piece == 0:
            for middle in middles:
                if board[middle] == 0:
                    out.append((name + "-" + NAMES[cell], start, cell, ()))
                    break
        elif piece >> 3 != side and victims >> (piece & 7) & 1:
            for middle in middles:
                if board[middle] == 0:
                    out.append((name + "x" + NAMES[cell], start, cell, (cell,)))
                    break


def swordsman_moves(board: list[int], start: int, side: int, out: list[Generated]) -> None:
    """GE3: up to 3 king steps through empty cells; the last step may capture (GE5)."""
    victims = MOVE_CAPTURES[SWORDSMAN]
    name = NAMES[start]
    seen = {start}
    frontier = [start]
    for step in range(SWORDSMAN_RANGE):
        following = []
        for here in frontier:
            for cell in KING[here]:
                if cell in seen:
                    continue
                seen.add(cell)
                piece = board[cell]
                if piece == 0:
                    out.append((name + "-" + NAMES[cell], start, cell, ()))
                    if step < SWORDSMAN_RANGE - 1:
                        following.append(cell)
                elif piece >> 3 != side and victims >> (piece & 7) & 1:
                    out.append((name + "x" + NAMES[cell], start, cell, (cell,)))
        frontier = following


def guardsman_moves(board: list[int], start: int, side: int, out: list[Generated]) -> None:
    """GE3: a straight line in one of 8 directions, up to 4 cells; it captures anything (GE5)."""
    name = NAMES[start]
    for ray in RAYS[start]:
        for cell in ray[:GUARDSMAN_RANGE]:
            piece = board[cell]
            if piece == 0:
                out.append((name + "-" + NAMES[cell], start, cell, ()))
                continue
            if piece >> 3 != side:
                out.append((name + "x" + NAMES[cell], start, cell, (cell,)))
            break


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


def archer_targets(
    board: list[int], origin: int, side: int, vacated: int, diagonal: int
) -> list[int]:
    """GE6: cells an Archer on ``origin`` can shoot: the first piece on each of the 8 lines
    within range (``diagonal`` cells on diagonals), when it is an enemy Horseman, Swordsman,
    Guardsman or Archer. ``vacated`` is a cell to treat as empty (where the Archer stepped from)."""
    out = []
    for ray in SHOOTING_RAYS[diagonal][origin]:
        for cell in ray:
            piece = board[cell]
            if piece == 0 or cell == vacated:
                continue
            if piece >> 3 != side and SHOT_VICTIMS >> (piece & 7) & 1:
                out.append(cell)
            break
    return out


def archer_moves(
    board: list[int], start: int, side: int, out: list[Generated], diagonal: int
) -> None:
    """GE6: a king step (to an empty cell, or a capture that ends the action) and/or a shot."""
    name = NAMES[start]
    for target in archer_targets(board, start, side, -1, diagonal):
        out.append((name + "*" + NAMES[target], start, start, (target,)))
    victims = MOVE_CAPTURES[ARCHER]
    for cell in KING[start]:
        piece = board[cell]
        if piece == 0:
            step = name + "-" + NAMES[cell]
            out.append((step, start, cell, ()))
            for target in archer_targets(board, cell, side, start, diagonal):
                out.append((step + "*" + NAMES[target], start, cell, (target,)))
        elif piece >> 3 != side and victims >> (piece & 7) & 1:
            out.append((name + "x" + NAMES[cell], start, cell, (cell,)))


def catapult_moves(board: list[int], start: int, side: int, out: list[Generated]) -> None:
    """GE7: a volley (hitting every piece on cells 4-6 ahead, even none) and/or an orthogonal
    step to an empty cell."""
    name = NAMES[start]
    hit = tuple(cell for cell in VOLLEY[side][start] if board[cell])
    out.append((name + "!", start, start, hit))
    for cell in ORTHO[start]:
        if board[cell] == 0:
            out.append((name + "-" + NAMES[cell], start, cell, ()))
            out.append((name + "!-" + NAMES[cell], start, cell, hit))


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


def all_moves(
    board: list[int],
    side: int,
    moved: int,
    archer_diagonal: int,
    known: dict[int, tuple[int, list[Generated]]] | None = None,
) -> list[Generated]:
    """Every legal move of ``side`` (pass and draw aside); ``moved`` is the cell of the piece
    that already moved this turn (GE2: two different pieces), or -1.

    ``known`` maps cells to ``(piece, its moves)`` computed earlier; entries for the side's
    pieces are used when the piece matches and added when missing. The caller removes the
    entries a move makes stale (``REGIONS``)."""
    out: list[Generated] = []
    bits: Masks | None = None
    for cell, piece in enumerate(board):
        if not piece or piece >> 3 != side or cell == moved:
            continue
        if known is not None:
            entry = known.get(cell)
            if entry is not None and entry[0] == piece:
                out.extend(entry[1])
                continue
        moves: list[Generated] = []
        if piece & 7 == HORSEMAN:
            if bits is None:
                bits = masks(board, side)
            horseman_moves(board, cell, side, moves, bits)
        else:
            piece_moves(board, cell, side, moves, archer_diagonal)
        if known is not None:
            known[cell] = (piece, moves)
        out.extend(moves)
    return out
