"""Multiplanetary Empire's greedy bot: each tick it plays the greedy plan of ``tickplan.py``
(defend threatened planets, then expand to the best value). It reads only its seat's view and
the game's ``travel_ticks`` helper. The levels (``easy``, ``medium``, ``hard``) are declared in
``planner.py``.
"""

from __future__ import annotations

from duelhost.bots.base import SeatHandle
from duelhost.bots.registry import register_bot
from duelhost.core.registry import Game
from duelhost.games.multiplanetary.tickplan import TickPlan


class GreedyMultiplanetaryBot:
    name = "greedy"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.seat = seat

    def act(self, seat: SeatHandle) -> str:
        plan = TickPlan(seat)
        plan.defend()
        plan.expand()
        return "; ".join(plan.orders) or "wait"


def make(game: Game, seat: int, seed: int) -> GreedyMultiplanetaryBot:
    return GreedyMultiplanetaryBot(game, seat, seed)


register_bot("greedy", make, game="multiplanetary")


__all__ = ["GreedyMultiplanetaryBot"]
