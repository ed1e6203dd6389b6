"""Issue 28: Multiplanetary Empire's plan family (``fleet``): the greedy plan with its
constants made parameters."""

from __future__ import annotations

import duelhost
from duelhost.bots import SeatHandle
from duelhost.bots.plans import PlanBot
from duelhost.bots.registry import make_bot, plan_families

GREEDY = (0.1, 1.0, 0.0, 1.0, 0.0, 0.0)
"""The greedy plan's own constants: a tenth kept, defence, no margin, distance weight 1, no
enemy bias, no wait."""


def test_with_the_greedy_constants_the_plan_is_the_greedy_bot() -> None:
    game = duelhost.load("multiplanetary")
    plan = PlanBot(plan_families("multiplanetary")["fleet"], GREEDY)
    compared = 0
    for seed in (0, 1):
        state = game.new(seed=seed)
        bots = [make_bot("greedy", game, seat, seed) for seat in (0, 1)]
        while not state.is_over:
            for seat in state.to_act:
                handle = SeatHandle(state, seat)
                orders = bots[seat].act(handle)
                assert plan.act(handle) == orders, (seed, state.decision, seat)
                state.submit(seat, orders)
                compared += 1
    assert compared > 100


def test_a_waiting_plan_sends_nothing_before_its_tick() -> None:
    game = duelhost.load("multiplanetary")
    state = game.new(seed=0)
    bots = [make_bot("greedy", game, seat, 0) for seat in (0, 1)]
    waiting = PlanBot(plan_families("multiplanetary")["fleet"], (*GREEDY[:5], 40.0))
    # Play greedy until it first sends a fleet from seat 0: the waiting plan sends nothing.
    while (orders := bots[0].act(SeatHandle(state, 0))) == "wait":
        for seat in state.to_act:
            state.submit(seat, bots[seat].act(SeatHandle(state, seat)))
    tick = state.view(0)["tick"]
    assert tick < 40 and ">" in orders
    assert waiting.act(SeatHandle(state, 0)) == "wait"
