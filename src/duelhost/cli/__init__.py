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
from pathlib import Path

import click

from duelhost.cli.app import app
from duelhost.cli.game_commands import register_game_commands
from duelhost.cli.output import fail


def _only(argv: list[str], modules: list[str]) -> str | None:
    """The one command module to load when the ``duelhost`` command names its command first
    (``duelhost analyse ...`` or ``python -m duelhost analyse ...``: the module ``analyse``),
    else None (load them all). Loading
    one spares a command the others' imports (``serve`` brings the server, FastAPI and
    SQLAlchemy: over a second); anything else (help, a game's command, an import by a
    program or a test) gets every command."""
    program = Path(argv[0]) if argv else Path()
    # ``python -m duelhost`` runs the package's own ``__main__.py``.
    ours = program.name == "duelhost" or (
        program.name == "__main__.py" and program.parent.name == "duelhost"
    )
    if len(argv) < 2 or not ours:
        return None
    module = argv[1].replace("-", "_")
    return module if module in modules else None


def _register_commands() -> None:
    import duelhost.cli.commands as package

    modules = [module.name for module in pkgutil.iter_modules(package.__path__)]
    only = _only(sys.argv, modules)
    for name in modules:
        if only is None or name == only:
            importlib.import_module(f"duelhost.cli.commands.{name}").register(app)
    if only is None:
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
