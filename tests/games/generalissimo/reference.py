"""A slow, independent Generalissimo move generator, to hold the fast one to the rules.

It shares no code with ``duelhost.games.generalissimo``: its own board (a dict of
``(column, row) -> (side, letter)``), its own position reader, its own turn logic, and move
generation by brute force: for every piece and every cell of the board it asks "can this piece
get there, and how?" straight from the rule texts (GE2-GE8). Horseman paths are enumerated in
full for each target cell and the canonical notation chosen among them by the documented rule
(fewest turning points, then fewest steps, then the first by column-then-row of its points).

``perft`` counts the legal single-move tree (moves and passes) like the engine's, so the perft
file can hold counts that both generators must reproduce.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Cell = tuple[int, int]  # (column 0-8, row 0-11)
COLS, ROWS = 9, 12
CAN_TAKE = {  # GE5, written out again from the ruling
    "H": {"H", "W", "G", "A", "C"},
    "S": {"S", "H", "A", "C"},
    "W": {"W", "S", "A", "C"},
    "G": {"H", "A", "S", "W", "G", "C"},
    "A": {"A", "C"},
    "C": {"A", "C"},  # GE5/GE7 revised: by its one orthogonal step
}
SHOOTABLE = {"H", "W", "G", "A"}  # GE6


def name(cell: Cell) -> str:
    return "ABCDEFGHI"[cell[0]] + str(cell[1] + 1)


def on_board(cell: Cell) -> bool:
    return 0 <= cell[0] < COLS and 0 <= cell[1] < ROWS


@dataclass
class RefState:
    board: dict[Cell, tuple[int, str]]
    side: int
    moves_left: int
    quiet: int
    moved: Cell | None
    quiet_limit: int = 100
    diagonal_range: int = 3
    over: bool = False
    history: list[str] = field(default_factory=list)

    def copy(self) -> RefState:
        return RefState(
            dict(self.board),
            self.side,
            self.moves_left,
            self.quiet,
            self.moved,
            self.quiet_limit,
            self.diagonal_range,
            self.over,
            list(self.history),
        )


def read_position(text: str, quiet_limit: int = 100, diagonal_range: int = 3) -> RefState:
    fields = text.split()
    board: dict[Cell, tuple[int, str]] = {}
    for index, row_text in enumerate(fields[0].split("/")):
        row = 11 - index
        column = 0
        for char in row_text:
            if char.isdigit():
                column += int(char)
            else:
                board[(column, row)] = (0 if char.isupper() else 1, char.upper())
                column += 1
        assert column == 9, row_text
    moved = None
    if len(fields) == 5:
        moved = ("ABCDEFGHI".index(fields[4][0]), int(fields[4][1:]) - 1)
    return RefState(
        board,
        0 if fields[1] == "s" else 1,
        int(fields[2]),
        int(fields[3]),
        moved,
        quiet_limit,
        diagonal_range,
    )


ALL_CELLS = [(c, r) for r in range(ROWS) for c in range(COLS)]


def line_between(a: Cell, b: Cell) -> list[Cell] | None:
    """Cells strictly between a and b when they share one of the 8 lines."""
    dc, dr = b[0] - a[0], b[1] - a[1]
    if (dc, dr) == (0, 0) or (dc != 0 and dr != 0 and abs(dc) != abs(dr)):
        return None
    n = max(abs(dc), abs(dr))
    sc, sr = (dc > 0) - (dc < 0), (dr > 0) - (dr < 0)
    return [(a[0] + sc * k, a[1] + sr * k) for k in range(1, n)]


def king_path_exists(state: RefState, a: Cell, b: Cell, steps: int) -> bool:
    """A path of at most ``steps`` king steps from a to b whose inner cells are empty."""
    if max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1:
        return True
    if steps <= 1:
        return False
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            nxt = (a[0] + dc, a[1] + dr)
            free = (dc, dr) != (0, 0) and on_board(nxt) and nxt not in state.board
            if free and king_path_exists(state, nxt, b, steps - 1):
                return True
    return False


def shot_ok(state: RefState, origin: Cell, target: Cell, vacated: Cell | None) -> bool:
    between = line_between(origin, target)
    if between is None:
        return False
    diagonal = origin[0] != target[0] and origin[1] != target[1]
    distance = max(abs(origin[0] - target[0]), abs(origin[1] - target[1]))
    if distance > (state.diagonal_range if diagonal else 3):
        return False
    if any(c in state.board and c != vacated for c in between):
        return False
    if target not in state.board or target == vacated:
        return False
    side, letter = state.board[target]
    return side != state.side and letter in SHOOTABLE


def orthogonal_paths(start: Cell, end: Cell, limit: int) -> list[list[Cell]]:
    """Every orthogonal path start -> end of at most ``limit`` steps, never revisiting a cell."""
    out: list[list[Cell]] = []

    def walk(here: Cell, path: list[Cell]) -> None:
        if here == end and path:
            out.append(list(path))
            return
        left = limit - len(path)
        if abs(here[0] - end[0]) + abs(here[1] - end[1]) > left:
            return
        for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            nxt = (here[0] + dc, here[1] + dr)
            if on_board(nxt) and nxt != start and nxt not in path:
                path.append(nxt)
                walk(nxt, path)
                path.pop()

    walk(start, [])
    return out


def turning_points(start: Cell, path: list[Cell]) -> list[Cell]:
    points = [start]
    cells = [start, *path]
    for i in range(1, len(cells) - 1):
        before = (cells[i][0] - cells[i - 1][0], cells[i][1] - cells[i - 1][1])
        after = (cells[i + 1][0] - cells[i][0], cells[i + 1][1] - cells[i][1])
        if before != after:
            points.append(cells[i])
    points.append(cells[-1])
    return points


def horseman_text(start: Cell, path: list[Cell], captured: frozenset[Cell]) -> str:
    points = turning_points(start, path)
    text = name(start)
    position = 0
    cells = path
    for point in points[1:]:
        leg = []
        while True:
            leg.append(cells[position])
            position += 1
            if leg[-1] == point:
                break
        text += ("x" if any(c in captured for c in leg) else "-") + name(point)
    return text


def piece_moves(state: RefState, start: Cell) -> dict[str, tuple[Cell, Cell, frozenset[Cell]]]:
    """Canonical text -> (start, end, removed cells) for one piece, by brute force."""
    side, letter = state.board[start]
    out: dict[str, tuple[Cell, Cell, frozenset[Cell]]] = {}
    for target in ALL_CELLS:
        if target == start:
            continue
        occupant = state.board.get(target)
        friendly = occupant is not None and occupant[0] == side
        enemy = occupant is not None and occupant[0] != side
        takes = enemy and occupant is not None and occupant[1] in CAN_TAKE[letter]
        distance = max(abs(start[0] - target[0]), abs(start[1] - target[1]))
        if letter == "H":
            if friendly:
                continue
            found: dict[frozenset[Cell], tuple[tuple[int, int, tuple[Cell, ...]], str]] = {}
            for path in orthogonal_paths(start, target, 5):
                captured: set[Cell] = set()
                ok = True
                previous_friend = False
                for cell in path:
                    here = state.board.get(cell)
                    if here is None:
                        previous_friend = False
                    elif here[0] == side:
                        if previous_friend:
                            ok = False
                            break
                        previous_friend = True
                    elif here[1] == "S":
                        ok = False
                        break
                    else:
                        previous_friend = False
                        captured.add(cell)
                if not ok:
                    continue
                key = frozenset(captured)
                points = turning_points(start, path)
                rank = (len(points), len(path), tuple(points))
                if key not in found or rank < found[key][0]:
                    found[key] = (rank, horseman_text(start, path, key))
            for key, (_, text) in found.items():
                out[text] = (start, target, key)
        elif letter in ("S", "W"):
            reach = 2 if letter == "S" else 3
            if distance > reach or friendly or (enemy and not takes):
                continue
            if king_path_exists(state, start, target, reach):
                sep = "x" if enemy else "-"
                out[name(start) + sep + name(target)] = (
                    start,
                    target,
                    frozenset([target]) if enemy else frozenset(),
                )
        elif letter == "G":
            between = line_between(start, target)
            if between is None or distance > 4 or friendly:
                continue
            if all(c not in state.board for c in between):
                sep = "x" if enemy else "-"
                out[name(start) + sep + name(target)] = (
                    start,
                    target,
                    frozenset([target]) if enemy else frozenset(),
                )
        elif letter == "A":
            # a shot without moving
            if shot_ok(state, start, target, None):
                out[name(start) + "*" + name(target)] = (start, start, frozenset([target]))
            if distance != 1 or friendly:
                continue
            if enemy:
                if takes:
                    out[name(start) + "x" + name(target)] = (start, target, frozenset([target]))
                continue
            out[name(start) + "-" + name(target)] = (start, target, frozenset())
            for aim in ALL_CELLS:
                if aim != target and shot_ok(state, target, aim, start):
                    out[name(start) + "-" + name(target) + "*" + name(aim)] = (
                        start,
                        target,
                        frozenset([aim]),
                    )
        elif letter == "C":
            forward = 1 if side == 0 else -1
            zone = [(start[0], start[1] + forward * k) for k in (4, 5, 6)]
            hit = frozenset(c for c in zone if c in state.board)
            out[name(start) + "!"] = (start, start, hit)
            if abs(start[0] - target[0]) + abs(start[1] - target[1]) != 1:
                continue
            if occupant is None:
                out[name(start) + "-" + name(target)] = (start, target, frozenset())
                out[name(start) + "!-" + name(target)] = (start, target, hit)
            elif takes:  # GE5/GE7: the step captures an enemy Archer or Catapult
                out[name(start) + "x" + name(target)] = (start, target, frozenset([target]))
                out[name(start) + "!x" + name(target)] = (start, target, hit | {target})
    return out


def legal_moves(state: RefState) -> dict[str, tuple[Cell, Cell, frozenset[Cell]]]:
    """Every legal move of the side to move (not pass or draw)."""
    out: dict[str, tuple[Cell, Cell, frozenset[Cell]]] = {}
    if state.over:
        return out
    for cell, (side, _) in list(state.board.items()):
        if side == state.side and cell != state.moved:
            out.update(piece_moves(state, cell))
    return out


def count(state: RefState, side: int) -> int:
    return sum(1 for s, _ in state.board.values() if s == side)


def end_turn(state: RefState) -> None:
    state.side = 1 - state.side
    state.moved = None
    state.moves_left = 1 if count(state, state.side) == 1 else 2
    if state.quiet >= state.quiet_limit:
        state.over = True


def play(state: RefState, move: tuple[Cell, Cell, frozenset[Cell]]) -> RefState:
    """The state after a move (GE2 turn logic, GE8 elimination and quiet turns)."""
    after = state.copy()
    start, end, removed = move
    piece = after.board.pop(start)
    # GE8 as the rules page decides: only taking an enemy piece restarts the quiet count (a
    # volley that kills only its own side's pieces does not).
    took = any(after.board[cell][0] != state.side for cell in removed)
    for cell in removed:
        del after.board[cell]
    after.board[end] = piece
    first = after.moved is None
    if took:
        after.quiet = 0
    elif first:
        after.quiet += 1
    if count(after, 0) == 0 or count(after, 1) == 0:
        after.over = True
        return after
    after.moves_left -= 1
    if after.moves_left > 0 and count(after, after.side) > 1:
        after.moved = end
    else:
        end_turn(after)
    return after


def play_pass(state: RefState) -> RefState:
    after = state.copy()
    if after.moved is None:
        after.quiet += 1
    end_turn(after)
    return after


def perft(state: RefState, depth: int) -> int:
    """Repetition (GE8) needs a position three times, at least 4 plies: perft files stay at
    depth 3 or less, where it cannot happen, so this reference leaves it out."""
    if depth == 0:
        return 1
    if state.over:
        return 0
    moves = legal_moves(state)
    if depth == 1:
        return len(moves) + 1
    total = perft(play_pass(state), depth - 1)
    for move in moves.values():
        total += perft(play(state, move), depth - 1)
    return total
