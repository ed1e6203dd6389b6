"""Property tests: the ship accounting identity holds at every tick of random matches.

Ships on planets (neutral ones included) plus ships in flight change only by production, fights
(each destroys as many ships on each side: an even number), quantum losses and the 999 cap
(MP2, MP4, MP6, MP7). The engine reports each term in the tick event; the test checks the
identity and recomputes production and quantum losses on its own from the public views.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import duelhost
from duelhost.bots import SeatHandle, make_bot
from duelhost.games.multiplanetary.maps import MAX_SHIPS


def _total(view: dict[str, Any]) -> int:
    return sum(p["ships"] for p in view["planets"]) + sum(f["ships"] for f in view["fleets"])


def _quantum_losses(view: dict[str, Any]) -> int:
    lost = 0
    for orders in view["last_orders"]:
        for order in orders:
            if ">>" in order:
                sent = int(order.split()[-1])
                lost += sent - sent // 2  # half, rounded up (MP2)
    return lost


def _production(before: dict[str, Any], captured: set[str]) -> int:
    return sum(
        p["production"]
        for p in before["planets"]
        if p["next_production"] == 1 and p["cell"] not in captured
    )


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    neutral_production=st.booleans(),
    kinds=st.tuples(st.sampled_from(["random", "greedy"]), st.sampled_from(["random", "greedy"])),
)
def test_ship_accounting_identity_every_tick(
    seed: int, neutral_production: bool, kinds: tuple[str, str]
) -> None:
    game = duelhost.load("multiplanetary", neutral_production=neutral_production, max_ticks=250)
    state = game.new(seed=seed)
    bots = [make_bot(kinds[seat], game, seat, seed) for seat in (0, 1)]
    handles = [SeatHandle(state, 0), SeatHandle(state, 1)]
    rng = random.Random(seed)
    while not state.is_over:
        before = state.view()
        for seat in (0, 1):
            if rng.random() < 0.03:
                state.timeout(seat)  # MP12
            else:
                state.submit(seat, bots[seat].act(handles[seat]))
        after = state.view()
        tick = after["tick"]
        events = [e for e in state.events if e.get("tick") == tick]
        summary = next(e for e in events if e["event"] == "tick")
        captured = {e["cell"] for e in events if e["event"] == "capture"}
        assert summary["produced"] == _production(before, captured)
        assert summary["quantum_lost"] == _quantum_losses(after)
        assert summary["fought"] >= 0 and summary["fought"] % 2 == 0
        assert summary["capped"] >= 0
        assert _total(after) == (
            _total(before)
            + summary["produced"]
            - summary["fought"]
            - summary["quantum_lost"]
            - summary["capped"]
        )
        assert all(0 <= p["ships"] <= MAX_SHIPS for p in after["planets"])
        assert all(f["ships"] > 0 and f["arrives"] > tick for f in after["fleets"])
