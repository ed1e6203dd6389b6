"""``duelhost bench GAME --vector``: joint actions per second of a batched engine, side by side.

Every figure is one process on one core (CPU time of this process; NumPy's element-wise work
is single-threaded): the batched engine playing random legal actions in ``batch`` matches at
once with auto-reset (new matches dealt from new seeds inside the timed loop), the reference
engine's bare loop (``legal`` + a random choice + ``submit`` for both seats), and, where the
game's ``batch`` module names an OpenSpiel counterpart, OpenSpiel's C++ game driven from Python
the same way. A joint action is one simultaneous decision of both seats; a round in which
every seat has one choice left (a last card) is played but not counted, on either
side, as OpenSpiel's own game plays it as no node. An engine with compiled kernels (numba)
is measured twice: with its kernels, random legal actions drawn in the kernel, and with its
NumPy code, random legal actions drawn by NumPy.
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
    """Joint actions per CPU second of ``batch`` playing random legal actions (drawn in its
    kernel when it runs compiled kernels); and matches finished."""
    rng = np.random.default_rng(seed)
    compiled = bool(getattr(batch, "kernels", False))
    counts_choices = hasattr(batch, "choices")
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
    choices = getattr(batch, "choices", 0)
    for _ in range(steps):
        if compiled:
            actions = batch.random_actions()  # type: ignore[attr-defined]
        else:
            masks = batch.masks()
            actions = np.argmax(rng.random(masks.shape, np.float32) * masks, axis=2)
        if not counts_choices:
            joint += int(np.count_nonzero(batch.winner == IN_PLAY))
        ended = np.flatnonzero(batch.step(actions))
        if ended.size:
            finished += ended.size
            start(ended)
    spent = time.process_time() - began
    if counts_choices:
        joint = batch.choices - choices  # type: ignore[attr-defined]
    return joint / spent, finished


def reference_rate(game: duelhost.Game, matches: int) -> float:
    """Joint actions per CPU second of the reference engine's bare loop."""
    rng = random.Random(1)
    joint = 0
    began = time.process_time()
    for seed in range(matches):
        state = game.new(seed=seed)
        while not state.is_over:
            first = state.legal(0)
            second = state.legal(1)
            joint += len(first) > 1 or len(second) > 1  # a forced round is not counted
            state.submit(0, rng.choice(first))
            state.submit(1, rng.choice(second))
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


PAIRS = 5
"""Batched / OpenSpiel measurements taken in turn, A B A B ..., for the ratio's median."""


def figures(name: str, matches: int, options: dict[str, Any], batch: int = 4096) -> list[Any]:
    """The rows of the comparison for a game with a batched engine: each configuration its
    ``batch`` module's ``bench_configs(options)`` names, batched (compiled kernels where the
    engine has them, and NumPy) against the reference engine; then, where
    ``openspiel_counterpart(options)`` names OpenSpiel's own game, the first configuration's
    fastest engine and OpenSpiel measured in turn ``PAIRS`` times (medians, and the median of
    the pairs' ratios)."""
    chosen = duelhost.load(name, **options).options
    module = batch_module(duelhost.load(name, **options))
    rows: list[Any] = []
    first: tuple[Any, int] | None = None
    for label, config, steps, share in module.bench_configs(chosen):
        game = duelhost.load(name, **config)
        engine = module.batch_engine(batch, game.options)
        named = f" {label}" if label else ""
        fastest = engine
        if getattr(engine, "kernels", False):
            vector_rate(module.batch_engine(16, game.options), steps)  # compiled or loaded
            compiled, _ = vector_rate(engine, steps)
            rows.append((f"vector{named}, numba kernels, B={batch}: joint actions/s",
                         f"{compiled:,.0f}"))  # fmt: skip
            engine = module.batch_engine(batch, {**game.options, "kernels": False})
        rate, _ = vector_rate(engine, steps)
        reference = reference_rate(game, max(1, matches // share))
        rows.append((f"vector{named}, NumPy, B={batch}: joint actions/s", f"{rate:,.0f}"))
        rows.append((f"reference engine{named}: joint actions/s", f"{reference:,.0f}"))
        rows.append((f"ratio vector NumPy / reference{named}", f"{rate / reference:.1f}"))
        first = first or (fastest, steps)
    counterpart = getattr(module, "openspiel_counterpart", None)
    if counterpart is not None and first is not None:
        rows += _against_openspiel(counterpart(chosen), matches, *first)
    return rows


def _against_openspiel(theirs_name: str, matches: int, engine: Any, steps: int) -> list[Any]:
    """Rows of the batched engine against OpenSpiel's game, measured in turn."""
    if openspiel_rate(theirs_name, 10) is None:
        return [("OpenSpiel", "not installed: comparison skipped")]
    ours, theirs = [], []
    for _ in range(PAIRS):
        ours.append(vector_rate(engine, steps)[0])
        theirs.append(openspiel_rate(theirs_name, max(1, matches // PAIRS)) or 1.0)
    ratios = sorted(a / b for a, b in zip(ours, theirs, strict=True))
    kind = "numba kernels" if getattr(engine, "kernels", False) else "NumPy"
    return [
        (f"vector ({kind}), {PAIRS} runs in turn with OpenSpiel: median joint actions/s",
         f"{sorted(ours)[PAIRS // 2]:,.0f}"),
        (f"OpenSpiel C++ {theirs_name}: median joint actions/s",
         f"{sorted(theirs)[PAIRS // 2]:,.0f}"),
        ("ratio vector / OpenSpiel: median (min-max) of the pairs",
         f"{ratios[PAIRS // 2]:.1f} ({ratios[0]:.1f}-{ratios[-1]:.1f})"),
    ]  # fmt: skip


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
