"""A learning curve: sb3-contrib's MaskablePPO on classic Goofspiel against a fixed bot.

``python -m duelhost.games.goofspiel.learning [--steps N] [--every K] [--planets P]
[--opponent BOT]`` trains ``MaskablePPO("MlpPolicy")`` on ``single_agent_env("goofspiel",
galaxies=1, planets=P, max_replays=0)`` (seat 0, the opponent a bot of ``duelhost bots
goofspiel``), and every ``K`` steps plays ``EVALUATION_MATCHES`` fresh matches with the masked
greedy policy, printing the steps, the CPU seconds so far and the score (wins + draws / 2)
against the same bot. The curve is a benchmark figure (docs/research.md); CI runs a short
training only (``tests/envs/test_maskable_ppo.py``). Needs the ``learn`` extra (sb3-contrib,
PyTorch).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from duelhost.envs import single_agent_env

EVALUATION_MATCHES = 200
EVALUATION_SEEDS = 10_000_000
"""Evaluation matches take seeds from here on, never met in training (seeds 0, 1, ...)."""


def evaluate(model: Any, env: Any, matches: int = EVALUATION_MATCHES) -> float:
    """Score of the masked greedy policy over ``matches`` matches: wins + draws / 2."""
    score = 0.0
    for number in range(matches):
        observation, info = env.reset(seed=EVALUATION_SEEDS + number)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(
                observation, action_masks=info["action_mask"].astype(bool), deterministic=True
            )
            observation, reward, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        score += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    return score / matches


def learning_curve(
    steps: int, every: int, planets: int = 5, opponent: str = "random", seed: int = 0
) -> list[tuple[int, float, float]]:
    """(steps trained, CPU seconds, score) before training and every ``every`` steps."""
    try:
        from sb3_contrib import MaskablePPO
    except ImportError as missing:
        raise ImportError(
            "the learning curve needs the learn extra: pip install 'duelhost[learn]'"
        ) from missing

    options = {"galaxies": 1, "planets": planets, "max_replays": 0}
    env = single_agent_env("goofspiel", opponent=opponent, **options)
    judge = single_agent_env("goofspiel", opponent=opponent, **options)
    env.reset(seed=seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=64, seed=seed, verbose=0)
    began = time.process_time()
    curve = [(0, 0.0, evaluate(model, judge))]
    trained = 0
    while trained < steps:
        model.learn(total_timesteps=every, reset_num_timesteps=False)
        trained += every
        curve.append((trained, time.process_time() - began, evaluate(model, judge)))
    return curve


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--every", type=int, default=4_000)
    parser.add_argument("--planets", type=int, default=5)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    np.set_printoptions(precision=3)
    print("steps  cpu_s  score_vs_" + args.opponent)
    for trained, cpu, score in learning_curve(
        args.steps, args.every, args.planets, args.opponent, args.seed
    ):
        print(f"{trained:>6} {cpu:>6.1f} {score:>6.3f}", flush=True)


if __name__ == "__main__":
    main()
