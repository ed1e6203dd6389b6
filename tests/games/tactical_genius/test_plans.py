"""Issue 28: Tactical Genius's plan family (``army``), worked by hand, and ``duelhost exploit
tactical_genius`` run small (the full search is a benchmark: docs/bots.md, "Exploits")."""

from __future__ import annotations

import duelhost
from duelhost.bots import SeatHandle
from duelhost.bots.exploit import Settings, find_exploit
from duelhost.bots.plans import PlanBot
from duelhost.bots.registry import plan_families

# kind, counter, wait, units, atk, def, spd, skill, column, advance, rebuild
LANCES = (2.0, 0.0, 0.0, 3.0, 5.0, 2.0, 1.0, 1.0, 0.0, 1.0, 1.0)


def test_the_army_plan_builds_its_army_on_time() -> None:
    family = plan_families("tactical_genius")["army"]
    state = duelhost.load("tactical_genius").new(seed=1)
    green = SeatHandle(state, 0)
    # Three Lances (kind 2), 40 points as 14 + 13 + 13: 3 for the unit, 5 attack, 2 defense,
    # 1 speed, the unique skill impale, the rest health (2, 1, 1); on the front column D,
    # middle row first, then the top and the bottom; bonuses in the view's order.
    expected = (
        "place Gr1 Lance D2 bonus=0.26 hp=2 atk=5 def=2 spd=1 skills=impale; "
        "place Gr2 Lance D1 bonus=0.24 hp=1 atk=5 def=2 spd=1 skills=impale; "
        "place Gr3 Lance D3 bonus=0.22 hp=1 atk=5 def=2 spd=1 skills=impale"
    )
    assert PlanBot(family, LANCES).act(green) == expected
    # Waiting two rounds: nothing in round 1.
    waiting = (*LANCES[:2], 2.0, *LANCES[3:])
    assert PlanBot(family, waiting).act(green) == "pass"


def test_the_counter_plan_answers_the_army_in_front_of_it() -> None:
    family = plan_families("tactical_genius")["army"]
    state = duelhost.load("tactical_genius").new(seed=1)
    lances = PlanBot(family, LANCES)
    # Blue: kind 5 (Gun), counter, wait 4 rounds, one unit of no stats, second column, never
    # advancing.
    blue = PlanBot(family, (5.0, 1.0, 4.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    state.submit(0, lances.act(SeatHandle(state, 0)))
    # Round 1: Blue sees no army yet (both build at once) and waits.
    assert blue.act(SeatHandle(state, 1)) == "pass"
    state.submit(1, "pass")
    state.submit(0, "pass")  # round 2's command phase
    state.submit(1, "pass")
    # Round 2's reinforcement: three Lances stand. The types effective against a Lance in the
    # house table, Gun's own type first and then the table's order: Gun is not; Axe is. One
    # unit of 40 points: 3 for the unit and 37 health, on the second column from the middle
    # (H), middle row.
    assert state.view(1)["phase"] == "reinforcement"
    submission = blue.act(SeatHandle(state, 1))
    assert submission == "place Bl1 Axe H2 bonus=0.25 hp=37"
    state.submit(1, submission)  # legal: the kernel takes it


def test_exploit_finds_and_measures_a_tactical_genius_plan_small() -> None:
    game = duelhost.load("tactical_genius")
    found = find_exploit(game, "easy", 8, Settings(1, 2, 1, 1, 2))
    assert found.plan.family == "army" and len(found.plan.params) == 11
    assert found.score.matches == 2 and found.score.first_seed == 10**9
    assert set(found.validation) == {"army"}
