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
from duelhost.core.errors import ConfigError
from duelhost.core.registry import list_games, spec


def _named(argv: list[str]) -> str | None:
    """The command the ``duelhost`` command names first (``duelhost analyse ...`` or ``python
    -m duelhost analyse ...``: ``analyse``), else None (help, an import by a program or a
    test)."""
    program = Path(argv[0]) if argv else Path()
    # ``python -m duelhost`` runs the package's own ``__main__.py``.
    ours = program.name == "duelhost" or (
        program.name == "__main__.py" and program.parent.name == "duelhost"
    )
    return argv[1] if len(argv) >= 2 and ours else None


def _only(argv: list[str], modules: list[str]) -> str | None:
    """The one command module to load when the command named is one of ``modules`` (the
    module ``analyse`` for ``duelhost analyse``), else None. Loading one spares a command the
    others' imports (``serve`` brings the server, FastAPI and SQLAlchemy: over a second)."""
    named = _named(argv)
    module = named.replace("-", "_") if named else None
    return module if module in modules else None


def _is_game(name: str) -> bool:
    """Whether ``name`` is a game's (loading that game's entry point only, when it is)."""
    try:
        spec(name)
    except ConfigError:
        return False
    return True


def _register_commands() -> None:
    import duelhost.cli.commands as package

    modules = [module.name for module in pkgutil.iter_modules(package.__path__)]
    only = _only(sys.argv, modules)
    if only is not None:
        importlib.import_module(f"duelhost.cli.commands.{only}").register(app)
        return
    # A game's own command (``duelhost solve GAME ...``) needs none of the core ones, nor
    # the other games (loading the six games' code is about 0.4 s): the game named after the
    # command is tried first.
    named = _named(sys.argv)
    if named is not None:
        game = sys.argv[2] if len(sys.argv) > 2 else ""
        first = [game] if _is_game(game) else []
        if named in register_game_commands(app, first):
            return
        rest = [name for name in list_games() if name not in first]
        if named in register_game_commands(app, rest):
            return
    for name in modules:
        importlib.import_module(f"duelhost.cli.commands.{name}").register(app)
    if named is None:
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
