"""Round robins between bots, and Bradley-Terry ratings with confidence intervals.

Each pair of bots plays ``matches`` matches: match ``m`` uses seed ``seed + m // 2`` and the
pair's first bot takes seat 0 in even matches and seat 1 in odd ones, so every seed is played
from both sides. Matches run in local worker processes; results do not depend on the number of
workers when bots think in nodes (``Budget(nodes=...)``).

Ratings: the Bradley-Terry model ``P(i beats j) = 1 / (1 + exp(r_j - r_i))``, a draw counted
as half a win for each, fitted by maximum likelihood with SciPy (``scipy.optimize.minimize``,
L-BFGS-B) with the first bot's rating fixed at 0 and one virtual draw per pair played (so a bot
that wins everything still has a finite rating). 95% intervals come from the inverse of the
observed information (the Hessian of the log-likelihood at the optimum). Ratings are printed
on the Elo scale (``400 / ln 10`` per unit).
"""

from __future__ import annotations

import importlib
import itertools
import math
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import duelhost
from duelhost.bots.budget import Budget, set_default
from duelhost.bots.registry import make_bot
from duelhost.bots.runner import play_match
from duelhost.core.errors import ConfigError

ELO = 400 / math.log(10)


@dataclass(frozen=True)
class Job:
    """One match: bots by seat, its seed; ``first`` is the index of the pair's first bot."""

    game: str
    options: tuple[tuple[str, Any], ...]
    pair: tuple[int, int]
    seats: tuple[str, str]
    first_seat: int
    seed: int
    budget: Budget


def play_job(job: Job) -> tuple[tuple[int, int], int | None]:
    """Play one match; the winner as an index into the pair (None: a draw)."""
    set_default(job.budget)
    game = duelhost.load(job.game, **dict(job.options))
    bots = [make_bot(job.seats[s], game, s, job.seed) for s in (0, 1)]
    state = play_match(game.new(seed=job.seed), bots)
    if state.winner is None:
        return job.pair, None
    winner = job.pair[0] if state.winner == job.first_seat else job.pair[1]
    return job.pair, winner


def jobs(
    game: str,
    options: dict[str, Any],
    bots: list[str],
    matches: int,
    seed: int,
    budget: Budget,
) -> list[Job]:
    """Every match of the round robin, pair by pair."""
    found = []
    for i, j in itertools.combinations(range(len(bots)), 2):
        for m in range(matches):
            first_seat = m % 2
            seats = (bots[i], bots[j]) if first_seat == 0 else (bots[j], bots[i])
            found.append(
                Job(
                    game,
                    tuple(sorted(options.items())),
                    (i, j),
                    seats,
                    first_seat,
                    seed + m // 2,
                    budget,
                )
            )
    return found


@dataclass
class Results:
    """Wins, draws and losses between every pair: ``wins[i][j]`` is i's wins against j."""

    bots: list[str]
    wins: np.ndarray = field(init=False)
    draws: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        n = len(self.bots)
        self.wins = np.zeros((n, n), dtype=int)
        self.draws = np.zeros((n, n), dtype=int)

    def add(self, pair: tuple[int, int], winner: int | None) -> None:
        i, j = pair
        if winner is None:
            self.draws[i, j] += 1
            self.draws[j, i] += 1
        else:
            self.wins[winner, j if winner == i else i] += 1

    def decided_rate(self, i: int, j: int) -> float:
        """Share of the decided matches between i and j that i won."""
        decided = self.wins[i, j] + self.wins[j, i]
        return float(self.wins[i, j] / decided) if decided else float("nan")


def run(
    job_list: list[Job],
    bots: list[str],
    workers: int = 1,
    backend: str = "local",
    progress: Callable[[int], None] | None = None,
) -> Results:
    """Play every job; ``progress(done)`` after each match."""
    results = Results(bots)
    for done, (pair, winner) in enumerate(_played(job_list, workers, backend), start=1):
        results.add(pair, winner)
        if progress:
            progress(done)
    return results


BACKENDS = ("local", "ray")
RAY_MISSING = (
    "--backend ray needs Ray, which is not installed: pip install 'duelhost[ray]' "
    "(or pip install 'ray[default]')"
)


def check_backend(backend: str, workers: int) -> None:
    """ConfigError unless ``backend`` can run with ``workers`` here (Ray installed for
    ``ray``, whose task count is the cluster's CPUs, not ``workers``)."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}: the backends are {', '.join(BACKENDS)}")
    if backend == "ray":
        if workers > 1:
            raise ConfigError(
                "--workers is for the local backend: Ray runs as many matches at once as "
                "the cluster has CPUs"
            )
        import_ray()


def _played(
    job_list: list[Job], workers: int, backend: str
) -> Iterator[tuple[tuple[int, int], int | None]]:
    check_backend(backend, workers)
    if backend == "ray":
        yield from _played_on_ray(job_list)
    elif workers <= 1:
        for job in job_list:
            yield play_job(job)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from pool.map(play_job, job_list, chunksize=1)


def import_ray() -> Any:
    """The ``ray`` module, or ConfigError saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ConfigError(RAY_MISSING) from None


def _played_on_ray(job_list: list[Job]) -> Iterator[tuple[tuple[int, int], int | None]]:
    """Every job as a Ray task (one CPU each), yielded as they finish."""
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        ray.init(log_to_driver=False)
    try:
        remote = ray.remote(num_cpus=1)(play_job)
        pending = [remote.remote(job) for job in job_list]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                (i, j), winner = ray.get(ref)
                yield (i, j), winner
    finally:
        if started:
            ray.shutdown()


@dataclass(frozen=True)
class Rating:
    bot: str
    elo: float
    low: float
    high: float


def ratings(results: Results) -> list[Rating]:
    """Bradley-Terry ratings (Elo scale, first bot 0) with 95% confidence intervals."""
    from scipy.optimize import minimize

    n = len(results.bots)
    played = (results.wins + results.wins.T + results.draws) > 0
    # A draw is half a win each way; one virtual draw per pair played keeps ratings finite.
    score = results.wins + 0.5 * results.draws + 0.5 * played
    games = score + score.T

    def nll(free: np.ndarray) -> tuple[float, np.ndarray]:
        r = np.concatenate([[0.0], free])
        diff = r[:, None] - r[None, :]
        log_p = -np.logaddexp(0.0, -diff)
        value = -float((score * log_p).sum())
        p = 1.0 / (1.0 + np.exp(-diff))
        grad = -((score - games * p).sum(axis=1))
        return value, grad[1:]

    fit = minimize(nll, np.zeros(n - 1), jac=True, method="L-BFGS-B")
    r = np.concatenate([[0.0], fit.x])
    p = 1.0 / (1.0 + np.exp(-(r[:, None] - r[None, :])))
    weight = games * p * (1 - p)
    info = -weight
    np.fill_diagonal(info, weight.sum(axis=1))
    info = info[1:, 1:]
    cov = np.linalg.pinv(info) if n > 1 else np.zeros((0, 0))
    se = np.concatenate([[0.0], np.sqrt(np.clip(np.diag(cov), 0.0, None))])
    return [
        Rating(bot, ELO * r[k], ELO * (r[k] - 1.96 * se[k]), ELO * (r[k] + 1.96 * se[k]))
        for k, bot in enumerate(results.bots)
    ]
