"""The ``duelhost`` command naming a core command first loads only that command's module: a
process run as ``duelhost analyse --help`` does not import the server (FastAPI, SQLAlchemy);
``_only`` decides by hand-made argv (anything but a core command first loads them all). A
command about one game imports that game only (``registry.spec`` loads its entry point
first)."""

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
    # ``python -m duelhost analyse``: the package's own __main__.py, not another program's.
    assert _only(["/src/duelhost/__main__.py", "analyse", "x.json"], MODULES) == "analyse"
    assert _only(["/site/pytest/__main__.py", "analyse"], MODULES) is None


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


def test_analyse_of_a_goofspiel_record_imports_no_other_game(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2] / "src"))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "duelhost",
            "play",
            "goofspiel",
            "--opt",
            "galaxies=1",
            "--opt",
            "planets=3",
            "--p0",
            "random",
            "--p1",
            "random",
            "--record",
            str(record),
        ],
        capture_output=True,
        env=env,
        timeout=120,
        check=True,
    )
    probe = (
        "import sys; sys.argv = [sys.argv[1], *sys.argv[2:]]; "
        "from duelhost.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('GAMES', sorted({m.split('.')[2] for m in sys.modules "
        "if m.startswith('duelhost.games.')}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, "/bin/duelhost", "analyse", str(record), "--bot-nodes", "8"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert "submissions analysed in" in done.stdout
    assert "GAMES ['goofspiel']" in done.stdout


def test_a_games_own_command_loads_that_game_and_no_core_command() -> None:
    """``duelhost solve goofspiel`` is Goofspiel's own command: the process imports neither
    the server nor another game (it imported every command and game: about 3.5 s of CPU
    before solving 6 cards in 0.25 s)."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2] / "src"))
    probe = (
        "import sys; sys.argv = [sys.argv[1], *sys.argv[2:]]; "
        "from duelhost.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('SERVER', 'duelhost.server' in sys.modules)\n"
        "print('GAMES', sorted({m.split('.')[2] for m in sys.modules "
        "if m.startswith('duelhost.games.')}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, "/bin/duelhost", "solve", "goofspiel", "--help"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert "--planets" in done.stdout
    assert "SERVER False" in done.stdout and "GAMES ['goofspiel']" in done.stdout, done.stdout
