"""Multiplanetary Empire's levels: a planner simulating candidate orders with the engine."""

from __future__ import annotations

import duelhost
from duelhost.bots import SeatHandle, available_bots, make_bot
from duelhost.games.multiplanetary.planner import rebuild
from tests.bots.levels import play


def test_levels_are_listed() -> None:
    assert {"easy", "medium", "hard", "greedy", "random"} <= set(available_bots("multiplanetary"))


def test_hard_beats_greedy_from_both_seats_reproducibly() -> None:
    # Greedy against itself wins half; the planner must win both.
    for seed, seats in ((0, ("hard", "greedy")), (1, ("greedy", "hard"))):
        state = play("multiplanetary", seats, seed, nodes=120, max_ticks=200)
        assert state.winner is not None and seats[state.winner] == "hard"
    runs = [play("multiplanetary", ("hard", "greedy"), 0, nodes=120, max_ticks=200) for _ in "ab"]
    assert runs[0].to_json() == runs[1].to_json()


def test_hard_and_medium_beat_random() -> None:
    for seats in (("random", "hard"), ("medium", "random")):
        state = play("multiplanetary", seats, 2, nodes=60, max_ticks=120)
        assert state.winner is not None and seats[state.winner] != "random"


def test_rebuilt_state_agrees_with_the_view() -> None:
    game = duelhost.load("multiplanetary")
    state = game.new(seed=4)
    bots = [make_bot("greedy", game, s, 4) for s in (0, 1)]
    for _ in range(40):
        for seat in (0, 1):
            state.submit(seat, bots[seat].act(SeatHandle(state, seat)))
    state.submit(0, "wait")  # a pending order the other seat must not see
    rebuilt = rebuild(SeatHandle(state, 1))
    for key in ("tick", "planets", "fleets"):
        assert rebuilt.view(1)[key] == state.view(1)[key]
    assert rebuilt.legal_orders(1) == state.legal_orders(1)
