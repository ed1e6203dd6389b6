"""The factored action space: two steps of at most K = ceil(sqrt(n)) indices each reach
exactly the flat encoding's legal set (and so ``legal()``), on random positions."""

from __future__ import annotations

import random
import warnings

import pytest

np = pytest.importorskip("numpy", reason="the research extra (numpy) is not installed")
pytest.importorskip("pettingzoo", reason="the research extra (pettingzoo) is not installed")

import duelhost  # noqa: E402
from duelhost.envs import Driver, env, load_encoding  # noqa: E402
from duelhost.envs.factored import Factored  # noqa: E402


def _reached(driver: Driver, seat: int) -> set[str]:
    """Every submission two factored steps reach from here (the driver is left as it was)."""
    texts: set[str] = set()
    for first in driver.choices(seat):
        probe = Driver.restore(driver)
        probe.act(seat, first)
        for step in probe.choices(seat).values():
            assert step.text is not None
            texts.add(step.text)
    return texts


@pytest.mark.parametrize(("game", "radix"), [("generalissimo", 515), ("tactic", 609)])
def test_two_small_steps_reach_exactly_the_legal_set(game: str, radix: int) -> None:
    loaded = duelhost.load(game)
    flat = load_encoding(loaded)
    factored = Factored(flat)
    # K = ceil(sqrt(n)): 515 * 515 = 265,225 >= 264,926 > 514 * 514; 609 * 609 >= 370,249.
    assert factored.num_actions == radix < 10_000
    assert radix * radix >= flat.num_actions > (radix - 1) * (radix - 1)
    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        driver = Driver(loaded, factored, seed)
        plain = Driver(loaded, flat, seed)
        for _ in range(40):
            state = driver.state
            if state.is_over:
                break
            for seat in state.to_act:
                if not driver.must_act(seat) or driver.drafts[seat]:
                    continue
                reached = _reached(driver, seat)
                expected = {step.text for step in plain.choices(seat).values()}
                assert reached == expected, (seed, seat)
                assert reached == set(state.legal(seat)), (seed, seat)
                checked += 1
            seat = state.to_act[0]
            text = rng.choice(state.legal(seat))
            state.submit(seat, text)
            plain.state = state.clone()
            plain._cache = {}
    assert checked >= 60


def test_the_factored_env_passes_the_api_test() -> None:
    from pettingzoo.test import api_test

    aec = env("tactic", factored=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec, num_cycles=60)
    aec.reset(seed=2)
    observation = aec.observe(aec.agent_selection)
    assert observation["action_mask"].shape == (609,)
    assert observation["observation"].shape == (load_encoding(aec.game).observation_size + 609,)


def test_multi_step_encodings_are_not_factored() -> None:
    with pytest.raises(duelhost.ConfigError, match="multi-step encoding is not factored"):
        env("multiplanetary", factored=True)
