"""Playing a whole match between bots (used by the CLI, benchmarks and tests)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from duelhost.bots.base import Bot, SeatHandle
from duelhost.core.state import State


def play_match(
    state: State,
    bots: Sequence[Bot],
    max_decisions: int = 1_000_000,
    on_decision: Callable[[State], None] | None = None,
) -> State:
    """Let ``bots[seat]`` submit for every seat until the match is over; returns the state."""
    handles = [SeatHandle(state, 0), SeatHandle(state, 1)]
    while not state.is_over:
        if state.decision >= max_decisions:
            raise RuntimeError(f"the match did not end within {max_decisions} decisions")
        for seat in state.to_act:
            state.submit(seat, bots[seat].act(handles[seat]))
        if on_decision is not None:
            on_decision(state)
    return state
