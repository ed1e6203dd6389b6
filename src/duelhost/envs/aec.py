"""The AEC environment: one seat acts at a time, following the match's ``to_act``.

In a simultaneous decision seat 0 acts first, then seat 1 (seat 0's choice is held by the
kernel, so seat 1's observation cannot show it). In a multi-step decision (a tick's orders,
an army built item by item) the seat stays selected until it chooses END. ``max_cycles``: a
cycle is two steps (one per seat); after ``2 * max_cycles`` steps every agent is truncated.
A forbidden index (or None for a live agent) raises ``IllegalAction`` and changes nothing, or
with ``illegal="timeout"`` is the seat's timeout (``duelhost.envs.driver``).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from duelhost.envs.common import AGENTS, Common


class DuelhostAECEnv(Common, AECEnv):  # type: ignore[misc]
    """A duelhost game as a PettingZoo ``AECEnv``."""

    steps = 0
    """Steps since the reset (two make a cycle)."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._new_match(seed)
        self.steps = 0
        self.agents = list(AGENTS)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self._update_infos()
        self.agent_selection = AGENTS[self.driver.state.to_act[0]]

    def _update_infos(self) -> None:
        """Each agent's info: ``{"view": its view}`` (``{}`` with ``info_views=False``), the
        view made when first read (``duelhost.envs.infos``)."""
        self.infos = self._infos(self.agents)

    def observe(self, agent: str) -> dict[str, Any]:
        return self._observation(AGENTS.index(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = AGENTS.index(agent)
        self.driver.act(seat, None if action is None else int(action))
        self._cumulative_rewards[agent] = 0.0
        self.steps += 1
        self.cycles = self.steps // 2
        state = self.driver.state
        self.rewards = {agent: 0.0 for agent in self.agents}
        if state.is_over:
            for other, value in zip(AGENTS, self.driver.returns(), strict=True):
                self.rewards[other] = value
                self.terminations[other] = True
        cut = self._truncated()
        if cut:
            self.truncations = {other: True for other in self.agents}
        self._update_infos()
        self._accumulate_rewards()
        if state.is_over or cut:
            self._deads_step_first()
        else:
            self.agent_selection = AGENTS[state.to_act[0]]


def env(game: str, **arguments: Any) -> DuelhostAECEnv:
    """The AEC environment of ``game``: ``render_mode``, ``max_cycles``, ``illegal`` and
    ``factored`` as ``DuelhostAECEnv`` takes them, every other keyword an option of the game."""
    return DuelhostAECEnv(game, **arguments)
