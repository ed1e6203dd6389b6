"""The Ray backend: the same round robin as Ray tasks on a local cluster
(``ray.init(num_cpus=2)``) gives exactly the local backend's results for the same seeds and
node budget. Skipped, saying so, where Ray is not installed (the ``ray`` extra)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from duelhost.bots.budget import Budget
from duelhost.bots.tournament import jobs, run

ray: Any = pytest.importorskip(
    "ray", reason="Ray is not installed (pip install 'duelhost[ray]'): Ray backend not tested"
)


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_plays_the_local_round_robin(cluster: None) -> None:
    bots = ["random", "easy", "medium", "hard"]
    found = jobs("goofspiel", {"galaxies": 1, "planets": 4}, bots, 6, 7, Budget(nodes=10))
    seen: list[int] = []
    local = run(found, bots)
    on_ray = run(found, bots, backend="ray", progress=seen.append)
    assert seen == list(range(1, len(found) + 1))
    assert on_ray.wins.sum() + on_ray.draws.sum() // 2 == len(found)  # a draw counts twice
    assert np.array_equal(local.wins, on_ray.wins)
    assert np.array_equal(local.draws, on_ray.draws)
    assert local.wins.sum() > local.wins[:, 0].sum() > 0  # not one-sided: a real comparison
    assert ray.is_initialized()  # the caller's cluster is left running for the caller
