"""A bot of Kuhn poker's own: bets or calls with a King, checks or folds with a Jack, and with a
Queen checks and calls a bet one time in three (seeded from the match seed)."""

from __future__ import annotations

from duelhost.bots import SeatHandle, register_bot
from duelhost.core.registry import Game
from duelhost.core.rng import derive


class CardBot:
    name = "cards"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self._rng = derive(seed, "kuhn-card-bot", seat)

    def act(self, seat: SeatHandle) -> str:
        card = seat.view()["card"]
        legal = seat.legal()
        if card == "K":
            return "bet" if "bet" in legal else "call"
        if card == "J" or "check" in legal:
            return "check" if "check" in legal else "fold"
        return "call" if self._rng.random() < 1 / 3 else "fold"


register_bot("cards", CardBot, game="kuhn_poker")
