"""Generalissimo's bot levels (``easy``, ``medium``, ``hard``): alpha-beta over the double move.

The game hides nothing (every seat sees the whole board), so the bot rebuilds the match from
its seat's view (``view["position"]``: board, side to move, moves left in the turn, quiet-turn
count, the piece that already moved) and searches it with the engine's own move generator. It
never holds the match state: only a ``SeatHandle``. The view's position does not hold the
positions seen before (GE8's repetition): the bot remembers those it was shown since the last
removal (and those its turns hand to the other side) and gives them to the rebuilt state. A
draw is worth 15 points less than nothing to the searching seat (contempt), so it plays on
unless far behind. A standing draw offer is not carried.

Search (``Search``): negamax alpha-beta over single moves (GE2: a turn is one or two moves by
different pieces, or a pass), so the side to move changes only at the end of a turn; a child
whose side did not change keeps the window and its value, the others are negated.
Iterative deepening in moves (plies); depth 2 is the seat's whole turn, depth 4 both turns.
Each ply keeps every capture (ordered by the material it takes, GE5-GE7: a volley's own losses
count against it), the best ``quiet`` other moves by the previous iteration's ranking at the
root and by a history heuristic and forward progress below it, and the pass. At depth 0 a
quiescence search plays on captures only (stand pat on the evaluation).

Evaluation, for the side to move: material (Horseman 5, Archer 4, Shieldman 3, Swordsman 4,
Guardsman 6, Catapult 5), plus mobility (a hundredth of a point per legal move, both sides),
minus threats (0.6 of what the other side's best capture would take, 0.3 of its second best).
``easy`` adds an approach term (a tenth of a point per step between each piece and the nearest
enemy it can remove, its own minus the other side's). ``medium`` and ``hard`` instead count
the searching seat's own steps to its prey only (from the root's: a difference would hold
every piece back, since one piece stepping forward brings many enemies nearer to it), plus
the advance term of ``formation`` (a tenth of a point per row each piece the other side
cannot take stands beyond its back row, at most 7, its own minus the other side's): together
they break the stand-off in which both armies wait out GE8's quiet-turn limit.

Budget (``duelhost.bots.budget``): a node is one move or pass played in the search; with
``--bot-nodes N`` the bot is deterministic (ties broken by the seat's generator from the match
seed). Levels: ``hard`` the full budget and ``quiet=10``; ``medium`` the probe alone (every move
valued by the evaluation of the position it leaves, one node a move); ``easy`` one move deep
plus captures (it takes what it sees, not what it risks).
"""

from __future__ import annotations

import math
import random

from duelhost.bots.base import SeatHandle
from duelhost.bots.budget import Budget, Clock, default, search_clock
from duelhost.bots.registry import register_bot
from duelhost.core.registry import Game
from duelhost.core.rng import derive
from duelhost.games.generalissimo.board import (
    ARCHER,
    CATAPULT,
    COLUMNS,
    GUARDSMAN,
    HORSEMAN,
    KINDS,
    SHIELDMAN,
    SWORDSMAN,
    kind_can_remove,
)
from duelhost.games.generalissimo.formation import advance, exposed, steps_to_prey
from duelhost.games.generalissimo.generated import Generated
from duelhost.games.generalissimo.state import GeneralissimoState

GAME = "generalissimo"
VALUE = {HORSEMAN: 500, ARCHER: 400, SHIELDMAN: 300, SWORDSMAN: 400, GUARDSMAN: 600, CATAPULT: 500}
"""Material, in hundredths of a point, per piece kind."""
PIECE_VALUE = [0] * 16
for _kind, _value in VALUE.items():
    PIECE_VALUE[_kind] = PIECE_VALUE[_kind | 8] = _value
MOBILITY = 1.0
"""Per legal move of a side (a hundredth of a point)."""
THREAT = 0.6
"""Share of the material the other side can take next that the evaluation counts as lost."""
APPROACH = 10
"""Per step between a piece and the nearest enemy it can remove."""
WIN = 1_000_000
CONTEMPT = 1500.0
"""What a draw costs the searching seat (15 points): it plays on unless far behind."""
PRESS = 3.0
"""Per quiet half-turn (GE8's count), what a position costs the searching seat while it is not
behind in material: a capture (which restarts the count) is worth more the nearer the draw."""
ADVANCE = 10.0
"""Per row a piece the other side cannot take stands beyond its back row (``formation``)."""
SCALE = 1000.0
"""Hundredths of a point per unit of ``tanh`` in the analysis's values (10 points: 0.76)."""
Q_DEPTH = 4
"""Moves of captures the quiescence search plays at most."""
REMOVES = [
    [a in KINDS and v in KINDS and kind_can_remove(a, v) for v in range(8)] for a in range(8)
]


class OutOfBudget(Exception):
    """The decision's budget ran out in the middle of a search iteration."""


def rebuild(handle: SeatHandle) -> GeneralissimoState:
    """The match as the seat sees it: the view's position with the match's options."""
    state = handle.game.new(seed=0, position=handle.view()["position"])
    assert isinstance(state, GeneralissimoState)
    return state


def material(state: GeneralissimoState, side: int) -> int:
    board = state.board
    total = 0
    for piece in board:
        if piece:
            total += PIECE_VALUE[piece] if piece >> 3 == side else -PIECE_VALUE[piece]
    return total


def approach(board: list[int], side: int) -> int:
    """Steps from ``side``'s pieces to the nearest enemy each can remove, minus the same for
    the other side (lower is better for ``side``)."""
    own, other = steps_to_enemies(board, side)
    return own - other


def steps_to_enemies(board: list[int], side: int) -> tuple[int, int]:
    """Steps from ``side``'s pieces to the nearest enemy each can remove, and the same for the
    other side's pieces."""
    return steps_to_prey(board, side), steps_to_prey(board, 1 - side)


def gain(state: GeneralissimoState, move: Generated) -> int:
    """The material a move takes for the side to move (own pieces lost to a volley count
    against it)."""
    board = state.board
    side = state.side
    total = 0
    for cell in move[3]:
        piece = board[cell]
        total += PIECE_VALUE[piece] if piece >> 3 != side else -PIECE_VALUE[piece]
    return total


class Search:
    """Alpha-beta with iterative deepening over one decision, within a budget."""

    def __init__(
        self,
        seat: int,
        clock: Clock,
        quiet: int,
        max_depth: int,
        rng: random.Random,
        mobility: bool,
        press: bool = False,
        probe: bool = True,
        advance: bool = False,
    ) -> None:
        self.seat = seat
        self.clock = clock
        self.quiet = quiet
        self.max_depth = max_depth
        self.rng = rng
        self.mobility = mobility
        self.press = press
        self.probe = probe
        self.advance = advance
        self.hunt_base = 0
        """The searching seat's steps to its prey at the root (``root`` sets it)."""
        self.history: dict[tuple[int, int], int] = {}
        self.best = "pass"
        """The move ``root`` chose (set by the bot after the search)."""
        self.values: dict[str, float] = {}
        """The root moves' values from the deepest search each had (hundredths of a point)."""

    # ------------------------------------------------------------------ evaluation

    def evaluate(self, state: GeneralissimoState) -> float:
        """The position's worth for the side to move, in hundredths of a point."""
        return self.standing(state, state.side)

    def standing(self, state: GeneralissimoState, side: int) -> float:
        """The position's worth for ``side``, in hundredths of a point, the other side's
        captures counted as threats (it moves next once ``side``'s turn is over): the same
        measure whether ``side`` is to move or has just ended its turn, so the probe can
        compare a root move that ends the turn with one that does not."""
        if state.is_over:
            winner = state.winner
            if winner is None:  # a draw is worth a little less than nothing to the searcher
                return -CONTEMPT if side == self.seat else CONTEMPT
            return float(WIN if winner == side else -WIN)
        lead = material(state, side)
        if self.advance:
            # The searching seat's own steps to its prey (the difference with the other side's
            # would hold every piece back: one piece stepping forward brings many enemies
            # nearer to it).
            # Counted from the root's, so a draw's worth stays comparable.
            hunt = steps_to_prey(state.board, self.seat) - self.hunt_base
            value = float(lead - APPROACH * (hunt if side == self.seat else -hunt))
        else:
            value = float(lead - APPROACH * approach(state.board, side))
        if self.press:
            # GE8's draw comes nearer with every quiet half-turn: while the searcher is not
            # behind, that costs it (and so gains the other side) a little each turn.
            ahead = lead if side == self.seat else -lead
            if ahead >= 0:
                value += -PRESS * state.quiet if side == self.seat else PRESS * state.quiet
        if self.mobility:
            value = self._mobility(state, side, value)
        return value

    def _mobility(self, state: GeneralissimoState, side: int, value: float) -> float:
        """``value`` with the mobility, threat and advance terms of ``standing`` added."""
        if state.side == side:
            other = state._fork()
            other._pass()
            theirs = other._generated()
            if state.moved < 0:
                mine = state._generated()
            else:  # mid-turn the piece that moved is still: count a fresh turn's moves
                fresh = other._fork()
                fresh._pass()
                mine = fresh._generated()
        else:
            other = state
            passed = state._fork()
            passed._pass()
            mine, theirs = passed._generated(), state._generated()
        value += MOBILITY * (len(mine) - len(theirs))
        # The other side moves next: what it can take is at risk (its best capture in
        # full, the next best by another piece in part: a turn is two moves, GE2).
        threats = sorted((gain(other, m) for m in theirs if m[3]), reverse=True)
        if threats and threats[0] > 0:
            value -= THREAT * (threats[0] + (max(threats[1], 0) / 2 if len(threats) > 1 else 0))
        if self.advance:
            board = state.board
            value += ADVANCE * (
                advance(board, side, exposed(theirs)) - advance(board, 1 - side, exposed(mine))
            )
        return value

    # ------------------------------------------------------------------ search

    def spend(self) -> None:
        if not self.clock.left:
            raise OutOfBudget
        self.clock.spend()

    def child(self, state: GeneralissimoState, move: Generated | None) -> GeneralissimoState:
        self.spend()
        child = state._fork()
        if move is None:
            child._pass()
        else:
            child._play(move)
        return child

    def quiescence(self, state: GeneralissimoState, alpha: float, beta: float, depth: int) -> float:
        stand = self.evaluate(state)
        if state.is_over or depth == 0 or stand >= beta:
            return stand
        alpha = max(alpha, stand)
        captures = [(gain(state, m), m) for m in state._generated() if m[3]]
        captures = [item for item in captures if item[0] > 0]
        captures.sort(key=lambda item: -item[0])
        for _, move in captures[:8]:
            child = self.child(state, move)
            if child.side == state.side:
                value = self.quiescence(child, alpha, beta, depth - 1)
            else:
                value = -self.quiescence(child, -beta, -alpha, depth - 1)
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return alpha

    def ordered(self, state: GeneralissimoState) -> list[Generated | None]:
        """Captures by material taken, then the best quiet moves, then the pass."""
        forward = 1 if state.side == 0 else -1
        history = self.history
        captures: list[tuple[int, Generated]] = []
        quiet: list[tuple[float, Generated]] = []
        for move in state._generated():
            if move[3]:
                captures.append((gain(state, move), move))
            else:
                progress = forward * (move[2] // COLUMNS - move[1] // COLUMNS)
                quiet.append((history.get((move[1], move[2]), 0) + progress, move))
        captures.sort(key=lambda item: -item[0])
        quiet.sort(key=lambda item: -item[0])
        found: list[Generated | None] = [m for g, m in captures if g > 0]
        found += [m for _, m in quiet[: self.quiet]]
        found += [m for g, m in captures if g <= 0]
        found.append(None)
        return found

    def negamax(self, state: GeneralissimoState, depth: int, alpha: float, beta: float) -> float:
        if state.is_over:
            return self.evaluate(state)
        if depth == 0:
            return self.quiescence(state, alpha, beta, Q_DEPTH)
        best = -float("inf")
        for move in self.ordered(state):
            child = self.child(state, move)
            if child.side == state.side:
                value = self.negamax(child, depth - 1, alpha, beta)
            else:
                value = -self.negamax(child, depth - 1, -beta, -alpha)
            if value > best:
                best = value
            if value > alpha:
                alpha = value
            if alpha >= beta:
                if move is not None and not move[3]:
                    key = (move[1], move[2])
                    self.history[key] = self.history.get(key, 0) + depth * depth
                break
        return best

    def root(self, state: GeneralissimoState) -> tuple[str, float]:
        """The best move (canonical text, or ``pass``) and its value.

        First a probe: every root move valued by the evaluation of the position it leaves (one
        node each), which ranks the moves; then iterative deepening from depth 1 over the best
        ``3 * quiet`` of them and every capture, each iteration in the last one's order. A
        ``max_depth`` of 0 is the probe alone."""
        self.hunt_base = steps_to_prey(state.board, self.seat)
        moves: list[Generated | None] = [*state._generated(), None]
        self.rng.shuffle(moves)  # ties go to a seeded random move
        scores: dict[int, float] = {}
        if not self.probe:  # ``easy``: depth 1 over every move, in the shuffled order
            return self.deepen(state, moves, scores, self.text(moves[0]), -float("inf"))
        try:
            for i, move in enumerate(moves):
                scores[i] = self.standing(self.child(state, move), state.side)
        except OutOfBudget:
            if not scores:  # not even one node: the first move, unvalued
                return self.text(moves[0]), 0.0
        self.values = {self.text(moves[i]): value for i, value in scores.items()}
        i = max(scores, key=lambda k: scores[k])
        best_text, best_value = self.text(moves[i]), scores[i]
        if len(scores) < len(moves) or abs(best_value) >= WIN // 2:
            return best_text, best_value
        return self.deepen(state, moves, scores, best_text, best_value)

    def deepen(
        self,
        state: GeneralissimoState,
        moves: list[Generated | None],
        scores: dict[int, float],
        best_text: str,
        best_value: float,
    ) -> tuple[str, float]:
        """Iterative deepening from depth 1 over the root ``moves`` ranked by ``scores`` (all of
        them in their order when there are no scores yet)."""
        for depth in range(1, self.max_depth + 1):
            if scores:
                ranked = sorted(range(len(moves)), key=lambda k: -scores.get(k, -WIN * 2))
                captures = [k for k in ranked[self.quiet * 3 :] if _takes(moves[k])]
                order = ranked[: self.quiet * 3] + captures
            else:
                order = list(range(len(moves)))
            alpha = -float("inf")
            found: dict[int, float] = {}
            try:
                for i in order:
                    child = self.child(state, moves[i])
                    if child.side == state.side:
                        value = self.negamax(child, depth - 1, alpha, float("inf"))
                    else:
                        value = -self.negamax(child, depth - 1, -float("inf"), -alpha)
                    found[i] = value
                    alpha = max(alpha, value)
            except OutOfBudget:
                if found:
                    i = max(found, key=lambda k: found[k])
                    # A partial iteration searched the previous best first: its result stands.
                    if found[i] >= best_value or i == order[0]:
                        best_text, best_value = self.text(moves[i]), found[i]
                break
            if not found:
                break
            for i, value in found.items():
                scores[i] = value
                self.values[self.text(moves[i])] = value
            i = max(found, key=lambda k: found[k])
            best_text, best_value = self.text(moves[i]), found[i]
            if abs(best_value) >= WIN // 2:
                break
        return best_text, best_value

    @staticmethod
    def text(move: Generated | None) -> str:
        return "pass" if move is None else move[0]


def _takes(move: Generated | None) -> bool:
    return move is not None and bool(move[3])


class AlphaBetaBot:
    """A Generalissimo level: alpha-beta over the double-move turn within its budget."""

    def __init__(
        self,
        name: str,
        game: Game,
        seat: int,
        seed: int,
        budget: Budget,
        quiet: int,
        max_depth: int,
        mobility: bool = True,
        press: bool = False,
        probe: bool = True,
        advance: bool = False,
    ) -> None:
        self.name = name
        self.seat = seat
        self.budget = budget
        self.quiet = quiet
        self.max_depth = max_depth
        self.mobility = mobility
        self.press = press
        self.probe = probe
        self.advance = advance
        self._rng = derive(seed, "generalissimo-search", name, seat)
        self._seen: dict[bytes, int] = {}
        self._pieces = 0
        self.last_value = 0.0
        """The searched value of the last decision (hundredths of a point, for analysis)."""

    def act(self, handle: SeatHandle) -> str:
        state, search = self._search(handle)
        text = search.best
        after = state._fork()
        if text == "pass":
            after._pass()
        else:
            after._play(next(m for m in state._generated() if m[0] == text))
        if after.side != state.side and sum(after.pieces) == self._pieces:
            # The position the other side will move from: seen once more.
            key = after._key()
            self._seen[key] = self._seen.get(key, 0) + 1
        return text

    def evaluate(self, handle: SeatHandle, played: str | None = None) -> dict[str, float]:
        """The analysis's view of a decision: the legal moves the budget reached (``pass``
        included) valued from the seat's view in [-1, 1] (``tanh`` of the searched value over
        ``SCALE``, a sure win +1), each by the deepest search it had (the probe's evaluation
        for the moves not searched deeper; below the best a value is at most what alpha-beta
        proved). The best move found has the highest value; the move ``played``, if the budget
        ran out before the probe reached it, is valued by the probe's evaluation too."""
        state, search = self._search(handle)
        values = {text: math.tanh(value / SCALE) for text, value in search.values.items()}
        values[search.best] = math.tanh(self.last_value / SCALE)
        if played is not None and played not in values:
            moves = {move[0]: move for move in state._generated()}
            if played == "pass" or played in moves:
                child = state._fork()
                if played == "pass":
                    child._pass()
                else:
                    child._play(moves[played])
                values[played] = math.tanh(search.standing(child, state.side) / SCALE)
        return values

    def _search(self, handle: SeatHandle) -> tuple[GeneralissimoState, Search]:
        clock = search_clock(self.budget)
        state = rebuild(handle)
        # GE8's repetition: the positions this seat was shown since the last removal, so the
        # search sees a third occurrence as the draw it is.
        if sum(state.pieces) != self._pieces:
            self._pieces = sum(state.pieces)
            self._seen.clear()
        key = state._key()
        self._seen[key] = self._seen.get(key, 0) + 1
        state.seen = dict(self._seen)
        search = Search(
            self.seat,
            clock,
            self.quiet,
            self.max_depth,
            self._rng,
            self.mobility,
            self.press,
            self.probe,
            self.advance,
        )
        search.best, self.last_value = search.root(state)
        return state, search


def make_easy(game: Game, seat: int, seed: int) -> AlphaBetaBot:
    return AlphaBetaBot(
        "easy", game, seat, seed, default(), quiet=0, max_depth=1, mobility=False, probe=False
    )


def make_medium(game: Game, seat: int, seed: int) -> AlphaBetaBot:
    return AlphaBetaBot(
        "medium", game, seat, seed, default(), quiet=0, max_depth=0, press=True, advance=True
    )


def make_hard(game: Game, seat: int, seed: int) -> AlphaBetaBot:
    return AlphaBetaBot(
        "hard", game, seat, seed, default(), quiet=10, max_depth=8, press=True, advance=True
    )


register_bot("easy", make_easy, game=GAME)
register_bot("medium", make_medium, game=GAME)
register_bot("hard", make_hard, game=GAME)
