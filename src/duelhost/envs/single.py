"""A single-agent Gymnasium environment: one seat learns, a duelhost bot plays the other.

``single_agent_env(game, opponent="random", seat=0, **options)`` is a ``gymnasium.Env``
whose observation is the learner's ``observation`` vector (``Box(float32)``) and whose action
is an index of the game's encoding (``Discrete``). The mask of allowed indices is
``info["action_mask"]`` and ``action_masks()`` (the method sb3-contrib's ``MaskablePPO``
calls). The opponent is any bot ``duelhost bots`` lists for the game, made with the match
seed, so ``reset(seed=s)`` gives the same match every time; it plays whenever the learner
owes nothing (in a simultaneous decision, after the learner's index is in). The reward is
+1 / -1 / 0 at the end (win / loss / draw), 0 before; ``max_steps`` truncates a match after
that many learner steps. A forbidden index raises ``IllegalAction``, or with
``illegal="timeout"`` is the learner's timeout (``duelhost.envs.driver``): Gymnasium's
``check_env`` sends unmasked random actions.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import duelhost
from duelhost.bots import SeatHandle
from duelhost.bots.registry import make_bot
from duelhost.core.encoding import Encoding
from duelhost.envs.driver import Driver, check_illegal, load_encoding
from duelhost.envs.factored import Factored


class SingleAgentEnv(gymnasium.Env[Any, Any]):
    """One seat of a duelhost game against a fixed bot."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        opponent: str = "random",
        seat: int = 0,
        max_steps: int | None = None,
        illegal: str = "raise",
        factored: bool = False,
        **options: Any,
    ) -> None:
        if seat not in (0, 1):
            raise duelhost.ConfigError(f"seat must be 0 or 1, got {seat!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or max_steps < 1):
            raise duelhost.ConfigError(f"max_steps must be a positive integer, got {max_steps!r}")
        self.game = duelhost.load(game, **options)
        self.encoding: Encoding = load_encoding(self.game)
        if factored:
            self.encoding = Factored(self.encoding)
        self.opponent_name = opponent
        make_bot(opponent, self.game, 1 - seat)  # an unknown bot fails here, not at reset
        self.seat = seat
        self.max_steps = max_steps
        self.illegal = check_illegal(illegal)
        self.observation_space = spaces.Box(
            -np.inf, np.inf, (self.encoding.observation_size,), np.float32
        )
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self.driver = Driver(self.game, self.encoding, 0, self.illegal)
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        match_seed = int(self.np_random.integers(0, 2**31 - 1))
        self.driver = Driver(self.game, self.encoding, match_seed, self.illegal)
        self.bot = make_bot(self.opponent_name, self.game, 1 - self.seat, match_seed)
        self.steps = 0
        self._opponent_plays()
        return self.driver.observe(self.seat), self._info()

    def _opponent_plays(self) -> None:
        """The bot submits while the learner owes nothing and the match goes on."""
        state = self.driver.state
        other = 1 - self.seat
        while not state.is_over and not self.driver.must_act(self.seat):
            state.submit(other, self.bot.act(SeatHandle(state, other)))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "view": self.driver.state.view(self.seat)}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's allowed indices now (all False once the match is over)."""
        return self.driver.mask(self.seat).astype(bool)

    def step(
        self, action: Any
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        self.driver.act(self.seat, int(action))
        self.steps += 1
        self._opponent_plays()
        state = self.driver.state
        reward = self.driver.returns()[self.seat] if state.is_over else 0.0
        truncated = self.max_steps is not None and self.steps >= self.max_steps
        return self.driver.observe(self.seat), reward, state.is_over, truncated, self._info()

    def render(self) -> str:
        from duelhost.core.events import render_view

        text: str = render_view(self.game.spec, self.driver.state.view(None))
        return text


def single_agent_env(
    game: str, opponent: str = "random", seat: int = 0, **options: Any
) -> SingleAgentEnv:
    """The single-agent environment of ``game`` against the bot ``opponent``."""
    return SingleAgentEnv(game, opponent, seat, **options)
