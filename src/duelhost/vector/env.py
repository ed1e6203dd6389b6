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

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from duelhost.vector.goofspiel import IN_PLAY, GoofspielBatch
from duelhost.vector.warriors_death import WarriorsDeathBatch

Array = Any


class BatchEnv(VectorEnv):
    """A batched engine with Gymnasium's vector-environment interface."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, batch: GoofspielBatch | WarriorsDeathBatch, observation_size: int) -> None:
        self.batch = batch
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
        raise NotImplementedError

    def _scores(self) -> Array:
        raise NotImplementedError

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
                "scores": self._scores().copy(),
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


class GoofspielVectorEnv(BatchEnv):
    """Goofspiel (``galaxies=1, planets=13``: classic 13-card Goofspiel)."""

    def __init__(
        self, num_envs: int, galaxies: int = 7, planets: int = 7, max_replays: int = 10
    ) -> None:
        batch = GoofspielBatch(num_envs, galaxies, planets, max_replays)
        super().__init__(batch, 4 * planets + 2 * galaxies + 8)
        self.goofspiel = batch

    def _start(self, which: Array) -> None:
        self.goofspiel.reset_matches(which, self.seeds[which])

    def _scores(self) -> Array:
        return self.goofspiel.scores


class WarriorsDeathVectorEnv(BatchEnv):
    """A Warrior's Death (no chance: the seeds only number the matches)."""

    def __init__(self, num_envs: int, bouts: int = 5, rounds: int = 10) -> None:
        batch = WarriorsDeathBatch(num_envs, bouts, rounds)
        super().__init__(batch, 26 + 43 * rounds)
        self.warriors = batch

    def _start(self, which: Array) -> None:
        self.warriors.reset_matches(which)

    def _scores(self) -> Array:
        return self.warriors.bout_wins


def vector_env(game: str, num_envs: int, **options: Any) -> BatchEnv:
    """The vector environment of ``game`` (``goofspiel`` or ``warriors_death``)."""
    if game == "goofspiel":
        return GoofspielVectorEnv(num_envs, **options)
    if game == "warriors_death":
        return WarriorsDeathVectorEnv(num_envs, **options)
    raise ValueError(f"no batched engine for {game!r}; there are: goofspiel, warriors_death")
