"""The parallel environment: both seats give an index every step.

The seats that must act when the step begins act, seat 0 first; a seat that owes nothing
(the other side's move in a sequential game, or a seat that already ended its multi-step
decision) passes: its index is ignored and its mask is all zeros. A seat that must act but
gives no index, or one its mask forbids, times out (``duelhost.envs.driver``).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import ParallelEnv

from duelhost.envs.common import AGENTS, Common


class DuelhostParallelEnv(Common, ParallelEnv):  # type: ignore[misc]
    """A duelhost game as a PettingZoo ``ParallelEnv``."""

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        self._setup(game, render_mode, options)
        self.agents: list[str] = []

    def _infos(self) -> dict[str, dict[str, Any]]:
        state = self.driver.state
        return {agent: {"view": state.view(AGENTS.index(agent))} for agent in AGENTS}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self._new_match(seed)
        self.agents = list(AGENTS)
        observations = {agent: self._observation(seat) for seat, agent in enumerate(AGENTS)}
        return observations, self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        driver = self.driver
        for seat in driver.state.to_act:
            if driver.must_act(seat):
                action = actions.get(AGENTS[seat])
                driver.act(seat, -1 if action is None else int(action))
        over = driver.state.is_over
        returns = driver.returns()
        observations = {agent: self._observation(seat) for seat, agent in enumerate(AGENTS)}
        rewards = {agent: returns[seat] for seat, agent in enumerate(AGENTS)}
        terminations = {agent: over for agent in AGENTS}
        truncations = {agent: False for agent in AGENTS}
        infos = self._infos()
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def parallel_env(game: str, render_mode: str | None = None, **options: Any) -> DuelhostParallelEnv:
    """The parallel environment of ``game`` with the game's ``options``."""
    return DuelhostParallelEnv(game, render_mode=render_mode, **options)
