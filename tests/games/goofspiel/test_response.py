"""Seven-galaxy Goofspiel's restricted-Nash-response bots: the match forecast and the galaxy
rollouts worked by hand, the galaxy read from the view, the opponent model's fit against "bid
the prize", ``medium``'s budget and model (rules of thumb only), reproducibility, and secrecy
(the same views give the same play whatever the hidden deal)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

import duelhost
from duelhost.bots import SeatHandle, make_bot, play_match
from duelhost.bots.plans import PlanBot
from duelhost.bots.registry import plan_families
from duelhost.games.goofspiel.bots import GoofspielMatrixBot
from duelhost.games.goofspiel.forecast import match_forecast
from duelhost.games.goofspiel.galaxy import POLICIES, Galaxy
from duelhost.games.goofspiel.plan_model import FittedPolicy, features, width
from duelhost.games.goofspiel.response import GalaxyResponseBot
from tests.bots.responses import node_budget, play_rounds

small_budget = node_budget(60)


def test_forecast_by_hand() -> None:
    """No galaxy to come: the sign of the lead (a tie replays: 0). One galaxy worth 5 to come
    with equal fleets: a lead of 3 ends at 8 or -2, even: 0; a lead of 6 cannot be caught: 1.
    Fleets 7 larger over that one galaxy: it is won with 1 / (1 + e^-1) = 0.7311, so a lead of
    3 is worth 2 * 0.7311 - 1 = 0.4621. Galaxies 1 and 2 to come, equal fleets, lead 1: final
    leads 4, 0, 2, -2 equally likely: 1/2 - 1/4 = 1/4."""
    assert match_forecast(3, (), 10, 50) == 1.0
    assert match_forecast(0, (), 10, 50) == 0.0
    assert match_forecast(-1, (), 50, 10) == -1.0
    assert match_forecast(3, (5,), 20, 20) == pytest.approx(0.0)
    assert match_forecast(6, (5,), 0, 28) == pytest.approx(1.0)
    assert match_forecast(3, (5,), 27, 20) == pytest.approx(2 / (1 + math.exp(-1)) - 1)
    assert match_forecast(1, (2, 1), 40, 40) == pytest.approx(0.25)


def test_the_last_round_of_the_last_galaxy_is_valued_exactly() -> None:
    """Worth 3 left, no points yet, the galaxy worth 7, the bot 2 behind: a 4 against a 3 wins
    the galaxy and the match (+1), a 3 against a 3 ties the round and the galaxy, losing the
    match by 2 (-1)."""
    counts = [0, 0, 0, 1, 1]
    galaxy = Galaxy(3, [], 0, 7, -2, (), (counts.copy(), counts.copy()))
    policies = (POLICIES["random"], POLICIES["random"])
    assert galaxy.rollout(4, 3, [], random.Random(1), policies) == 1.0
    assert galaxy.rollout(3, 3, [], random.Random(1), policies) == -1.0
    assert galaxy.rollout(3, 4, [], random.Random(1), policies) == -1.0


def test_a_rollout_plays_the_worths_to_come_with_the_policies() -> None:
    """Worth 2 now, 1 and 3 to come, both seats holding {1, 2, 3}, both bidding the prize
    after the first round. The bot sends 3 against 1 (+2) and keeps {1, 2} against {2, 3}:
    worth 1 is 1 against 2 (-1), worth 3 is 2 against 3 (-3): points -2, the galaxy (value 1)
    lost, lead -1 with a galaxy worth 2 to come and no fleets on either side: even chances of
    ending at +1 or -3, worth 0. The 1 against the 3 instead: -2, then 2 against 1 (+1) and
    3 against 2 (+3): points +2, lead +1, and again 0 with the last galaxy even: the forecast
    with one galaxy worth 2 to come gives 1/2 - 1/2."""
    counts = [0, 1, 1, 1]
    galaxy = Galaxy(2, [1, 3], 0, 1, 0, (2,), (counts.copy(), counts.copy()))
    prize = (POLICIES["prize"], POLICIES["prize"])
    assert galaxy.rollout(3, 1, [1, 3], random.Random(1), prize) == pytest.approx(0.0)
    assert galaxy.rollout(1, 3, [1, 3], random.Random(1), prize) == pytest.approx(0.0)
    winning = Galaxy(2, [1, 3], 0, 1, 2, (2,), (counts.copy(), counts.copy()))
    # Lead 2: the galaxy lost ends at 1 (then +3 or -1: 0); won at 3 (then 5 or 1: +1).
    assert winning.rollout(3, 1, [1, 3], random.Random(1), prize) == pytest.approx(0.0)
    assert winning.rollout(1, 3, [1, 3], random.Random(1), prize) == pytest.approx(1.0)


def _played(options: dict[str, object], moves: list[tuple[str, str]]) -> duelhost.State:  # type: ignore[name-defined]
    state = duelhost.load("goofspiel", **options).new(seed=1)
    for first, second in moves:
        state.submit(0, first)
        state.submit(1, second)
    return state


def test_the_galaxy_is_read_from_the_view() -> None:
    """Three galaxies of four planets, galaxy A (value 2) first with worths 4, 1, 3, 2 in
    planet order. After 4 v 1 (+4 to the bot, seat 0) and 1 v 2 (-1): worth 3 now, 2 to
    come, points 3, no lead yet, values 1 and 3 to come, fleets counted by size."""
    options = {
        "galaxies": 3,
        "planets": 4,
        "galaxy_order": "ABC",
        "values": {"A": 2, "B": 1, "C": 3},
        "planet_orders": {"A": "WXYZ", "B": "WXYZ", "C": "WXYZ"},
        "worths": {"A": [4, 1, 3, 2], "B": [1, 2, 3, 4], "C": [1, 2, 3, 4]},
    }
    state = _played(options, [("4", "1"), ("1", "2")])
    bot = make_bot("hard", state.game, 0, 3)
    assert isinstance(bot, GalaxyResponseBot)
    galaxy, key, plan_rows, fitted = bot.galaxy(SeatHandle(state, 0))
    assert key == (0, 1, 3)
    assert (galaxy.worth, galaxy.to_come, galaxy.points) == (3, [2], 3)
    assert (galaxy.value, galaxy.lead, galaxy.later) == (2, 0, (1, 3))
    assert galaxy.counts == ([0, 2, 3, 3, 2], [0, 2, 2, 3, 3])
    # The fitted plan has seen nothing yet: every size of the other seat equally likely.
    assert plan_rows.shape == (4, 4 + 3 + 6)
    assert fitted.tolist() == pytest.approx([0.25] * 4)


@pytest.mark.parametrize("level", ["hard", "medium"])
def test_the_model_recognises_bid_the_prize(level: str) -> None:
    """Against ``easy`` every fleet is the one "bid the prize" predicts: with four sizes left,
    each round multiplies the prize policy's weight against the random one's by (0.95 +
    0.05 / 4) / (1 / 4) = 3.85, so after eight rounds by 3.85^8, about 48,000 (``medium``;
    ``hard`` forgets, see below). ``hard``'s confidence is scaled by the weight of the
    policies other than the equilibrium; ``medium`` models no equilibrium, so its confidence
    is the full 0.9 * 8 / (8 + 3)."""
    game = duelhost.load("goofspiel", galaxies=3, planets=4)
    _, (bot, _) = play_rounds(game, (level, "easy"), 5, 9)
    assert isinstance(bot, GalaxyResponseBot)
    weights = bot.model.weights()
    assert bot.model.observed == 8
    # ``hard``'s model forgets: each round first multiplies the log-odds by its memory (0.85),
    # so they are log 3.85 times 1 + 0.85 + ... + 0.85^7 (``medium``: memory 1, eight times).
    evidence = sum(bot.model.memory**k for k in range(8))
    assert bot.model.memory == (0.85 if level == "hard" else 1.0)
    assert weights["random"] / weights["prize"] == pytest.approx(3.85**-evidence, rel=1e-6)
    exploitable = 1 - weights.get("equilibrium", 0.0)
    if level == "hard":
        assert weights["prize"] > weights["equilibrium"]
        assert exploitable < 1
    assert bot.model.confidence() == pytest.approx(0.9 * 8 / 11 * exploitable)


def test_medium_is_the_response_with_a_tenth_of_the_budget_and_rules_of_thumb() -> None:
    """With several galaxies ``medium`` is ``hard``'s response with 60 / 10 = 6 nodes a
    decision (one sweep of the matrix) and a model of "bid the prize" and random fleets only,
    none of them safe; in classic Goofspiel it stays the matrix-rollout equilibrium bot."""
    game = duelhost.load("goofspiel", galaxies=3, planets=4)
    medium, hard = make_bot("medium", game, 0, 1), make_bot("hard", game, 0, 1)
    assert isinstance(medium, GalaxyResponseBot) and isinstance(hard, GalaxyResponseBot)
    assert (medium.name, medium.budget.nodes, hard.budget.nodes) == ("medium", 6, 60)
    assert (medium.model.names, medium.model.safe) == (["prize", "random"], None)
    assert hard.model.names == ["prize", "random", "equilibrium", "fitted", "matched"]
    assert hard.model.safe == "equilibrium"
    classic = duelhost.load("goofspiel", galaxies=1, planets=4)
    assert isinstance(make_bot("medium", classic, 0, 1), GoofspielMatrixBot)


def test_medium_trusts_its_model_against_a_mixing_player() -> None:
    """Against ``hard``, who mixes, ``medium``'s confidence after n rounds seen is the whole
    0.9 * n / (n + 3): no equilibrium in its model holds it back. ``hard``'s own confidence
    against ``medium`` is below its 0.9 * n / (n + 3)."""
    game = duelhost.load("goofspiel", galaxies=3, planets=4)
    _, (medium, hard) = play_rounds(game, ("medium", "hard"), 3, 7)
    assert isinstance(medium, GalaxyResponseBot) and isinstance(hard, GalaxyResponseBot)
    assert medium.model.observed == hard.model.observed == 6
    assert medium.model.confidence() == pytest.approx(0.9 * 6 / 9)
    assert hard.model.confidence() < 0.9 * 6 / 9


def test_medium_matches_are_reproducible_with_nodes() -> None:
    """The same seed and node budget give the same seven-galaxy match, fleet for fleet."""
    game = duelhost.load("goofspiel", galaxies=3, planets=4)
    records = []
    for _ in range(2):
        bots = [make_bot("hard", game, 0, 9), make_bot("medium", game, 1, 9)]
        records.append(play_match(game.new(seed=9), bots).to_json())
    assert records[0] == records[1]


def test_the_same_views_give_the_same_play_whatever_the_hidden_deal() -> None:
    """Two matches that differ only in what is still secret during galaxy A (the values of B
    and C, their planet orders and worths): the bot, seeded alike, plays the same mixed
    strategies and fleets in both."""
    fixed = {"galaxies": 3, "planets": 4, "galaxy_order": "ABC"}
    first = dict(
        fixed,
        values={"A": 2, "B": 1, "C": 3},
        planet_orders={"A": "WXYZ", "B": "WXYZ", "C": "ZYXW"},
        worths={"A": [4, 1, 3, 2], "B": [1, 2, 3, 4], "C": [2, 4, 1, 3]},
    )
    second = dict(
        fixed,
        values={"A": 2, "B": 3, "C": 1},
        planet_orders={"A": "WXYZ", "B": "YZWX", "C": "XWZY"},
        worths={"A": [4, 1, 3, 2], "B": [4, 3, 1, 2], "C": [3, 1, 2, 4]},
    )
    plays = []
    for options in (first, second):
        state = duelhost.load("goofspiel", **options).new(seed=2)
        bot = make_bot("hard", state.game, 1, 8)
        seen = []
        for other in ("2", "3", "1", "4"):
            move = bot.act(SeatHandle(state, 1))
            seen.append((move, bot.last_strategy))
            state.submit(0, other)
            state.submit(1, move)
        plays.append(seen)
    assert plays[0] == plays[1]


def test_the_fitted_plan_features_and_rollout_policy_by_hand() -> None:
    """Sizes 1 and 3 on a planet of worth 2 in a galaxy of value 3 of a game of 4 planets and 3
    galaxies, the bot's last fleet 4, round 3: rows (-s^2/2, s [worth 1..4], s v, s w v / 4,
    s last, s round, s [value 1..3], s stake rank). The stake rank of worth 2 in value 3: the
    twelve stakes w v are 1 2 2 3 3 4 4 6 6 8 9 12; 7 below 6 and half of the two 6s make 8 of
    12, times 4 planets: 8/3. A policy whose weights say "nearest 2 * worth" (-s^2/2 weight
    10, s * [worth == k] weight 20 k) sends 4 on a worth of 2 among 1..4 whatever the rng."""
    rows = features([1, 3], 2, 3, 4, 3, 4, 3)
    assert rows.tolist() == [
        [-0.5, 0, 1, 0, 0, 3, 1.5, 4, 3, 0, 0, 1, pytest.approx(8 / 3)],
        [-4.5, 0, 3, 0, 0, 9, 4.5, 12, 9, 0, 0, 3, pytest.approx(8)],
    ]
    weights = np.zeros(width(4, 3))
    weights[0] = 10.0
    weights[1:5] = [20.0 * k for k in range(1, 5)]
    policy = FittedPolicy(weights, 3, 1, 4, 3)
    assert {policy([0, 1, 1, 1, 1], 2, random.Random(k), 1, 0) for k in range(20)} == {4}
    assert {policy([0, 1, 1, 1, 0], 1, random.Random(k), 1, 0) for k in range(20)} == {2}


def test_hard_learns_a_fixed_plan_and_trusts_it() -> None:
    """Against a fixed plan outside its rules of thumb ("half the worth plus the galaxy's
    value", the ``linear`` family), after eleven rounds (two galaxies and three rounds: the fitted
    plan predicted the second and third galaxies badly before it had seen their values)
    ``hard``'s fitted plan has most of the posterior weight and gives the plan's next fleet the
    most probability, above 0.8."""
    game = duelhost.load("goofspiel", galaxies=4, planets=4)
    family = plan_families("goofspiel")["linear"]
    plan = PlanBot(family, (0.0, 0.5, 1.0, 0.0, 0.0, 0.0))
    state = game.new(seed=4)
    bot = make_bot("hard", game, 0, 4)
    assert isinstance(bot, GalaxyResponseBot)
    for _ in range(11):
        mine = bot.act(SeatHandle(state, 0))
        theirs = plan.act(SeatHandle(state, 1))
        state.submit(0, mine)
        state.submit(1, theirs)
    galaxy, _, _, fitted = bot.galaxy(SeatHandle(state, 0))
    assert bot.model.weights()["fitted"] > 0.5
    expected = int(plan.act(SeatHandle(state, 1)))
    assert fitted[galaxy.sizes(1).index(expected)] == max(fitted) > 0.8
