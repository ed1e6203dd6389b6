"""Every duelhost game as an OpenSpiel Python game (extra ``duelhost[research]``).

Importing this module registers ``duelhost_<name>`` for every game, so
``pyspiel.load_game("duelhost_goofspiel(galaxies=1,planets=4,max_replays=0)")`` works. See
``duelhost.openspiel.game`` for types, actions and observers and ``duelhost.openspiel.chance``
for the chance nodes.
"""

from __future__ import annotations

from typing import Any

import pyspiel

import duelhost
from duelhost.openspiel.game import DuelhostGame, DuelhostObserver, DuelhostState

__all__ = ["DuelhostGame", "DuelhostObserver", "DuelhostState", "register"]


def _game_class(name: str) -> type[DuelhostGame]:
    """A class per game: OpenSpiel calls the registered class with the parameters."""

    def __init__(self: DuelhostGame, params: dict[str, Any] | None = None) -> None:
        DuelhostGame.__init__(self, name, params)

    return type(f"DuelhostGame_{name}", (DuelhostGame,), {"__init__": __init__})


CLASSES: dict[str, type[DuelhostGame]] = {}


def register() -> list[str]:
    """Register every game (idempotent); returns the OpenSpiel names."""
    names = []
    for name in duelhost.list_games():
        short = f"duelhost_{name}"
        names.append(short)
        if short in pyspiel.registered_names():
            continue
        cls = CLASSES[name] = _game_class(name)
        pyspiel.register_game(cls().get_type(), cls)  # type: ignore[call-arg]
    return names


register()
