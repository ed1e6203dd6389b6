"""The example plugin game (examples/kuhn_poker), installed from its folder, in PettingZoo and
OpenSpiel: the research layers learn everything from its spec and the ``encoding`` and
``openspiel`` modules beside its ``State`` (issue 29), as they do for the built-in games."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="the research extra (open_spiel) is not installed")
pytest.importorskip("pettingzoo", reason="the research extra (pettingzoo) is not installed")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "kuhn_poker"

SCRIPT = """
import warnings
import pyspiel
from pettingzoo.test import api_test, parallel_api_test
import duelhost
import duelhost.openspiel
from duelhost.envs import env, parallel_env

warnings.simplefilter("ignore")
assert "duelhost_kuhn_poker" in duelhost.openspiel.register(), duelhost.openspiel.skipped()
game = pyspiel.load_game("duelhost_kuhn_poker(hands=3)")
kind = game.get_type()
assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
assert game.max_game_length() == 9 and game.num_distinct_actions() == 4
pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
api_test(env("kuhn_poker"), num_cycles=100)
parallel_api_test(parallel_env("kuhn_poker"), num_cycles=100)
print("plugin ok")
"""


def test_the_example_plugin_game_passes_pettingzoo_and_openspiel_tests(tmp_path: Path) -> None:
    if importlib.util.find_spec("hatchling") is None:
        pytest.skip("hatchling (the example's build backend, in the test extra) is not installed")
    source = tmp_path / "kuhn_poker"  # a copy: building writes into the source tree
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    target = tmp_path / "site"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation",
         "--no-index", "--target", str(target), str(source)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert install.returncode == 0, install.stdout + install.stderr
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(path for path in [str(target), *sys.path] if path)
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "plugin ok" in run.stdout


def test_a_game_without_an_encoding_is_left_out_with_the_reason() -> None:
    import duelhost
    from duelhost.core.registry import GameSpec
    from duelhost.envs import load_encoding
    from duelhost.envs.driver import has_encoding

    base = duelhost.core.registry.spec("warriors_death")
    # A State class whose module has no package: it ships no encoding.
    bare = type("BareState", (base.state,), {"__module__": "bare_game"})
    spec = GameSpec(**{**base.__dict__, "name": "bare", "state": bare})
    assert not has_encoding(spec)
    with pytest.raises(duelhost.ConfigError, match="bare has no action encoding"):
        load_encoding(spec.load())
