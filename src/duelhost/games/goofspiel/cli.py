"""Goofspiel's own command: ``duelhost solve goofspiel --planets N`` solves classic N-card
Goofspiel into a table; declared as data (``duelhost.core.commands``) and added to the CLI
through ``GameSpec.commands``.

The solver is ``duelhost.games.goofspiel.solver`` (backward induction, one matrix game per
subgame); the table goes to ``--out`` or the default cache path the ``hard`` bot reads.
``duelhost solve goofspiel --planets N --bench [--gopssolver PATH]`` times the solver in a
child process (``python -m duelhost.games.goofspiel.cli N OUT``: the solver alone, without the
``duelhost`` command's imports) and, when GOPSsolver's binary is given, GOPSsolver on the
same N right after it in the same run, and prints wall and CPU times (from ``wait4``), each
child's own peak memory (``child_peak_mb``) and the ratios.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from duelhost.core.commands import GameCommand, Output, Param, Table
from duelhost.core.errors import ConfigError

POLL_SECONDS = 0.02
"""How often a timed child's peak memory is read while it runs."""


def _solve(report: Output, planets: int, out: Path | None, quiet: bool) -> None:
    from duelhost.games.goofspiel import solver

    path = out or solver.default_path(planets)
    start = time.perf_counter()

    def progress(phase: str, done: int, total: int) -> None:
        if not quiet:
            report.progress(phase, done, total)

    table = solver.solve(planets, progress)
    seconds = time.perf_counter() - start
    solver.save(table, path)
    peak = child_peak_mb(os.getpid()) or 0.0
    report.line(
        f"classic {planets}-card Goofspiel solved: {table.positions} positions stored, "
        f"{seconds:.2f} s, peak memory {peak:.0f} MB; table written to {path} "
        f"({path.stat().st_size / 1e6:.1f} MB)"
    )


@dataclass
class Run:
    """One timed child process."""

    seconds: float
    cpu_seconds: float
    peak_mb: float
    returncode: int
    output: str


def child_peak_mb(pid: int) -> float | None:
    """The high-water mark of a running process's resident memory (``VmHWM``), in MB.

    ``wait4``'s ``ru_maxrss`` cannot serve: Linux counts in it the memory the child had before
    ``exec`` (a copy of this Python process, tens of MB), so a small solver read as big as its
    parent. ``VmHWM`` belongs to the program's own address space after ``exec``."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def _timed(command: list[str]) -> Run:
    """Run ``command`` to its end: wall and CPU time, and its own peak resident memory."""
    import subprocess
    import tempfile

    with tempfile.TemporaryFile("w+") as log:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        peak = 0.0
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            seen = child_peak_mb(child.pid)
            peak = max(peak, seen or 0.0)
            time.sleep(POLL_SECONDS)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        log.seek(0)
        cpu = usage.ru_utime + usage.ru_stime
        return Run(seconds, cpu, peak, child.returncode, log.read())


def _ours(planets: int, scratch: str) -> Run:
    out = str(Path(scratch) / "ours.npz")
    ours = _timed([sys.executable, "-m", "duelhost.games.goofspiel.cli", str(planets), out])
    if ours.returncode != 0:
        raise ConfigError(f"our solver failed:\n{ours.output}")
    return ours


def _theirs(planets: int, gops: Path, scratch: str) -> Run:
    cache = str(Path(scratch) / "gops.evc")
    theirs = _timed([str(gops), "--n", str(planets), "--cache-out", cache])
    if theirs.returncode != 0:
        raise ConfigError(f"GOPSsolver failed:\n{theirs.output}")
    return theirs


def bench_solve(report: Output, planets: int, gops: Path | None) -> None:
    """Our solver, then GOPSsolver when its binary is given, on the same N in one run."""
    import platform
    import tempfile

    if gops is not None and not gops.is_file():
        raise ConfigError(f"no GOPSsolver binary at {gops}")
    report.line(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    with tempfile.TemporaryDirectory() as scratch:
        ours = _ours(planets, scratch)
        theirs = None if gops is None else _theirs(planets, gops, scratch)
    table = Table(
        f"classic {planets}-card Goofspiel, solved exactly",
        ("solver", "wall seconds", "CPU seconds", "peak memory (MB)"),
    )
    for name, run in (("duelhost", ours), ("GOPSsolver", theirs)):
        if run is not None:
            table.rows.append(
                (name, f"{run.seconds:.2f}", f"{run.cpu_seconds:.2f}", f"{run.peak_mb:.0f}")
            )
    report.table(table)
    report.line(ours.output.strip().splitlines()[-1])
    if theirs is not None:
        report.line(
            f"ratio (duelhost time / GOPSsolver time): {ours.seconds / theirs.seconds:.3f} wall, "
            f"{ours.cpu_seconds / theirs.cpu_seconds:.3f} CPU (CPU time moves less with the "
            "machine's load)"
        )


def solve(
    report: Output,
    game: str,
    planets: int,
    galaxies: int,
    out: Path | None,
    quiet: bool,
    bench: bool,
    gopssolver: Path | None,
) -> None:
    """Solve classic Goofspiel exactly."""
    if game != "goofspiel" or galaxies != 1:
        raise ConfigError("only classic Goofspiel (goofspiel, --galaxies 1) can be solved exactly")
    if planets < 1:
        raise ConfigError(f"--planets must be at least 1, got {planets}")
    if bench:
        bench_solve(report, planets, gopssolver)
    else:
        _solve(report, planets, out, quiet)


class _Print:
    """The child's output: plain lines on stdout."""

    def line(self, text: str) -> None:
        print(text, flush=True)

    def table(self, table: Table) -> None:
        for row in (table.columns, *table.rows):
            self.line("  ".join(row))

    def progress(self, phase: str, done: int, total: int) -> None:
        """The child shows no progress."""


def main(argv: list[str] | None = None) -> None:
    """``python -m duelhost.games.goofspiel.cli N OUT``: solve N cards into OUT, the solver
    alone in its process (what ``--bench`` times, as GOPSsolver's binary is timed alone).

    The ``duelhost`` command would first import the whole CLI (the server, its database and
    web layers: about 4 CPU-seconds and 100 MB before the solver starts)."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        raise SystemExit("usage: python -m duelhost.games.goofspiel.cli N OUT")
    _solve(_Print(), int(args[0]), Path(args[1]), quiet=True)


COMMANDS = (
    GameCommand(
        "solve",
        solve.__doc__ or "",
        (
            Param("game", str, "the game to solve: goofspiel (classic)", argument=True),
            Param("planets", int, "N: cards per seat and prizes", default=6),
            Param("galaxies", int, "must be 1 (classic)", default=1),
            Param("out", Path, "table file (.npz)", default=None),
            Param("quiet", bool, "no progress bar", default=False),
            Param("bench", bool, "time it in a child process", default=False),
            Param("gopssolver", Path, "with --bench: GOPSsolver's binary, timed after", None),
        ),
        solve,
    ),
)


if __name__ == "__main__":
    # One OpenBLAS thread (set before NumPy is imported): the solver never multiplies
    # matrices, and starting the idle pool is CPU time that counts at N = 6.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    main()
    # The table is written and closed, the line printed: end without the interpreter's
    # finalization (tearing NumPy and every module down, 20-25 ms of CPU at N = 6, which the
    # bench counts; GOPSsolver's binary has none to speak of).
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
