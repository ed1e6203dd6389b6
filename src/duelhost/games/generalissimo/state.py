"""The Generalissimo match state: the double-move turn, captures, draws and the match's end.

Each move of a turn is its own sequential decision (GE2): ``to_act`` is the side to move, and
it stays the same seat for the second move of its turn. ``pass`` ends the turn, ``draw`` offers
a draw or accepts the opponent's standing offer, and ``resign`` is the kernel's. A timeout
passes the rest of the turn (GE9).

Quiet turns (GE8, no capture): the count goes up by one when a turn begins with a move or a pass
that captures nothing, and back to 0 whenever a piece is removed. So in the middle of a turn it
already counts the current turn; the match is drawn when a turn ends with the count at twice
``no_capture_turns`` (that many turns of each player in a row).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.state import State
from duelhost.games.generalissimo.board import (
    CATAPULT,
    CELLS,
    COLUMNS,
    GUARDSMAN,
    KIND_NAMES,
    KINDS,
    LETTERS,
    NAMES,
    NORTH,
    ROWS,
    SIDE_NAMES,
    SOUTH,
    START_POSITION,
    capture_possible,
    format_position,
    parse_position,
)
from duelhost.games.generalissimo.generated import (
    ARCHER_RANGE,
    ARCHER_TACTICAL_DIAGONAL,
    BIT,
    Generated,
)
from duelhost.games.generalissimo.moves import Known, legal_moves, units_of
from duelhost.games.generalissimo.notation import parse_move


@dataclass(frozen=True, slots=True)
class Move:
    """One piece's action (GE2), with its canonical notation and what it changes."""

    text: str
    start: int
    end: int
    removed: tuple[int, ...]
    """Cells whose pieces the move removes (captures, the Archer's target, the volley)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn now (GE2); a timeout passes the rest of the turn (GE9)."""

    timeout: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """Offer a draw, or accept the opponent's standing offer (GE8)."""


Action = Move | Pass | Draw

PASS = Pass()
DRAW = Draw()
_SEATS = ((SOUTH,), (NORTH,))


class GeneralissimoState(State):
    """A Generalissimo match."""

    board: list[int]
    side: int
    moves_left: int
    moved: int
    quiet: int
    offer: int
    pieces: list[int]
    """Pieces left per side."""
    kinds: list[int]
    """Pieces left per piece code (kind | side << 3)."""
    start_kinds: tuple[int, ...]
    """Pieces per piece code in the match's starting position (a set-up position has fewer
    than the full army: what a side lost is counted from here)."""
    seen: dict[bytes, int]
    """Positions (board, side, moves left, moved piece) seen since the last capture (GE8)."""
    last_move: dict[str, Any] | None
    archer_diagonal: int
    quiet_limit: int
    units: list[int]
    """Cells of the pieces of each piece code, as bits (see ``moves.Units``)."""
    _cache: list[Generated] | None
    """The legal moves of the position (None: not generated yet); never changed in place."""
    _cache_texts: list[str]
    _known: Known
    """Moves of pieces by cell as last generated for their side (see ``legal_moves``)."""
    _changed: list[int]
    """Per side, the cells changed since its moves were last generated, as bits."""

    # ------------------------------------------------------------------ set-up

    def _start(self, setup: dict[str, Any]) -> dict[str, Any]:
        options = self.game.options
        self.archer_diagonal = (
            ARCHER_TACTICAL_DIAGONAL if options["archer"] == "tactical" else ARCHER_RANGE
        )
        self.quiet_limit = 2 * int(options["no_capture_turns"])
        text = setup.get("position", START_POSITION)
        position = parse_position(text, self.quiet_limit)
        self.board = list(position.board)
        self.side = position.side
        self.moves_left = position.moves_left
        self.moved = position.moved
        self.quiet = position.quiet
        self.offer = -1
        self.pieces = [0, 0]
        self.kinds = [0] * 16
        for piece in self.board:
            if piece:
                self.pieces[piece >> 3] += 1
                self.kinds[piece] += 1
        self.start_kinds = tuple(self.kinds)
        self.last_move = None
        self.seen = {}
        self.units = units_of(self.board)
        self._cache = None
        self._cache_texts = []
        self._known = [None] * CELLS
        self._changed = [0, 0]
        self._remember()
        if "position" in setup:
            return {"position": self.position()}
        return {}

    # ------------------------------------------------------------------ public helpers

    def position(self) -> str:
        """The position text (see the rules page): board, side, moves left, quiet turns."""
        return format_position(self.board, self.side, self.moves_left, self.quiet, self.moved)

    def perft(self, depth: int) -> int:
        """Leaf positions of the legal single-move tree ``depth`` plies deep (moves and passes;
        draw offers and resignations are not moves)."""
        if depth < 0:
            raise ConfigError(f"the perft depth must be 0 or more, got {depth}")
        return _perft(self, depth)

    def divide(self, depth: int) -> list[tuple[str, int]]:
        """Perft split by first move: ``(move, leaves below it)`` for every move and pass."""
        if depth < 1:
            raise ConfigError(f"divide needs a depth of 1 or more, got {depth}")
        out = []
        for generated in self._moves_or_nothing():
            child = self._fork()
            child._play(generated)
            out.append((generated[0], _perft(child, depth - 1)))
        if not self.is_over:
            child = self._fork()
            child._pass()
            out.append(("pass", _perft(child, depth - 1)))
        return out

    # ------------------------------------------------------------------ kernel hooks

    def _decision_seats(self) -> tuple[int, ...]:
        return _SEATS[self.side]

    def _legal(self, seat: int) -> list[str]:
        self._generated()
        return self._cache_texts + (["pass"] if self.offer == seat else ["pass", "draw"])

    def _parse(self, seat: int, text: str) -> Action:
        word = text.strip().lower()
        if word == "pass":
            return PASS
        if word == "draw":
            if self.offer == seat:
                raise IllegalAction(
                    f"{SIDE_NAMES[seat]} has already offered a draw; "
                    f"{SIDE_NAMES[1 - seat]} may accept it on their turn"
                )
            return DRAW
        moves = self._generated()
        try:
            found = moves[self._cache_texts.index(text.strip())]
        except ValueError:
            found = parse_move(self, seat, text)
        return Move(*found)

    def _format(self, seat: int, action: Any) -> str:
        if isinstance(action, Move):
            return action.text
        if isinstance(action, Pass):
            return "pass"
        return "draw"

    def _timeout_action(self, seat: int) -> Action:
        return Pass(timeout=True)  # GE9: the rest of the turn is passed

    def _resolve(self, actions: dict[int, Any]) -> None:
        seat = self.side
        action = actions[seat]
        if isinstance(action, Draw):
            if self.offer == 1 - seat:
                self._log("draw_accepted", seat=seat)
                self._finish(None, "draw by agreement")
            else:
                self.offer = seat
                self._log("draw_offered", seat=seat)
            return
        if self.offer == 1 - seat:
            self.offer = -1  # playing on declines the opponent's offer
            self._log("draw_declined", seat=seat)
        if isinstance(action, Pass):
            self._log("pass", seat=seat, timeout=action.timeout, moves_left=self.moves_left)
            self.last_move = {"seat": seat, "text": "timeout" if action.timeout else "pass"}
            self._pass()
        else:
            self._play((action.text, action.start, action.end, action.removed), log=True)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return self._public()

    def _snapshot(self) -> dict[str, Any]:
        data = self._public()
        data["seen"] = sorted([key.hex(), count] for key, count in self.seen.items())
        return data

    def _scores(self) -> Any:
        return list(self.pieces)

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, GeneralissimoState)
        other.board = self.board.copy()
        other.pieces = self.pieces.copy()
        other.kinds = self.kinds.copy()
        other.seen = self.seen.copy()
        other.units = self.units.copy()
        other._known = self._known.copy()
        other._changed = self._changed.copy()

    # ------------------------------------------------------------------ internals

    def _public(self) -> dict[str, Any]:
        rows = []
        for row in range(ROWS - 1, -1, -1):
            text = ""
            for piece in self.board[row * COLUMNS : row * COLUMNS + COLUMNS]:
                if piece == 0:
                    text += "."
                else:
                    letter = LETTERS[piece & 7]
                    text += letter if piece >> 3 == SOUTH else letter.lower()
            rows.append(text)
        return {
            "position": self.position(),
            "board": rows,
            "side": SIDE_NAMES[self.side],
            "to_move": self.side,
            "moves_left": self.moves_left,
            "moved": NAMES[self.moved] if self.moved >= 0 else None,
            "quiet_turns": self.quiet,
            "quiet_turn_limit": self.quiet_limit,
            # How many times the position now on the board (with the same side to move) has
            # occurred since the last capture: the third is a draw (GE8).
            "repetitions": self.seen.get(self._key(), 0),
            "draw_offer": None if self.offer < 0 else self.offer,
            "archer": "tactical"
            if self.archer_diagonal == ARCHER_TACTICAL_DIAGONAL
            else "aggressive",
            "pieces": {
                SIDE_NAMES[side]: {KIND_NAMES[kind]: self.kinds[kind | side << 3] for kind in KINDS}
                for side in (SOUTH, NORTH)
            },
            "lost": {
                SIDE_NAMES[side]: {
                    KIND_NAMES[kind]: self.start_kinds[kind | side << 3]
                    - self.kinds[kind | side << 3]
                    for kind in KINDS
                }
                for side in (SOUTH, NORTH)
            },
            "last_move": self.last_move,
        }

    def _key(self) -> bytes:
        return bytes(self.board) + bytes((self.side, self.moves_left, self.moved + 1))

    def _generated(self) -> list[Generated]:
        moves = self._cache
        if moves is None:
            side = self.side
            changed = self._changed
            moves, self._cache_texts = legal_moves(
                self.board,
                side,
                self.moved,
                self.archer_diagonal,
                self.units,
                self._known,
                changed[side],
            )
            changed[side] = 0
            self._cache = moves
        return moves

    def _moves_or_nothing(self) -> list[Generated]:
        return [] if self.is_over else self._generated()

    def _fork(self) -> GeneralissimoState:
        clone = self.clone()
        assert isinstance(clone, GeneralissimoState)
        return clone

    def _remember(self) -> None:
        key = self._key()
        count = self.seen.get(key, 0) + 1
        self.seen[key] = count
        if count >= 3:
            self._finish(None, "draw by repetition")

    def _log_move(self, generated: Generated) -> None:
        """The "move" event of a move about to be played, and ``last_move``."""
        text, start, _, removed = generated
        board = self.board
        victims = [
            {
                "cell": NAMES[cell],
                "side": SIDE_NAMES[board[cell] >> 3],
                "piece": KIND_NAMES[board[cell] & 7],
            }
            for cell in removed
        ]
        self._log(
            "move", seat=self.side, move=text, piece=KIND_NAMES[board[start] & 7], removed=victims
        )
        self.last_move = {"seat": self.side, "text": text}

    def _play(self, generated: Generated, log: bool = False) -> None:
        _, start, end, removed = generated
        board = self.board
        seat = self.side
        if log:
            self._log_move(generated)
        units = self.units
        captured, changed = self._remove(removed) if removed else (False, 0)
        changed |= BIT[start] | BIT[end]
        piece = board[start]
        board[start] = 0
        board[end] = piece
        units[piece] = units[piece] ^ BIT[start] | BIT[end]
        cells = self._changed
        cells[0] |= changed
        cells[1] |= changed
        self._cache = None
        if removed:
            self.seen.clear()  # a removed piece never comes back: no earlier position recurs
        if captured:
            # GE8: only taking an enemy piece is a capture; a volley that kills only its own
            # side's pieces does not restart the count (else a player could reset it at will).
            self.quiet = 0
        elif self.moved < 0:
            self.quiet += 1  # a turn that has captured nothing so far counts as quiet
        south, north = self.pieces
        if south == 0 or north == 0:
            winner = None if south == north else (NORTH if south == 0 else SOUTH)
            self._finish(winner, "elimination" if winner is not None else "mutual elimination")
            return
        if removed and not self._capture_possible():
            self._finish(None, "no capture possible")
            return
        self.moves_left -= 1
        if self.moves_left > 0 and self.pieces[seat] > 1:
            self.moved = end
            self._remember()
        else:
            self._end_turn()

    def _remove(self, removed: tuple[int, ...]) -> tuple[bool, int]:
        """Take the pieces on ``removed`` off the board: whether one was the opponent's (a
        capture, GE8), and their cells as bits."""
        board = self.board
        units = self.units
        changed = 0
        captured = False
        for cell in removed:
            piece = board[cell]
            captured = captured or piece >> 3 != self.side
            board[cell] = 0
            self.pieces[piece >> 3] -= 1
            self.kinds[piece] -= 1
            units[piece] ^= BIT[cell]
            changed |= BIT[cell]
        return captured, changed

    def _pass(self) -> None:
        self._cache = None
        if self.moved < 0:
            self.quiet += 1
        self._end_turn()

    def _end_turn(self) -> None:
        self.side = 1 - self.side
        self.moved = -1
        self.moves_left = 1 if self.pieces[self.side] == 1 else 2
        if self.quiet >= self.quiet_limit:
            turns = self.quiet_limit // 2
            self._finish(None, f"no capture in {turns} turns of each player")
            return
        self._remember()

    def _kinds_of(self, side: int) -> set[int]:
        return {kind for kind in KINDS if self.kinds[kind | side << 3]}

    def _capture_possible(self) -> bool:
        """GE8, while both sides have pieces: a Catapult's volley or a Guardsman removes any
        kind, so either of them settles it; otherwise ``capture_possible`` decides."""
        kinds = self.kinds
        if kinds[CATAPULT] or kinds[GUARDSMAN] or kinds[CATAPULT | 8] or kinds[GUARDSMAN | 8]:
            return True
        return capture_possible(self._kinds_of(SOUTH), self._kinds_of(NORTH))


def _perft(state: GeneralissimoState, depth: int) -> int:
    if depth == 0:
        return 1
    if state.is_over:
        return 0
    moves = state._generated()
    if depth == 1:
        return len(moves) + 1  # every move, and the pass
    total = 0
    for generated in moves:
        child = state._fork()
        child._play(generated)
        total += _perft(child, depth - 1)
    child = state._fork()
    child._pass()
    return total + _perft(child, depth - 1)


__all__ = ["DRAW", "PASS", "Action", "Draw", "GeneralissimoState", "Move", "Pass"]
