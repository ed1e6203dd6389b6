"""``duelhost bench``: the generic random-match benchmark plus each game's own figures.

The module a game's ``GameSpec.bench`` names (``games/<name>/bench.py`` for the built-in games)
defines ``extra(matches, options, say)`` (``say(text)`` prints a note) returning more figures
as ``(label, value)`` rows; the harness here runs it after the generic figures, so a game's
scenarios touch no shared file.
"""

from __future__ import annotations

import importlib
import platform
import time
import tracemalloc
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

import duelhost
from duelhost.bots import make_bot, play_match
from duelhost.core.registry import Game
from duelhost.core.state import State


@dataclass
class Figures:
    """What the generic benchmark measured."""

    matches: int
    decisions: int
    seconds: float
    clone_us: float
    peak_kib: float

    @property
    def matches_per_s(self) -> float:
        return self.matches / self.seconds

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds

    @property
    def ms_per_match(self) -> float:
        return 1000 * self.seconds / self.matches


def random_match(game: Game, seed: int) -> State:
    state = game.new(seed=seed)
    bots = [make_bot("random", game, 0, seed), make_bot("random", game, 1, seed)]
    return play_match(state, bots)


def measure(game: Game, matches: int, progress: Progress | None = None) -> Figures:
    """Play ``matches`` random matches (seeds 0..n-1) and time them, clone() and memory."""
    task = progress.add_task(f"{game.name}: random matches", total=matches) if progress else None
    decisions = 0
    start = time.perf_counter()
    for seed in range(matches):
        decisions += random_match(game, seed).decision
        if progress is not None and task is not None:
            progress.advance(task)
    seconds = time.perf_counter() - start
    return Figures(matches, decisions, seconds, clone_time_us(game), peak_memory_kib(game))


def clone_time_us(game: Game, samples: int = 20, repeats: int = 200) -> float:
    """Mean clone() time over states taken along a random match."""
    states: list[State] = []

    def keep(state: State) -> None:
        states.append(state.clone())

    state = game.new(seed=12345)
    bots = [make_bot("random", game, 0, 1), make_bot("random", game, 1, 1)]
    play_match(state, bots, on_decision=keep)
    step = max(1, len(states) // samples)
    chosen = states[::step][:samples] or [state]
    start = time.perf_counter()
    for _ in range(repeats):
        for item in chosen:
            item.clone()
    return 1e6 * (time.perf_counter() - start) / (repeats * len(chosen))


def peak_memory_kib(game: Game) -> float:
    """Peak traced Python memory of one random match (its states, history and views)."""
    tracemalloc.start()
    try:
        random_match(game, 777)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 1024


def machine() -> str:
    import os

    return (
        f"{platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.system()} {platform.release()}"
    )


def run_benchmarks(name: str, matches: int, options: dict[str, Any], console: Console) -> None:
    game = duelhost.load(name, **options)
    with Progress(console=console, transient=True) as progress:
        figures = measure(game, matches, progress)
    table = Table(title=f"duelhost bench {name} ({machine()})")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_row("random matches", str(figures.matches))
    table.add_row("matches/s", f"{figures.matches_per_s:,.0f}")
    table.add_row("ms per match", f"{figures.ms_per_match:.3f}")
    table.add_row("decisions/s", f"{figures.decisions_per_s:,.0f}")
    table.add_row("mean clone()", f"{figures.clone_us:.2f} µs")
    table.add_row("peak memory of one match", f"{figures.peak_kib:,.0f} KiB")
    for label, value in game_figures(game, matches, options, console):
        table.add_row(label, value)
    console.print(table)


def game_figures(
    game: Game, matches: int, options: dict[str, Any], console: Console
) -> list[tuple[str, str]]:
    """The rows of the game's own benchmark module, none if it declares none."""
    if game.spec.bench is None:
        return []
    module = importlib.import_module(game.spec.bench)
    extra = getattr(module, "extra", None)
    if extra is None:
        return []
    return list(extra(matches, options, lambda text: console.print(text, markup=False)))
