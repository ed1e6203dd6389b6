"""``duelhost tournament GAME --bots a,b,c --matches N``: a round robin, ratings, W/D/L.

Seats alternate and seeds are fixed (``duelhost.bots.tournament``); ``--workers K`` plays on K
local processes, ``--backend ray`` on a Ray cluster (``RAY_ADDRESS``, else one started on this
machine; the ``ray`` extra). Prints the command's own line (to paste above a
table), the Bradley-Terry ratings on the Elo scale with 95% intervals, and the
win/draw/loss matrix with each row bot's share of the decided matches.
"""

from __future__ import annotations

import shlex
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import duelhost
from duelhost.bots import available_bots
from duelhost.bots.budget import Budget
from duelhost.bots.tournament import Results, check_backend, jobs, ratings, run
from duelhost.cli.output import fail, make_console, print_table
from duelhost.core.errors import ConfigError
from duelhost.core.options import parse_assignments


def _tables(results: Results) -> tuple[Table, Table]:
    rated = Table(title="Bradley-Terry ratings (Elo scale, 95% interval)")
    for column in ("bot", "rating", "interval"):
        rated.add_column(column)
    for rating in sorted(ratings(results), key=lambda r: -r.elo):
        rated.add_row(rating.bot, f"{rating.elo:+.0f}", f"{rating.low:+.0f} .. {rating.high:+.0f}")
    matrix = Table(title="wins-draws-losses of the row bot (share of decided matches won)")
    matrix.add_column("")
    for bot in results.bots:
        matrix.add_column(bot)
    for i, bot in enumerate(results.bots):
        cells = []
        for j in range(len(results.bots)):
            if i == j:
                cells.append("")
                continue
            w, d, lost = results.wins[i, j], results.draws[i, j], results.wins[j, i]
            rate = results.decided_rate(i, j)
            share = "n/a" if rate != rate else f"{100 * rate:.0f}%"
            cells.append(f"{w}-{d}-{lost} ({share})")
        matrix.add_row(bot, *cells)
    return rated, matrix


def register(app: typer.Typer) -> None:
    @app.command()
    def tournament(
        game: Annotated[str, typer.Argument(help="engine name")],
        bots: Annotated[str, typer.Option(help="comma-separated bot names, e.g. random,hard")],
        matches: Annotated[int, typer.Option(min=1, help="matches per pair")] = 20,
        workers: Annotated[int, typer.Option(min=1, help="local worker processes")] = 1,
        seed: Annotated[int, typer.Option(help="first seed")] = 0,
        opt: Annotated[list[str] | None, typer.Option(help="game option name=value")] = None,
        bot_seconds: Annotated[float, typer.Option(min=0.001, help="bot think time")] = 1.0,
        bot_nodes: Annotated[
            int | None, typer.Option(min=1, help="bot nodes a decision (deterministic)")
        ] = None,
        backend: Annotated[
            str,
            typer.Option(help="local (worker processes) or ray (RAY_ADDRESS's cluster, else new)"),
        ] = "local",
    ) -> None:
        """Round robin between bots, with ratings."""
        console = make_console()
        try:
            options = parse_assignments(opt or [])
            loaded = duelhost.load(game, **options)
            names = [name.strip() for name in bots.split(",") if name.strip()]
            if len(names) < 2 or len(set(names)) != len(names):
                raise ConfigError("--bots needs at least two different bot names")
            unknown = [n for n in names if n not in available_bots(loaded.name)]
            if unknown:
                raise ConfigError(
                    f"no bot {unknown[0]!r} for {loaded.name}; "
                    f"the bots are {', '.join(available_bots(loaded.name))}"
                )
            budget = Budget(bot_seconds, bot_nodes)
            check_backend(backend, workers)  # before the first match: say what is wrong
            job_list = jobs(loaded.name, options, names, matches, seed, budget)
            line = ["duelhost", "tournament", game, "--bots", ",".join(names)]
            line += ["--matches", str(matches), "--seed", str(seed)]
            for item in opt or []:
                line += ["--opt", item]
            line += ["--bot-nodes", str(bot_nodes)] if bot_nodes else []
            line += ["--bot-seconds", str(bot_seconds)] if not bot_nodes else []
            line += ["--workers", str(workers)] if workers > 1 else []
            line += ["--backend", backend] if backend != "local" else []
            console.print("$ " + shlex.join(line), highlight=False, soft_wrap=True)
            with Progress(
                TextColumn("matches"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=console,
            ) as progress:
                task = progress.add_task("matches", total=len(job_list))
                results = run(
                    job_list,
                    names,
                    workers,
                    backend,
                    lambda done: progress.update(task, completed=done),
                )
        except ConfigError as error:
            raise fail(str(error)) from None
        for table in _tables(results):
            print_table(console, table)
