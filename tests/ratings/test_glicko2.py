"""Glicko-2 against Glickman's worked example ("Example of the Glicko-2 system", 2013), and the
bounds and idle growth taken from lichess."""

from __future__ import annotations

import math

import pytest

from duelhost.ratings import glicko2
from duelhost.ratings.glicko2 import Outcome, Parameters, Rating

PLAYER = Rating(1500, 200, 0.06)
GAMES = [
    Outcome(Rating(1400, 30, 0.06), 1.0),
    Outcome(Rating(1550, 100, 0.06), 0.0),
    Outcome(Rating(1700, 300, 0.06), 0.0),
]


def test_the_papers_worked_example() -> None:
    after = glicko2.rate(PLAYER, GAMES, Parameters(tau=0.5))  # the paper's tau
    # The paper rounds mu' to four decimals (-0.2069) before converting back: 1464.06. The
    # unrounded value is 1464.0507 (within 0.01 of it).
    mu = round((after.rating - 1500) / glicko2.SCALE, 4)
    assert mu == -0.2069
    assert round(mu * glicko2.SCALE + 1500, 2) == 1464.06
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.deviation, 2) == 151.52
    # The paper prints 0.05999 for 0.059996 (its five decimals are truncated, not rounded).
    assert math.floor(after.volatility * 1e5) / 1e5 == 0.05999
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_the_example_with_lichess_tau_gives_the_same_figures() -> None:
    after = glicko2.rate(PLAYER, GAMES)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.deviation, 2) == 151.52
    assert round(after.volatility, 5) == 0.05999


def test_lichess_two_new_players() -> None:
    """lichess's own test (scalachess GlickoCalculatorTest): new players, white wins."""
    new = glicko2.new_rating()
    won = glicko2.rate_game(new, new, 1.0)
    lost = glicko2.rate_game(new, new, 0.0)
    # lichess's tolerances (1 point): 1741.48, 1258.52, 396.69
    assert won.rating == pytest.approx(1741, abs=1) and lost.rating == pytest.approx(1258, abs=1)
    assert won.deviation == pytest.approx(396, abs=1) and lost.deviation == won.deviation
    assert won.volatility == pytest.approx(0.0899983, abs=1e-7)


def test_a_period_without_games_only_grows_the_deviation() -> None:
    after = glicko2.rate(PLAYER, [])
    assert after.rating == 1500 and after.volatility == 0.06
    assert after.deviation == pytest.approx((200**2 + (0.06 * glicko2.SCALE) ** 2) ** 0.5)


def test_a_year_idle_takes_a_deviation_of_60_to_110() -> None:
    grown = glicko2.idle(Rating(1700, 60, 0.06), 365 * glicko2.DAY)
    assert grown.rating == 1700
    assert round(grown.deviation) == 110
    # never beyond a new player's deviation
    assert glicko2.idle(Rating(1700, 400, 0.09), 1e12).deviation == 500


def test_the_floor_and_the_volatility_cap() -> None:
    steady = Rating(1800, 45.2, 0.06)
    assert glicko2.rate(steady, [Outcome(steady, 0.5)], periods=0).deviation < 45
    assert glicko2.rate_game(steady, steady, 0.5).deviation == 45
    wild = glicko2.rate_game(Rating(1500, 50, 0.1), Rating(2500, 50, 0.1), 1.0)
    assert wild.volatility <= 0.1


def test_new_players_and_the_displayed_marks() -> None:
    new = glicko2.new_rating()
    assert (new.rating, new.deviation, new.volatility) == (1500, 500, 0.09)
    assert glicko2.provisional(110) and not glicko2.provisional(109.9)
    won = glicko2.rate_game(new, glicko2.new_rating(), 1.0)
    lost = glicko2.rate_game(new, glicko2.new_rating(), 0.0)
    assert won.rating > 1500 > lost.rating
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)


def test_a_bad_score_is_refused() -> None:
    with pytest.raises(ValueError, match="score"):
        glicko2.rate_game(PLAYER, PLAYER, 2.0)


def test_a_series_is_scored_once() -> None:
    assert glicko2.series_score(2, 1) == 1.0
    assert glicko2.series_score(1, 1) == 0.5
    assert glicko2.series_score(0, 2) == 0.0
    with pytest.raises(ValueError):
        glicko2.series_score(-1, 0)
