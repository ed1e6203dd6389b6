"""A model of the other seat fitted from what it has played: a Bayesian mixture of policies.

The bot names a few candidate policies the other seat may follow (for instance a fixed rule of
thumb, uniformly random play and the equilibrium), each with a prior weight. After
every round it has seen, the bot tells the model how likely each policy made the move the
other seat really made (:meth:`MixtureModel.observe`); the posterior weight of a policy is
proportional to its prior times the product of those likelihoods, each first mixed with a
share ``smoothing`` of the uniform distribution over the moves the other seat had, so that one
surprising move lowers a policy's weight rather than ruling it out. With ``memory`` below 1 the
log-weights are first multiplied by ``memory`` at every move (a power posterior that forgets
old evidence geometrically), so a policy that predicted badly while it was still learning (the
fitted plan of ``choice_model``) can win the weight back once it predicts well: the log-odds of
two policies are at most ``1 / (1 - memory)`` moves' worth of evidence. The model's prediction
at a decision is the posterior mixture of the policies' predictions (:meth:`predict`).

How far the bot trusts it is :meth:`confidence`, the restricted Nash response's ``p``
(``duelhost.core.matrix_games.restricted_response``): 0 before anything was seen, rising with
the number of moves observed to at most ``trust``, and scaled by the weight of the policies
that can be exploited (all but the ``safe`` one, the equilibrium). Everything comes from the
moves the seat's own view showed: the model never reads the match state.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray


class MixtureModel:
    """Posterior weights over named policies of the other seat, from the moves it made."""

    def __init__(
        self,
        prior: Mapping[str, float],
        smoothing: float = 0.05,
        trust: float = 0.9,
        patience: float = 3.0,
        safe: str | None = None,
        memory: float = 1.0,
    ) -> None:
        if not prior or any(w <= 0 for w in prior.values()):
            raise ValueError(f"a mixture needs positive prior weights, not {dict(prior)}")
        if not 0.0 < smoothing <= 1.0 or not 0.0 <= trust <= 1.0 or patience < 0:
            raise ValueError("smoothing in (0, 1], trust in [0, 1] and patience >= 0")
        if not 0.0 < memory <= 1.0:
            raise ValueError(f"memory must be in (0, 1], not {memory}")
        self.memory = memory
        total = sum(prior.values())
        self.names = list(prior)
        self.smoothing = smoothing
        self.trust = trust
        self.patience = patience
        if safe is not None and safe not in prior:
            raise ValueError(f"the safe policy {safe!r} is not one of {list(prior)}")
        self.safe = safe
        self._log = {name: math.log(prior[name] / total) for name in self.names}
        self.observed = 0
        """Moves observed so far."""

    def observe(self, likelihoods: Mapping[str, float], choices: int) -> None:
        """One move of the other seat: ``likelihoods[name]`` is the probability policy
        ``name`` gave it, ``choices`` the number of moves the other seat could make."""
        if choices < 1:
            raise ValueError("a move is made among at least one choice")
        uniform = 1.0 / choices
        if self.memory < 1.0:
            top = max(self._log.values())
            self._log = {name: self.memory * (value - top) for name, value in self._log.items()}
        for name in self.names:
            chance = min(1.0, max(0.0, likelihoods[name]))
            self._log[name] += math.log((1.0 - self.smoothing) * chance + self.smoothing * uniform)
        self.observed += 1

    def weights(self) -> dict[str, float]:
        """The posterior weight of each policy (summing to 1)."""
        top = max(self._log.values())
        raw = {name: math.exp(value - top) for name, value in self._log.items()}
        total = sum(raw.values())
        return {name: value / total for name, value in raw.items()}

    def predict(self, predictions: Mapping[str, NDArray[np.float64]]) -> NDArray[np.float64]:
        """The mixture of the policies' predictions (each a distribution over the same moves)."""
        weights = self.weights()
        mixed = sum(
            weights[name] * np.asarray(predictions[name], dtype=float) for name in self.names
        )
        result: NDArray[np.float64] = np.asarray(mixed, dtype=float)
        return result / float(result.sum())

    def draw(self, rng: random.Random) -> str:
        """A policy drawn by posterior weight (for a rollout's other seat)."""
        weights = self.weights()
        return rng.choices(self.names, weights=[weights[name] for name in self.names])[0]

    def confidence(self) -> float:
        """How far to trust the model: ``trust * n / (n + patience)`` after ``n`` moves, times
        the weight of the policies other than ``safe`` (an equilibrium: a player best
        explained by it leaves nothing to exploit, so the response should stay safe)."""
        n = self.observed
        if not n:
            return 0.0
        exploitable = 1.0 - self.weights()[self.safe] if self.safe is not None else 1.0
        return self.trust * n / (n + self.patience) * exploitable
