"""Goofspiel's own command: ``duelhost solve goofspiel --planets N`` solves classic N-card
Goofspiel into a table (``GameSpec.commands``).

The solver is ``duelhost.games.goofspiel.solver`` (backward induction, one matrix game per
subgame); the table goes to ``--out`` or the default cache path the ``hard`` bot reads.
``duelhost solve goofspiel --planets N --bench [--gopssolver PATH]`` times the solver in a
child process and, when GOPSsolver's binary is given, GOPSsolver on the
same N right after it in the same run, and prints both wall and CPU times (from ``wait4``), peak
memories and the ratios.
"""

from __future__ import annotations

import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from duelhost.core.errors import ConfigError


def _solve(planets: int, out: Path | None, quiet: bool, console: Console) -> None:
    from duelhost.games.goofspiel import solver

    path = out or solver.default_path(planets)
    start = time.perf_counter()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
        console=console,
        disable=quiet,
        transient=False,
    ) as progress:
        tasks: dict[str, TaskID] = {}

        def report(phase: str, done: int, total: int) -> None:
            if phase not in tasks:
                tasks[phase] = progress.add_task(phase, total=total)
            progress.update(tasks[phase], completed=done)

        table = solver.solve(planets, report)
    seconds = time.perf_counter() - start
    solver.save(table, path)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    console.print(
        f"classic {planets}-card Goofspiel solved: {table.positions} positions stored, "
        f"{seconds:.2f} s, peak memory {peak:.0f} MB; table written to {path} "
        f"({path.stat().st_size / 1e6:.1f} MB)",
        highlight=False,
        soft_wrap=True,
    )


@dataclass
class Run:
    """One timed child process."""

    seconds: float
    cpu_seconds: float
    peak_mb: float
    returncode: int
    output: str


def _timed(command: list[str]) -> Run:
    """Run ``command`` to its end; wall time and the child's own peak resident memory."""
    with tempfile.TemporaryFile("w+") as log:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        log.seek(0)
        cpu = usage.ru_utime + usage.ru_stime
        return Run(seconds, cpu, usage.ru_maxrss / 1024, child.returncode, log.read())


def bench_solve(planets: int, gops: Path | None, console: Console) -> None:
    """Our solver, then GOPSsolver when its binary is given, on the same N in one run."""
    if gops is not None and not Path(str(gops)).is_file():
        raise ConfigError(f"no GOPSsolver binary at {gops}")
    console.print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    with tempfile.TemporaryDirectory() as scratch:
        ours = _timed(
            [
                sys.executable,
                "-m",
                "duelhost",
                "solve",
                "goofspiel",
                "--planets",
                str(planets),
                "--quiet",
                "--out",
                str(Path(scratch) / "ours.npz"),
            ]
        )
        if ours.returncode != 0:
            raise ConfigError(f"our solver failed:\n{ours.output}")
        theirs = None
        if gops is not None:
            theirs = _timed(
                [str(gops), "--n", str(planets), "--cache-out", str(Path(scratch) / "gops.evc")]
            )
            if theirs.returncode != 0:
                raise ConfigError(f"GOPSsolver failed:\n{theirs.output}")
    table = Table(title=f"classic {planets}-card Goofspiel, solved exactly")
    for column in ("solver", "wall seconds", "CPU seconds", "peak memory (MB)"):
        table.add_column(column)
    for name, run in (("duelhost", ours), ("GOPSsolver", theirs)):
        if run is not None:
            table.add_row(
                name, f"{run.seconds:.2f}", f"{run.cpu_seconds:.2f}", f"{run.peak_mb:.0f}"
            )
    console.print(table)
    console.print(ours.output.strip().splitlines()[-1], highlight=False, soft_wrap=True)
    if theirs is not None:
        console.print(
            f"ratio (duelhost time / GOPSsolver time): {ours.seconds / theirs.seconds:.3f} wall, "
            f"{ours.cpu_seconds / theirs.cpu_seconds:.3f} CPU (CPU time moves less with the "
            "machine's load)",
            highlight=False,
        )


def register(app: typer.Typer) -> None:
    @app.command()
    def solve(
        game: Annotated[str, typer.Argument(help="the game to solve: goofspiel (classic)")],
        planets: Annotated[int, typer.Option(min=1, help="N: cards per seat and prizes")] = 6,
        galaxies: Annotated[int, typer.Option(min=1, help="must be 1 (classic)")] = 1,
        out: Annotated[Path | None, typer.Option(help="table file (.npz)")] = None,
        quiet: Annotated[bool, typer.Option(help="no progress bar")] = False,
        bench: Annotated[bool, typer.Option(help="time it in a child process")] = False,
        gopssolver: Annotated[
            Path | None, typer.Option(help="with --bench: GOPSsolver's binary, timed after")
        ] = None,
    ) -> None:
        """Solve classic Goofspiel exactly."""
        console = Console()
        try:
            if game != "goofspiel" or galaxies != 1:
                raise ConfigError(
                    "only classic Goofspiel (goofspiel, --galaxies 1) can be solved exactly"
                )
            if bench:
                bench_solve(planets, gopssolver, console)
            else:
                _solve(planets, out, quiet, console)
        except ConfigError as error:
            Console(stderr=True).print(f"error: {error}", highlight=False, markup=False)
            raise typer.Exit(2) from None
