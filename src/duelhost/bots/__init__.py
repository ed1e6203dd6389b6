"""Bots behind one protocol: random for every game, greedy and search bots where a game has them.

A bot sees the match only through a ``SeatHandle``: its own seat's view, legal submissions and
the helpers the game lists for bots, never the state itself, so no bot can read a secret.
"""

from duelhost.bots.base import Bot, SeatHandle
from duelhost.bots.registry import available_bots, make_bot, register_bot
from duelhost.bots.runner import play_match

__all__ = ["Bot", "SeatHandle", "available_bots", "make_bot", "play_match", "register_bot"]
