"""Every duelhost game as an OpenSpiel Python game (extra ``duelhost[research]``).

Importing this module registers ``duelhost_<name>`` for every game that ships an action
encoding (plugin games too), so ``pyspiel.load_game("duelhost_<name>(<option>=<value>,...)")``
works; ``skipped()`` says which games were left out and why. See ``duelhost.openspiel.game``
for types, actions, observers and what a game declares, and ``duelhost.openspiel.chance`` for
the chance nodes.
"""

from __future__ import annotations

from typing import Any

import pyspiel

import duelhost
from duelhost.envs.driver import has_encoding
from duelhost.openspiel.game import DuelhostGame, DuelhostObserver, DuelhostState

__all__ = ["DuelhostGame", "DuelhostObserver", "DuelhostState", "register", "skipped"]


def _game_class(name: str) -> type[DuelhostGame]:
    """A class per game: OpenSpiel calls the registered class with the parameters."""

    def __init__(self: DuelhostGame, params: dict[str, Any] | None = None) -> None:
        DuelhostGame.__init__(self, name, params)

    return type(f"DuelhostGame_{name}", (DuelhostGame,), {"__init__": __init__})


CLASSES: dict[str, type[DuelhostGame]] = {}
_SKIPPED: dict[str, str] = {}


def register() -> list[str]:
    """Register every game that has an action encoding (idempotent); the OpenSpiel names."""
    names = []
    for name in duelhost.list_games():
        if not has_encoding(duelhost.core.registry.spec(name)):
            _SKIPPED[name] = "no action encoding (encoding.py beside its State)"
            continue
        short = f"duelhost_{name}"
        names.append(short)
        if short in pyspiel.registered_names():
            continue
        cls = CLASSES[name] = _game_class(name)
        pyspiel.register_game(cls().get_type(), cls)  # type: ignore[call-arg]
    return names


def skipped() -> dict[str, str]:
    """The games ``register`` left out, with the reason."""
    return dict(_SKIPPED)


register()
