"""The game-agnostic kernel: registry, state protocol, decisions, records, RNG, errors."""

from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.options import Option
from duelhost.core.record import Entry, Record
from duelhost.core.registry import Game, GameSpec, list_games, load, load_record, register
from duelhost.core.state import Outcome, State

__all__ = [
    "ConfigError",
    "Entry",
    "Game",
    "GameSpec",
    "IllegalAction",
    "Option",
    "Outcome",
    "Record",
    "State",
    "list_games",
    "load",
    "load_record",
    "register",
]
