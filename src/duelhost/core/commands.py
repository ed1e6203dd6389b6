"""A game's own commands, declared as data: the ``duelhost`` CLI builds them (``GameSpec.commands``
names the module holding ``COMMANDS``), so a game never imports the CLI, Typer or Rich.

A command's ``run(out, **values)`` gets each declared ``Param`` by name and writes through
``out`` (lines, tables, progress); bad input is a ``ConfigError`` saying what is wrong, which
the CLI prints as every other error (``error: ...``, exit 2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

REQUIRED: Any = object()
"""The default of a parameter that must be given."""


@dataclass(frozen=True)
class Param:
    """One parameter of a command: ``--name`` (or a positional ``argument``)."""

    name: str
    kind: type
    """int, float, str, bool or pathlib.Path."""
    help: str
    default: Any = REQUIRED
    argument: bool = False
    minimum: int | None = None


@dataclass(frozen=True)
class Table:
    """Rows to print as a table."""

    title: str
    columns: tuple[str, ...]
    rows: list[tuple[str, ...]] = field(default_factory=list)


class Output(Protocol):
    """Where a command writes (the CLI's consoles: piped output is never hard-wrapped)."""

    def line(self, text: str) -> None: ...

    def table(self, table: Table) -> None: ...

    def progress(self, phase: str, done: int, total: int) -> None: ...


@dataclass(frozen=True)
class GameCommand:
    """``duelhost [group] name ...``: one of a game's own commands."""

    name: str
    help: str
    params: tuple[Param, ...]
    run: Callable[..., None]
    """``run(out, **values)``; raises ConfigError for bad input."""
    group: str | None = None
    """A command group it belongs to (``duelhost maps generate``), None: a top-level command."""
    group_help: str = ""
