"""A fitted plan of the other seat: a conditional logit over its moves, learnt in the match.

A person who follows a fixed plan ("bid the fleet nearest a little below the prize", "play my
strongest unit first") makes the same choice whenever the same things are in front of them.
:class:`ChoiceModel` learns such a plan from the moves the other seat made in this match: each
observation is the list of moves the other seat could make, each described by a vector of
features the game chooses, and the one it made. The model is a conditional logit (McFadden):
the probability of move ``i`` is ``exp(w . x_i) / sum_j exp(w . x_j)``, ``w`` fitted by
maximum likelihood with an L2 penalty (``ridge``; Newton's method with step halving, a few
steps from the last fit). The fit is convex, so it is fast and has one answer.

Why a logit: a rule "send the fleet nearest the target ``t(context)``" with ``t`` linear in the
context is the limit of a logit whose features are ``-size^2`` and ``size * context``
(``-(size - t)^2 = -size^2 + 2 size t - t^2``, the last term the same for every move), so a
fixed plan of that shape is fitted exactly (the weights grow until the penalty stops them) and a
player who mixes gets a flat fit. A game supplies the features (its own ``plan_model.py``, or
one weight per unit drifting over the rounds).
The model reads only what the seat's view showed; it is one policy of the opponent mixture
(``duelhost.bots.opponent_model``), whose posterior weighs it by how well it predicted each
move *before* seeing it.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

Matrix = NDArray[np.float64]


class ChoiceModel:
    """Conditional logit over candidate moves, fitted to the other seat's observed choices."""

    def __init__(self, features: int, ridge: float = 0.05, steps: int = 8) -> None:
        if features < 1 or ridge <= 0 or steps < 1:
            raise ValueError("a choice model needs features >= 1, ridge > 0 and steps >= 1")
        self.weights: Matrix = np.zeros(features)
        self.ridge = ridge
        self.steps = steps
        self._candidates: list[Matrix] = []
        self._chosen: list[int] = []
        self._fitted = 0
        """Observations the weights were last fitted to."""

    @property
    def observed(self) -> int:
        return len(self._chosen)

    def observe(self, candidates: Matrix, chosen: int) -> None:
        """One choice: ``candidates`` (one row of features per move it could make) and the
        index of the move it made."""
        candidates = np.asarray(candidates, dtype=float)
        if candidates.ndim != 2 or candidates.shape[1] != len(self.weights):
            raise ValueError(f"candidates must be rows of {len(self.weights)} features")
        if not 0 <= chosen < len(candidates):
            raise ValueError(f"the chosen move {chosen} is not one of {len(candidates)}")
        self._candidates.append(candidates)
        self._chosen.append(chosen)

    def probabilities(self, candidates: Matrix) -> Matrix:
        """The fitted probability of each candidate move (rows of features)."""
        self._fit()
        scores = np.asarray(candidates, dtype=float) @ self.weights
        scores -= scores.max()
        odds = np.exp(scores)
        result: Matrix = odds / odds.sum()
        return result

    def _fit(self) -> None:
        """Newton steps on the penalised log-likelihood from the last weights, each halved
        until it improves the objective (a plan's choices are separable, where full Newton
        steps overshoot); all observations at once, their candidates stacked."""
        if self._fitted == len(self._chosen):
            return
        self._fitted = len(self._chosen)
        x = np.vstack(self._candidates)
        counts = np.array([len(c) for c in self._candidates])
        starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
        picked = x[starts + np.array(self._chosen)].sum(axis=0)
        ridge = self.ridge

        def objective(w: Matrix) -> tuple[float, Matrix]:
            scores = x @ w
            top = np.repeat(np.maximum.reduceat(scores, starts), counts)
            odds = np.exp(scores - top)
            sums = np.add.reduceat(odds, starts)
            value = float(picked @ w - (np.log(sums) + top[starts]).sum() - ridge * (w @ w) / 2)
            return value, odds / np.repeat(sums, counts)

        w = self.weights
        value, p = objective(w)
        for _ in range(self.steps):
            weighted = x * p[:, None]
            means = np.add.reduceat(weighted, starts, axis=0)
            gradient = picked - means.sum(axis=0) - ridge * w
            hessian = weighted.T @ x - means.T @ means + ridge * np.eye(len(w))
            step = np.linalg.solve(hessian, gradient)
            for _ in range(30):
                trial, trial_p = objective(w + step)
                if trial >= value:
                    break
                step = step / 2
            else:
                break
            w, value, p = w + step, trial, trial_p
            if float(np.abs(step).max()) < 1e-6:
                break
        self.weights = w
