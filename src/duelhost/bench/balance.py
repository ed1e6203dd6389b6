"""``duelhost balance``'s tally: won, drawn and lost per army type or faction.

A game's bench module (``GameSpec.bench``) may define ``balance(game, matches, first_seed)``
returning a ``Balance``: it plays its own greedy-vs-greedy matches and counts each match for
the types or factions in it. ``run_balance`` finds that function; the CLI prints the result.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import duelhost
from duelhost.core.errors import ConfigError
from duelhost.core.registry import Game, spec

BalanceFunction = Callable[[Game, int, int], "Balance"]


@dataclass
class TypeRecord:
    """One army type's (or faction's) results over the matches counted for it."""

    matches: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def count(self, winner: int | None, seat: int) -> None:
        """Add one match this type or faction played in ``seat``."""
        self.matches += 1
        if winner is None:
            self.draws += 1
        elif winner == seat:
            self.wins += 1
        else:
            self.losses += 1

    @property
    def rate(self) -> float:
        return (self.wins + self.draws / 2) / self.matches if self.matches else 0.0


@dataclass
class Balance:
    """What a game's ``balance`` found."""

    matches: int
    mirrors: int
    types: dict[str, TypeRecord]
    reasons: Counter[str] = field(default_factory=Counter)
    kind: str = "type"
    """What is tallied, for headings: ``type``, ``faction``."""
    mirrors_counted: bool = False
    """Whether mirror matches (both sides the same) are in the tally."""

    def out_of_band(self, low: float = 0.35, high: float = 0.65) -> list[str]:
        return [name for name, rec in self.types.items() if not low <= rec.rate <= high]


def end_reason(result: dict[str, Any]) -> str:
    """The last clause of a result's reason, for the 'how matches ended' line."""
    return str(result["reason"]).rsplit(":", 1)[-1].strip()


def balance_function(name: str) -> BalanceFunction | None:
    """The ``balance`` function of a game's bench module, None if it has none."""
    module_name = spec(name).bench
    if module_name is None:
        return None
    found: BalanceFunction | None = getattr(importlib.import_module(module_name), "balance", None)
    return found


def run_balance(
    game_name: str, matches: int, first_seed: int = 0, options: dict[str, Any] | None = None
) -> Balance:
    """Play ``matches`` greedy-vs-greedy matches (seeds ``first_seed``...) and tally them the
    game's way; ConfigError for a game without a balance report."""
    function = balance_function(game_name)
    if function is None:
        having = [name for name in duelhost.list_games() if balance_function(name) is not None]
        raise ConfigError(f"balance is defined for {', '.join(having)}, not {game_name!r}")
    return function(duelhost.load(game_name, **(options or {})), matches, first_seed)
