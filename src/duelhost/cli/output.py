"""Where the CLI prints: consoles that never hard-wrap piped output, and one error format.

Rich wraps text at the console width, which is 80 columns when stdout is not a terminal; piped
output (a file, ``grep``, a test runner) must keep each line whole, so such consoles soft-wrap:
lines are printed as they are and only a real terminal folds them.
"""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

PIPED_WIDTH = 10_000
"""The width tables are laid out in when piped: as wide as their cells, never folded."""


def make_console(stderr: bool = False) -> Console:
    """A console that hard-wraps only on a terminal."""
    console = Console(stderr=stderr, highlight=False)
    console.soft_wrap = not console.is_terminal
    return console


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``error: message`` on stderr (red on a terminal, plain when piped) and return the
    exit to raise; the message is printed as it is, never read as Rich markup."""
    make_console(stderr=True).print(Text.assemble(("error:", "bold red"), " ", message))
    return typer.Exit(code)


def print_table(console: Console, table: Table) -> None:
    """Print a table; piped, its title is a line of its own and nothing of it is folded (Rich
    would fold the title to the table's width and the cells to 80 columns)."""
    if console.is_terminal:
        console.print(table)
        return
    if table.title is not None:
        console.print(table.title, markup=False)
        table.title = None
    width = console.width
    console.width = PIPED_WIDTH  # (print's own width= is capped at the console's)
    try:
        console.print(table)
    finally:
        console.width = width
