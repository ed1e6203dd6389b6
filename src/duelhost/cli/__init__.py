"""The ``duelhost`` command: games, rules, play, replay, bench, and each game's own commands.

Commands beyond the core ones live in ``duelhost.cli.commands`` (each module there defines
``register(app)`` and is discovered) and in the module a game's ``GameSpec.commands`` names
(its ``register(app)`` adds the game's own commands), so a game's command touches no shared
file.
"""

from __future__ import annotations

import importlib
import pkgutil

from duelhost.cli.app import app
from duelhost.core.registry import list_games, spec


def _register_commands() -> None:
    import duelhost.cli.commands as package

    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"duelhost.cli.commands.{module.name}").register(app)
    for name in list_games():
        module_name = spec(name).commands
        if module_name is not None:
            importlib.import_module(module_name).register(app)


_register_commands()


def main() -> None:
    app()


__all__ = ["app", "main"]
