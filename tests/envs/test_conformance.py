"""PettingZoo's own conformance tests on every game, AEC and parallel.

Cycle counts are kept modest so the whole file runs in about a minute: ``api_test`` plays 200
cycles, ``parallel_api_test`` 100, ``seed_test`` 200 (60 for /TACTIC/ and Generalissimo, whose
masks of 370,000 and 265,000 entries make its step-by-step comparisons slow); the parallel seed
test plays random unmasked indices (each one a timeout with ``illegal="timeout"``, see
``duelhost.envs.driver``) until the match ends or 200 cycles pass. ``max_cycles_test`` also
sends unmasked indices and assumes the match outlives 4 cycles of them: in Generalissimo five
timeouts (passed turns) are a draw by repetition, so it runs on the other games
(``tests/envs/test_encodings.py`` truncates matches of every kind directly).
"""

from __future__ import annotations

import warnings
from functools import partial
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the research extra (pettingzoo) is not installed")

from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)
from pettingzoo.utils.conversions import parallel_to_aec

import duelhost
from duelhost.envs import env, parallel_env

GAMES = duelhost.list_games()


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's advice (e.g. Box bounds) is not an error
        yield


@pytest.mark.parametrize("game", GAMES)
def test_api(game: str) -> None:
    api_test(env(game), num_cycles=200)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_api(game: str) -> None:
    parallel_api_test(parallel_env(game), num_cycles=100)


@pytest.mark.parametrize("game", GAMES)
def test_seed(game: str) -> None:
    cycles = 60 if game in ("tactic", "generalissimo") else 200
    seed_test(lambda: env(game, illegal="timeout"), num_cycles=cycles)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_seed(game: str) -> None:
    parallel_seed_test(lambda: parallel_env(game, illegal="timeout"), num_cycles=200)


@pytest.mark.parametrize("game", [game for game in GAMES if game != "generalissimo"])
def test_max_cycles(game: str) -> None:
    module = SimpleNamespace(
        env=partial(_seeded, env, game),
        parallel_env=partial(_seeded, parallel_env, game),
    )
    max_cycles_test(module)


def _seeded(make: Any, game: str, **arguments: Any) -> Any:
    """The env of ``game`` with its match seeds and its action space's draws from seed 0.

    ``max_cycles_test`` resets without a seed and samples unseeded indices, so unseeded it
    plays a different match each run; and it assumes the agents alternate (each acting
    ``max_cycles`` times). In Tactical Genius an army is built item by item, so a random index
    that happens to be a legal item keeps the same seat selected: the AEC env truncates after
    ``2 * max_cycles`` steps (a cycle is two steps), one seat may have taken three of them in
    a row, and the test's count fails (rarely: none of 40 runs here; a CI run caught it).
    Seeded, each run plays the same matches.
    """
    made = make(game, illegal="timeout", **arguments)
    made.reset(seed=0)
    for agent in made.possible_agents:
        made.action_space(agent).seed(0)
    return made


@pytest.mark.parametrize("game", GAMES)
def test_render(game: str) -> None:
    render_test(lambda render_mode=None: env(game, render_mode=render_mode))
    text = env(game, render_mode="ansi")
    text.reset(seed=1)
    assert isinstance(text.render(), str) and text.render()


@pytest.mark.parametrize("game", GAMES)
def test_parallel_render(game: str) -> None:
    render_test(
        lambda render_mode=None: parallel_to_aec(parallel_env(game, render_mode=render_mode))
    )
