"""The single-agent Gymnasium environment: one seat against a duelhost bot."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy", reason="the research extra (numpy) is not installed")
pytest.importorskip("gymnasium", reason="the research extra (gymnasium) is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import duelhost  # noqa: E402
from duelhost.envs import single_agent_env  # noqa: E402


@pytest.mark.parametrize(
    ("game", "seat", "options"),
    [
        ("goofspiel", 0, {"galaxies": 1, "planets": 5, "max_replays": 0}),
        ("warriors_death", 1, {"bouts": 1}),
        ("generalissimo", 1, {}),  # sequential: the bot moves between the learner's moves
    ],
)
def test_check_env_passes(game: str, seat: int, options: dict[str, object]) -> None:
    # check_env steps with unmasked random actions: they must be timeouts, not errors.
    env = single_agent_env(game, "random", seat=seat, illegal="timeout", **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # infinite Box bounds are advice, not an error
        check_env(env, skip_render_check=True)


def test_a_masked_random_learner_plays_three_hundred_steps() -> None:
    """The smoke test of a training loop: masks always allow something until the end, the
    reward is the learner's result, and action_masks() is the mask MaskablePPO reads."""
    env = single_agent_env("goofspiel", "prize", galaxies=1, planets=5, max_replays=0)
    rng = np.random.default_rng(0)
    observation, info = env.reset(seed=7)
    results = []
    for _ in range(300):
        mask = env.action_masks()
        assert mask.dtype == bool and (mask == info["action_mask"]).all() and mask.any()
        legal = sorted(int(text) - 1 for text in env.driver.state.legal(0))
        assert np.flatnonzero(mask).tolist() == legal
        observation, reward, terminated, _truncated, info = env.step(
            rng.choice(np.flatnonzero(mask))
        )
        assert env.observation_space.contains(observation)
        if terminated:
            state = env.driver.state
            expected = 0.0 if state.winner is None else (1.0 if state.winner == 0 else -1.0)
            assert reward == expected
            results.append(reward)
            observation, info = env.reset()
        else:
            assert reward == 0.0
    assert len(results) == 300 // 5  # five rounds a match, each one learner step
    env.reset(seed=1)
    with pytest.raises(duelhost.IllegalAction, match=r"index 99 \(out of range 0-4\)"):
        env.step(99)
    assert env.driver.state.history == ()


def test_bad_arguments_are_config_errors() -> None:
    with pytest.raises(duelhost.ConfigError, match="no bot 'nobody' for goofspiel"):
        single_agent_env("goofspiel", "nobody")
    with pytest.raises(duelhost.ConfigError, match="seat must be 0 or 1"):
        single_agent_env("goofspiel", seat=2)
    env = single_agent_env("goofspiel", galaxies=1, planets=3, max_replays=0, max_steps=1)
    env.reset(seed=1)
    assert env.step(int(np.flatnonzero(env.action_masks())[0]))[3] is True  # truncated
