"""Where the CLI prints: consoles that never hard-wrap piped output, and one error format.

Rich wraps text at the console width, which is 80 columns when stdout is not a terminal; piped
output (a file, ``grep``, a test runner) must keep each line whole, so such consoles soft-wrap:
lines are printed as they are and only a real terminal folds them.
"""

from __future__ import annotations

import typer
from rich.console import Console
from rich.text import Text


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
