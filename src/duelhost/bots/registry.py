"""Which bots exist for which games.

Bots for every game live in the modules of ``duelhost.bots`` (discovered); a game's own bots
live in the modules its ``GameSpec.bots`` declares, else in the ``bots`` module of its package
(``games/<name>/bots.py``), imported the first time a bot for that game is looked up. Both
register through ``register_bot``; no bot module imports another only to have it register.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Callable
from pathlib import Path

from duelhost.bots.base import Bot
from duelhost.bots.plans import PLAN_PREFIX, Family, Plan, families, plan_bot
from duelhost.core.errors import ConfigError
from duelhost.core.registry import Game, spec

BotFactory = Callable[[Game, int, int], Bot]
"""``factory(game, seat, seed)`` makes a bot for one seat of one match."""

_BOTS: dict[str, dict[str | None, BotFactory]] = {}
_discovered = False
_games_loaded: set[str] = set()


def register_bot(name: str, factory: BotFactory, game: str | None = None) -> None:
    """Register a bot for one game, or for every game when ``game`` is None."""
    _BOTS.setdefault(name, {})[game] = factory


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    import duelhost.bots as package

    for module in pkgutil.walk_packages(package.__path__, "duelhost.bots."):
        importlib.import_module(module.name)
    _discovered = True


def _discover_for(game: str) -> None:
    """Import the bots of every game and those of ``game``: the modules its spec declares,
    else the ``bots`` module of its package if it has one."""
    _discover()
    if game in _games_loaded:
        return
    try:
        game_spec = spec(game)
    except ConfigError:
        return  # an unknown game has only the bots for every game
    if game_spec.bots is not None:
        declared = (game_spec.bots,) if isinstance(game_spec.bots, str) else game_spec.bots
        for module in declared:
            importlib.import_module(module)
    else:
        package = game_spec.state.__module__.rpartition(".")[0]
        candidate = f"{package}.bots"
        if package and importlib.util.find_spec(candidate) is not None:
            importlib.import_module(candidate)
    _games_loaded.add(game)


def available_bots(game: str) -> list[str]:
    """The bot names that can play ``game``."""
    _discover_for(game)
    return sorted(name for name, by_game in _BOTS.items() if game in by_game or None in by_game)


def plan_families(game: str) -> dict[str, Family]:
    """The families of fixed plans declared for ``game`` (``duelhost.bots.plans``)."""
    _discover_for(game)
    return families(game)


def known_bot(name: str, game: str) -> bool:
    """Whether ``name`` names a bot for ``game``: a registered one, or ``plan:FILE``."""
    return name.startswith(PLAN_PREFIX) or name in available_bots(game)


def make_bot(name: str, game: Game, seat: int, seed: int = 0) -> Bot:
    """A bot for ``seat`` of a match of ``game``: a registered one, or ``plan:FILE`` (the plan
    written in FILE); ConfigError naming the choices otherwise."""
    _discover_for(game.name)
    if name.startswith(PLAN_PREFIX):
        plan = Plan.load(Path(name.removeprefix(PLAN_PREFIX)))
        return plan_bot(plan, game.name, name, game)
    by_game = _BOTS.get(name, {})
    factory = by_game.get(game.name) or by_game.get(None)
    if factory is None:
        choices = ", ".join(available_bots(game.name))
        raise ConfigError(f"no bot {name!r} for {game.name}; the bots are {choices}")
    return factory(game, seat, seed)
