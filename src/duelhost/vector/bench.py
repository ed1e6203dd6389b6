"""``duelhost bench GAME --vector``: joint actions per second of a batched engine, side by side.

Every figure is one process on one core (CPU time of this process; NumPy's element-wise work
is single-threaded): the batched engine playing random legal actions in ``batch`` matches at
once with auto-reset (new matches dealt from new seeds inside the timed loop), the reference
engine's bare loop (``legal`` + a random choice + ``submit`` for both seats), and, where the
game's ``batch`` module names an OpenSpiel counterpart, OpenSpiel's C++ game driven from Python
the same way. A joint action is one simultaneous decision of both seats.
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

import duelhost
from duelhost.vector.env import IN_PLAY, BatchEngine, batch_module


def vector_rate(batch: BatchEngine, steps: int, seed: int = 0) -> tuple[float, int]:
    """Joint actions per CPU second of ``batch`` playing random legal actions; and matches."""
    rng = np.random.default_rng(seed)
    size = batch.size
    next_seed = size

    def start(which: Any) -> None:
        nonlocal next_seed
        batch.reset_matches(which, np.arange(next_seed, next_seed + len(which)))
        next_seed += len(which)

    start(np.arange(size))
    joint = 0
    finished = 0
    began = time.process_time()
    for _ in range(steps):
        masks = batch.masks()
        actions = np.argmax(rng.random(masks.shape, np.float32) * masks, axis=2)
        joint += int(np.count_nonzero(batch.winner == IN_PLAY))
        ended = np.flatnonzero(batch.step(actions))
        if ended.size:
            finished += ended.size
            start(ended)
    return joint / (time.process_time() - began), finished


def reference_rate(game: duelhost.Game, matches: int) -> float:
    """Joint actions per CPU second of the reference engine's bare loop."""
    rng = random.Random(1)
    joint = 0
    began = time.process_time()
    for seed in range(matches):
        state = game.new(seed=seed)
        while not state.is_over:
            first = rng.choice(state.legal(0))
            second = rng.choice(state.legal(1))
            state.submit(0, first)
            state.submit(1, second)
            joint += 1
    return joint / (time.process_time() - began)


def openspiel_rate(name: str, matches: int) -> float | None:
    """Joint actions per CPU second of an OpenSpiel game (``pyspiel.load_game(name)``: random
    chance outcomes, random joint actions) driven from Python; None without OpenSpiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    joint = 0
    began = time.process_time()
    for _ in range(matches):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_actions(
                    [rng.choice(state.legal_actions(0)), rng.choice(state.legal_actions(1))]
                )
                joint += 1
    return joint / (time.process_time() - began)


def figures(name: str, matches: int, options: dict[str, Any], batch: int = 4096) -> list[Any]:
    """The rows of the comparison for a game with a batched engine: each configuration its
    ``batch`` module's ``bench_configs(options)`` names, batched against the reference engine,
    and against OpenSpiel's own game where ``openspiel_counterpart(options)`` names one."""
    chosen = duelhost.load(name, **options).options
    module = batch_module(duelhost.load(name, **options))
    rows: list[Any] = []
    first_rate = 0.0
    for label, config, steps, share in module.bench_configs(chosen):
        game = duelhost.load(name, **config)
        rate, _ = vector_rate(module.batch_engine(batch, game.options), steps)
        reference = reference_rate(game, max(1, matches // share))
        named = f" {label}" if label else ""
        rows.append((f"vector{named}, B={batch}: joint actions/s", f"{rate:,.0f}"))
        rows.append((f"reference engine{named}: joint actions/s", f"{reference:,.0f}"))
        rows.append((f"ratio vector / reference{named}", f"{rate / reference:.1f}"))
        first_rate = first_rate or rate
    counterpart = getattr(module, "openspiel_counterpart", None)
    if counterpart is not None:
        theirs_name = counterpart(chosen)
        theirs = openspiel_rate(theirs_name, matches)
        if theirs is None:
            rows.append(("OpenSpiel", "not installed: comparison skipped"))
        else:
            rows.append((f"OpenSpiel C++ {theirs_name}: joint actions/s", f"{theirs:,.0f}"))
            rows.append(("ratio vector / OpenSpiel", f"{first_rate / theirs:.1f}"))
    return rows


def run_vector_benchmarks(
    name: str, matches: int, options: dict[str, Any], console: Console, batch: int = 4096
) -> None:
    """Print the comparison table (``duelhost bench GAME --vector``)."""
    from duelhost.bench import machine

    rows = figures(name, matches, options, batch)
    table = Table(title=f"duelhost bench {name} --vector ({machine()}; one core, CPU time)")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for label, value in rows:
        table.add_row(label, value)
    console.print(table)
