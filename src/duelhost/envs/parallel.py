"""The parallel environment: both seats give an index every step.

The seats that must act when the step begins act, seat 0 first; a seat that owes nothing
(the other side's move in a sequential game, or a seat that already ended its multi-step
decision) passes: its mask allows index 0 alone (a no-op, so a masked softmax never sees an
all-zero mask) and whatever index it gives is ignored. A seat that must act but gives no
index, or one its mask forbids, raises ``IllegalAction`` before anything is applied (or, with
``illegal="timeout"``, times out: ``duelhost.envs.driver``). ``max_cycles`` steps at most:
then every agent is truncated. Each agent's info is ``{"view": its view}`` (``{}`` with
``info_views=False``).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import ParallelEnv

from duelhost.envs.common import AGENTS, Common


class DuelhostParallelEnv(Common, ParallelEnv):  # type: ignore[misc]
    """A duelhost game as a PettingZoo ``ParallelEnv``."""

    def _seen(self) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """Observations and infos, each seat's view made once for both the info and (where
        the encoding reads views) the observation: views are the costly part of a step
        (docs/performance.md)."""
        driver = self.driver
        state = driver.state
        to_act = state.to_act
        observations: dict[str, Any] = {}
        infos: dict[str, dict[str, Any]] = {}
        for seat, agent in enumerate(AGENTS):
            view = state.view(seat) if self.info_views else None
            mask = driver.mask(seat)
            if seat not in to_act:
                mask[0] = 1  # the idle seat's no-op
            observations[agent] = {
                "observation": driver.observe(seat, view),
                "action_mask": mask,
            }
            infos[agent] = {} if view is None else {"view": view}
        return observations, infos

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self._new_match(seed)
        self.agents = list(AGENTS)
        return self._seen()

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
        acting = driver.state.to_act
        chosen = {seat: actions.get(AGENTS[seat]) for seat in acting}
        steps = [(seat, driver.check(seat, chosen[seat])) for seat in acting]
        for seat, found in steps:  # every index checked before any is applied
            driver.apply(seat, found)
        self.cycles += 1
        over = driver.state.is_over
        cut = self._truncated()
        returns = driver.returns()
        observations, infos = self._seen()
        rewards = {agent: returns[seat] for seat, agent in enumerate(AGENTS)}
        terminations = {agent: over for agent in AGENTS}
        truncations = {agent: cut for agent in AGENTS}
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def parallel_env(game: str, **arguments: Any) -> DuelhostParallelEnv:
    """The parallel environment of ``game``: ``render_mode``, ``max_cycles``, ``illegal`` and
    ``factored`` as ``DuelhostParallelEnv`` takes them, every other keyword a game option."""
    return DuelhostParallelEnv(game, **arguments)
