"""Rating pools: a game is rated on its own, and a variant whose options change the game is rated
apart from the game's main pool (issue 30). The game declares its variants
(``GameSpec.rating_pool``, options -> label); nothing here names a game.

A pool's key is the game's engine name for its main pool (``goofspiel``) and ``<game>.<label>``
for a variant (``goofspiel.classic-13``): the ``{pool}`` of ``GET /api/leaderboard/{pool}``.
"""

from __future__ import annotations

import re
from typing import Any

from duelhost.core.errors import ConfigError
from duelhost.core.registry import GameSpec, list_games, spec

LABEL = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
SEPARATOR = "."


def pool_key(game: GameSpec, options: dict[str, Any]) -> str:
    """The pool of a match of ``game`` with these resolved options."""
    if game.rating_pool is None:
        return game.name
    label = game.rating_pool(dict(options))
    if not label:
        return game.name
    if not isinstance(label, str) or not LABEL.fullmatch(label):
        raise ConfigError(
            f"{game.name}: rating_pool gave {label!r}; a variant label is 1-40 of a-z 0-9 _ -"
        )
    return f"{game.name}{SEPARATOR}{label}"


def pool_of(game_name: str, options: dict[str, Any]) -> str:
    """The pool of a match of the game named ``game_name`` with these options (checked and
    resolved by the game: ConfigError for bad ones)."""
    game_spec = spec(game_name)
    return pool_key(game_spec, game_spec.load(**options).options)


def game_of(pool: str) -> str:
    """The engine name of the game a pool key belongs to (ConfigError: not a pool of a game
    this installation knows)."""
    game, separated, label = pool.partition(SEPARATOR)
    if game not in list_games() or (separated and not LABEL.fullmatch(label)):
        raise ConfigError(
            f"no such rating pool {pool!r} (a pool is a game's name, or <game>{SEPARATOR}<variant>)"
        )
    return game
