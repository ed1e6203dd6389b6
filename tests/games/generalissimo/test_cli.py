"""The command line: ``duelhost perft`` and a random match in ``duelhost play``."""

from __future__ import annotations

from typer.testing import CliRunner

from duelhost.cli import app

RUNNER = CliRunner()


def test_perft_command_counts_the_start_position() -> None:
    result = RUNNER.invoke(app, ["perft", "generalissimo", "start", "2"])
    assert result.exit_code == 0, result.output
    assert "perft 2: 17741" in result.output


def test_perft_divide_lists_every_first_move() -> None:
    position = "9/9/9/9/9/9/9/9/9/9/9/A3a4 s 1 0"
    result = RUNNER.invoke(app, ["perft", "generalissimo", position, "1", "--divide"])
    assert result.exit_code == 0, result.output
    # Archer A1, enemy Archer E1 4 cells away (out of range): 3 steps (A2, B1, B2);
    # shots after a step:
    # from B1 at E1 (3 cells along row 1); B2 and A2 are not in line with E1 -> 1; + pass = 5
    lines = [line for line in result.output.splitlines() if line and not line.startswith("perft")]
    moves = [line.split()[0] for line in lines if line.split()[-1] == "1"]
    assert sorted(moves) == sorted(["A1-A2", "A1-B1", "A1-B2", "A1-B1*E1", "pass"])
    assert "perft 1: 5" in result.output


def test_perft_rejects_bad_positions_and_games_without_perft() -> None:
    bad = RUNNER.invoke(app, ["perft", "generalissimo", "9/9 s 1 0", "1"])
    assert bad.exit_code == 2
    assert "12 rows" in bad.output


def test_play_random_against_random_finishes() -> None:
    result = RUNNER.invoke(
        app, ["play", "generalissimo", "--p0", "random", "--p1", "random", "--seed", "4"]
    )
    assert result.exit_code == 0, result.output
    assert "Result:" in result.output
    assert "South: " in result.output and "North: " in result.output
