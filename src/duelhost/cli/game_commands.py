"""The games' own commands (``duelhost.core.commands``, named by ``GameSpec.commands``) built
into Typer commands: the CLI imports the games' declarations, never the reverse."""

from __future__ import annotations

import importlib
import inspect
import sys
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable

from duelhost.cli.output import fail, make_console
from duelhost.core.commands import REQUIRED, GameCommand, Param, Table
from duelhost.core.errors import ConfigError
from duelhost.core.registry import list_games, spec


class ConsoleOutput:
    """``Output`` on the CLI's console: progress bars while a command runs, closed at its end."""

    def __init__(self) -> None:
        self.console = make_console()
        self._progress: Progress | None = None
        self._tasks: dict[str, TaskID] = {}

    def line(self, text: str) -> None:
        self.close()
        self.console.print(text, markup=False)

    def table(self, table: Table) -> None:
        self.close()
        shown = RichTable(title=table.title)
        for column in table.columns:
            shown.add_column(column)
        for row in table.rows:
            shown.add_row(*row)
        self.console.print(shown)

    def progress(self, phase: str, done: int, total: int) -> None:
        if self._progress is None:
            self._progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TextColumn("{task.completed}/{task.total}"),
                TimeElapsedColumn(),
                console=self.console,
            )
            self._progress.start()
        if phase not in self._tasks:
            self._tasks[phase] = self._progress.add_task(phase, total=total)
        self._progress.update(self._tasks[phase], completed=done)

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None
            self._tasks.clear()


def _parameter(param: Param) -> inspect.Parameter:
    kind: Any = param.kind if param.default is not None else param.kind | None
    if param.argument:
        info = typer.Argument(help=param.help, min=param.minimum)
    else:
        info = typer.Option(help=param.help, min=param.minimum)
    default = inspect.Parameter.empty if param.default is REQUIRED else param.default
    return inspect.Parameter(
        param.name,
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        default=default,
        annotation=Annotated[kind, info],
    )


def typer_command(command: GameCommand) -> Any:
    """A function Typer reads as ``command``: its parameters from the declaration."""

    def call(**values: Any) -> None:
        out = ConsoleOutput()
        try:
            command.run(out, **values)
        except ConfigError as error:
            raise fail(str(error)) from None
        finally:
            out.close()

    parameters = [_parameter(param) for param in command.params]
    call.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    call.__annotations__ = {p.name: p.annotation for p in parameters}
    call.__doc__ = command.help
    call.__name__ = command.name
    return call


def register_game_commands(target: typer.Typer, games: list[str] | None = None) -> set[str]:
    """Add each game's own commands (the ``COMMANDS`` of its ``GameSpec.commands`` module), of
    ``games`` only if given; return the names added at the top level (commands and groups)."""
    added: set[str] = set()
    groups: dict[str, typer.Typer] = {}
    for name in list_games() if games is None else games:
        module_name = spec(name).commands
        if module_name is None:
            continue
        try:
            commands: tuple[GameCommand, ...] = importlib.import_module(module_name).COMMANDS
        except Exception as error:  # one game's broken commands must not take the CLI down
            message = f"warning: the commands of {name} could not be loaded: {error!r}"
            print(message, file=sys.stderr)
            continue
        for command in commands:
            if command.group is None:
                target.command(command.name)(typer_command(command))
                added.add(command.name)
                continue
            if command.group not in groups:
                groups[command.group] = typer.Typer(help=command.group_help)
                target.add_typer(groups[command.group], name=command.group)
                added.add(command.group)
            groups[command.group].command(command.name)(typer_command(command))
    return added


__all__ = ["ConsoleOutput", "register_game_commands", "typer_command"]
