"""Zero-sum matrix games solved in batches: saddle points, 2x2 closed forms, a batched simplex.

Game-agnostic mathematics used by a game's exact solver and by the equilibrium bots:
``solve_games(m)`` takes games ``m`` of shape (G, n, n) with entries in [-1, 1] and returns
their values and both players' equilibrium strategies. Saddle points are found without an LP
(maximin = minimax), 2x2 games in closed form, the rest by a dense simplex that pivots every
game of the batch at once (Bland's rule); SciPy's HiGHS ``linprog`` solves any game the simplex
leaves unfinished (``solve_lp``). ``restricted_response(m, q, p)`` is the row player's restricted
Nash response to a model ``q`` of the column player (one HiGHS LP).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

I64 = NDArray[np.int64]
F64 = NDArray[np.float64]
TOL = 1e-12


def _saddle(m: F64) -> tuple[NDArray[np.bool_], F64, I64, I64]:
    row_min = m.min(axis=2)
    col_max = m.max(axis=1)
    lower = row_min.max(axis=1)
    upper = col_max.min(axis=1)
    return upper - lower <= TOL, lower, row_min.argmax(axis=1), col_max.argmin(axis=1)


def _two_by_two(m: F64) -> tuple[F64, F64, F64]:
    """Value and mixed strategies of 2x2 games without a saddle point (closed form)."""
    a, b, c, d = m[:, 0, 0], m[:, 0, 1], m[:, 1, 0], m[:, 1, 1]
    den = a - b - c + d
    value = (a * d - b * c) / den
    p = (d - c) / den
    q = (d - b) / den
    return value, p, q


def _finish(tab: F64, basis: I64, n: int) -> tuple[F64, F64, F64]:
    """Value, row and column strategies read off final tableaux."""
    total = tab[:, n, 2 * n]
    value = 1.0 / total - 2.0
    x = np.clip(tab[:, n, n : 2 * n], 0.0, None)
    x /= x.sum(axis=1, keepdims=True)
    y = np.zeros((tab.shape[0], 2 * n))
    np.put_along_axis(y, basis, tab[:, :n, 2 * n], axis=1)
    y = np.clip(y[:, :n], 0.0, None)
    y /= y.sum(axis=1, keepdims=True)
    return value, x, y


def _simplex(m: F64, max_pivots: int = 200) -> tuple[F64, F64, F64, NDArray[np.bool_]]:
    """Batched dense simplex for games ``m`` (G, n, n) with entries in [-1, 1].

    Solves ``max sum(y) s.t. (m + 2) y <= 1, y >= 0`` for every game at once (Bland's rule, so
    no cycling); the value is ``1 / sum(y) - 2``, the column strategy ``y / sum(y)`` and the row
    strategy the slack reduced costs, normalised. Returns values, row and column strategies and
    a mask of the games that finished. The tableaux of the games still pivoting are kept
    together and pivoted in place; a game that finishes is read off and dropped.
    """
    games, n, _ = m.shape
    width = 2 * n + 1
    tab = np.zeros((games, n + 1, width))
    tab[:, :n, :n] = m + 2.0
    tab[:, :n, n : 2 * n] = np.eye(n)
    tab[:, :n, 2 * n] = 1.0
    tab[:, n, :n] = -1.0
    basis = np.tile(np.arange(n, 2 * n), (games, 1))
    ids = np.arange(games)
    value = np.empty(games)
    x = np.empty((games, n))
    y = np.empty((games, n))
    done = np.ones(games, dtype=bool)
    for _ in range(max_pivots):
        negative = tab[:, n, : 2 * n] < -TOL
        going = negative.any(axis=1)
        if not going.all():
            stop = ~going
            value[ids[stop]], x[ids[stop]], y[ids[stop]] = _finish(tab[stop], basis[stop], n)
            tab, basis, ids, negative = tab[going], basis[going], ids[going], negative[going]
        if ids.size == 0:
            break
        rows = np.arange(ids.size)
        enter = negative.argmax(axis=1)
        column = tab[rows, :, enter]
        rhs = tab[:, :n, 2 * n]
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = np.where(column[:, :n] > TOL, rhs / column[:, :n], np.inf)
        best = ratio.min(axis=1, keepdims=True)
        tied = ratio <= best * (1 + 1e-12) + 1e-15
        leave = np.where(tied, basis, 1 << 30).argmin(axis=1)
        pivot_row = tab[rows, leave, :] / column[rows, leave][:, None]
        tab -= column[:, :, None] * pivot_row[:, None, :]
        tab[rows, leave, :] = pivot_row
        basis[rows, leave] = enter
    else:
        still = (tab[:, n, : 2 * n] < -TOL).any(axis=1)
        done[ids[still]] = False
        value[ids], x[ids], y[ids] = _finish(tab, basis, n)
    return value, x, y, done


def solve_lp(m: F64) -> tuple[float, F64, F64]:
    """One matrix game by SciPy's HiGHS: value and both players' equilibrium strategies."""
    from scipy.optimize import linprog

    n_rows, n_cols = m.shape
    shifted = m - m.min() + 1.0
    col = linprog(
        -np.ones(n_cols),
        A_ub=shifted,
        b_ub=np.ones(n_rows),
        bounds=(0, None),
        method="highs",
    )
    if col.status != 0:
        raise RuntimeError(f"HiGHS failed on a matrix game: {col.message}")
    total = float(-col.fun)
    y = np.clip(col.x, 0.0, None) / total
    x = np.clip(-np.asarray(col.ineqlin.marginals), 0.0, None)
    x = x / x.sum()
    return 1.0 / total + m.min() - 1.0, x, y / y.sum()


def solve_games(m: F64) -> tuple[F64, F64, F64]:
    """Values and equilibrium strategies (row, column) of the games ``m`` (G, n, n) in [-1, 1]."""
    games, n, _ = m.shape
    value = np.empty(games)
    x = np.zeros((games, n))
    y = np.zeros((games, n))
    pure, lower, best_row, best_col = _saddle(m)
    idx = np.flatnonzero(pure)
    value[idx] = lower[idx]
    x[idx, best_row[idx]] = 1.0
    y[idx, best_col[idx]] = 1.0
    rest = np.flatnonzero(~pure)
    if rest.size == 0:
        return value, x, y
    if n == 2:
        v, p, q = _two_by_two(m[rest])
        value[rest] = v
        x[rest, 0], x[rest, 1] = p, 1.0 - p
        y[rest, 0], y[rest, 1] = q, 1.0 - q
        return value, x, y
    v, xs, ys, done = _simplex(m[rest])
    value[rest], x[rest], y[rest] = v, xs, ys
    for index in rest[~done]:
        value[index], x[index], y[index] = solve_lp(m[index])
    return value, x, y


def restricted_response(values: F64, model: F64, confidence: float) -> tuple[F64, float, float]:
    """The row player's restricted Nash response to a column model (Johanson, Zinkevich and
    Bowling, 2007), in the one-decision form: the strategy ``x`` maximising

        confidence * x M q + (1 - confidence) * min_j (x M)_j

    for the matrix ``values`` M (rows ours, columns theirs) and the model's column strategy
    ``q``: with ``confidence`` 0 it is the maximin (equilibrium) strategy, with 1 a best
    response to ``q``; in between it gains against the model while its worst case stays
    bounded. One LP by SciPy's HiGHS over ``(x, v)``. Returns ``x``, the value against the
    model ``x M q`` and the worst case ``min_j (x M)_j``.
    """
    from scipy.optimize import linprog

    m = np.asarray(values, dtype=float)
    q = np.asarray(model, dtype=float)
    n_rows, n_cols = m.shape
    if q.shape != (n_cols,) or np.any(q < -1e-12) or abs(q.sum() - 1.0) > 1e-6:
        raise ValueError(f"a column model is a probability vector of length {n_cols}, not {q}")
    if not 0.0 <= confidence <= 1.0:
        raise ValueError(f"confidence is a probability, not {confidence}")
    # Variables: x (n_rows), v (the worst case). Minimise the negated objective.
    cost = np.concatenate([-confidence * (m @ q), [-(1.0 - confidence)]])
    a_ub = np.hstack([-m.T, np.ones((n_cols, 1))])  # v - (x M)_j <= 0
    a_eq = np.concatenate([np.ones(n_rows), [0.0]])[None, :]
    bounds = [(0.0, None)] * n_rows + [(None, None)]
    res = linprog(
        cost,
        A_ub=a_ub,
        b_ub=np.zeros(n_cols),
        A_eq=a_eq,
        b_eq=[1.0],
        bounds=bounds,
        method="highs",
    )
    if res.status != 0:
        raise RuntimeError(f"HiGHS failed on a restricted response: {res.message}")
    x = np.clip(res.x[:n_rows], 0.0, None)
    x = x / x.sum()
    return x, float(x @ m @ q), float((x @ m).min())
