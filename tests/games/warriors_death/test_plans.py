"""Issue 28: A Warrior's Death's plan family (``priority``), worked by hand."""

from __future__ import annotations

import duelhost
from duelhost.bots import SeatHandle
from duelhost.bots.plans import PlanBot
from duelhost.bots.registry import plan_families
from duelhost.games.warriors_death.units import UNITS


def weights(early: dict[str, float], late: dict[str, float] | None = None) -> tuple[float, ...]:
    late = late or {}
    return tuple(early.get(u, 0.0) for u in UNITS) + tuple(late.get(u, 0.0) for u in UNITS)


def test_the_priority_plan_plays_its_heaviest_unit() -> None:
    family = plan_families("warriors_death")["priority"]
    state = duelhost.load("warriors_death").new(seed=1)
    handle = SeatHandle(state, 0)
    assert PlanBot(family, weights({"Samurai": 1.0})).act(handle) == "Samurai"
    # All weights 0: the first unit listed, the Chocobo.
    assert PlanBot(family, weights({})).act(handle) == "Chocobo"
    # An Astrologian predicts the unit it weighs most (its own kind too); a Blue Mage
    # disguises as the heaviest other unit.
    rated = {"Astrologian": 1.0, "Reaper": 0.5}
    assert PlanBot(family, weights(rated)).act(handle) == "Astrologian predicting Astrologian"
    rated = {"Blue Mage": 1.0, "Reaper": 0.5}
    assert PlanBot(family, weights(rated)).act(handle) == "Blue Mage as Reaper"
    # Round 1 of 10: the late weights count 0; Sage 0.3 beats Bard 0.2 + 0 * 5.
    plan = PlanBot(family, weights({"Bard": 0.2, "Sage": 0.3}, {"Bard": 5.0}))
    assert plan.act(handle) == "Sage"
    # Round 2: (2 - 1) / 9 of the late weight: Bard 0.2 + 5 / 9 = 0.756 beats Sage 0.3.
    state.submit(0, "Chocobo")
    state.submit(1, "Samurai")
    assert plan.act(handle) == "Bard"


def test_an_astrologian_does_not_predict_a_unit_already_shown() -> None:
    family = plan_families("warriors_death")["priority"]
    state = duelhost.load("warriors_death").new(seed=1)
    handle = SeatHandle(state, 0)
    state.submit(0, "Chocobo")
    # Seat 1 has shown its Astrologian and its Reaper: it cannot play them again this bout.
    state.submit(1, "Astrologian predicting Chocobo")
    state.submit(0, "Samurai")
    state.submit(1, "Reaper")
    rated = {"Astrologian": 1.0, "Reaper": 0.5, "Dragoon": 0.4}
    assert PlanBot(family, weights(rated)).act(handle) == "Astrologian predicting Dragoon"
