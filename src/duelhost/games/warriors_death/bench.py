"""A Warrior's Death's extra benchmark figures: the pieces of a round, timed one by one.

Besides the generic random-match figures, this times the calls a search bot or a server makes
most: ``legal()`` (27 strings at most, cached per hand), ``submit()`` of a canonical play (the
first of a round, so nothing resolves yet), ``view()`` of a seat and of a spectator late in a
match, and the pure round function ``clash()`` alone. Each figure is a mean over the states
of one random match.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import duelhost
from duelhost.bench import random_match
from duelhost.core.state import State
from duelhost.games.warriors_death.rules import clash


def _states(options: dict[str, Any]) -> list[State]:
    """Every decision point of one random match (seed 4242)."""
    game = duelhost.load("warriors_death", **options)
    final = random_match(game, 4242)
    state = game.new(seed=4242)
    states = [state.clone()]
    for entry in final.history:
        if entry.kind == "resign":
            break
        state.apply(entry)
        if not state.submitted:
            states.append(state.clone())
    return [s for s in states if not s.is_over]


def _mean_us(action: Callable[[], object], repeats: int) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        action()
    return 1e6 * (time.perf_counter() - start) / repeats


def extra(
    matches: int, options: dict[str, Any], say: Callable[[str], None]
) -> list[tuple[str, str]]:
    states = _states(options)
    rng = random.Random(1)
    picks = [(s, rng.choice(s.legal(0))) for s in states]
    repeats = max(1, 2000 // max(1, len(states)))

    def legal_all() -> None:
        for s in states:
            s.legal(0)

    late = states[-1]
    per = len(states) * repeats
    legal_us = _mean_us(legal_all, repeats) / len(states)
    copies = [(s.clone(), text) for _ in range(repeats) for s, text in picks]
    start = time.perf_counter()
    for copy, text in copies:
        copy.submit(0, text)
    submit_us = 1e6 * (time.perf_counter() - start) / len(copies)
    seat_view_us = _mean_us(lambda: late.view(0), per)
    spectator_view_us = _mean_us(lambda: late.view(None), per)
    clash_us = _mean_us(lambda: clash((1, 8), (8, -1), (False, False), (1, 0)), 20_000)
    return [
        ("legal() (seat 0)", f"{legal_us:.2f} µs"),
        ("submit() of a canonical play (no resolution)", f"{submit_us:.2f} µs"),
        ("view(seat) late in a match", f"{seat_view_us:.1f} µs"),
        ("view(None) late in a match", f"{spectator_view_us:.1f} µs"),
        ("clash() (one round, pure)", f"{clash_us:.2f} µs"),
    ]
