"""The ``duelhost`` command: games, rules, play, replay, bench, and each game's own commands.

Commands beyond the core ones live in ``duelhost.cli.commands`` (each module there defines
``register(app)`` and is discovered) and in the module a game's ``GameSpec.commands`` names
(its ``COMMANDS``, declared as data: ``duelhost.core.commands``; built by
``cli.game_commands``), so a game's command touches no shared file and imports no CLI.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import click

from duelhost.cli.app import app
from duelhost.cli.game_commands import register_game_commands
from duelhost.cli.output import fail


def _register_commands() -> None:
    import duelhost.cli.commands as package

    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"duelhost.cli.commands.{module.name}").register(app)
    register_game_commands(app)


_register_commands()


def main() -> None:
    """Run the command; a usage error (an unknown option, a value out of range) is one
    ``error: ...`` line on stderr like every other error, not Rich's box."""
    try:
        code = app(standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as error:
        # ``duelhost`` alone: its help, as before.
        print(error.format_message(), file=sys.stderr)
        sys.exit(error.exit_code)
    except click.UsageError as error:
        command = error.ctx.command_path if error.ctx is not None else "duelhost"
        fail(f"{error.format_message().rstrip('.')} (see '{command} --help')")
        sys.exit(error.exit_code)
    except click.Abort:
        print("aborted", file=sys.stderr)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


__all__ = ["app", "main", "register_game_commands"]
