"""Helpers for the tests of the restricted-Nash-response bots (seven-galaxy Goofspiel and A
Warrior's Death): a node budget for every bot a test module makes, and rounds played between
two named bots seat by seat, each seeing the round before it acts."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from duelhost.bots import SeatHandle, make_bot
from duelhost.bots.base import Bot
from duelhost.bots.budget import Budget, using
from duelhost.core.registry import Game
from duelhost.core.state import State


def node_budget(nodes: int) -> Callable[..., Any]:
    """An autouse fixture giving the bots made in a test ``nodes`` nodes a decision (the
    default budget is restored after it). Assign it to a module-level name to use it."""

    @pytest.fixture(autouse=True)
    def budget() -> Iterator[Budget]:
        with using(Budget(nodes=nodes)) as made:
            yield made

    return budget


def play_rounds(
    game: Game, names: tuple[str, str], seed: int, rounds: int
) -> tuple[State, list[Bot]]:
    """A match of ``game`` seeded ``seed`` with the bots ``names`` (seat 0, seat 1) made with
    that seed, after ``rounds`` rounds: both bots choose, then both submissions are made."""
    state = game.new(seed=seed)
    bots = [make_bot(names[seat], game, seat, seed) for seat in (0, 1)]
    for _ in range(rounds):
        moves = [bot.act(SeatHandle(state, seat)) for seat, bot in enumerate(bots)]
        for seat, move in enumerate(moves):
            state.submit(seat, move)
    return state, bots
