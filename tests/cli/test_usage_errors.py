"""Usage errors read like every other error, and piped tables are never folded (issue 29
point 4): ``duelhost --frobnicate`` and ``duelhost solve goofspiel --planets 0`` print one
``error: ...`` line on stderr, not click's usage block or Rich's box; a table's title piped is
a line of its own, whole."""

from __future__ import annotations

import io
import subprocess
import sys

from rich.console import Console
from rich.table import Table

from duelhost.cli.output import print_table
from tests.cli.test_output import run


def test_usage_errors_are_one_error_line() -> None:
    frobnicate = run("--frobnicate")
    assert frobnicate.returncode == 2
    assert frobnicate.stderr == (
        "error: No such option '--frobnicate' (see 'python -m duelhost --help')\n"
    )
    planets = run("solve", "goofspiel", "--planets", "0")
    assert planets.returncode == 2
    assert planets.stderr == "error: --planets must be at least 1, got 0\n"
    # A value out of a declared range, as click checks it, reads the same way.
    seats = run("loadtest", "--matches", "0")
    assert seats.returncode == 2
    assert seats.stderr == (
        "error: Invalid value for '--matches': 0 is not in the range 1<=x<=1000 "
        "(see 'python -m duelhost loadtest --help')\n"
    )
    assert frobnicate.stdout == planets.stdout == ""


def test_usage_errors_on_a_terminal_are_not_boxed() -> None:
    # On a terminal Rich drew a box (╭─ Error ─╮) round the message; under a pseudo-terminal
    # the line is the same as piped, in colour.
    command = [sys.executable, "-m", "duelhost", "--frobnicate"]
    script = f"import pty, sys; sys.exit(pty.spawn({command!r}) >> 8)"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert "error:" in done.stdout and "No such option '--frobnicate'" in done.stdout
    assert "╭" not in done.stdout and "Usage:" not in done.stdout


def test_a_piped_table_title_is_one_whole_line() -> None:
    out = io.StringIO()
    console = Console(file=out, width=80)  # not a terminal, as piped
    title = "seat 0: 12 decisions, 0.250 given up in all; the biggest mistakes"
    table = Table(title=title)
    table.add_column("entry")
    table.add_column("played")
    table.add_row("1", "x" * 120)  # wider than 80 columns: not folded either
    print_table(console, table)
    lines = out.getvalue().splitlines()
    assert lines[0] == title
    assert any("x" * 120 in line for line in lines)
