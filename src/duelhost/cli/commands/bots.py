"""``duelhost bots [GAME]``: the bots that can play each game, levels first.

Every name listed is accepted by ``duelhost play --p0/--p1``, by the match server's
``{"kind": "bot", "bot": NAME}`` seats and by ``duelhost tournament --bots``.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

import duelhost
from duelhost.bots import available_bots
from duelhost.core.errors import ConfigError
from duelhost.core.registry import spec

LEVELS = ("easy", "medium", "hard")


def bot_names(game: str) -> list[str]:
    """The game's bots: the levels it has (easy, medium, hard) first, then the others."""
    names = available_bots(game)
    return [n for n in LEVELS if n in names] + [n for n in names if n not in LEVELS]


def register(app: typer.Typer) -> None:
    @app.command()
    def bots(
        game: Annotated[str | None, typer.Argument(help="one game (default: every game)")] = None,
    ) -> None:
        """List each game's bots, levels first."""
        console = Console()
        try:
            names = [spec(game).name] if game else duelhost.list_games()
        except ConfigError as error:
            Console(stderr=True).print(f"error: {error}", highlight=False, markup=False)
            raise typer.Exit(2) from None
        for name in names:
            console.print(f"{name:<16} {', '.join(bot_names(name))}", highlight=False)
