"""The Generalissimo board: cells, pieces, precomputed geometry and the position text format.

Cells are numbered ``row * 9 + column`` with column A = 0 and row 1 = 0 (GE1: columns A-I,
rows 1-12). A piece is a small int ``kind | side << 3``: kinds 1-6 (Horseman, Archer, Shieldman,
Swordsman, Guardsman, Catapult), side 0 South (seat 0, capitals) and 1 North (lower case); an
empty cell is 0. Everything here is pure data and pure functions.
"""

from __future__ import annotations

from dataclasses import dataclass

from duelhost.core.errors import ConfigError, quote

COLUMNS = 9
ROWS = 12
CELLS = COLUMNS * ROWS

SOUTH = 0
NORTH = 1
SIDE_NAMES = ("South", "North")

HORSEMAN = 1
ARCHER = 2
SHIELDMAN = 3
SWORDSMAN = 4
GUARDSMAN = 5
CATAPULT = 6
KINDS = (HORSEMAN, ARCHER, SHIELDMAN, SWORDSMAN, GUARDSMAN, CATAPULT)
KIND_NAMES = {
    HORSEMAN: "Horseman",
    ARCHER: "Archer",
    SHIELDMAN: "Shieldman",
    SWORDSMAN: "Swordsman",
    GUARDSMAN: "Guardsman",
    CATAPULT: "Catapult",
}
KIND_PLURALS = {
    HORSEMAN: "Horsemen",
    ARCHER: "Archers",
    SHIELDMAN: "Shieldmen",
    SWORDSMAN: "Swordsmen",
    GUARDSMAN: "Guardsmen",
    CATAPULT: "Catapults",
}
LETTERS = {
    HORSEMAN: "H",
    ARCHER: "A",
    SHIELDMAN: "S",
    SWORDSMAN: "W",
    GUARDSMAN: "G",
    CATAPULT: "C",
}
KIND_OF_LETTER = {letter: kind for kind, letter in LETTERS.items()}
ARMY = {HORSEMAN: 6, ARCHER: 5, SHIELDMAN: 5, SWORDSMAN: 6, GUARDSMAN: 3, CATAPULT: 2}
"""How many pieces of each kind an army has at the start; no piece is ever added."""

START_POSITION = "hwcgggcwh/hwaaaaawh/hwssssswh/9/9/9/9/9/9/HWSSSSSWH/HWAAAAAWH/HWCGGGCWH s 1 0"

# GE5: captures by moving onto a cell, as a bit set of victim kinds per attacker kind.
_ALL = sum(1 << kind for kind in KINDS)
MOVE_CAPTURES = {
    HORSEMAN: (1 << HORSEMAN)
    | (1 << SWORDSMAN)
    | (1 << GUARDSMAN)
    | (1 << ARCHER)
    | (1 << CATAPULT),
    SHIELDMAN: (1 << SHIELDMAN) | (1 << HORSEMAN) | (1 << ARCHER) | (1 << CATAPULT),
    SWORDSMAN: (1 << SWORDSMAN) | (1 << SHIELDMAN) | (1 << ARCHER) | (1 << CATAPULT),
    GUARDSMAN: _ALL,
    ARCHER: (1 << ARCHER) | (1 << CATAPULT),
    # GE5/GE7 (revised): a Catapult's one orthogonal step may land on an enemy Archer or
    # Catapult ("any unit can destroy an Archer / a Catapult by moving onto its cell").
    CATAPULT: (1 << ARCHER) | (1 << CATAPULT),
}
# GE6: an Archer's shot kills a Horseman, Swordsman, Guardsman or Archer (never a Shieldman or
# a Catapult).
SHOT_VICTIMS = (1 << HORSEMAN) | (1 << SWORDSMAN) | (1 << GUARDSMAN) | (1 << ARCHER)


def can_take(attacker_kind: int, victim_kind: int) -> bool:
    """Whether a piece of ``attacker_kind`` captures ``victim_kind`` by moving onto it (GE5)."""
    return bool(MOVE_CAPTURES[attacker_kind] >> victim_kind & 1)


def kind_can_remove(attacker_kind: int, victim_kind: int) -> bool:
    """Whether ``attacker_kind`` can remove ``victim_kind`` in any way (GE5 moves, GE6 shots,
    GE7 volleys): the test of GE8's "no capture possible" draw."""
    if attacker_kind == CATAPULT:
        return True  # GE7: a volley destroys every piece on its cells
    if attacker_kind == ARCHER and SHOT_VICTIMS >> victim_kind & 1:
        return True
    return can_take(attacker_kind, victim_kind)


def capture_possible(kinds_a: set[int], kinds_b: set[int]) -> bool:
    """GE8: False when neither side has a kind able to remove any kind the other has left."""
    return any(kind_can_remove(a, b) for a in kinds_a for b in kinds_b) or any(
        kind_can_remove(b, a) for a in kinds_a for b in kinds_b
    )


def cell_name(cell: int) -> str:
    return f"{chr(65 + cell % COLUMNS)}{cell // COLUMNS + 1}"


NAMES = tuple(cell_name(cell) for cell in range(CELLS))
CELL_OF_NAME = {name: cell for cell, name in enumerate(NAMES)}

DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1))
"""The 8 directions as (column step, row step); the first 4 are orthogonal."""


def _step(cell: int, dc: int, dr: int) -> int:
    column, row = cell % COLUMNS + dc, cell // COLUMNS + dr
    if 0 <= column < COLUMNS and 0 <= row < ROWS:
        return row * COLUMNS + column
    return -1


def _ray(cell: int, dc: int, dr: int) -> tuple[int, ...]:
    out = []
    here = _step(cell, dc, dr)
    while here >= 0:
        out.append(here)
        here = _step(here, dc, dr)
    return tuple(out)


KING: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in (_step(c, dc, dr) for dc, dr in DIRECTIONS) if n >= 0) for c in range(CELLS)
)
ORTHO: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in (_step(c, dc, dr) for dc, dr in DIRECTIONS[:4]) if n >= 0)
    for c in range(CELLS)
)
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(r for r in (_ray(c, dc, dr) for dc, dr in DIRECTIONS) if r) for c in range(CELLS)
)
"""Per cell, the non-empty rays in the 8 directions (nearest cell first)."""
RAYS_DIAGONAL: tuple[tuple[bool, ...], ...] = tuple(
    tuple(
        dc != 0 and dr != 0
        for (dc, dr), r in zip(DIRECTIONS, (_ray(c, dc, dr) for dc, dr in DIRECTIONS), strict=True)
        if r
    )
    for c in range(CELLS)
)


def _ring2(cell: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Cells two king steps away (Chebyshev distance 2) with the cells between them."""
    near = set(KING[cell])
    out = []
    for target in range(CELLS):
        tc, tr, c, r = target % 9, target // 9, cell % 9, cell // 9
        if max(abs(tc - c), abs(tr - r)) != 2:
            continue
        middles = tuple(m for m in KING[target] if m in near)
        out.append((target, middles))
    return tuple(out)


RING2 = tuple(_ring2(cell) for cell in range(CELLS))


def _volley(cell: int, side: int) -> tuple[int, ...]:
    """GE7: the cells 4, 5 and 6 straight ahead of a Catapult (off-board cells dropped)."""
    forward = 1 if side == SOUTH else -1
    cells = (_step(cell, 0, forward * distance) for distance in (4, 5, 6))
    return tuple(c for c in cells if c >= 0)


VOLLEY = (
    tuple(_volley(c, SOUTH) for c in range(CELLS)),
    tuple(_volley(c, NORTH) for c in range(CELLS)),
)


# --------------------------------------------------------------------------- positions


@dataclass(frozen=True)
class Position:
    """A position as parsed from its text: the board and where the current turn stands."""

    board: tuple[int, ...]
    side: int
    moves_left: int
    quiet: int
    moved: int
    """The cell of the piece that made the first move of this turn, or -1."""


def format_position(board: list[int], side: int, moves_left: int, quiet: int, moved: int) -> str:
    """The position text: rows 12..1 joined by '/', side, moves left, quiet turns [, moved]."""
    rows = []
    for row in range(ROWS - 1, -1, -1):
        text = ""
        empty = 0
        for cell in range(row * COLUMNS, row * COLUMNS + COLUMNS):
            piece = board[cell]
            if piece == 0:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            letter = LETTERS[piece & 7]
            text += letter if piece >> 3 == SOUTH else letter.lower()
        if empty:
            text += str(empty)
        rows.append(text)
    tail = f" {'sn'[side]} {moves_left} {quiet}"
    if moved >= 0:
        tail += f" {NAMES[moved]}"
    return "/".join(rows) + tail


def parse_position(text: str, quiet_limit: int) -> Position:
    """Parse a position text; ConfigError naming the fault.

    ``quiet_limit`` is the number of quiet turns (both players' turns) that ends the match
    (GE8), so a position at or past it cannot be reached at the start of a turn.
    """
    fields = _position_fields(text)
    board = _parse_board(fields[0])
    side, moves_left, quiet = _parse_turn(fields[1], fields[2], fields[3])
    own = _check_armies(board, side)
    moved = -1
    if len(fields) == 5:
        moved = _parse_moved(fields[4], board, side, moves_left, own)
    elif moves_left == 2 and own == 1:
        raise ConfigError(
            f"position: {SIDE_NAMES[side]} has a single piece, so its turn has 1 move, not 2 (GE2)"
        )
    # Mid-turn the count already includes the current turn (see state.py), so it may equal
    # the limit there; at the start of a turn it must be below it.
    limit_ok = quiet <= quiet_limit if moved >= 0 else quiet < quiet_limit
    if not limit_ok:
        raise ConfigError(
            f"position: {quiet} quiet turns reach the no-capture limit of {quiet_limit} turns"
            " (GE8), so the match would be over"
        )
    return Position(tuple(board), side, moves_left, quiet, moved)


def _position_fields(text: object) -> list[str]:
    """The 4 or 5 space-separated fields of a position text, spelled exactly."""
    if not isinstance(text, str):
        raise ConfigError(f"a position must be text, got {type(text).__name__}")
    # exact spelling, so that every accepted position prints back unchanged (issue 3)
    if not text.isascii():
        raise ConfigError(
            f"position {quote(text)}: only plain ASCII letters, digits, '/' and spaces are allowed"
        )
    fields = text.split(" ")
    if any(not field or not field.isprintable() for field in fields):
        raise ConfigError(
            f"position {quote(text)}: the fields must be separated by single spaces, with no "
            "other whitespace before, between or after them"
        )
    if len(fields) not in (4, 5):
        raise ConfigError(
            f"position {quote(text)}: expected the board, the side to move, the moves left and "
            "the quiet-turn count (and optionally the cell of the piece that already moved this "
            f"turn), separated by spaces; got {len(fields)} field(s)"
        )
    return fields


def _parse_board(board_text: str) -> list[int]:
    """The board field: ``ROWS`` rows separated by '/', row 12 first."""
    rows = board_text.split("/")
    if len(rows) != ROWS:
        raise ConfigError(
            f"position: the board must have {ROWS} rows separated by '/', got {len(rows)}"
        )
    board = [0] * CELLS
    for index, row_text in enumerate(rows):
        _parse_row(ROWS - 1 - index, row_text, board)
    return board


def _parse_row(row: int, row_text: str, board: list[int]) -> None:
    """Fill ``board``'s row ``row`` (0-based) from its text: pieces and runs of 1-9 empty cells."""
    column = 0
    previous_digit = False
    for char in row_text:
        if char.isdigit():
            if previous_digit:
                raise ConfigError(
                    f"position: row {row + 1} ({quote(row_text)}) has two digits in a row; write "
                    "a run of empty cells as one digit"
                )
            if char == "0":
                raise ConfigError(
                    f"position: row {row + 1} ({quote(row_text)}) has a 0; "
                    "runs of empty cells are 1-9"
                )
            column += int(char)
            previous_digit = True
            if column > COLUMNS:
                break
            continue
        previous_digit = False
        kind = KIND_OF_LETTER.get(char.upper())
        if kind is None:
            raise ConfigError(
                f"position: row {row + 1} ({quote(row_text)}) has {char!r}, which is not a "
                "piece; pieces are H A S W G C (South) and h a s w g c (North)"
            )
        if column >= COLUMNS:
            column += 1
            break
        board[row * COLUMNS + column] = kind | ((SOUTH if char.isupper() else NORTH) << 3)
        column += 1
    if column != COLUMNS:
        amount = "more" if column > COLUMNS else "fewer"
        raise ConfigError(
            f"position: row {row + 1} ({quote(row_text)}) has {amount} than {COLUMNS} cells"
        )


def _parse_turn(side_text: str, moves_text: str, quiet_text: str) -> tuple[int, int, int]:
    """The side to move, the moves left in the turn and the quiet-turn count."""
    if side_text not in ("s", "n"):
        raise ConfigError(f"position: the side to move must be s or n, got {quote(side_text)}")
    if moves_text not in ("1", "2"):
        raise ConfigError(
            f"position: the moves left in the turn must be 1 or 2, got {quote(moves_text)}"
        )
    if not quiet_text.isdigit() or (len(quiet_text) > 1 and quiet_text[0] == "0"):
        raise ConfigError(
            f"position: the quiet-turn count must be a whole number, got {quote(quiet_text)}"
        )
    return (SOUTH if side_text == "s" else NORTH), int(moves_text), int(quiet_text)


def _check_armies(board: list[int], side: int) -> int:
    """Both sides have pieces, none more of a kind than an army; returns ``side``'s count."""
    counts = [[0] * 7, [0] * 7]
    for piece in board:
        if piece:
            counts[piece >> 3][piece & 7] += 1
    for who in (SOUTH, NORTH):
        if sum(counts[who]) == 0:
            raise ConfigError(
                f"position: {SIDE_NAMES[who]} has no pieces (the match would be over)"
            )
        for kind in KINDS:
            if counts[who][kind] > ARMY[kind]:
                raise ConfigError(
                    f"position: {SIDE_NAMES[who]} has {counts[who][kind]} {KIND_PLURALS[kind]}; "
                    f"an army has at most {ARMY[kind]}"
                )
    return sum(counts[side])


def _parse_moved(moved_text: str, board: list[int], side: int, moves_left: int, own: int) -> int:
    """The fifth field: the cell of the piece that already moved this turn."""
    moved = CELL_OF_NAME.get(moved_text, -1)
    if moved < 0:
        raise ConfigError(f"position: {quote(moved_text)} is not a cell (A1-I12)")
    if moves_left != 1:
        raise ConfigError(
            "position: a piece that already moved this turn is given, so 1 move is left, not 2"
        )
    if board[moved] == 0 or board[moved] >> 3 != side:
        raise ConfigError(
            f"position: {moved_text} must hold the {SIDE_NAMES[side]} piece that already moved"
            " this turn"
        )
    if own < 2:
        raise ConfigError(
            f"position: {SIDE_NAMES[side]} has no other piece to make a second move, so its"
            " turn would be over"
        )
    return moved
