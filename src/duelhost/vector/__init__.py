"""Batched NumPy engines: many matches at once, bit-exact with the reference engines.

A game may ship a batched engine in a ``batch`` module beside its ``State``
(``batch_engine(size, options)``, see ``duelhost.vector.env.BatchEngine``); ``engines()``
lists the games that do. ``vector_env(game, num_envs, **options)`` wraps one as a Gymnasium
vector environment (``duelhost.vector.env``), and ``duelhost bench GAME --vector`` measures it
(``duelhost.vector.bench``). Extra ``duelhost[research]``.
"""

from __future__ import annotations

from duelhost.vector.env import IN_PLAY, BatchEngine, BatchEnv, engines, vector_env

__all__ = ["IN_PLAY", "BatchEngine", "BatchEnv", "engines", "vector_env"]
