"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), written here and checked
against the paper's worked example (tests/ratings/test_glicko2.py: 1500/200/0.06 against 1400/30
won, 1550/100 lost and 1700/300 lost gives 1464.06, 151.52, 0.05999) and against lichess's own
test of two new players (1500/500/0.09: the winner 1741, the loser 1258, both deviations 396).

As lichess applies it: each rated game is a rating period of its own, rated at once, and the
paper's step 6 adds no period to it (lichess's ``skipDeviationIncrease``); the deviation grows
instead with the time since the player's last rated game, ``phi^2 + n * sigma^2`` with ``n`` the
idle time in rating periods (``Parameters.periods_per_day``, lichess's 0.21436: a deviation of 60
reaches 110 after a year without games), at most the new player's deviation. After a game the
deviation is kept at or above ``Parameters.deviation_floor`` (45) and the volatility at or below
``Parameters.max_volatility`` (0.1). Pure functions: no clock, no I/O.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

SCALE = 173.7178
"""The paper's conversion between the Glicko scale and Glicko-2's (``mu = (r - 1500) / SCALE``)."""
DAY = 86_400.0


@dataclass(frozen=True)
class Parameters:
    """Every constant of the rating system (published at ``GET /api/ratings/parameters``)."""

    tau: float = 0.75
    """Constrains the change of volatility (lichess: 0.75)."""
    rating: float = 1500.0
    """A new player's rating."""
    deviation: float = 500.0
    """A new player's deviation, also the most a deviation grows to while idle."""
    volatility: float = 0.09
    """A new player's volatility."""
    max_volatility: float = 0.1
    """Volatility is kept at or below this (lichess: 0.1)."""
    deviation_floor: float = 45.0
    """A deviation never falls below this after a game (lichess: 45)."""
    provisional_from: float = 110.0
    """A rating whose deviation is this or more is provisional, shown with "?"."""
    leaderboard_below: float = 75.0
    """Leaderboards list the ratings whose deviation is below this."""
    periods_per_day: float = 0.21436
    """Rating periods per day of idle time (lichess: a deviation of 60 grows to 110 in a
    year without games)."""
    epsilon: float = 1e-6
    """Convergence tolerance of the volatility iteration (the paper's)."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


DEFAULT = Parameters()


@dataclass(frozen=True)
class Rating:
    """A rating on the Glicko scale: rating, deviation (RD) and volatility."""

    rating: float
    deviation: float
    volatility: float


@dataclass(frozen=True)
class Outcome:
    """One game of a rating period: the opponent's rating before it and the score (1 win,
    0.5 draw, 0 loss)."""

    opponent: Rating
    score: float


def new_rating(parameters: Parameters = DEFAULT) -> Rating:
    return Rating(parameters.rating, parameters.deviation, parameters.volatility)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The expected score of ``player`` against ``opponent`` (the paper's ``E``)."""
    return _expected(
        (player.rating - 1500.0) / SCALE,
        (opponent.rating - 1500.0) / SCALE,
        opponent.deviation / SCALE,
    )


def _volatility(phi: float, sigma: float, delta: float, v: float, p: Parameters) -> float:
    """Step 5 of the paper: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)
    tau = p.tau

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(1000):
        if abs(big_b - big_a) <= p.epsilon:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a = f_a / 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def idle(player: Rating, seconds: float, parameters: Parameters = DEFAULT) -> Rating:
    """The rating after ``seconds`` without games: its deviation grows (step 6 for the idle
    rating periods), at most to the new player's deviation."""
    periods = max(0.0, seconds) / DAY * parameters.periods_per_day
    if periods <= 0.0:
        return player
    phi = player.deviation / SCALE
    grown = math.sqrt(phi * phi + periods * player.volatility * player.volatility) * SCALE
    deviation = min(max(grown, player.deviation), max(parameters.deviation, player.deviation))
    return Rating(player.rating, deviation, player.volatility)


def rate(
    player: Rating,
    outcomes: list[Outcome],
    parameters: Parameters = DEFAULT,
    periods: float = 1.0,
) -> Rating:
    """The player's rating after one rating period with these games (the paper's steps 2-8,
    exactly; no floor, no cap); ``periods`` is what step 6 counts (1 in the paper; 0 for a game
    rated at once, whose idle time ``idle`` has counted). A period without games only grows the
    deviation."""
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not outcomes:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    total_v = 0.0
    total_delta = 0.0
    for outcome in outcomes:
        mu_j = (outcome.opponent.rating - 1500.0) / SCALE
        phi_j = outcome.opponent.deviation / SCALE
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        total_v += g * g * e * (1.0 - e)
        total_delta += g * (outcome.score - e)
    v = 1.0 / total_v
    delta = v * total_delta
    sigma_new = _volatility(phi, sigma, delta, v, parameters)
    phi_star = math.sqrt(phi * phi + periods * sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total_delta
    return Rating(mu_new * SCALE + 1500.0, phi_new * SCALE, sigma_new)


def rate_game(
    player: Rating,
    opponent: Rating,
    score: float,
    idle_seconds: float = 0.0,
    opponent_idle_seconds: float = 0.0,
    parameters: Parameters = DEFAULT,
) -> Rating:
    """The player's rating after one rated game (a rating period of its own, rated at once),
    as lichess rates it: both deviations first grow for their idle time, step 6 adds nothing
    more, the new deviation is kept at or above the floor and the volatility at or below its
    cap."""
    if score not in (0.0, 0.5, 1.0):
        raise ValueError(f"a game's score is 0, 0.5 or 1, got {score!r}")
    before = idle(player, idle_seconds, parameters)
    against = idle(opponent, opponent_idle_seconds, parameters)
    after = rate(before, [Outcome(against, score)], parameters, periods=0.0)
    return Rating(
        after.rating,
        max(after.deviation, parameters.deviation_floor),
        min(after.volatility, parameters.max_volatility),
    )


def provisional(deviation: float, parameters: Parameters = DEFAULT) -> bool:
    """Whether a rating with this deviation is shown with "?"."""
    return deviation >= parameters.provisional_from


def series_score(wins: int, losses: int) -> float:
    """The score of a best-of-N series for the player who won ``wins`` of its matches and lost
    ``losses`` (draws count for neither): 1 for the series won, 0.5 tied, 0 lost. A series is
    rated once, as one game with this score (``duelhost.store.ratings.rate_series``)."""
    if wins < 0 or losses < 0:
        raise ValueError("a series' wins and losses are counts")
    if wins > losses:
        return 1.0
    return 0.5 if wins == losses else 0.0
