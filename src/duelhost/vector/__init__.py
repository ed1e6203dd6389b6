"""Batched NumPy engines: many matches at once, bit-exact with the reference engines.

``GoofspielBatch`` (classic and seven-galaxy Goofspiel) and ``WarriorsDeathBatch`` play ``B``
matches as arrays; ``vector_env(game, num_envs, **options)`` wraps them as Gymnasium vector
environments (``duelhost.vector.env``). ``duelhost bench GAME --vector`` measures them
(``duelhost.vector.bench``). Extra ``duelhost[research]``.
"""

from __future__ import annotations

from duelhost.vector.env import GoofspielVectorEnv, WarriorsDeathVectorEnv, vector_env
from duelhost.vector.goofspiel import GoofspielBatch
from duelhost.vector.warriors_death import WarriorsDeathBatch

ENGINES = ("goofspiel", "warriors_death")

__all__ = [
    "ENGINES",
    "GoofspielBatch",
    "GoofspielVectorEnv",
    "WarriorsDeathBatch",
    "WarriorsDeathVectorEnv",
    "vector_env",
]
