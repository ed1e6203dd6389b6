"""The example plugin game (examples/kuhn_poker): it passes the kit in this process, and it
installs from its own folder and is then found through its ``duelhost.games`` entry point by
``duelhost games``, ``duelhost check-game``, ``duelhost play`` and its own tests."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from duelhost.core.registry import GameSpec
from duelhost.testing import check_game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "kuhn_poker"


@pytest.fixture(scope="module")
def example_spec() -> Iterator[GameSpec]:
    """The example's spec, imported from its source folder (not registered)."""
    sys.path.insert(0, str(EXAMPLE / "src"))
    try:
        from duelhost_kuhn_poker import SPEC

        yield SPEC
    finally:
        sys.path.remove(str(EXAMPLE / "src"))


def test_the_example_passes_the_kit(example_spec: GameSpec) -> None:
    report = check_game(example_spec, matches=10)
    report.assert_ok()
    assert report.results["secrecy"].checks > 0


def test_the_kit_catches_the_example_showing_the_other_card(example_spec: GameSpec) -> None:
    """Kuhn poker's pending submissions hide nothing (it is sequential); its secret is the card,
    which the kit varies through ``_secret_variant``: a view with both cards must fail."""
    from duelhost_kuhn_poker.state import KuhnPokerState

    class Peeking(KuhnPokerState):
        def _view(self, seat: int | None) -> dict[str, Any]:
            data = super()._view(seat)
            data["cards"] = list(self.cards)
            return data

    fields = {**example_spec.__dict__, "name": "peeking", "state": Peeking}
    report = check_game(GameSpec(**fields), matches=2)
    assert [result.name for result in report.failures] == ["secrecy"]
    assert "depends on a secret of seat" in str(report.results["secrecy"].failure)


def install_example(tmp_path: Path) -> Path:
    """The example installed with pip into ``tmp_path/site`` (its entry point included): the
    folder to put on a process's import path. Skips when it cannot be built offline."""
    if importlib.util.find_spec("hatchling") is None:
        pytest.skip(
            "hatchling (the example's build backend, in the test extra) is not installed: "
            "the example cannot be built offline"
        )
    source = tmp_path / "kuhn_poker"  # a copy: building writes into the source tree
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    target = tmp_path / "site"
    install = _run(
        ["-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-index",
         "--target", str(target), str(source)],
        dict(os.environ), tmp_path,
    )  # fmt: skip
    assert install.returncode == 0, install.stdout + install.stderr
    assert (target / "duelhost_kuhn_poker" / "board.js").is_file()
    assert (target / "duelhost_kuhn_poker" / "board.css").is_file()
    return target


def _run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=600
    )


def test_the_example_installs_and_registers_through_its_entry_point(tmp_path: Path) -> None:
    target = install_example(tmp_path)
    source = tmp_path / "kuhn_poker"
    env = dict(os.environ)
    paths = [str(target), *sys.path]
    env["PYTHONPATH"] = os.pathsep.join(path for path in paths if path)

    games = _run(["-m", "duelhost", "games"], env, tmp_path)
    assert games.returncode == 0, games.stderr
    assert "kuhn_poker" in games.stdout and "Kuhn poker" in games.stdout

    checked = _run(["-m", "duelhost", "check-game", "kuhn_poker", "--matches", "5"], env, tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "kuhn_poker: 14/14 properties hold" in checked.stdout

    played = _run(
        ["-m", "duelhost", "play", "kuhn_poker", "--p0", "cards", "--p1", "random", "--quiet"],
        env, tmp_path,
    )  # fmt: skip
    assert played.returncode == 0, played.stdout + played.stderr

    own_tests = _run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], env, source)
    assert own_tests.returncode == 0, own_tests.stdout + own_tests.stderr
    assert "6 passed" in own_tests.stdout
