"""The Horseman's moves (GE4): a precomputed tree of every orthogonal path of up to 5 steps that
never revisits a cell, per start cell. Its moves that capture nothing come from bit-set layers and
the first allowed path of each end; its captures from a walk of the tree where enemies are. Paths
that reach the same end capturing the same pieces are one move; its notation is the path with
the fewest turning points, then the fewest steps, then the first in column-then-row order of its
points (see the rules page, "Decisions").
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from duelhost.games.generalissimo.board import (
    CELLS,
    COLUMNS,
    NAMES,
    ORTHO,
    SHIELDMAN,
)
from duelhost.games.generalissimo.generated import (
    ALL_CELLS,
    BIT,
    HORSEMAN_RANGE,
    NOT_COLUMN_A,
    NOT_COLUMN_I,
    ONE_CELL,
    Generated,
)

# --------------------------------------------------------------------------- Horseman paths


Candidate = tuple[int, tuple[int, ...], Generated, int]
"""A path to an end: (its cells as bits, its consecutive cell pairs before the end as bits,
the move it makes when it captures nothing, its node)."""

_PAIRS: dict[int, int] = {}
"""One int per pair of neighbouring cells (as bits), shared by every tree."""


@dataclass
class PathTree:
    """Every Horseman path from one start cell, in depth-first order."""

    nodes: tuple[tuple[int, int, int, int, int, int, tuple[tuple[int, int], ...]], ...]
    """Per path: (last cell, depth - 1, depth, index after its subtree, preference rank,
    cells of its subtree as bits, (end, best rank) of each end cell in its subtree)."""
    order: tuple[int, ...]
    """Node index of each preference rank (lower ranks are preferred notations)."""
    texts: tuple[str, ...]
    """Notation of each path when it captures nothing."""
    first: tuple[Candidate | None, ...]
    """Per end cell, its most preferred path."""
    candidates: tuple[tuple[Candidate, ...], ...]
    """Per end cell, its paths, preferred first."""
    walks: tuple[int, ...]
    """Per node, its path packed in an int: the cells in order (7 bits each), from bit 35 which
    of them are turning points or its end (a bit per position), from bit 40 their number."""


_TREES: list[PathTree | None] = [None] * CELLS
Captures = tuple[tuple[tuple[int, int], ...], list[Generated]]
"""A Horseman's capture moves: ((captured cells and end packed in an int, preference rank of
the path), ...) in the order listed, and the moves."""


def _direction(a: int, b: int) -> int:
    step = b - a
    return {COLUMNS: 0, 1: 1, -COLUMNS: 2, -1: 3}[step]


def _subtrees(
    cells: list[int], skips: list[int], ranks: list[int]
) -> tuple[list[int], list[dict[int, int]]]:
    """Below each node of a walk (``skips[i]``: the node after node i's subtree): the cells of
    its subtree as bits, and each end's best rank in the order the subtree's walk first
    meets it."""
    total = len(cells)
    below = [0] * total
    ends: list[dict[int, int]] = [{} for _ in range(total)]
    for i in range(total - 1, -1, -1):
        mask = 0
        found = ends[i]
        j = i + 1
        while j < skips[i]:
            cell = cells[j]
            mask |= BIT[cell] | below[j]
            for end, rank in ((cell, ranks[j]), *ends[j].items()):
                known = found.get(end)
                if known is None or known > rank:
                    found[end] = rank
            j = skips[j]
        below[i] = mask
    return below, ends


def build_tree(start: int) -> PathTree:
    """Every Horseman path from ``start`` (``path_tree`` keeps the one built per cell)."""
    cells: list[int] = []
    depths: list[int] = []
    skips: list[int] = []
    keys: list[tuple[int, int, tuple[int, ...]]] = []
    texts: list[str] = []
    masks: list[int] = []
    packed_walks: list[int] = []

    def visit(
        cell: int, depth: int, pts: tuple[int, ...], last: int, mask: int, walked: int
    ) -> None:
        index = len(cells)
        cells.append(cell)
        depths.append(depth)
        skips.append(-1)
        # preference: fewest points, then fewest steps, then points by column, then row
        keys.append((len(pts), depth, tuple([(p % COLUMNS) << 4 | p // COLUMNS for p in pts])))
        texts.append("-".join([NAMES[p] for p in pts]))
        masks.append(mask)
        packed_walks.append(walked | depth << 40)
        if depth < HORSEMAN_RANGE:
            for nxt in ORTHO[cell]:
                if nxt == start or mask >> nxt & 1:
                    continue
                way = _direction(cell, nxt)
                onward = walked | nxt << (7 * depth) | 1 << (35 + depth)
                if way == last:
                    onward ^= 1 << (34 + depth)  # a straight step: ``cell`` is no turning point
                    new_points = (*pts[:-1], nxt)
                else:
                    new_points = (*pts, nxt)
                visit(nxt, depth + 1, new_points, way, mask | BIT[nxt], onward)
        skips[index] = len(cells)

    for first in ORTHO[start]:
        visit(first, 1, (start, first), _direction(start, first), BIT[first], first | 1 << 35)

    total = len(cells)
    order = sorted(range(total), key=keys.__getitem__)
    ranks = [0] * total
    for rank, index in enumerate(order):
        ranks[index] = rank
    below, ends = _subtrees(cells, skips, ranks)
    shared: dict[tuple[int, int], tuple[int, int]] = {}  # one tuple per (end, rank) pair
    nodes = [
        (
            cells[i],
            depths[i] - 1,
            depths[i],
            skips[i],
            ranks[i],
            below[i],
            tuple([shared.setdefault(pair, pair) for pair in ends[i].items()]),
        )
        for i in range(total)
    ]
    candidates: list[list[Candidate]] = [[] for _ in range(CELLS)]
    for index in order:
        walked = packed_walks[index]
        inner = [walked >> (7 * position) & 127 for position in range((walked >> 40) - 1)]
        pairs = tuple(
            [_PAIRS.setdefault(BIT[a] | BIT[b], BIT[a] | BIT[b]) for a, b in pairwise(inner)]
        )
        end = cells[index]
        candidates[end].append((masks[index], pairs, (texts[index], start, end, ()), index))
    preferred = [paths[0] if paths else None for paths in candidates]
    # tuples all the way down: the garbage collector stops tracking them after one look
    return PathTree(
        tuple(nodes),
        tuple(order),
        tuple(texts),
        tuple(preferred),
        tuple([tuple(paths) for paths in candidates]),
        tuple(packed_walks),
    )


def path_tree(start: int) -> PathTree:
    tree = _TREES[start]
    if tree is None:
        tree = _TREES[start] = build_tree(start)
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


ROW_MASK = (1 << COLUMNS) - 1
_ROW_CELLS = tuple(
    tuple(
        tuple(row * COLUMNS + column for column in range(COLUMNS) if chunk >> column & 1)
        for chunk in range(1 << COLUMNS)
    )
    for row in range(CELLS // COLUMNS)
)
HORSEMAN_ROWS = tuple(
    tuple(
        (row * COLUMNS, _ROW_CELLS[row])
        for row in range(CELLS // COLUMNS)
        if abs(row - start // COLUMNS) <= HORSEMAN_RANGE
    )
    for start in range(CELLS)
)
"""Per start cell, the rows a Horseman can reach: (the row's first cell, the cells of each
set of the row's columns as bits), to list reachable cells in board order a row at a time."""


def horseman_moves(
    board: list[int],
    start: int,
    side: int,
    out: list[Generated],
    known: Masks | None = None,
    earlier: Captures | None = None,
) -> Captures | None:
    """GE4: up to 5 orthogonal steps, never revisiting a cell, leaping single friends,
    capturing (and going on) through enemies other than Shieldmen, never ending on a friend.

    Moves that capture nothing: the cells reachable are found on bit sets, layer by layer
    (a walk that revisits a cell can always be shortened to one that does not, keeping every
    rule, so walks find exactly the paths' ends); each end's notation is its first path, in
    order of preference, that the board allows. Moves that capture: the tree of paths is
    walked only where enemies are.

    Returns the capture moves (see ``Captures``) or None; ``earlier`` may hold those of an
    earlier generation for the same start cell, to use again."""
    tree = _TREES[start] or path_tree(start)
    empty, own, prey, enemies = known if known is not None else masks(board, side)
    ends, first_prey = _reach(start, empty, own, prey)
    occupied = ALL_CELLS ^ empty
    first = tree.first
    candidates = tree.candidates
    append = out.append
    for row, cells_of in HORSEMAN_ROWS[start]:
        chunk = (ends >> row) & ROW_MASK
        if not chunk:
            continue
        for end in cells_of[chunk]:
            best = first[end]
            assert best is not None
            if not best[0] & occupied:
                append(best[2])  # nothing on the preferred path
                continue
            for mask, pairs, generated, _ in candidates[end]:
                if mask & enemies:
                    continue
                friends = mask & own  # the end is empty
                if friends & (friends - 1):  # two friends or more: never two in a row
                    for pair in pairs:
                        if friends & pair == pair:
                            break
                    else:
                        append(generated)
                        break
                    continue
                append(generated)
                break
    if first_prey:
        return _capture_walk(
            board, start, side, tree, out, first_prey, (empty, own, prey, enemies), earlier
        )
    return None


def _reach(start: int, empty: int, own: int, prey: int) -> tuple[int, int]:
    """On bit sets, layer by layer: the empty cells a Horseman on ``start`` can end on
    without capturing, and the enemies (``prey``) such a walk can step on next."""
    # the start cell holds the Horseman itself: as a friend it only allows walks that can be
    # shortened to paths never coming back to it
    on_empty = BIT[start]
    on_friend = 0
    ends = 0
    first_prey = 0  # enemies a path capturing nothing so far can step on next
    for _ in range(HORSEMAN_RANGE):
        spread = (
            (on_empty << COLUMNS)
            | (on_empty >> COLUMNS)
            | ((on_empty << 1) & NOT_COLUMN_A)
            | ((on_empty >> 1) & NOT_COLUMN_I)
        )
        if on_friend:
            after_leap = (
                (on_friend << COLUMNS)
                | (on_friend >> COLUMNS)
                | ((on_friend << 1) & NOT_COLUMN_A)
                | ((on_friend >> 1) & NOT_COLUMN_I)
            )
            first_prey |= (spread | after_leap) & prey
            on_friend = spread & own  # never two friends in a row: only from an empty cell
            on_empty = (spread | after_leap) & empty
        else:
            first_prey |= spread & prey
            on_friend = spread & own
            on_empty = spread & empty
            if not on_empty and not on_friend:
                break  # hemmed in: nothing further
        ends |= on_empty
    return ends, first_prey


def _capture_walk(
    board: list[int],
    start: int,
    side: int,
    tree: PathTree,
    out: list[Generated],
    first_prey: int,
    masks_known: Masks,
    earlier: Captures | None,
) -> Captures:
    """The Horseman's moves that capture: paths through at least one enemy it can take.

    A capturing path starts with a path that captures nothing (through empty cells and single
    friends, GE4) to its first enemy, one of ``first_prey``: those paths are taken from the
    candidates of each such enemy's cell. From there every path on, walked in the tree, is a
    move: its end and the cells it captured, kept with the path of best rank. The first
    captures are walked in the tree's order, so moves are listed as a walk of the whole tree
    would meet them."""
    empty, own, _, foes = masks_known
    occupied = ALL_CELLS ^ empty
    nodes = tree.nodes
    captured = [0] * (HORSEMAN_RANGE + 1)
    friend = [False] * (HORSEMAN_RANGE + 1)
    best: dict[int, int] = {}
    known_rank = best.get
    never = _NO_RANK
    for first in _first_captures(tree, first_prey, own, foes):
        cell, above, depth, last, rank, below, ends = nodes[first]
        bits = BIT[cell]
        key = (bits << 7) | cell
        if known_rank(key, never) > rank:
            best[key] = rank
        if not below & occupied:
            _keep_ends(best, bits, ends)  # every cell beyond is empty: every path on is a move
            continue
        captured[depth] = bits
        friend[depth] = False
        i = first + 1
        while i < last:
            cell, above, depth, skip, rank, below, ends = nodes[i]
            piece = board[cell]
            if piece:
                if piece >> 3 == side:
                    if friend[above]:
                        i = skip  # GE4: never over two friends on consecutive steps
                        continue
                    bits = captured[depth] = captured[above]
                    friend[depth] = True
                    if not below & occupied:
                        _keep_ends(best, bits, ends)
                        i = skip
                    else:
                        i += 1
                    continue
                if piece & 7 == SHIELDMAN:
                    i = skip  # GE5: a Horseman cannot capture a Shieldman, nor pass it
                    continue
                bits = captured[above] | BIT[cell]
            else:
                bits = captured[above]
            key = (bits << 7) | cell
            if known_rank(key, never) > rank:
                best[key] = rank
            if not below & occupied:
                # every cell beyond is empty: every path on is a move (``_keep_ends``, inlined
                # on this, the walk's most frequent exit)
                shifted = bits << 7
                for end, end_rank in ends:
                    key = shifted | end
                    if known_rank(key, never) > end_rank:
                        best[key] = end_rank
                i = skip
                continue
            captured[depth] = bits
            friend[depth] = False
            i += 1
    return _capture_moves(tree, start, tuple(best.items()), earlier, out)


_NO_RANK = 1 << 30
"""Above every preference rank: the rank of a (captured cells, end) pair not met yet."""


def _first_captures(tree: PathTree, first_prey: int, own: int, foes: int) -> list[int]:
    """The tree nodes, in tree order, of the paths that capture nothing until their last cell,
    one of ``first_prey`` (through empty cells and single friends, GE4)."""
    candidates = tree.candidates
    entries = []
    while first_prey:
        low = first_prey & -first_prey
        first_prey ^= low
        for mask, pairs, _, index in candidates[low.bit_length() - 1]:
            if mask & foes != low:
                continue  # an enemy before: a capture already, or a Shieldman in the way
            friends = mask & own
            if friends & (friends - 1):
                for pair in pairs:
                    if friends & pair == pair:
                        break  # GE4: two friends on consecutive steps
                else:
                    entries.append(index)
                continue
            entries.append(index)
    entries.sort()
    return entries


def _keep_ends(best: dict[int, int], bits: int, ends: tuple[tuple[int, int], ...]) -> None:
    """Record each end of a subtree with nothing in it, capturing ``bits``, at its best rank."""
    shifted = bits << 7
    known_rank = best.get
    never = _NO_RANK
    for end, end_rank in ends:
        key = shifted | end
        if known_rank(key, never) > end_rank:
            best[key] = end_rank


def _capture_moves(
    tree: PathTree,
    start: int,
    found: tuple[tuple[int, int], ...],
    earlier: Captures | None,
    out: list[Generated],
) -> Captures:
    """The moves of the captures ``found``, reusing those of an ``earlier`` generation."""
    if earlier is not None:
        if found == earlier[0]:
            out += earlier[1]
            return earlier
        known_moves = dict(zip(earlier[0], earlier[1], strict=True))
        made = []
        for key, rank in found:
            generated = known_moves.get((key, rank))
            if generated is None:
                generated = _capture_move(tree, start, key, rank)
            made.append(generated)
    else:
        made = [_capture_move(tree, start, key, rank) for key, rank in found]
    out += made
    return found, made


def _capture_move(tree: PathTree, start: int, key: int, rank: int) -> Generated:
    """The capture along the path of preference ``rank``; ``key`` is (captured cells, end)."""
    walked = tree.walks[tree.order[rank]]
    bits = key >> 7
    text = NAMES[start]
    taken = False
    removed: list[int] = []
    for position in range(walked >> 40):
        cell = walked >> (7 * position) & 127
        if bits >> cell & 1:
            taken = True
            removed.append(cell)
        if walked >> (35 + position) & 1:
            text += ("x" if taken else "-") + NAMES[cell]
            taken = False
    return (text, start, key & 127, ONE_CELL[removed[0]] if len(removed) == 1 else tuple(removed))
