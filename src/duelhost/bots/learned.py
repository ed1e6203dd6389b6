"""Learned responses: a policy trained against a bot (``duelhost exploit GAME --method learned``).

sb3-contrib's ``MaskablePPO`` (the ``learn`` extra) trains an MLP policy on the single-agent
environment (``duelhost.envs.single``) whose fixed opponent is the bot to beat, made with the
finder's node budget: two environments, the learner at seat 0 in one and seat 1 in the other,
for a given number of steps (learner decisions). The policy is saved next to the plan file
(``<plan>.policy.zip``) and the plan, of the kind ``policy``, names it; ``plan:FILE`` plays it
as the masked greedy action: the allowed index of highest probability for the seat's
observation (the game's action encoding, read off the seat's view), so the plan is
deterministic. The trained policy is then measured on fresh evaluation seeds as the family
search's plans are (``duelhost.bots.exploit``).

Only games whose action encoding makes one submission of one index (``multi_step`` false)
are played this way: a multi-step decision (a draft of items, then END) needs the engine's
check of whole submissions, which a seat's view does not offer a plan.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from duelhost.bots.base import Bot, SeatHandle
from duelhost.bots.budget import Budget, using
from duelhost.bots.exploit import Exploit, Progress, Settings, evaluate
from duelhost.bots.plans import Plan, register_kind
from duelhost.bots.registry import make_bot
from duelhost.core.encoding import Encoding
from duelhost.core.errors import ConfigError
from duelhost.core.registry import Game
from duelhost.core.state import Game as AnyGame

KIND = "policy"
ALGORITHM = "MaskablePPO"
POLICY_SUFFIX = ".policy.zip"
_LOADED: dict[str, Any] = {}
"""Policies loaded so far, by resolved file name (a tournament makes a bot per match)."""


def _maskable_ppo() -> Any:
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise ConfigError(
            "learned responses need sb3-contrib and PyTorch: pip install 'duelhost[learn]'"
        ) from None
    return MaskablePPO


def single_step_encoding(game: AnyGame) -> Encoding:
    """The game's action encoding; ConfigError if it has none or takes several steps."""
    from duelhost.envs.driver import has_encoding, load_encoding  # the research extra

    if not has_encoding(game.spec):
        raise ConfigError(f"{game.name} has no action encoding to learn on")
    encoding = load_encoding(game)
    if encoding.multi_step:
        raise ConfigError(
            f"{game.name}'s decisions take several steps of its action encoding (a draft, "
            "then END), which a plan cannot check from its view: no learned response"
        )
    return encoding


class PolicyBot:
    """A trained policy's masked greedy action for its seat."""

    def __init__(self, model: Any, name: str = KIND, game: AnyGame | None = None) -> None:
        self.model = model
        self.name = name
        self._encoding: tuple[dict[str, Any], Encoding] | None = None
        if game is not None:
            self._encoding_for(game)  # a policy for other options fails before the match

    def _encoding_for(self, game: AnyGame) -> Encoding:
        if self._encoding is None or self._encoding[0] != game.options:
            encoding = single_step_encoding(game)
            shape = self.model.observation_space.shape
            if shape != (encoding.observation_size,) or (
                int(self.model.action_space.n) != encoding.num_actions
            ):
                raise ConfigError(
                    f"the policy was trained for other options of {game.name} (observations "
                    f"{shape}, {self.model.action_space.n} actions; these options: "
                    f"{encoding.observation_size}, {encoding.num_actions})"
                )
            self._encoding = (dict(game.options), encoding)
        return self._encoding[1]

    def act(self, seat: SeatHandle) -> str:
        encoding = self._encoding_for(seat.game)
        view, legal = seat.view(), seat.legal()
        choices = encoding.choices(view, legal, (), lambda text: text in legal)
        mask = np.zeros(encoding.num_actions, dtype=bool)
        mask[list(choices)] = True
        observation = np.array(encoding.observe(view, ()), dtype=np.float32)
        action, _ = self.model.predict(observation, action_masks=mask, deterministic=True)
        text = choices[int(action)].text
        assert text is not None  # a single-step encoding's steps are whole submissions
        return text


def load_policy(path: Path) -> Any:
    """The policy saved at ``path`` (loaded once a process)."""
    key = str(path.resolve())
    if key not in _LOADED:
        if not path.is_file():
            raise ConfigError(f"the plan's policy file {str(path)!r} is missing")
        _LOADED[key] = _maskable_ppo().load(path, device="cpu")
    return _LOADED[key]


def _plan_bot(plan: Plan, name: str, game: AnyGame | None) -> Bot:
    policy = plan.data.get("policy")
    if not isinstance(policy, str):
        raise ConfigError("a policy plan's data names its policy file")
    return PolicyBot(load_policy((plan.folder or Path()) / policy), name, game)


register_kind(KIND, _plan_bot)


def train(game: Game, bot: str, nodes: int, steps: int, seed: int) -> Any:
    """MaskablePPO trained ``steps`` learner decisions against ``bot`` (both seats)."""
    single_step_encoding(game)
    make_bot(bot, game, 0, 0)  # an unknown bot fails before training
    ppo = _maskable_ppo()
    try:  # the learn extra, as sb3-contrib (which needs both)
        import torch
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ImportError:
        raise ConfigError(
            "learned responses need sb3-contrib and PyTorch: pip install 'duelhost[learn]'"
        ) from None
    from duelhost.envs.single import SingleAgentEnv

    def env(seat: int) -> Any:
        return lambda: SingleAgentEnv(game.name, bot, seat, **game.options)

    torch.set_num_threads(1)  # the finder shares its machine: one thread trains
    rollout = max(8, min(256, steps // 4))
    with using(Budget(nodes=nodes)):
        venv = DummyVecEnv([env(0), env(1)])
        venv.seed(seed)
        model = ppo(
            "MlpPolicy",
            venv,
            n_steps=rollout,
            batch_size=min(64, 2 * rollout),
            n_epochs=4,
            seed=seed,
            device="cpu",
            verbose=0,
        )
        model.learn(total_timesteps=steps)
    return model


def find_learned(
    game: Game,
    bot: str,
    nodes: int,
    steps: int,
    settings: Settings,
    out: Path,
    progress: Progress | None = None,
) -> Exploit:
    """Train a policy against ``bot`` for ``steps`` steps, save it next to ``out`` (the plan
    file, written by the caller) and measure it on fresh evaluation seeds."""
    if steps < 1:
        raise ConfigError(f"the learned response's steps must be at least 1, got {steps}")
    model = train(game, bot, nodes, steps, settings.seed)
    policy = out.with_name(out.name.removesuffix(".json") + POLICY_SUFFIX)
    model.save(policy)
    _LOADED.pop(str(policy.resolve()), None)
    if progress:
        progress(f"{ALGORITHM}: {model.num_timesteps} steps against {bot}, saved to {policy}")
    with using(Budget(nodes=nodes)):
        score = evaluate(game, lambda: PolicyBot(model), bot, settings)
    found = {
        "against": bot,
        "bot_nodes": nodes,
        "search": {
            "method": "learned",
            "algorithm": ALGORITHM,
            "steps": steps,
            "seed": settings.seed,
        },
        "evaluation": score.to_dict(),
    }
    data = {"policy": policy.name, "algorithm": ALGORITHM, "steps": int(model.num_timesteps)}
    plan = Plan(game.name, KIND, (), dict(game.options), found, data)
    return Exploit(plan, score)
