"""Ratings of players and bots (issue 30): Glicko-2 (``glicko2``, pure maths checked against
Glickman's worked example), the pools games are rated in (``pools``, from the games'
declarations), the rule of which matches are rated (``rules``), and the bots' accounts
(``bots``). Storage is ``duelhost.store.ratings``; this package does no I/O."""

from duelhost.ratings.glicko2 import DEFAULT, Parameters, Rating, rate_game

__all__ = ["DEFAULT", "Parameters", "Rating", "rate_game"]
