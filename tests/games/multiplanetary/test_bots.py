"""Multiplanetary Empire's levels: a planner simulating candidate orders with the engine."""

from __future__ import annotations

import pytest

import duelhost
from duelhost.bots import SeatHandle, available_bots, make_bot
from duelhost.bots.budget import Budget, using
from duelhost.games.multiplanetary.planner import (
    GREEDY,
    HOARD,
    STYLES,
    TURTLE,
    WIN,
    PlannerBot,
    mismatch,
    plan,
    rebuild,
    squash_score,
)
from tests.bots.levels import play
from tests.games.multiplanetary.helpers import new_state, tick, wait


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


def _mid_game(seed: int, ticks: int) -> duelhost.core.state.State:
    game = duelhost.load("multiplanetary")
    state = game.new(seed=seed)
    bots = [make_bot("greedy", game, s, seed) for s in (0, 1)]
    for _ in range(ticks):
        for seat in (0, 1):
            state.submit(seat, bots[seat].act(SeatHandle(state, seat)))
    return state


def test_evaluate_values_the_candidates_and_the_played_order() -> None:
    """The hard planner's ``evaluate`` for ``duelhost analyse``: values in [-1, 1], the order
    ``act`` plays the first of the highest, and an order it would not make (sending one ship
    from its home) valued too when given as ``played``."""
    state = _mid_game(4, 30)
    handle = SeatHandle(state, 0)
    with using(Budget(nodes=200)):
        chosen = make_bot("hard", state.game, 0, 4).act(handle)
        bot = make_bot("hard", state.game, 0, 4)
        home = next(p["cell"] for p in state.view(0)["planets"] if p["owner"] == 0)
        target = next(p["cell"] for p in state.view(0)["planets"] if p["owner"] is None)
        played = f"{home}>{target} 1"
        values = bot.evaluate(handle, played=played)
    assert played in values and chosen in values and "wait" in values
    assert all(-1 < value < 1 for value in values.values())  # 30 ticks in: nobody has won
    best = max(values.values())
    assert next(text for text, value in values.items() if value == best) == chosen


def test_evaluate_is_one_for_a_sure_win_and_minus_one_for_a_sure_loss() -> None:
    """Seat 0 is left its home with no ships against every other planet with 100 each: every
    style of seat 1 that expands takes it within the 30 simulated ticks whatever seat 0
    orders; the defence-only style only waits (nothing threatens seat 1), so it wins nothing."""
    state = _mid_game(5, 0)
    cells = [p["cell"] for p in state.view(0)["planets"]]
    state._owner = [0 if cell == "A1" else 1 for cell in cells]  # type: ignore[attr-defined]
    state._ships = [0 if cell == "A1" else 100 for cell in cells]  # type: ignore[attr-defined]
    with using(Budget(nodes=200)):
        losing = make_bot("hard", state.game, 0, 5).evaluate(SeatHandle(state, 0), played="wait")
        winning = make_bot("hard", state.game, 1, 5).evaluate(SeatHandle(state, 1))
    assert losing == {"wait": -1.0}  # its only order: it has no ship to send
    assert winning["wait"] < 1.0
    assert len(winning) > 1 and {value for text, value in winning.items() if text != "wait"} == {
        1.0
    }


def test_a_score_becomes_a_value() -> None:
    # tanh(score / material): a lead as large as the material now is tanh(1) = 0.7616.
    assert squash_score(300.0, 300.0) == pytest.approx(0.761594, abs=1e-6)
    assert squash_score(-150.0, 300.0) == pytest.approx(-0.462117, abs=1e-6)
    assert squash_score(0.0, 300.0) == 0.0
    assert squash_score(WIN, 300.0) == 1.0 and squash_score(-WIN, 300.0) == -1.0


def test_mismatch_counts_the_ships_sent_on_other_routes() -> None:
    assert mismatch("wait", "wait") == 0.0
    assert mismatch("A1>C1 5", "A1>>C1 5") == 0.0  # the warp is not compared
    assert mismatch("A1>C1 5", "wait") == 1.0
    # 6 and 2 predicted, 4 played: |6 - 4| + |2 - 0| = 4 of the 8 + 4 ships sent.
    assert mismatch("A1>C1 6; A1>C3 2", "A1>C1 4") == pytest.approx(1 / 3)


def test_the_model_of_the_other_seat_is_fitted_to_its_submissions() -> None:
    """Red (seat 0) waits five ticks (A1, size 5, makes 4 ships a tick: 20 ships), then waits
    once more, which only the defence-only style predicts: Blue's planner plays it as the
    hoarding plan. Then Red plays the greedy plan's orders: the greedy style's mismatches,
    0.9 x 1 + 0, are now below the defence-only style's, 0.9 x 0 + 1."""
    state = new_state()
    wait(state, 5)
    bot = make_bot("hard", state.game, 1, 0)
    assert isinstance(bot, PlannerBot)
    handle = SeatHandle(state, 1)
    assert bot.model(rebuild(handle), handle.view()) == GREEDY  # nothing seen yet
    red = plan(SeatHandle(state, 0), GREEDY)
    assert red != "wait" and plan(SeatHandle(state, 0), STYLES[TURTLE]) == "wait"
    tick(state)
    assert bot.model(rebuild(handle), handle.view()) == HOARD
    tick(state, red=plan(SeatHandle(state, 0), GREEDY))
    assert bot.model(rebuild(handle), handle.view()) == GREEDY
    assert bot.misses[0] == pytest.approx(0.9) and bot.misses[TURTLE] == pytest.approx(1.0)
