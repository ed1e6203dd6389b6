"""A Warrior's Death's opponent model: each policy's prediction and likelihood of a shown unit
worked by hand, the fit against the ``random`` bot, secrecy (the same view gives the same play
whatever the other seat really did), and ``medium``'s budget (a fifth of ``hard``'s) and
reproducibility."""

from __future__ import annotations

import numpy as np
import pytest

import duelhost
from duelhost.bots import SeatHandle, make_bot
from duelhost.bots.plans import PlanBot
from duelhost.bots.registry import plan_families
from duelhost.games.warriors_death.bots import WarriorsDeathBot
from duelhost.games.warriors_death.opponent import (
    WRONG,
    column_predictions,
    share,
    shown_likelihoods,
    unit_features,
)
from duelhost.games.warriors_death.state import WarriorsDeathState
from duelhost.games.warriors_death.units import UNITS, parse_play
from tests.bots.responses import node_budget, play_rounds

EVERY = list(range(10))

small_budget = node_budget(200)


def test_shown_units_with_a_full_hand_by_hand() -> None:
    """A full hand has 27 submissions: the Chocobo, 10 Astrologians, 9 Blue Mages, 7 others.
    An Astrologian is shown by its 10 submissions and one Blue Mage disguise: 11/27; a Reaper
    by itself and one disguise: 2/27. A random unit: (1 + 1/9) / 10 = 1/9 for either. The
    equilibrium plays the Reaper 0.5, the Blue Mage 0.45 and an Astrologian predicting the
    Sage 0.05: a Reaper is shown with 0.5 + 0.45/9 = 0.55, an Astrologian 0.05 + 0.05 = 0.1.
    Nine units can be shown (not the Blue Mage)."""
    column = {(6, -1): 0.5, (2, -1): 0.45, (1, 4): 0.05}
    reaper, shows = shown_likelihoods(6, EVERY, EVERY, column)
    assert reaper == pytest.approx(
        {"submission": 2 / 27, "unit": 1 / 9, "equilibrium": 0.55, "fitted": 1 / 9}
    )
    assert shows == 9
    astro, _ = shown_likelihoods(1, EVERY, EVERY, column)
    assert astro == pytest.approx(
        {"submission": 11 / 27, "unit": 1 / 9, "equilibrium": 0.1, "fitted": 1 / 9}
    )
    # A fitted plan that plays the Reaper 0.6 and the Blue Mage 0.36: a Reaper is shown
    # with 0.6 + 0.36 / 9 = 0.64.
    fitted = {6: 0.6, 2: 0.36} | {u: 0.005 for u in EVERY if u not in (2, 6)}
    reaper, _ = shown_likelihoods(6, EVERY, EVERY, column, fitted)
    assert reaper["fitted"] == pytest.approx(0.64)


def test_shown_units_without_the_blue_mage_by_hand() -> None:
    """Units {Chocobo, Bard, Samurai, Reaper} left: a Reaper is 1/4 under both random
    policies; an Astrologian cannot be shown (0); four units can be shown."""
    theirs = [0, 3, 5, 6]
    reaper, shows = shown_likelihoods(6, theirs, EVERY, {(6, -1): 1.0})
    assert reaper == pytest.approx(
        {"submission": 0.25, "unit": 0.25, "equilibrium": 1.0, "fitted": 0.25}
    )
    assert shows == 4
    astro, _ = shown_likelihoods(1, theirs, EVERY, {(6, -1): 1.0})
    assert astro == {"submission": 0.0, "unit": 0.0, "equilibrium": 0.0, "fitted": 0.0}


def test_column_predictions_by_hand() -> None:
    """The other seat holds Chocobo, Astrologian, Blue Mage, Reaper; the bot Chocobo and
    Reaper. Submissions: Chocobo 1, an Astrologian hitting the Chocobo 1, hitting the Reaper 1,
    missing 8 (the other eight predictions), Blue Mage 9, Reaper 1: out of 21. Random units:
    a quarter each, the Astrologian's quarter split over the two units it can hit."""
    cols = [(0, -1), (1, 0), (1, 6), (1, WRONG), (2, -1), (6, -1)]
    eq = np.array([0.1, 0.2, 0.3, 0.0, 0.2, 0.2])
    made = column_predictions(cols, [0, 1, 2, 6], [0, 6], eq)
    assert made["submission"].tolist() == pytest.approx(
        [1 / 21, 1 / 21, 1 / 21, 8 / 21, 9 / 21, 1 / 21]
    )
    assert made["unit"].tolist() == pytest.approx([0.25, 0.125, 0.125, 0.0, 0.25, 0.25])
    assert made["equilibrium"].tolist() == pytest.approx(eq.tolist())
    # Nothing fitted yet: the random unit's prediction. A fitted plan playing Chocobo 0.1,
    # Astrologian 0.2 (split over its two hits), Blue Mage 0.3, Reaper 0.4.
    assert made["fitted"].tolist() == pytest.approx(made["unit"].tolist())
    fitted = column_predictions(cols, [0, 1, 2, 6], [0, 6], eq, {0: 0.1, 1: 0.2, 2: 0.3, 6: 0.4})
    assert fitted["fitted"].tolist() == pytest.approx([0.1, 0.1, 0.1, 0.0, 0.3, 0.4])


def test_the_model_recognises_the_random_bot() -> None:
    """Over a bout against ``random`` (uniform over submissions), the "submission" policy
    ends with the largest weight (an Astrologian or a Blue Mage shown early is eleven or ten
    times likelier under it than a Reaper is)."""
    game = duelhost.load("warriors_death", bouts=1, rounds=10)
    state, (hard, _) = play_rounds(game, ("hard", "random"), 4, 10)
    assert isinstance(hard, WarriorsDeathBot)
    hard._learn(state.view(0))
    weights = hard.model.weights()
    assert hard.model.observed == 10
    assert max(weights, key=lambda name: weights[name]) == "submission"


def test_the_same_view_gives_the_same_play_whatever_the_other_seat_did() -> None:
    """Round 2: seat 1 shows a Reaper and seat 0 is shown as winner both when it was a true
    Reaper (the Dragoon beats it) and a Blue Mage (announcing round 1's winner, seat 0): the
    views of seat 0 are equal, and so are its bot's choices, seeded alike."""
    plays = []
    for theirs in ("Blue Mage as Reaper", "Reaper"):
        state = duelhost.load("warriors_death").new(seed=3)
        assert isinstance(state, WarriorsDeathState)
        state.submit(0, "Black Mage")
        state.submit(1, "Chocobo")
        state.submit(0, "Dragoon")
        state.submit(1, theirs)
        bot = make_bot("hard", state.game, 0, 6)
        view = state.view(0)
        move = bot.act(SeatHandle(state, 0))
        plays.append((view, move, bot.last_strategy))
    assert plays[0] == plays[1]


def test_medium_is_hard_with_a_fifth_of_the_budget() -> None:
    """``medium`` is ``hard``'s bout-rollout response with 200 / 5 = 40 rollouts a decision,
    the same opponent model (the equilibrium its safe policy); ``easy`` rolls nothing out."""
    game = duelhost.load("warriors_death")
    medium, hard, easy = (make_bot(level, game, 1, 3) for level in ("medium", "hard", "easy"))
    assert isinstance(medium, WarriorsDeathBot) and isinstance(hard, WarriorsDeathBot)
    assert isinstance(easy, WarriorsDeathBot)
    assert (medium.name, medium.budget.nodes, medium.rollouts) == ("medium", 40, True)
    assert (hard.budget.nodes, hard.rollouts, easy.rollouts) == (200, True, False)
    assert (
        medium.model.names
        == hard.model.names
        == [
            "submission",
            "unit",
            "equilibrium",
            "fitted",
        ]
    )
    assert medium.model.memory == hard.model.memory == 0.85
    assert medium.model.safe == hard.model.safe == "equilibrium"


def test_medium_makes_one_sweep_where_hard_makes_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first decision of a match: both seats hold all ten units, so the abstract plays
    are 9 units and 10 Astrologian predictions a side. An Astrologian's prediction only hits
    or misses, so a sweep rolls out 9 x 9 unit pairs, 9 x 2 for each side's Astrologian
    against a unit (hit or miss) and 2 x 2 for two Astrologians: 81 + 18 + 18 + 4 = 121
    rollouts. ``medium``'s 40 make one sweep (the minimum); ``hard``'s 200 two (242)."""
    from duelhost.games.warriors_death import bots

    calls: list[int] = []
    rollout = bots.BoutSim.rollout

    def counted(sim: bots.BoutSim, *args: object) -> int:
        calls.append(1)
        return rollout(sim, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(bots.BoutSim, "rollout", counted)
    game = duelhost.load("warriors_death")
    spent = {}
    for level in ("medium", "hard"):
        calls.clear()
        make_bot(level, game, 0, 3).act(SeatHandle(game.new(seed=3), 0))
        spent[level] = len(calls)
    assert spent == {"medium": 121, "hard": 242}


def test_medium_matches_are_reproducible_with_nodes() -> None:
    """The same seed and node budget give the same match, submission for submission (one bout
    of four rounds, ``medium`` against ``easy``), and ``medium``'s strategy at every round."""
    game = duelhost.load("warriors_death", bouts=1, rounds=4)
    plays = []
    for _ in range(2):
        state, (medium, _) = play_rounds(game, ("medium", "easy"), 6, 4)
        assert isinstance(medium, WarriorsDeathBot)
        plays.append(([entry.text for entry in state.history], medium.last_strategy))
    assert plays[0] == plays[1]


def test_hard_learns_a_fixed_order_of_units() -> None:
    """Against a person playing the units in a fixed order (the ``priority`` plan "Black Mage
    first, Chocobo last"), after a bout and two rounds ``hard``'s fitted plan has the most
    weight and gives the unit the plan plays next the most probability."""
    game = duelhost.load("warriors_death", bouts=3, rounds=10)
    family = plan_families("warriors_death")["priority"]
    plan = PlanBot(family, tuple(k / 10 for k in range(10)) + (0.0,) * 10)
    state = game.new(seed=5)
    bot = make_bot("hard", game, 0, 5)
    assert isinstance(bot, WarriorsDeathBot)
    for _ in range(12):
        mine = bot.act(SeatHandle(state, 0))
        theirs = plan.act(SeatHandle(state, 1))
        state.submit(0, mine)
        state.submit(1, theirs)
    bot._learn(state.view(0))
    weights = bot.model.weights()
    assert max(weights, key=lambda name: weights[name]) == "fitted"
    view = state.view(1)
    theirs_now = [UNITS.index(u) for u in view["playable"]]
    chances = bot.plan.probabilities(unit_features(theirs_now, share(view["round"], 10)))
    expected = parse_play(plan.act(SeatHandle(state, 1))).unit
    assert theirs_now[int(np.argmax(chances))] == expected
