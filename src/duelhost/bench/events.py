"""Event pairing benchmarks (issue 31): ``python -m duelhost.bench.events``.

A Swiss of 1,000 entrants over 9 rounds with random results (the time to pair each round), and
an arena of 1,000 players over 10 simulated minutes in which every finished game sends both
players back to wait (the time of each wave, which pairs everyone waiting). Figures go to
docs/performance.md; no test asserts them.
"""

from __future__ import annotations

import random
import statistics
import time

from duelhost.events import (
    Entrant,
    EventConfig,
    Format,
    Outcome,
    arena_wave,
    open_event,
    pair_next_round,
    pending_games,
    report_result,
)

OUTCOMES = (Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.DRAW)


def swiss(entrants: int = 1000, rounds: int = 9, seed: str = "bench") -> list[float]:
    """Seconds to pair each round of a Swiss of ``entrants``."""
    rng = random.Random(1)
    field = [Entrant(f"e{k}", f"Entrant {k}", rng.randint(1000, 2400)) for k in range(entrants)]
    record = open_event("bench-swiss", EventConfig(Format.SWISS, rounds=rounds), field, seed)
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        record = pair_next_round(record, seed)
        times.append(time.perf_counter() - start)
        for game in pending_games(record):
            record = report_result(record, game.round, game.board, rng.choice(OUTCOMES))
    return times


def arena(players: int = 1000, minutes: float = 10.0, step: float = 5.0) -> list[float]:
    """Seconds of each wave of an arena of ``players``: a wave every ``step`` seconds pairs
    everyone whose game has ended; games last 30 to 120 simulated seconds."""
    rng = random.Random(2)
    field = [Entrant(f"a{k}", f"Player {k}", rng.randint(1000, 2400)) for k in range(players)]
    record = open_event(
        "bench-arena", EventConfig(Format.ARENA, duration=minutes * 60), field, "bench"
    )
    waiting = [e.id for e in field]
    ends: list[tuple[float, int, int]] = []
    times = []
    now = 0.0
    while now < minutes * 60:
        start = time.perf_counter()
        record = arena_wave(record, waiting, now)
        times.append(time.perf_counter() - start)
        wave = record.rounds[-1]
        paired = {x for p in wave.pairings for x in p.players()}
        waiting = [x for x in waiting if x not in paired]
        ends += [(now + rng.uniform(30, 120), wave.number, p.board) for p in wave.pairings]
        now += step
        for ended, number, board in sorted(e for e in ends if e[0] <= now):
            record = report_result(record, number, board, rng.choice(OUTCOMES), ended_at=ended)
            waiting += list(record.rounds[number - 1].pairings[board - 1].players())
        ends = [e for e in ends if e[0] > now]
    return times


def main() -> None:
    """Print both benchmarks' figures."""
    rounds = swiss()
    print(
        f"Swiss, 1,000 entrants, 9 rounds: pairing a round took max {max(rounds):.3f} s, "
        f"median {statistics.median(rounds):.3f} s; "
        f"each: {', '.join(f'{t:.2f}' for t in rounds)}"
    )
    waves = arena()
    print(
        f"Arena, 1,000 players, 10 minutes, a wave every 5 s ({len(waves)} waves): a wave "
        f"took max {max(waves):.3f} s, median {statistics.median(waves):.3f} s; "
        f"the first (all 1,000 waiting) {waves[0]:.3f} s"
    )


if __name__ == "__main__":
    main()
