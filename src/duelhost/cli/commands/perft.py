"""``duelhost perft GAME POSITION DEPTH``: count the leaves of a game's legal move tree.

For games that declare ``extra["perft"]`` (a function ``perft(state, depth)``, and
``extra["divide"]`` for ``--divide``) and a ``position`` setup argument; what a ply is, is the
game's (see its rules page). ``--divide`` splits the count by first move, the usual
way to find where two move generators disagree.
"""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer

import duelhost
from duelhost.cli.output import fail, make_console
from duelhost.core.errors import ConfigError
from duelhost.core.options import parse_assignments


def register(app: typer.Typer) -> None:
    @app.command()
    def perft(
        game: Annotated[str, typer.Argument(help="engine name of a game with move counting")],
        position: Annotated[str, typer.Argument(help="a position text (quoted), or 'start'")],
        depth: Annotated[int, typer.Argument(min=0, help="plies to count")],
        divide: Annotated[bool, typer.Option(help="print the count under each first move")] = False,
        opt: Annotated[list[str] | None, typer.Option(help="game option name=value")] = None,
    ) -> None:
        """Count the leaves of a legal move tree.

        Counts the leaf positions of the legal move tree DEPTH plies below POSITION."""
        console = make_console()
        try:
            loaded = duelhost.load(game, **parse_assignments(opt or []))
            count_leaves: Any = loaded.spec.extra.get("perft")
            split: Any = loaded.spec.extra.get("divide")
            if count_leaves is None:
                raise ConfigError(f"{game} has no move counting (perft)")
            state = (
                loaded.new()
                if position.strip().lower() == "start"
                else loaded.new(position=position)
            )
            start = time.perf_counter()
            if divide and split is not None:
                parts = split(state, depth)
                for move, count in parts:
                    console.print(f"{move} {count}", highlight=False)
                total = sum(count for _, count in parts)
            else:
                total = count_leaves(state, depth)
            seconds = time.perf_counter() - start
        except ConfigError as error:
            raise fail(f"{error}") from None
        console.print(f"perft {depth}: {total}", highlight=False)
        rate = total / seconds if seconds > 0 else 0.0
        console.print(f"{seconds:.3f} s, {rate:,.0f} leaves/s", highlight=False, style="dim")
