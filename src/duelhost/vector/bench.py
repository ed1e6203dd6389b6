"""``duelhost bench GAME --vector``: joint actions per second of a batched engine, side by side.

Every figure is one process on one core (CPU time of this process; NumPy's element-wise work
is single-threaded): the batched engine playing random legal actions in ``batch`` matches at
once with auto-reset (new matches dealt from new seeds inside the timed loop), the reference
engine's bare loop (``legal`` + a random choice + ``submit`` for both seats), and, for
Goofspiel, OpenSpiel's C++ ``goofspiel`` driven from Python the same way. A joint action is one
simultaneous decision of both seats (one round).
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

import duelhost
from duelhost.vector.goofspiel import IN_PLAY, GoofspielBatch
from duelhost.vector.warriors_death import WarriorsDeathBatch

CLASSIC_CARDS = 13


def vector_rate(
    batch: GoofspielBatch | WarriorsDeathBatch, steps: int, seed: int = 0
) -> tuple[float, int]:
    """Joint actions per CPU second of ``batch`` playing random legal actions; and matches."""
    rng = np.random.default_rng(seed)
    size = batch.size
    next_seed = size

    def start(which: Any) -> None:
        nonlocal next_seed
        if isinstance(batch, GoofspielBatch):
            batch.reset_matches(which, np.arange(next_seed, next_seed + len(which)))
            next_seed += len(which)
        else:
            batch.reset_matches(which)

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


def openspiel_rate(cards: int, matches: int) -> float | None:
    """Joint actions per CPU second of OpenSpiel's C++ ``goofspiel`` (random points order,
    random bids) driven from Python; None without OpenSpiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("goofspiel", {"num_cards": cards, "points_order": "random"})
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
    """The rows of the comparison for ``goofspiel`` or ``warriors_death``."""
    rows: list[Any] = []
    if name == "goofspiel":
        chosen = duelhost.load("goofspiel", **options).options
        cards = int(chosen["planets"]) if chosen["galaxies"] == 1 else CLASSIC_CARDS
        configs = [
            (f"classic {cards}-card", 1, cards, 0),
            ("seven galaxies", 7, 7, 10),
        ]
        classic_vector = 0.0
        for label, galaxies, planets, replays in configs:
            engine = GoofspielBatch(batch, galaxies, planets, replays)
            rate, _ = vector_rate(engine, 60 if galaxies == 1 else 120)
            reference = reference_rate(
                duelhost.load("goofspiel", galaxies=galaxies, planets=planets, max_replays=replays),
                matches if galaxies == 1 else max(1, matches // 10),
            )
            rows.append((f"vector {label}, B={batch}: joint actions/s", f"{rate:,.0f}"))
            rows.append((f"reference engine {label}: joint actions/s", f"{reference:,.0f}"))
            rows.append((f"ratio vector / reference ({label})", f"{rate / reference:.1f}"))
            if galaxies == 1:
                classic_vector = rate
        theirs = openspiel_rate(cards, matches)
        if theirs is None:
            rows.append(("OpenSpiel goofspiel", "not installed: comparison skipped"))
        else:
            rows.append(
                (f"OpenSpiel C++ goofspiel num_cards={cards}: joint actions/s", f"{theirs:,.0f}")
            )
            rows.append(("ratio vector / OpenSpiel", f"{classic_vector / theirs:.1f}"))
        return rows
    if name == "warriors_death":
        chosen = duelhost.load("warriors_death", **options).options
        warriors = WarriorsDeathBatch(batch, chosen["bouts"], chosen["rounds"])
        rate, _ = vector_rate(warriors, 120)
        reference = reference_rate(duelhost.load("warriors_death", **options), max(1, matches // 4))
        rows.append((f"vector, B={batch}: joint actions/s", f"{rate:,.0f}"))
        rows.append(("reference engine: joint actions/s", f"{reference:,.0f}"))
        rows.append(("ratio vector / reference", f"{rate / reference:.1f}"))
        return rows
    raise duelhost.ConfigError(
        f"no batched engine for {name!r}; --vector is for goofspiel and warriors_death"
    )


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
