"""The random bot: a uniformly random legal submission, seeded from the match seed."""

from __future__ import annotations

from duelhost.bots.base import SeatHandle
from duelhost.bots.registry import register_bot
from duelhost.core.registry import Game
from duelhost.core.rng import derive


class RandomBot:
    name = "random"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self._rng = derive(seed, "random-bot", seat)

    def act(self, seat: SeatHandle) -> str:
        return seat.sample(self._rng)


register_bot("random", RandomBot)
