"""sb3-contrib's MaskablePPO on the single-agent env: a short training run with the masks.

The smoke test of issue 27: a few hundred steps of classic 5-card Goofspiel against the
random bot, then the trained policy, asked with the env's masks, only ever picks allowed
fleets. The learning curve is a benchmark (``python -m duelhost.games.goofspiel.learning``).
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="the learn extra (sb3-contrib, PyTorch) is not installed")

from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks

from duelhost.envs import single_agent_env
from duelhost.games.goofspiel.learning import evaluate


def test_maskable_ppo_trains_and_respects_the_masks() -> None:
    env = single_agent_env("goofspiel", galaxies=1, planets=5, max_replays=0)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=2, seed=0)
    model.learn(total_timesteps=320)
    assert model.num_timesteps >= 320
    observation, _ = env.reset(seed=123)
    chosen = []
    for _ in range(4):  # a 5-card match: four choices, the last card forced but still a step
        masks = get_action_masks(env)
        action, _ = model.predict(observation, action_masks=masks, deterministic=True)
        assert masks[int(action)], (masks, action)
        chosen.append(int(action))
        observation, _, terminated, _, _ = env.step(int(action))
        assert not terminated
    assert sorted(chosen) == sorted(set(chosen))  # each fleet sent once
    score = evaluate(model, single_agent_env("goofspiel", galaxies=1, planets=5), matches=5)
    assert 0.0 <= score <= 1.0
    assert np.isfinite(score)
