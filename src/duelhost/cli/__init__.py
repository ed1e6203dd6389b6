"""The ``duelhost`` command: games, rules, play, replay, bench, and each game's own commands.

Commands beyond the core ones live in ``duelhost.cli.commands``: each module there defines
``register(app)`` and is discovered, so a game's command (``perft``, ``maps``) touches no
shared file.
"""

from __future__ import annotations

import importlib
import pkgutil

from duelhost.cli.app import app


def _register_commands() -> None:
    import duelhost.cli.commands as package

    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"duelhost.cli.commands.{module.name}").register(app)


_register_commands()


def main() -> None:
    app()


__all__ = ["app", "main"]
