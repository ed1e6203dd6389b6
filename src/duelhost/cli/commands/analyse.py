"""``duelhost analyse RECORD``: every decision valued by the game's hard bot (its equilibrium or
its evaluation) or, where it has none, by random playouts, as the table's title says; the
biggest mistakes of each seat first (``duelhost.bots.analysis``)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from duelhost.bots.analysis import analyse as run_analysis
from duelhost.bots.analysis import to_json
from duelhost.bots.budget import Budget, set_default
from duelhost.cli.output import fail, make_console, print_table
from duelhost.core.errors import ConfigError

DEFAULT_SECONDS = 4.0
"""The whole analysis's time under a time budget: each decision thinks an even share of it."""


def register(app: typer.Typer) -> None:
    @app.command()
    def analyse(
        record: Annotated[Path, typer.Argument(help="a match record (JSON)")],
        top: Annotated[int, typer.Option(min=1, help="mistakes shown per seat")] = 5,
        out: Annotated[Path | None, typer.Option(help="write every note as JSON here")] = None,
        bot_seconds: Annotated[float, typer.Option(min=0.001, help="think time a decision")] = 1.0,
        bot_nodes: Annotated[
            int | None, typer.Option(min=1, help="nodes a decision (deterministic)")
        ] = None,
        seconds: Annotated[
            float | None,
            typer.Option(
                min=0.1, help="time for the whole analysis (default: 4 s, none with --bot-nodes)"
            ),
        ] = None,
    ) -> None:
        """Value each decision of a recorded match."""
        console = make_console()
        try:
            data = json.loads(record.read_text(encoding="utf-8"))
            set_default(Budget(bot_seconds, bot_nodes))
            started = time.perf_counter()
            with Progress(
                TextColumn("decisions"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=console,
            ) as progress:
                task = progress.add_task("decisions", total=None)
                notes = run_analysis(
                    data,
                    lambda done, total: progress.update(task, completed=done, total=total),
                    deadline=seconds if seconds is not None or bot_nodes else DEFAULT_SECONDS,
                )
        except (OSError, ValueError) as error:
            message = str(error) if isinstance(error, ConfigError) else f"{record}: {error}"
            raise fail(message) from None
        elapsed = time.perf_counter() - started
        if out is not None:
            out.write_text(json.dumps(to_json(notes), indent=1) + "\n", encoding="utf-8")
        methods = sorted({n.method for n in notes if n.method})
        console.print(f"method: {', '.join(methods) or 'none'}", highlight=False, markup=False)
        submitted = [n for n in notes if n.kind == "submit"]
        valued = sum(1 for n in submitted if n.method and n.method != "not analysed")
        console.print(
            f"{valued} of {len(submitted)} submissions analysed in {elapsed:.2f} s",
            highlight=False,
            markup=False,
        )
        for seat in (0, 1):
            mine = [n for n in notes if n.seat == seat and n.gave_up is not None]
            lost = sum(n.gave_up or 0.0 for n in mine)
            table = Table(
                title=f"seat {seat}: {len(mine)} decisions, {lost:.3f} given up in all; "
                f"the biggest mistakes"
            )
            for column in ("entry", "played", "gave up", "value", "best / equilibrium"):
                table.add_column(column)
            worst = sorted(mine, key=lambda n: -(n.gave_up or 0.0))[:top]
            for note in worst:
                mix = ", ".join(
                    f"{move} {p:.2f}"
                    for move, p in sorted(note.strategy.items(), key=lambda i: -i[1])
                ) or (note.best or "")
                table.add_row(
                    str(note.entry),
                    note.played,
                    f"{note.gave_up:.3f}",
                    f"{note.value:+.3f}" if note.value is not None else "",
                    mix,
                )
            print_table(console, table)
