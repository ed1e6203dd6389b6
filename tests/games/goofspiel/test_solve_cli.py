"""``duelhost solve goofspiel`` and its ``--bench`` (GOPSsolver side by side)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from duelhost.cli import app
from duelhost.games.goofspiel import solver

runner = CliRunner()


def test_solve_writes_a_table_the_solver_reads_back(tmp_path: Path) -> None:
    out = tmp_path / "five.npz"
    result = runner.invoke(app, ["solve", "goofspiel", "--planets", "5", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "values, 5 cards" in result.output  # the progress bar's last task
    assert "classic 5-card Goofspiel solved: 816 positions stored" in result.output
    table = solver.load(out)
    assert table.positions == 816
    assert table.value(range(1, 6), range(1, 6), range(1, 6), 0) == pytest.approx(0.0, abs=1e-9)


def test_solve_refuses_what_it_cannot_solve() -> None:
    result = runner.invoke(app, ["solve", "goofspiel", "--galaxies", "7"])
    assert result.exit_code == 2
    assert "only classic Goofspiel" in result.output
    result = runner.invoke(app, ["solve", "goofspiel", "--planets", "12", "--out", "x.npz"])
    assert result.exit_code == 2
    assert "1 to 11 cards" in result.output


def test_bench_solve_times_our_solver_and_refuses_a_missing_binary(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", "goofspiel", "--planets", "4", "--bench"])
    assert result.exit_code == 0, result.output
    assert "duelhost" in result.output and "GOPSsolver" not in result.output
    assert "114 positions stored" in result.output
    missing = tmp_path / "cpp_solver"
    result = runner.invoke(
        app, ["solve", "goofspiel", "--planets", "4", "--bench", "--gopssolver", str(missing)]
    )
    assert result.exit_code == 2
    assert "no GOPSsolver binary" in result.output


def test_the_bench_child_solves_alone_into_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m duelhost.games.goofspiel.cli N OUT``, what ``--bench`` times."""
    from duelhost.games.goofspiel.cli import main

    out = tmp_path / "four.npz"
    main(["4", str(out)])
    assert "classic 4-card Goofspiel solved: 114 positions stored" in capsys.readouterr().out
    assert solver.load(out).positions == 114
    with pytest.raises(SystemExit, match="usage"):
        main(["4"])


def test_the_bench_child_process_prints_writes_and_imports_little(tmp_path: Path) -> None:
    """The child as ``--bench`` starts it: it ends without the interpreter's finalization
    (``os._exit``) yet its line is printed and its table whole, and it imports neither SciPy
    nor the entry-point machinery (``importlib.metadata``: no game is looked up by name)."""
    import os
    import subprocess
    import sys

    out = tmp_path / "five.npz"
    environment = {**os.environ, "PYTHONPATH": str(Path(solver.__file__).parents[3])}
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "duelhost.games.goofspiel.cli", "5", str(out)],
        capture_output=True,
        text=True,
        env=environment,
        check=True,
    )
    assert "classic 5-card Goofspiel solved: " in run.stdout
    assert solver.load(out).positions == solver.solve(5).positions
    imported = {line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines()}
    assert "duelhost.games.goofspiel.solver" in imported and "numpy" in imported
    assert "importlib.metadata" not in imported and "scipy" not in imported


def test_bench_solve_side_by_side_with_gopssolver() -> None:
    binary = os.environ.get("GOPSSOLVER", "/tmp/gops/solver/build/cpp_solver")
    if not Path(binary).is_file():
        pytest.skip(f"no GOPSsolver binary at {binary} (build it: see docs/performance.md)")
    result = runner.invoke(
        app, ["solve", "goofspiel", "--planets", "5", "--bench", "--gopssolver", binary]
    )
    assert result.exit_code == 0, result.output
    assert "GOPSsolver" in result.output
    assert "ratio (duelhost time / GOPSsolver time):" in result.output
