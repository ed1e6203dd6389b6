"""The match seed of ``reset(seed=s)``: ``first_draw`` is NumPy's draw, and resets without a
seed go on from NumPy's generator exactly as before (``duelhost.envs.seeding``)."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the research extra (numpy) is not installed")

from duelhost.envs.seeding import BOUND, Seeds, first_draw  # noqa: E402


def numpy_draws(seed: int, count: int) -> list[int]:
    generator = np.random.default_rng(seed)
    return [int(generator.integers(0, 2**31 - 1)) for _ in range(count)]


def test_first_draw_is_numpys() -> None:
    rng = random.Random(27)
    seeds = [*range(2000), 2**31 - 2, 2**32 - 1, 2**32, 2**64 - 1, 2**64, 2**127 + 5]
    seeds += [
        rng.getrandbits(bits) for bits in (16, 31, 32, 33, 63, 64, 65, 128, 200) for _ in range(50)
    ]
    for seed in seeds:
        assert first_draw(seed) == numpy_draws(seed, 1)[0], seed
    assert BOUND == 2**31 - 1


def test_resets_without_a_seed_continue_numpys_generator() -> None:
    seeds = Seeds()
    drawn = [seeds.next(7), seeds.next(None), seeds.next(None), seeds.next(3), seeds.next(None)]
    assert drawn == numpy_draws(7, 3) + numpy_draws(3, 2)
    unseeded = Seeds()
    assert 0 <= unseeded.next(None) < BOUND


def test_other_seeds_go_to_numpy_as_before() -> None:
    seeds = Seeds()
    assert seeds.next(np.int64(11)) == numpy_draws(11, 1)[0]  # not an int: NumPy's own path
    assert seeds.next(None) == numpy_draws(11, 2)[1]
    with pytest.raises(ValueError):
        seeds.next(-1)
