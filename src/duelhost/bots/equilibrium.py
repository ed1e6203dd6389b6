"""Equilibrium play for simultaneous decisions: a matrix game valued by Monte Carlo rollouts.

At a decision both seats take together, the bot builds the zero-sum matrix game whose rows are
its legal submissions and whose columns are the other seat's, and plays the game's mixed
equilibrium (solved with ``duelhost.core.matrix_games.solve_games``). Entry ``(a, b)`` is the
mean outcome (+1 win, 0 draw, -1 loss, for the bot) of rollouts that submit ``a`` and ``b``
and then play on to the end of the match with a rollout policy (uniformly random legal moves
unless the game gives one), each from a *determinized* state: a state that agrees with
everything the seat's view shows, its hidden parts drawn at random (the game's
``determinize(seat_handle, rng)``, which reads only the view). Rollouts go round the cells in
sweeps until the budget (seconds, or nodes = rollouts) is spent, so every cell gets the same
count; within a sweep every cell starts from the same determinized state and draws its
random moves from the same seed (common random numbers), so the differences between cells,
which are all the equilibrium depends on, carry less noise than independent rollouts give.

The bot never holds the match state: it gets a ``SeatHandle`` and builds its own states.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from duelhost.bots.base import SeatHandle
from duelhost.bots.budget import Budget, default
from duelhost.core.matrix_games import solve_games
from duelhost.core.registry import Game
from duelhost.core.rng import derive
from duelhost.core.state import State

Determinize = Callable[[SeatHandle, random.Random], State]
"""A state consistent with the seat's view, hidden parts drawn from ``rng``."""

SAMPLES = 8
"""Determinized states per decision; sweeps cycle through them."""


Policy = Callable[[State, int, random.Random], str]
"""A rollout policy: ``policy(state, seat, rng)`` -> the seat's submission."""


def rollout(
    state: State, rng: random.Random, limit: int = 100_000, policy: Policy | None = None
) -> None:
    """Play ``state`` to its end with ``policy`` (default: uniformly random legal moves)."""
    steps = 0
    while not state.is_over and steps < limit:
        for seat in state.to_act:
            text = policy(state, seat, rng) if policy else state.sample(seat, rng)
            state.submit(seat, text)
        steps += 1


def outcome(state: State, seat: int) -> float:
    """+1 if ``seat`` won, -1 if it lost, 0 for a draw or an unfinished match."""
    winner = state.winner if state.is_over else None
    if winner is None:
        return 0.0
    return 1.0 if winner == seat else -1.0


def equilibrium(values: np.ndarray) -> np.ndarray:
    """The row player's equilibrium strategy of a rectangular game with entries in [-1, 1].

    The game is padded to a square one: filler columns worth +1 (never better for the column
    player than a real one) and filler rows worth -1 (never better for us), so the real rows
    of the square game's solution are an equilibrium strategy of the rectangular game.
    """
    rows, cols = values.shape
    size = max(rows, cols)
    full = np.full((size, size), -1.0)
    full[:, cols:] = 1.0
    full[rows:, :] = -1.0
    full[:rows, :cols] = np.clip(values, -1.0, 1.0)
    _, x, _ = solve_games(full[None])
    weights = np.clip(x[0, :rows], 0.0, None)
    total = weights.sum()
    return weights / total if total > 0 else np.full(rows, 1.0 / rows)


class MatrixRolloutBot:
    """Plays the equilibrium of the matrix game over both seats' submissions, rollout-valued."""

    thinks = True
    """Searches within a budget: the match server runs it off its event loop."""

    def __init__(
        self,
        name: str,
        game: Game,
        seat: int,
        seed: int,
        determinize: Determinize,
        budget: Budget | None = None,
        policy: Policy | None = None,
    ) -> None:
        self.name = name
        self.policy = policy
        self.seat = seat
        self.budget = budget or default()
        self._determinize = determinize
        self._rng = derive(seed, "matrix-bot", name, seat)
        self.last_strategy: dict[str, float] = {}
        """The mixed strategy of the last decision (for analysis)."""

    def matrix(self, handle: SeatHandle) -> tuple[list[str], list[str], np.ndarray]:
        """Rows (ours), columns (theirs) and the estimated values (ours) within the budget."""
        me, other = self.seat, 1 - self.seat
        clock = self.budget.clock()
        states = [self._determinize(handle, self._rng) for _ in range(SAMPLES)]
        rows = handle.legal()
        simultaneous = other in states[0].to_act
        cols = states[0].legal(other) if simultaneous else [""]
        total = np.zeros((len(rows), len(cols)))
        count = np.zeros((len(rows), len(cols)))
        cells = [(i, j) for i in range(len(rows)) for j in range(len(cols))]
        turn = 0
        seed = 0
        while clock.left or turn < len(cells):
            i, j = cells[turn % len(cells)]
            if i == j == 0:
                seed = self._rng.getrandbits(64)  # a new sweep: one seed for all its cells
            trial = states[turn // len(cells) % SAMPLES].clone()
            trial.submit(me, rows[i])
            if simultaneous:
                trial.submit(other, cols[j])
            rollout(trial, random.Random(seed), policy=self.policy)
            total[i, j] += outcome(trial, me)
            count[i, j] += 1
            clock.spend()
            turn += 1
        return rows, cols, total / np.maximum(count, 1)

    def act(self, handle: SeatHandle) -> str:
        rows = handle.legal()
        if len(rows) == 1:
            self.last_strategy = {rows[0]: 1.0}
            return rows[0]
        rows, _, values = self.matrix(handle)
        weights = equilibrium(values)
        self.last_strategy = {text: float(w) for text, w in zip(rows, weights, strict=True)}
        return self._rng.choices(rows, weights=weights.tolist())[0]
