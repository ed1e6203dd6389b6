"""What the AEC and parallel environments share: spaces, seeds, rendering."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces

import duelhost
from duelhost.core.encoding import Encoding
from duelhost.core.events import render_view
from duelhost.core.registry import Game
from duelhost.envs.driver import Driver, check_illegal, load_encoding
from duelhost.envs.factored import Factored
from duelhost.envs.infos import Moment, ViewInfo
from duelhost.envs.seeding import Seeds

AGENTS = ("seat_0", "seat_1")
RENDER_MODES = ("ansi", "human")


class Common:
    """Mixed into both environments."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": True,
    }
    game: Game
    encoding: Encoding
    driver: Driver
    render_mode: str | None

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal: str = "raise",
        factored: bool = False,
        info_views: bool = True,
        **options: Any,
    ) -> None:
        """``game`` with its ``options``; ``max_cycles`` truncates, ``illegal`` says what a
        forbidden index does (``duelhost.envs.driver``), ``factored`` chooses each index in two
        small steps (``duelhost.envs.factored``); ``info_views=False`` leaves the seats' views
        out of the infos (by default each view is made when first read:
        ``duelhost.envs.infos``)."""
        super().__init__()
        if not isinstance(info_views, bool):
            raise duelhost.ConfigError(f"info_views must be true or false, got {info_views!r}")
        self.info_views = info_views
        self._setup(game, render_mode, options, max_cycles, illegal, factored)
        self.agents: list[str] = []

    def _setup(
        self,
        game: str,
        render_mode: str | None,
        options: dict[str, Any],
        max_cycles: int | None,
        illegal: str,
        factored: bool,
    ) -> None:
        if max_cycles is not None and (isinstance(max_cycles, bool) or max_cycles < 1):
            raise duelhost.ConfigError(f"max_cycles must be a positive integer, got {max_cycles!r}")
        self.max_cycles = max_cycles
        self.illegal = check_illegal(illegal)
        self.cycles = 0
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise duelhost.ConfigError(
                f"render_mode must be one of {', '.join(RENDER_MODES)}, got {render_mode!r}"
            )
        self.game = duelhost.load(game, **options)
        self.encoding = load_encoding(self.game)
        if factored:
            self.encoding = Factored(self.encoding)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        size = self.encoding.num_actions
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, (self.encoding.observation_size,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(size)
        self._seeds = Seeds()
        self.metadata = {**Common.metadata, "name": f"duelhost_{game}"}  # type: ignore[misc]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def _new_match(self, seed: int | None) -> None:
        """The match seed comes from ``seed`` (reseeding the env) or the env's generator."""
        match_seed = self._seeds.next(seed)
        driver = getattr(self, "driver", None)
        if driver is None:
            self.driver = Driver(self.game, self.encoding, match_seed, self.illegal)
        else:  # the same driver, a new match: its buffers are made once
            driver.rematch(match_seed)
        self.cycles = 0

    def _infos(
        self, agents: list[str], views: dict[int, dict[str, Any]] | None = None
    ) -> dict[str, dict[str, Any]]:
        """Each agent's info: ``{"view": its view}`` (``{}`` with ``info_views=False``), the
        view as ``views`` has it for the seat or else made when first read (``ViewInfo``)."""
        if not self.info_views:
            return {agent: {} for agent in agents}
        if views is not None:
            return {agent: {"view": views[AGENTS.index(agent)]} for agent in agents}
        moment = Moment(self.driver.state)
        if len(agents) == 2:
            first, second = ViewInfo.pair(moment)
            return {"seat_0": first, "seat_1": second}
        return {agent: ViewInfo.of(moment, AGENTS.index(agent)) for agent in agents}

    def _truncated(self) -> bool:
        """Whether ``max_cycles`` cycles are played (the match not over)."""
        over = self.driver.state.is_over
        return self.max_cycles is not None and self.cycles >= self.max_cycles and not over

    def _observation(self, seat: int, view: dict[str, Any] | None = None) -> dict[str, Any]:
        return {
            "observation": self.driver.observe(seat, view),
            "action_mask": self.driver.mask(seat),
        }

    def render(self) -> str | None:
        text = render_view(self.game.spec, self.driver.state.view(None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
