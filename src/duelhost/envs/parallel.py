"""The parallel environment: both seats give an index every step.

The seats that must act when the step begins act, seat 0 first; a seat that owes nothing
(the other side's move in a sequential game, or a seat that already ended its multi-step
decision) passes: its mask allows index 0 alone (a no-op, so a masked softmax never sees an
all-zero mask) and whatever index it gives is ignored. A seat that must act but gives no
index, or one its mask forbids, raises ``IllegalAction`` before anything is applied (or, with
``illegal="timeout"``, times out: ``duelhost.envs.driver``). ``max_cycles`` steps at most:
then every agent is truncated. Each agent's info is ``{"view": its view}`` (``{}`` with
``info_views=False``), the view made when first read where observations are read off the state
(``duelhost.envs.infos``).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import ParallelEnv

from duelhost.envs.common import AGENTS, Common
from duelhost.envs.infos import StepInfos


class DuelhostParallelEnv(Common, ParallelEnv):  # type: ignore[misc]
    """A duelhost game as a PettingZoo ``ParallelEnv``."""

    def _kept_seen(
        self, state: Any, to_act: tuple[int, ...], kept: list[Any]
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Observations and infos from the encoding's kept arrays (``Driver.kept``), the idle
        seat's mask allowing its no-op."""
        observation0, mask0, observation1, mask1 = kept
        if len(to_act) < 2:
            if 0 not in to_act:
                mask0[0] = 1  # the idle seat's no-op
            if 1 not in to_act:
                mask1[0] = 1
        observations = {
            "seat_0": {"observation": observation0, "action_mask": mask0},
            "seat_1": {"observation": observation1, "action_mask": mask1},
        }
        if not self.info_views:
            return observations, {"seat_0": {}, "seat_1": {}}
        return observations, StepInfos.of(state)

    def _seen(self) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """Observations and infos. Where the encoding observes views, each seat's view is
        made once for both its observation and its info; otherwise the infos make theirs
        when first read (``duelhost.envs.infos``): views are the costly part of a step
        (docs/performance.md)."""
        driver = self.driver
        state = driver.state
        to_act = state.to_act
        if driver.keeps:  # the encoding keeps observations and masks
            return self._kept_seen(state, to_act, driver.kept())
        views: dict[int, dict[str, Any]] | None = None
        if driver.reads_views:
            views = {seat: state.view(seat) for seat in (0, 1)}
        observations = {}
        for seat, agent in enumerate(AGENTS):
            mask = driver.mask(seat)
            if seat not in to_act:
                mask[0] = 1  # the idle seat's no-op
            observations[agent] = {
                "observation": driver.observe(seat, None if views is None else views[seat]),
                "action_mask": mask,
            }
        return observations, self._infos(self.possible_agents, views)

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
        get = actions.get
        # The common round, both seats acting with allowed indices, at once; else each seat
        # that must act in turn, every index checked before any is applied.
        made = driver.play_both(get("seat_0"), get("seat_1")) if driver.keeps else None
        state = driver.state
        if made is None:
            steps = driver.checks([(seat, get(AGENTS[seat])) for seat in state.to_act])
            apply = driver.apply
            for seat, found in steps:
                apply(seat, found)
            observations, infos = self._seen()
        else:  # the common round: ``_seen`` without its ``to_act`` property call
            # ``state.to_act`` written out: the round resolved, nobody has submitted since.
            if state._outcome is not None:
                to_act: tuple[int, ...] = ()
            else:
                to_act = state.to_act if state._pending else state._decision_seats()
            observations, infos = self._kept_seen(state, to_act, made)
        self.cycles = cycles = self.cycles + 1
        over = state._outcome is not None  # ``is_over``
        cut = not over and self.max_cycles is not None and cycles >= self.max_cycles
        if over:
            returns = driver.returns()
            rewards = {"seat_0": returns[0], "seat_1": returns[1]}
        else:
            rewards = {"seat_0": 0.0, "seat_1": 0.0}
        if over or cut:
            self.agents = []
        return (
            observations,
            rewards,
            {"seat_0": over, "seat_1": over},
            {"seat_0": cut, "seat_1": cut},
            infos,
        )


def parallel_env(game: str, **arguments: Any) -> DuelhostParallelEnv:
    """The parallel environment of ``game``: ``render_mode``, ``max_cycles``, ``illegal`` and
    ``factored`` as ``DuelhostParallelEnv`` takes them, every other keyword a game option."""
    return DuelhostParallelEnv(game, **arguments)
