"""The batched engines as Gymnasium vector environments (``gymnasium.vector.VectorEnv``).

Each sub-environment is one match of two seats. Observations are
``{"observation": (num_envs, 2, n) float32, "action_mask": (num_envs, 2, actions) int8}``
(row ``s`` is seat ``s``'s, built from what that seat may know, as in ``duelhost.envs``);
actions are ``(num_envs, 2)`` indices of the game's encoding, one per seat (a forbidden index
is that seat's timeout, as in the reference engine). ``rewards`` are seat 0's (+1 win, -1 loss,
0 draw or in play; seat 1's is the negative), ``terminations`` mark matches that ended in the
step. Finished matches restart at once with the next seed (``autoreset_mode`` SAME_STEP): the
observation returned is the new match's, and ``infos`` hold ``winner`` (the seat, -1 for a
draw), ``scores`` and ``seed`` of the finished matches (with the usual ``_winner`` masks).
Match seeds: ``reset(seed=s)`` gives sub-environment ``i`` the seed ``s + i``; every later
match takes the next unused seed (``s + num_envs``, ``s + num_envs + 1``, ...), in index order.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

import duelhost
from duelhost.envs.driver import game_module

Array = Any
IN_PLAY = -2
"""``winner`` of a match in play (a draw is -1, else the winning seat)."""


class BatchEngine(Protocol):
    """What a game's batched engine offers (``batch_engine(size, options)`` of its ``batch``
    module): ``size`` matches as arrays, actions the indices of the game's encoding."""

    size: int
    num_actions: int
    observation_size: int
    winner: Array
    """``(size,)``: IN_PLAY, -1 for a draw, or the winning seat."""
    scores: Array
    """``(size, 2)``: ``result["scores"]`` of each finished match."""

    def reset_matches(self, which: Array, seeds: Array) -> None: ...

    def masks(self) -> Array: ...

    def observations(self) -> Array: ...

    def step(self, actions: Array) -> Array: ...


class BatchEnv(VectorEnv):
    """A batched engine with Gymnasium's vector-environment interface."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, batch: BatchEngine) -> None:
        self.batch = batch
        observation_size = batch.observation_size
        self.num_envs = batch.size
        actions = batch.num_actions
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (2, observation_size), np.float32),
                "action_mask": spaces.Box(0, 1, (2, actions), np.int8),
            }
        )
        self.single_action_space = spaces.MultiDiscrete([actions, actions])
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, (batch.size, 2, observation_size), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (batch.size, 2, actions), np.int8),
            }
        )
        self.action_space = spaces.MultiDiscrete(np.full((batch.size, 2), actions))
        self.next_seed = 0
        self.seeds = np.zeros(batch.size, np.int64)

    def _start(self, which: Array) -> None:
        self.batch.reset_matches(which, self.seeds[which])

    def _observe(self) -> dict[str, Array]:
        return {"observation": self.batch.observations(), "action_mask": self.batch.masks()}

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Array], dict[str, Any]]:
        if isinstance(seed, list):
            seed = seed[0]
        base = self.next_seed if seed is None else int(seed)
        everyone = np.arange(self.num_envs)
        self.seeds[:] = base + everyone
        self.next_seed = base + self.num_envs
        self._start(everyone)
        return self._observe(), {"seed": self.seeds.copy()}

    def step(self, actions: Array) -> tuple[dict[str, Array], Array, Array, Array, dict[str, Any]]:
        batch = self.batch
        ended = batch.step(np.asarray(actions, np.int64).reshape(self.num_envs, 2))
        winner = batch.winner.astype(np.int64)
        rewards = np.where(ended & (winner == 0), 1.0, np.where(ended & (winner == 1), -1.0, 0.0))
        infos: dict[str, Any] = {}
        if ended.any():
            infos = {
                "winner": np.where(ended, winner, IN_PLAY),
                "_winner": ended.copy(),
                "scores": self.batch.scores.copy(),
                "_scores": ended.copy(),
                "seed": self.seeds.copy(),
                "_seed": ended.copy(),
            }
            which = np.flatnonzero(ended)
            self.seeds[which] = self.next_seed + np.arange(which.size)
            self.next_seed += which.size
            self._start(which)
        truncations = np.zeros(self.num_envs, bool)
        return self._observe(), rewards, ended, truncations, infos


def engines() -> list[str]:
    """The games that ship a batched engine (a ``batch`` module beside their ``State``)."""
    return [
        name
        for name in duelhost.list_games()
        if getattr(game_module(duelhost.core.registry.spec(name), "batch"), "batch_engine", None)
    ]


def batch_module(game: duelhost.Game) -> Any:
    """The ``batch`` module of a loaded game; ConfigError naming the games that have one."""
    module = game_module(game.spec, "batch")
    if module is None or not hasattr(module, "batch_engine"):
        raise duelhost.ConfigError(
            f"no batched engine for {game.name!r}; there are: {', '.join(engines())}"
        )
    return module


def vector_env(game: str, num_envs: int, **options: Any) -> BatchEnv:
    """The vector environment of ``game`` (one of ``engines()``) with the game's options."""
    loaded = duelhost.load(game, **options)
    return BatchEnv(batch_module(loaded).batch_engine(num_envs, loaded.options))
