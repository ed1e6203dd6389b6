"""Generalissimo's own benchmark figures: move generation from the start, clone, perft speed.

Targets (issue 3): legal move generation for the start position under 1 ms, a full random
match under 50 ms (the generic figures above give ms per match).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import duelhost
from duelhost.games.generalissimo.board import CELLS
from duelhost.games.generalissimo.horseman import build_tree
from duelhost.games.generalissimo.moves import all_moves
from duelhost.games.generalissimo.state import GeneralissimoState


def _best_of(repeats: int, rounds: int, work: Any) -> float:
    """Seconds per call of ``work``: the best of ``repeats`` timings of ``rounds`` calls."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(rounds):
            work()
        best = min(best, (time.perf_counter() - start) / rounds)
    return best


def extra(
    matches: int, options: dict[str, Any], say: Callable[[str], None]
) -> list[tuple[str, str]]:
    game = duelhost.load("generalissimo", **options)
    start = game.new()
    assert isinstance(start, GeneralissimoState)
    count = len(start.legal(0))

    def fresh_legal() -> None:
        # as for a new position: neither the position's nor the pieces' move cache answers
        start._cache = None
        start._known = [None] * len(start.board)
        start.legal(0)

    def generate() -> None:
        all_moves(start.board, 0, -1, start.archer_diagonal)

    legal_s = _best_of(5, 200, fresh_legal)
    generate_s = _best_of(5, 200, generate)
    clone_s = _best_of(5, 2000, start.clone)
    perft_start = time.perf_counter()
    leaves = start.perft(2)
    perft_s = time.perf_counter() - perft_start
    trees_start = time.perf_counter()
    nodes = sum(len(build_tree(cell).nodes) for cell in range(CELLS))
    trees_s = time.perf_counter() - trees_start
    return [
        ("start position: legal moves", str(count)),
        ("start position: legal() (strings)", f"{legal_s * 1e3:.3f} ms"),
        ("start position: move generation", f"{generate_s * 1e3:.3f} ms"),
        ("legal moves generated per second", f"{count / legal_s:,.0f}"),
        ("clone() of the start position", f"{clone_s * 1e6:.2f} µs"),
        ("perft 2 from the start", f"{leaves:,} leaves, {leaves / perft_s:,.0f} leaves/s"),
        (
            "Horseman path trees (once per process)",
            f"{nodes:,} paths from the 108 cells built in {trees_s * 1e3:.0f} ms",
        ),
    ]
