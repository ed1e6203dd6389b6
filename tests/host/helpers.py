"""Helpers for the host tests: matches of the toy games at chosen times."""

from __future__ import annotations

from typing import Any

import duelhost
from duelhost.host import Clock, Match, SeatSpec

SECRET = bytes(range(32))
HUMANS = (SeatSpec("human"), SeatSpec("human"))


def make(
    game: str,
    clock: Clock | None,
    created: float = 1000.0,
    seats: tuple[SeatSpec, SeatSpec] = HUMANS,
    seed: int = 1,
    **options: Any,
) -> Match:
    return Match("m-test", duelhost.load(game, **options), seed, {}, seats, clock, SECRET, created)


def types(match: Match) -> list[str]:
    return [entry["type"] for entry in match.log]


def restored(match: Match) -> Match:
    """The same match rebuilt from a copy of its log."""
    return Match.restore(
        match.id,
        match.game,
        match.seed,
        match.setup,
        match.seats,
        match.clock,
        match.secret,
        match.created,
        [dict(entry) for entry in match.log],
    )
