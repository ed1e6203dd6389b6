"""Issue 28: /TACTIC/'s plan family (``setup``), worked by hand, and ``duelhost exploit tactic``
run small (the full search is a benchmark: docs/bots.md, "Exploits")."""

from __future__ import annotations

import duelhost
from duelhost.bots import SeatHandle
from duelhost.bots.exploit import Settings, find_exploit
from duelhost.bots.plans import PlanBot
from duelhost.bots.registry import plan_families


def setup(faction: float, king: float, row: float, column: float, *weights: float) -> PlanBot:
    padded = tuple(weights) + (0.0,) * (8 - len(weights))
    return PlanBot(plan_families("tactic")["setup"], (faction, king, row, column, *padded))


def test_the_setup_plan_chooses_faction_king_and_build() -> None:
    state = duelhost.load("tactic").new(seed=3)
    me = SeatHandle(state, 0)
    # Faction 1.7 floors to the table's second, Order; the King on the second crown space.
    plan = setup(1.7, 0.8, 0.9, 0.0, 0.0, 0.0, 0.0, 1.0)
    assert plan.act(me) == "faction Order"
    state.submit(0, "faction Order")
    state.submit(1, "faction Abyss")
    assert plan.act(me) == "king E1"
    state.submit(0, "king E1")
    state.submit(1, "king C7")
    # Order's units after its King: Knight, Cleric, Guardian, Halberdier, ...; weight_4 is the
    # Halberdier's. Front row (2), the column nearest 0: A2.
    assert plan.act(me) == "place Halberdier A2"
    # Back row, nearest column 3 (D): D1. Nearest 2.5: C1 and D1 are as near, the left one.
    assert setup(1, 1, 0.2, 3.0, 0, 0, 0, 1).act(me) == "place Halberdier D1"
    assert setup(1, 1, 0.2, 2.5, 0, 0, 0, 1).act(me) == "place Halberdier C1"
    # All weights equal (and all costs 1): the first unit, the Knight.
    assert setup(1, 1, 0.9, 6.0).act(me) == "place Knight G2"


def test_exploit_finds_and_measures_a_tactic_plan_small() -> None:
    game = duelhost.load("tactic")
    found = find_exploit(game, "easy", 4, Settings(1, 2, 1, 1, 2))
    assert found.plan.family == "setup" and len(found.plan.params) == 12
    assert found.score.matches == 2
