"""The ``duelhost`` command naming a core command first loads only that command's module: a
process run as ``duelhost analyse --help`` does not import the server (FastAPI, SQLAlchemy);
``_only`` decides by hand-made argv (anything but a core command first loads them all)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from duelhost.cli import _only

MODULES = ["analyse", "check_game", "serve"]


def test_only_by_hand() -> None:
    assert _only(["/usr/bin/duelhost", "analyse", "x.json"], MODULES) == "analyse"
    assert _only(["/usr/bin/duelhost", "check-game", "goofspiel"], MODULES) == "check_game"
    assert _only(["/usr/bin/duelhost", "--help"], MODULES) is None
    assert _only(["/usr/bin/duelhost", "solve", "goofspiel"], MODULES) is None
    assert _only(["/usr/bin/duelhost"], MODULES) is None
    assert _only(["pytest", "analyse"], MODULES) is None


def _run(*args: str) -> str:
    probe = (
        "import sys; sys.argv = [sys.argv[1], *sys.argv[2:]]; "
        "from duelhost.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('SERVER', 'duelhost.server' in sys.modules)"
    )
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2] / "src"))
    done = subprocess.run(
        [sys.executable, "-c", probe, "/bin/duelhost", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    return done.stdout


def test_analyse_does_not_import_the_server() -> None:
    out = _run("analyse", "--help")
    assert "Value each decision" in out
    assert "SERVER False" in out
