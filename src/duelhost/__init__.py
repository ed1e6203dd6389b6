"""duelhost: hosts two-player strategy duels with exact rules, secret submissions and replays.

>>> import duelhost
>>> game = duelhost.load("goofspiel")
>>> state = game.new(seed=1)
>>> state.to_act
(0, 1)
"""

from duelhost.core import (
    ConfigError,
    Entry,
    Game,
    GameSpec,
    IllegalAction,
    Option,
    Record,
    State,
    list_games,
    load,
    load_record,
    register,
)

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "Entry",
    "Game",
    "GameSpec",
    "IllegalAction",
    "Option",
    "Record",
    "State",
    "__version__",
    "list_games",
    "load",
    "load_record",
    "register",
]
