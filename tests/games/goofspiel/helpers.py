"""Shared helpers for the Goofspiel tests: fixed deals, scripted play, log read-outs."""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence
from typing import Any

import duelhost
from duelhost.core.registry import Game
from duelhost.core.state import State

TIMEOUT = "timeout"
"""In a script, this entry makes the seat time out instead of submitting (GO3)."""


def planet_labels(planets: int) -> str:
    """The planet letters of the game: the last ``planets`` letters, ending at Z."""
    return string.ascii_uppercase[26 - planets :]


def fixed_game(
    worth_rows: Sequence[Sequence[int]],
    values: Sequence[int] | None = None,
    order: str | None = None,
    **options: Any,
) -> Game:
    """A game whose deal is fixed: galaxy ``g`` (A, B, ...) has round worths ``worth_rows[g]``
    in planet letter order (each galaxy's planets are fought T, U, V, ...: alphabetical)."""
    galaxies = len(worth_rows)
    planets = len(worth_rows[0])
    letters = string.ascii_uppercase[:galaxies]
    labels = planet_labels(planets)
    return duelhost.load(
        "goofspiel",
        galaxies=galaxies,
        planets=planets,
        galaxy_order=order or letters,
        values=list(values) if values is not None else list(range(1, galaxies + 1)),
        planet_orders={letter: labels for letter in letters},
        worths={letter: list(row) for letter, row in zip(letters, worth_rows, strict=True)},
        **options,
    )


def classic(worths: Sequence[int], **options: Any) -> Game:
    """Classic Goofspiel (one galaxy) whose prize cards come in the order ``worths``."""
    return fixed_game([worths], **options)


def play(state: State, rounds: Iterable[tuple[int | str, int | str]]) -> State:
    """Play scripted rounds: each a pair (seat 0's fleet, seat 1's fleet) or TIMEOUT."""
    for pair in rounds:
        for seat, move in enumerate(pair):
            if move == TIMEOUT:
                state.timeout(seat)
            else:
                state.submit(seat, str(move))
    return state


def events_of(state: State, kind: str) -> list[dict[str, Any]]:
    return [event for event in state.events if event["event"] == kind]
