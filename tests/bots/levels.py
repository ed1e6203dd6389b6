"""Helpers for the bot-level tests: whole matches with a node budget, every submission checked
against the seat's legal list when the game enumerates it."""

from __future__ import annotations

from typing import Any

import duelhost
from duelhost.bots import SeatHandle, make_bot, play_match
from duelhost.bots.base import Bot
from duelhost.bots.budget import Budget, default, set_default
from duelhost.core.state import State


class Checked:
    """A bot whose every submission must be in the seat's legal list (enumerated games)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name

    def act(self, seat: SeatHandle) -> str:
        text = self.bot.act(seat)
        if seat.game.spec.legal_enumerated:
            assert text in seat.legal(), f"{self.name} submitted {text!r}, not legal"
        return text


def play(
    game_name: str,
    bots: tuple[str, str],
    seed: int,
    nodes: int,
    setup: dict[str, Any] | None = None,
    **options: Any,
) -> State:
    """One match between two named bots with ``nodes`` nodes a decision."""
    previous = default()
    set_default(Budget(nodes=nodes))
    try:
        game = duelhost.load(game_name, **options)
        players = [Checked(make_bot(bots[s], game, s, seed)) for s in (0, 1)]
        return play_match(game.new(seed=seed, **(setup or {})), players)
    finally:
        set_default(previous)
