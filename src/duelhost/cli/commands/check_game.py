"""``duelhost check-game NAME``: the conformance kit (``duelhost.testing``) on one game.

Prints one row per property (pass or FAIL, the checks made, the first failure with the seed
and decision where it happened) and exits 1 if any property fails.
"""

from __future__ import annotations

from typing import Annotated

import typer

from duelhost.cli.output import fail, make_console
from duelhost.core.errors import ConfigError
from duelhost.core.options import parse_assignments
from duelhost.core.registry import spec
from duelhost.testing import check_game, report_table


def register(app: typer.Typer) -> None:
    @app.command("check-game")
    def check_game_command(
        game: Annotated[str, typer.Argument(help="engine name of an installed game")],
        matches: Annotated[int, typer.Option(min=1, help="random matches to play")] = 3,
        seed: Annotated[int, typer.Option(help="seed of the first match")] = 0,
        opt: Annotated[list[str] | None, typer.Option(help="game option name=value")] = None,
    ) -> None:
        """Check a game against the conformance kit.

        Plays random matches and checks every property a duelhost game must keep; exits 1
        if one fails."""
        try:
            game_spec = spec(game)
            options = parse_assignments(opt or [])
            game_spec.load(**options)
        except ConfigError as error:
            raise fail(str(error)) from None
        report = check_game(game_spec, matches=matches, seed=seed, options=options)
        console = make_console()
        console.print(report_table(report))
        console.print(report.summary().splitlines()[0])
        if not report.ok:
            raise typer.Exit(1)
