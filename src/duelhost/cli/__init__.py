"""The ``duelhost`` command: games, rules, play, replay, bench, and each game's own commands.

Commands beyond the core ones live in ``duelhost.cli.commands`` (each module there defines
``register(app)`` and is discovered) and in the module a game's ``GameSpec.commands`` names
(its ``COMMANDS``, declared as data: ``duelhost.core.commands``; built by
``cli.game_commands``), so a game's command touches no shared file and imports no CLI.
"""

from __future__ import annotations

import importlib
import pkgutil

from duelhost.cli.app import app
from duelhost.cli.game_commands import register_game_commands


def _register_commands() -> None:
    import duelhost.cli.commands as package

    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"duelhost.cli.commands.{module.name}").register(app)
    register_game_commands(app)


_register_commands()


def main() -> None:
    app()


__all__ = ["app", "main", "register_game_commands"]
